//! One legal move without generating them all: the first one, to know
//! whether a side can move, or one drawn uniformly at random, for playouts.
//!
//! The legal moves are the candidates of the current actions (by their
//! patterns alone) that survive two kinds of stage: *filters* that judge a
//! move by itself (the constraints, the check rule) and *preferences* that
//! keep the best class present among the moves still standing (compulsory
//! or maximum capture, each active `[[priority]]`, a pending demand).
//! Applied one after another, the preferences keep exactly the moves whose
//! ranks — one per preference, in order — are the least in lexicographic
//! order among the moves the filters pass; a move in no preferred class
//! ranks last, and if the least has such a rank, nothing is kept.
//!
//! So the candidates are sorted by their ranks, and each group of equal
//! ranks, best first, is searched for a move the filters pass: in order, or
//! by drawing from the group without replacement. The first move found is
//! legal; drawn at random it is uniform over the legal moves, since every
//! legal move is in that group and every one is drawn with the same chance.
//! Only the moves drawn pay for the filters (a barrier's path search, the
//! check rule's attack test), which is most of the cost of a full list.
//!
//! A priority whose `when` reads the legal moves (`can(...)`) asks the
//! candidates and the filters, when it is the first preference (what it
//! reads is then the filtered candidates). After another preference, or for
//! a demand offered alongside a pass, the full list is made.

use super::flank::Judge;
use super::placement::{Judged, Judging};
use super::play::Known;
use super::priority::Ask;
use super::walk::PerPiece;
use super::*;

/// A rank that keeps nothing: the move is in no preferred class.
const UNPREFERRED: u8 = u8::MAX;
/// How many draws [`Rules::sample`] makes before it searches every
/// candidate.
const SAMPLE_DRAWS: usize = 32;
/// How many moves the filters may refuse before [`Rules::sample`] gives up.
const SAMPLE_REFUSALS: usize = 2;
/// The most preferences ranked at once: one byte each in a `u64`.
const MAX_PREFERENCES: usize = 8;

/// The candidates, the candidates with their ranks, and the flat runs set
/// aside.
type Ranked<'x> = (
    &'x mut Vec<Move>,
    &'x mut Vec<(u64, Move)>,
    &'x mut Vec<FlatRun>,
);

/// What a draw reuses from one call to the next.
#[derive(Default)]
struct Buffers {
    moves: Vec<Move>,
    ranked: Vec<(u64, Move)>,
    flats: Vec<FlatRun>,
    /// The position the filters play candidates on (of any game: its
    /// shape is checked before use). Boxed, so that a playout swaps it
    /// with its position at the cost of a pointer.
    scratch: Option<Box<State>>,
}

impl Buffers {
    /// The lists, and the scratch position.
    fn split(&mut self) -> (Ranked<'_>, &mut Option<Box<State>>) {
        let Buffers {
            moves,
            ranked,
            flats,
            scratch,
        } = self;
        ((moves, ranked, flats), scratch)
    }
}

thread_local! {
    /// Buffers reused between calls (a nested call makes its own).
    static BUFFERS: RefCell<Buffers> = const {
        RefCell::new(Buffers {
            moves: Vec::new(),
            ranked: Vec::new(),
            flats: Vec::new(),
            scratch: None,
        })
    };
    /// The closed edges the filters last tried barriers on.
    static SPARE_EDGES: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with buffers of the thread (a nested call gets new ones).
fn with_buffers<R>(f: impl FnOnce(&mut Buffers) -> R) -> R {
    BUFFERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffers) => f(&mut buffers),
        Err(_) => f(&mut Buffers::default()),
    })
}

/// The active preferences, in the order they apply: at most
/// [`MAX_PREFERENCES`], kept without allocating.
#[derive(Clone, Copy)]
struct Preferences {
    items: [Preference; MAX_PREFERENCES],
    len: usize,
}

impl Preferences {
    fn new() -> Self {
        Preferences {
            items: [Preference::AnyCapture; MAX_PREFERENCES],
            len: 0,
        }
    }

