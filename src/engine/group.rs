//! Groups: pieces joined to one another one step at a time along some
//! directions (`group(...)`, `groups(...)`), and `adjacent(...)`.
//!
//! A group is found by a flood fill from one of its pieces that reads
//! each site of the group once, and each site beside it once per
//! direction: the cost is linear in the group, never a walk of paths. The
//! whole-board forms read each matching piece once in all, the groups one
//! after the other.

use super::chains::{both_ways, Chains};
use super::line::Matcher;
use super::*;
use std::cell::RefCell;

/// The scratch of a flood fill: the members not yet read (a bit each),
/// the sites of the group still to read, and the empty sites already
/// counted as liberties of the group being read, with their list to clear
/// them; for `encloses`, the sites of the group read, those known to
/// reach the board's edge, and those read by the fills around it.
#[derive(Default)]
struct Fill {
    avail: Vec<u64>,
    todo: Vec<SiteId>,
    libs: Vec<u64>,
    lib_sites: Vec<SiteId>,
    grp: Vec<u64>,
    outside: Vec<u64>,
    seen: Vec<u64>,
}

impl Fill {
    fn reset(&mut self, words: usize) {
        self.avail.clear();
        self.avail.resize(words, 0);
        self.libs.clear();
        self.libs.resize(words, 0);
        self.todo.clear();
        self.lib_sites.clear();
    }

    /// Whether `s` is a member not yet read.
    #[inline]
    fn avail(&self, s: SiteId) -> bool {
        bit(&self.avail, s.0 as u32)
    }

    #[inline]
    fn take(&mut self, s: SiteId) {
        self.avail[s.0 as usize / 64] &= !(1 << (s.0 % 64));
    }
}

thread_local! {
    /// One fill per thread, kept from one call to the next so that nothing
    /// is allocated once it has grown to the board.
    static FILL: RefCell<Fill> = RefCell::new(Fill::default());
}

/// Who reads a group `through last`: the game ([`Rules::stamp`]), the
/// side, the pieces counted, the directions and the site.
type GroupKey = (u64, SideId, (Owner, SideSet, Kinds), u32, SiteId);

/// The last groups read `through last` on this thread ([`Rules::group_through`]),
/// with the board and barriers they were read on: a read of one of them on
/// the same board takes it from here. End rules are read for each side, so
/// a few are kept. A group of no site: the site holds no piece counted.
#[derive(Default)]
struct GroupMemo {
    board: Vec<u8>,
    blocked: Vec<u64>,
    /// The groups kept, each with the read that gave it; filled in turn.
    groups: [(Option<GroupKey>, Vec<u64>); MEMO_GROUPS],
    /// The place the next group read goes.
    next: usize,
}

/// How many groups [`GroupMemo`] keeps.
const MEMO_GROUPS: usize = 4;

impl GroupMemo {
    /// The place of the group `key` reads in `st`, if kept.
    fn get(&mut self, st: &State, key: GroupKey) -> Option<usize> {
        if *self.board != *st.board || *self.blocked != *st.blocked {
            self.board.clear();
            self.board.extend_from_slice(&st.board);
            self.blocked.clear();
            self.blocked.extend_from_slice(&st.blocked);
            for (k, _) in &mut self.groups {
                *k = None;
            }
            return None;
        }
        self.groups.iter().position(|(k, _)| *k == Some(key))
    }

    /// Keeps `grp`, the group `key` reads on the board kept, in place of
    /// the oldest; returns its place.
    fn keep(&mut self, key: GroupKey, grp: &[u64]) -> usize {
        let i = self.next;
        self.next = (i + 1) % MEMO_GROUPS;
        let (k, kept) = &mut self.groups[i];
        *k = Some(key);
        kept.clear();
        kept.extend_from_slice(grp);
        i
    }
}

