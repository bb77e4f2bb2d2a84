//! What a game remembers for its draw rules ([`History`]): the positions
//! seen (for `repetitions` and `perpetual check`) and the plies since the
//! last move meeting each `since(...)` condition. Only games whose end
//! rules read them keep one; for every other game a [`State`] carries
//! `None`, which costs nothing to clone.

use super::*;
use std::collections::HashMap;

/// What the end rules of a game read of its history.
#[derive(Clone, Debug, Default)]
pub struct HistoryRules {
    /// The move conditions of the `since(...)` counters, in file order.
    pub since: Vec<MoveCond>,
    /// Whether a rule reads `perpetual check`: each position then notes
    /// whether the move that reached it gave check.
    pub perpetual: bool,
}

/// The count of occupied sites of a position not known
/// ([`History::occupied`]).
pub(crate) const UNCOUNTED: u32 = u32::MAX;

/// A game's history, as a [`State`] keeps it.
#[derive(Debug)]
pub struct History {
    /// Per `since(...)` condition, plies played since the last move that
    /// met it (or since the start).
    pub(crate) since: Vec<u32>,
    /// Every position of the game so far, the present one last.
    seen: Vec<Seen>,
    /// Per position of `seen`, how many sites pieces stand on
    /// ([`UNCOUNTED`] for a position read from a saved history, or in a
    /// game that does not count them; empty until one is counted): two
    /// positions with different counts differ, which tells a move new
    /// without playing it (`Rules::drop_keeps_constraints_unplayed`).
    occupied: Vec<u32>,
    /// Plies played before the first position seen: a FEN's move number
    /// read into the history, so that `show --fen` counts on from it.
    pub(crate) before: u32,
    /// How many times each position (hash and mover) is in `seen`: derived
    /// from it, so that `repetitions` costs no scan of a long game.
    times: HashMap<(u64, SideId), u32, chain::BuildFx>,
    /// How many times the present position (the last seen) is in `seen`.
    now: u32,
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            since: self.since.clone(),
            seen: self.seen.clone(),
            occupied: self.occupied.clone(),
            before: self.before,
            times: self.times.clone(),
            now: self.now,
        }
    }

    /// A copy into the buffers `self` has: nothing is allocated where
    /// they are large enough (perft copies a history at every move).
    fn clone_from(&mut self, o: &History) {
        self.since.clone_from(&o.since);
        self.seen.clone_from(&o.seen);
        self.occupied.clone_from(&o.occupied);
        self.before = o.before;
        self.times.clone_from(&o.times);
        self.now = o.now;
    }
}

impl PartialEq for History {
    fn eq(&self, o: &History) -> bool {
        (self.since == o.since) && self.seen == o.seen && self.before == o.before
    }
}

impl Eq for History {}

impl std::hash::Hash for History {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.since.hash(h);
        self.seen.hash(h);
        self.before.hash(h);
    }
}

impl History {
    /// A history of the positions `seen`, the present one last.
    pub(crate) fn new(since: Vec<u32>, seen: Vec<Seen>, before: u32) -> History {
        let mut h = History {
            since,
            seen: Vec::with_capacity(seen.len()),
            occupied: Vec::with_capacity(seen.len()),
            before,
            times: HashMap::default(),
            now: 0,
        };
        seen.into_iter().for_each(|s| h.push(s, UNCOUNTED));
        h
    }

    /// The positions seen, the present one last.
    pub(crate) fn seen(&self) -> &[Seen] {
        &self.seen
    }

    /// Per position seen, how many sites pieces stand on there
    /// ([`UNCOUNTED`] where that is not known).
    pub(crate) fn occupied(&self, i: usize) -> u32 {
        self.occupied.get(i).copied().unwrap_or(UNCOUNTED)
    }

    /// Notes a position reached, with `occupied` sites.
    pub(crate) fn push(&mut self, s: Seen, occupied: u32) {
        let times = self.times.entry((s.hash, s.mover)).or_insert(0);
        *times += 1;
        self.now = *times;
        self.seen.push(s);
        if occupied != UNCOUNTED || !self.occupied.is_empty() {
            self.occupied.resize(self.seen.len() - 1, UNCOUNTED);
            self.occupied.push(occupied);
        }
    }

    /// How many times the present position has been seen: 0 before any.
    pub(crate) fn times_now(&self) -> u32 {
        self.now
    }

    /// How many times the position `s` has been seen.
    pub(crate) fn times(&self, s: &Seen) -> u32 {
        self.times.get(&(s.hash, s.mover)).copied().unwrap_or(0)
    }

    /// Puts the positions `earlier` before those seen.
    pub(crate) fn prepend(&mut self, mut earlier: Vec<Seen>) {
        let mut occupied = Vec::new();
        if !self.occupied.is_empty() {
            occupied.resize(earlier.len(), UNCOUNTED);
            occupied.append(&mut self.occupied);
        }
        earlier.append(&mut self.seen);
        *self = History::new(std::mem::take(&mut self.since), earlier, self.before);
        self.occupied = occupied;
    }
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
