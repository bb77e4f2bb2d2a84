//! The counters of `[counters]` in a FEN, both ways: a counter named in
//! `[fen] fields` is each side's value, sides in order, joined by `+`
//! (`3+3`, as python-chess writes checks left). Read also, in
//! any place after the board, as `+W+B`: how many moves each side has
//! counted (lichess's field, `+1+0`: checks given), each taken from the
//! counter's start by its `add`.

use super::fen::FenReader;
use super::*;

/// The field of the `i`-th counter: `3+3`.
pub(super) fn counter_text(rules: &Rules, st: &State, i: u16) -> String {
    (0..rules.sides.len() as SideId)
        .map(|s| rules.counter_value(st, s, i).to_string())
        .collect::<Vec<_>>()
        .join("+")
}

/// The index of the FEN's field of moves counted (`+1+0`), in a game with
/// one counter field, if any: it is read apart from the others.
pub(super) fn counted_field(rules: &Rules, fields: &[(usize, &str)]) -> Option<usize> {
    let mut counters = rules
        .fen
        .fields()
        .iter()
        .filter(|f| matches!(f, FenField::Counter(_)));
    counters.next()?;
    if counters.next().is_some() {
        return None;
    }
    (fields.iter().skip(1))
        .position(|(_, t)| t.starts_with('+'))
        .map(|i| i + 1)
}

impl FenReader<'_> {
    /// Reads the `i`-th counter's field, `text` at `at`: the values
    /// (`3+3`), or, `counted`, the moves counted (`+1+0`).
    pub(super) fn counter(&mut self, i: u16, (at, text): (usize, &str), counted: bool) {
        let rules = self.rules;
        let body = if counted { &text[1..] } else { text };
        let values: Vec<Option<u8>> = body.split('+').map(|n| n.parse::<u8>().ok()).collect();
        let n_sides = rules.sides.len();
        if values.len() != n_sides || values.iter().any(Option::is_none) {
            let example = vec!["0"; n_sides].join("+");
            let name = &rules.counters.list[i as usize].name;
            self.error(
                at..at + text.len(),
                format!("`{text}` is not a value of `{name}` for each side"),
                format!("a number from 0 to 255 per side, in side order, joined by `+`: `{example}`, or the moves counted: `+{example}`"),
            );
            return;
        }
        let counter = &rules.counters.list[i as usize];
        for (s, v) in values.into_iter().flatten().enumerate() {
            let v = match counted {
                true => (counter.start as i32 + counter.step as i32 * v as i32).clamp(0, 255) as u8,
                false => v,
            };
            rules.set_counter(&mut self.st, s as SideId, i, v);
        }
    }
}