thread_local! {
    static MEMO: RefCell<GroupMemo> = RefCell::new(GroupMemo::default());
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

/// How many regions `touches(...)` reads through a table made for the call.
const QUICK_REGIONS: usize = 4;

impl Rules {
    /// Reads the group of the member on `start` (not yet read): the
    /// members (`fill.avail`) joined to it along `dirs`, one step at a time
    /// across no barrier; takes them from `fill.avail` and returns the
    /// group's `measure`, the regions' part read for `side`. `origin` reads
    /// as empty (the site a moving piece left). Stops as soon as the
    /// measure, which only grows as the group does, reaches `enough`: the
    /// rest of the group is then left unread, and available.
    #[allow(clippy::too_many_arguments)]
    fn fill_group(
        &self,
        st: &State,
        origin: SiteId,
        start: SiteId,
        dirs: u32,
        measure: &GroupMeasure,
        side: SideId,
        enough: u32,
        fill: &mut Fill,
    ) -> u32 {
        let liberties = matches!(measure, GroupMeasure::Liberties);
        let encloses = matches!(measure, GroupMeasure::Encloses);
        if encloses {
            // What a group encloses is known only once it is read whole.
            fill.grp.clear();
            fill.grp.resize(fill.avail.len(), 0);
        }
        let regions: &[RegionId] = match measure {
            GroupMeasure::Touches(regions) => regions,
            GroupMeasure::Size | GroupMeasure::Liberties | GroupMeasure::Encloses => &[],
        };
        let mut quick: [&[u64]; QUICK_REGIONS] = [&[]; QUICK_REGIONS];
        if regions.len() <= QUICK_REGIONS {
            for (q, &r) in quick.iter_mut().zip(regions) {
                *q = &self.regions[r as usize].per_side[side as usize].0;
            }
        }
        let (mut size, mut libs, mut touched) = (0u32, 0u32, 0u64);
        fill.take(start);
        fill.todo.push(start);
        while let Some(s) = fill.todo.pop() {
            size += 1;
            if encloses {
                fill.grp[s.0 as usize / 64] |= 1 << (s.0 % 64);
            }
            if regions.len() <= QUICK_REGIONS {
                for (i, q) in quick[..regions.len()].iter().enumerate() {
                    touched |= u64::from(bit(q, u32::from(s.0))) << i;
                }
            } else {
                for (i, &r) in regions.iter().enumerate() {
                    let set = &self.regions[r as usize].per_side[side as usize];
                    touched |= u64::from(set.contains(s)) << i;
                }
            }
            let mut mask = dirs;
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                let Some(t) = self.next_site(st, s, d) else {
                    continue;
                };
                if fill.avail(t) {
                    fill.take(t);
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
            let reached = match measure {
                GroupMeasure::Size => size,
                GroupMeasure::Liberties => libs,
                GroupMeasure::Encloses => 0,
                GroupMeasure::Touches(_) => touched.count_ones(),
            };
            if reached >= enough && !encloses {
                fill.todo.clear();
                break;
            }
        }
        for t in fill.lib_sites.drain(..) {
            fill.libs[t.0 as usize / 64] &= !(1 << (t.0 % 64));
        }
        match measure {
            GroupMeasure::Size => size,
            GroupMeasure::Liberties => libs,
            GroupMeasure::Encloses => self.enclosed(st, dirs, fill),
            GroupMeasure::Touches(_) => touched.count_ones(),
        }
    }

    /// How many sites the group in `fill.grp` (read whole) encloses: the
    /// sites, whatever they hold, that its other pieces cut off from the
    /// board's edge. A site is at the edge when a step from it along one
    /// of `dirs` leaves the board or falls in a hole. A site not in the
    /// group is enclosed when no steps along `dirs`, across no barrier and
    /// outside the group, join it to a site at the edge; a piece of the
    /// group when it is not at the edge and no step from it reaches such
    /// a joined site (so a piece ringed by six others of a Havannah group
    /// is enclosed). An enclosed site stands beside the group or among
    /// enclosed sites, so only the sites beside the group are filled from,
    /// each fill going deep first, so that it meets the edge, or a site
    /// already known to reach it, in a few steps; each site is read once.
    fn enclosed(&self, st: &State, dirs: u32, fill: &mut Fill) -> u32 {
        let at_edge = |s: SiteId| {
            let mut mask = dirs;
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                if !self.board.has_neighbor(s, d) {
                    return true;
                }
            }
            false
        };
        let set = |v: &mut Vec<u64>, t: SiteId| v[t.0 as usize / 64] |= 1 << (t.0 % 64);
        let Fill {
            grp,
            outside,
            seen,
            todo,
            lib_sites: trail,
            ..
        } = fill;
        for v in [&mut *outside, &mut *seen] {
            v.clear();
            v.resize(grp.len(), 0);
        }
        let mut enclosed = 0u32;
        for (w, &word) in grp.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = SiteId((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                let mut mask = dirs;
                while mask != 0 {
                    let d = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    let Some(n) = self.next_site(st, p, d) else {
                        continue;
                    };
                    let i = u32::from(n.0);
                    if bit(grp, i) || bit(seen, i) {
                        continue;
                    }
                    // Fill from `n` until the edge or the outside is met.
                    set(seen, n);
                    todo.clear();
                    trail.clear();
                    todo.push(n);
                    trail.push(n);
                    let mut out = false;
                    'fill: while let Some(s) = todo.pop() {
                        if at_edge(s) {
                            out = true;
                            break;
                        }
                        let mut mask = dirs;
                        while mask != 0 {
                            let d = mask.trailing_zeros() as u8;
                            mask &= mask - 1;
                            let Some(t) = self.next_site(st, s, d) else {
                                continue;
                            };
                            let i = u32::from(t.0);
                            if bit(outside, i) {
                                out = true;
                                break 'fill;
                            }
                            if !bit(grp, i) && !bit(seen, i) {
                                set(seen, t);
                                todo.push(t);
                                trail.push(t);
                            }
                        }
                    }
                    if out {
                        for &t in trail.iter() {
                            set(outside, t);
                        }
                    } else {
                        enclosed += trail.len() as u32;
                    }
                }
            }
        }
        trail.clear();
        todo.clear();
        for (w, &word) in grp.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = SiteId((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                if at_edge(p) {
                    continue;
                }
                let mut mask = dirs;
                let mut breathes = false;
                while mask != 0 && !breathes {
                    let d = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    breathes = self
                        .next_site(st, p, d)
                        .is_some_and(|t| bit(outside, u32::from(t.0)));
                }
                enclosed += u32::from(!breathes);
            }
        }
        enclosed
    }

    /// Puts in `fill.avail` the pieces of the `counted` sides that `m`
    /// matches (of the `kind`s).
    fn members(&self, st: &State, counted: SideSet, kind: Kinds, m: &Matcher, fill: &mut Fill) {
        let words = self.site_words();
        let all = u64::MAX >> (64 - self.kinds.len().clamp(1, 64));
        let mut sides = counted;
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            let pieces = &st.pieces[s * words..(s + 1) * words];
            for (a, &p) in fill.avail.iter_mut().zip(pieces) {
                *a |= p;
            }
        }
        if kind & all != all {
            for w in 0..words {
                let mut bits = fill.avail[w];
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if !m.holds(st.board[i]) {
                        fill.avail[w] &= !(1 << (i % 64));
                    }
                }
            }
        }
    }

    /// `group(DIRS) MEASURE OP N` at `s`, seen from `side`: the group of
    /// the piece on `s` (the pieces of its owner's team, any kind; none
    /// already captured by the move) passes the test. False on an empty site.
    pub(super) fn group_at(
        &self,
        st: &State,
        m: Mover,
        captured: &[SiteId],
        s: SiteId,
        test: &GroupTest,
    ) -> bool {
        let (side, origin) = (m.side, m.origin);
        let v = Self::occupant(st, origin, s);
        if v == 0 || captured.contains(&s) {
            return false;
        }
        let owner = self.unman(v).0;
        let m = self.line_matcher(owner, Owner::Own, 0, ALL_KINDS);
        let n = with_fill(self.site_words(), |fill| {
            self.members(st, self.counted(owner, Owner::Own, 0), ALL_KINDS, &m, fill);
            for &gone in captured.iter().chain([&origin]) {
                if gone != NOWHERE {
                    fill.take(gone);
                }
            }
            let (dirs, measure) = (test.dirs, &test.measure);
            self.fill_group(st, origin, s, dirs, measure, side, test.decided(), fill)
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
        let counted = self.counted(side, owner, named);
        let (dirs, measure) = (test.dirs, &test.measure);
        // One group may stop being read as soon as its answer is known; of
        // several, each is read whole unless it passes, which ends the search.
        let passes = |start: SiteId, enough: u32, fill: &mut Fill| {
            let n = self.fill_group(st, NOWHERE, start, dirs, measure, side, enough, fill);
            test.op.holds(n, test.value)
        };
        // Only a group without liberties passes (Go's suicide): a piece
        // beside an empty site is in no such group, so no fill starts from
        // one (a group is still read whole from any other of its pieces).
        // Each group is read until its first liberty, and its pieces read
        // are known to breathe (`fill.avail`).
        let breathless = test.breathless();
        with_fill(self.site_words(), |fill| {
            if breathless && at.is_none() {
                return self.each_member(st, counted, &m, |p| {
                    !self.breathes(st, p, dirs)
                        && !fill.avail(p)
                        && !self.reaches_liberty_noting(st, &m, dirs, p, fill)
                });
            }
            self.members(st, counted, kind, &m, fill);
            match at {
                Some(at) => fill.avail(at) && passes(at, test.decided(), fill),
                None => self.each_member(st, counted, &m, |p| {
                    fill.avail(p) && passes(p, test.holds_from(), fill)
                }),
            }
        })
    }

    /// `group(...) through last` for `side`: the group of the piece the
    /// last move ended on, at `to`. Several end rules often read the same
    /// group (Havannah's bridge, fork and ring): it is read once and kept
    /// ([`GroupMemo`]) while the board stays as it is, and each measure
    /// but liberties is taken from its sites.
    #[cold]
    #[inline(never)]
    pub(super) fn group_through(
        &self,
        st: &State,
        side: SideId,
        pieces: (Owner, SideSet, Kinds),
        test: &GroupTest,
        to: SiteId,
    ) -> bool {
        if matches!(test.measure, GroupMeasure::Liberties) {
            return self.some_group(st, side, pieces, test, Some(to));
        }
        let key = (self.stamp, side, pieces, test.dirs, to);
        with_fill(self.site_words(), |fill| {
            MEMO.with(|cell| {
                // A read inside another (none expected) keeps its own.
                let (mut mine, mut kept);
                let memo: &mut GroupMemo = match cell.try_borrow_mut() {
                    Ok(m) => {
                        kept = m;
                        &mut kept
                    }
                    Err(_) => {
                        mine = GroupMemo::default();
                        &mut mine
                    }
                };
                let i = memo.get(st, key).unwrap_or_else(|| {
                    let (owner, named, kind) = pieces;
                    let m = self.line_matcher(side, owner, named, kind);
                    self.members(st, self.counted(side, owner, named), kind, &m, fill);
                    fill.grp.clear();
                    fill.grp.resize(fill.avail.len(), 0);
                    if fill.avail(to) {
                        self.read_group(st, to, test.dirs, fill);
                    }
                    memo.keep(key, &fill.grp)
                });
                let grp = &memo.groups[i].1;
                if grp.iter().all(|&w| w == 0) {
                    return false;
                }
                let n = match &test.measure {
                    GroupMeasure::Size => grp.iter().map(|w| w.count_ones()).sum(),
                    GroupMeasure::Touches(regions) => (regions.iter())
                        .filter(|&&r| {
                            let set = &self.regions[r as usize].per_side[side as usize].0;
                            grp.iter().zip(set).any(|(g, r)| g & r != 0)
                        })
                        .count() as u32,
                    GroupMeasure::Encloses => {
                        fill.grp.clone_from(grp);
                        self.enclosed(st, test.dirs, fill)
                    }
                    GroupMeasure::Liberties => unreachable!("read by some_group"),
                };
                test.op.holds(n, test.value)
            })
        })
    }

    /// Reads the whole group of the member on `start` (`fill.avail`,
    /// joined along `dirs`) into `fill.grp`.
    fn read_group(&self, st: &State, start: SiteId, dirs: u32, fill: &mut Fill) {
        fill.take(start);
        fill.todo.push(start);
        while let Some(s) = fill.todo.pop() {
            fill.grp[s.0 as usize / 64] |= 1 << (s.0 % 64);
            let mut mask = dirs;
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                if let Some(t) = self.next_site(st, s, d).filter(|&t| fill.avail(t)) {
                    fill.take(t);
                    fill.todo.push(t);
                }
            }
        }
    }

    /// Whether the breathing constraint `b` ([`Breathing`]), read for
    /// `side`, holds in `after`, reached from `st` by one move, given that
    /// it held in `st`: `None` when the move changed barriers. Only the
    /// groups on or beside a site the move filled or changed are read.
    /// Every other group of `after` was a group, or part of one, in `st`,
    /// which had a liberty: a site of it still empty, or one the move
    /// emptied where the group lost pieces (a site filled would be beside
    /// it). Each group is read until its first liberty.
    pub(super) fn breathes_after(
        &self,
        st: &State,
        after: &State,
        side: SideId,
        b: &Breathing,
    ) -> Option<bool> {
        if st.blocked != after.blocked {
            return None;
        }
        let m = self.line_matcher(side, b.owner, b.named, b.kind);
        let board = &after.board;
        // Mostly, a piece of each group to read has an empty site beside it.
        let member = |s: SiteId| m.holds(board[s.0 as usize]);
        let quick = self.each_filled(st, after, b.kind, |c| {
            let c = SiteId(c as u16);
            if member(c) {
                return self.breathes(after, c, b.dirs);
            }
            (self.steps(after, c, b.dirs)).all(|t| !member(t) || self.breathes(after, t, b.dirs))
        });
        if quick {
            return Some(true);
        }
        Some(with_fill(self.site_words(), |fill| {
            // `fill.avail`: sites of groups known to breathe; `fill.libs`
            // and `fill.lib_sites`: the sites the current read has reached.
            let breathes = |fill: &mut Fill, start: SiteId| {
                !m.holds(board[start.0 as usize])
                    || fill.avail(start)
                    || self.reaches_liberty_noting(after, &m, b.dirs, start, fill)
            };
            let filled = |fill: &mut Fill, c: SiteId| {
                breathes(fill, c) && self.steps(after, c, b.dirs).all(|t| breathes(fill, t))
            };
            self.each_filled(st, after, b.kind, |c| filled(fill, SiteId(c as u16)))
        }))
    }

    /// Whether the group of the piece on `start` (the pieces `m` matches,
    /// joined along `dirs`) has a liberty in `st`, or meets a site of
    /// `fill.avail` (of a group known to have one). Reads the group until
    /// then, each site once (`fill.libs`, `fill.lib_sites`); the sites
    /// read then join `fill.avail` (where the group breathes, its pieces
    /// do; where it does not, the caller stops).
    fn reaches_liberty_noting(
        &self,
        st: &State,
        m: &Matcher,
        dirs: u32,
        start: SiteId,
        fill: &mut Fill,
    ) -> bool {
        let mark = |fill: &mut Fill, t: SiteId| {
            fill.libs[t.0 as usize / 64] |= 1 << (t.0 % 64);
            fill.lib_sites.push(t);
        };
        mark(fill, start);
        fill.todo.clear();
        fill.todo.push(start);
        let mut found = false;
        'read: while let Some(s) = fill.todo.pop() {
            for t in self.steps(st, s, dirs) {
                let v = st.board[t.0 as usize];
                if v == 0 || m.holds(v) && fill.avail(t) {
                    found = true;
                    break 'read;
                }
                if m.holds(v) && !bit(&fill.libs, t.0 as u32) {
                    mark(fill, t);
                    fill.todo.push(t);
                }
            }
        }
        for t in fill.lib_sites.drain(..) {
            fill.libs[t.0 as usize / 64] &= !(1 << (t.0 % 64));
            fill.avail[t.0 as usize / 64] |= 1 << (t.0 % 64);
        }
        found
    }

    /// The sites one step from `s` along `dirs`, across no barrier.
    #[inline]
    fn steps<'a>(
        &'a self,
        st: &'a State,
        s: SiteId,
        dirs: u32,
    ) -> impl Iterator<Item = SiteId> + 'a {
        let mut mask = dirs;
        std::iter::from_fn(move || {
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                if let Some(t) = self.next_site(st, s, d) {
                    return Some(t);
                }
            }
            None
        })
    }

    /// Calls `f` with each site that `after` fills or changes from `st`
    /// (occupied in `after`, with another value than in `st`), while it
    /// returns true; whether it always did. When `kind` is every kind, a
    /// piece changing its kind alone is left out: the sites are those
    /// where a side's pieces stand in `after` and did not in `st`, read
    /// from the sides' bitsets.
    fn each_filled(
        &self,
        st: &State,
        after: &State,
        kind: Kinds,
        mut f: impl FnMut(usize) -> bool,
    ) -> bool {
        let all = u64::MAX >> (64 - self.kinds.len().clamp(1, 64));
        if kind & all != all {
            return each_value_filled(&st.board, &after.board, f);
        }
        let words = self.site_words();
        for (i, (&old, &new)) in st.pieces.iter().zip(after.pieces.iter()).enumerate() {
            let mut bits = new & !old;
            while bits != 0 {
                let site = i % words * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !f(site) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether a site beside `p` along `dirs`, across no barrier, is empty.
    #[inline]
    pub(super) fn breathes(&self, st: &State, p: SiteId, dirs: u32) -> bool {
        let mut mask = dirs;
        while mask != 0 {
            let d = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            if self
                .next_site(st, p, d)
                .is_some_and(|t| st.board[t.0 as usize] == 0)
            {
                return true;
            }
        }
        false
    }

    /// Whether the group a piece dropped on `to` forms, for the breathing
    /// constraint `b` read for `side`, has a liberty, where no site beside
    /// `to` is empty and the piece is one `b` counts: some group of `b`'s
    /// pieces beside `to`, which the piece joins, has a liberty besides
    /// `to`. Read from `chains`, the groups of `st` read so far for `b`.
    pub(super) fn joins_breathing(
        &self,
        st: &State,
        side: SideId,
        to: SiteId,
        b: &Breathing,
        chains: &mut Chains,
    ) -> bool {
        if !both_ways(b.dirs) {
            return false;
        }
        let m = self.line_matcher(side, b.owner, b.named, b.kind);
        let member = |s: SiteId| m.holds(st.board[s.0 as usize]);
        let empty = |s: SiteId| st.board[s.0 as usize] == 0;
        self.steps(st, to, b.dirs).any(|t| {
            member(t)
                && chains
                    .of(self, st, t, b.dirs, (member, empty))
                    .open_besides(to)
        })
    }

    /// Whether every group of the breathing constraint `b`, read for
    /// `side`, has a liberty in `st`, read into `chains` (its groups; `b`
    /// joins pieces [`both_ways`]). A piece beside an empty site is in a
    /// group with a liberty: no group is read from one.
    pub(super) fn every_group_breathes(
        &self,
        st: &State,
        side: SideId,
        b: &Breathing,
        chains: &mut Chains,
    ) -> bool {
        let m = self.line_matcher(side, b.owner, b.named, b.kind);
        let member = |s: SiteId| m.holds(st.board[s.0 as usize]);
        let empty = |s: SiteId| st.board[s.0 as usize] == 0;
        let counted = self.counted(side, b.owner, b.named);
        !self.each_member(st, counted, &m, |p| {
            !self.breathes(st, p, b.dirs)
                && !chains.of(self, st, p, b.dirs, (member, empty)).has_open()
        })
    }

    /// Adds to `out` the liberties of each group of the breathing
    /// constraint `b`, read for `side`, that has two or more in `st`: a
    /// piece dropped on one joins a group that keeps another. The groups
    /// are read into `chains` (`b` joins pieces [`both_ways`]).
    pub(super) fn mark_liberties_of_breathing(
        &self,
        st: &State,
        side: SideId,
        b: &Breathing,
        chains: &mut Chains,
        out: &mut [u64],
    ) {
        let m = self.line_matcher(side, b.owner, b.named, b.kind);
        let member = |s: SiteId| m.holds(st.board[s.0 as usize]);
        let empty = |s: SiteId| st.board[s.0 as usize] == 0;
        let counted = self.counted(side, b.owner, b.named);
        self.each_member(st, counted, &m, |p| {
            if chains
                .of(self, st, p, b.dirs, (member, empty))
                .opens_twice()
            {
                for t in self.steps(st, p, b.dirs).filter(|&t| empty(t)) {
                    out[t.0 as usize / 64] |= 1 << (t.0 % 64);
                }
            }
            false
        });
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
        let counted = self.counted(side, owner, named);
        let size = &GroupMeasure::Size;
        let mut n = 0;
        with_fill(self.site_words(), |fill| {
            self.members(st, counted, kind, &m, fill);
            self.each_member(st, counted, &m, |p| {
                if fill.avail(p) {
                    n += 1;
                    self.fill_group(st, NOWHERE, p, dirs, size, side, u32::MAX, fill);
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
    pub(super) fn adjacent(
        &self,
        st: &State,
        m: Mover,
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
                if self.eval(inner, st, m, captured, t, dir) {
                    return true;
                }
            }
        }
        false
    }
}

/// Calls `f` with each site that `after` fills or changes from `before`
/// (occupied in `after`, with another value than in `before`), eight
/// sites at a time where nothing changed, while `f` returns true; whether
/// it always did.
fn each_value_filled(before: &[u8], after: &[u8], mut f: impl FnMut(usize) -> bool) -> bool {
    let (mut old, mut new) = (before.chunks_exact(8), after.chunks_exact(8));
    let word = |c: &[u8]| u64::from_ne_bytes(c.try_into().expect("a chunk of 8 bytes"));
    for (w, (a, b)) in (&mut old).zip(&mut new).enumerate() {
        if word(a) == word(b) {
            continue;
        }
        for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
            if x != y && y != 0 && !f(w * 8 + i) {
                return false;
            }
        }
    }
    let base = before.len() - old.remainder().len();
    for (i, (&x, &y)) in old.remainder().iter().zip(new.remainder()).enumerate() {
        if x != y && y != 0 && !f(base + i) {
            return false;
        }
    }
    true
}
