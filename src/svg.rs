//! Pictures of positions as SVG, drawn from the board graph alone: grid
//! squares by colour, extra sites over their holes (or beside the grid),
//! labelled links as dashed lines, barriers in their grooves, pieces as
//! discs with their symbols, and coordinates. Nothing here knows a game.

use crate::board::{file_name, SiteId};
use crate::rules::{KindId, Rules, SideId, State};
use std::fmt::Write;

/// Size of a square, and the margin for coordinates.
const CELL: i32 = 40;
const MARGIN: i32 = 28;
/// The height of a side's line of pieces in hand, below the board, drawn
/// in games where captured pieces go to hand.
const HAND_LINE: i32 = 18;

/// How far each piece under a column's top shows below the one above it,
/// and how many are drawn at most.
const COLUMN_STEP: i32 = 5;
const COLUMN_SHOWN: usize = 4;

/// Disc colours (text colour second): white, black, yellow, red, blue, green.
const SIDE_COLOURS: [(&str, &str); 6] = [
    ("#fbfbf5", "#1a1a1a"),
    ("#262626", "#f5f5f5"),
    ("#e8b923", "#1a1a1a"),
    ("#b03a2e", "#f5f5f5"),
    ("#2e6fb0", "#f5f5f5"),
    ("#2e8b57", "#f5f5f5"),
];

/// Where a picture puts things, for a page that makes it clickable: the
/// picture's size, each site's centre (by site id) and each barrier slot's
/// line (by slot id), in the picture's own coordinates.
#[derive(Clone, Debug)]
pub struct Layout {
    pub width: i32,
    pub height: i32,
    pub cell: i32,
    pub sites: Vec<(i32, i32)>,
    pub slots: Vec<(i32, i32, i32, i32)>,
}

/// The layout of every picture of `rules`' board, turned half a turn when
/// `flipped` (as [`position_flipped`] draws it).
pub fn layout(rules: &Rules, flipped: bool) -> Layout {
    let mut p = Picture::new(rules);
    p.flipped = flipped;
    let b = &rules.board;
    Layout {
        width: p.width,
        height: p.height,
        cell: CELL,
        sites: (0..b.n_sites())
            .map(|s| p.centre(SiteId(s as u16)))
            .collect(),
        slots: b.slots.iter().map(|slot| p.slot_line(slot)).collect(),
    }
}

/// The position as an SVG document.
pub fn position(rules: &Rules, st: &State) -> String {
    position_flipped(rules, st, false)
}

/// The position as an SVG document, seen from the other side of the
/// board when `flipped`: the board turned half a turn, every site where
/// its reflection through the board's centre is, pieces and labels upright.
pub fn position_flipped(rules: &Rules, st: &State, flipped: bool) -> String {
    let mut p = Picture::new(rules);
    p.flipped = flipped;
    let (width, height) = (p.width, p.height);
    let _ = writeln!(
        p.out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        p.out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    p.squares();
    p.extra_sites();
    if rules.picture.points {
        p.points();
    }
    p.links();
    p.barriers(st);
    p.pieces(st);
    if rules.sowing.is_some() {
        p.seeds(st);
    }
    p.coordinates();
    if !rules.chance.is_empty() {
        p.rolls(st);
    }
    p.hands(st);
    p.out.push_str("</svg>\n");
    p.out
}

/// A picture being drawn: where the grid's cells go, and the text so far.
struct Picture<'a> {
    rules: &'a Rules,
    /// The first file drawn, and the number of ranks.
    x0: i32,
    rows: i32,
    width: i32,
    height: i32,
    /// The height of the lines of pieces in hand under the board.
    hands: i32,
    /// Whether the board is drawn turned half a turn.
    flipped: bool,
    out: String,
}

impl<'a> Picture<'a> {
    fn new(rules: &'a Rules) -> Self {
        let b = &rules.board;
        let (x0, x1) = b.drawn_files();
        let (cols, rows) = (x1 - x0 + 1, b.ranks);
        let hands = match rules.hand_kinds {
            0 => 0,
            _ => HAND_LINE * rules.sides.len() as i32,
        };
        Picture {
            rules,
            x0,
            rows,
            width: 2 * MARGIN + cols * CELL,
            height: 2 * MARGIN + rows * CELL + hands,
            hands,
            flipped: false,
            out: String::new(),
        }
    }

    /// The ends of the line a barrier in `slot` is drawn as.
    fn slot_line(&self, slot: &crate::board::Slot) -> (i32, i32, i32, i32) {
        // The cell along whose top or right side it lies (off the grid for
        // the bottom and left rim).
        let (ax, ay) = slot.cell;
        let len = slot.length as i32;
        let (px, py) = (|x| self.plain_px(x), |y| self.plain_py(y));
        let line = if slot.orientation == 'h' {
            let y = py(ay);
            (px(ax) + 2, y, px(ax + len) - 2, y)
        } else {
            let x = px(ax) + CELL;
            let (top, bottom) = (py(ay + len - 1), py(ay));
            (x, top + 2, x, bottom + CELL - 2)
        };
        if !self.flipped {
            return line;
        }
        let (w, h) = (self.width, self.height - self.hands);
        (w - line.0, h - line.1, w - line.2, h - line.3)
    }