    /// Adds `p`; `false` when there is no room.
    fn push(&mut self, p: Preference) -> bool {
        let Some(slot) = self.items.get_mut(self.len) else {
            return false;
        };
        *slot = p;
        self.len += 1;
        true
    }
}

impl std::ops::Deref for Preferences {
    type Target = [Preference];

    fn deref(&self) -> &[Preference] {
        &self.items[..self.len]
    }
}

/// Whether a priority's classes rank every move: one of them is `true`.
fn ranks_every_move(classes: &[MoveCond]) -> bool {
    classes.iter().any(|c| matches!(c, MoveCond::True))
}

impl Preference {
    /// Whether the preference keeps some move whenever there is one: it
    /// ranks every move (a priority whose last class is `true`).
    fn keeps_some(&self, rules: &Rules) -> bool {
        match *self {
            Preference::Classes(i) => ranks_every_move(&rules.priorities[i as usize].prefer),
            _ => true,
        }
    }
}

impl Rules {
    /// A legal move drawn uniformly at random, or `None` when the game is
    /// over or the side has no move: the same distribution as picking from
    /// [`Rules::legal_moves`] uniformly, without generating and checking
    /// every legal move.
    pub fn random_move(&self, st: &State, rng: &mut fastrand::Rng) -> Option<Move> {
        with_buffers(|buffers| self.random_move_in(st, rng, buffers, None).mv)
    }

    /// One ply of a random playout: a move drawn as [`Rules::random_move`]
    /// draws it, played with what the draw found out (the legal moves,
    /// when it listed them all). The side to move next is not checked for
    /// a legal move ([`Known::unsettled`]): when it has none, the next call
    /// settles the game and returns `None`, as it does once the game is over.
    /// `proofs` carries what the check rule proved from one ply of the game
    /// to the next.
    pub(crate) fn play_random(
        &self,
        st: &mut State,
        rng: &mut fastrand::Rng,
        proofs: &mut Proofs,
    ) -> Option<Move> {
        let (picked, huffed, applied) = with_buffers(|buffers| {
            let drawn = self.random_move_in(st, rng, buffers, Some(proofs));
            // A huffing rule reads the legal moves: those drawn from,
            // when they were all listed.
            let huffed = match drawn.mv {
                Some(mv) if drawn.listed && self.huff.is_some() => {
                    Some(self.huffed(st, mv, Some(&buffers.moves)))
                }
                _ => None,
            };
            (drawn.mv, huffed, drawn.applied)
        });
        let known = Known {
            huffed,
            unsettled: true,
        };
        // The filters played the move already, to judge it: the position
        // after it is taken, and the one before becomes the scratch.
        let after = || with_buffers(|buffers| buffers.scratch.take());
        match picked {
            Some(mv) => match applied.then(after).flatten() {
                Some(mut after) => {
                    self.play_applied(st, mv, &mut after, known);
                    with_buffers(|buffers| buffers.scratch = Some(after));
                }
                None => self.play_knowing(st, mv, known),
            },
            None => self.settle(st),
        }
        picked
    }

    /// [`Rules::random_move`] with buffers.
    fn random_move_in(
        &self,
        st: &State,
        rng: &mut fastrand::Rng,
        buffers: &mut Buffers,
        proofs: Option<&mut Proofs>,
    ) -> Drawn {
        if st.outcome != Outcome::Ongoing {
            return Drawn {
                mv: None,
                listed: false,
                applied: false,
            };
        }
        if let Some(event) = self.rolling(st) {
            // A chance position: an outcome drawn by weight.
            return Drawn {
                mv: Some(self.draw_roll(event, rng)),
                listed: false,
                applied: false,
            };
        }
        if st.huffable.is_some() {
            // A huff to claim stands beside the moves: draw from them all.
            let mut moves = Vec::new();
            self.legal_moves(st, &mut moves);
            return Drawn {
                mv: (!moves.is_empty()).then(|| moves[rng.usize(..moves.len())]),
                listed: false,
                applied: false,
            };
        }
        let side = self.to_move(st);
        let offers_demands = self
            .demand
            .as_ref()
            .is_some_and(|d| d.sides.contains(&side));
        let (mut listed, mut applied) = (false, false);
        let picked = if offers_demands && self.actions(st).contains(&Action::Pass)
            || self.choosing_kinds != 0
            || self.leave_kinds != 0
        {
            // Each move but a pass comes twice (plain and demanding), or a
            // move may come with several promotions or pieces to leave
            // behind: draw from the full list.
            self.pick_from_all(st, Some(rng))
        } else {
            let reads = self.reads_moves(side);
            let (lists, scratch) = buffers.split();
            let mut survives = Survives::new(self, st, side, proofs, scratch);
            let picked = self.pick_among(&mut survives, reads, Some(&mut *rng), lists, &mut listed);
            applied = picked.is_some() && survives.applied == picked;
            picked
        };
        let listed = listed && self.demand.is_none();
        let mv = match picked {
            // Every move but a pass also exists as a demanding move.
            Some(mv) if offers_demands && mv != Move::Pass && rng.bool() => {
                Some(Move::Demanding(self.demands.intern(mv)))
            }
            Some(mv) => Some(mv),
            None => self.pass_if_allowed(st),
        };
        Drawn {
            applied: applied && mv == picked,
            mv,
            listed,
        }
    }

