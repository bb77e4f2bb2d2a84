//! What the page is sent, as JSON: a game's fixed facts (sides, seats, the
//! picture's layout), a position (its text, picture, status, hands and
//! legal moves, each with the sites a click reaches it by), diagnostics.

use serde_json::{json, Value};
use tavoliere::board::SiteId;
use tavoliere::diag::{self, Diagnostic, Sources};
use tavoliere::rules::{Move, Outcome, Rules, State};
use tavoliere::{notation, render, svg};

/// The facts of a game that no move changes; its layout both ways up.
pub fn game_info(rules: &Rules) -> Value {
    let sides: Vec<Value> = (rules.sides.iter().enumerate())
        .map(|(i, s)| {
            let (fill, ink) = svg::side_colours(&s.name, i);
            json!({ "name": s.name, "fill": fill, "ink": ink })
        })
        .collect();
    let seats: Vec<Value> = (rules.seats.iter())
        .map(|s| json!({ "name": s.name, "sides": s.sides }))
        .collect();
    json!({
        "name": rules.name,
        "sides": sides,
        "seats": seats,
        "kinds": rules.kinds.iter().map(|k| k.name.clone()).collect::<Vec<_>>(),
        "barriers": rules.barriers.iter().map(|k| k.name.clone()).collect::<Vec<_>>(),
        "layout": layout_json(rules, false),
        "layout_flipped": layout_json(rules, true),
    })
}

/// Where the picture puts each site and slot.
fn layout_json(rules: &Rules, flipped: bool) -> Value {
    let layout = svg::layout(rules, flipped);
    let b = &rules.board;
    let sites: Vec<Value> = (layout.sites.iter().enumerate())
        .map(|(i, &(x, y))| json!({ "name": b.site_name(SiteId(i as u16)), "x": x, "y": y }))
        .collect();
    let slots: Vec<Value> = (layout.slots.iter().zip(&b.slots))
        .map(|(&(x1, y1, x2, y2), slot)| {
            json!({ "name": slot.name, "x1": x1, "y1": y1, "x2": x2, "y2": y2 })
        })
        .collect();
    json!({
        "width": layout.width, "height": layout.height, "cell": layout.cell,
        "sites": sites, "slots": slots,
    })
}

/// A position: its text and picture (turned half a turn when `flipped`),
/// whose turn, the outcome, what each side holds in hand, the seeds on
/// each site, and the legal moves.
pub fn position(rules: &Rules, st: &State, flipped: bool) -> Value {
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    let texts = notation::move_texts(rules, st, &legal);
    let moves: Vec<Value> = (legal.iter().zip(texts))
        .map(|(&mv, text)| move_json(rules, st, mv, text))
        .collect();
    let outcome = rules.outcome(st);
    let to_move = rules.to_move(st);
    json!({
        "position": notation::position_to_string(rules, st),
        "svg": svg::position_flipped(rules, st, flipped),
        "status": render::status(rules, st),
        "over": outcome != Outcome::Ongoing,
        "outcome": (outcome != Outcome::Ongoing).then(|| render::outcome(rules, outcome)),
        "note": render::nothing_to_play(rules, st, &legal),
        "end": render::end_message(rules, st),
        "to_move": to_move,
        "seat": rules.seat_of(to_move),
        "hands": hands(rules, st),
        "lost": lost(rules, st),
        // Per site, its seeds (`[seeds]`); empty in a game without.
        "seeds": (0..st.seeds_len()).map(|i| rules.seeds_at(st, SiteId(i as u16))).collect::<Vec<_>>(),
        // The royal pieces in check, marked; each side's pieces on the
        // board and its score (`[sides.X] score`), shown beside it.
        "check": render::checked_royals(rules, st).iter().map(|s| s.0).collect::<Vec<_>>(),
        "winning": rules.winning_line(st).iter().map(|s| s.0).collect::<Vec<_>>(),
        "on_board": on_board(rules, st),
        "scores": rules.side_scores(st),
        // Chance: whether the position rolls (the page offers one button
        // that draws the roll), the dice left to play, and each event's
        // last roll.
        "chance": rules.is_chance(st),
        "dice": st.dice_left(),
        "rolled": rolled(rules, st),
        "moves": moves,
    })
}

/// Each chance event's last roll, as the roll's text without `roll:`
/// (`3-5`), by the event's name.
fn rolled(rules: &Rules, st: &State) -> Vec<Value> {
    (0..rules.chance.len() as u8)
        .filter_map(|e| {
            let mv = rules.last_roll(st, e)?;
            let text = notation::move_to_string(rules, st, mv);
            let value = text.strip_prefix("roll:").unwrap_or(&text).to_string();
            Some(json!({ "event": rules.chance[e as usize].name, "value": value }))
        })
        .collect()
}

/// Per side, how many pieces it has on the board.
fn on_board(rules: &Rules, st: &State) -> Vec<usize> {
    let mut counts = vec![0; rules.sides.len()];
    for s in 0..rules.board.n_sites() as u16 {
        if let Some((side, _)) = st.piece_at(rules, SiteId(s)) {
            counts[side as usize] += 1;
        }
    }
    counts
}

/// Per side, the barriers and pieces it holds in hand (those it has any of).
fn hands(rules: &Rules, st: &State) -> Vec<Value> {
    (0..rules.sides.len() as u8)
        .map(|side| {
            let mut items = Vec::new();
            for (i, b) in rules.barriers.iter().enumerate() {
                let n = st.reserve(rules, side, i as u8);
                if n > 0 {
                    items.push(json!({ "name": b.name, "count": n, "barrier": true }));
                }
            }
            for (i, k) in rules.kinds.iter().enumerate() {
                let n = st.pieces_in_hand(rules, side, i as u8);
                if n > 0 {
                    let face = face(rules, side, i as u8);
                    items.push(
                        json!({ "name": k.name, "count": n, "barrier": false, "face": face }),
                    );
                }
            }
            json!(items)
        })
        .collect()
}

