//! FEN (Forsyth–Edwards Notation) for grid games, both ways: the board
//! rank by rank from the top, each piece as its side's symbol for its kind
//! (the longest symbol that fits, so two-letter symbols such as SFEN's
//! `+P` read too), runs of empty squares as numbers; then the side to
//! move, the castling field (`KQkq`, or Shredder/X-FEN file letters) as
//! the `[fen]` castling flag on a king and a rook, the en passant square
//! as the last move of the `[fen]` en passant kind, and the two counters,
//! read and checked but not kept (the game keeps no move counters).

use super::*;
use crate::diag::{Diagnostic, FileId, Loc};
use crate::rules::NO_LAST;

/// The fields a FEN may have: board, side, castling, en passant, and the
/// halfmove and fullmove counters.
const FEN_FIELDS: usize = 6;

/// Reads a FEN, reporting every problem found with its column.
pub fn parse_fen(rules: &Rules, text: &str, file: FileId) -> Result<State, Vec<Diagnostic>> {
    let mut r = FenReader {
        rules,
        file,
        st: rules.initial.clone(),
        errors: Vec::new(),
    };
    r.st.board.iter_mut().for_each(|v| *v = 0);
    r.st.marks.iter_mut().for_each(|m| *m = 0);
    r.st.last = NO_LAST;
    r.st.huffable = None;
    r.st.passes = 0;
    let fields: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect();
    if fields.is_empty() {
        r.error(0..0, "the FEN is empty", "a FEN starts with the board: its ranks from the top, separated by `/`, such as `8/8/8/8/8/8/8/8 w - - 0 1`");
        return Err(r.errors);
    }
    if let Some(&(at, extra)) = fields.get(FEN_FIELDS) {
        r.error(
            at..at + extra.len(),
            "a FEN has at most six fields",
            "board, side to move, castling, en passant, halfmove clock, fullmove number",
        );
    }
    r.board(fields[0]);
    rules.index_pieces(&mut r.st);
    if let Some(&side) = fields.get(1) {
        r.side(side);
    }
    if let Some(&castling) = fields.get(2) {
        r.castling(castling);
    }
    if let Some(&square) = fields.get(3) {
        r.en_passant(square);
    }
    for &(at, n) in fields.iter().skip(4).take(2) {
        if n.parse::<u32>().is_err() {
            r.error(
                at..at + n.len(),
                format!("`{n}` is not a count of moves"),
                "the last two fields are the halfmove clock and the fullmove number, such as `0 1`",
            );
        }
    }
    let FenReader { mut st, errors, .. } = r;
    if !errors.is_empty() {
        return Err(errors);
    }
    // The draw rules' history starts here: this position seen once, its
    // counters at 0 (FEN's halfmove clock is not read into them).
    st.history = rules.fresh_history(&st);
    rules.decide(&mut st);
    Ok(st)
}

