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

    /// A line seen from `side`, read from its rows (a region's part for
    /// `side` in `line(OWNER KIND in REGION, N, DIRS)`, or the rows through
    /// the last move's site): the matching pieces' sites, in the words the
    /// rows span, cover one of them.
    pub(super) fn line_in_rows(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        rows: &RowMasks,
    ) -> bool {
        let words = self.board.n_sites().div_ceil(64);
        let mut filled = [0u64; RowMasks::MOST_WORDS];
        let filled = &mut filled[..rows.span];
        let mut sides = self.counted(side, owner, named);
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            let from = s * words + rows.first;
            let theirs = &st.pieces[from..from + rows.span];
            filled.iter_mut().zip(theirs).for_each(|(f, &w)| *f |= w);
        }
        filled
            .iter_mut()
            .zip(&rows.sites)
            .for_each(|(f, &w)| *f &= w);
        if filled.iter().map(|f| f.count_ones()).sum::<u32>() < rows.length {
            return false;
        }
        let every_kind = ((1u128 << self.kinds.len()) - 1) as Kinds;
        if kind & every_kind != every_kind {
            // Some of the sides' pieces are of other kinds: leave them out.
            let m = self.line_matcher(side, owner, named, kind);
            for (i, f) in filled.iter_mut().enumerate() {
                let mut bits = *f;
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    if !m.holds(st.board[(rows.first + i) * 64 + b as usize]) {
                        *f &= !(1 << b);
                    }
                }
            }
        }
        rows.covered(filled)
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

/// Lengths and axes [`Rules::line_rows_agree`] reads lines of.
const CHECKED_LINES: [(u32, u8); 6] = [(1, 1), (2, 15), (3, 15), (3, 2), (4, 5), (5, 10)];

impl Rules {
    /// For tests: whether the row masks ([`crate::rules::rows`]) and
    /// walking the pieces agree about the lines on `states`: how many
    /// lines both found, or where they disagree, in words. Read for every
    /// region's rows per side and every site's rows, lines of several
    /// lengths along several axes, of each owner and of all kinds, one, or
    /// some.
    #[doc(hidden)]
    pub fn line_rows_agree(&self, states: &[State]) -> Result<usize, String> {
        let mut found = 0;
        use crate::rules::rows::{region_rows, site_rows};
        let every_kind = ((1u128 << self.kinds.len()) - 1) as Kinds;
        let kind_sets = [every_kind, 1 & every_kind, 0b101 & every_kind];
        let owners = [Owner::Own, Owner::Enemy, Owner::Any];
        let sides = 0..self.sides.len() as SideId;
        for (length, axes) in CHECKED_LINES {
            let line = format!("a line of {length} along axes {axes:#06b}");
            if let Some(rows) = site_rows(&self.board, length, axes) {
                for (st, side, kind) in iproduct(states, sides.clone(), kind_sets) {
                    let m = self.line_matcher(side, Owner::Own, 0, kind);
                    for s in 0..self.board.n_sites() {
                        let by_rows =
                            self.line_in_rows(st, side, (Owner::Own, 0, kind), &rows.per[s]);
                        if by_rows != self.line_through(st, &m, SiteId(s as u16), length, axes) {
                            return Err(format!(
                                "{line} through site {s}, side {side}, kinds {kind:#b}"
                            ));
                        }
                        found += usize::from(by_rows);
                    }
                }
            }
            for (id, region) in self.regions.iter().enumerate() {
                let Some(rows) = region_rows(&self.board, region, length, axes) else {
                    continue;
                };
                for (st, side, kind) in iproduct(states, sides.clone(), kind_sets) {
                    for owner in owners {
                        let pieces = (owner, 0, kind);
                        let by_rows = self.line_in_rows(st, side, pieces, &rows.per[side as usize]);
                        let walked = self.line_within(
                            st,
                            side,
                            pieces,
                            (length, axes),
                            id as RegionId,
                            None,
                        );
                        if by_rows != walked {
                            let region = &region.name;
                            return Err(format!(
                                "{line} in {region}, side {side}, {owner:?}, kinds {kind:#b}"
                            ));
                        }
                        found += usize::from(by_rows);
                    }
                }
            }
        }
        Ok(found)
    }
}

/// Every state, side and kind set, in turn.
fn iproduct<'a>(
    states: &'a [State],
    sides: std::ops::Range<SideId>,
    kinds: [Kinds; 3],
) -> impl Iterator<Item = (&'a State, SideId, Kinds)> + 'a {
    states.iter().flat_map(move |st| {
        let sides = sides.clone();
        sides.flat_map(move |side| kinds.into_iter().map(move |k| (st, side, k)))
    })
}
