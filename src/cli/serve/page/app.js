// The page: a games list, then one game played by clicking, with seats,
// the move list, positions and records, the author's editor and analysis.
// Every rule question goes to the server's JSON API (see the README).
"use strict";

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, opts);
  const v = await r.json();
  if (!r.ok) throw new Error(v.error || r.statusText);
  return v;
}

// A seat's players: [value sent to the server, what the menu says].
const AGENTS = [
  ["human", "human"],
  ["easy", "computer: easy"],
  ["medium", "computer: medium"],
  ["hard", "computer: hard"],
  ["random", "random moves"],
];

const app = {
  file: null,      // the game's file, relative to the served folder
  id: null,        // the open game on the server
  game: null,      // its fixed facts
  start: null,     // the start position's text
  history: [],     // [{move, position}] from the start
  ply: 0,          // the position shown: 0 = start
  view: null,      // the shown position, with its legal moves
  sel: null,       // the move being clicked: {from, drop, path}
  seats: [],       // per seat: "human", "easy", "medium", "hard", "random"
  flipped: false,  // the board seen from the other side
  paused: false,
  busy: false,
  allowSave: null,
  modified: 0,
  dirty: false,
  diagnostics: [],
};

const board = new Board($("board"), (s) => clickSite(s), (slot) => clickGroove(slot));

// ---- the games list ----

async function showLibrary() {
  $("library").hidden = false;
  $("game").hidden = true;
  $("tools").hidden = true;
  $("title").textContent = "";
  const { games, allow_save } = await api("/api/games");
  app.allowSave = allow_save;
  const list = $("games");
  list.innerHTML = "";
  // Families by their base's name; in each, the base, then its variants
  // by name.
  const title = (g) => g.name || g.file;
  const byFile = new Map(games.map((g) => [g.file, g]));
  const families = new Map();
  for (const g of games) {
    if (!families.has(g.family)) families.set(g.family, []);
    families.get(g.family).push(g);
  }
  const roots = [...families.keys()].sort((a, b) => title(byFile.get(a)).localeCompare(title(byFile.get(b))));
  for (const root of roots) {
    const members = families.get(root).sort((a, b) =>
      (a.file === root ? -1 : b.file === root ? 1 : title(a).localeCompare(title(b))));
    const section = document.createElement("section");
    section.className = "family";
    const h = document.createElement("h2");
    h.textContent = title(byFile.get(root)) + (members.length > 1 ? ` and ${members.length - 1} variant${members.length > 2 ? "s" : ""}` : "");
    const ul = document.createElement("ul");
    for (const g of members) ul.appendChild(gameCard(g));
    section.append(h, ul);
    list.appendChild(section);
  }
}

function gameCard(g) {
  const li = document.createElement("li");
  li.dataset.file = g.file;
  li.innerHTML = `<img loading="lazy" alt=""><div class="name"></div><div class="file"></div>`;
  li.querySelector("img").src = `/api/picture?file=${encodeURIComponent(g.file)}`;
  li.querySelector(".name").textContent = g.name || g.file;
  li.querySelector(".file").textContent = g.file;
  li.onclick = () => { location.hash = g.file; };
  return li;
}

async function openFile(file) {
  const { text, modified } = await api(`/api/file?file=${encodeURIComponent(file)}`);
  app.file = file;
  app.modified = modified;
  app.dirty = false;
  $("source").value = text;
  renderEditor();
  // Another game: its seats, pause, view and diagnostics start afresh.
  app.seats = [];
  app.paused = false;
  app.flipped = false;
  showDiagnostics([]);
  const r = await api("/api/open", { file });
  if (!r.ok) {
    // A file with errors opens in the editor, to be fixed.
    showGameArea();
    setAuthor(true);
    showDiagnostics(r.diagnostics);
    return;
  }
  adopt(r, []);
}

function showGameArea() {
  $("library").hidden = true;
  $("game").hidden = false;
  $("tools").hidden = false;
  $("author-file").textContent = app.file || "";
  $("save").textContent = app.allowSave ? "Save" : "Download";
}

