//! Walking a pattern over the board tables: segment by segment, direction
//! by direction, distance by distance, with a trail of landings and the
//! pieces captured so far (`Walker`); swaps and jumps; and emitting the
//! move a finished walk describes.

use super::effects::ChainEffect;
use super::gates::Givens;
use super::*;

/// The longest trail of landing sites a pattern walk keeps.
pub(super) const MAX_TRAIL: usize = 96;

/// Trail flags: the segment captured; an iteration of a repeated group ended.
pub(super) const CAPTURE: u8 = 1;
pub(super) const STOP: u8 = 2;

/// How many moves of each piece a generation wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PerPiece {
    /// Every move.
    Every,
    /// Any one will do (to know whether a side can move, when no filter
    /// can refuse a candidate): a piece's patterns stop at the first that
    /// gives one.
    First,
}

/// What a generation is asked for: the moves of play (or of the check
/// rule), or the moves of a piece inside an attack question — whether it
/// covers a site, what it could take, whether it is stuck or a piece is
/// attacked — where those questions themselves read as false, so that
/// none recurses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Asking {
    #[default]
    Play,
    Attack,
}

/// The state of one pattern walk from one piece.
pub(super) struct Walker<'a> {
    pub(super) side: SideId,
    pub(super) origin: SiteId,
    pub(super) pattern: Option<&'a Pattern>,
    /// Where this piece's moves begin in the output, for deduplication.
    pub(super) start: usize,
    pub(super) trail: [SiteId; MAX_TRAIL],
    /// Per trail site: [`CAPTURE`], [`STOP`].
    pub(super) flags: [u8; MAX_TRAIL],
    pub(super) len: usize,
    pub(super) captured: [SiteId; MAX_CHAIN],
    pub(super) n_captured: u8,
    /// Only moves that could take something: swaps are skipped.
    pub(super) attacks_only: bool,
    /// The steps' targets emitted for this piece so far, for sites below
    /// 256; others are looked for in the moves.
    pub(super) stepped: [u64; 4],
    /// Only moves to this site matter (attack tests): a one-segment
    /// pattern follows only the compass line toward it.
    pub(super) target: Option<SiteId>,
    /// How many of the piece's moves are wanted.
    pub(super) per_piece: PerPiece,
    /// What the moves are asked for.
    pub(super) asking: Asking,
    /// Every way of making a chain of this effect is kept, and only those
    /// (for reading a chain typed along another path).
    pub(super) paths_of: Option<ChainEffect>,
    /// The last [`LastGate`] judged for every piece of a side (by its
    /// address), the side, and the answer: a walker serves one position.
    pub(super) last_gate: Option<(usize, SideId, bool)>,
    /// The effects of the piece's chains, hashed once it has many.
    pub(super) effects: super::effects::Effects,
    /// The chain steps this walker explored ([`Rules::chain_step`]).
    pub(super) chain_steps: u32,
    /// The patterns' `given` conditions read so far.
    pub(super) givens: Givens,
    /// A move may end where it started (`stay`, in `promote_moves`).
    pub(super) in_place: bool,
}

impl Walker<'_> {
    /// Whether the walker knows already, without a call, that the last
    /// move cannot give a landing `gate` asks for: there was none, or the
    /// gate was judged closed for every piece of the side.
    #[inline]
    pub(super) fn gate_closed(&self, st: &State, gate: &LastGate) -> bool {
        let key = gate as *const LastGate as usize;
        st.last[1] == NOWHERE
            || gate.site_only
                && matches!(self.last_gate, Some((k, s, false)) if k == key && s == self.side)
    }

    /// Adds a step of the piece to `to`, unless it has it already: a step
    /// is a duplicate when its target was stepped to already.
    #[inline(always)]
    pub(super) fn push_step(&mut self, to: SiteId, out: &mut Vec<Move>) {
        let mv = Move::Step {
            from: self.origin,
            to,
        };
        if (to.0 as usize) < 256 {
            let (word, bit) = (to.0 as usize / 64, to.0 % 64);
            let seen = self.stepped[word] >> bit & 1 == 1;
            self.stepped[word] |= 1 << bit;
            if !seen {
                out.push(mv);
            }
        } else {
            self.push(mv, out);
        }
    }

    /// Adds a move of the piece unless it has it already. Duplicates are
    /// looked for linearly while a piece has few moves; past that,
    /// `moves_from` sorts and dedups the piece's moves.
    pub(super) fn push(&self, mv: Move, out: &mut Vec<Move>) {
        push_new(out, self.start, mv);
    }

    pub(super) fn new(side: SideId) -> Self {
        Walker {
            side,
            origin: SiteId(0),
            pattern: None,
            start: 0,
            trail: [SiteId(0); MAX_TRAIL],
            flags: [0; MAX_TRAIL],
            len: 0,
            captured: [SiteId(0); MAX_CHAIN],
            n_captured: 0,
            attacks_only: false,
            stepped: [0; 4],
            target: None,
            per_piece: PerPiece::Every,
            asking: Asking::Play,
            paths_of: None,
            last_gate: None,
            effects: Default::default(),
            chain_steps: 0,
            givens: Givens::default(),
            in_place: false,
        }
    }

    /// A walker for the attacks of pieces on `target` (its moves read as
    /// `asking` says): only moves that could take, only toward the target.
    pub(super) fn attacking(side: SideId, target: SiteId, asking: Asking) -> Self {
        let mut w = Walker::new(side);
        w.attacks_only = true;
        w.target = Some(target);
        w.asking = asking;
        w
    }

    /// The moving piece, for judging site conditions.
    #[inline]
    pub(super) fn mover(&self) -> Mover {
        Mover {
            side: self.side,
            origin: self.origin,
            asking: self.asking,
        }
    }
}

