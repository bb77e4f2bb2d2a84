//! Landing effects: the pieces a move's landing encloses, captured or
//! converted as the move is applied, and counted before it is played (for
//! `[turn] captures`, huffing and the move conditions `captures` and
//! `converts`).

use super::*;
use crate::rules::{CellSets, Effect, MoveCond};

impl Rules {
    /// Calls `hit` with each site enclosed by the effects of a piece `m`
    /// of `kind` that lands on `at`, and the effect enclosing it, on the
    /// board of `st` with `m.origin` read as empty (the piece's starting
    /// site, or `NOWHERE`). The runs of one effect are read along each of
    /// its directions, across no barrier; a site may be enclosed by
    /// several effects. Only the effects of `active` act (a bit per
    /// effect, [`Rules::active_effects`]); `capture mover` encloses `at`.
    pub(super) fn each_enclosed(
        &self,
        st: &State,
        m: Mover,
        (kind, active): (KindId, u64),
        at: SiteId,
        hit: &mut dyn FnMut(SiteId, &Effect),
    ) {
        for (i, e) in self.kinds[kind as usize].effects.iter().enumerate() {
            if i < 64 && active >> i & 1 == 0 {
                continue;
            }
            self.each_enclosed_by(st, m, at, e, hit);
        }
    }

