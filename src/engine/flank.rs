//! Where drops convert, for every site at once: a converting line effect
//! whose runs pass over one set of sides' pieces and are closed by
//! another's (an outflank) is read with bitsets, one shift per step along
//! each direction, instead of walking each empty site's eight rays. Used
//! by the move condition `converts` when a position's drops are judged
//! together ([`Judge`]); a game whose effects or board do not allow it
//! (barriers, a board of more than 256 sites, a direction that is not one
//! shift of site indices, conditions on kinds) walks as before.

use super::*;
use crate::rules::flank::{FlankRun, Flanks, Shift, FLANK_WORDS};
use crate::rules::{CellSets, Effect};

impl Flanks {
    /// The shifts of the board's directions and the effects read with
    /// them; empty on a board with barriers or of more than 256 sites.
    pub(crate) fn build(rules: &Rules) -> Flanks {
        let board = &rules.board;
        if board.n_sites() > 64 * FLANK_WORDS || !rules.barriers.is_empty() {
            return Flanks::default();
        }
        let shifts: Vec<Option<Shift>> = (0..board.n_dirs()).map(|d| shift(board, d)).collect();
        let kinds: Vec<Option<Box<[FlankRun]>>> = (rules.kinds.iter())
            .map(|k| {
                // An effect with `if` acts on some moves only: walked.
                if k.effects.iter().any(|e| e.guard.is_some()) {
                    return None;
                }
                let converting = k.effects.iter().filter(|e| e.convert);
                let runs = converting.map(|e| rules.flank_run(e, &shifts));
                let runs: Option<Box<[FlankRun]>> = runs.collect();
                runs.filter(|r| !r.is_empty())
            })
            .collect();
        let encloses = (kinds.iter().zip(&rules.kinds).enumerate())
            .filter(|(_, (runs, k))| {
                (runs.as_ref()).is_some_and(|r| r.len() == k.effects.len() && r.len() <= MAX_RUNS)
            })
            .fold(0, |set, (i, _)| set | 1 << i);
        Flanks {
            shifts,
            kinds,
            encloses,
        }
    }
}

/// The most runs a kind's landing may apply from [`Flanks::encloses`].
const MAX_RUNS: usize = 4;

/// Direction `d` as a shift of site indices: every site's neighbour that
/// way is the same number of indices on.
fn shift(board: &crate::board::Board, d: usize) -> Option<Shift> {
    let mut offset = None;
    let mut has = [0u64; FLANK_WORDS];
    for s in 0..board.n_sites() {
        let Some(t) = board.neighbor(SiteId(s as u16), d as u8) else {
            continue;
        };
        let k = i32::from(t.0) - s as i32;
        if offset.is_some_and(|o| o != k) {
            return None;
        }
        offset = Some(k);
        has[s / 64] |= 1 << (s % 64);
    }
    Some(Shift {
        offset: offset.unwrap_or(0),
        has,
    })
}

/// The bits of `x` moved `k` sites down: bit `s` of the result is bit
/// `s + k` of `x` (0 beyond the words).
#[inline(always)]
fn shifted<const W: usize>(x: &[u64; W], k: i32) -> [u64; W] {
    if W == 1 {
        // One word: sites are less than 64 apart, and one of the two
        // shifts is by 0 (no branch).
        let (down, up) = (k.max(0) as u32, (-k).max(0) as u32);
        return [x[0] >> (down & 63) << (up & 63); W];
    }
    let get = |i: isize| {
        if i >= 0 && (i as usize) < W {
            x[i as usize]
        } else {
            0
        }
    };
    let (q, r) = (k.div_euclid(64) as isize, k.rem_euclid(64) as u32);
    std::array::from_fn(|w| {
        let w = w as isize;
        match r {
            0 => get(w + q),
            _ => get(w + q) >> r | get(w + q + 1) << (64 - r),
        }
    })
}

#[inline(always)]
fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|w| a[w] & b[w])
}

