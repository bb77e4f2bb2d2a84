//! A pattern's `given(...)` condition reads the position, not the piece:
//! it is read once per position and side, then kept ([`Givens`]). The
//! tables gate a pattern's rays by it ([`tables::Entry::Gated`]), and a
//! piece whose moves are one gated run may be drawn from site by site
//! while the conditions allow ([`tables::MoveTables::gated_flat`]).

use super::walk::{Asking, Walker};
use super::*;
use crate::rules::tables;

/// The `given` conditions read so far in one position (bit: the
/// condition's index), and which of them held, for `side` and `asking`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Givens {
    known: u64,
    held: u64,
    side: SideId,
    asking: Asking,
}

impl Givens {
    /// Whether the condition of index `i` holds, if it was read for
    /// `side` and `asking` (what was read for others is forgotten).
    #[inline]
    fn known(&mut self, side: SideId, asking: Asking, i: u8) -> Option<bool> {
        if (self.side, self.asking) != (side, asking) {
            *self = Givens {
                side,
                asking,
                ..Givens::default()
            };
        }
        let bit = 1u64 << i;
        (self.known & bit != 0).then_some(self.held & bit != 0)
    }
}

impl Rules {
    /// Whether a pattern's `given` condition of index `i` holds, read once
    /// per walker (a walker serves one position) for its side and question.
    pub(super) fn given_holds(&self, st: &State, w: &mut Walker, i: u8, given: &StateCond) -> bool {
        match w.givens.known(w.side, w.asking, i) {
            Some(holds) => holds,
            None => self.read_given(st, &mut w.givens, i, given),
        }
    }

    /// [`Rules::given_holds`] of the condition of index `i`, found among
    /// the patterns when it is not yet known.
    pub(super) fn gate_holds(
        &self,
        st: &State,
        g: &mut Givens,
        (side, asking): (SideId, Asking),
        i: u8,
    ) -> bool {
        if let Some(holds) = g.known(side, asking, i) {
            return holds;
        }
        let given = (self.kinds.iter().flat_map(|k| &k.patterns))
            .find_map(|p| p.given.as_ref().filter(|(g, _)| *g == i));
        given.is_some_and(|(_, given)| self.read_given(st, g, i, given))
    }

    /// Reads the condition of index `i` for the side and question of `g`,
    /// and keeps whether it holds.
    #[cold]
    fn read_given(&self, st: &State, g: &mut Givens, i: u8, given: &StateCond) -> bool {
        let holds = self.eval_state_asking(given, st, g.side, &st.blocked, g.asking);
        g.known |= 1u64 << i;
        g.held |= u64::from(holds) << i;
        holds
    }

    /// Whether a gated flat run ([`tables::MoveTables::gated_flat`]) is
    /// the piece's moves in this position, for `side` and `asking`:
    /// `Some(true)` when its conditions allow it, `Some(false)` when the
    /// piece has none (its own condition and those of the gated entries
    /// after it do not hold), `None` when one of those after it holds:
    /// then the piece's entries are run one by one.
    pub(super) fn flat_allowed(
        &self,
        st: &State,
        g: &mut Givens,
        for_: (SideId, Asking),
        gates: tables::Gates,
    ) -> Option<bool> {
        let mut closed = gates.closed;
        while closed != 0 {
            let i = closed.trailing_zeros() as u8;
            closed &= closed - 1;
            if self.gate_holds(st, g, for_, i) {
                return None;
            }
        }
        let open = gates.open;
        Some(open == 0 || self.gate_holds(st, g, for_, open.trailing_zeros() as u8))
    }
}
