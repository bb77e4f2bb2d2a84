//! `leave`: a move that also takes a piece from the mover's hand and
//! leaves it on a site the move emptied (gating). The choices
//! are added to the legal moves once every stage has judged them: a move
//! that leaves a piece is legal exactly when the move alone is.

use super::*;

impl Rules {
    /// Adds to `out`, the legal moves of `side`, each move's choices of a
    /// piece to leave behind: on the mover's origin, and for a castling
    /// also on the partner's, where the piece standing there (before the
    /// move) has a kind with `leave`, carries its flag, and its side holds
    /// a piece of a listed kind in hand.
    pub(super) fn add_leavings(&self, st: &State, side: SideId, out: &mut Vec<Move>) {
        if self.leave_kinds == 0 {
            return;
        }
        let hand = side as usize * self.n_items() + self.barriers.len();
        for i in 0..out.len() {
            let mv = out[i];
            let sites = match self.base(mv) {
                Move::Step { from, .. } => [Some(from), None],
                Move::Chain(c) => [Some(self.chain(c).from), None],
                // Either piece's origin, where the castling emptied it.
                Move::Castle { from, to, with } => {
                    let partner_to = self.castle_partner_to(from, to, with);
                    let vacated = |s: SiteId| (s != to && s != partner_to).then_some(s);
                    [vacated(from), vacated(with)]
                }
                _ => continue,
            };
            for at in sites.into_iter().flatten() {
                let Some(leave) = self.leave_at(st, side, at) else {
                    continue;
                };
                for &kind in &leave.kinds {
                    if st.reserves[hand + kind as usize] > 0 {
                        out.push(self.leaving(mv, kind, at));
                    }
                }
            }
        }
    }

    /// The `leave` rule of the piece of `side` on `at`, if its kind has one
    /// and the piece carries its flag.
    fn leave_at(&self, st: &State, side: SideId, at: SiteId) -> Option<&Leave> {
        let v = st.board[at.0 as usize];
        if v == 0 {
            return None;
        }
        let (owner, kind) = self.unman(v);
        if owner != side || self.leave_kinds >> kind & 1 == 0 {
            return None;
        }
        let leave = self.kinds[kind as usize].leave.as_ref()?;
        match leave.flag {
            Some(f) => (st.marks.get(at.0 as usize)? >> f & 1 == 1).then_some(leave),
            None => Some(leave),
        }
    }
}