/// How a piece is drawn: its figurine, or the glyph or symbol on its disc.
fn face(rules: &Rules, side: u8, kind: u8) -> Value {
    let the_side = &rules.sides[side as usize];
    match &rules.kinds[kind as usize].figurine {
        Some(f) => json!({ "text": f, "figurine": true }),
        None => {
            let text = (the_side.glyphs[kind as usize].as_ref())
                .unwrap_or(&the_side.symbols[kind as usize]);
            json!({ "text": text, "figurine": false })
        }
    }
}

/// Per side, the pieces it has lost since the game's start, by kind: the
/// pieces it held then (on the board and in hand) that it holds no more,
/// less those a promotion turned into a kind it now holds more of. None
/// where captured pieces go to the captor's hand, which shows them.
fn lost(rules: &Rules, st: &State) -> Vec<Value> {
    let n_kinds = rules.kinds.len();
    if rules.kinds.iter().any(|k| k.to_hand.is_some()) {
        return vec![json!([]); rules.sides.len()];
    }
    let held = |st: &State| {
        let mut held = vec![0i64; rules.sides.len() * n_kinds];
        for s in 0..rules.board.n_sites() as u16 {
            if let Some((side, kind)) = st.piece_at(rules, SiteId(s)) {
                held[side as usize * n_kinds + kind as usize] += 1;
            }
        }
        for (i, n) in held.iter_mut().enumerate() {
            *n += i64::from(st.pieces_in_hand(rules, (i / n_kinds) as u8, (i % n_kinds) as u8));
        }
        held
    };
    let (start, now) = (held(&rules.initial()), held(st));
    let promotes_to = |from: usize, to: usize| {
        rules.kinds[from].promote.as_ref().is_some_and(|p| {
            p.to as usize == to
                || p.otherwise.is_some_and(|o| o as usize == to)
                || p.choices.iter().any(|&c| c as usize == to)
        })
    };
    (0..rules.sides.len())
        .map(|side| {
            let base = side * n_kinds;
            let mut missing: Vec<i64> = (0..n_kinds)
                .map(|k| start[base + k] - now[base + k])
                .collect();
            for k in 0..n_kinds {
                let mut surplus = -missing[k];
                for from in (0..n_kinds).filter(|&f| promotes_to(f, k)) {
                    let back = surplus.min(missing[from]).max(0);
                    missing[from] -= back;
                    surplus -= back;
                }
            }
            let items: Vec<Value> = (0..n_kinds)
                .filter(|&k| missing[k] > 0)
                .map(|k| {
                    let face = face(rules, side as u8, k as u8);
                    json!({ "name": rules.kinds[k].name, "count": missing[k], "face": face })
                })
                .collect();
            json!(items)
        })
        .collect()
}

/// A legal move, with how a click reaches it: the piece's site (`from`),
/// the sites clicked after it (`path`: each stop of a chain, the site a
/// step, swap or drop ends on), the sites it captures, the barrier slot it
/// fills, the kind it drops, or none of these (`pass`, a huff; a removal
/// has only the site it empties, as its path and its capture).
pub fn move_json(rules: &Rules, st: &State, mv: Move, text: String) -> Value {
    let site = |s: SiteId| s.0 as usize;
    let (mut from, mut path, mut captures, mut slot, mut drop) =
        (None, Vec::new(), Vec::new(), None, None);
    let mut line = Vec::new();
    match rules.base(mv) {
        Move::Step { from: f, to } => {
            from = Some(site(f));
            path.push(site(to));
            if st.piece_at(rules, to).is_some() {
                captures.push(site(to));
            }
        }
        Move::Chain(id) => {
            let chain = rules.chain(id);
            from = Some(site(chain.from));
            path = chain.stops().iter().map(|&s| site(s)).collect();
            captures = chain.captured().iter().map(|&s| site(s)).collect();
        }
        Move::Swap { from: f, with, .. } => {
            from = Some(site(f));
            path.push(site(with));
        }
        // A castling is clicked as the castling piece's move.
        Move::Castle { from: f, to, .. } => {
            from = Some(site(f));
            path.push(site(to));
        }
        Move::Place { slot: s, .. } => slot = Some(s),
        Move::Drop { kind, to } => {
            drop = Some(rules.kinds[kind as usize].name.clone());
            path.push(site(to));
            // A falling drop is also clicked anywhere above where it lands.
            line = render::drop_line(rules, st, kind, to)
                .iter()
                .map(|&s| site(s))
                .collect();
        }
        Move::Huff(s) => captures.push(site(s)),
        // A removal is clicked on the piece it takes off.
        Move::Remove(s) => {
            path.push(site(s));
            captures.push(site(s));
        }
        // A sowing is clicked on the site it takes the seeds from, a piece
        // borne off on itself.
        Move::Sow(s) | Move::Off(s) => path.push(site(s)),
        Move::Pass
        | Move::Roll { .. }
        | Move::Demanding(_)
        | Move::Promoting(_)
        | Move::Leaving(_) => {}
    }
    json!({
        "text": text, "from": from, "path": path, "captures": captures,
        "slot": slot, "drop": drop, "line": line,
    })
}

/// Diagnostics as `validate --format json` gives them, with the label.
pub fn diagnostics(sources: &Sources, diags: &[Diagnostic]) -> Vec<Value> {
    diag::to_json_list(sources, diags)
}