// A newly opened game: the facts, seats, and moves replayed on it.
async function adopt(r, moves) {
  app.id = r.id;
  app.game = r.game;
  app.start = r.start.position;
  $("title").textContent = r.game.name;
  showGameArea();
  if (app.seats.length !== r.game.seats.length) app.seats = r.game.seats.map(() => "human");
  board.setLayout(app.flipped ? r.game.layout_flipped : r.game.layout);
  renderSeats();
  renderAnalysisPlayers();
  app.history = [];
  if (moves.length) {
    const rep = await api("/api/replay", { id: app.id, moves });
    app.history = rep.history;
    return rep;
  }
  await show(app.history.length);
  return null;
}

// ---- positions ----

function positionText(ply) {
  return ply === 0 ? app.start : app.history[ply - 1].position;
}

async function show(ply) {
  app.ply = ply;
  app.sel = null;
  app.view = await api("/api/position", { id: app.id, position: positionText(ply), flip: app.flipped });
  render();
  maybeComputer();
}

function render() {
  const v = app.view;
  board.draw(v.svg);
  board.legalSlots = new Set(v.moves.filter((m) => m.slot !== null).map((m) => m.slot));
  $("status").textContent = v.status;
  $("outcome").hidden = !v.over;
  // The players' words, and the rule behind them on hover.
  $("outcome").textContent = v.over ? (v.end || v.note || `game over: ${v.outcome}`) : "";
  $("outcome").title = v.over ? (v.note || "") : "";
  $("position").value = v.position;
  $("counts").textContent = v.on_board.map((n, i) =>
    `${app.game.sides[i].name} ${v.scores ? v.scores[i] : n}`).join(" · ");
  $("counts").title = v.scores ? "score" : "pieces on the board";
  renderMarks();
  renderHands();
  renderDice();
  renderExtraMoves();
  renderMoveList();
  renderSeats();
}

function lastMoveSites() {
  if (app.ply === 0) return [];
  const prev = app.lastMoves && app.lastMoves[app.ply];
  return prev || [];
}

function renderMarks() {
  const sel = app.sel;
  const v = app.view;
  const marks = { last: lastMoveSites(), check: v.check, winning: v.winning };
  // A turn of removals only (a mill's capture): the pieces that may go.
  if (!sel && v.moves.length && v.moves.every((m) => m.from === null && m.slot === null && m.captures.length === 1 && m.path[0] === m.captures[0])) {
    marks.targets = v.moves.map((m) => m.path[0]);
  }
  if (sel) {
    const cands = candidates();
    if (sel.from !== null) marks.selected = [sel.from];
    marks.targets = [...new Set(cands.filter((m) => m.path.length > sel.path.length).map((m) => m.path[sel.path.length]))];
    marks.selected = (marks.selected || []).concat(sel.path);
    // Captured so far: those every remaining candidate makes first.
    if (sel.path.length && cands.length) {
      const k = sel.path.length;
      marks.captures = cands[0].captures.slice(0, k).filter((c) => cands.every((m) => m.captures.slice(0, k).includes(c)));
    }
  }
  board.mark(marks);
}

// A piece as the board draws it, small: its figurine, or a disc in its
// side's colours with its glyph or symbol; its name on hover.
function pieceIcon(i, name, face) {
  const side = app.game.sides[i];
  const span = document.createElement("span");
  span.className = face.figurine ? "piece figurine" : "piece disc";
  span.textContent = face.text;
  span.title = `${side.name} ${name}`;
  span.style.color = face.figurine ? side.fill : side.ink;
  if (face.figurine) span.style.webkitTextStroke = `1px ${side.ink}`;
  else span.style.background = side.fill;
  return span;
}

// Each side's row: what it holds in hand (to drop: a click picks one),
// and the pieces it has lost.
function renderHands() {
  const v = app.view, g = app.game;
  const tops = [], bottoms = [];
  g.sides.forEach((side, i) => {
    const items = v.hands[i], lost = (v.lost && v.lost[i]) || [];
    if (!items.length && !lost.length) return;
    const div = document.createElement("div");
    div.className = "hand" + (v.to_move === i && !v.over ? " to-move" : "");
    div.dataset.side = side.name;
    div.innerHTML = `<span class="disc" style="background:${side.fill}"></span> ${side.name}:`;
    for (const it of items) {
      const b = document.createElement(it.barrier ? "span" : "button");
      if (it.face) b.append(pieceIcon(i, it.name, it.face), ` ×${it.count}`);
      else b.textContent = `${it.name} ×${it.count}`;
      if (!it.barrier) {
        b.dataset.kind = it.name;
        if (app.sel && app.sel.drop === it.name && v.to_move === i) b.classList.add("selected");
        b.onclick = () => clickHand(i, it.name);
      }
      div.appendChild(b);
    }
    if (lost.length) {
      const box = document.createElement("span");
      box.className = "lost";
      box.title = "pieces lost";
      for (const it of lost) {
        for (let k = 0; k < Math.min(it.count, 4); k++) box.appendChild(pieceIcon(i, it.name, it.face));
        if (it.count > 4) box.append(`×${it.count}`);
      }
      div.appendChild(box);
    }
    (i % 2 ? tops : bottoms).push(div);
  });
  $("hands-top").replaceChildren(...tops);
  $("hands-bottom").replaceChildren(...bottoms);
}

