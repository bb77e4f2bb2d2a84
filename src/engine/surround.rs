//! Surround effects (`capture(DIRS) over COND surrounded by COND`): the
//! groups beside a landing site that are enclosed on every side, read for
//! the tafl king taken by four, a Go group without liberties, a Hasami
//! Shogi piece shut in a corner.
//!
//! A group starts at a site beside the landing site, along one of the
//! effect's directions, that meets `over`; it grows along the same
//! directions through every site meeting `over` (a single piece when
//! `over` names one, like `enemy king`). It is enclosed when every site
//! beside it along the directions, outside the group, meets the
//! `surrounded by` condition; the landing site (the piece that lands is a
//! wall), the board's edge and a barrier close a side as a wall does (write `and not edge(orth)` in `over` where a piece on
//! the edge cannot be surrounded). Its size must be in the effect's range.

use super::chains::{both_ways, Chains};
use super::*;
use crate::rules::{CellSets, Effect};

/// The sites of one group, on the stack while there are few.
struct Group {
    few: [SiteId; 32],
    n: usize,
    more: Vec<SiteId>,
}

impl Group {
    fn new() -> Group {
        Group {
            few: [SiteId(0); 32],
            n: 0,
            more: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.n = 0;
        self.more.clear();
    }

    fn push(&mut self, s: SiteId) {
        match self.few.get_mut(self.n) {
            Some(slot) => *slot = s,
            None => self.more.push(s),
        }
        self.n += 1;
    }

    fn get(&self, i: usize) -> SiteId {
        match self.few.get(i) {
            Some(&s) if i < self.n.min(32) => s,
            _ => self.more[i - 32],
        }
    }

    fn contains(&self, s: SiteId) -> bool {
        (0..self.n).any(|i| self.get(i) == s)
    }
}

impl Rules {
    /// Calls `hit` with each site of the groups that effect `e` (with a
    /// `surrounded` condition) encloses beside `at`, each site once.
    pub(super) fn each_surrounded(
        &self,
        st: &State,
        m: Mover,
        at: SiteId,
        e: &Effect,
        hit: &mut dyn FnMut(SiteId, &Effect),
    ) {
        let over = e.over_cells.as_ref().map(|c| &c[m.side as usize]);
        // The directions in which a group starts: mostly, none.
        let (mut dirs, mut starts) = (e.dirs, 0u32);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            if (self.next_site(st, at, d))
                .is_some_and(|s| s != at && self.meets(&e.over, over, st, m, s, d))
            {
                starts |= 1 << d;
            }
        }
        if starts != 0 {
            self.each_surrounded_from(st, m, (at, starts), e, hit);
        }
    }

