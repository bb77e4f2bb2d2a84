//! Barrier placements, and the constraints (`[[constraint]]`) that every
//! placement, drop and piece move must keep: a barrier that closes no loop
//! of barriers, or crosses no piece's current shortest path, cannot cut
//! a piece off its goal.

use super::chains::both_ways;
use super::check::SafeRoyal;
use super::reach::Open;
use super::unplayed::{ChainsOf, GroupReads, Unplayed};
use super::*;

/// How many placements a plan will judge: a few drawn at random, or every
/// one of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Judged {
    Few,
    Every,
}

/// A placement plan and a copy of the closed edges to try barriers on.
pub(super) type Placing<'a> = (Plan<'a>, Vec<u64>);

/// What judging the moves of one position against the constraints makes
/// once, when first needed.
#[derive(Default)]
pub(super) struct Judging<'a> {
    /// The placement plan, and a copy of the closed edges to try barriers on.
    pub placing: Option<Placing<'a>>,
    /// What judging piece moves reads of the position.
    pub before: Before,
}

/// What judging piece moves against the constraints reads of the position
/// before them, once, when first needed.
#[derive(Default)]
pub(super) struct Before {
    /// The sites the constraints see from pieces ([`Rules::sighted`]).
    sighted: Option<Vec<u64>>,
    /// Whether a constraint with `when` binds here ([`Rules::when_binds`]).
    when_binds: Option<bool>,
    /// Per side, its lone royal piece when no enemy attacks it
    /// ([`Rules::safe_royal`]).
    safe_royals: Option<Vec<Option<SafeRoyal>>>,
    /// Whether the breathing constraints hold here ([`Breathing`]).
    pub breathing_held: Option<bool>,
    /// Whether a drop may be judged without playing it: where no position
    /// judging reaches is kept, as when every move is listed (a move drawn
    /// at random is played from the position its judging reached).
    pub unplayed: bool,
    /// What judging drops without playing them reads of the position
    /// ([`Rules::drop_keeps_constraints_unplayed`]).
    pub unplayed_reads: Option<Unplayed>,
    /// Whether the scratch position holds the position after the last move
    /// judged (`apply` of it, and nothing more): set when judging played it.
    pub applied: bool,
    /// Whether every move of the position is judged (a listing): then the
    /// groups of the position are read once for all the drops, and the
    /// drops sure to keep the constraints for the whole board at once.
    pub every: bool,
    /// What a listing's drops judged unplayed read of the position
    /// ([`GroupReads`]), made when first needed.
    pub groups: Option<Box<GroupReads>>,
}

/// How placements are checked against the constraints of one position.
pub(super) enum Plan<'a> {
    /// Evaluate every constraint with the barrier added.
    General,
    /// Every constraint is `reach` on a full grid and holds now (unless the
    /// plan is for a few placements: then every one is flood filled).
    Reach {
        /// Groove corners joined by barriers, the rim joined as one; none
        /// when every placement is flood filled.
        walls: Option<Corners>,
        pieces: Vec<Watched<'a>>,
        /// The grid's open orthogonal lines, when it is small enough to
        /// flood fill (then the pieces' paths are not kept).
        open: Option<Open>,
    },
}

/// A piece a `reach` constraint watches, with its current shortest path.
pub(super) struct Watched<'a> {
    site: SiteId,
    goal: &'a SiteSet,
    dirs: u32,
    path: Vec<u64>,
}

/// Union-find over groove corners: which corners barriers connect.
pub(super) struct Corners {
    parent: Vec<u16>,
}

impl Corners {
    /// Every rim corner starts in one set: the rim is one closed border.
    fn new(board: &crate::board::Board) -> Self {
        Corners {
            parent: board.corner_roots.clone(),
        }
    }

    fn find(&self, mut c: u16) -> u16 {
        while self.parent[c as usize] != c {
            c = self.parent[c as usize];
        }
        c
    }

    fn union(&mut self, a: u16, b: u16) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra as usize] = rb;
        }
    }
}

impl Rules {
    /// Whether `mv` moves a piece with landing effects (either piece of a
    /// castling), which constraints
    /// reading pieces must judge.
    #[cold]
    #[inline(never)]
    fn lands_with_effects(&self, st: &State, mv: Move) -> bool {
        !self.constraints_barrier_only
            && match self.base(mv) {
                Move::Castle { .. } => self.castles_with_effects(st, mv),
                _ => self.move_from(&mv).is_some_and(|f| {
                    let v = st.board[f.0 as usize];
                    v != 0 && self.effect_kinds >> self.unman(v).1 & 1 == 1
                }),
            }
    }

