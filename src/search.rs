//! Alpha-beta search, over the public [`Rules`] and [`State`] API: the
//! computer player for games whose pieces have `value`s, where a few plies
//! of exact reading (a piece left hanging, a mate in one or two) matter
//! more than the averages of random playouts.
//!
//! Minimax with alpha-beta pruning from the point of view of the team that
//! moves at the root (a side of another team minimises; the turn order may
//! be anything), iterative deepening until a budget of nodes (or a time, or
//! a stop flag) is spent, a transposition table keyed by the position's
//! hash (its best move first on the next visit), captures tried first
//! (most valuable victim first) and a quiescence search of captures at the
//! horizon. A chance position (a roll) is the mean of its outcomes'
//! scores, each weighed by its probability (expectimax: the outcomes are
//! searched with the full window, a roll spends no depth). A position is
//! judged by the end rules where the game is over
//! (a win sooner is better; a win is worth its end rule's `points`, so a
//! gammon twice a plain win and a roll's mean the points expected) and
//! otherwise by material: the `value`s of the
//! pieces on the board and in hand, the root team's against the others';
//! where an end rule is won by bringing a piece into a region, each side's
//! distance to it (`Rules::goal_distance`: Quoridor's path length) counts
//! too, a step worth a quarter of a unit of `value`; and each side's
//! mobility (`Rules::mobility`: the moves its pieces have by their
//! patterns), a move worth a twenty-fifth of a unit ([`Weights`]).

use crate::engine::Goal;
use crate::rules::{Kinds, Move, Outcome, Rules, State};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A won position's score, less the plies to reach it; times the win's
/// `points` in a game whose end rules give some more than 1.
const WIN: i32 = 1_000_000;
/// Beyond every score: a win of the most points an end rule may give.
const INF: i32 = WIN * crate::compile::MAX_POINTS as i32 + 1;
/// Scores of material are in hundredths of a `value`.
const SCALE: f64 = 100.0;

/// What the evaluation weighs besides material, in hundredths of a
/// `value` (a pawn's in chess).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A step nearer a goal.
    pub step: f64,
    /// A move more for one's pieces.
    pub mobility: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            step: 25.0,
            mobility: 4.0,
        }
    }
}
/// Iterative deepening stops here even with budget left.
const MAX_DEPTH: u32 = 64;
/// Captures followed past the horizon at most.
const QUIESCENCE: u32 = 6;
/// Entries the transposition table keeps at most (about 40 bytes each).
const TABLE: usize = 1 << 20;

/// When a search stops: nodes, a time, a flag.
pub struct Budget<'a> {
    pub nodes: u64,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
}

/// What [`best_move`] found: the move, the nodes searched, the depth
/// completed and the score in hundredths of a piece value (for the mover).
pub struct Found {
    pub mv: Move,
    pub nodes: u64,
    pub depth: u32,
    pub score: i32,
}

/// The move the search prefers for the side to move; `None` when it has
/// no legal move, or at a chance position (nobody chooses a roll).
pub fn best_move(rules: &Rules, st: &State, budget: &Budget) -> Option<Found> {
    best_move_weighing(rules, st, budget, Weights::default())
}

/// [`best_move`] with an evaluation of other [`Weights`] (to compare two).
pub fn best_move_weighing(
    rules: &Rules,
    st: &State,
    budget: &Budget,
    weights: Weights,
) -> Option<Found> {
    if rules.is_chance(st) {
        return None;
    }
    let mut moves = Vec::new();
    rules.legal_moves(st, &mut moves);
    let first = *moves.first()?;
    let team = rules.sides[rules.to_move(st) as usize].team;
    let mut s = Searcher {
        rules,
        team,
        budget,
        nodes: 0,
        out: false,
        table: HashMap::new(),
        goals: rules.goals(),
        weights,
        moving: if weights.mobility == 0.0 {
            0
        } else {
            rules.moving_kinds()
        },
        scratch: Vec::new(),
    };
    let mut found = Found {
        mv: first,
        nodes: 0,
        depth: 0,
        score: 0,
    };
    if moves.len() == 1 {
        return Some(found);
    }
    s.order(st, &mut moves, None);
    for depth in 1..=MAX_DEPTH {
        let (mut best, mut best_score) = (moves[0], -INF);
        let mut alpha = -INF;
        for &mv in &moves {
            let mut child = st.clone();
            rules.play(&mut child, mv);
            let score = s.minimax(&child, depth - 1, alpha, INF, 1);
            if s.out {
                break;
            }
            if score > best_score {
                (best, best_score) = (mv, score);
                alpha = alpha.max(score);
            }
        }
        if s.out {
            // An unfinished iteration: a move it searched to the end and
            // found better than the others searched is kept.
            if best_score > -INF {
                found.mv = best;
                found.score = best_score;
            }
            break;
        }
        found.mv = best;
        found.score = best_score;
        found.depth = depth;
        // The best move first for the next iteration.
        let i = moves.iter().position(|&m| m == best).unwrap_or(0);
        moves[..=i].rotate_right(1);
        // A win (or loss) of the most points the game gives is found.
        let most = WIN * rules.most_points() as i32;
        if best_score.abs() >= most - MAX_DEPTH as i32 * 4 {
            break;
        }
    }
    found.nodes = s.nodes;
    Some(found)
}

