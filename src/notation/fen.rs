//! Reading a position as FEN, for grid games: its fields in the order
//! `[fen] fields` gives (FEN's six by default). The board rank by rank
//! from the top, each piece as its side's symbol for its kind (the longest
//! symbol that fits, so two-letter symbols such as SFEN's `+P` read too),
//! runs of empty squares as numbers, and the pocket in brackets after it
//! where `[fen] hands = "brackets"`; the side to move; the castling field
//! (`KQkq`, or Shredder/X-FEN file letters) as the `[fen]` castling flag on
//! a king and a rook; the en passant square as the last move of the
//! `[fen]` en passant kind; the halfmove clock into its `since(...)`
//! counter; the move number into the history; the hands (`fen_hands`).
//! Writing is `fen_write`.

use super::fen_counters;
use super::fen_write::side_letter;
use super::*;
use crate::diag::{Diagnostic, FileId, Loc};
use crate::rules::NO_LAST;

/// Reads a FEN, reporting every problem found with its column.
pub fn parse_fen(rules: &Rules, text: &str, file: FileId) -> Result<State, Vec<Diagnostic>> {
    let mut r = FenReader {
        rules,
        file,
        st: rules.initial.clone(),
        errors: Vec::new(),
    };
    r.st.board.iter_mut().for_each(|v| *v = 0);
    r.st.heights.iter_mut().for_each(|h| *h = 0);
    r.st.under.iter_mut().for_each(|v| *v = 0);
    r.st.marks.iter_mut().for_each(|m| *m = 0);
    r.st.last = NO_LAST;
    r.st.huffable = None;
    r.st.passes = 0;
    if rules.fen.hands.is_some() {
        r.empty_hands();
    }
    let mut fields: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect();
    // Lichess's `+W+B`, read apart, wherever it stands.
    let counted = fen_counters::counted_field(rules, &fields).map(|i| fields.remove(i));
    if fields.is_empty() {
        r.error(0..0, "the FEN is empty", "a FEN starts with the board: its ranks from the top, separated by `/`, such as `8/8/8/8/8/8/8/8 w - - 0 1`");
        return Err(r.errors);
    }
    // Given as the moves counted, the counter's own field is left out.
    let layout: Vec<FenField> = (rules.fen.fields().iter().copied())
        .filter(|f| counted.is_none() || f.counter().is_none())
        .collect();
    if let Some(&(at, extra)) = fields.get(layout.len()) {
        let names: Vec<&str> = layout.iter().map(|f| f.name()).collect();
        r.error(
            at..at + extra.len(),
            format!("a FEN of this game has at most {} fields", layout.len()),
            names.join(", "),
        );
    }
    // The board first, so that castling and en passant can read it.
    r.board(fields[0]);
    rules.index_pieces(&mut r.st);
    // Castling and en passant read the board: not a board left half read.
    let board_read = r.errors.is_empty();
    let mut counters = Counters::default();
    for (&field, &(at, text)) in layout.iter().zip(&fields).skip(1) {
        match field {
            FenField::Board => {}
            FenField::Side => r.side((at, text)),
            FenField::Castling if board_read => r.castling((at, text)),
            FenField::EnPassant if board_read => r.en_passant((at, text)),
            FenField::Castling | FenField::EnPassant => {}
            FenField::Hands => r.hands(at, text),
            FenField::Halfmove => counters.halfmove = r.number(at, text, field),
            FenField::Fullmove => counters.fullmove = r.number(at, text, field),
            FenField::Ply => counters.ply = r.number(at, text, field),
            FenField::Counter(i) => r.counter(i, (at, text), false),
        }
    }
    let counter = rules.fen.fields().iter().find_map(FenField::counter);
    if let (Some(i), Some(field)) = (counter, counted) {
        r.counter(i, field, true);
    }
    let plies = match (counters.fullmove, counters.ply) {
        (Some(n), _) => r.fullmove_plies(n),
        (_, Some(n)) => n.saturating_sub(1),
        _ => 0,
    };
    let FenReader { mut st, errors, .. } = r;
    if !errors.is_empty() {
        return Err(errors);
    }
    // The draw rules' history starts here: this position seen once, the
    // halfmove clock in its counter, the plies before it from the move
    // number (kept only by a game that keeps a history).
    st.history = rules.fresh_history(&st);
    if let Some(h) = &mut st.history {
        if let (Some(i), Some(n)) = (rules.fen.halfmove, counters.halfmove) {
            h.since[i as usize] = n;
        }
        h.before = plies;
    }
    rules.decide(&mut st);
    Ok(st)
}

/// The counters a FEN gives: the halfmove clock, the move number (FEN's
/// full moves or SFEN's plies).
#[derive(Default)]
struct Counters {
    halfmove: Option<u32>,
    fullmove: Option<u32>,
    ply: Option<u32>,
}