    /// Whether a move other than a barrier placement leaves the constraints
    /// true. Drops are checked, and piece moves that change what a
    /// constraint counts: that move a piece of a counted kind, take one or
    /// one that goes to the captor's hand as one, or promote to one (a
    /// piece moving along the board stays in its region, so `reach` alone
    /// cannot break). `after` is scratch, made when first needed (its
    /// contents do not matter). A piece with landing effects is always
    /// checked.
    pub(super) fn piece_move_keeps_constraints(
        &self,
        st: &State,
        side: SideId,
        mv: Move,
        (after, before): (&mut Option<Box<State>>, &mut Before),
    ) -> bool {
        let kind = |s: SiteId| {
            let v = st.board[s.0 as usize];
            (v != 0).then(|| self.unman(v).1)
        };
        let counted = |s: SiteId| kind(s).is_some_and(|k| self.constraint_kinds >> k & 1 == 1);
        let taken = |s: SiteId| kind(s).is_some_and(|k| self.constraint_taken >> k & 1 == 1);
        // The mover counts, or may promote to a kind that counts.
        let moved = |from: SiteId, to: SiteId| {
            kind(from).is_some_and(|k| {
                self.constraint_kinds >> k & 1 == 1
                    || self.constraint_creators >> k & 1 == 1
                        && self.promotes_to_counted(st, mv, from, to)
            })
        };
        if let Move::Drop { kind, to } = mv {
            if let Some(keeps) = self.drop_keeps_constraints_unplayed(st, side, (kind, to), before)
            {
                debug_assert_eq!(keeps, self.keeps_played(st, side, mv, before));
                return keeps;
            }
        }
        let base = self.base(mv);
        let check = match base {
            Move::Drop { .. } => true,
            Move::Sow(from) => !self.sowing_keeps_constraints(st, side, from),
            Move::Huff(at) | Move::Remove(at) | Move::Off(at) => {
                !self.constraints_barrier_only && taken(at)
            }
            Move::Step { from, to } => {
                !self.constraints_barrier_only && (moved(from, to) || taken(to))
            }
            Move::Swap { from, with, .. } => {
                !self.constraints_barrier_only && (moved(from, with) || counted(with))
            }
            Move::Castle { from, to, with } => {
                let partner_to = self.castle_partner_to(from, to, with);
                !self.constraints_barrier_only
                    && (moved(from, to) || counted(with) || moved(with, partner_to))
            }
            Move::Chain(id) => {
                let chain = self.chain(id);
                !self.constraints_barrier_only
                    && (moved(chain.from, chain.to())
                        || taken(chain.to())
                        || chain.captured().iter().any(|&c| taken(c)))
            }
            // Barriers, passes and rolls ([`Move::moves_no_piece`]).
            _ => false,
        };
        // Skipping a move assumes the constraints held before it: not so
        // where a constraint with `when` binds (it may bind only now).
        let check = check
            || self.constraints_when
                && !base.moves_no_piece()
                && *before
                    .when_binds
                    .get_or_insert_with(|| self.when_binds(st, side))
            || !self.constraint_sights.is_empty()
                && self.touches_sights(before.sighted.get_or_insert_with(|| self.sighted(st)), mv);
        // Landing effects may take or turn pieces of any kind; under `not
        // repeated`, every move but a pass reaches a position to judge.
        if !check
            && (self.no_repeat.is_none() || mv == Move::Pass)
            && (self.effect_kinds == 0 || !self.lands_with_effects(st, mv))
        {
            debug_assert!(self.constraint_sights.is_empty() || self.unchanged_by(st, side, mv));
            return true;
        }
        let after = after.get_or_insert_with(|| Box::new(st.clone()));
        after.copy_from(st);
        self.apply(after, side, mv);
        before.applied = true;
        self.constraints_hold_after(st, after, side, before) && self.not_repeated(st, mv, after)
    }