impl Rules {
    /// `e` as a run read with bitsets, if it can be: a line effect whose
    /// conditions each accept the pieces of some sides and nothing else,
    /// none both, along directions that are shifts.
    fn flank_run(&self, e: &Effect, shifts: &[Option<Shift>]) -> Option<FlankRun> {
        let dirs_shift =
            (0..32).all(|d| e.dirs >> d & 1 == 0 || shifts.get(d).is_some_and(Option::is_some));
        let min = e.min.max(1);
        if e.surrounded.is_some() || !dirs_shift || min > e.max {
            return None;
        }
        let over = self.side_unions(e.over_cells.as_ref()?)?;
        let to = match (&e.to, &e.to_cells) {
            (None, _) => None,
            (Some(_), Some(cells)) => Some(self.side_unions(cells)?),
            (Some(_), None) => return None,
        };
        if to
            .as_ref()
            .is_some_and(|to| over.iter().zip(to.iter()).any(|(o, t)| o & t != 0))
        {
            return None;
        }
        Some(FlankRun {
            dirs: e.dirs,
            min,
            max: e.max,
            over,
            to,
            kind: e.kind,
        })
    }

    /// Per mover side, the sides whose pieces make up its set of cell
    /// values: `None` if a set holds the empty site or part of a side.
    fn side_unions(&self, cells: &CellSets) -> Option<Box<[SideSet]>> {
        let n_kinds = self.kinds.len();
        let has = |set: &[u64; 4], v: usize| set[v / 64] >> (v % 64) & 1 == 1;
        (cells.iter())
            .map(|set| {
                if has(set, 0) {
                    return None;
                }
                let mut sides = 0;
                for s in 0..self.sides.len() {
                    let values = 1 + s * n_kinds..1 + (s + 1) * n_kinds;
                    let n = values.filter(|&v| has(set, v)).count();
                    match n {
                        0 => {}
                        _ if n == n_kinds => sides |= 1 << s,
                        _ => return None,
                    }
                }
                Some(sides)
            })
            .collect()
    }

    /// The sites where a drop of a piece of `side` and `kind` converts at
    /// least one piece, as a bitset (a site's drop need not be legal);
    /// `None` when the kind's effects are not read with bitsets.
    /// With `stop`, the search stops once it finds one of its sites.
    pub(super) fn converting_drops(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        stop: Option<&[u64; FLANK_WORDS]>,
    ) -> Option<[u64; FLANK_WORDS]> {
        let runs = self.tables.flanks.kinds.get(kind as usize)?.as_deref()?;
        let widen = |found: &[u64]| {
            let mut out = [0; FLANK_WORDS];
            out[..found.len()].copy_from_slice(found);
            out
        };
        match self.site_words() {
            1 => Some(widen(&self.flanked::<1>(st, side, runs, stop))),
            2 => Some(widen(&self.flanked::<2>(st, side, runs, stop))),
            3 => Some(widen(&self.flanked::<3>(st, side, runs, stop))),
            4 => Some(widen(&self.flanked::<4>(st, side, runs, stop))),
            _ => None,
        }
    }

