//! The pieces in hand in a FEN, both ways: each piece by its side's symbol
//! for its kind (upper case for the side whose symbols are), sides in
//! order, kinds in the order of `[pieces]`. Crazyhouse's pocket repeats a
//! letter (`[QRbpp]`); SFEN's hands field puts a count before it (`2P3pS`,
//! `-` for none). Either form reads in either place.

use super::fen::FenReader;
use super::*;

/// How a hand writes more than one piece of a kind.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Style {
    /// The letter repeated: `pp` (crazyhouse's pocket).
    Repeated,
    /// A count before the letter: `2p`, `-` for empty hands (SFEN).
    Counts,
}

/// The hands of every side.
pub(super) fn hands_text(rules: &Rules, st: &State, style: Style) -> String {
    let mut out = String::new();
    for side in 0..rules.sides.len() as SideId {
        for kind in 0..rules.kinds.len() as KindId {
            let n = st.pieces_in_hand(rules, side, kind);
            let symbol = &rules.sides[side as usize].symbols[kind as usize];
            match style {
                _ if n == 0 => {}
                Style::Repeated => out.push_str(&symbol.repeat(n as usize)),
                Style::Counts if n == 1 => out.push_str(symbol),
                Style::Counts => out.push_str(&format!("{n}{symbol}")),
            }
        }
    }
    if out.is_empty() && style == Style::Counts {
        out.push('-');
    }
    out
}

/// The kinds a hand may hold: those a capture sends to hand, and those a
/// side starts with in hand.
fn hand_kinds(rules: &Rules) -> Vec<KindId> {
    (0..rules.kinds.len() as KindId)
        .filter(|&k| {
            rules.kinds.iter().any(|p| p.to_hand == Some(k))
                || (0..rules.sides.len() as SideId)
                    .any(|s| rules.initial.pieces_in_hand(rules, s, k) > 0)
        })
        .collect()
}

impl FenReader<'_> {
    /// Empties every side's hand of pieces (barriers and tokens stay), for
    /// a FEN that writes the hands.
    pub(super) fn empty_hands(&mut self) {
        let rules = self.rules;
        for side in 0..rules.sides.len() {
            let first = side * rules.n_items() + rules.barriers.len();
            self.st.reserves[first..first + rules.kinds.len()].fill(0);
        }
    }

    /// The pieces in hand, from column `at`: letters, each after an
    /// optional count (`2P3pS`, `QRbpp`); `-` alone for none.
    pub(super) fn hands(&mut self, at: usize, text: &str) {
        if text == "-" {
            return;
        }
        let rules = self.rules;
        let kinds = hand_kinds(rules);
        let mut symbols: Vec<(&str, SideId, KindId)> = (0..rules.sides.len() as SideId)
            .flat_map(|s| kinds.iter().map(move |&k| (s, k)))
            .map(|(s, k)| (rules.sides[s as usize].symbols[k as usize].as_str(), s, k))
            .filter(|(sym, ..)| !sym.is_empty())
            .collect();
        symbols.sort_by_key(|(sym, ..)| std::cmp::Reverse(sym.len()));
        let mut i = 0;
        while i < text.len() {
            let rest = &text[i..];
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let count = match digits {
                0 => 1,
                _ => rest[..digits].parse::<u32>().unwrap_or(u32::MAX),
            };
            let (col, after) = (at + i, &rest[digits..]);
            if count == 0 {
                self.error(
                    col..col + digits,
                    "a count of 0 in a hand",
                    "leave out a piece the hand does not hold",
                );
                return;
            }
            let Some(&(sym, side, kind)) = symbols.iter().find(|(sym, ..)| after.starts_with(sym))
            else {
                let span = match after.chars().next() {
                    Some(c) => col + digits..col + digits + c.len_utf8(),
                    None => col..col + digits,
                };
                let (message, hint) = match after.chars().next() {
                    None => (
                        format!("the count {count} names no piece"),
                        "a count stands before the letter of the piece it counts: `2P`".to_string(),
                    ),
                    Some(c) if symbols.is_empty() => (
                        format!("`{c}`: this game holds no pieces in hand"),
                        "no piece of this game goes to a hand: write `-`".to_string(),
                    ),
                    Some(c) => {
                        let known: Vec<&str> = symbols.iter().map(|s| s.0).collect();
                        (
                            format!("`{c}` is no piece a hand holds"),
                            format!("the pieces in hand are {}", known.join(" ")),
                        )
                    }
                };
                self.error(span, message, hint);
                return;
            };
            let slot = side as usize * rules.n_items() + rules.barriers.len() + kind as usize;
            let total = u32::from(self.st.reserves[slot]).saturating_add(count);
            if total > 255 {
                self.error(
                    col..col + digits + sym.len(),
                    "a hand holds at most 255 pieces of a kind",
                    "count the pieces again",
                );
                return;
            }
            self.st.reserves[slot] = total as u8;
            i += digits + sym.len();
        }
    }
}
