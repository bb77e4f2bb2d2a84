//! Mobility, for a searcher's evaluation: how many moves a side's pieces
//! have by their patterns, whoever is to move.

use super::walk::PerPiece;
use super::*;

impl Rules {
    /// The kinds some phase of the turn lets a side move (a bit per kind).
    pub fn moving_kinds(&self) -> Kinds {
        let phases = self
            .phases
            .iter()
            .chain(self.prelude.iter().map(|t| &t.actions));
        phases.flatten().fold(0, |all, action| match *action {
            Action::Move(kinds) => all | kinds,
            _ => all,
        })
    }

    /// How many moves `side`'s pieces of `kinds` have in `st` by their
    /// patterns, whether or not it is `side`'s turn: no rule that filters
    /// moves (check, constraints, priorities) is applied, and drops and
    /// placements are not counted. `buf` is scratch space.
    pub fn mobility(&self, st: &State, side: SideId, kinds: Kinds, buf: &mut Vec<Move>) -> usize {
        buf.clear();
        if kinds != 0 {
            self.piece_moves(st, side, kinds, PerPiece::Every, buf, &mut |_| false, None);
        }
        buf.len()
    }
}