    /// [`Rules::converting_drops`] on a board of `W` words.
    fn flanked<const W: usize>(
        &self,
        st: &State,
        side: SideId,
        runs: &[FlankRun],
        stop: Option<&[u64; FLANK_WORDS]>,
    ) -> [u64; W] {
        let pieces = |sides: SideSet| self.side_pieces::<W>(st, sides);
        let mut found = [0u64; W];
        for run in runs {
            let over = pieces(run.over[side as usize]);
            let to = run.to.as_ref().map(|to| pieces(to[side as usize]));
            let mut dirs = run.dirs;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let Some(shift) = &self.tables.flanks.shifts[d] else {
                    continue;
                };
                let has: [u64; W] = std::array::from_fn(|w| shift.has[w]);
                // The sites whose neighbour this way is in `x`, and those
                // of them in `over`.
                let step = |x: &[u64; W]| and(&shifted(x, shift.offset), &has);
                let over_step = and(&over, &has);
                let step_over = |x: &[u64; W]| and(&shifted(x, shift.offset), &over_step);
                // The sites that start a run of `over` long enough and
                // closed as it must be; the landings are the sites one
                // step before them.
                let mut starts = [0u64; W];
                match &to {
                    // Runs of `n` sites of `over` followed by one of `to`,
                    // for each `n` up to the most.
                    Some(to) => {
                        let mut ahead = *to;
                        for n in 1..=run.max {
                            ahead = step_over(&ahead);
                            if ahead.iter().all(|&w| w == 0) {
                                break;
                            }
                            if n >= run.min {
                                starts.iter_mut().zip(ahead).for_each(|(s, a)| *s |= a);
                            }
                        }
                    }
                    // Runs of at least the least number of sites of `over`.
                    None => {
                        starts = over;
                        for _ in 1..run.min {
                            starts = step_over(&starts);
                        }
                    }
                }
                let landings = step(&starts);
                found.iter_mut().zip(landings).for_each(|(f, l)| *f |= l);
                if stop.is_some_and(|stop| (0..W).any(|w| found[w] & stop[w] != 0)) {
                    return found;
                }
            }
        }
        found
    }
}

impl Rules {
    /// Applies the landing effects of a piece of `side` and `kind` that
    /// has just landed on `at`, from its runs ([`Flanks::encloses`]);
    /// whether they were (a board of more than 256 sites is not read so).
    pub(super) fn enclose_flanked(
        &self,
        st: &mut State,
        side: SideId,
        kind: KindId,
        at: SiteId,
    ) -> bool {
        let Some(runs) = self.tables.flanks.kinds[kind as usize].as_deref() else {
            return false;
        };
        match self.site_words() {
            1 => self.enclose_runs::<1>(st, side, at, runs),
            2 => self.enclose_runs::<2>(st, side, at, runs),
            3 => self.enclose_runs::<3>(st, side, at, runs),
            4 => self.enclose_runs::<4>(st, side, at, runs),
            _ => return false,
        }
        true
    }