    /// Left edge of the cell drawn at grid file `x`.
    fn px(&self, x: i32) -> i32 {
        match self.flipped {
            false => self.plain_px(x),
            true => self.width - self.plain_px(x) - CELL,
        }
    }

    /// Top edge of the cell drawn at grid rank `y`.
    fn py(&self, y: i32) -> i32 {
        match self.flipped {
            false => self.plain_py(y),
            true => self.height - self.hands - self.plain_py(y) - CELL,
        }
    }

    /// Left edge of the cell at grid file `x`, the board not flipped.
    fn plain_px(&self, x: i32) -> i32 {
        MARGIN + (x - self.x0) * CELL
    }

    /// Top edge of the cell at grid rank `y`, the board not flipped.
    fn plain_py(&self, y: i32) -> i32 {
        MARGIN + (self.rows - 1 - y) * CELL
    }

    fn centre(&self, s: SiteId) -> (i32, i32) {
        let site = &self.rules.board.sites[s.0 as usize];
        (self.px(site.x) + CELL / 2, self.py(site.y) + CELL / 2)
    }

    fn shaded(&self, s: SiteId) -> bool {
        let rules = self.rules;
        (rules.picture.shaded.iter())
            .any(|&r| (rules.regions[r as usize].per_side.iter()).any(|set| set.contains(s)))
    }

    /// Squares of the grid, chequered like `color dark` and `color light`
    /// or all light (`style = "cells"`), greener where shaded; or a point's
    /// shaded backdrop.
    fn squares(&mut self) {
        let (rules, b) = (self.rules, &self.rules.board);
        for (i, site) in b.sites.iter().enumerate() {
            let s = SiteId(i as u16);
            if b.is_extra(s) || (rules.picture.points && !self.shaded(s)) {
                continue;
            }
            let dark = !rules.picture.plain && (site.x + site.y).rem_euclid(2) == 0;
            let fill = match (rules.picture.points, self.shaded(s), dark) {
                (true, _, _) => "#e3ecd0",
                (false, true, true) => "#a9b98a",
                (false, true, false) => "#dfe8c4",
                (false, false, true) => "#c9a27a",
                (false, false, false) => "#f1e2c6",
            };
            let stroke = if rules.picture.points {
                fill
            } else {
                "#8a7356"
            };
            let (x, y) = (self.px(site.x), self.py(site.y));
            let _ = writeln!(
                self.out,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{stroke}" stroke-width="0.5"/>"##,
            );
        }
    }

    /// Extra sites over the holes they cover, named.
    fn extra_sites(&mut self) {
        let b = &self.rules.board;
        for (i, site) in b.sites.iter().enumerate() {
            let s = SiteId(i as u16);
            if !b.is_extra(s) {
                continue;
            }
            let cells = std::iter::once((site.x, site.y)).chain(
                b.areas
                    .iter()
                    .filter(|&&(_, _, a)| a == s)
                    .map(|&(x, y, _)| (x, y)),
            );
            for (x, y) in cells {
                let (x, y) = (self.px(x), self.py(y));
                let _ = writeln!(
                    self.out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#9fb7a2"/>"##,
                );
            }
            let (x, y) = (self.px(site.x) + 2, self.py(site.y) + 10);
            let _ = writeln!(
                self.out,
                r##"<text x="{x}" y="{y}" font-size="9" fill="#24402b">{}</text>"##,
                site.name
            );
        }
    }

    /// Points: the lines of the compass between neighbours, then the points.
    fn points(&mut self) {
        let b = &self.rules.board;
        for s in 0..b.n_sites() {
            for d in 0..8 {
                let Some(t) = b.neighbor(SiteId(s as u16), d) else {
                    continue;
                };
                if (t.0 as usize) < s || !self.rules.picture.draws(SiteId(s as u16), t, d) {
                    continue;
                }
                let ((ax, ay), (bx, by)) = (self.centre(SiteId(s as u16)), self.centre(t));
                let _ = writeln!(
                    self.out,
                    r##"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#5b4a36" stroke-width="2"/>"##
                );
            }
        }
        for s in 0..b.n_sites() {
            let (cx, cy) = self.centre(SiteId(s as u16));
            let _ = writeln!(
                self.out,
                r##"<circle cx="{cx}" cy="{cy}" r="5" fill="#5b4a36"/>"##
            );
        }
    }