// A die's face: ⚀ to ⚅ for 1 to 6, else the number.
function dieFace(n) {
  return n >= 1 && n <= 6 ? String.fromCodePoint(0x267f + n) : String(n);
}

// The dice: the last roll of each event, and the dice still to play.
function renderDice() {
  const v = app.view, box = $("dice");
  box.innerHTML = "";
  for (const r of v.rolled || []) {
    const span = document.createElement("span");
    span.className = "rolled";
    span.title = `${r.event}: ${r.value}`;
    const faces = r.value.split("-").map((x) => dieFace(Number(x)));
    span.textContent = `${r.event} ${faces.join(" ")}`;
    box.appendChild(span);
  }
  if ((v.dice || []).length) {
    const left = document.createElement("span");
    left.className = "dice-left";
    left.title = "dice to play";
    left.textContent = `to play: ${v.dice.map(dieFace).join(" ")}`;
    box.appendChild(left);
  }
}

// Draws the roll of a chance position, by its odds (the server's random
// player): nobody picks a roll.
async function roll() {
  const v = app.view;
  const r = await api("/api/agent", { id: app.id, position: v.position, agent: "random" });
  if (app.view === v && r.move) await playText(r.move);
}

// Moves a click on the board does not reach: pass, huffs, ... and, where
// the position rolls, one button that rolls.
function renderExtraMoves() {
  const box = $("extra-moves");
  box.innerHTML = "";
  if (!humanToMove()) return;
  if (app.view.chance) {
    const b = document.createElement("button");
    b.id = "roll";
    b.textContent = "roll";
    b.onclick = roll;
    box.appendChild(b);
    return;
  }
  for (const m of app.view.moves) {
    if (m.from !== null || m.slot !== null || m.drop !== null || m.path.length) continue;
    const b = document.createElement("button");
    b.textContent = m.text;
    b.dataset.move = m.text;
    b.onclick = () => playText(m.text);
    box.appendChild(b);
  }
}

function renderMoveList() {
  const ol = $("move-list");
  ol.innerHTML = "";
  app.history.forEach((h, i) => {
    const li = document.createElement("li");
    li.textContent = h.san || h.move;
    if (i + 1 === app.ply) li.className = "current";
    if (i + 1 > app.ply) li.className = "future";
    li.onclick = () => show(i + 1);
    ol.appendChild(li);
  });
  // The current move in view inside the list: the list scrolls, never
  // the page (scrollIntoView would move a phone's page sideways).
  const cur = ol.querySelector(".current");
  if (cur) {
    const top = cur.getBoundingClientRect().top - ol.getBoundingClientRect().top;
    if (top < 0 || top + cur.offsetHeight > ol.clientHeight) ol.scrollTop += top - ol.clientHeight / 2;
  }
}

function renderSeats() {
  const box = $("seats");
  box.innerHTML = "";
  if (!app.game) return;
  app.game.seats.forEach((seat, i) => {
    const row = document.createElement("div");
    row.className = "seat" + (app.view && app.view.seat === i && !app.view.over ? " to-move" : "");
    const names = seat.sides.map((s) => app.game.sides[s].name).join(", ");
    row.innerHTML = `<span>${seat.name}${names !== seat.name ? ` (${names})` : ""}</span>`;
    const sel = document.createElement("select");
    sel.dataset.seat = seat.name;
    for (const [a, label] of AGENTS) sel.add(new Option(label, a, false, a === app.seats[i]));
    sel.onchange = () => { app.seats[i] = sel.value; maybeComputer(); };
    row.appendChild(sel);
    box.appendChild(row);
  });
  $("pause").textContent = app.paused ? "Resume" : "Pause";
}

