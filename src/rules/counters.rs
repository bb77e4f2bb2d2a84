//! Counters per side (`[counters]`): a number each side keeps, which the
//! moves meeting a move condition raise (or lower), read by conditions
//! (`count(own checks) >= 3`). They are kept in the reserves, after the
//! tokens, so that positions, their text and their hash carry them.

use super::MoveCond;

/// The counters of a game, in declaration order; empty in most games.
#[derive(Clone, Debug, Default)]
pub struct Counters {
    /// The index of the first counter among [`super::Game::tokens`]: the
    /// counters follow the tokens there, and so in the reserves.
    pub first: usize,
    pub list: Vec<Counter>,
}

/// One counter of `[counters]`.
#[derive(Clone, Debug)]
pub struct Counter {
    pub name: String,
    /// Each side's value at the start.
    pub start: u8,
    /// What a move meeting `counts` adds (negative: counts down); the
    /// value stays within 0..=255.
    pub step: i16,
    /// The moves it counts, read on the position before the move.
    pub counts: MoveCond,
    /// `counts` is exactly `gives_check`, read on the position after the
    /// move without playing it twice.
    pub after: bool,
}

impl Counters {
    /// Whether the game has none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The counter named `name`, if any.
    pub fn find(&self, name: &str) -> Option<u16> {
        (self.list.iter())
            .position(|c| c.name == name)
            .map(|i| i as u16)
    }
}