    /// A pass, when the side to move has no move and may pass.
    #[cold]
    #[inline(never)]
    fn pass_if_allowed(&self, st: &State) -> Option<Move> {
        let rule = self.no_moves_rule(st);
        // When no side can move, the game is over: the caller settles it.
        let stalled = self.stalls && st.phase == 0 && self.others_stuck(st);
        (st.phase > 0 || rule == NoMoves::Pass && !stalled).then_some(Move::Pass)
    }

    /// Whether a priority of `side` reads the legal moves.
    fn reads_moves(&self, side: SideId) -> bool {
        (self.priorities.iter()).any(|p| p.reads_moves && p.sides.contains(&side))
    }

    /// A move of the phase's legal moves (before demanding moves are
    /// added), drawn uniformly with `rng`; without, a move found as cheaply
    /// as possible to tell whether there is a legal one (a candidate the
    /// filters pass, which the preferences might rank below another).
    /// Whether the side to move has a legal move, when its only stage is
    /// one priority that always applies, with no filter and no other
    /// preference: then some candidate meets one of its classes, and the
    /// first found answers (each class is not ranked for every candidate).
    /// `None` when the stages are others.
    pub(super) fn has_move_by_classes(&self, st: &State) -> Option<bool> {
        let side = self.to_move(st);
        let stages = &self.tables.stages[side as usize];
        let [Preference::Classes(i)] = stages.preferences[..] else {
            return None;
        };
        let p = &self.priorities[i as usize];
        if !stages.filters.is_empty() || !matches!(p.when, StateCond::Const(true)) {
            return None;
        }
        let mut judge = Judge::new(self, st, side);
        if let Some(found) = judge.some_drop_meets(&p.prefer) {
            return Some(found);
        }
        let mut meets = |m: &Move| p.prefer.iter().any(|c| judge.meets(c, m));
        Some(with_buffers(|buffers| {
            let moves = &mut buffers.moves;
            moves.clear();
            let mut seen = 0;
            self.candidates_until(
                st,
                side,
                PerPiece::Every,
                moves,
                &mut |moves| {
                    let found = moves[seen..].iter().any(&mut meets);
                    seen = moves.len();
                    found
                },
                None,
            )
        }))
    }

    /// Whether the side to move may pass, with no preference to rank its
    /// moves: then it has a move. The turn offers a pass and the pass
    /// passes the filters (the cheapest move to judge, and in Go-like
    /// games always there). False when it cannot be told so.
    pub(super) fn has_move_by_pass(&self, st: &State) -> bool {
        let side = self.to_move(st);
        if !self.tables.stages[side as usize].preferences.is_empty()
            || !self.actions(st).contains(&Action::Pass)
        {
            return false;
        }
        with_buffers(|buffers| {
            let (_, scratch) = buffers.split();
            let mut survives = Survives::new(self, st, side, None, scratch);
            survives.judging.before.unplayed = true;
            survives.check(Move::Pass)
        })
    }

