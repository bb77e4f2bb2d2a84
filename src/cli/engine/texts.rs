//! Moves as the engine protocols write them.
//!
//! UCI's long algebraic notation: the start square and the end square
//! (`e2e4`), a promotion's new kind as its lower-case letter (`e7e8q`), a
//! drop as the kind's upper-case letter, `@` and the square (`P@e4`),
//! castling as the castling piece's own move (`e1g1`; with `UCI_Chess960`,
//! the king onto its partner, `e1h1`), a pass as `0000`. A square is its
//! file letter and rank number from the bottom left (`a1`, `a10`).
//!
//! USI, for games whose FEN is SFEN (a `ply` field): files numbered from
//! the right, ranks lettered from the top (`7g7f`), a promotion `+`, a drop
//! `P*5e`.
//!
//! A move with no such form (a barrier placed, a piece removed or swapped,
//! a site off the grid) keeps the game's own notation, and the engine says
//! so in an `info string`.

use tavoliere::board::{file_name, SiteId};
use tavoliere::notation;
use tavoliere::rules::{FenField, Move, Rules, State};

/// The protocol whose square names and move forms are spoken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Usi,
    /// XBoard's Chess Engine Communication Protocol: UCI's move forms.
    Cecp,
}

impl Dialect {
    /// USI where the game's FEN is SFEN (its move number counts plies),
    /// UCI for every other game.
    pub fn of(rules: &Rules) -> Dialect {
        if rules.fen.fields().contains(&FenField::Ply) {
            Dialect::Usi
        } else {
            Dialect::Uci
        }
    }

    /// How a line that is only for people starts: a comment GUIs show or
    /// ignore.
    pub fn remark(self) -> &'static str {
        match self {
            Dialect::Cecp => "#",
            _ => "info string",
        }
    }
}

/// How moves are written for one game.
#[derive(Copy, Clone, Debug)]
pub struct Writer {
    pub dialect: Dialect,
    /// Castling written as the king onto its partner (`UCI_Chess960`).
    pub king_takes_rook: bool,
}

/// The legal moves of a position and their protocol texts.
pub struct Table {
    pub moves: Vec<Move>,
    /// Each move's protocol text, or `None` where it has none.
    pub texts: Vec<Option<String>>,
    /// The castling moves' other text (king onto partner, or the king's
    /// own move), accepted when read.
    pub other: Vec<Option<String>>,
}

impl Writer {
    /// A square's name, or `None` for a site off the grid.
    pub fn square(&self, rules: &Rules, s: SiteId) -> Option<String> {
        let board = &rules.board;
        if board.is_extra(s) || board.files <= 0 || board.ranks <= 0 {
            return None;
        }
        let site = &board.sites[s.0 as usize];
        if !(0..board.files).contains(&site.x) || !(0..board.ranks).contains(&site.y) {
            return None;
        }
        Some(match self.dialect {
            Dialect::Uci | Dialect::Cecp => format!("{}{}", file_name(site.x), site.y + 1),
            Dialect::Usi => {
                let rank = board.ranks - 1 - site.y;
                if rank >= 26 {
                    return None;
                }
                format!("{}{}", board.files - site.x, (b'a' + rank as u8) as char)
            }
        })
    }

    /// The table of a position's legal moves.
    pub fn table(&self, rules: &Rules, st: &State) -> Table {
        let mut moves = Vec::new();
        rules.legal_moves(st, &mut moves);
        let texts = moves.iter().map(|&m| self.text(rules, st, m)).collect();
        let other = moves
            .iter()
            .map(|&m| match rules.base(m) {
                Move::Castle { from, to, with } => {
                    let Writer { dialect, .. } = *self;
                    let flipped = Writer {
                        dialect,
                        king_takes_rook: !self.king_takes_rook,
                    };
                    flipped.castle(rules, from, to, with)
                }
                _ => None,
            })
            .collect();
        Table {
            moves,
            texts,
            other,
        }
    }

    /// A move's protocol text, or `None` where it has none.
    pub fn text(&self, rules: &Rules, st: &State, mv: Move) -> Option<String> {
        let sq = |s: SiteId| self.square(rules, s);
        let mut text = match rules.base(mv) {
            Move::Pass => return Some("0000".into()),
            Move::Step { from, to } => format!("{}{}", sq(from)?, sq(to)?),
            Move::Castle { from, to, with } => self.castle(rules, from, to, with)?,
            Move::Chain(_) => {
                let (from, to) = (rules.move_from(&mv)?, rules.move_to(&mv)?);
                format!("{}{}", sq(from)?, sq(to)?)
            }
            Move::Drop { kind, to } => {
                let letter = rules.kinds[kind as usize].symbol.to_ascii_uppercase();
                let at = if self.dialect == Dialect::Usi {
                    '*'
                } else {
                    '@'
                };
                format!("{letter}{at}{}", sq(to)?)
            }
            _ => return None,
        };
        if let Some(kind) = promoted_to(rules, st, mv) {
            let symbol = &rules.kinds[kind].symbol;
            match self.dialect {
                Dialect::Usi => text.push('+'),
                Dialect::Uci | Dialect::Cecp if symbol.starts_with('+') => text.push('+'),
                // The kind's letters only: crazyhouse's promoted rook `R~`
                // is written `r`, as every UCI program writes it.
                Dialect::Uci | Dialect::Cecp => text.extend(
                    (symbol.chars())
                        .filter(char::is_ascii_alphabetic)
                        .map(|c| c.to_ascii_lowercase()),
                ),
            }
        }
        Some(text)
    }