struct Searcher<'a> {
    rules: &'a Rules,
    /// The team the scores are for.
    team: u8,
    budget: &'a Budget<'a>,
    nodes: u64,
    /// The budget is spent: every score from now on is discarded.
    out: bool,
    /// Per position hash, the best move found there.
    table: HashMap<u64, Move>,
    /// The end rules won by reaching a region.
    goals: Vec<Goal>,
    weights: Weights,
    /// The kinds whose mobility counts (none when it weighs nothing).
    moving: Kinds,
    /// Room for the moves mobility counts.
    scratch: Vec<Move>,
}

impl Searcher<'_> {
    /// Counts a node; whether the budget is spent.
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget.nodes {
            self.out = true;
        } else if self.nodes.is_multiple_of(1024) {
            let late = self.budget.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self.budget.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            self.out = late || stopped;
        }
        self.out
    }

    fn maximising(&self, st: &State) -> bool {
        self.rules.sides[self.rules.to_move(st) as usize].team == self.team
    }

    /// The score of a game that is over, `ply` plies from the root: a win
    /// [`WIN`] times its points (in a game whose end rules give some).
    fn ended(&self, st: &State, ply: u32) -> Option<i32> {
        let won = |st: &State| match self.rules.most_points() {
            1 => WIN,
            _ => WIN * self.rules.points(st) as i32,
        };
        match self.rules.outcome(st) {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(0),
            Outcome::Win(side) if self.rules.sides[side as usize].team == self.team => {
                Some(won(st) - ply as i32)
            }
            Outcome::Win(_) => Some(-won(st) + ply as i32),
        }
    }

    fn minimax(&mut self, st: &State, depth: u32, mut alpha: i32, mut beta: i32, ply: u32) -> i32 {
        if self.spend() {
            return 0;
        }
        if let Some(score) = self.ended(st, ply) {
            return score;
        }
        if self.rules.is_chance(st) {
            return self.expect(st, depth, ply);
        }
        if depth == 0 {
            return self.quiesce(st, alpha, beta, QUIESCENCE);
        }
        let mut moves = Vec::new();
        self.rules.legal_moves(st, &mut moves);
        if moves.is_empty() {
            return self.evaluate(st);
        }
        let key = self.rules.position_hash(st) ^ u64::from(self.rules.to_move(st));
        let remembered = self.table.get(&key).copied();
        self.order(st, &mut moves, remembered);
        let max = self.maximising(st);
        let mut best = if max { -INF } else { INF };
        let mut best_move = moves[0];
        for mv in moves {
            let mut child = st.clone();
            self.rules.play(&mut child, mv);
            let score = self.minimax(&child, depth - 1, alpha, beta, ply + 1);
            if self.out {
                return 0;
            }
            if (max && score > best) || (!max && score < best) {
                (best, best_move) = (score, mv);
            }
            if max {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        if self.table.len() < TABLE {
            self.table.insert(key, best_move);
        }
        best
    }

    /// A chance position: the mean of its outcomes' scores, each weighed
    /// by its probability (expectimax). Each outcome is searched with the
    /// full window, so the mean is exact at this depth; a roll spends no
    /// depth, and at the horizon the position is judged as it stands.
    fn expect(&mut self, st: &State, depth: u32, ply: u32) -> i32 {
        if depth == 0 {
            return self.evaluate(st);
        }
        let mut mean = 0.0;
        for (mv, p) in self.rules.chance_outcomes(st) {
            let mut child = st.clone();
            self.rules.play(&mut child, mv);
            let score = self.minimax(&child, depth, -INF, INF, ply + 1);
            if self.out {
                return 0;
            }
            mean += p * f64::from(score);
        }
        mean.round() as i32
    }

    /// Captures only, from a position whose side to move may also stand.
    fn quiesce(&mut self, st: &State, mut alpha: i32, mut beta: i32, left: u32) -> i32 {
        let stand = self.evaluate(st);
        if self.rules.is_chance(st) {
            // Nobody stands or captures at a roll.
            return stand;
        }
        let max = self.maximising(st);
        if left == 0 {
            return stand;
        }
        if max {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut moves = Vec::new();
        self.rules.legal_moves(st, &mut moves);
        moves.retain(|mv| self.victim(st, mv) > 0.0);
        self.order(st, &mut moves, None);
        let mut best = stand;
        for mv in moves {
            if self.spend() {
                return 0;
            }
            let mut child = st.clone();
            self.rules.play(&mut child, mv);
            let score = match self.ended(&child, 0) {
                Some(s) => s,
                None => self.quiesce(&child, alpha, beta, left - 1),
            };
            if self.out {
                return 0;
            }
            if max {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The value of the enemy piece standing where `mv` lands (0: none).
    fn victim(&self, st: &State, mv: &Move) -> f64 {
        let mover = self.rules.sides[self.rules.to_move(st) as usize].team;
        match self
            .rules
            .move_to(mv)
            .and_then(|s| st.piece_at(self.rules, s))
        {
            Some((side, kind)) if self.rules.sides[side as usize].team != mover => {
                // A piece worth nothing (a king) is still worth taking first.
                self.rules.kinds[kind as usize].value.max(0.5)
            }
            _ => 0.0,
        }
    }

    /// The remembered best move first, then captures by the victim's value.
    fn order(&self, st: &State, moves: &mut [Move], remembered: Option<Move>) {
        moves.sort_by_cached_key(|mv| {
            let first = Some(*mv) == remembered;
            (!first, -(self.victim(st, mv) * SCALE) as i64)
        });
    }

    /// A position that is not over, for the root team: its material and
    /// nearness to its goals against the others'.
    fn evaluate(&mut self, st: &State) -> i32 {
        let mut score = self.material(st);
        let rules = self.rules;
        for side in 0..rules.sides.len() as u8 {
            if let Some(d) = rules.goal_distance(st, side, &self.goals) {
                score -= (self.signed(side, self.weights.step * f64::from(d))) as i32;
            }
            if self.moving != 0 {
                let n = rules.mobility(st, side, self.moving, &mut self.scratch);
                score += (self.signed(side, self.weights.mobility * n as f64)) as i32;
            }
        }
        score
    }

    /// The root team's material less the others', on the board and in hand.
    fn material(&self, st: &State) -> i32 {
        let rules = self.rules;
        let mut score = 0.0;
        for s in 0..rules.board.n_sites() {
            let site = crate::board::SiteId(s as u16);
            if let Some((side, kind)) = st.piece_at(rules, site) {
                score += self.signed(side, rules.kinds[kind as usize].value);
            }
        }
        for side in 0..rules.sides.len() {
            for (kind, k) in rules.kinds.iter().enumerate() {
                let n = st.pieces_in_hand(rules, side as u8, kind as u8);
                score += self.signed(side as u8, k.value * f64::from(n));
            }
        }
        (score * SCALE).round() as i32
    }

    fn signed(&self, side: u8, value: f64) -> f64 {
        if self.rules.sides[side as usize].team == self.team {
            value
        } else {
            -value
        }
    }
}

/// Whether the search has anything to read besides the end: some pieces
/// have different `value`s, or an end rule is won by reaching a region;
/// and no move is a roll. (The search reads rolls as the mean of their
/// outcomes, but where luck weighs this much the averages of playouts are
/// the default player; `alphabeta` may still be asked for.)
pub fn reads_position(rules: &Rules) -> bool {
    let mut values = rules.kinds.iter().map(|k| k.value);
    let material = values
        .next()
        .is_some_and(|first| values.any(|v| v != first));
    rules.chance.is_empty() && (material || !rules.goals().is_empty())
}