    pub(super) fn pick_legal(&self, st: &State, rng: Option<&mut fastrand::Rng>) -> Option<Move> {
        let side = self.to_move(st);
        let reads = self.reads_moves(side);
        with_buffers(|buffers| {
            let (lists, scratch) = buffers.split();
            let mut survives = Survives::new(self, st, side, None, scratch);
            // The move is not played from the position its judging reached.
            survives.judging.before.unplayed = true;
            self.pick_among(&mut survives, reads, rng, lists, &mut false)
        })
    }

    /// [`Rules::pick_legal`] with the filters of the position and side to
    /// move and its buffers; `listed` is set when `moves` is left holding
    /// every legal move (in some order).
    fn pick_among(
        &self,
        survives: &mut Survives,
        reads: bool,
        mut rng: Option<&mut fastrand::Rng>,
        (moves, ranked, flats): Ranked,
        listed: &mut bool,
    ) -> Option<Move> {
        moves.clear();
        let (st, side) = (survives.st, survives.side);
        let always_some = self.always_some(survives, moves, rng.is_none());
        moves.clear();
        let first_only = rng.is_none() && always_some;
        let stages = &self.tables.stages[side as usize];
        let known = if reads || first_only {
            None
        } else if stages.preferences.is_empty() {
            Some(Preferences::new())
        } else {
            self.preferences(survives, None)
        };
        let keeps_some = |p: &Preferences| p.iter().all(|p| p.keeps_some(self));
        if first_only || rng.is_none() && known.as_ref().is_some_and(keeps_some) {
            // The first legal move: stop generating once one is found.
            return self.first_survivor(survives, moves);
        }
        // A draw whose preferences are known before the candidates is
        // sampled, when some pieces' moves are flat runs and no huffing rule
        // reads the legal moves: see `sample`.
        let sampled = match (rng.as_deref_mut(), &known) {
            (Some(rng), Some(preferences))
                if self.huff.is_none()
                    && self.tables.moves.any_flat()
                    && !matches!(preferences.first(), Some(Preference::MostCaptures)) =>
            {
                Some(self.sample_aside(survives, preferences, rng, moves, flats))
            }
            _ => None,
        };
        match sampled {
            Some(Some(mv)) => return Some(mv),
            Some(None) => {}
            None => self.candidates(st, side, moves),
        }
        let preferences = match known {
            Some(p) => p,
            None => match self.preferences(survives, Some(moves)) {
                Some(p) => p,
                None => return self.pick_from_all(st, rng),
            },
        };
        if preferences.is_empty() {
            // Without filters, the candidates are the legal moves.
            *listed = stages.filters.is_empty();
            return draw(moves, rng, survives);
        }
        self.pick_ranked(survives, &preferences, rng, moves, ranked)
    }

    /// Whether no preference can leave the side without moves, so that
    /// whether it can move needs only the first move the filters pass: when
    /// every priority of the side ranks every move (active or not), or,
    /// looking for a first move (`first_move`), when the active ones do.
    /// `moves` is scratch.
    fn always_some(
        &self,
        survives: &mut Survives,
        moves: &mut Vec<Move>,
        first_move: bool,
    ) -> bool {
        let (st, side) = (survives.st, survives.side);
        // A priority that is the first preference and reads the moves is
        // known inactive when its condition is false with `can(...)` asked
        // of the candidates the filters pass, generated only until one
        // meets the move condition.
        let mut first_inactive = |p: &Priority| {
            let can = |survives: &mut Survives, m: &MoveCond| {
                let (mut checked, mut found) = (0, false);
                moves.clear();
                self.candidates_until(
                    st,
                    side,
                    PerPiece::Every,
                    moves,
                    &mut |ms| {
                        found = (ms[checked..].iter())
                            .any(|mv| self.move_meets(m, st, side, mv) && survives.check(*mv));
                        checked = ms.len();
                        found
                    },
                    None,
                );
                found
            };
            let mut ask = FilterQuestions {
                survives: &mut *survives,
                can,
            };
            !self.priority_holds_with(&p.when, st, side, &mut ask)
        };
        let mut first_free = self.captures == Captures::Free;
        (self.priorities.iter())
            .filter(|p| p.sides.contains(&side))
            .all(|p| {
                let first = std::mem::replace(&mut first_free, false);
                ranks_every_move(&p.prefer) || first_move && first && first_inactive(p)
            })
    }