    fn castle(&self, rules: &Rules, from: SiteId, to: SiteId, with: SiteId) -> Option<String> {
        let end = if self.king_takes_rook || from == to {
            with
        } else {
            to
        };
        Some(format!(
            "{}{}",
            self.square(rules, from)?,
            self.square(rules, end)?
        ))
    }

    /// The legal move a protocol text names: its protocol text, else the
    /// game's own notation. An error says why none is.
    pub fn read(
        &self,
        rules: &Rules,
        st: &State,
        table: &Table,
        text: &str,
    ) -> Result<Move, String> {
        let same = |t: &Option<String>| t.as_deref() == Some(text);
        if let Some(i) = table.texts.iter().position(same) {
            return Ok(table.moves[i]);
        }
        if let Some(i) = table.other.iter().position(same) {
            return Ok(table.moves[i]);
        }
        // A promotion letter in the other case (`e7e8Q`).
        let folded = |t: &Option<String>| {
            t.as_deref().is_some_and(|t| {
                t.eq_ignore_ascii_case(text) && t.contains('@') == text.contains('@')
            })
        };
        if let Some(i) = table.texts.iter().position(folded) {
            return Ok(table.moves[i]);
        }
        if table.moves.is_empty() {
            return Err("the game is over".into());
        }
        match notation::parse_move(rules, st, text) {
            Ok(mv) if table.moves.contains(&mv) => Ok(mv),
            _ => {
                let mut known: Vec<String> = (table.texts.iter().zip(&table.moves))
                    .map(|(t, &m)| {
                        t.clone()
                            .unwrap_or_else(|| notation::move_to_string(rules, st, m))
                    })
                    .collect();
                known.sort();
                known.dedup();
                let shown = known.len().min(40);
                let more = if known.len() > shown { " ..." } else { "" };
                Err(format!(
                    "not a legal move here; the legal moves are {}{more}",
                    known[..shown].join(" ")
                ))
            }
        }
    }
}

/// The kind a move leaves its piece as, where it is not the kind it
/// started as: a promotion, whether chosen or the rule's default.
fn promoted_to(rules: &Rules, st: &State, mv: Move) -> Option<usize> {
    let (from, to) = (rules.move_from(&mv)?, rules.move_to(&mv)?);
    let (_, before) = st.piece_at(rules, from)?;
    let mut after = st.clone();
    rules.play(&mut after, mv);
    let (_, now) = after.piece_at(rules, to)?;
    (now != before).then_some(now as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Rules {
        match tavoliere::compile::from_source("test.toml", text) {
            Ok(rules) => rules,
            Err((sources, d)) => panic!("{}", tavoliere::diag::render(&sources, &d)),
        }
    }

    /// A 3x3 board: the squares' names in either dialect, and the moves of
    /// a one-step piece.
    #[test]
    fn squares_and_steps_in_both_dialects() {
        let rules = game(
            r#"
[game]
name = "t"
[board]
files = 3
ranks = 3
[sides.white]
forward = "n"
[sides.black]
forward = "s"
[pieces.man]
moves = ["step(forward) to empty"]
[setup]
white = "man: a1"
black = "man: c3"
[[end]]
when = "count(enemy man) == 0"
result = "win"
"#,
        );
        let st = rules.initial();
        let uci = Writer {
            dialect: Dialect::Uci,
            king_takes_rook: false,
        };
        let usi = Writer {
            dialect: Dialect::Usi,
            ..uci
        };
        let t = uci.table(&rules, &st);
        assert_eq!(t.texts, vec![Some("a1a2".to_string())]);
        // USI: file 3 is the left one, rank c the bottom one.
        let t = usi.table(&rules, &st);
        assert_eq!(t.texts, vec![Some("3c3b".to_string())]);
        assert_eq!(usi.read(&rules, &st, &t, "3c3b"), Ok(t.moves[0]));
        assert!(usi.read(&rules, &st, &t, "3c3a").is_err());
    }
}