    /// [`Rules::enclose_flanked`] on a board of `W` words.
    fn enclose_runs<const W: usize>(
        &self,
        st: &mut State,
        side: SideId,
        at: SiteId,
        runs: &[FlankRun],
    ) {
        let is_empty = |x: &[u64; W]| x.iter().all(|&w| w == 0);
        let mut landing = [0u64; W];
        landing[at.0 as usize / 64] |= 1 << (at.0 % 64);
        // Every run reads the board as the landing left it: each one's
        // sites are found first, then changed.
        let mut enclosed = [[0u64; W]; MAX_RUNS];
        for (run, found) in runs.iter().zip(&mut enclosed) {
            let over = self.side_pieces::<W>(st, run.over[side as usize]);
            let to = run
                .to
                .as_ref()
                .map(|to| self.side_pieces::<W>(st, to[side as usize]));
            let mut dirs = run.dirs;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let Some(shift) = &self.tables.flanks.shifts[d] else {
                    continue;
                };
                let has: [u64; W] = std::array::from_fn(|w| shift.has[w]);
                // The sites one step on from those of `x`.
                let ahead = |x: &[u64; W]| shifted(&and(x, &has), -shift.offset);
                let (mut line, mut n, mut x) = ([0u64; W], 0, ahead(&landing));
                let closed = loop {
                    if is_empty(&x) {
                        // The run reaches the edge: nothing closes it.
                        break to.is_none() && n >= run.min;
                    }
                    if n < run.max && !is_empty(&and(&x, &over)) {
                        line.iter_mut().zip(x).for_each(|(l, s)| *l |= s);
                        n += 1;
                        x = ahead(&x);
                        continue;
                    }
                    break n >= run.min && to.is_none_or(|to| !is_empty(&and(&x, &to)));
                };
                if closed {
                    found.iter_mut().zip(line).for_each(|(f, l)| *f |= l);
                }
            }
        }
        // A site enclosed by several runs takes the last one's conversion.
        let mut done = [0u64; W];
        for (run, found) in runs.iter().zip(&enclosed).rev() {
            for (w, (&f, d)) in found.iter().zip(&mut done).enumerate() {
                let mut bits = f & !*d;
                *d |= f;
                while bits != 0 {
                    let s = SiteId((w * 64) as u16 + bits.trailing_zeros() as u16);
                    bits &= bits - 1;
                    let kind = run
                        .kind
                        .unwrap_or_else(|| self.unman(st.board[s.0 as usize]).1);
                    self.put(st, s, self.man(side, kind));
                }
            }
        }
    }

    /// The empty sites where a piece let go anywhere comes to rest falling
    /// along `d` (the next site that way is occupied or off the board), as
    /// a bitset: the empty sites, less those whose neighbour along `d` is
    /// empty, one shift. `None` when `d` is not a shift of site indices
    /// (a board with barriers or of more than 256 sites, an irregular one).
    #[inline]
    pub(super) fn fall_stops(&self, st: &State, d: u8) -> Option<[u64; FLANK_WORDS]> {
        let shift = self.tables.flanks.shifts.get(d as usize)?.as_ref()?;
        let widen = |found: &[u64]| {
            let mut out = [0; FLANK_WORDS];
            out[..found.len()].copy_from_slice(found);
            out
        };
        match self.site_words() {
            1 => Some(widen(&self.stops::<1>(st, shift))),
            2 => Some(widen(&self.stops::<2>(st, shift))),
            3 => Some(widen(&self.stops::<3>(st, shift))),
            4 => Some(widen(&self.stops::<4>(st, shift))),
            _ => None,
        }
    }

    /// [`Rules::fall_stops`] on a board of `W` words.
    #[inline(always)]
    fn stops<const W: usize>(&self, st: &State, shift: &Shift) -> [u64; W] {
        let every = ((1u64 << self.sides.len()) - 1) as SideSet;
        let occupied = self.side_pieces::<W>(st, every);
        let below = shifted(&occupied, shift.offset);
        let n = self.board.n_sites();
        std::array::from_fn(|w| {
            let on_board = match n - w * 64 {
                rest if rest >= 64 => u64::MAX,
                rest => (1 << rest) - 1,
            };
            !occupied[w] & on_board & (!shift.has[w] | below[w])
        })
    }

    /// The sites of the pieces of `sides`.
    #[inline(always)]
    fn side_pieces<const W: usize>(&self, st: &State, mut sides: SideSet) -> [u64; W] {
        let mut set = [0u64; W];
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            for (w, word) in set.iter_mut().enumerate() {
                *word |= st.pieces[s * W + w];
            }
        }
        set
    }
}

/// Move conditions read for many moves of one position: `converts` of a
/// drop looks its site up among those where drops of its kind convert,
/// found once for the position ([`Rules::converting_drops`]); anything
/// else is [`Rules::move_meets`].
pub(super) struct Judge<'a> {
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    /// The kind whose drops `sites` holds (`NO_KIND`: none yet).
    kind: KindId,
    /// Where drops of `kind` convert.
    sites: [u64; FLANK_WORDS],
}

/// No kind: [`Judge`] has read no drops yet.
const NO_KIND: KindId = KindId::MAX;

impl<'a> Judge<'a> {
    pub(super) fn new(rules: &'a Rules, st: &'a State, side: SideId) -> Self {
        Judge {
            rules,
            st,
            side,
            kind: NO_KIND,
            sites: [0; FLANK_WORDS],
        }
    }