/// Whether a site condition can hold only where a piece stands.
fn needs_piece(c: &Cond) -> bool {
    match c {
        Cond::Occupied(_) | Cond::Friend(_) | Cond::Enemy(_) | Cond::Side(..) => true,
        Cond::And(cs) => cs.iter().any(needs_piece),
        Cond::Or(cs) => cs.iter().all(needs_piece),
        _ => false,
    }
}

impl Rules {
    /// The moves of one pattern of the walker's piece.
    #[inline(never)]
    pub(super) fn walk_pattern<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        pattern: &'a Pattern,
        out: &mut Vec<Move>,
    ) {
        let (side, origin) = (w.side, w.origin);
        if let Some((i, given)) = &pattern.given {
            if !self.given_holds(st, w, *i, given) {
                return;
            }
        }
        // The guard reads the starting site with the moving piece on it
        // (no site is left behind yet: `NOWHERE`).
        if let Some(guard) = &pattern.guard {
            if !self.eval(
                guard,
                st,
                Mover::none(side, w.asking),
                &[],
                origin,
                NO_HEADING,
            ) {
                return;
            }
        }
        if let Some(gate) = &pattern.last_gate {
            if !self.last_move_allows(st, w, gate)
                || gate.near && !self.last_site_beside(st, w, &pattern.segments[0], gate)
            {
                return;
            }
        }
        w.pattern = Some(pattern);
        self.walk(st, w, 0, origin, 0, out);
    }

    /// Walks the pattern from segment `seg` at site `at`, `heading` being
    /// the direction of the previous step; emits a move for each way to
    /// reach the end. Returns whether it emitted one.
    fn walk(
        &self,
        st: &State,
        w: &mut Walker,
        seg: usize,
        at: SiteId,
        heading: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(pattern) = w.pattern else {
            return false;
        };
        if let Some((rs, re)) = pattern.repeat {
            if seg == re {
                if !self.chain_step(w) {
                    return true;
                }
                // An iteration of the group ends here: it goes on while it
                // can. Only an iteration that captured may be followed by
                // another, so chains end (captured pieces are never taken twice).
                let captured_now = w.flags[..w.len]
                    .iter()
                    .rev()
                    .take_while(|f| *f & STOP == 0)
                    .any(|f| f & CAPTURE != 0);
                w.flags[w.len - 1] |= STOP;
                let room = w.len + (re - rs) + (pattern.segments.len() - re) <= MAX_TRAIL;
                if captured_now
                    && room
                    && (w.n_captured as usize) < MAX_CHAIN
                    && self.walk(st, w, rs, at, heading, out)
                {
                    return true;
                }
            }
        }
        if seg == pattern.segments.len() {
            return self.emit(st, w, at, out);
        }
        let segment = &pattern.segments[seg];
        if let Some(castle) = &segment.castle {
            return self.castles(st, w, segment, castle, out);
        }
        if let Some(partner) = &segment.swap {
            return !w.attacks_only && self.swaps(st, w, at, partner, segment.spend, out);
        }
        if segment.jump {
            // An attack test needs only a last jump onto its target.
            let last = seg + 1 == pattern.segments.len() && pattern.repeat.is_none();
            if let Some(t) = w.target.filter(|_| last) {
                return t != at && t != w.origin && self.land(st, w, seg, t, NO_HEADING, out);
            }
            let mut emitted = false;
            for i in 0..st.board.len() {
                let p = SiteId(i as u16);
                if p != at && p != w.origin {
                    emitted |= self.land(st, w, seg, p, NO_HEADING, out);
                }
            }
            return emitted;
        }
        if !segment.leaps.is_empty() {
            let mut emitted = false;
            for &(dx, dy) in &segment.leaps {
                if let Some(next) = self.board.leap(at, dx, dy) {
                    emitted |= self.land(st, w, seg, next, NO_HEADING, out);
                }
            }
            return emitted;
        }
        let dirs = if seg == 0 {
            segment.first[w.side as usize]
        } else {
            segment.dirs.resolve(heading)
        };
        let dirs = match w.target {
            Some(t) if pattern.segments.len() == 1 && pattern.repeat.is_none() => {
                self.toward(at, t, dirs)
            }
            _ => dirs,
        };
        let mut emitted = false;
        let mut mask = dirs;
        while mask != 0 {
            let d = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let (min, max) = match &segment.line {
                Some(c) => {
                    let n = self.line_count(st, w, c, at, d);
                    (n, n)
                }
                None => (segment.min, segment.max),
            };
            let mut cur = at;
            for k in 1..=max {
                let Some(next) = self.board.step(cur, d, &st.blocked) else {
                    break;
                };
                cur = next;
                if k >= min {
                    emitted |= self.land(st, w, seg, cur, d, out);
                }
                let captured = &w.captured[..w.n_captured as usize];
                if k < max && !self.eval(&segment.over, st, w.mover(), captured, cur, d) {
                    break;
                }
            }
        }
        emitted
    }

    /// `line(COND)`: the sites meeting `c` on the whole line through `at`
    /// along compass direction `d` (both ways, `at` included, up to the
    /// board's edge or a closed barrier), read on the position before the
    /// move, the moving piece on its origin. Capped at the longest line.
    fn line_count(&self, st: &State, w: &Walker, c: &Cond, at: SiteId, d: u8) -> u8 {
        let m = Mover::none(w.side, w.asking);
        let mut n = u8::from(self.eval(c, st, m, &[], at, NO_HEADING));
        for dir in [d, (d + 4) % 8] {
            let mut cur = at;
            while let Some(next) = self.board.step(cur, dir, &st.blocked) {
                cur = next;
                n = n.saturating_add(u8::from(self.eval(c, st, m, &[], cur, dir)));
            }
        }
        n
    }

    /// The directions of `dirs` that can lead from `at` to `target` in a
    /// straight line: the one compass direction pointing at it (if any),
    /// and every labelled link; all of them off the grid.
    pub(super) fn toward(&self, at: SiteId, target: SiteId, dirs: u32) -> u32 {
        if self.board.is_extra(at) || self.board.is_extra(target) {
            return dirs;
        }
        let (a, b) = (
            &self.board.sites[at.0 as usize],
            &self.board.sites[target.0 as usize],
        );
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let links = dirs & !0xff;
        if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return links;
        }
        let line = (dx.signum(), dy.signum());
        match (0..8).find(|&d| crate::board::compass_step(d) == line) {
            Some(d) => dirs & (1 << d) | links,
            None => links,
        }
    }

    /// A `swap` segment at `at`: one move per partner site meeting the
    /// condition (not the mover's own sites), if the side holds the token.
    fn swaps(
        &self,
        st: &State,
        w: &Walker,
        at: SiteId,
        partner: &Cond,
        spend: Option<TokenId>,
        out: &mut Vec<Move>,
    ) -> bool {
        if spend.is_some_and(|t| st.tokens_left(self, w.side, t) == 0) {
            return false;
        }
        let mut emitted = false;
        let mut try_site = |i: usize| {
            let with = SiteId(i as u16);
            if with == at
                || with == w.origin
                || !self.eval(partner, st, w.mover(), &[], with, NO_HEADING)
            {
                return;
            }
            let mv = Move::Swap {
                from: w.origin,
                via: at,
                with,
                token: spend.unwrap_or(NO_TOKEN),
            };
            if !out[w.start..].contains(&mv) {
                out.push(mv);
                emitted = true;
            }
        };
        if !needs_piece(partner) {
            (0..st.board.len()).for_each(try_site);
            return emitted;
        }
        // Only the occupied sites, in order.
        let (words, n_sides) = (self.site_words(), self.sides.len());
        for i in 0..words {
            let mut bits = (0..n_sides).fold(0, |o, s| o | st.pieces[s * words + i]);
            while bits != 0 {
                try_site(i * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        emitted
    }

    /// A segment reaches `cur` (in direction `d`): if it may end there, the
    /// walk goes on from there with the next segment.
    fn land(
        &self,
        st: &State,
        w: &mut Walker,
        seg: usize,
        cur: SiteId,
        d: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(pattern) = w.pattern else {
            return false;
        };
        let segment = &pattern.segments[seg];
        let captured = &w.captured[..w.n_captured as usize];
        if w.len >= MAX_TRAIL || !self.eval(&segment.to, st, w.mover(), captured, cur, d) {
            return false;
        }
        // `capture` takes what stands there; an empty site gives nothing.
        let takes =
            segment.capture && Self::occupant(st, w.origin, cur) != 0 && !captured.contains(&cur);
        if takes && w.n_captured as usize == MAX_CHAIN {
            return false;
        }
        if takes {
            w.captured[w.n_captured as usize] = cur;
            w.n_captured += 1;
        }
        // `capture last` takes the piece that made the last move, or the
        // segment does not land.
        let victim = segment.capture_last.then(|| st.last[1]);
        if let Some(v) = victim {
            let free = w.len + 1 < MAX_TRAIL && (w.n_captured as usize) < MAX_CHAIN;
            let there = v != NOWHERE && v != w.origin && st.board[v.0 as usize] != 0;
            if !free || !there || w.captured[..w.n_captured as usize].contains(&v) {
                if takes {
                    w.n_captured -= 1;
                }
                return false;
            }
            w.captured[w.n_captured as usize] = v;
            w.n_captured += 1;
            w.trail[w.len] = v;
            w.flags[w.len] = CAPTURE;
            w.len += 1;
        }
        w.trail[w.len] = cur;
        w.flags[w.len] = u8::from(takes) * CAPTURE;
        w.len += 1;
        let emitted = self.walk(st, w, seg + 1, cur, d, out);
        w.len -= 1;
        if victim.is_some() {
            w.len -= 1;
            w.n_captured -= 1;
        }
        if takes {
            w.n_captured -= 1;
        }
        emitted
    }

    /// Adds the move a finished walk describes, unless the piece already has it.
    pub(super) fn emit(&self, st: &State, w: &mut Walker, at: SiteId, out: &mut Vec<Move>) -> bool {
        let mv = if w.n_captured == 0 {
            if at == w.origin && !w.in_place {
                return false;
            }
            Move::Step {
                from: w.origin,
                to: at,
            }
        } else {
            let captured = &w.captured[..w.n_captured as usize];
            if let Some(wanted) = &w.paths_of {
                if *wanted != ChainEffect::of(at, captured) {
                    return true;
                }
            } else if self.effect_emitted(st, w, at, out) {
                // Counted as emitted: the walk found a way to finish.
                return true;
            }
            let mut chain = Chain::new(w.origin);
            for (&site, &flags) in w.trail[..w.len].iter().zip(&w.flags) {
                if flags & CAPTURE != 0 {
                    chain.push_captured(site);
                } else if flags & STOP != 0 {
                    chain.push_stop(site);
                }
            }
            chain.push_stop(at);
            let id = self.chains.intern(chain);
            Move::Chain(id)
        };
        match mv {
            Move::Step { to, .. } => w.push_step(to, out),
            _ => w.push(mv, out),
        }
        true
    }

    /// The board value of a site while the piece on `origin` is moving.
    #[inline]
    pub(super) fn occupant(st: &State, origin: SiteId, s: SiteId) -> u8 {
        if s == origin {
            0
        } else {
            st.board[s.0 as usize]
        }
    }
}

impl Rules {
    /// Every way the piece of the chain `id` has of doing what it does here,
    /// in the order found (the legal move is the first): the chains from
    /// its origin that end where it ends and capture the same pieces. For
    /// reading a chain typed along another of its paths.
    pub(crate) fn chain_paths(&self, st: &State, id: ChainId) -> Vec<Chain> {
        let chain = self.chain(id);
        let v = st.board[chain.from.0 as usize];
        if v == 0 {
            return Vec::new();
        }
        let (side, kind) = self.unman(v);
        let mut w = Walker::new(side);
        w.paths_of = Some(ChainEffect::of(chain.to(), chain.captured()));
        let mut moves = Vec::new();
        self.moves_from(st, &mut w, chain.from, kind, &mut moves);
        let paths = moves.into_iter().filter_map(|m| match m {
            Move::Chain(c) => Some(self.chain(c)),
            _ => None,
        });
        paths
            .filter(|c| c.same_effect(chain.to(), chain.captured()))
            .collect()
    }
}
