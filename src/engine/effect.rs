//! Landing effects: the pieces a move's landing encloses, captured or
//! converted as the move is applied, and counted before it is played (for
//! `[turn] captures`, huffing and the move conditions `captures` and
//! `converts`).

use super::*;
use crate::rules::Effect;

impl Rules {
    /// Calls `hit` with each site enclosed by the effects of a piece of
    /// `side` and `kind` that lands on `at`, and the effect enclosing it,
    /// on the board of `st` with `origin` read as empty (the piece's
    /// starting site, or `NOWHERE`). The runs of one effect are read along
    /// each of its directions, across no barrier; a site may be enclosed
    /// by several effects.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn each_enclosed(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        origin: SiteId,
        at: SiteId,
        hit: &mut dyn FnMut(SiteId, &Effect),
    ) {
        for e in &self.kinds[kind as usize].effects {
            if e.surrounded.is_some() {
                self.each_surrounded(st, side, origin, at, e, hit);
                continue;
            }
            let mut dirs = e.dirs;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as u8;
                dirs &= dirs - 1;
                let n = self.run_length(st, side, origin, at, d, e);
                let mut s = at;
                for _ in 0..n {
                    s = self.next_site(st, s, d).unwrap_or(s);
                    hit(s, e);
                }
            }
        }
    }

    /// The site one step from `s` in direction `d`, across no barrier (a
    /// board without barrier kinds has none to look at).
    #[inline(always)]
    pub(super) fn next_site(&self, st: &State, s: SiteId, d: u8) -> Option<SiteId> {
        match self.barriers.is_empty() {
            true => self.board.neighbor(s, d),
            false => self.board.step(s, d, &st.blocked),
        }
    }

    /// How many sites effect `e` encloses from `at` in direction `d`: the
    /// run of sites meeting `over`, if its length is in range and the site
    /// after it meets `to` (when the effect has one); otherwise 0.
    #[inline]
    fn run_length(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        at: SiteId,
        d: u8,
        e: &Effect,
    ) -> u32 {
        let mut n = 0u32;
        let mut s = at;
        loop {
            let Some(next) = self.next_site(st, s, d) else {
                // The run reaches the edge: nothing closes it.
                return if e.to.is_none() && n >= e.min { n } else { 0 };
            };
            if n < e.max && next != at && self.eval(&e.over, st, side, origin, &[], next, d) {
                n += 1;
                s = next;
                continue;
            }
            if n < e.min {
                return 0;
            }
            return match &e.to {
                None => n,
                Some(to) if n <= e.max && self.eval(to, st, side, origin, &[], next, d) => n,
                Some(_) => 0,
            };
        }
    }

    /// The piece that lands, where and from where, for a move with
    /// landing effects: `(side, kind, origin, landing)`; `None` for a move
    /// of a kind without effects, a swap, a placement or a pass.
    #[inline]
    pub(super) fn landing(
        &self,
        st: &State,
        side: SideId,
        mv: Move,
    ) -> Option<(SideId, KindId, SiteId, SiteId)> {
        let (kind, from, to) = match self.base(mv) {
            Move::Step { from, to } => (self.unman(st.board[from.0 as usize]).1, from, to),
            Move::Chain(id) => {
                let chain = self.chain(id);
                let kind = self.unman(st.board[chain.from.0 as usize]).1;
                (kind, chain.from, chain.to())
            }
            Move::Drop { kind, to } => (kind, NOWHERE, to),
            _ => return None,
        };
        (self.effect_kinds >> kind & 1 == 1).then_some((side, kind, from, to))
    }

    /// How many pieces the landing effects of `mv` would capture and
    /// convert, played in `st`.
    #[inline(never)]
    pub(crate) fn effect_counts(&self, st: &State, mv: Move) -> (usize, usize) {
        if self.effect_kinds == 0 {
            return (0, 0);
        }
        let Some((side, kind, from, to)) = self.landing(st, self.to_move(st), mv) else {
            return (0, 0);
        };
        let (mut taken, mut turned) = (0, 0);
        let mut count = |_: SiteId, e: &Effect| match e.convert {
            true => turned += 1,
            false => taken += 1,
        };
        if let Move::Chain(_) = self.base(mv) {
            // The chain's captures are gone before the effects are read.
            let after = self.after_landing(st, mv);
            self.each_enclosed(&after, side, kind, NOWHERE, to, &mut count);
        } else {
            self.each_enclosed(st, side, kind, from, to, &mut count);
        }
        (taken, turned)
    }

    /// Whether `mv` converts at least one piece.
    pub(super) fn converts(&self, st: &State, _side: SideId, mv: &Move) -> bool {
        self.effect_counts(st, *mv).1 > 0
    }

    /// `st` after the move `mv` of the side to move, its effects aside.
    fn after_landing(&self, st: &State, mv: Move) -> State {
        let mut after = st.clone();
        self.apply_plain(&mut after, self.to_move(st), mv);
        after
    }

    /// Applies the landing effects of a piece of `side` and `kind` that
    /// has just landed on `at` (the move is on the board already).
    pub(super) fn enclose(&self, st: &mut State, side: SideId, kind: KindId, at: SiteId) {
        if self.effect_kinds >> kind & 1 == 0 {
            return;
        }
        // Every effect reads the board as the landing left it: the sites
        // are found first (on the stack while they are few), then changed.
        let mut few = [(NOWHERE, 0u8); 64];
        let (mut n, mut more) = (0, Vec::new());
        self.each_enclosed(st, side, kind, NOWHERE, at, &mut |s, e| {
            let v = match (e.convert, e.kind) {
                (false, _) => 0,
                (true, Some(k)) => self.man(side, k),
                (true, None) => self.man(side, self.unman(st.board[s.0 as usize]).1),
            };
            match few.get_mut(n) {
                Some(slot) => *slot = (s, v),
                None => more.push((s, v)),
            }
            n += 1;
        });
        let hits = || few[..n.min(64)].iter().chain(&more);
        // A capture wins over a conversion of the same site.
        for &(s, v) in hits() {
            if v == 0 || hits().all(|&(t, w)| t != s || w != 0) {
                self.put(st, s, v);
            }
        }
    }
}
