// The board: the server's SVG picture, with an overlay of the same size
// that marks selections, destinations, captures and wall previews, and
// turns a click into a site or a groove by the picture's layout.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";

class Board {
  constructor(root, onSite, onGroove) {
    this.root = root;
    this.picture = root.querySelector("#picture");
    this.overlay = root.querySelector("#overlay");
    this.onSite = onSite;
    this.onGroove = onGroove;
    this.layout = null;
    this.legalSlots = new Set();
    this.overlay.addEventListener("click", (e) => this.click(e));
    // Drag and drop: a press on one site and a release on another are the
    // two clicks of a move.
    this.overlay.addEventListener("pointerdown", (e) => { this.down = this.layout ? this.siteAt(this.point(e)) : null; });
    this.overlay.addEventListener("pointerup", (e) => this.release(e));
    this.overlay.addEventListener("pointermove", (e) => this.hover(e));
    this.overlay.addEventListener("pointerleave", () => this.preview(null));
    window.addEventListener("resize", () => this.fit());
  }

  setLayout(layout) {
    this.layout = layout;
    this.overlay.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    this.fit();
  }

  // Sized to the window: as large as the space beside the panel allows.
  fit() {
    if (!this.layout) return;
    const area = this.root.parentElement;
    // On a phone the panel is below: the board takes the width, and at
    // most most of the screen's height.
    const narrow = window.matchMedia("(max-width: 760px)").matches;
    const maxW = Math.max(200, area.clientWidth - 10);
    const maxH = narrow ? Math.max(200, window.innerHeight - 160) : Math.max(200, area.clientHeight - 80);
    const scale = Math.min(maxW / this.layout.width, maxH / this.layout.height);
    this.root.style.width = `${Math.floor(this.layout.width * scale)}px`;
    this.root.style.height = `${Math.floor(this.layout.height * scale)}px`;
  }

  draw(svgText) {
    this.picture.innerHTML = svgText;
    const svg = this.picture.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
    }
  }

  // Picture coordinates of a pointer event.
  point(e) {
    const m = this.overlay.getScreenCTM().inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return { x: p.x, y: p.y };
  }

  // The slot nearest a point, if the point lies on its groove.
  grooveAt(p) {
    const cell = this.layout.cell;
    let best = null;
    this.layout.slots.forEach((s, i) => {
      const d = segmentDistance(p, s);
      if (d > cell * 0.2) return;
      const mid = Math.hypot(p.x - (s.x1 + s.x2) / 2, p.y - (s.y1 + s.y2) / 2);
      const score = d * 4 + mid + (this.legalSlots.has(i) ? 0 : cell);
      if (!best || score < best.score) best = { slot: i, score };
    });
    return best && best.slot;
  }

  siteAt(p) {
    const cell = this.layout.cell;
    let best = null;
    this.layout.sites.forEach((s, i) => {
      const d = Math.hypot(p.x - s.x, p.y - s.y);
      if (d < cell * 0.6 && (!best || d < best.d)) best = { site: i, d };
    });
    return best && best.site;
  }

  async release(e) {
    const down = this.down;
    this.down = null;
    if (!this.layout || down === null || down === undefined) return;
    const up = this.siteAt(this.point(e));
    if (up === null || up === down) return;
    this.dragged = true;
    await this.onSite(down, e);
    await this.onSite(up, e);
  }

  click(e) {
    // The click that ends a drag was its release.
    if (this.dragged) { this.dragged = false; return; }
    if (!this.layout) return;
    const p = this.point(e);
    const slot = this.layout.slots.length ? this.grooveAt(p) : null;
    if (slot !== null) return this.onGroove(slot, e);
    const site = this.siteAt(p);
    if (site !== null) this.onSite(site, e);
  }

  hover(e) {
    if (!this.layout || !this.layout.slots.length) return;
    this.preview(this.grooveAt(this.point(e)));
  }

  // A wall drawn where it would go, green if it may go there.
  preview(slot) {
    const old = this.overlay.querySelector(".preview");
    if (old) old.remove();
    if (slot === null || slot === undefined) return;
    const s = this.layout.slots[slot];
    const legal = this.legalSlots.has(slot);
    this.overlay.appendChild(el("line", {
      class: "preview", x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2,
      stroke: legal ? "#2e8b57" : "#c0392b", "stroke-width": 6, "stroke-linecap": "round", opacity: 0.6,
      "data-slot": s.name,
    }));
  }

  // Markers: `selected` sites ringed, `targets` dotted, `captures` crossed,
  // `last` (the last move's sites) shaded, `check` (a royal in check) red,
  // `winning` (the line that won) ringed blue.
  mark({ selected = [], targets = [], captures = [], last = [], check = [], winning = [] }) {
    const o = this.overlay;
    o.innerHTML = "";
    const cell = this.layout.cell;
    for (const i of winning) {
      const s = this.layout.sites[i];
      o.appendChild(el("circle", { class: "winning", cx: s.x, cy: s.y, r: cell * 0.48, fill: "none", stroke: "#1f5fbf", "stroke-width": 5 }));
    }
    for (const i of check) {
      const s = this.layout.sites[i];
      o.appendChild(el("circle", { class: "check", cx: s.x, cy: s.y, r: cell * 0.48, fill: "#c0392b", opacity: 0.35 }));
    }
    for (const i of last) {
      const s = this.layout.sites[i];
      o.appendChild(el("rect", { class: "last", x: s.x - cell / 2 + 2, y: s.y - cell / 2 + 2, width: cell - 4, height: cell - 4, fill: "none", stroke: "#e0a800", "stroke-width": 3 }));
    }
    for (const i of selected) {
      const s = this.layout.sites[i];
      o.appendChild(el("circle", { class: "selected", cx: s.x, cy: s.y, r: cell * 0.45, fill: "none", stroke: "#1f7a1f", "stroke-width": 3 }));
    }
    for (const i of targets) {
      const s = this.layout.sites[i];
      o.appendChild(el("circle", { class: "target", cx: s.x, cy: s.y, r: cell * 0.14, fill: "#1f7a1f", opacity: 0.75, "data-site": this.layout.sites[i].name }));
    }
    for (const i of captures) {
      const s = this.layout.sites[i], r = cell * 0.3;
      o.appendChild(el("path", { class: "capture", d: `M${s.x - r},${s.y - r}L${s.x + r},${s.y + r}M${s.x + r},${s.y - r}L${s.x - r},${s.y + r}`, stroke: "#c0392b", "stroke-width": 4 }));
    }
  }

  // Where a site or a groove is on screen, for tests and the menu.
  clientPoint(x, y) {
    const m = this.overlay.getScreenCTM();
    const p = new DOMPoint(x, y).matrixTransform(m);
    return { x: p.x, y: p.y };
  }
}

function el(name, attrs) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function segmentDistance(p, s) {
  const dx = s.x2 - s.x1, dy = s.y2 - s.y1;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p.x - s.x1) * dx + (p.y - s.y1) * dy) / len)) : 0;
  return Math.hypot(p.x - (s.x1 + t * dx), p.y - (s.y1 + t * dy));
}