function say(text, info) {
  $("message").textContent = text || "";
  $("message").className = info ? "info" : "";
}

// ---- clicking moves ----

function humanToMove() {
  const v = app.view;
  return v && !v.over && app.seats[v.seat] === "human";
}

function candidates() {
  const sel = app.sel;
  return app.view.moves.filter((m) =>
    (sel.from !== null ? m.from === sel.from : m.drop === sel.drop && m.from === null) &&
    sel.path.every((s, i) => m.path[i] === s));
}

function siteName(i) { return app.game.layout.sites[i].name; }

async function explain(text) {
  const r = await api("/api/why", { id: app.id, position: app.view.position, move: text });
  say(r.text);
}

async function clickSite(site) {
  if (!app.view) return;
  closeMenu();
  if (!humanToMove()) return say(app.view.over ? app.view.note || "the game is over" : "it is the computer's turn");
  const v = app.view, sel = app.sel;
  if (!sel) {
    const starts = v.moves.filter((m) => m.from === site);
    if (starts.length) { app.sel = { from: site, drop: null, path: [] }; say(""); return renderMarks(); }
    // Drops onto the site, or removals of the piece on it.
    // A falling drop is clicked where it lands or anywhere above it.
    const drops = v.moves.filter((m) => m.from === null && m.slot === null && (m.path[0] === site || m.line.includes(site)));
    if (drops.length === 1) return playText(drops[0].text);
    if (drops.length > 1) return choose(drops, site);
    if (v.note) return say(`no legal move starts on ${siteName(site)}: ${v.note}`);
    // Why not, in the rules' words: a pin, a constraint, another side's piece.
    const r = await api("/api/why", { id: app.id, position: v.position, site: siteName(site) });
    return say(r.text || `no legal move starts on ${siteName(site)}`);
  }
  if (sel.from === site && sel.path.length === 0) { app.sel = null; say(""); return render(); }
  const path = sel.path.concat([site]);
  const cands = candidates().filter((m) => m.path[sel.path.length] === site);
  if (!cands.length) {
    if (sel.path.length === 0 && v.moves.some((m) => m.from === site)) {
      app.sel = { from: site, drop: null, path: [] };
      return renderMarks();
    }
    const from = sel.from !== null ? siteName(sel.from) : sel.drop;
    const text = sel.from !== null ? [from, ...path.map(siteName)].join("-") : `${sel.drop}@${siteName(site)}`;
    // Refused: said why, and nothing stays selected.
    app.sel = null;
    renderMarks();
    return explain(text);
  }
  const complete = cands.filter((m) => m.path.length === path.length);
  const longer = cands.filter((m) => m.path.length > path.length);
  if (complete.length === 1 && !longer.length) return playText(complete[0].text);
  if (complete.length && !longer.length) return choose(complete, site);
  app.sel = { ...sel, path };
  renderMarks();
  if (complete.length) choose(complete, site, true);
}

async function clickGroove(slot) {
  if (!app.view) return;
  closeMenu();
  if (!humanToMove()) return say("it is not a human's turn");
  const moves = app.view.moves.filter((m) => m.slot === slot);
  if (moves.length === 1) return playText(moves[0].text);
  if (moves.length > 1) return choose(moves, null);
  explain(app.game.layout.slots[slot].name);
}

function clickHand(side, kind) {
  if (!humanToMove() || app.view.to_move !== side) return say(`it is not ${app.game.sides[side].name}'s turn`);
  app.sel = { from: null, drop: kind, path: [] };
  if (!candidates().length) { app.sel = null; return say(`${kind} cannot be dropped now`); }
  render();
}

// A menu of moves the clicks so far do not tell apart (promotions, ...).
function choose(moves, site, canContinue) {
  const menu = $("menu");
  menu.innerHTML = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.text;
    b.dataset.move = m.text;
    b.onclick = () => { closeMenu(); playText(m.text); };
    menu.appendChild(b);
  }
  if (canContinue) {
    const b = document.createElement("button");
    b.textContent = "continue…";
    b.onclick = closeMenu;
    menu.appendChild(b);
  }
  const s = site !== null ? app.game.layout.sites[site] : { x: app.game.layout.width / 2, y: app.game.layout.height / 2 };
  const scale = $("board").clientWidth / app.game.layout.width;
  menu.style.left = `${s.x * scale}px`;
  menu.style.top = `${s.y * scale}px`;
  menu.hidden = false;
}

