//! Pictures of positions as SVG, drawn from the board graph alone: grid
//! squares by colour, extra sites over their holes (or beside the grid),
//! labelled links as dashed lines, barriers in their grooves, pieces as
//! discs with their symbols, and coordinates. Nothing here knows a game.

use crate::board::{file_name, SiteId};
use crate::rules::{Rules, State};
use std::fmt::Write;

/// Size of a square, and the margin for coordinates.
const CELL: i32 = 40;
const MARGIN: i32 = 28;

/// Disc colours (text colour second): white, black, yellow, red, blue, green.
const SIDE_COLOURS: [(&str, &str); 6] = [
    ("#fbfbf5", "#1a1a1a"),
    ("#262626", "#f5f5f5"),
    ("#e8b923", "#1a1a1a"),
    ("#b03a2e", "#f5f5f5"),
    ("#2e6fb0", "#f5f5f5"),
    ("#2e8b57", "#f5f5f5"),
];

/// The position as an SVG document.
pub fn position(rules: &Rules, st: &State) -> String {
    let b = &rules.board;
    let (x0, x1) = b.drawn_files();
    let (cols, rows) = (x1 - x0 + 1, b.ranks);
    let (width, height) = (2 * MARGIN + cols * CELL, 2 * MARGIN + rows * CELL);
    // Top-left corner of the cell drawn at grid (x, y).
    let px = |x: i32| MARGIN + (x - x0) * CELL;
    let py = |y: i32| MARGIN + (rows - 1 - y) * CELL;
    let centre = |s: SiteId| {
        let site = &b.sites[s.0 as usize];
        (px(site.x) + CELL / 2, py(site.y) + CELL / 2)
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let shaded = |s: SiteId| {
        (rules.picture.shaded.iter())
            .any(|&r| (rules.regions[r as usize].per_side.iter()).any(|set| set.contains(s)))
    };
    // Squares of the grid, chequered like `color dark` and `color light`
    // (greener where shaded); or a point's shaded backdrop.
    for (i, site) in b.sites.iter().enumerate() {
        let s = SiteId(i as u16);
        if b.is_extra(s) || (rules.picture.points && !shaded(s)) {
            continue;
        }
        let dark = (site.x + site.y).rem_euclid(2) == 0;
        let fill = match (rules.picture.points, shaded(s), dark) {
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
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{stroke}" stroke-width="0.5"/>"##,
            px(site.x),
            py(site.y)
        );
    }
    // Extra sites over the holes they cover, named.
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
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#9fb7a2"/>"##,
                px(x),
                py(y)
            );
        }
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="9" fill="#24402b">{}</text>"##,
            px(site.x) + 2,
            py(site.y) + 10,
            site.name
        );
    }
    // Points: the lines of the compass between neighbours, then the points.
    if rules.picture.points {
        for s in 0..b.n_sites() {
            for d in 0..8 {
                let Some(t) = b.neighbor(SiteId(s as u16), d) else {
                    continue;
                };
                if (t.0 as usize) < s {
                    continue;
                }
                let ((ax, ay), (bx, by)) = (centre(SiteId(s as u16)), centre(t));
                let _ = writeln!(
                    out,
                    r##"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#5b4a36" stroke-width="2"/>"##
                );
            }
        }
        for s in 0..b.n_sites() {
            let (cx, cy) = centre(SiteId(s as u16));
            let _ = writeln!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="5" fill="#5b4a36"/>"##
            );
        }
    }
    // Lines along link labels (gates, rings, citadels).
    for s in 0..b.n_sites() {
        for d in 8..b.n_dirs() as u8 {
            let Some(t) = b.neighbor(SiteId(s as u16), d) else {
                continue;
            };
            if t.0 as usize <= s {
                continue;
            }
            let ((ax, ay), (bx, by)) = (centre(SiteId(s as u16)), centre(t));
            let _ = writeln!(
                out,
                r##"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#24402b" stroke-width="2" stroke-dasharray="4 3"/>"##
            );
        }
    }
    // Barriers in their grooves.
    for (slot_id, slot) in b.slots.iter().enumerate() {
        if st.barrier_at(slot_id as u16).is_none() {
            continue;
        }
        let anchor = &b.sites[slot.anchor.0 as usize];
        let len = slot.length as i32;
        let (xa, ya, xb, yb) = if slot.orientation == 'h' {
            let y = py(anchor.y);
            (px(anchor.x) + 2, y, px(anchor.x + len) - 2, y)
        } else {
            let x = px(anchor.x) + CELL;
            (x, py(anchor.y + len - 1) + 2, x, py(anchor.y) + CELL - 2)
        };
        let _ = writeln!(
            out,
            r##"<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" stroke="#5a2d0c" stroke-width="6" stroke-linecap="round"/>"##
        );
    }
    // Pieces.
    for i in 0..b.n_sites() {
        let s = SiteId(i as u16);
        let Some((side, kind)) = st.piece_at(rules, s) else {
            continue;
        };
        let (fill, ink) = side_colours(&rules.sides[side as usize].name, side as usize);
        let (cx, cy) = centre(s);
        let symbol = &rules.sides[side as usize].symbols[kind as usize];
        let size = if symbol.chars().count() > 2 { 11 } else { 14 };
        let _ = writeln!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#1a1a1a" stroke-width="1.2"/>"##,
            CELL * 2 / 5
        );
        let _ = writeln!(
            out,
            r#"<text x="{cx}" y="{}" font-size="{size}" text-anchor="middle" fill="{ink}">{}</text>"#,
            cy + size / 3,
            escape(symbol)
        );
    }
    // Coordinates.
    for x in 0..b.files {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#333">{}</text>"##,
            px(x) + CELL / 2,
            height - MARGIN / 3,
            file_name(x)
        );
    }
    for y in 0..b.ranks {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#333">{}</text>"##,
            MARGIN / 2,
            py(y) + CELL / 2 + 4,
            y + 1
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A side's disc and ink colours: by its name when it names a colour
/// (`white`, `black`, `yellow`, `red`, `blue`, `green`), else by its place.
fn side_colours(name: &str, index: usize) -> (&'static str, &'static str) {
    const NAMED: [&str; 6] = ["white", "black", "yellow", "red", "blue", "green"];
    match NAMED.iter().position(|n| *n == name) {
        Some(i) => SIDE_COLOURS[i],
        None => SIDE_COLOURS[index % SIDE_COLOURS.len()],
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
