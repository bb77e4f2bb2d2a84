//! Groups: pieces joined to one another one step at a time along some
//! directions (`group(...)`, `groups(...)`), and `adjacent(...)`.
//!
//! A group is found by a flood fill from one of its pieces that reads
//! each site of the group once, and each site beside it once per
//! direction: the cost is linear in the group, never a walk of paths. The
//! whole-board forms read each matching piece once in all, the groups one
//! after the other.

use super::line::Matcher;
use super::*;
use std::cell::RefCell;

/// The scratch of a flood fill: the sites met so far (a bit each), the
/// sites of the group still to read, and the empty sites already counted
/// as liberties of the group being read, with their list to clear them.
#[derive(Default)]
struct Fill {
    seen: Vec<u64>,
    todo: Vec<SiteId>,
    libs: Vec<u64>,
    lib_sites: Vec<SiteId>,
}

impl Fill {
    fn reset(&mut self, words: usize) {
        self.seen.clear();
        self.seen.resize(words, 0);
        self.libs.clear();
        self.libs.resize(words, 0);
        self.todo.clear();
        self.lib_sites.clear();
    }

    #[inline]
    fn seen(&self, s: SiteId) -> bool {
        bit(&self.seen, s.0 as u32)
    }

    #[inline]
    fn see(&mut self, s: SiteId) {
        self.seen[s.0 as usize / 64] |= 1 << (s.0 % 64);
    }
}

thread_local! {
    /// One fill per thread, kept from one call to the next so that nothing
    /// is allocated once it has grown to the board.
    static FILL: RefCell<Fill> = RefCell::new(Fill::default());
}

/// Runs `f` with a cleared fill for `words` words of sites: the thread's,
/// or a new one when it is in use.
fn with_fill<R>(words: usize, f: impl FnOnce(&mut Fill) -> R) -> R {
    FILL.with(|cell| match cell.try_borrow_mut() {
        Ok(mut fill) => {
            fill.reset(words);
            f(&mut fill)
        }
        Err(_) => {
            let mut fill = Fill::default();
            fill.reset(words);
            f(&mut fill)
        }
    })
}

