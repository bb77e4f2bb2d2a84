//! Attacks: whether a piece is attacked (the check rule), what a piece
//! covers or could take (`covered`, `backed`, `attacks`, `threatens`),
//! and the geometry that rules most pieces out before any move is made.

use super::walk::Walker;
use super::*;

thread_local! {
    /// The position with the moving piece put where `attacked` is asked.
    static THERE: RefCell<Option<State>> = const { RefCell::new(None) };
}

impl Rules {
    /// How many distinct pieces meeting `meets` the piece on `s` could take
    /// with one move (its own moves asked as an attack question, where
    /// `covered` and the like read false).
    pub(super) fn takes(&self, st: &State, s: SiteId, meets: impl Fn(SiteId) -> bool) -> u32 {
        let (owner, kind) = self.unman(st.board[s.0 as usize]);
        let mut moves = Vec::new();
        let mut w = Walker::new(owner);
        w.attacks_only = true;
        w.asking = Asking::Attack;
        self.moves_from(st, &mut w, s, kind, &mut moves);
        // The targets are judged as in any other condition (`stuck`
        // included); only the piece's own moves were asked as an attack.
        let mut taken: Vec<SiteId> = Vec::new();
        for m in &moves {
            let sites = match self.base(*m) {
                Move::Chain(c) => self.chain(c).captured().to_vec(),
                Move::Step { to, .. } if st.board[to.0 as usize] != 0 => vec![to],
                _ => Vec::new(),
            };
            for t in sites {
                if !taken.contains(&t) && meets(t) {
                    taken.push(t);
                }
            }
        }
        taken.len() as u32
    }

    /// `attacked`: whether an enemy piece could take a piece of `side` on
    /// `s` — the moving piece, moved there from `origin` (in a guard, where
    /// it stands). The enemies' moves are asked as an attack question.
    pub(super) fn attacked_here(
        &self,
        st: &State,
        side: SideId,
        origin: SiteId,
        s: SiteId,
    ) -> bool {
        let inner = Asking::Attack;
        if self.check_exempt.adjacent_royals && self.next_to_enemy_royal(st, side, s) {
            return false;
        }
        if origin == NOWHERE || origin == s {
            st.board[s.0 as usize] != 0 && self.attacked(st, s, side, inner)
        } else {
            let v = st.board[origin.0 as usize];
            v != 0
                && self
                    .attacked_moved(st, s, side, (origin, v), inner)
                    .unwrap_or_else(|| {
                        with_scratch(&THERE, st, |there, st| {
                            there.copy_from(st);
                            self.put(there, origin, 0);
                            self.put(there, s, v);
                            self.attacked(there, s, side, inner)
                        })
                    })
        }
    }

    /// [`Rules::attacked`] of `target`, were the piece of value `v` on
    /// `from` moved there, read from `st` without moving it: the suspects'
    /// rays read `from` as empty and `target` as holding `v`. `None` when a
    /// suspect's attacks read more than its rays' value sets (a residual
    /// condition, a walked pattern that may take `v`): then only the
    /// position with the piece moved can tell.
    #[inline(never)]
    pub(super) fn attacked_moved(
        &self,
        st: &State,
        target: SiteId,
        side: SideId,
        (from, v): (SiteId, u8),
        asking: Asking,
    ) -> Option<bool> {
        if !self.knows_suspects() {
            return None;
        }
        let mut unsure = false;
        let hit = self.each_suspect_of(st, target, v, side, |p, kind, owner| {
            // A piece on `target` is taken by the move: it attacks nothing.
            if p == target {
                return false;
            }
            let Some(entries) = self.tables.moves.entries(kind, owner, p) else {
                unsure = true;
                return true;
            };
            let aim = table::Aim {
                side: owner,
                origin: p,
                target,
                lines: self.toward(p, target, u32::MAX),
                vacant: from,
                occupant: v,
                asking,
            };
            entries.iter().any(|&entry| match entry {
                tables::Entry::Rays {
                    start,
                    end,
                    exact: true,
                } => self.rays_reach(st, start, end, &aim),
                tables::Entry::Walk(i) | tables::Entry::Gated { pattern: i, .. }
                    if !self.tables.moves.pattern_may_take(kind, owner, i, v) =>
                {
                    false
                }
                // A swap takes nothing.
                tables::Entry::Swaps { .. } => false,
                _ => {
                    unsure = true;
                    true
                }
            })
        });
        (!unsure).then_some(hit)
    }