function closeMenu() { $("menu").hidden = true; }

async function playText(text) {
  const r = await api("/api/play", { id: app.id, position: app.view.position, move: text, flip: app.flipped });
  if (!r.ok) return say(r.why);
  say("");
  app.history = app.history.slice(0, app.ply);
  app.history.push({ move: r.move, san: r.san, position: r.after.position });
  app.lastMoves = app.lastMoves || {};
  const done = app.view.moves.find((m) => m.text === text) || app.view.moves.find((m) => m.text === r.move);
  app.lastMoves[app.history.length] = done ? [done.from, ...done.path].filter((s) => s !== null) : [];
  app.ply = app.history.length;
  app.sel = null;
  app.view = r.after;
  render();
  maybeComputer();
}

// The computer moves when its seat is to move, at the last position.
async function maybeComputer() {
  const v = app.view;
  if (!v || v.over || app.paused || app.busy || app.ply !== app.history.length) return;
  const agent = app.seats[v.seat];
  if (agent === "human") return;
  app.busy = true;
  try {
    say(`${app.game.seats[v.seat].name} (${agent}) is thinking…`, true);
    const r = await api("/api/agent", { id: app.id, position: v.position, agent });
    if (app.view !== v || app.paused) return;
    const m = v.moves.find((x) => x.text === r.move);
    if (m) { board.mark({ selected: m.from !== null ? [m.from] : [], targets: m.path, captures: m.captures }); }
    await new Promise((ok) => setTimeout(ok, 250));
    if (app.view !== v || app.paused) return;
    if (r.move) await playText(r.move);
  } catch (e) {
    say(e.message);
  } finally {
    app.busy = false;
  }
  maybeComputer();
}

// ---- tools ----

$("new-game").onclick = () => { app.history = []; app.paused = false; show(0); };
$("undo").onclick = async () => {
  // Back one move, and on to a position a human is to move in.
  const humans = app.seats.includes("human");
  const wasPaused = app.paused;
  app.paused = true;
  let ply = Math.min(app.ply, app.history.length);
  while (ply > 0) {
    ply -= 1;
    app.history = app.history.slice(0, ply);
    await show(ply);
    if (!humans || humanToMove()) break;
  }
  app.paused = humans ? wasPaused : true;
  renderSeats();
};
$("pause").onclick = () => { app.paused = !app.paused; say(""); renderSeats(); maybeComputer(); };
$("flip").onclick = () => {
  app.flipped = !app.flipped;
  board.setLayout(app.flipped ? app.game.layout_flipped : app.game.layout);
  show(app.ply);
};
// Arrow keys step through the moves, Home and End jump, outside text boxes.
document.addEventListener("keydown", (e) => {
  if (!app.view || $("game").hidden || ["TEXTAREA", "INPUT", "SELECT"].includes(document.activeElement.tagName)) return;
  const to = { ArrowLeft: app.ply - 1, ArrowRight: app.ply + 1, Home: 0, End: app.history.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  show(Math.max(0, Math.min(app.history.length, to)));
});
$("first").onclick = () => show(0);
$("prev").onclick = () => show(Math.max(0, app.ply - 1));
$("next").onclick = () => show(Math.min(app.history.length, app.ply + 1));
$("last").onclick = () => show(app.history.length);
$("copy-position").onclick = () => {
  navigator.clipboard && navigator.clipboard.writeText($("position").value).catch(() => {});
  $("position").select();
  say("position copied", true);
};
$("load-position").onclick = async () => {
  try {
    const v = await api("/api/position", { id: app.id, position: $("position").value });
    app.start = v.position;
    app.history = [];
    app.lastMoves = {};
    await show(0);
    say("position loaded", true);
  } catch (e) { say(e.message); }
};
$("download-record").onclick = async () => {
  const r = await api("/api/record", { id: app.id, moves: app.history.map((h) => h.move) });
  download("tavoliere-record.txt", r.text);
};
$("load-record").onchange = async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  try {
    const r = await api("/api/record", { id: app.id, text: await f.text() });
    app.start = (await api("/api/position", { id: app.id })).position;
    app.history = r.history;
    await show(app.history.length);
    say(r.stopped ? `the record stops being legal at move ${r.stopped.ply + 1}: ${r.stopped.why}` : `record loaded: ${r.history.length} moves`, !r.stopped);
  } catch (err) { say(err.message); }
  e.target.value = "";
};

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- author mode ----