    /// [`Rules::constraints_hold`] in `after`, reached from `st` by a move
    /// of `side`. A `not check` read for another side whose lone royal was
    /// safe in `st` and has not moved asks only the pieces the move
    /// changed ([`Rules::attacked_since`]).
    fn constraints_hold_after(
        &self,
        st: &State,
        after: &State,
        side: SideId,
        before: &mut Before,
    ) -> bool {
        let binds = |c: &Constraint| {
            (c.when.as_ref()).is_none_or(|w| self.eval_state(w, st, side, &st.blocked))
        };
        let mut holds = |c: &Constraint, s: SideId| {
            if c.own_check && self.has_royals {
                if s == side {
                    return true;
                }
                let royals = (before.safe_royals).get_or_insert_with(|| {
                    let sides = 0..self.sides.len() as SideId;
                    sides.map(|s| self.safe_royal(st, s)).collect()
                });
                let known = royals[s as usize].as_ref();
                if let Some(safe) = known.and_then(|k| self.still_safe(k, st, after, s)) {
                    return safe;
                }
            }
            if let Some(b) = &c.breathing {
                let held = self.breathing_held(st, side, before);
                if let Some(ok) = held.then(|| self.breathes_after(st, after, s, b)).flatten() {
                    debug_assert_eq!(
                        ok,
                        self.eval_state(&c.rule, after, s, &after.blocked),
                        "{:?}\n{:?}\n{held} {}",
                        st.board,
                        after.board,
                        self.eval_state(&c.rule, st, s, &st.blocked)
                    );
                    return ok;
                }
            }
            self.eval_state(&c.rule, after, s, &after.blocked)
        };
        self.constraints
            .iter()
            .filter(|c| binds(c))
            .all(|c| match &c.sides {
                None => holds(c, side),
                Some(sides) => sides.iter().all(|&s| holds(c, s)),
            })
    }

    /// [`Rules::breathing_holds`], read once per position (`before`).
    #[inline]
    pub(super) fn breathing_held(&self, st: &State, side: SideId, before: &mut Before) -> bool {
        match before.breathing_held {
            Some(held) => held,
            None => self.read_breathing_held(st, side, before),
        }
    }

    #[cold]
    #[inline(never)]
    fn read_breathing_held(&self, st: &State, side: SideId, before: &mut Before) -> bool {
        let held = self.breathing_holds(st, side, before);
        before.breathing_held = Some(held);
        held
    }

    /// Whether every breathing constraint ([`Breathing`]) holds in `st`
    /// for each side it is read for, `side` moving next. Read for `side`
    /// where every move is judged, its groups are those judging the drops
    /// reads next (`before`); else each group is read until its first
    /// liberty.
    fn breathing_holds(&self, st: &State, side: SideId, before: &mut Before) -> bool {
        let sites = self.board.sites.len();
        (self.constraints.iter().enumerate()).all(|(i, c)| match (&c.sides, c.breathing) {
            (_, None) => true,
            (None, Some(b)) if before.every && both_ways(b.dirs) => {
                let chains = before.chains(ChainsOf::Constraint(i), sites);
                self.every_group_breathes(st, side, &b, chains)
            }
            (None, Some(_)) => self.eval_state(&c.rule, st, side, &st.blocked),
            (Some(sides), _) => {
                (sides.iter()).all(|&s| self.eval_state(&c.rule, st, s, &st.blocked))
            }
        })
    }

    /// Whether `mv` keeps the constraints, played on a copy of `st` (what
    /// judging a move without playing it must agree with; debug builds).
    pub(super) fn keeps_played(
        &self,
        st: &State,
        side: SideId,
        mv: Move,
        before: &mut Before,
    ) -> bool {
        let mut after = st.clone();
        self.apply(&mut after, side, mv);
        self.constraints_hold_after(st, &after, side, before) && self.not_repeated(st, mv, &after)
    }

    /// Whether a constraint with `when` binds the moves of `side` from
    /// `st`.
    fn when_binds(&self, st: &State, side: SideId) -> bool {
        (self.constraints.iter())
            .filter_map(|c| c.when.as_ref())
            .any(|w| self.eval_state(w, st, side, &st.blocked))
    }

    /// Whether the constraints say after `mv` what they said before (what
    /// skipping a move not judged assumes; checked in debug builds).
    fn unchanged_by(&self, st: &State, side: SideId, mv: Move) -> bool {
        let mut after = st.clone();
        self.apply(&mut after, side, mv);
        self.constraints_hold(Some(st), st, side, &st.blocked)
            == self.constraints_hold(Some(st), &after, side, &after.blocked)
    }

    /// Whether the piece on `from`, ending its move `mv` on `to`, becomes a
    /// kind the constraints count: the kind it chose, or its default
    /// promotion.
    #[cold]
    #[inline(never)]
    fn promotes_to_counted(&self, st: &State, mv: Move, from: SiteId, to: SiteId) -> bool {
        let becomes = match self.chosen_kind(mv) {
            Some(k) => Some(k),
            None => {
                let v = st.board[from.0 as usize];
                self.promotion(st, v, from, to).map(|(k, _)| k)
            }
        };
        becomes.is_some_and(|k| self.constraint_kinds >> k & 1 == 1)
    }