    /// A royal piece of `side` attacked in `st`, and a piece attacking it.
    pub fn attacked_royal(&self, st: &State, side: SideId) -> Option<(SiteId, SiteId)> {
        let royal = |v: u8| {
            v != 0 && {
                let (s, k) = self.unman(v);
                s == side && self.kinds[k as usize].royal
            }
        };
        for i in (0..st.board.len()).filter(|&i| royal(st.board[i])) {
            let target = SiteId(i as u16);
            for (j, &v) in st.board.iter().enumerate() {
                if v == 0 || self.same_team(self.unman(v).0, side) {
                    continue;
                }
                let (owner, kind) = self.unman(v);
                let mut moves = Vec::new();
                let mut w = Walker::new(owner);
                w.attacks_only = true;
                self.moves_from(st, &mut w, SiteId(j as u16), kind, &mut moves);
                if moves.iter().any(|m| self.move_to(m) == Some(target)) {
                    return Some((target, SiteId(j as u16)));
                }
            }
        }
        None
    }

    /// Whether `side`'s royal pieces are safe under the check rule: none
    /// attacked, or, under `sole-royal`, any number but one.
    pub(crate) fn royals_safe(&self, st: &State, side: SideId, asking: Asking) -> bool {
        if self.check_exempt.any() {
            return self.royals_safe_exempt(st, side, asking);
        }
        let mask = &self.tables.royal_values[side as usize];
        let royal = |v: u8| mask[v as usize / 64] >> (v % 64) & 1 == 1;
        let mut royals = self
            .pieces_of(st, side)
            .filter(|s| royal(st.board[s.0 as usize]));
        if self.check == Check::SoleRoyal {
            // Safe unless exactly one royal, attacked.
            return match (royals.next(), royals.next()) {
                (Some(s), None) => !self.attacked(st, s, side, asking),
                _ => true,
            };
        }
        royals.all(|s| !self.attacked(st, s, side, asking))
    }

    /// [`Rules::royals_safe`] under `[turn] check_exempt`: safe when no
    /// other team has a royal left (`no-enemy-royal`), and a royal next to
    /// an enemy royal is not attacked (`adjacent-royals`).
    #[inline(never)]
    fn royals_safe_exempt(&self, st: &State, side: SideId, asking: Asking) -> bool {
        let exempt = self.check_exempt;
        if exempt.no_enemy_royal && !self.enemy_royal_left(st, side) {
            return true;
        }
        let mask = &self.tables.royal_values[side as usize];
        let royal = |v: u8| mask[v as usize / 64] >> (v % 64) & 1 == 1;
        let royals: Vec<SiteId> = (self.pieces_of(st, side))
            .filter(|s| royal(st.board[s.0 as usize]))
            .collect();
        if self.check == Check::SoleRoyal && royals.len() != 1 {
            return true;
        }
        royals.into_iter().all(|s| {
            (exempt.adjacent_royals && self.next_to_enemy_royal(st, side, s))
                || !self.attacked(st, s, side, asking)
        })
    }

    /// Whether a royal piece of another team than `side`'s stands on `st`.
    fn enemy_royal_left(&self, st: &State, side: SideId) -> bool {
        st.board.iter().any(|&v| self.enemy_royal(side, v))
    }

    /// Whether `v` is a royal piece of another team than `side`'s.
    fn enemy_royal(&self, side: SideId, v: u8) -> bool {
        v != 0 && {
            let (owner, kind) = self.unman(v);
            !self.same_team(owner, side) && self.kinds[kind as usize].royal
        }
    }

    /// Whether a site one step from `s` (in any direction of the board)
    /// holds a royal piece of another team than `side`'s.
    pub(super) fn next_to_enemy_royal(&self, st: &State, side: SideId, s: SiteId) -> bool {
        (0..self.board.n_dirs() as u8).any(|d| {
            (self.board.neighbor(s, d))
                .is_some_and(|t| self.enemy_royal(side, st.board[t.0 as usize]))
        })
    }

