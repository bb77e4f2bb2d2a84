//! Reading the move tables in play: a piece's rays, flat runs, chains and
//! swaps, and what the tables know of where its moves may end.

use super::walk::{Walker, CAPTURE, MAX_TRAIL, STOP};
use super::*;
use crate::rules::tables::*;

/// The most segments that lead to a ray [`MoveTables::reads_toward`]
/// follows.
const MAX_LEAD: usize = 8;

impl MoveTables {
    /// The tokens whose swaps the best class of the `i`-th priority (of the
    /// demand, for `None`) surely excludes.
    #[inline]
    pub(crate) fn low_swaps(&self, i: Option<usize>) -> u64 {
        let i = i.unwrap_or(self.low_swaps.len().saturating_sub(1));
        self.low_swaps.get(i).copied().unwrap_or(0)
    }

    /// Whether the best class of the `i`-th priority (of the demand, for
    /// `None`) surely holds every step.
    #[inline]
    pub(crate) fn steps_best(&self, i: Option<usize>) -> bool {
        let i = i.unwrap_or(self.steps_best.len().saturating_sub(1));
        self.steps_best.get(i).copied().unwrap_or(false)
    }

    /// The first site of the ray of `sites[i]`, in the run beginning at
    /// `start`.
    pub(super) fn ray_first(&self, start: u32, i: u32) -> u32 {
        i.saturating_sub(u32::from(self.sites[i as usize].pos))
            .max(start)
    }

    /// The flat run of the piece of board value `v` (not 0) on `origin`
    /// ([`MoveTables::flat_of`]), if it has one.
    #[inline]
    pub(crate) fn flat(&self, v: u8, origin: SiteId) -> Option<Flat> {
        let i = (v as usize).wrapping_sub(1) * self.per_side + origin.0 as usize;
        match self.flat.get(i) {
            Some(&f) if f.start != NOT_FLAT.start => Some(f),
            _ => None,
        }
    }

    /// The gated flat run of the piece of board value `v` (not 0) on
    /// `origin` ([`MoveTables::gated_flat`]), if it has one.
    #[inline]
    pub(crate) fn gated_flat(&self, v: u8, origin: SiteId) -> Option<(Flat, Gates)> {
        let i = (v as usize).wrapping_sub(1) * self.per_side + origin.0 as usize;
        match self.gated_flat.get(i) {
            Some(&(f, gates)) if f.start != NOT_FLAT.start => Some((f, gates)),
            _ => None,
        }
    }

    /// Whether the piece of `kind` and `side` on `p` may take a piece of
    /// board value `v` on `target`, whatever else stands on the board
    /// ([`MoveTables::may_take`], [`MoveTables::may_end`]). Only when
    /// [`MoveTables::knows_reads`].
    #[inline]
    pub(crate) fn may_attack(
        &self,
        (kind, side, p): (KindId, SideId, SiteId),
        target: SiteId,
        v: u8,
    ) -> bool {
        let ks = kind as usize * self.n_sides + side as usize;
        let (row, t) = (ks * self.per_side + p.0 as usize, target.0 as usize);
        has(&self.lands[ks], v)
            && (self.ends[row * self.words + t / 64] >> (t % 64) & 1 == 1
                || self.walks[row] && has(&self.walk_takes[ks], v))
    }

    /// Whether the `p`-th pattern of a piece of `kind` and `side`, walked,
    /// may take (or land on) a piece of board value `v`.
    #[inline]
    pub(crate) fn pattern_may_take(&self, kind: KindId, side: SideId, p: u16, v: u8) -> bool {
        let ks = kind as usize * self.n_sides + side as usize;
        (self.pattern_takes.get(ks))
            .and_then(|takes| takes.get(p as usize))
            .is_none_or(|set| has(set, v))
    }

