//! Squares closed all round by barriers: whether a placement closes one
//! (the move condition `closes`), and the pieces a barrier kind's `claim`
//! puts on the squares its placement closes.

use super::*;
use crate::board::EdgeId;

impl Rules {
    /// The squares beside the edges of `slot`, each once or twice.
    fn beside_slot(&self, slot: u16) -> impl Iterator<Item = SiteId> + '_ {
        let slot = &self.board.slots[slot as usize];
        (slot.edges.iter()).flat_map(|&e| {
            let (a, b) = self.board.edge_ends[e as usize];
            [a, b]
        })
    }

    /// Whether `mv`, played on `st`, is a barrier placement after which
    /// some square beside it has every side barred.
    pub(super) fn closes(&self, st: &State, mv: &Move) -> bool {
        let Move::Place { slot, .. } = self.base(*mv) else {
            return false;
        };
        let edges: &[EdgeId] = &self.board.slots[slot as usize].edges;
        self.beside_slot(slot)
            .any(|s| self.board.closed_all_round(s, &st.blocked, edges))
    }

    /// Puts a `kind` of `side` on each empty square beside `slot` that is
    /// closed all round, the barrier just placed there.
    #[inline(never)]
    pub(super) fn claim_closed(&self, st: &mut State, side: SideId, slot: u16, kind: KindId) {
        for s in self.beside_slot(slot) {
            if st.board[s.0 as usize] == 0 && self.board.closed_all_round(s, &st.blocked, &[]) {
                self.put(st, s, self.man(side, kind));
            }
        }
    }
}