    /// Every grid offset a piece of `kind` and `side` could end a move at,
    /// conditions aside, or `None` when that cannot be told from geometry.
    pub(crate) fn reach_offsets(&self, kind: KindId, side: SideId) -> Option<Offsets> {
        let mut out = Offsets::new(self.board.files, self.board.ranks);
        for pattern in &self.kinds[kind as usize].patterns {
            if pattern.repeat.is_some() {
                return None;
            }
            self.offsets_from(pattern, side, 0, (0, 0), NO_HEADING, &mut out)?;
        }
        Some(out)
    }

    fn offsets_from(
        &self,
        pattern: &Pattern,
        side: SideId,
        seg: usize,
        at: (i32, i32),
        heading: u8,
        out: &mut Offsets,
    ) -> Option<()> {
        let Some(segment) = pattern.segments.get(seg) else {
            out.insert(at.0, at.1);
            return Some(());
        };
        if segment.swap.is_some() || segment.castle.is_some() {
            // A swap or a castling takes nothing: it attacks no site.
            return Some(());
        }
        if segment.jump {
            // Anywhere: not geometry.
            return None;
        }
        let (files, ranks) = (self.board.files, self.board.ranks);
        let inside = |p: (i32, i32)| p.0.abs() < files && p.1.abs() < ranks;
        if !segment.leaps.is_empty() {
            for &(dx, dy) in &segment.leaps {
                let next = (at.0 + dx as i32, at.1 + dy as i32);
                if inside(next) {
                    self.offsets_from(pattern, side, seg + 1, next, NO_HEADING, out)?;
                }
            }
            return Some(());
        }
        let dirs = if seg == 0 {
            segment.first[side as usize]
        } else {
            segment.dirs.resolve(heading)
        };
        if dirs >> 8 != 0 {
            // Link labels: not geometry.
            return None;
        }
        for d in 0..8u8 {
            if dirs >> d & 1 == 0 {
                continue;
            }
            let (dx, dy) = crate::board::compass_step(d);
            let mut cur = at;
            for k in 1..=segment.max {
                cur = (cur.0 + dx, cur.1 + dy);
                if !inside(cur) {
                    break;
                }
                if k >= segment.min {
                    self.offsets_from(pattern, side, seg + 1, cur, d, out)?;
                }
            }
        }
        Some(())
    }

    /// Whether a piece of a team other than `side`'s could take the piece on
    /// `target` with one of its moves (its own safety aside), its moves
    /// asked as `asking` says.
    pub(crate) fn attacked(
        &self,
        st: &State,
        target: SiteId,
        side: SideId,
        asking: Asking,
    ) -> bool {
        let mut attackers = Attackers::new(target, asking);
        let mut reaches = |p, kind, owner| self.piece_reaches(st, &mut attackers, p, kind, owner);
        if self.knows_suspects() {
            // The tables tell which pieces may take on `target`.
            return self.each_suspect(st, target, side, reaches);
        }
        let enemies = (0..self.sides.len() as SideId).filter(|&s| !self.same_team(s, side));
        let v = st.board[target.0 as usize];
        for (p, owner) in enemies.flat_map(|s| self.pieces_of(st, s).map(move |p| (p, s))) {
            let kind = self.unman(st.board[p.0 as usize]).1;
            if !self.tables.moves.may_take(kind, owner, v)
                || !self.may_reach(p, kind, owner, target)
            {
                continue;
            }
            if reaches(p, kind, owner) {
                return true;
            }
        }
        false
    }

    /// Whether a piece of `kind` and `side` on `p` might end a move on
    /// `target`, by the geometry of its patterns (when it tells).
    #[inline]
    fn may_reach(&self, p: SiteId, kind: KindId, side: SideId, target: SiteId) -> bool {
        if let Some(ends) = self.tables.moves.may_end(kind, side, p, target) {
            return ends;
        }
        let Some(offsets) = &self.tables.reach[kind as usize][side as usize] else {
            return true;
        };
        if self.board.is_extra(p) || self.board.is_extra(target) {
            return true;
        }
        let (a, b) = (
            &self.board.sites[p.0 as usize],
            &self.board.sites[target.0 as usize],
        );
        offsets.contains(b.x - a.x, b.y - a.y)
    }