    /// Whether the attacks of the piece of `kind` and `side` on `p` on a
    /// piece of board value `v` may read a site of `changed` (a bitset of
    /// the board's sites), or more than board values and closed edges
    /// (`reads`, `volatile`, `walks`): whether a piece that attacked
    /// nothing may attack once those sites changed. Only when
    /// [`MoveTables::knows_reads`].
    #[inline]
    pub(crate) fn rereads(
        &self,
        (kind, side, p): (KindId, SideId, SiteId),
        v: u8,
        changed: &[u64],
    ) -> bool {
        let ks = kind as usize * self.n_sides + side as usize;
        let row = ks * self.per_side + p.0 as usize;
        let words = self.words;
        self.volatile[row] || self.walks[row] && has(&self.walk_takes[ks], v) || {
            let reads = &self.reads[row * words..(row + 1) * words];
            reads.iter().zip(changed).any(|(r, c)| r & c != 0)
        }
    }

    /// The sites whose change [`MoveTables::rereads`] asks about for the
    /// piece of `kind` and `side` on `p` attacking a piece of board value
    /// `v`; `None` when it rereads whatever changes.
    #[inline]
    pub(crate) fn reads_of(
        &self,
        (kind, side, p): (KindId, SideId, SiteId),
        v: u8,
    ) -> Option<&[u64]> {
        let ks = kind as usize * self.n_sides + side as usize;
        let row = ks * self.per_side + p.0 as usize;
        let words = self.words;
        let always = self.volatile[row] || self.walks[row] && has(&self.walk_takes[ks], v);
        (!always).then(|| &self.reads[row * words..(row + 1) * words])
    }

    /// Adds to `out` the sites the attacks of the piece of `kind` and
    /// `side` on `p` on a piece of board value `v` on `target` read: the
    /// rays that reach `target`, up to it, and the rays of the earlier
    /// segments that lead to them. `false`, with `out` left part-written,
    /// when they may read more ([`MoveTables::reads_of`] is `None`).
    pub(crate) fn reads_toward(
        &self,
        piece: (KindId, SideId, SiteId),
        target: SiteId,
        v: u8,
        out: &mut [u64],
    ) -> bool {
        let (kind, side, p) = piece;
        if self.reads_of(piece, v).is_none() {
            return false;
        }
        let Some(entries) = self.entries(kind, side, p) else {
            return false;
        };
        let mut path = [(0u32, 0u32); MAX_LEAD];
        entries.iter().all(|entry| match *entry {
            Entry::Rays { start, end, .. } => {
                self.prefixes_to(start, end, target, &mut path, 0, out)
            }
            _ => true,
        })
    }