    /// The first candidate the filters pass, generating the candidates
    /// only until one is found.
    fn first_survivor(&self, survives: &mut Survives, moves: &mut Vec<Move>) -> Option<Move> {
        let (st, side) = (survives.st, survives.side);
        let (mut checked, mut found) = (0, None);
        // Without filters, any candidate is legal: a piece's patterns
        // stop at its first move.
        let per_piece = match self.tables.stages[side as usize].filters.is_empty() {
            true => PerPiece::First,
            false => PerPiece::Every,
        };
        self.candidates_until(
            st,
            side,
            per_piece,
            moves,
            &mut |ms| {
                found = ms[checked..].iter().copied().find(|&mv| survives.check(mv));
                checked = ms.len();
                found.is_some()
            },
            None,
        );
        found
    }

    /// A move drawn by [`Rules::sample`] from the candidates, with the
    /// pieces whose moves are flat runs set aside in `flats` (and the swaps
    /// that follow them, when they spend only low tokens); when none is
    /// kept, the flat runs' moves join the candidates in `moves`.
    fn sample_aside(
        &self,
        survives: &mut Survives,
        preferences: &[Preference],
        rng: &mut fastrand::Rng,
        moves: &mut Vec<Move>,
        flats: &mut Vec<FlatRun>,
    ) -> Option<Move> {
        let (st, side) = (survives.st, survives.side);
        flats.clear();
        let mut aside = Aside {
            runs: flats,
            low_swaps: self.low_swaps(preferences),
        };
        let aside = Some(&mut aside);
        self.candidates_until(st, side, PerPiece::Every, moves, &mut |_| false, aside);
        let found = match flats.is_empty() {
            true => None,
            false => self.sample(survives, preferences, rng, moves, flats),
        };
        if found.is_none() {
            // The flat runs' moves join the listed ones.
            for f in flats.iter() {
                self.flat_run_moves(st, side, f, moves);
            }
        }
        found
    }

    /// A legal move among the candidates `moves`, ranked by `preferences`:
    /// drawn with `rng` (or the first found) from the best group of equal
    /// ranks that has a move the filters pass, if the preferences keep it.
    fn pick_ranked(
        &self,
        survives: &mut Survives,
        preferences: &[Preference],
        mut rng: Option<&mut fastrand::Rng>,
        moves: &mut Vec<Move>,
        ranked: &mut Vec<(u64, Move)>,
    ) -> Option<Move> {
        let (st, side) = (survives.st, survives.side);
        ranked.clear();
        match rng.as_deref_mut() {
            // A move ranked best by every preference (rank 0) is what a
            // priority, a capture rule or a demand usually keeps: the
            // candidates are drawn without replacement and ranked as
            // drawn, and the first of rank 0 that the filters pass is
            // uniform among the legal ones. The rest are set aside with
            // their ranks. (Maximum capture ranks no move 0.)
            Some(rng) if !matches!(preferences[0], Preference::MostCaptures) => {
                let mut end = moves.len();
                while end > 0 {
                    let i = rng.usize(..end);
                    let mv = moves[i];
                    match self.rank(st, side, preferences, mv) {
                        0 if survives.check(mv) => return Some(mv),
                        0 => {}
                        rank => ranked.push((rank, mv)),
                    }
                    moves.swap(i, end - 1);
                    end -= 1;
                }
            }
            _ => ranked.extend(
                moves
                    .iter()
                    .map(|&mv| (self.rank(st, side, preferences, mv), mv)),
            ),
        }
        // The groups of equal ranks, best first, each in the order the
        // moves were generated or drawn; the first group is usually the
        // last one searched.
        let mut done: Option<u64> = None;
        loop {
            let next = (ranked.iter())
                .map(|&(rank, _)| rank)
                .filter(|&rank| done.is_none_or(|d| rank > d))
                .min()?;
            moves.clear();
            moves.extend(ranked.iter().filter(|r| r.0 == next).map(|&(_, mv)| mv));
            if let Some(mv) = draw(moves, rng.as_deref_mut(), survives) {
                let kept = (0..preferences.len())
                    .all(|p| (next >> (8 * (MAX_PREFERENCES - 1 - p))) as u8 != UNPREFERRED);
                return kept.then_some(mv);
            }
            done = Some(next);
        }
    }