pub(super) fn is_upper(symbol: &str) -> bool {
    symbol.chars().next().is_some_and(|c| c.is_uppercase())
}

pub(super) fn has_mark(st: &State, s: SiteId, bit: u8) -> bool {
    st.marks
        .get(s.0 as usize)
        .is_some_and(|m| m >> bit & 1 == 1)
}

/// The sites of `side`'s pieces of `kind`, in site order.
pub(super) fn pieces_of_kind<'a>(
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    kind: KindId,
) -> impl Iterator<Item = SiteId> + 'a {
    (0..rules.board.n_sites())
        .map(|i| SiteId(i as u16))
        .filter(move |&s| st.piece_at(rules, s) == Some((side, kind)))
}

/// The rank (`y`) of `side`'s `king` at the start of the game, else where
/// it stands now (`at`): the back rank of a castling field read or written
/// with `any_piece`.
pub(super) fn home_rank(rules: &Rules, side: SideId, king: KindId, at: SiteId) -> i32 {
    let start = rules.initial();
    let home = pieces_of_kind(rules, &start, side, king)
        .next()
        .unwrap_or(at);
    rules.board.sites[home.0 as usize].y
}

/// `side`'s pieces of `kind` on the rank of `at`.
pub(super) fn rank_pieces<'a>(
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
pub(super) struct FenReader<'a> {
    pub(super) rules: &'a Rules,
    file: FileId,
    pub(super) st: State,
    errors: Vec<Diagnostic>,
}

