//! What follows a move within the same turn: whether a later phase comes
//! (its condition, read right after the previous phase's action), and the
//! pieces a `remove` action may take.

use super::outcome::Last;
use super::*;

impl Rules {
    /// Whether the phase `st` is in comes after `mv`, the previous phase's
    /// action: it has no condition, or the condition holds for the side
    /// to move (`line(...) through last` reads `mv`).
    #[inline]
    pub(super) fn phase_comes(&self, st: &State, mv: Move) -> bool {
        if (st.turn as usize) < self.prelude.len() {
            return true;
        }
        match self.phase_when.get(st.phase as usize) {
            Some(Some(when)) => {
                self.end_holds(when, st, self.to_move(st), Last::Decided(0, mv), &mut 0)
            }
            _ => true,
        }
    }

    /// Whether `side`, whose action `mv` ends its turn on `st`, plays
    /// another turn: `[turn] again` holds (its `last(...)` reading `mv`),
    /// `mv` is no pass, and the turn is one of the order, not the prelude.
    #[inline(never)]
    pub(super) fn plays_again(&self, st: &State, side: SideId, mv: Move, last: Last) -> bool {
        let Some(again) = &self.again else {
            return false;
        };
        if mv == Move::Pass || (st.turn as usize) < self.prelude.len() {
            return false;
        }
        self.end_holds(&again.when, st, side, last, &mut { again.first_last })
    }

    /// The removals of the action `remove COND` (COND at index `i` of
    /// [`Rules::removals`]): one per occupied site that meets COND, seen
    /// from `side`, in site order.
    #[inline(never)]
    pub(super) fn removals_of(&self, st: &State, side: SideId, i: u16, out: &mut Vec<Move>) {
        let c = &self.removals[i as usize];
        for (s, &v) in st.board.iter().enumerate() {
            let at = SiteId(s as u16);
            if v != 0 && self.eval(c, st, Mover::none(side, Asking::Play), &[], at, NO_HEADING) {
                out.push(Move::Remove(at));
            }
        }
    }

    /// Whether a drop of `kind` by `side` onto `to` meets the site
    /// condition of some action of the phase that drops that kind (`place
    /// KIND to COND`; an action without one always does), or no action does.
    pub(crate) fn drop_condition_holds(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        to: SiteId,
    ) -> bool {
        let mut conditions = (self.actions(st).iter())
            .filter_map(|a| match *a {
                Action::Drop(k, ..) if k == kind => Some(None),
                Action::DropWhere(k, _, _, i) if k == kind => Some(Some(i)),
                _ => None,
            })
            .peekable();
        conditions.peek().is_none()
            || conditions.any(|cond| {
                cond.is_none_or(|i| {
                    let c = &self.removals[i as usize];
                    self.eval(c, st, Mover::none(side, Asking::Play), &[], to, NO_HEADING)
                })
            })
    }

    /// The drops of `place KIND to COND` (COND at index `i` of
    /// [`Rules::removals`]): those of `place KIND` whose landing site
    /// meets COND, seen from `side`.
    #[cold]
    #[inline(never)]
    pub(super) fn drops_meeting(
        &self,
        st: &State,
        side: SideId,
        (kind, region, fall): (KindId, Option<RegionId>, Option<u8>),
        i: u16,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        self.drops(st, side, kind, region, fall, out);
        if out.len() == start {
            return;
        }
        let c = &self.removals[i as usize];
        // `to in FAMILY where (C)`: C reads the position, not the cell, so
        // each region's C is read once, not once per empty cell.
        let meeting = match c {
            Cond::InWhere { family, conds } => {
                Some((*family, self.members_meeting(conds, st, side, Asking::Play)))
            }
            _ => None,
        };
        let mut k = start;
        for j in start..out.len() {
            let mv = out[j];
            let keep = match (mv, meeting) {
                (Move::Drop { to, .. }, Some((family, mask))) => {
                    let member = self.families[family as usize].member_of[to.0 as usize];
                    member != NO_MEMBER && mask >> member & 1 == 1
                }
                (Move::Drop { to, .. }, None) => {
                    self.eval(c, st, Mover::none(side, Asking::Play), &[], to, NO_HEADING)
                }
                _ => true,
            };
            if keep {
                out[k] = mv;
                k += 1;
            }
        }
        out.truncate(k);
    }
}