/// The FEN of a position; an error when the board has pieces a FEN cannot
/// place (on extra sites off the grid).
pub fn fen_string(rules: &Rules, st: &State) -> Result<String, String> {
    let board = &rules.board;
    if let Some(s) = (0..board.n_sites())
        .map(|i| SiteId(i as u16))
        .find(|&s| board.is_extra(s) && st.board[s.0 as usize] != 0)
    {
        return Err(format!(
            "the piece on {} stands off the grid, where a FEN has no square",
            board.site_name(s)
        ));
    }
    let mut ranks = Vec::new();
    for y in (0..board.ranks).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for x in 0..board.files {
            match board.square_site(x, y).and_then(|s| st.piece_at(rules, s)) {
                Some((side, kind)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&rules.sides[side as usize].symbols[kind as usize]);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let letter = side_letter(rules, rules.to_move(st) as usize);
    Ok(format!(
        "{} {letter} {} {} 0 1",
        ranks.join("/"),
        castling_text(rules, st),
        en_passant_text(rules, st)
    ))
}

/// A side in FEN's side-to-move field: its `[fen] side_to_move` letter,
/// else the first letter of its name, in lower case.
fn side_letter(rules: &Rules, side: usize) -> String {
    match rules.fen.side_letter(side) {
        Some(l) => l.to_string(),
        None => (rules.sides[side].name.chars().take(1))
            .collect::<String>()
            .to_lowercase(),
    }
}

/// FEN's castling field: per side, `K` and `Q` (in the case of the side's
/// king symbol) for the outermost rook of each wing with the flag, the
/// rook's file letter for another (X-FEN); `-` for none.
fn castling_text(rules: &Rules, st: &State) -> String {
    let Some((bit, king, rook)) = rules.fen.castling else {
        return "-".into();
    };
    let mut out = String::new();
    for side in 0..rules.sides.len() as SideId {
        let Some(k) = pieces_of_kind(rules, st, side, king).next() else {
            continue;
        };
        if !has_mark(st, k, bit) {
            continue;
        }
        let upper = is_upper(&rules.sides[side as usize].symbols[king as usize]);
        let kx = rules.board.sites[k.0 as usize].x;
        let rooks: Vec<SiteId> = rank_pieces(rules, st, side, rook, k).collect();
        let x = |s: &SiteId| rules.board.sites[s.0 as usize].x;
        for (wing, east) in [('k', true), ('q', false)] {
            let side_rooks: Vec<&SiteId> = rooks.iter().filter(|s| (x(s) > kx) == east).collect();
            let outer = if east {
                side_rooks.iter().max_by_key(|s| x(s))
            } else {
                side_rooks.iter().min_by_key(|s| x(s))
            };
            for r in side_rooks.iter().filter(|s| has_mark(st, ***s, bit)) {
                let c = if Some(r) == outer {
                    wing
                } else {
                    crate::board::file_name(x(r)).chars().next().unwrap_or(wing)
                };
                out.push(if upper { c.to_ascii_uppercase() } else { c });
            }
        }
    }
    if out.is_empty() {
        "-".into()
    } else {
        out
    }
}

/// FEN's en passant field: the square the last move passed over, when a
/// piece of the `[fen]` en passant kind made it two squares straight.
fn en_passant_text(rules: &Rules, st: &State) -> String {
    let (Some(kind), [from, to]) = (rules.fen.en_passant, st.last) else {
        return "-".into();
    };
    if from == NO_LAST[0] || st.piece_at(rules, to).map(|p| p.1) != Some(kind) {
        return "-".into();
    }
    let (a, b) = (
        &rules.board.sites[from.0 as usize],
        &rules.board.sites[to.0 as usize],
    );
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let straight = (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs().max(dy.abs()) == 2;
    match rules.board.square_site(a.x + dx / 2, a.y + dy / 2) {
        Some(s) if straight => rules.board.site_name(s).to_string(),
        _ => "-".into(),
    }
}

fn is_upper(symbol: &str) -> bool {
    symbol.chars().next().is_some_and(|c| c.is_uppercase())
}

fn has_mark(st: &State, s: SiteId, bit: u8) -> bool {
    st.marks
        .get(s.0 as usize)
        .is_some_and(|m| m >> bit & 1 == 1)
}

/// The sites of `side`'s pieces of `kind`, in site order.
fn pieces_of_kind<'a>(
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    kind: KindId,
) -> impl Iterator<Item = SiteId> + 'a {
    (0..rules.board.n_sites())
        .map(|i| SiteId(i as u16))
        .filter(move |&s| st.piece_at(rules, s) == Some((side, kind)))
}

/// `side`'s pieces of `kind` on the rank of `at`.
fn rank_pieces<'a>(
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    kind: KindId,
    at: SiteId,
) -> impl Iterator<Item = SiteId> + 'a {
    let y = rules.board.sites[at.0 as usize].y;
    pieces_of_kind(rules, st, side, kind)
        .filter(move |s| !rules.board.is_extra(*s) && rules.board.sites[s.0 as usize].y == y)
}

/// A FEN being read, field by field, and the problems found.
struct FenReader<'a> {
    rules: &'a Rules,
    file: FileId,
    st: State,
    errors: Vec<Diagnostic>,
}