    /// A move of rank 0 that the filters pass, drawn uniformly, from the
    /// candidates `moves` and the moves of the flat runs `flats`, without
    /// generating the latter: each draw takes one of the listed moves or one
    /// site of a flat run, all equally likely, and keeps it if it is a move
    /// of rank 0 the filters pass ([`Rules::flat_slot`] tells a move from
    /// a blocked site). The first move kept is uniform among those moves.
    /// `None` when [`SAMPLE_DRAWS`] draws kept none, or the filters refused
    /// [`SAMPLE_REFUSALS`] moves: then the caller searches them all, as
    /// without sampling, so that every such move is still as likely (found
    /// by the draws or by the search: when to give up depends only on draws
    /// that kept nothing), and a position without one gets the ranked
    /// groups that follow.
    fn sample(
        &self,
        survives: &mut Survives,
        preferences: &[Preference],
        rng: &mut fastrand::Rng,
        moves: &[Move],
        flats: &[FlatRun],
    ) -> Option<Move> {
        let (st, side) = (survives.st, survives.side);
        let listed = moves.len() as u32;
        let total = listed + flats.last().map_or(0, |f| f.end);
        // Whether every step ranks best, whatever its sites.
        let t = &self.tables.moves;
        let steps_best = preferences.iter().all(|p| match *p {
            Preference::Classes(i) => t.steps_best(Some(i as usize)),
            Preference::Demand => t.steps_best(None),
            Preference::AnyCapture | Preference::MostCaptures => false,
        });
        let mut refused = 0;
        for _ in 0..SAMPLE_DRAWS {
            let u = rng.u32(..total);
            let mv = match u.checked_sub(listed) {
                None => moves[u as usize],
                Some(k) => {
                    let f = flats[flats.partition_point(|f| f.end <= k)];
                    let i = f.start + f.len - (f.end - k);
                    let slot = match f.nested {
                        true => self.leaf_slot(st, side, f.origin, i),
                        false => self.flat_slot(st, side, f.origin, f.start, i),
                    };
                    match slot {
                        Some(to) => Move::Step { from: f.origin, to },
                        None => continue,
                    }
                }
            };
            let best = match mv {
                Move::Step { .. } if steps_best => true,
                _ => self.rank(st, side, preferences, mv) == 0,
            };
            if !best {
                continue;
            }
            if survives.check(mv) {
                return Some(mv);
            }
            // Where the filters refuse much (a side in check), the search
            // that tries each move once is cheaper.
            refused += 1;
            if refused == SAMPLE_REFUSALS {
                return None;
            }
        }
        None
    }

    /// The moves of a flat run set aside, in `out`, and the swaps set
    /// aside with it.
    fn flat_run_moves(&self, st: &State, side: SideId, f: &FlatRun, out: &mut Vec<Move>) {
        if !f.nested {
            self.run_flat(st, side, f.origin, (f.start, f.start + f.len), out);
        } else {
            for i in f.start..f.start + f.len {
                if let Some(to) = self.leaf_slot(st, side, f.origin, i) {
                    out.push(Move::Step { from: f.origin, to });
                }
            }
        }
        if f.swaps {
            let kind = self.unman(st.board[f.origin.0 as usize]).1;
            self.flat_piece_swaps(st, side, f.origin, kind, out);
        }
    }

    /// The tokens whose swaps surely rank below the best under
    /// `preferences` (a set of [`tables::token_bit`]s): a preference's best
    /// class surely excludes them (`not spends(t)`, a capture). A draw
    /// that keeps only moves ranked best may leave them aside.
    fn low_swaps(&self, preferences: &[Preference]) -> u64 {
        let t = &self.tables.moves;
        (preferences.iter()).fold(0, |low, p| match *p {
            // A swap takes nothing.
            Preference::AnyCapture | Preference::MostCaptures => low | !(1 << 62),
            Preference::Classes(i) => low | t.low_swaps(Some(i as usize)),
            Preference::Demand => low | t.low_swaps(None),
        })
    }