    /// Whether `mv` meets `c` ([`Rules::move_meets`]).
    #[inline(always)]
    pub(super) fn meets(&mut self, c: &MoveCond, mv: &Move) -> bool {
        if let (MoveCond::Converts, Move::Drop { kind, to }) = (c, *mv) {
            if kind == self.kind || self.read_drops(kind) {
                return self.sites[to.0 as usize / 64] >> (to.0 % 64) & 1 == 1;
            }
        }
        self.meets_any(c, mv)
    }

    /// Whether a drop of the current actions meets one of `classes`,
    /// read with bitsets: `None` unless every action is a drop that does
    /// not fall and every class is read with bitsets.
    pub(super) fn some_drop_meets(&mut self, classes: &[MoveCond]) -> Option<bool> {
        let (rules, st) = (self.rules, self.st);
        let words = rules.site_words();
        if words > FLANK_WORDS {
            return None;
        }
        for action in rules.actions(st) {
            let Action::Drop(kind, region, None) = *action else {
                return None;
            };
            if st.pieces_in_hand(rules, self.side, kind) == 0 {
                continue;
            }
            let mut empty = [0u64; FLANK_WORDS];
            for (w, e) in empty[..words].iter_mut().enumerate() {
                *e = rules.empty_sites(st, self.side, region, w);
            }
            for c in classes {
                let meeting = match c {
                    // Found only until one empty site is.
                    MoveCond::Converts if kind != self.kind => {
                        let mover = rules.to_move(st);
                        rules.converting_drops(st, mover, kind, Some(&empty))?
                    }
                    _ => self.drop_sites(c, kind)?,
                };
                if (0..words).any(|w| empty[w] & meeting[w] != 0) {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// The sites where a drop of `kind` meets `c`, when every part of `c`
    /// is read with bitsets (beyond the board's sites, anything).
    fn drop_sites(&mut self, c: &MoveCond, kind: KindId) -> Option<[u64; FLANK_WORDS]> {
        let mut sites = [0u64; FLANK_WORDS];
        match c {
            MoveCond::True => sites = [u64::MAX; FLANK_WORDS],
            MoveCond::Converts if kind == self.kind || self.read_drops(kind) => sites = self.sites,
            MoveCond::To(Cond::Sites { bits, words }) if *words as usize <= FLANK_WORDS => {
                let words = *words as usize;
                let side = &bits[self.side as usize * words..][..words];
                sites[..words].copy_from_slice(side);
            }
            MoveCond::Not(inner) => sites = self.drop_sites(inner, kind)?.map(|w| !w),
            MoveCond::And(cs) => {
                sites = [u64::MAX; FLANK_WORDS];
                for c in cs {
                    let part = self.drop_sites(c, kind)?;
                    sites.iter_mut().zip(part).for_each(|(s, p)| *s &= p);
                }
            }
            MoveCond::Or(cs) => {
                for c in cs {
                    let part = self.drop_sites(c, kind)?;
                    sites.iter_mut().zip(part).for_each(|(s, p)| *s |= p);
                }
            }
            _ => return None,
        }
        Some(sites)
    }

    /// [`Judge::meets`] of any condition, its parts judged by `meets`.
    fn meets_any(&mut self, c: &MoveCond, mv: &Move) -> bool {
        match c {
            MoveCond::Not(inner) => !self.meets(inner, mv),
            MoveCond::And(cs) => cs.iter().all(|c| self.meets(c, mv)),
            MoveCond::Or(cs) => cs.iter().any(|c| self.meets(c, mv)),
            _ => self.rules.move_meets(c, self.st, self.side, mv),
        }
    }

    /// Finds where drops of `kind` convert; whether they are read with
    /// bitsets.
    #[cold]
    fn read_drops(&mut self, kind: KindId) -> bool {
        // `converts` reads the effects of the side to move.
        let mover = self.rules.to_move(self.st);
        match self.rules.converting_drops(self.st, mover, kind, None) {
            Some(sites) => {
                (self.kind, self.sites) = (kind, sites);
                true
            }
            None => false,
        }
    }
}