    /// Whether the piece of `owner` and `kind` on `p` could take the piece
    /// on the attackers' target with one of its moves.
    pub(super) fn piece_reaches<'a>(
        &'a self,
        st: &State,
        attackers: &mut Attackers<'a>,
        p: SiteId,
        kind: KindId,
        owner: SideId,
    ) -> bool {
        let Attackers {
            walker,
            moves,
            target,
            asking,
        } = attackers;
        let (target, asking) = (*target, *asking);
        let w = walker.get_or_insert_with(|| Walker::attacking(owner, target, asking));
        w.side = owner;
        let hits = |m: &Move| match self.base(*m) {
            Move::Chain(c) => self.chain(c).captured().contains(&target),
            other => self.move_to(&other) == Some(target),
        };
        moves.clear();
        let Some(entries) = self.tables.moves.entries(kind, w.side, p) else {
            self.moves_from(st, w, p, kind, moves);
            return moves.iter().any(hits);
        };
        // The rays toward the target, and the moves of the patterns walked.
        let aim = table::Aim {
            side: owner,
            origin: p,
            target,
            lines: self.toward(p, target, u32::MAX),
            vacant: NOWHERE,
            occupant: st.board[target.0 as usize],
            asking: w.asking,
        };
        let target_value = aim.occupant;
        w.origin = p;
        w.start = 0;
        w.stepped = [0; 4];
        w.effects.reset();
        for &entry in entries {
            match entry {
                tables::Entry::Rays { start, end, .. } => {
                    if self.rays_reach(st, start, end, &aim) {
                        return true;
                    }
                }
                // A pattern that cannot take the target's value is not walked.
                tables::Entry::Walk(i) | tables::Entry::Gated { pattern: i, .. }
                    if !self
                        .tables
                        .moves
                        .pattern_may_take(kind, owner, i, target_value) => {}
                // A swap takes nothing: the walker only attacks.
                other => self.run_entry(st, w, kind, other, moves),
            }
        }
        moves.iter().any(hits)
    }

    /// Whether the piece on `p` could move onto `target`, were `target` empty.
    pub(super) fn covers(&self, st: &State, p: SiteId, target: SiteId) -> bool {
        let (side, kind) = self.unman(st.board[p.0 as usize]);
        // A swap, which may end anywhere, is not filtered by geometry.
        let swaps = self.tables.moves.swappers >> kind & 1 == 1;
        if !swaps && !self.may_reach(p, kind, side, target) {
            return false;
        }
        let entries = self.tables.moves.entries(kind, side, p);
        let exact = |e: &tables::Entry| matches!(e, tables::Entry::Rays { exact: true, .. });
        if let Some(entries) = entries.filter(|es| es.iter().all(exact)) {
            // Rays only, of value sets: the target is read as empty.
            let aim = table::Aim {
                side,
                origin: p,
                target,
                lines: self.toward(p, target, u32::MAX),
                vacant: target,
                occupant: 0,
                asking: Asking::Attack,
            };
            return entries.iter().any(|e| match *e {
                tables::Entry::Rays { start, end, .. } => self.rays_reach(st, start, end, &aim),
                _ => false,
            });
        }
        let mut board = st.clone();
        self.put(&mut board, target, 0);
        let mut moves = Vec::new();
        let mut w = Walker::new(side);
        w.asking = Asking::Attack;
        self.moves_from(&board, &mut w, p, kind, &mut moves);
        moves.iter().any(|m| self.move_to(m) == Some(target))
    }
}

/// What asking piece after piece whether it could take on one `target`
/// reuses: a walker, made the first time a pattern must be walked (it is
/// large), and the moves found; and what the pieces' moves are asked for.
pub(super) struct Attackers<'a> {
    walker: Option<Walker<'a>>,
    moves: Vec<Move>,
    target: SiteId,
    asking: Asking,
}

impl Attackers<'_> {
    pub(super) fn new(target: SiteId, asking: Asking) -> Self {
        Attackers {
            walker: None,
            moves: Vec::new(),
            target,
            asking,
        }
    }
}