    /// The full list of the phase's legal moves, and one of it.
    fn pick_from_all(&self, st: &State, rng: Option<&mut fastrand::Rng>) -> Option<Move> {
        let mut moves = Vec::new();
        self.phase_moves(st, &mut moves);
        match rng {
            _ if moves.is_empty() => None,
            Some(rng) => Some(moves[rng.usize(..moves.len())]),
            None => Some(moves[0]),
        }
    }

    /// The preferences active for the side to move of the filters'
    /// position, in the order the legal moves apply them; `None` when one
    /// needs the full list of moves. A priority whose `when` reads the
    /// moves (`can(...)`) is decided from the candidates and the filters,
    /// when they are given and no earlier preference has narrowed the moves
    /// it would read. `check` is asked of the filters.
    fn preferences(
        &self,
        survives: &mut Survives,
        candidates: Option<&[Move]>,
    ) -> Option<Preferences> {
        let (st, side) = (survives.st, survives.side);
        let mut out = Preferences::new();
        for &preference in &self.tables.stages[side as usize].preferences {
            let active = match preference {
                Preference::AnyCapture | Preference::MostCaptures => true,
                Preference::Classes(i) => {
                    let p = &self.priorities[i as usize];
                    let moves = match candidates {
                        Some(moves) if out.is_empty() => moves,
                        _ if p.reads_moves => return None,
                        _ => &[],
                    };
                    let can = |survives: &mut Survives, m: &MoveCond| {
                        (moves.iter())
                            .any(|mv| self.move_meets(m, st, side, mv) && survives.check(*mv))
                    };
                    let mut ask = FilterQuestions {
                        survives: &mut *survives,
                        can,
                    };
                    self.priority_holds_with(&p.when, st, side, &mut ask)
                }
                Preference::Demand => st.demanded,
            };
            if active && !out.push(preference) {
                return None;
            }
        }
        Some(out)
    }

    /// A move's ranks, the first preference in the highest byte.
    fn rank(&self, st: &State, side: SideId, preferences: &[Preference], mv: Move) -> u64 {
        let mut key = 0u64;
        for (i, p) in preferences.iter().enumerate() {
            let r = match p {
                Preference::AnyCapture => u8::from(self.n_captures(st, &mv) == 0),
                Preference::MostCaptures => {
                    (UNPREFERRED - 1).saturating_sub(self.n_captures(st, &mv).min(254) as u8)
                }
                Preference::Classes(p) => (self.priorities[*p as usize].prefer.iter())
                    .position(|c| self.move_meets(c, st, side, &mv))
                    .map_or(UNPREFERRED, |i| i.min(254) as u8),
                Preference::Demand => match &self.demand {
                    Some(d) => u8::from(!self.move_meets(&d.rule, st, side, &mv)),
                    None => 0,
                },
            };
            key |= u64::from(r) << (8 * (MAX_PREFERENCES - 1 - i));
        }
        key
    }
}

/// A move of `group` the filters pass: the first, or one drawn uniformly
/// without replacement (the moves that fail are set aside at the end).
fn draw(
    group: &mut [Move],
    mut rng: Option<&mut fastrand::Rng>,
    survives: &mut Survives,
) -> Option<Move> {
    let mut end = group.len();
    while end > 0 {
        let i = match rng.as_deref_mut() {
            Some(rng) => rng.usize(..end),
            None => 0,
        };
        if survives.check(group[i]) {
            return Some(group[i]);
        }
        group.swap(i, end - 1);
        end -= 1;
    }
    None
}

/// The filters of the legal moves, applied to one candidate at a time,
/// with what they need made once and only when first needed.
struct Survives<'a> {
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    /// Scratch: a position to play candidates on, of the same shape.
    after: &'a mut Option<Box<State>>,
    /// The placement plan and what else judging constraints makes once.
    judging: Judging<'a>,
    /// The check rule, when the game has royal pieces.
    royals: Option<check::RoyalCheck<'a>>,
    /// Where the check rule's proofs are kept between plies, if they are.
    proofs: Option<&'a mut Proofs>,
    /// The move `after` holds the position after, if any.
    applied: Option<Move>,
}