    /// Whether effect `e` (with `surrounded by`) of a piece `side` drops
    /// on the empty site `at` encloses a group, read from `chains`: the
    /// groups of the sites meeting `over` in `st`, open where a site meets
    /// neither `over` nor `surrounded by` (the same for every drop judged
    /// there). A group beside `at` is enclosed when `at` is its only open
    /// site, or it has none; the piece that lands closes that side.
    /// Only for an effect [`Rules::surrounds_by_chains`] admits.
    pub(super) fn drop_surrounds<'c>(
        &self,
        st: &State,
        side: SideId,
        at: SiteId,
        e: &Effect,
        chains: impl FnOnce() -> &'c mut Chains,
    ) -> bool {
        let Some((member, open)) = chain_tests(st, side, e) else {
            return false;
        };
        // Mostly, no group is beside `at`: the table is not asked for.
        let (mut make, mut table) = (Some(chains), None);
        let mut dirs = e.dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let Some(start) = self.next_site(st, at, d).filter(|&s| member(s)) else {
                continue;
            };
            let chains = table.get_or_insert_with(|| make.take().expect("made once")());
            let chain = chains.of(self, st, start, e.dirs, (member, open));
            if (e.min..=e.max).contains(&chain.size) && !chain.open_besides(at) {
                return true;
            }
        }
        false
    }

    /// Adds to `out` each site where a piece `side` drops would have effect
    /// `e` enclose a group ([`Rules::drop_surrounds`] for every site at
    /// once, empty or not: the caller keeps the empty ones): the only open
    /// site of each group in range, and every site beside a group in range
    /// without one. The groups are read into `chains`.
    pub(super) fn mark_surrounded_sites(
        &self,
        st: &State,
        side: SideId,
        e: &Effect,
        chains: &mut Chains,
        out: &mut [u64],
    ) {
        let Some((member, open)) = chain_tests(st, side, e) else {
            return;
        };
        let mut mark = |t: SiteId| out[t.0 as usize / 64] |= 1 << (t.0 % 64);
        for p in (0..self.board.sites.len() as u16)
            .map(SiteId)
            .filter(|&p| member(p))
        {
            let chain = chains.of(self, st, p, e.dirs, (member, open));
            if !(e.min..=e.max).contains(&chain.size) || chain.opens_twice() {
                continue;
            }
            match chain.only_open() {
                Some(t) => mark(t),
                None => {
                    let mut dirs = e.dirs;
                    while dirs != 0 {
                        let d = dirs.trailing_zeros() as u8;
                        dirs &= dirs - 1;
                        if let Some(t) = self.next_site(st, p, d) {
                            mark(t);
                        }
                    }
                }
            }
        }
    }

    /// Whether effect `e` of a piece `side` drops may be read through the
    /// groups of the position ([`Rules::drop_surrounds`]): it surrounds,
    /// reads only the occupants of sites, joins its groups both ways
    /// ([`both_ways`]), and an empty site is never one it takes.
    pub(super) fn surrounds_by_chains(&self, e: &Effect, side: SideId) -> bool {
        let empty_over = |c: &CellSets| c[side as usize][0] & 1 == 1;
        e.surrounded_cells.is_some()
            && e.over_cells.as_ref().is_some_and(|c| !empty_over(c))
            && both_ways(e.dirs)
            && !e.mover
    }

    /// [`Rules::each_surrounded`] of the groups starting beside `at` in
    /// the directions `starts`.
    #[inline(never)]
    fn each_surrounded_from(
        &self,
        st: &State,
        m: Mover,
        (at, mut starts): (SiteId, u32),
        e: &Effect,
        hit: &mut dyn FnMut(SiteId, &Effect),
    ) {
        // The sites of groups already read, enclosed or not, so that a
        // group touched from two sides is read once, and the group being
        // read: made when a first group is read.
        let mut groups: Option<(Group, Group)> = None;
        while starts != 0 {
            let d = starts.trailing_zeros() as u8;
            starts &= starts - 1;
            let Some(start) = self.next_site(st, at, d) else {
                continue;
            };
            let read = |g: &Option<(Group, Group)>| g.as_ref().is_some_and(|g| g.0.contains(start));
            // Mostly, the group's first piece has an open side.
            if read(&groups) || self.opens(st, m, (at, start), e) {
                continue;
            }
            let (seen, group) = groups.get_or_insert_with(|| (Group::new(), Group::new()));
            group.clear();
            let enclosed = self.grow_group(st, m, at, start, e, group);
            for i in 0..group.n {
                seen.push(group.get(i));
            }
            if enclosed && group.n as u32 >= e.min {
                for i in 0..group.n {
                    hit(group.get(i), e);
                }
            }
        }
    }

    /// Whether the piece on `start` has a side open to effect `e`: a site
    /// beside it, not `at`, that meets neither `over` nor `surrounded by`
    /// (then its group is not enclosed).
    fn opens<'a>(
        &self,
        st: &State,
        m: Mover,
        (at, start): (SiteId, SiteId),
        e: &'a Effect,
    ) -> bool {
        let Some(by) = &e.surrounded else {
            return true;
        };
        let pick = |c: &'a Option<CellSets>| c.as_ref().map(|c| &c[m.side as usize]);
        let (over, by_cells) = (pick(&e.over_cells), pick(&e.surrounded_cells));
        let mut dirs = e.dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let Some(t) = self.next_site(st, start, d) else {
                continue;
            };
            if t != at
                && !self.meets(&e.over, over, st, m, t, d)
                && !self.meets(by, by_cells, st, m, t, d)
            {
                return true;
            }
        }
        false
    }

    /// Grows `group` from `start` through the sites meeting `over`; returns
    /// whether it is enclosed: every site beside it meets `surrounded`, and
    /// it has at most `max` sites. Stops growing at the first open side.
    fn grow_group<'a>(
        &self,
        st: &State,
        m: Mover,
        at: SiteId,
        start: SiteId,
        e: &'a Effect,
        group: &mut Group,
    ) -> bool {
        let Some(by) = &e.surrounded else {
            return false;
        };
        let pick = |c: &'a Option<CellSets>| c.as_ref().map(|c| &c[m.side as usize]);
        let (over, by_cells) = (pick(&e.over_cells), pick(&e.surrounded_cells));
        group.push(start);
        let mut next = 0;
        while next < group.n {
            let s = group.get(next);
            next += 1;
            let mut dirs = e.dirs;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as u8;
                dirs &= dirs - 1;
                // The edge and barriers close a side.
                let Some(t) = self.next_site(st, s, d) else {
                    continue;
                };
                // The landing site closes a side: the piece that lands is
                // one of the walls (read before the move, it is empty).
                if t == at || group.contains(t) {
                    continue;
                }
                if self.meets(&e.over, over, st, m, t, d) {
                    if group.n as u32 >= e.max {
                        return false;
                    }
                    group.push(t);
                } else if !self.meets(by, by_cells, st, m, t, d) {
                    return false;
                }
            }
        }
        true
    }
}

/// The two tests of the groups a surround effect `e` of `side` reads
/// ([`Chains`]), where it reads occupants only: a member meets `over`; an
/// open site meets neither `over` nor `surrounded by`.
fn chain_tests<'a>(
    st: &'a State,
    side: SideId,
    e: &Effect,
) -> Option<(
    impl Fn(SiteId) -> bool + Copy + 'a,
    impl Fn(SiteId) -> bool + Copy + 'a,
)> {
    let pick = |c: &Option<CellSets>| c.as_ref().map(|c| c[side as usize]);
    let (over, by) = (pick(&e.over_cells)?, pick(&e.surrounded_cells)?);
    let holds = move |set: &[u64; 4], s: SiteId| {
        let v = st.board[s.0 as usize];
        set[v as usize / 64] >> (v % 64) & 1 == 1
    };
    let member = move |s: SiteId| holds(&over, s);
    let open = move |s: SiteId| !holds(&over, s) && !holds(&by, s);
    Some((member, open))
}