    /// [`MoveTables::reads_toward`] in the run `sites[start..end]`, reached
    /// along the ray prefixes `path[..depth]` (each `(first, last)`, both
    /// included); `false` past [`MAX_LEAD`] segments.
    fn prefixes_to(
        &self,
        start: u32,
        end: u32,
        target: SiteId,
        path: &mut [(u32, u32); MAX_LEAD],
        depth: usize,
        out: &mut [u64],
    ) -> bool {
        let add = |first: u32, last: u32, out: &mut [u64]| {
            for rs in &self.sites[first as usize..=last as usize] {
                out[rs.site.0 as usize / 64] |= 1 << (rs.site.0 % 64);
            }
        };
        for i in start..end {
            let rs = self.sites[i as usize];
            let first = self.ray_first(start, i);
            if rs.site == target {
                add(first, i, out);
                path[..depth].iter().for_each(|&(a, b)| add(a, b, out));
            }
            if rs.next != 0 {
                if depth == MAX_LEAD {
                    return false;
                }
                path[depth] = (first, i);
                let (s, e) = self.runs[rs.next as usize];
                if !self.prefixes_to(s, e, target, path, depth + 1, out) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether a piece of `kind` and `side` may take (or land on) a piece
    /// of board value `v` ([`MoveTables::lands`]); `true` when the tables
    /// do not tell.
    #[inline]
    pub(crate) fn may_take(&self, kind: KindId, side: SideId, v: u8) -> bool {
        match self.lands.get(kind as usize * self.n_sides + side as usize) {
            Some(set) => has(set, v),
            None => true,
        }
    }

    /// Whether some piece has a flat run ([`MoveTables::flat`]) somewhere.
    #[inline]
    pub(crate) fn any_flat(&self) -> bool {
        self.any_flat
    }

    /// Whether the tables know what every piece's attacks read
    /// ([`MoveTables::may_attack`] and [`MoveTables::rereads`] can tell).
    /// The sites from which a piece of `side` may take a piece of value
    /// `v` on `target` ([`MoveTables::attackers`]), when laid out.
    #[inline]
    pub(crate) fn attackers(&self, v: u8, side: SideId, target: SiteId) -> Option<&[u64]> {
        let i = ((v as usize * self.n_sides + side as usize) * self.per_side + target.0 as usize)
            * self.words;
        self.attackers.get(i..i + self.words)
    }

    pub(crate) fn knows_reads(&self) -> bool {
        !self.reads.is_empty()
    }

    /// Whether a move of a piece of `kind` and `side` on `p` could end on
    /// (or take a piece on) `target`, whatever stands on the board; `None`
    /// when the tables do not tell.
    #[inline]
    pub(crate) fn may_end(
        &self,
        kind: KindId,
        side: SideId,
        p: SiteId,
        target: SiteId,
    ) -> Option<bool> {
        if self.ends.is_empty() {
            return None;
        }
        let words = self.words;
        let i =
            (kind as usize * self.per_kind + side as usize * self.per_side + p.0 as usize) * words;
        let t = target.0 as usize;
        Some(self.walks[i / words] || self.ends[i + t / 64] >> (t % 64) & 1 == 1)
    }

    /// The entries of a piece of `kind` and `side` on `origin`, or `None`
    /// when there are no tables.
    #[inline]
    pub(crate) fn entries(&self, kind: KindId, side: SideId, origin: SiteId) -> Option<&[Entry]> {
        if self.starts.is_empty() {
            return None;
        }
        let i = kind as usize * self.per_kind + side as usize * self.per_side + origin.0 as usize;
        Some(&self.entries[self.starts[i] as usize..self.starts[i + 1] as usize])
    }

    /// The run of a repeated group's first segment from `at`.
    #[inline]
    pub(crate) fn group_run(&self, group: u32, at: SiteId) -> (u32, u32) {
        self.groups[group as usize].runs[at.0 as usize]
    }
}

impl Rules {
    /// Emits the moves of a run of rays from the walker's origin.
    #[inline]
    pub(super) fn run_rays(
        &self,
        st: &State,
        w: &mut Walker,
        start: u32,
        end: u32,
        out: &mut Vec<Move>,
    ) {
        let t = &self.tables.moves;
        let mover = w.mover();
        let (mut i, end) = (start as usize, end as usize);
        while i < end {
            let rs = t.sites[i];
            if rs.edge != NO_EDGE && bit(&st.blocked, rs.edge) {
                // A barrier closes the step: the ray ends before this site.
                i += 1 + rs.rest as usize;
                continue;
            }
            let v = st.board[rs.site.0 as usize];
            if has(&t.values[rs.to as usize], v)
                && (rs.residual == 0 || self.residual_holds(st, mover, i, v))
            {
                if rs.next == 0 {
                    w.push_step(rs.site, out);
                } else {
                    let (start, end) = t.runs[rs.next as usize];
                    self.run_rays(st, w, start, end, out);
                }
            }
            i += 1 + if rs.rest == 0 || has(&t.values[rs.over as usize], v) {
                0
            } else {
                rs.rest as usize
            };
        }
    }

    /// Emits the moves of the piece of `side` on `origin` with the flat run
    /// `sites[start..end]` ([`MoveTables::flat`]).
    #[inline(always)]
    pub(super) fn run_flat(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        run: (u32, u32),
        out: &mut Vec<Move>,
    ) {
        let t = &self.tables.moves;
        let mover = Mover::playing(side, origin);
        let sites = &t.sites[run.0 as usize..run.1 as usize];
        let mut i = 0;
        while let Some(&rs) = sites.get(i) {
            if rs.edge != NO_EDGE && bit(&st.blocked, rs.edge) {
                i += 1 + rs.rest as usize;
                continue;
            }
            let v = st.board[rs.site.0 as usize];
            if has(&t.values[rs.to as usize], v)
                && (rs.residual == 0 || self.residual_holds(st, mover, run.0 as usize + i, v))
            {
                out.push(Move::Step {
                    from: origin,
                    to: rs.site,
                });
            }
            i += 1 + if rs.rest == 0 || has(&t.values[rs.over as usize], v) {
                0
            } else {
                rs.rest as usize
            };
        }
    }

    /// Where the `i`-th site of the flat run beginning at `sites[start]`
    /// takes the piece of `side` on `origin` now, if it is one of the moves
    /// [`Rules::run_flat`] emits: nothing closes or blocks its ray before
    /// it, and the piece may land there.
    #[inline]
    pub(super) fn flat_slot(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        start: u32,
        i: u32,
    ) -> Option<SiteId> {
        let first = self.tables.moves.ray_first(start, i);
        self.lands_at(st, side, origin, first, i)
            .then_some(self.tables.moves.sites[i as usize].site)
    }

    /// [`Rules::flat_slot`] for the `i`-th [`Leaf`] of a nested flat run:
    /// the first segment lands where the second goes on from, then the
    /// second lands; or one of the leaf's alternatives does.
    #[inline]
    pub(super) fn leaf_slot(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        mut i: u32,
    ) -> Option<SiteId> {
        loop {
            let l = self.tables.moves.leaves[i as usize];
            let via = l.via == u32::MAX || self.lands_at(st, side, origin, l.via_first, l.via);
            if via && self.lands_at(st, side, origin, l.first, l.at) {
                return Some(self.tables.moves.sites[l.at as usize].site);
            }
            if l.alt == NO_LEAF {
                return None;
            }
            i = l.alt;
        }
    }

    /// Whether the piece of `side` on `origin` may land on `sites[i]`, its
    /// ray beginning at `sites[first]`: nothing closes or blocks the ray
    /// before it, and the landing condition holds.
    #[inline]
    fn lands_at(&self, st: &State, side: SideId, origin: SiteId, first: u32, i: u32) -> bool {
        let t = &self.tables.moves;
        let (first, i) = (first as usize, i as usize);
        let closed = |rs: &RaySite| rs.edge != NO_EDGE && bit(&st.blocked, rs.edge);
        for rs in &t.sites[first..i] {
            if closed(rs) || !has(&t.values[rs.over as usize], st.board[rs.site.0 as usize]) {
                return false;
            }
        }
        let rs = t.sites[i];
        let v = st.board[rs.site.0 as usize];
        !closed(&rs)
            && has(&t.values[rs.to as usize], v)
            && (rs.residual == 0 || self.residual_holds(st, Mover::playing(side, origin), i, v))
    }

    /// Emits the moves of a repeated group's rays `sites[start..end]`, as
    /// the pattern walk does: a landing is pushed on the walker's trail
    /// (its piece captured when the segment captures), the end of an
    /// iteration tries another from there (while it captured and there is
    /// room), and a move is emitted where no further iteration gives one.
    /// Whether a move was emitted.
    pub(super) fn run_chain(
        &self,
        st: &State,
        w: &mut Walker,
        start: u32,
        end: u32,
        group: u32,
        out: &mut Vec<Move>,
    ) -> bool {
        let t = &self.tables.moves;
        let mut emitted = false;
        let (mut i, end) = (start as usize, end as usize);
        while i < end {
            let (rs, cs) = (t.sites[i], &t.extras[i]);
            if rs.edge != NO_EDGE && bit(&st.blocked, rs.edge) {
                i += 1 + rs.rest as usize;
                continue;
            }
            let v = Self::occupant(st, w.origin, rs.site);
            // A captured piece is still on the board until the move ends.
            let dead = v != 0 && w.captured[..w.n_captured as usize].contains(&rs.site);
            let (to, over) = if dead {
                (cs.to_dead, cs.over_dead)
            } else {
                (rs.to, rs.over)
            };
            let takes = cs.capture && v != 0 && !dead;
            let full = takes && w.n_captured as usize == MAX_CHAIN;
            if has(&t.values[to as usize], v) && w.len < MAX_TRAIL && !full {
                if takes {
                    w.captured[w.n_captured as usize] = rs.site;
                    w.n_captured += 1;
                }
                w.trail[w.len] = rs.site;
                w.flags[w.len] = u8::from(takes) * CAPTURE;
                w.len += 1;
                emitted |= if rs.next != 0 {
                    let (start, end) = t.runs[rs.next as usize];
                    self.run_chain(st, w, start, end, group, out)
                } else {
                    self.chain_iteration_ends(st, w, rs.site, group, out)
                };
                w.len -= 1;
                if takes {
                    w.n_captured -= 1;
                }
            }
            i += 1 + if has(&t.values[over as usize], v) {
                0
            } else {
                rs.rest as usize
            };
        }
        emitted
    }

    /// An iteration of a repeated group ends on `at`: another follows if
    /// this one captured and one leads to a move; otherwise the move ends.
    fn chain_iteration_ends(
        &self,
        st: &State,
        w: &mut Walker,
        at: SiteId,
        group: u32,
        out: &mut Vec<Move>,
    ) -> bool {
        if !self.chain_step(w) {
            return true;
        }
        let flags = &w.flags[..w.len];
        let captured_now = (flags.iter().rev())
            .take_while(|f| *f & STOP == 0)
            .any(|f| f & CAPTURE != 0);
        w.flags[w.len - 1] |= STOP;
        let Group {
            of: (kind, _, pattern),
            runs,
        } = &self.tables.moves.groups[group as usize];
        // Room on the trail for another iteration, as the walk asks.
        let n_segments = self.kinds[*kind as usize].patterns[*pattern as usize]
            .segments
            .len();
        let room = w.len + n_segments <= MAX_TRAIL;
        if captured_now && room && (w.n_captured as usize) < MAX_CHAIN {
            let (start, end) = runs[at.0 as usize];
            if self.run_chain(st, w, start, end, group, out) {
                return true;
            }
        }
        self.emit(st, w, at, out)
    }

    /// The landing condition of the ray site `i`, whose value set passed,
    /// checked in full unless the value surely meets it.
    #[inline(always)]
    fn residual_holds(&self, st: &State, m: Mover, i: usize, v: u8) -> bool {
        let t = &self.tables.moves;
        let extra = t.extras[i];
        if has(&t.values[extra.sure as usize], v) {
            return true;
        }
        if let Some((ahead, set)) = extra.ahead {
            // Nothing ahead: the set holds for every value or none.
            let u = if ahead == NOWHERE {
                0
            } else {
                Self::occupant(st, m.origin, ahead)
            };
            return has(&t.values[set as usize], u);
        }
        self.residual_in_full(st, m, i)
    }

    /// The landing condition of the ray site `i`, evaluated.
    #[inline(never)]
    fn residual_in_full(&self, st: &State, m: Mover, i: usize) -> bool {
        let t = &self.tables.moves;
        let rs = t.sites[i];
        let r = t.residuals[rs.residual as usize];
        let segment =
            &self.kinds[r.kind as usize].patterns[r.pattern as usize].segments[r.seg as usize];
        self.eval(&segment.to, st, m, &[], rs.site, r.heading)
    }

    /// Emits the swaps of the piece of `side` on `from`, whose moves begin
    /// at `out[first]`, with the partners of `sites[start..end]`, if its
    /// side holds the token.
    pub(super) fn run_swaps(
        &self,
        st: &State,
        side: SideId,
        from: SiteId,
        first: usize,
        entry: Entry,
        out: &mut Vec<Move>,
    ) {
        let Entry::Swaps {
            start,
            end,
            token,
            by_site,
            fresh,
            sides,
        } = entry
        else {
            return;
        };
        if token != NO_TOKEN && st.tokens_left(self, side, token) == 0 {
            return;
        }
        let t = &self.tables.moves;
        let mut swap = |with: SiteId| {
            let mv = Move::Swap {
                from,
                via: from,
                with,
                token,
            };
            match fresh {
                true => out.push(mv),
                false => push_new(out, first, mv),
            }
        };
        if by_site == NOT_BY_SITE {
            for rs in &t.sites[start as usize..end as usize] {
                if has(&t.values[rs.to as usize], st.board[rs.site.0 as usize]) {
                    swap(rs.site);
                }
            }
            return;
        }
        // Only the sites of the partners' sides' pieces, in order.
        let (words, n_sides) = (self.site_words(), self.sides.len());
        let partners = &t.partners[by_site as usize..];
        let mine = (0..n_sides).filter(|s| sides >> s & 1 == 1);
        for i in 0..words {
            let mut bits = mine.clone().fold(0, |o, s| o | st.pieces[s * words + i]);
            while bits != 0 {
                let s = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if has(&t.values[partners[s] as usize], st.board[s]) {
                    swap(SiteId(s as u16));
                }
            }
        }
    }

    /// Whether a run of rays of the piece `a.side` has on `a.origin` ends
    /// a move on `a.target`.
    #[inline]
    pub(super) fn rays_reach(&self, st: &State, start: u32, end: u32, a: &Aim) -> bool {
        let t = &self.tables.moves;
        let mover = a.mover();
        let (mut i, end) = (start as usize, end as usize);
        while i < end {
            let rs = t.sites[i];
            if rs.dir < 32 && a.lines >> rs.dir & 1 == 0
                || rs.edge != NO_EDGE && bit(&st.blocked, rs.edge)
            {
                i += 1 + rs.rest as usize;
                continue;
            }
            let v = if rs.site == a.target {
                a.occupant
            } else if rs.site == a.vacant {
                0
            } else {
                st.board[rs.site.0 as usize]
            };
            if has(&t.values[rs.to as usize], v)
                && (rs.residual == 0 || self.residual_holds(st, mover, i, v))
            {
                if rs.next == 0 {
                    if rs.site == a.target {
                        return true;
                    }
                } else {
                    let (start, end) = t.runs[rs.next as usize];
                    let later = Aim {
                        lines: u32::MAX,
                        ..*a
                    };
                    if self.rays_reach(st, start, end, &later) {
                        return true;
                    }
                }
            }
            i += 1 + if rs.rest == 0 || has(&t.values[rs.over as usize], v) {
                0
            } else {
                rs.rest as usize
            };
        }
        false
    }
}

/// What a search of the rays for one target looks for: moves of the piece
/// of `side` on `origin` that end on `target`, following only the rays
/// whose directions are in `lines` (and those of `ANY_LINE`), with the
/// site `vacant` read as empty and `target` as holding `occupant` (their
/// residual conditions, if any, read the board as it is).
#[derive(Clone, Copy)]
pub(super) struct Aim {
    pub side: SideId,
    pub origin: SiteId,
    pub target: SiteId,
    pub lines: u32,
    pub vacant: SiteId,
    pub occupant: u8,
    /// What the rays' landing conditions are asked for.
    pub asking: Asking,
}

impl Aim {
    /// The piece whose rays are searched, for judging landing conditions.
    fn mover(&self) -> Mover {
        Mover::none(self.side, self.asking).from(self.origin)
    }
}