function setAuthor(on) {
  $("author").hidden = !on;
  $("author-toggle").classList.toggle("on", on);
  board.fit();
}
$("author-toggle").onclick = () => setAuthor($("author").hidden);

function renderEditor() {
  const text = $("source").value;
  const lines = text.split("\n").length;
  const bad = new Map();
  for (const d of app.diagnostics) if (d.line) bad.set(d.line, d);
  let g = "";
  for (let i = 1; i <= lines; i++) {
    const d = bad.get(i);
    g += d ? `<span class="bad" title="${escapeHtml(d.message)}" data-line="${i}">${i}</span>\n` : `${i}\n`;
  }
  $("gutter").innerHTML = g;
  // The backdrop underlines each diagnostic's span under the text.
  const starts = app.diagnostics.filter((d) => d.line).map((d) => ({
    from: offsetOf(text, d.line, d.column),
    to: Math.max(offsetOf(text, d.end ? d.end.line : d.line, d.end ? d.end.column : d.column), offsetOf(text, d.line, d.column) + 1),
    cls: d.severity,
  })).sort((a, b) => a.from - b.from);
  let html = "", at = 0;
  for (const s of starts) {
    if (s.from < at) continue;
    html += escapeHtml(text.slice(at, s.from)) + `<mark class="${s.cls}">` + escapeHtml(text.slice(s.from, s.to)) + "</mark>";
    at = s.to;
  }
  $("backdrop").innerHTML = html + escapeHtml(text.slice(at)) + "\n";
  syncScroll();
}

function offsetOf(text, line, column) {
  let off = 0;
  for (let l = 1; l < line; l++) { const n = text.indexOf("\n", off); if (n < 0) return text.length; off = n + 1; }
  return Math.min(text.length, off + column - 1);
}

function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function syncScroll() {
  const src = $("source");
  $("backdrop").scrollTop = src.scrollTop;
  $("backdrop").scrollLeft = src.scrollLeft;
  $("gutter").scrollTop = src.scrollTop;
}

function showDiagnostics(diags) {
  app.diagnostics = diags;
  const ul = $("diagnostics");
  ul.innerHTML = "";
  for (const d of diags) {
    const li = document.createElement("li");
    li.className = d.severity;
    li.dataset.line = d.line;
    li.textContent = `${d.severity}[${d.code}] line ${d.line}, column ${d.column}: ${d.message}` +
      (d.label ? `\n  ${d.label}` : "") + (d.hint ? `\n  hint: ${d.hint}` : "");
    li.onclick = () => {
      const src = $("source");
      const off = offsetOf(src.value, d.line, d.column);
      src.focus();
      src.setSelectionRange(off, off);
    };
    ul.appendChild(li);
  }
  renderEditor();
}

let validateTimer = null;
$("source").addEventListener("input", () => {
  app.dirty = true;
  renderEditor();
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validate, 600);
});
$("source").addEventListener("scroll", syncScroll);
$("source").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); validate(); }
});
$("validate").onclick = validate;

// Validates the editor's text; a valid one replaces the game, its moves
// replayed while they stay legal.
async function validate() {
  clearTimeout(validateTimer);
  const text = $("source").value;
  $("author-state").textContent = "checking…";
  const r = await api("/api/validate", { file: app.file, text });
  showDiagnostics(r.diagnostics);
  if (!r.ok) {
    $("author-state").textContent = `${r.diagnostics.filter((d) => d.severity === "error").length} error(s)`;
    return;
  }
  const opened = await api("/api/open", { file: app.file, text });
  const moves = app.history.map((h) => h.move);
  const rep = await adopt(opened, moves);
  let note = "valid: the game is replaced";
  if (rep) {
    note += `; ${rep.history.length} of ${moves.length} moves replayed`;
    if (rep.stopped) note += `, stopped at move ${rep.stopped.ply + 1} (${rep.stopped.why})`;
    await show(app.history.length);
  }
  $("author-state").textContent = note;
}

$("save").onclick = async () => {
  const text = $("source").value;
  if (!app.allowSave) return download((app.file || "game.toml").split("/").pop(), text);
  try {
    const r = await api("/api/save", { file: app.file, text });
    app.modified = r.modified;
    app.dirty = false;
    $("author-state").textContent = "saved";
  } catch (e) { $("author-state").textContent = e.message; }
};

