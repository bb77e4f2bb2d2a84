//! Families of regions in play: `in FAMILY where (C)`, `in FAMILY matching
//! last`, `count(FAMILY where C)`, `line(FAMILY where C, N, DIRS)`, and a
//! row of pieces inside one region, `line(OWNER KIND in REGION, N, DIRS)`.

use super::cond::Mover;
use super::line::Matcher;
use super::*;

impl Rules {
    /// `in FAMILY where (C)`: the region of the family holding `s` meets
    /// its condition, seen from the mover.
    pub(super) fn in_member_where(
        &self,
        st: &State,
        m: Mover,
        family: u16,
        conds: &[StateCond],
        s: SiteId,
    ) -> bool {
        let member = self.families[family as usize].member_of[s.0 as usize];
        member != NO_MEMBER
            && self.eval_state_asking(&conds[member as usize], st, m.side, &st.blocked, m.asking)
    }

    /// `in FAMILY matching last`: `s` is in the region whose index is the
    /// place of the last move's site in its own region of the family.
    pub(super) fn matching_last(&self, st: &State, family: u16, s: SiteId) -> bool {
        let f = &self.families[family as usize];
        let last = st.last[1];
        last != NOWHERE
            && f.member_of[last.0 as usize] != NO_MEMBER
            && f.member_of[s.0 as usize] == f.place[last.0 as usize]
    }

    /// The regions (bit `i`: the `i`-th) that meet their condition.
    pub(super) fn members_meeting(
        &self,
        conds: &[StateCond],
        st: &State,
        side: SideId,
        asking: Asking,
    ) -> u64 {
        conds.iter().enumerate().fold(0, |mask, (i, c)| {
            let holds = self.eval_state_asking(c, st, side, &st.blocked, asking);
            mask | u64::from(holds) << i
        })
    }

    /// `line(FAMILY where C, N, DIRS)`: every region of some row meets C.
    pub(super) fn member_line(
        &self,
        (conds, rows): (&[StateCond], &[u64]),
        st: &State,
        side: SideId,
        asking: Asking,
    ) -> bool {
        let meeting = self.members_meeting(conds, st, side, asking);
        rows.iter().any(|&row| row & !meeting == 0)
    }

    /// How many matching pieces follow `at` along `d` inside `region`,
    /// counting up to `most`.
    fn run_within(
        &self,
        st: &State,
        (m, region): (&Matcher, &SiteSet),
        mut at: SiteId,
        d: u8,
        most: u32,
    ) -> u32 {
        let mut n = 0;
        while n < most {
            match self.board.neighbor(at, d) {
                Some(next) if region.contains(next) && m.holds(st.board[next.0 as usize]) => {
                    at = next;
                    n += 1;
                }
                _ => break,
            }
        }
        n
    }

    /// Whether a row of `length` or more matching pieces, all in `region`,
    /// passes through `at` along one of the `axes`.
    pub(super) fn line_through_within(
        &self,
        st: &State,
        (m, region): (&Matcher, &SiteSet),
        at: SiteId,
        length: u32,
        axes: u8,
    ) -> bool {
        if !region.contains(at) || !m.holds(st.board[at.0 as usize]) {
            return false;
        }
        (0..4u8).filter(|&d| axes >> d & 1 == 1).any(|d| {
            let ahead = self.run_within(st, (m, region), at, d, length - 1);
            let behind = self.run_within(st, (m, region), at, d + 4, length - 1 - ahead);
            1 + ahead + behind >= length
        })
    }

    /// `line(OWNER KIND in REGION, N, DIRS)` seen from `side`: a row of
    /// `length` matching pieces in the region (its part for `side`).
    pub(super) fn line_within(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        (length, axes): (u32, u8),
        region: RegionId,
        through: Option<SiteId>,
    ) -> bool {
        let m = self.line_matcher(side, owner, named, kind);
        let set = &self.regions[region as usize].per_side[side as usize];
        match through {
            Some(at) => self.line_through_within(st, (&m, set), at, length, axes),
            None => set.iter().any(|at| {
                // Each row from its first piece: none behind it in the region.
                m.holds(st.board[at.0 as usize])
                    && (0..4u8).filter(|&d| axes >> d & 1 == 1).any(|d| {
                        let first = !self
                            .board
                            .neighbor(at, d + 4)
                            .is_some_and(|b| set.contains(b) && m.holds(st.board[b.0 as usize]));
                        first && 1 + self.run_within(st, (&m, set), at, d, length - 1) >= length
                    })
            }),
        }
    }
}