impl FenReader<'_> {
    fn error(
        &mut self,
        span: std::ops::Range<usize>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        let d = Diagnostic::error("bad-fen", message)
            .at(Loc {
                file: self.file,
                span,
            })
            .label("here")
            .hint(hint);
        self.errors.push(d);
    }

    /// The board field: ranks from the top, separated by `/`.
    fn board(&mut self, (at, text): (usize, &str)) {
        let rules = self.rules;
        let (files, ranks) = (rules.board.files, rules.board.ranks);
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != ranks as usize {
            self.error(
                at..at + text.len(),
                format!("this FEN has {} ranks; the board has {ranks}", rows.len()),
                "write one rank per row of the board, from the top, separated by `/`",
            );
            return;
        }
        // Every piece symbol, longest first.
        let mut symbols: Vec<(&str, SideId, KindId)> = (rules.sides.iter().enumerate())
            .flat_map(|(s, side)| {
                (side.symbols.iter().enumerate())
                    .map(move |(k, sym)| (sym.as_str(), s as SideId, k as KindId))
            })
            .collect();
        symbols.sort_by_key(|(sym, ..)| std::cmp::Reverse(sym.len()));
        let mut start = at;
        for (r, row) in rows.iter().enumerate() {
            let y = ranks - 1 - r as i32;
            let (mut x, mut i) = (0i32, 0);
            while i < row.len() {
                let rest = &row[i..];
                let col = start + i;
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits > 0 {
                    let n = rest[..digits].parse::<i32>().unwrap_or(i32::MAX);
                    x = x.saturating_add(n);
                    i += digits;
                    continue;
                }
                let Some(&(sym, side, kind)) = symbols
                    .iter()
                    .find(|(sym, ..)| !sym.is_empty() && rest.starts_with(sym))
                else {
                    let c = rest.chars().next().unwrap_or(' ');
                    let known: Vec<&str> = symbols.iter().map(|s| s.0).collect();
                    self.error(
                        col..col + c.len_utf8(),
                        format!("`{c}` is no piece's symbol"),
                        format!(
                            "the pieces are {}; a number counts empty squares",
                            known.join(" ")
                        ),
                    );
                    return;
                };
                match rules.board.square_site(x, y) {
                    Some(site) if x < files => {
                        self.st.board[site.0 as usize] = rules.man(side, kind);
                    }
                    _ if x >= files => {
                        self.error(
                            col..col + sym.len(),
                            format!("rank {} is longer than the board's {files} files", y + 1),
                            "count the pieces and empty squares of this rank",
                        );
                        return;
                    }
                    _ => {
                        let name = format!("{}{}", crate::board::file_name(x), y + 1);
                        self.error(
                            col..col + sym.len(),
                            format!("{name} is a hole of this board: no piece stands there"),
                            "count the hole as an empty square",
                        );
                        return;
                    }
                }
                x += 1;
                i += sym.len();
            }
            if x != files {
                self.error(
                    start..start + row.len(),
                    format!(
                        "rank {} has {x} squares; the board has {files} files",
                        y + 1
                    ),
                    "count the pieces and empty squares of this rank",
                );
            }
            start += row.len() + 1;
        }
    }

    /// The side to move: its name, or its name's first letter (`w`, `b`).
    fn side(&mut self, (at, text): (usize, &str)) {
        let rules = self.rules;
        let lower = text.to_lowercase();
        // The letter `[fen] side_to_move` gives a side, else the first
        // letter of its name; or its whole name.
        let found = (rules.sides.iter().enumerate()).find(|(i, s)| {
            let letter = match rules.fen.side_letter(*i) {
                Some(l) => l == text,
                None => lower.chars().count() == 1 && s.name.to_lowercase().starts_with(&lower),
            };
            letter || s.name.to_lowercase() == lower
        });
        let turn = found.and_then(|(s, _)| rules.order.iter().position(|&o| o as usize == s));
        match turn {
            Some(i) => self.st.turn = (rules.prelude.len() + i) as u8,
            None => {
                let names: Vec<String> = (0..rules.sides.len())
                    .map(|i| format!("`{}`", side_letter(rules, i)))
                    .collect();
                self.error(
                    at..at + text.len(),
                    format!("`{text}` is no side to move"),
                    format!(
                        "the side to move is {} (or a side's name)",
                        names.join(" or ")
                    ),
                );
            }
        }
    }

    /// The castling field: the castling flag on each king and rook named.
    fn castling(&mut self, (at, text): (usize, &str)) {
        if text == "-" {
            return;
        }
        let rules = self.rules;
        let Some((bit, king, rook)) = rules.fen.castling else {
            self.error(at..at + text.len(), "this game says nothing of castling in FEN", "write `-`, or give the game `[fen] castling = { flag = ..., king = ..., rook = ... }`");
            return;
        };
        for (i, c) in text.char_indices() {
            let span = at + i..at + i + c.len_utf8();
            let side = (0..rules.sides.len() as SideId).find(|&s| {
                is_upper(&rules.sides[s as usize].symbols[king as usize]) == c.is_uppercase()
            });
            let Some(side) = side else {
                self.error(
                    span,
                    format!("no side castles with `{c}`"),
                    "upper case letters are the side whose king symbol is upper case",
                );
                continue;
            };
            let Some(k) = pieces_of_kind(rules, &self.st, side, king).next() else {
                self.error(
                    span,
                    format!(
                        "`{c}` gives castling to {}, which has no {} on the board",
                        rules.sides[side as usize].name, rules.kinds[king as usize].name
                    ),
                    "write `-` for no castling",
                );
                continue;
            };
            let x = |s: &SiteId| rules.board.sites[s.0 as usize].x;
            let kx = x(&k);
            let rooks: Vec<SiteId> = rank_pieces(rules, &self.st, side, rook, k).collect();
            let partner = match c.to_ascii_lowercase() {
                'k' => rooks.iter().filter(|s| x(s) > kx).max_by_key(|s| x(s)),
                'q' => rooks.iter().filter(|s| x(s) < kx).min_by_key(|s| x(s)),
                f => rooks
                    .iter()
                    .find(|s| crate::board::file_name(x(s)) == f.to_string()),
            };
            match partner {
                Some(&r) => {
                    self.st.marks[k.0 as usize] |= 1 << bit;
                    self.st.marks[r.0 as usize] |= 1 << bit;
                }
                None => self.error(span, format!("`{c}` names no {} of {} on its {}'s rank", rules.kinds[rook as usize].name, rules.sides[side as usize].name, rules.kinds[king as usize].name), "`K`/`Q` are the outermost rook of each wing, a file letter the rook on that file (Shredder-FEN, X-FEN)"),
            }
        }
    }

    /// The en passant field: the square the last move passed over.
    fn en_passant(&mut self, (at, text): (usize, &str)) {
        if text == "-" {
            return;
        }
        let rules = self.rules;
        let span = at..at + text.len();
        let Some(kind) = rules.fen.en_passant.filter(|_| rules.tracks_last) else {
            self.error(span, "this game has no en passant in FEN", "write `-`, or give the game `[fen] en_passant = KIND` and a move that reads the last move");
            return;
        };
        let Some(square) = rules.board.site(text) else {
            self.error(
                span,
                format!("there is no square `{text}` on this board"),
                crate::compile::board_extent(&rules.board),
            );
            return;
        };
        // The side that moved last went forward over the square.
        let mover = rules.turn_side(rules.previous_turn(self.st.turn as usize));
        let forward = rules.sides[mover as usize].forward.unwrap_or(0);
        let from = rules.board.neighbor(square, (forward + 4) % 8);
        let to = rules.board.neighbor(square, forward);
        match (from, to) {
            (Some(from), Some(to)) if self.st.board[to.0 as usize] == rules.man(mover, kind) && self.st.board[square.0 as usize] == 0 => {
                self.st.last = [from, to];
            }
            _ => self.error(span, format!("no {} of {} passed over {text} on the last move", rules.kinds[kind as usize].name, rules.sides[mover as usize].name), "the en passant square is the empty square behind a piece that has just moved two squares forward"),
        }
    }
}