    #[inline]
    fn slot_free(&self, st: &State, slot: u16) -> bool {
        self.board.slots[slot as usize]
            .conflicts
            .iter()
            .all(|&c| st.slots[c as usize] == 0)
    }

    /// Whether the constraints still hold after `mv` of `side`: a
    /// placement by the plan of `judging` (made at the first placement
    /// judged, by `make`), another move by
    /// [`Rules::piece_move_keeps_constraints`] with the scratch `after`.
    pub(super) fn move_keeps_constraints<'a>(
        &'a self,
        st: &State,
        side: SideId,
        mv: Move,
        judging: &mut Judging<'a>,
        make: impl FnOnce() -> Placing<'a>,
        after: &mut Option<Box<State>>,
    ) -> bool {
        match mv {
            Move::Place { slot, .. } => {
                let (plan, blocked) = judging.placing.get_or_insert_with(make);
                self.placement_keeps_constraints(st, side, slot, plan, blocked)
            }
            _ => {
                let scratch = (after, &mut judging.before);
                self.piece_move_keeps_constraints(st, side, mv, scratch)
            }
        }
    }

    /// What judging placements in `st` makes once: the plan ([`Rules::plan`]
    /// for the placements `judged`), and a copy of the closed edges to try barriers on,
    /// written into `spare`.
    pub(super) fn placing(
        &self,
        st: &State,
        side: SideId,
        judged: Judged,
        mut spare: Vec<u64>,
    ) -> Placing<'_> {
        spare.clear();
        spare.extend_from_slice(&st.blocked);
        (self.plan(st, side, judged), spare)
    }

    /// The placements of barrier kind `b` that the free slots allow (the
    /// constraints are a stage of their own).
    #[inline]
    pub(super) fn placements(&self, st: &State, side: SideId, b: BarrierId, out: &mut Vec<Move>) {
        if st.reserve(self, side, b) == 0 {
            return;
        }
        let mut push = |slot: u16| out.push(Move::Place { barrier: b, slot });
        let kind = &self.barriers[b as usize];
        if kind.slot_set.is_empty() {
            // Each slot is asked.
            for &slot in &kind.slots {
                if self.slot_free(st, slot) {
                    push(slot);
                }
            }
            return;
        }
        // The kind's slots but those the barriers in place rule out,
        // marked from each barrier's conflicts (a symmetric relation).
        let mut free = [0u64; MARKED_SLOTS / 64];
        free[..kind.slot_set.len()].copy_from_slice(&kind.slot_set);
        for (o, _) in st.slots.iter().enumerate().filter(|&(_, &v)| v != 0) {
            for &c in &self.board.slots[o].conflicts {
                free[c as usize / 64] &= !(1 << (c % 64));
            }
        }
        for (w, &word) in free.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                push((w * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
            }
        }
    }

    /// Whether the constraints still hold after a barrier goes into `slot`.
    /// `blocked` is a copy of the state's closed edges, left as it was found.
    pub(super) fn placement_keeps_constraints(
        &self,
        st: &State,
        side: SideId,
        slot: u16,
        plan: &Plan,
        blocked: &mut [u64],
    ) -> bool {
        let edges = &self.board.slots[slot as usize].edges;
        for &e in edges {
            blocked[(e / 64) as usize] |= 1 << (e % 64);
        }
        let ok = match plan {
            Plan::General => self.constraints_hold(Some(st), st, side, blocked),
            Plan::Reach {
                walls,
                pieces,
                open,
            } => {
                // A barrier that closes no loop of barriers and rim cannot
                // split the board; one that does only matters to the pieces
                // whose current shortest path it crosses (or, on a small
                // grid, is checked by a flood fill).
                let corners = &self.board.slots[slot as usize].corners;
                let closes_loop = walls.as_ref().is_none_or(|walls| {
                    corners.iter().enumerate().any(|(i, &a)| {
                        corners[i + 1..]
                            .iter()
                            .any(|&b| walls.find(a) == walls.find(b))
                    })
                });
                !closes_loop
                    || match open {
                        Some(open) => {
                            let mut open = *open;
                            edges.iter().for_each(|&e| self.shut(&mut open, e));
                            (pieces.iter()).all(|p| self.flood(&open, p.site, p.goal, p.dirs))
                        }
                        None => pieces.iter().all(|p| {
                            !edges.iter().any(|&e| bit(&p.path, e))
                                || self.search(p.site, p.goal, p.dirs, blocked, None)
                        }),
                    }
            }
        };
        blocked.copy_from_slice(&st.blocked);
        ok
    }

    /// Whether the constraints hold in `st`, reached by a move of `side`
    /// from `before`: a constraint with `when` binds only where that held
    /// before the move (none without `before`). A `not check` read for the
    /// mover is left to the check rule (a stage of every side of a game
    /// with royal pieces).
    fn constraints_hold(
        &self,
        before: Option<&State>,
        st: &State,
        side: SideId,
        blocked: &[u64],
    ) -> bool {
        let binds = |c: &Constraint| match (&c.when, before) {
            (None, _) => true,
            (Some(w), Some(b)) => self.eval_state(w, b, side, &b.blocked),
            (Some(_), None) => false,
        };
        let ruled = |c: &Constraint, s: SideId| c.own_check && s == side && self.has_royals;
        self.constraints
            .iter()
            .filter(|c| binds(c))
            .all(|c| match &c.sides {
                None => ruled(c, side) || self.eval_state(&c.rule, st, side, blocked),
                Some(sides) => sides
                    .iter()
                    .all(|&s| ruled(c, s) || self.eval_state(&c.rule, st, s, blocked)),
            })
    }

    /// How to check placements against the constraints in `st`: with the
    /// shortcuts when every constraint is a conjunction of `reach` over
    /// orthogonal steps on a full grid and holds now, in general otherwise.
    /// For a few placements ([`Judged::Few`]) on a grid small enough to flood fill, each is
    /// flood filled, without the loop shortcut or the check that the pieces
    /// reach their goals now (which the flood fill with the barrier tells).
    pub(super) fn plan<'a>(&'a self, st: &State, side: SideId, judged: Judged) -> Plan<'a> {
        let Some(atoms) = &self.tables.reach_atoms else {
            return Plan::General;
        };
        let mut pieces = Vec::new();
        let open = self.open_lines(&st.blocked);
        let lazy = judged == Judged::Few && open.is_some();
        for &(owner, named, kind, region, dirs) in atoms {
            let counted = self.counted(side, owner, named);
            for (site, piece_side) in self.matching_pieces(st, counted, kind) {
                let goal = &self.regions[region as usize].per_side[piece_side as usize];
                let mut path = Vec::new();
                let reaches = match &open {
                    Some(_) if lazy => true,
                    Some(open) => self.flood(open, site, goal, dirs),
                    None => {
                        path = vec![0u64; self.board.edge_words()];
                        self.search(site, goal, dirs, &st.blocked, Some(&mut path))
                    }
                };
                if !reaches {
                    return Plan::General;
                }
                pieces.push(Watched {
                    site,
                    goal,
                    dirs,
                    path,
                });
            }
        }
        let walls = (!lazy).then(|| {
            let mut walls = Corners::new(&self.board);
            for (slot, &v) in st.slots.iter().enumerate() {
                if v != 0 {
                    let corners = &self.board.slots[slot].corners;
                    for pair in corners.windows(2) {
                        walls.union(pair[0], pair[1]);
                    }
                }
            }
            walls
        });
        Plan::Reach {
            walls,
            pieces,
            open,
        }
    }

    /// The first constraint that binds a move of `side` from `before` (its
    /// `when`, if any, holds there) and does not hold in `st`, after it.
    pub fn broken_constraint(&self, before: &State, st: &State, side: SideId) -> Option<usize> {
        self.constraints.iter().position(|c| {
            let binds =
                (c.when.as_ref()).is_none_or(|w| self.eval_state(w, before, side, &before.blocked));
            binds
                && match &c.sides {
                    None => !self.eval_state(&c.rule, st, side, &st.blocked),
                    Some(sides) => sides
                        .iter()
                        .any(|&s| !self.eval_state(&c.rule, st, s, &st.blocked)),
                }
        })
    }

    /// Whether the constraints hold in `st` (used when a position is
    /// loaded), seen from the side whose action left it: the one that
    /// moved last, or the side to move in a later phase of its turn. The
    /// rules make them hold for that side only (`seeds(enemy pits) > 0`
    /// after a move need not hold for the enemy).
    pub fn constraints_hold_in(&self, st: &State) -> bool {
        let side = match st.phase {
            0 => self.turn_side(self.previous_turn(st.turn as usize)),
            _ => self.to_move(st),
        };
        self.constraints_hold(None, st, side, &st.blocked)
    }
}