impl Rules {
    /// Reads the group of the piece on `start` (a member, not yet seen):
    /// the sites joined to it along `dirs`, one step at a time across no
    /// barrier, for which `member` holds; marks them seen and returns its
    /// `measure`, the regions' part read for `side`. `origin` reads as
    /// empty (the site a moving piece left).
    #[allow(clippy::too_many_arguments)]
    fn fill_group(
        &self,
        st: &State,
        origin: SiteId,
        start: SiteId,
        dirs: u32,
        measure: &GroupMeasure,
        side: SideId,
        member: &dyn Fn(SiteId) -> bool,
        fill: &mut Fill,
    ) -> u32 {
        let liberties = matches!(measure, GroupMeasure::Liberties);
        let (mut size, mut libs, mut touched) = (0u32, 0u32, 0u64);
        fill.see(start);
        fill.todo.push(start);
        while let Some(s) = fill.todo.pop() {
            size += 1;
            if let GroupMeasure::Touches(regions) = measure {
                for (i, &r) in regions.iter().enumerate() {
                    if self.regions[r as usize].per_side[side as usize].contains(s) {
                        touched |= 1 << i;
                    }
                }
            }
            let mut mask = dirs;
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                let Some(t) = self.next_site(st, s, d) else {
                    continue;
                };
                if fill.seen(t) {
                    continue;
                }
                if member(t) {
                    fill.see(t);
                    fill.todo.push(t);
                } else if liberties
                    && Self::occupant(st, origin, t) == 0
                    && !bit(&fill.libs, t.0 as u32)
                {
                    fill.libs[t.0 as usize / 64] |= 1 << (t.0 % 64);
                    fill.lib_sites.push(t);
                    libs += 1;
                }
            }
        }
        for t in fill.lib_sites.drain(..) {
            fill.libs[t.0 as usize / 64] &= !(1 << (t.0 % 64));
        }
        match measure {
            GroupMeasure::Size => size,
            GroupMeasure::Liberties => libs,
            GroupMeasure::Touches(_) => touched.count_ones(),
        }
    }

    /// `group(DIRS) MEASURE OP N` at `s`, seen from `side`: the group of
    /// the piece on `s` (the pieces of its owner's team, any kind; none
    /// already captured by the move) passes the test. False on an empty site.
    pub(super) fn group_at(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        captured: &[SiteId],
        s: SiteId,
        test: &GroupTest,
    ) -> bool {
        let v = Self::occupant(st, origin, s);
        if v == 0 || captured.contains(&s) {
            return false;
        }
        let m = self.line_matcher(self.unman(v).0, Owner::Own, 0, ALL_KINDS);
        let member = |t: SiteId| m.holds(Self::occupant(st, origin, t)) && !captured.contains(&t);
        let n = with_fill(self.site_words(), |fill| {
            self.fill_group(st, origin, s, test.dirs, &test.measure, side, &member, fill)
        });
        test.op.holds(n, test.value)
    }

    /// `group(OWNER KIND, DIRS) MEASURE OP N` for `side`: some group of the
    /// matching pieces passes the test; only the group of the piece on
    /// `at`, when given (`through last`).
    pub(super) fn some_group(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        test: &GroupTest,
        at: Option<SiteId>,
    ) -> bool {
        let m = self.line_matcher(side, owner, named, kind);
        let member = |t: SiteId| m.holds(st.board[t.0 as usize]);
        let passes = |start: SiteId, fill: &mut Fill| {
            let n = self.fill_group(
                st,
                NOWHERE,
                start,
                test.dirs,
                &test.measure,
                side,
                &member,
                fill,
            );
            test.op.holds(n, test.value)
        };
        with_fill(self.site_words(), |fill| match at {
            Some(at) => member(at) && passes(at, fill),
            None => self.each_member(st, self.counted(side, owner, named), &m, |p| {
                !fill.seen(p) && passes(p, fill)
            }),
        })
    }

    /// `groups(OWNER KIND, DIRS)` for `side`: how many groups the matching
    /// pieces form.
    pub(super) fn count_groups(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        dirs: u32,
    ) -> u32 {
        let m = self.line_matcher(side, owner, named, kind);
        let member = |t: SiteId| m.holds(st.board[t.0 as usize]);
        let mut n = 0;
        with_fill(self.site_words(), |fill| {
            self.each_member(st, self.counted(side, owner, named), &m, |p| {
                if !fill.seen(p) {
                    n += 1;
                    self.fill_group(
                        st,
                        NOWHERE,
                        p,
                        dirs,
                        &GroupMeasure::Size,
                        side,
                        &member,
                        fill,
                    );
                }
                false
            })
        });
        n
    }

    /// Calls `f` with the site of each piece of the `counted` sides that
    /// `m` matches, until it returns true; whether it did.
    fn each_member(
        &self,
        st: &State,
        mut counted: SideSet,
        m: &Matcher,
        mut f: impl FnMut(SiteId) -> bool,
    ) -> bool {
        let words = self.site_words();
        while counted != 0 {
            let s = counted.trailing_zeros() as usize;
            counted &= counted - 1;
            for (w, &word) in st.pieces[s * words..(s + 1) * words].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let p = SiteId((w * 64 + bits.trailing_zeros() as usize) as u16);
                    bits &= bits - 1;
                    if m.holds(st.board[p.0 as usize]) && f(p) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// `adjacent(DIRS, COND)` at `s`, reached along `d`: a site one step
    /// away along one of the directions, across no barrier, meets COND
    /// (read there as reached along that direction).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn adjacent(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        captured: &[SiteId],
        s: SiteId,
        d: u8,
        (dirs, inner): (&DirSel, &Cond),
    ) -> bool {
        let mut mask = dirs.resolve(d);
        while mask != 0 {
            let dir = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            if let Some(t) = self.board.step(s, dir, &st.blocked) {
                if self.eval(inner, st, side, origin, captured, t, dir) {
                    return true;
                }
            }
        }
        false
    }
}