// A file changed by another editor reloads the game (unless edited here).
setInterval(async () => {
  if (!app.file || $("game").hidden) return;
  try {
    const { modified } = await api(`/api/modified?file=${encodeURIComponent(app.file)}`);
    if (modified === app.modified) return;
    app.modified = modified;
    if (app.dirty) { $("author-state").textContent = "the file changed on disk (not reloaded: edited here)"; return; }
    const { text } = await api(`/api/file?file=${encodeURIComponent(app.file)}`);
    $("source").value = text;
    await validate();
    $("author-state").textContent += " (reloaded from disk)";
  } catch (e) { /* the file may be mid-save */ }
}, 2000);

// ---- analysis ----

$("analysis-toggle").onclick = () => { $("analysis").hidden = !$("analysis").hidden; };

function renderAnalysisPlayers() {
  const box = $("analysis-players");
  box.innerHTML = "";
  app.game.sides.forEach((side) => {
    const label = document.createElement("label");
    label.textContent = `${side.name} `;
    const sel = document.createElement("select");
    sel.dataset.side = side.name;
    for (const a of ["random", "mcts:20ms", "mcts:100ms"]) sel.add(new Option(a, a));
    label.appendChild(sel);
    box.appendChild(label);
  });
}

$("analysis-run").onclick = async () => {
  const players = [...$("analysis-players").querySelectorAll("select")].map((s) => s.value);
  const games = Number($("analysis-games").value) || 100;
  const { job, total } = await api("/api/analyze", { id: app.id, games, players });
  const bar = $("analysis-progress");
  bar.max = total;
  $("analysis-chart").textContent = "running…";
  for (;;) {
    await new Promise((ok) => setTimeout(ok, 300));
    const p = await api(`/api/analysis?job=${job}`);
    bar.value = p.done;
    if (p.result) return p.result.stopped ? ($("analysis-chart").textContent = "stopped") : chart(p.result);
  }
};

// Win rates per seat and draws, with their 95% intervals.
function chart(res) {
  const rows = Object.entries(res.wins).map(([k, v]) => [`${k} won`, v]).concat([["draw", res.draws]]);
  const w = 280, rowH = 26, left = 90, scale = (w - left - 10) / 100;
  let s = `<svg xmlns="${SVGNS}" viewBox="0 0 ${w} ${rows.length * rowH + 20}">`;
  rows.forEach(([name, v], i) => {
    const y = i * rowH + 4;
    s += `<text x="0" y="${y + 14}" font-size="11">${escapeHtml(name)}</text>`;
    s += `<rect class="bar" data-name="${escapeHtml(name)}" x="${left}" y="${y}" width="${v.percent * scale}" height="16" fill="#7a9a5a"/>`;
    s += `<line x1="${left + v.low * scale}" x2="${left + v.high * scale}" y1="${y + 8}" y2="${y + 8}" stroke="#222"/>`;
    s += `<text x="${left + v.percent * scale + 3}" y="${y + 13}" font-size="10">${v.percent.toFixed(1)}%</text>`;
  });
  s += `<text x="0" y="${rows.length * rowH + 16}" font-size="10">${res.games} games, mean length ${res.length.mean.toFixed(1)} plies</text></svg>`;
  $("analysis-chart").innerHTML = s;
}

// ---- start ----

async function route() {
  const file = decodeURIComponent(location.hash.slice(1));
  if (app.allowSave === null) app.allowSave = (await api("/api/games")).allow_save;
  closeMenu();
  say("");
  try {
    if (file) await openFile(file); else await showLibrary();
  } catch (e) {
    await showLibrary();
    say(e.message);
  }
}
window.addEventListener("hashchange", route);
route();

// For tests and scripts: where a site or a groove is on screen.
window.tav = {
  app,
  site(name) {
    const s = board.layout.sites.find((x) => x.name === name);
    return board.clientPoint(s.x, s.y);
  },
  groove(name) {
    const s = board.layout.slots.find((x) => x.name === name);
    const along = s.x1 === s.x2 ? { x: 0, y: 5 } : { x: 5, y: 0 };
    return board.clientPoint((s.x1 + s.x2) / 2 + along.x, (s.y1 + s.y2) / 2 + along.y);
  },
};