    /// [`Rules::each_enclosed`] for the one effect `e`.
    #[inline(always)]
    pub(super) fn each_enclosed_by(
        &self,
        st: &State,
        m: Mover,
        at: SiteId,
        e: &Effect,
        hit: &mut dyn FnMut(SiteId, &Effect),
    ) {
        if e.mover {
            hit(at, e);
            return;
        }
        if e.surrounded.is_some() {
            self.each_surrounded(st, m, at, e, hit);
            return;
        }
        let cells = Cells::of(e, m.side);
        let mut dirs = e.dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let n = self.run_length(st, m, at, d, e, cells);
            let mut s = at;
            for _ in 0..n {
                s = self.next_site(st, s, d).unwrap_or(s);
                hit(s, e);
            }
        }
    }

    /// The effects of a piece of `kind` that act on the move `mv` of
    /// `side` from `st`: a bit per effect, set unless the effect's `if`
    /// fails on the move (read on `st`, before the move).
    pub(super) fn active_effects(&self, st: &State, side: SideId, kind: KindId, mv: Move) -> u64 {
        let mut active = u64::MAX;
        for (i, e) in self.kinds[kind as usize].effects.iter().enumerate() {
            if let Some(g) = &e.guard {
                if i < 64 && !self.guard_meets(g, st, side, &mv) {
                    active &= !(1 << i);
                }
            }
        }
        active
    }

    /// Whether the move `mv` meets an effect's guard: `captures` is the
    /// move's own capture (its pattern's), the rest as for any move
    /// condition ([`Rules::move_meets`]).
    fn guard_meets(&self, c: &MoveCond, st: &State, side: SideId, mv: &Move) -> bool {
        match c {
            MoveCond::Captures => self.pattern_captures(st, mv) > 0,
            MoveCond::Not(inner) => !self.guard_meets(inner, st, side, mv),
            MoveCond::And(cs) => cs.iter().all(|c| self.guard_meets(c, st, side, mv)),
            MoveCond::Or(cs) => cs.iter().any(|c| self.guard_meets(c, st, side, mv)),
            _ => self.move_meets(c, st, side, mv),
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
    #[inline(always)]
    fn run_length(
        &self,
        st: &State,
        m: Mover,
        at: SiteId,
        d: u8,
        e: &Effect,
        Cells { over, to }: Cells,
    ) -> u32 {
        let mut n = 0u32;
        let mut s = at;
        loop {
            let Some(next) = self.next_site(st, s, d) else {
                // The run reaches the edge: nothing closes it.
                return if e.to.is_none() && n >= e.min { n } else { 0 };
            };
            if n < e.max && next != at && self.meets(&e.over, over, st, m, next, d) {
                n += 1;
                s = next;
                continue;
            }
            if n < e.min {
                return 0;
            }
            return match &e.to {
                None => n,
                Some(c) if n <= e.max && self.meets(c, to, st, m, next, d) => n,
                Some(_) => 0,
            };
        }
    }

    /// Whether site `s` meets `c` for `side`: by one lookup in `cells`
    /// when the condition reads only the occupant.
    #[inline(always)]
    pub(super) fn meets(
        &self,
        c: &Cond,
        cells: Option<&[u64; 4]>,
        st: &State,
        m: Mover,
        s: SiteId,
        d: u8,
    ) -> bool {
        match cells {
            Some(set) => {
                let v = Self::occupant(st, m.origin, s);
                set[v as usize / 64] >> (v % 64) & 1 == 1
            }
            None => self.eval(c, st, m, &[], s, d),
        }
    }

    /// The piece that lands, where and from where, for a move with
    /// landing effects: `(side, kind, origin, landing)`; `None` for a move
    /// of a kind without effects, a swap, a castling (two pieces land:
    /// [`Rules::apply_castling_telling`]), a placement or a pass.
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

    /// The two pieces of a castling `mv`, as they land: the castling
    /// piece's kind and destination, then its partner's.
    fn castling_landers(&self, st: &State, mv: Move) -> [(KindId, SiteId); 2] {
        let Move::Castle { from, to, with } = self.base(mv) else {
            unreachable!("a castling move")
        };
        let kind = |s: SiteId| self.unman(st.board[s.0 as usize]).1;
        let partner_to = self.castle_partner_to(from, to, with);
        [(kind(from), to), (kind(with), partner_to)]
    }

    /// [`Rules::apply`] of a castling move in a game with landing effects:
    /// the castling piece's effects where it lands, then its partner's
    /// where it lands (on the board the first left), as after a step;
    /// `hit`, if given, is told each site enclosed before it changes.
    #[inline(never)]
    pub(super) fn apply_castling_telling(
        &self,
        st: &mut State,
        (side, asking): (SideId, Asking),
        mv: Move,
        mut hit: Option<Hit<'_>>,
    ) {
        let landers = self.castling_landers(st, mv);
        let active = landers.map(|(kind, _)| self.active_effects(st, side, kind, mv));
        self.apply_plain(st, side, mv);
        for ((kind, at), active) in landers.into_iter().zip(active) {
            // A piece the first one's effects took encloses nothing.
            if self.effect_kinds >> kind & 1 == 1 && st.board[at.0 as usize] != 0 {
                if let Some(hit) = hit.as_deref_mut() {
                    let m = Mover::none(side, asking);
                    self.each_enclosed(st, m, (kind, active), at, hit);
                }
                self.enclose(st, side, (kind, active), at, asking);
            }
        }
    }

    /// Whether either piece of a castling `mv` has landing effects.
    pub(super) fn castles_with_effects(&self, st: &State, mv: Move) -> bool {
        (self.castling_landers(st, mv).iter()).any(|&(k, _)| self.effect_kinds >> k & 1 == 1)
    }

    /// How many pieces the landing effects of `mv` would capture and
    /// convert, played in `st`.
    #[inline(never)]
    pub(crate) fn effect_counts(&self, st: &State, mv: Move) -> (usize, usize) {
        if self.effect_kinds == 0 {
            return (0, 0);
        }
        if let Move::Castle { .. } = self.base(mv) {
            if !self.castles_with_effects(st, mv) {
                return (0, 0);
            }
            let (mut taken, mut turned) = (0, 0);
            let mut after = st.clone();
            let side = self.to_move(st);
            let mut count = |_: SiteId, e: &Effect| match e.convert {
                true => turned += 1,
                false => taken += 1,
            };
            let to_play = (side, Asking::Play);
            self.apply_castling_telling(&mut after, to_play, mv, Some(&mut count));
            return (taken, turned);
        }
        let Some((side, kind, from, to)) = self.landing(st, self.to_move(st), mv) else {
            return (0, 0);
        };
        let (mut taken, mut turned) = (0, 0);
        let mut count = |_: SiteId, e: &Effect| match e.convert {
            true => turned += 1,
            false => taken += 1,
        };
        let acting = (kind, self.active_effects(st, side, kind, mv));
        if let Move::Chain(_) = self.base(mv) {
            // The chain's captures are gone before the effects are read.
            let after = self.after_landing(st, mv);
            let m = Mover::none(side, Asking::Play);
            self.each_enclosed(&after, m, acting, to, &mut count);
        } else {
            self.each_enclosed(st, Mover::playing(side, from), acting, to, &mut count);
        }
        (taken, turned)
    }

    /// Whether `mv` converts at least one piece: the first run found
    /// answers.
    pub(super) fn converts(&self, st: &State, _side: SideId, mv: &Move) -> bool {
        if self.effect_kinds == 0 {
            return false;
        }
        if let Move::Castle { .. } = self.base(*mv) {
            return self.effect_counts(st, *mv).1 > 0;
        }
        let Some((side, kind, from, to)) = self.landing(st, self.to_move(st), *mv) else {
            return false;
        };
        if let Move::Chain(_) = self.base(*mv) {
            return self.effect_counts(st, *mv).1 > 0;
        }
        let active = self.active_effects(st, side, kind, *mv);
        let effects = self.kinds[kind as usize].effects.iter().enumerate();
        let acting = effects.filter(|&(i, e)| e.convert && (i >= 64 || active >> i & 1 == 1));
        acting.map(|(_, e)| e).any(|e| {
            let m = Mover::playing(side, from);
            if e.surrounded.is_some() {
                let mut any = false;
                self.each_surrounded(st, m, to, e, &mut |_, _| any = true);
                return any;
            }
            let cells = Cells::of(e, side);
            let mut dirs = e.dirs;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as u8;
                dirs &= dirs - 1;
                if self.run_length(st, m, to, d, e, cells) > 0 {
                    return true;
                }
            }
            false
        })
    }

    /// Fills in each effect's [`Effect::over_cells`], [`Effect::to_cells`]
    /// and [`Effect::surrounded_cells`] where its condition reads the
    /// occupant alone.
    pub(crate) fn derive_effect_cells(&mut self) {
        let mut kinds = self.kinds.clone();
        for e in kinds.iter_mut().flat_map(|k| k.effects.iter_mut()) {
            e.over_cells = self.cell_sets(&e.over);
            e.to_cells = e.to.as_ref().and_then(|to| self.cell_sets(to));
            e.surrounded_cells = e.surrounded.as_ref().and_then(|by| self.cell_sets(by));
        }
        self.game_mut().kinds = kinds;
    }

    /// The cell values meeting `c` for each side, if `c` reads nothing but
    /// the occupant (with no captured pieces pending).
    fn cell_sets(&self, c: &Cond) -> Option<CellSets> {
        let n_sides = self.sides.len() as SideId;
        let sets = (0..n_sides).map(|side| {
            let mut set = [0u64; 4];
            for v in 0..self.cell_owner.len() {
                if self.cell_meets(c, side, v as u8)? {
                    set[v / 64] |= 1 << (v % 64);
                }
            }
            Some(set)
        });
        sets.collect()
    }

    /// Whether the occupant `v` meets `c` for `side`; `None` when `c`
    /// reads more than the occupant.
    fn cell_meets(&self, c: &Cond, side: SideId, v: u8) -> Option<bool> {
        let (owner, kind) = self.unman(v);
        let kind_is = |k: Kinds| k >> kind & 1 == 1;
        Some(match c {
            Cond::True => true,
            Cond::Empty => v == 0,
            Cond::Occupied(k) => v != 0 && kind_is(*k),
            Cond::Friend(k) => v != 0 && self.same_team(owner, side) && kind_is(*k),
            Cond::Enemy(k) => v != 0 && !self.same_team(owner, side) && kind_is(*k),
            Cond::Side(sides, k) => v != 0 && sides >> owner & 1 == 1 && kind_is(*k),
            Cond::Not(inner) => !self.cell_meets(inner, side, v)?,
            Cond::And(cs) => (cs.iter().map(|c| self.cell_meets(c, side, v)))
                .try_fold(true, |all, b| Some(all && b?))?,
            Cond::Or(cs) => (cs.iter().map(|c| self.cell_meets(c, side, v)))
                .try_fold(false, |any, b| Some(any || b?))?,
            _ => return None,
        })
    }

    /// `st` after the move `mv` of the side to move, its effects aside.
    fn after_landing(&self, st: &State, mv: Move) -> State {
        let mut after = st.clone();
        self.apply_plain(&mut after, self.to_move(st), mv);
        after
    }

    /// Applies the landing effects of a piece of `side` and `kind` that
    /// has just landed on `at` (the move is on the board already), its
    /// conditions asked as `asking` says.
    pub(super) fn enclose(
        &self,
        st: &mut State,
        side: SideId,
        (kind, active): (KindId, u64),
        at: SiteId,
        asking: Asking,
    ) {
        if self.effect_kinds >> kind & 1 == 0 {
            return;
        }
        if self.tables.flanks.encloses >> kind & 1 == 1 && self.enclose_flanked(st, side, kind, at)
        {
            return;
        }
        // Every effect reads the board as the landing left it: the sites
        // are found first (on the stack while they are few), then changed.
        // Each as its site and new value packed in one word, so that the
        // list starts zeroed at the cost of a memset.
        let mut few = [0u32; 64];
        let (mut n, mut more) = (0, Vec::new());
        let acting = (kind, active);
        self.each_enclosed(st, Mover::none(side, asking), acting, at, &mut |s, e| {
            let v = match (e.convert, e.kind) {
                (false, _) => 0,
                (true, Some(k)) => self.man(side, k),
                (true, None) => self.man(side, self.unman(st.board[s.0 as usize]).1),
            };
            let hit = u32::from(s.0) << 8 | u32::from(v);
            match few.get_mut(n) {
                Some(slot) => *slot = hit,
                None => more.push(hit),
            }
            n += 1;
        });
        let unpack = |&hit: &u32| (SiteId((hit >> 8) as u16), hit as u8);
        let hits = || few[..n.min(64)].iter().chain(&more).map(unpack);
        // A capture wins over a conversion of the same site.
        for (s, v) in hits() {
            if v == 0 {
                // A captured piece takes its flags off the board; a
                // converted one keeps them.
                self.take_off(st, s);
            } else if hits().all(|(t, w)| t != s || w != 0) {
                self.put(st, s, v);
            }
        }
    }
}

/// What is told each site a landing effect encloses, with the effect.
type Hit<'a> = &'a mut dyn FnMut(SiteId, &Effect);

/// An effect's cell sets for one mover side ([`Effect::over_cells`],
/// [`Effect::to_cells`]), chosen once per effect rather than per step.
#[derive(Clone, Copy)]
struct Cells<'a> {
    over: Option<&'a [u64; 4]>,
    to: Option<&'a [u64; 4]>,
}

impl<'a> Cells<'a> {
    #[inline(always)]
    fn of(e: &'a Effect, side: SideId) -> Self {
        let pick = |c: &'a Option<CellSets>| c.as_ref().map(|c| &c[side as usize]);
        Cells {
            over: pick(&e.over_cells),
            to: pick(&e.to_cells),
        }
    }
}