    /// Lines along link labels (gates, rings, citadels).
    fn links(&mut self) {
        let b = &self.rules.board;
        for s in 0..b.n_sites() {
            for d in 8..b.n_dirs() as u8 {
                let Some(t) = b.neighbor(SiteId(s as u16), d) else {
                    continue;
                };
                if t.0 as usize <= s {
                    continue;
                }
                let ((ax, ay), (bx, by)) = (self.centre(SiteId(s as u16)), self.centre(t));
                let _ = writeln!(
                    self.out,
                    r##"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#24402b" stroke-width="2" stroke-dasharray="4 3"/>"##
                );
            }
        }
    }

    /// Barriers in their grooves.
    fn barriers(&mut self, st: &State) {
        let b = &self.rules.board;
        for (slot_id, slot) in b.slots.iter().enumerate() {
            if st.barrier_at(slot_id as u16).is_none() {
                continue;
            }
            let (xa, ya, xb, yb) = self.slot_line(slot);
            let _ = writeln!(
                self.out,
                r##"<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" stroke="#5a2d0c" stroke-width="6" stroke-linecap="round"/>"##
            );
        }
    }

    /// Pieces: discs in their side's colours, with their glyphs or symbols;
    /// or a piece's figurine, large, filled in its side's colour and
    /// outlined in its ink. Each is titled with its side and kind (a
    /// tooltip).
    fn pieces(&mut self, st: &State) {
        let rules = self.rules;
        for i in 0..rules.board.n_sites() {
            let s = SiteId(i as u16);
            let Some((side, kind)) = st.piece_at(rules, s) else {
                continue;
            };
            let the_side = &rules.sides[side as usize];
            let (fill, ink) = side_colours(&the_side.name, side as usize);
            let (cx, cy) = self.centre(s);
            let title = format!("<title>{}</title>", escape(&column_title(rules, st, s)));
            // A column's pieces under its top show below it, the top raised.
            let cy = cy - self.column_under(st, s, cx, cy);
            if let Some(figurine) = &rules.kinds[kind as usize].figurine {
                let size = CELL * 3 / 4;
                let _ = writeln!(
                    self.out,
                    r#"<text x="{cx}" y="{}" font-size="{size}" text-anchor="middle" fill="{fill}" stroke="{ink}" stroke-width="1.2" paint-order="stroke">{title}{}</text>"#,
                    cy + size * 3 / 8,
                    escape(figurine)
                );
                continue;
            }
            let text = (the_side.glyphs[kind as usize].as_ref())
                .unwrap_or(&the_side.symbols[kind as usize]);
            let size = match text.chars().count() {
                1 if the_side.glyphs[kind as usize].is_some() => 20,
                0..=2 => 14,
                _ => 11,
            };
            let _ = writeln!(
                self.out,
                r##"<g><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#1a1a1a" stroke-width="1.2"/>"##,
                CELL * 2 / 5
            );
            let _ = writeln!(
                self.out,
                r#"<text x="{cx}" y="{}" font-size="{size}" text-anchor="middle" fill="{ink}">{}</text>{title}</g>"#,
                cy + size / 3,
                escape(text)
            );
            let h = rules.height(st, s);
            if h > 1 {
                // A stack's height, at the disc's lower right.
                let _ = writeln!(
                    self.out,
                    r##"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="#1a1a1a" stroke="#ffffff" stroke-width="3" paint-order="stroke">{h}</text>"##,
                    cx + CELL * 2 / 5,
                    cy + CELL * 2 / 5
                );
            }
        }
    }

    /// Under the top of a column (`[columns]`), its pieces from the
    /// bottom up, each a disc in its side's colours showing
    /// [`COLUMN_STEP`] below the one above it (at most [`COLUMN_SHOWN`]
    /// of them; the height is written beside the top). Returns how far
    /// the top is raised, so the column stays centred on its site.
    fn column_under(&mut self, st: &State, s: SiteId, cx: i32, cy: i32) -> i32 {
        let rules = self.rules;
        if rules.columns.is_none() || rules.height(st, s) < 2 {
            return 0;
        }
        let column = rules.column(st, s);
        let under = &column[1..column.len().min(COLUMN_SHOWN + 1)];
        let lift = COLUMN_STEP * under.len() as i32 / 2;
        for (depth, &(side, _)) in under.iter().enumerate().rev() {
            let (fill, _) = side_colours(&rules.sides[side as usize].name, side as usize);
            let y = cy - lift + COLUMN_STEP * (depth as i32 + 1);
            let _ = writeln!(
                self.out,
                r##"<circle cx="{cx}" cy="{y}" r="{}" fill="{fill}" stroke="#1a1a1a" stroke-width="1.2"/>"##,
                CELL * 2 / 5
            );
        }
        lift
    }

