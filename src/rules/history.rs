//! What a game remembers for its draw rules ([`History`]): the positions
//! seen (for `repetitions` and `perpetual check`) and the plies since the
//! last move meeting each `since(...)` condition. Only games whose end
//! rules read them keep one; for every other game a [`State`] carries
//! `None`, which costs nothing to clone.

use super::*;

/// What the end rules of a game read of its history.
#[derive(Clone, Debug, Default)]
pub struct HistoryRules {
    /// The move conditions of the `since(...)` counters, in file order.
    pub since: Vec<MoveCond>,
    /// Whether a rule reads `perpetual check`: each position then notes
    /// whether the move that reached it gave check.
    pub perpetual: bool,
}

/// A game's history, as a [`State`] keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct History {
    /// Per `since(...)` condition, plies played since the last move that
    /// met it (or since the start).
    pub(crate) since: Vec<u32>,
    /// Every position of the game so far, the present one last.
    pub(crate) seen: Vec<Seen>,
    /// Plies played before the first position seen: a FEN's move number
    /// read into the history, so that `show --fen` counts on from it.
    pub(crate) before: u32,
}

impl Seen {
    /// The same position: the same pieces, barriers and hands, reached by
    /// a move of the same side.
    pub fn same(&self, o: &Seen) -> bool {
        self.hash == o.hash && self.mover == o.mover
    }
}

/// One position of a game's history.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seen {
    /// The position's [`Rules::position_hash`].
    pub hash: u64,
    /// The side whose move reached it (the side before the side to move,
    /// for the first position).
    pub mover: SideId,
    /// That move left a royal piece of another team attacked (noted only
    /// when an end rule reads `perpetual check`).
    pub gave_check: bool,
}