impl<'a> Survives<'a> {
    #[inline(always)]
    fn new(
        rules: &'a Rules,
        st: &'a State,
        side: SideId,
        proofs: Option<&'a mut Proofs>,
        scratch: &'a mut Option<Box<State>>,
    ) -> Self {
        // A scratch position of another game is no use.
        if scratch.as_ref().is_some_and(|s| !s.same_shape(st)) {
            *scratch = None;
        }
        Survives {
            rules,
            st,
            side,
            after: scratch,
            judging: Judging::default(),
            royals: rules
                .has_royals
                .then(|| check::RoyalCheck::new(rules, st, side)),
            proofs,
            applied: None,
        }
    }

    /// Whether the side is in check, by the check rule's shared work.
    fn in_check(&mut self) -> bool {
        match &mut self.royals {
            Some(royals) => royals.in_check(self.proofs.as_deref()),
            None => !self.rules.royals_safe(self.st, self.side, Asking::Play),
        }
    }

    /// Whether `mv` passes every filter of the side's [`Stages`].
    #[inline]
    fn check(&mut self, mv: Move) -> bool {
        self.applied = None;
        let rules = self.rules;
        let filters = &rules.tables.stages[self.side as usize].filters;
        let legal = filters.iter().all(|&filter| self.passes(filter, mv));
        if !legal {
            // The position after a refused move is no use.
            self.applied = None;
        }
        legal
    }

    /// Whether `mv` passes `filter`.
    #[inline]
    fn passes(&mut self, filter: Filter, mv: Move) -> bool {
        let (rules, st, side) = (self.rules, self.st, self.side);
        match filter {
            Filter::Constraints => {
                let make = || {
                    let spare = SPARE_EDGES.with(|s| std::mem::take(&mut *s.borrow_mut()));
                    rules.placing(st, side, Judged::Few, spare)
                };
                self.judging.before.applied = false;
                let keeps =
                    rules.move_keeps_constraints(st, side, mv, &mut self.judging, make, self.after);
                if self.judging.before.applied {
                    // Judging played the move: the position after it is kept.
                    self.applied = Some(mv);
                }
                keeps
            }
            Filter::Check => {
                let royals =
                    (self.royals).get_or_insert_with(|| check::RoyalCheck::new(rules, st, side));
                let after = self.after.get_or_insert_with(|| Box::new(st.clone()));
                let verdict = royals.keeps_safe(mv, after, self.proofs.as_deref_mut());
                self.applied = (verdict == check::Verdict::SafeApplied).then_some(mv);
                verdict.is_safe()
            }
            Filter::MatingDrop => !rules.drop_mates(st, mv),
        }
    }
}

/// A priority's questions, asked of the filters: `can(...)` by `can`,
/// `check` by the check rule.
struct FilterQuestions<'s, 'a, F> {
    survives: &'s mut Survives<'a>,
    can: F,
}

impl<'a, F: FnMut(&mut Survives<'a>, &MoveCond) -> bool> Ask for FilterQuestions<'_, 'a, F> {
    fn can(&mut self, m: &MoveCond) -> bool {
        (self.can)(self.survives, m)
    }

    fn in_check(&mut self) -> bool {
        self.survives.in_check()
    }
}

impl Drop for Survives<'_> {
    /// Keeps the closed edges for the next filters of the thread.
    fn drop(&mut self) {
        // (Not `take`: the plan is large, and usually absent.)
        if let Some((_, blocked)) = &mut self.judging.placing {
            let blocked = std::mem::take(blocked);
            SPARE_EDGES.with(|s| *s.borrow_mut() = blocked);
        }
    }
}

/// A move drawn, and what the draw found out.
struct Drawn {
    mv: Option<Move>,
    /// The moves buffer holds every legal move (in some order).
    listed: bool,
    /// The scratch position is the position after `mv`: the check rule or
    /// the constraints played it to judge it.
    applied: bool,
}