    /// The seeds on each site that holds some: a seed-coloured disc with
    /// the count.
    fn seeds(&mut self, st: &State) {
        let rules = self.rules;
        for i in 0..rules.board.n_sites() {
            let s = SiteId(i as u16);
            let n = rules.seeds_at(st, s);
            if n == 0 {
                continue;
            }
            let (cx, cy) = self.centre(s);
            let _ = writeln!(
                self.out,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#c8a26b" stroke="#5a4320" stroke-width="1"/>"##,
                CELL / 3
            );
            let _ = writeln!(
                self.out,
                r##"<text x="{cx}" y="{}" font-size="14" text-anchor="middle" fill="#1a1a1a">{n}</text>"##,
                cy + 5
            );
        }
    }

    /// In a game where captured pieces go to hand, each side's hand under
    /// the board: `black in hand: pawn 2, rook 1` (or `nothing`).
    fn hands(&mut self, st: &State) {
        if self.hands == 0 {
            return;
        }
        let rules = self.rules;
        for side in 0..rules.sides.len() as SideId {
            let held: Vec<String> = (0..rules.kinds.len() as KindId)
                .filter_map(|k| {
                    let n = st.pieces_in_hand(rules, side, k);
                    (n > 0).then(|| format!("{} {n}", rules.kinds[k as usize].name))
                })
                .collect();
            let held = if held.is_empty() {
                "nothing".to_string()
            } else {
                held.join(", ")
            };
            let _ = writeln!(
                self.out,
                r##"<text x="{MARGIN}" y="{}" font-size="12" fill="#333">{} in hand: {}</text>"##,
                self.height - self.hands + HAND_LINE * (side as i32 + 1) - 4,
                escape(rules.side_name(side)),
                escape(&held)
            );
        }
    }

    /// What each chance event last rolled, above the board: `die: 6`,
    /// and `die: to roll` before its first roll.
    fn rolls(&mut self, st: &State) {
        let rules = self.rules;
        // An opening roll-off keeps nothing: the event it opens shows it.
        let texts: Vec<String> = (rules.chance.iter().enumerate())
            .filter(|(_, c)| c.opening.is_none())
            .map(|(e, c)| match rules.rolled(st, e as u8) {
                Some(v) => format!("{}: {v}", c.name),
                None if !c.apart.is_empty() => format!("{}: {}", c.name, dice_left(st)),
                None => format!("{}: not rolled", c.name),
            })
            .collect();
        let _ = writeln!(
            self.out,
            r##"<text x="{MARGIN}" y="{}" font-size="12" fill="#333">{}</text>"##,
            MARGIN / 2,
            escape(&texts.join(", "))
        );
    }

    /// Coordinates: file letters below, rank numbers on the left.
    fn coordinates(&mut self) {
        let b = &self.rules.board;
        for x in 0..b.files {
            let _ = writeln!(
                self.out,
                r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#333">{}</text>"##,
                self.px(x) + CELL / 2,
                self.height - self.hands - MARGIN / 3,
                file_name(x)
            );
        }
        for y in 0..b.ranks {
            let _ = writeln!(
                self.out,
                r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#333">{}</text>"##,
                MARGIN / 2,
                self.py(y) + CELL / 2 + 4,
                y + 1
            );
        }
    }
}

/// A side's disc and ink colours: by its name when it names a colour
/// (`white`, `black`, `yellow`, `red`, `blue`, `green`), else by its place.
pub fn side_colours(name: &str, index: usize) -> (&'static str, &'static str) {
    const NAMED: [&str; 6] = ["white", "black", "yellow", "red", "blue", "green"];
    match NAMED.iter().position(|n| *n == name) {
        Some(i) => SIDE_COLOURS[i],
        None => SIDE_COLOURS[index % SIDE_COLOURS.len()],
    }
}

/// A piece's tooltip: its side and kind, then those under it in a column
/// from the top down (`white man, on black man, white officer`).
fn column_title(rules: &Rules, st: &State, s: SiteId) -> String {
    let name = |&(side, kind): &(SideId, KindId)| {
        let side = &rules.sides[side as usize].name;
        format!("{side} {}", rules.kinds[kind as usize].name)
    };
    let column = match rules.columns {
        Some(_) => rules.column(st, s),
        None => st.piece_at(rules, s).into_iter().collect(),
    };
    let mut text = column.first().map(name).unwrap_or_default();
    for (i, piece) in column.iter().enumerate().skip(1) {
        text.push_str(if i == 1 { ", on " } else { ", " });
        text.push_str(&name(piece));
    }
    text
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The dice rolled apart still to play, `3 5`, or `none to play`.
fn dice_left(st: &State) -> String {
    let dice: Vec<String> = (st.dice_left().iter()).map(u8::to_string).collect();
    match dice.is_empty() {
        true => "none to play".to_string(),
        false => dice.join(" "),
    }
}