impl FenReader<'_> {
    pub(super) fn error(
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

    /// Reads the pocket at the end of the board field, in brackets
    /// (`[QRbpp]`) or as one more rank, where `[fen] hands = "brackets"`;
    /// the ranks before it, or `None` after an error.
    fn pocket<'t>(&mut self, at: usize, text: &'t str) -> Option<&'t str> {
        let brackets = self.rules.fen.hands == Some(HandPlace::Brackets);
        let Some(open) = text.find('[') else {
            let ranks = self.rules.board.ranks as usize;
            return match text.rsplit_once('/') {
                Some((board, pocket)) if brackets && text.split('/').count() == ranks + 1 => {
                    self.hands(at + board.len() + 1, pocket);
                    Some(board)
                }
                _ => Some(text),
            };
        };
        let span = at + open..at + text.len();
        if !brackets {
            let hint = match self.rules.fen.hands {
                Some(_) => "this game writes the pieces in hand in their own field",
                None => "this game's FEN has no pieces in hand: leave out the brackets, or give the game `[fen] hands = \"brackets\"`",
            };
            self.error(
                span,
                "a pocket in brackets, where this game's FEN has none",
                hint,
            );
            return None;
        }
        let Some(pocket) = text[open + 1..].strip_suffix(']') else {
            self.error(
                span,
                "the pocket has no closing `]`",
                "the pocket is the last thing of the board field: `.../RNBQKBNR[QRbpp]`",
            );
            return None;
        };
        self.hands(at + open + 1, pocket);
        Some(&text[..open])
    }

    /// A counter field: a number of moves.
    fn number(&mut self, at: usize, text: &str, field: FenField) -> Option<u32> {
        let n = text.parse::<u32>().ok();
        if n.is_none() {
            self.error(
                at..at + text.len(),
                format!("`{text}` is not a count of moves"),
                format!(
                    "the {} field is a number, such as `{}`",
                    field.name(),
                    u32::from(field != FenField::Halfmove)
                ),
            );
        }
        n
    }

    /// The plies before a position whose fullmove number is `n`: the
    /// whole rounds of the turn order before it, and the sides that have
    /// moved in this one.
    fn fullmove_plies(&self, n: u32) -> u32 {
        let rules = self.rules;
        let turn = (self.st.turn as usize).saturating_sub(rules.prelude.len()) as u32;
        n.saturating_sub(1)
            .saturating_mul(rules.order.len() as u32)
            .saturating_add(turn)
    }

    /// `SIDE*K`: the `K`-th turn of the prelude, played by `SIDE`.
    fn prelude_side(&mut self, at: usize, (side, k): (&str, &str)) {
        let rules = self.rules;
        let n = rules.prelude.len();
        let turn = k.parse::<usize>().ok().filter(|k| (1..=n).contains(k));
        let Some(turn) = turn else {
            let hint = match n {
                0 => "this game has no prelude: write the side alone".to_string(),
                1 => "the prelude has one turn: `*1`".to_string(),
                _ => format!("after `*`, the prelude's turn from 1 to {n}"),
            };
            let end = at + side.len() + 1 + k.len();
            return self.error(
                at..end,
                format!("`{side}*{k}` is no turn of the prelude"),
                hint,
            );
        };
        let player = rules.prelude[turn - 1].side as usize;
        let letter = super::fen_write::side_letter(rules, player);
        let name = &rules.sides[player].name;
        if side != letter && !side.eq_ignore_ascii_case(name) {
            return self.error(
                at..at + side.len(),
                format!("the prelude's turn {turn} is not `{side}`'s"),
                format!("write `{letter}*{turn}`"),
            );
        }
        self.st.turn = (turn - 1) as u8;
    }

    /// The board field: ranks from the top, separated by `/`.
    fn board(&mut self, (at, text): (usize, &str)) {
        let Some(text) = self.pocket(at, text) else {
            return;
        };
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
                if rest.starts_with('(') {
                    match self.stack(col, rest, (x, y), &symbols) {
                        Some(len) => {
                            x += 1;
                            i += len;
                            continue;
                        }
                        None => return,
                    }
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

    /// A site of several pieces in the board field, `(SYMBOLS)` from the
    /// top down (a column of `[columns]`, or a stack of one kind with
    /// `stacks = true`) at `rest`'s start, square (x, y); its length in
    /// bytes, or `None` after an error.
    fn stack(
        &mut self,
        col: usize,
        rest: &str,
        (x, y): (i32, i32),
        symbols: &[(&str, SideId, KindId)],
    ) -> Option<usize> {
        let rules = self.rules;
        let Some(close) = rest.find(')') else {
            self.error(
                col..col + 1,
                "`(` is never closed",
                "write a stack's pieces as `(wBb)`, from the top down",
            );
            return None;
        };
        let (mut values, mut j) = (Vec::new(), 1);
        while j < close {
            let Some(&(sym, side, kind)) = symbols
                .iter()
                .find(|(sym, ..)| !sym.is_empty() && rest[j..close].starts_with(sym))
            else {
                self.error(
                    col + j..col + close,
                    "not a piece's symbol",
                    "a stack is its pieces' symbols, from the top down",
                );
                return None;
            };
            values.push(rules.man(side, kind));
            j += sym.len();
        }
        let site = rules
            .board
            .square_site(x, y)
            .filter(|_| x < rules.board.files);
        let fits = match rules.columns {
            Some(c) => values.len() <= c.depth as usize + 1,
            None => {
                values.windows(2).all(|w| w[0] == w[1])
                    && values
                        .first()
                        .is_some_and(|&v| rules.kinds[rules.unman(v).1 as usize].stacks)
                    && values.len() <= 256
            }
        };
        let (Some(site), true, false) = (site, fits, values.is_empty()) else {
            self.error(
                col..col + close + 1,
                "no stack this game can hold here",
                "a column's pieces (`[columns]`), or pieces of one kind that stacks, on a square of the board",
            );
            return None;
        };
        let i = site.0 as usize;
        self.st.board[i] = values[0];
        match rules.columns {
            Some(c) => {
                let depth = c.depth as usize;
                self.st.under[i * depth..i * depth + values.len() - 1]
                    .copy_from_slice(&values[1..]);
                self.st.heights[i] = (values.len() - 1) as u8;
            }
            None => self.st.heights[i] = (values.len() - 1) as u8,
        }
        Some(close + 1)
    }

    /// The side to move: its name, or its name's first letter (`w`, `b`);
    /// `SIDE*K` in the prelude's `K`-th turn, which must be the side's.
    fn side(&mut self, (at, text): (usize, &str)) {
        let rules = self.rules;
        if let Some((side, k)) = text.split_once('*') {
            return self.prelude_side(at, (side, k));
        }
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
            if rules.fen.castling_any && !matches!(c, 'k' | 'K' | 'q' | 'Q') {
                self.flag_on_file(span, (side, k, bit), c);
                continue;
            }
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

    /// A file letter of a castling field read with `any_piece`: the flag
    /// on the side's piece on that file of its king's rank, alone.
    fn flag_on_file(
        &mut self,
        span: std::ops::Range<usize>,
        (side, k, bit): (SideId, SiteId, u8),
        c: char,
    ) {
        let rules = self.rules;
        let king = rules.fen.castling.map_or(0, |c| c.1);
        let y = home_rank(rules, side, king, k);
        let file = c.to_ascii_lowercase().to_string();
        let site = (0..rules.board.n_sites() as u16).map(SiteId).find(|&s| {
            let site = &rules.board.sites[s.0 as usize];
            site.y == y && crate::board::file_name(site.x) == file
        });
        match site.filter(|s| self.st.piece_at(rules, *s).is_some_and(|(o, _)| o == side)) {
            Some(s) => self.st.marks[s.0 as usize] |= 1 << bit,
            None => self.error(
                span,
                format!(
                    "`{c}` names no piece of {} on its back rank",
                    rules.sides[side as usize].name
                ),
                "a file letter names the piece on that file of the rank the king starts on",
            ),
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
