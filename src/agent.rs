//! Computer players, over the public [`Rules`] and [`State`] API only:
//! uniformly random moves, and Monte Carlo tree search (UCT) with random
//! playouts, run on several threads (one tree each, their root statistics
//! summed).

use crate::rules::{Move, Outcome, Rules, SideId, State};
use std::sync::atomic::{AtomicBool, Ordering};

/// A computer player.
#[derive(Clone, Debug, PartialEq)]
pub enum Agent {
    Random,
    /// UCT: `iterations` per thread (or as many as `millis` allows),
    /// playouts cut at `max_plies`. A cut playout scores by the pieces'
    /// `value`s where the game gives them, else as a draw.
    Mcts {
        iterations: u32,
        threads: usize,
        max_plies: u32,
        millis: Option<u64>,
    },
    /// Alpha-beta search ([`crate::search`]) within `nodes` (or `millis`).
    AlphaBeta {
        nodes: u64,
        millis: Option<u64>,
    },
    /// A strength, played by the player that suits the game
    /// ([`Agent::for_game`]).
    Level(Level),
    /// The player that suits the game ([`Agent::for_game`]) with `millis`
    /// a move: `auto:500ms`.
    Auto {
        millis: u64,
    },
}

/// The strengths a player is offered by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [(&'static str, Level); 3] = [
        ("easy", Level::Easy),
        ("medium", Level::Medium),
        ("hard", Level::Hard),
    ];
}

impl Agent {
    /// `random`, `mcts`, `mcts:ITERATIONS` or `mcts:MILLISECONDSms`, with
    /// an optional `:PLIES`, the playouts' length (400 by default).
    pub fn parse(text: &str) -> Result<Agent, String> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if let Some(&(_, level)) = Level::ALL.iter().find(|(name, _)| *name == text) {
            return Ok(Agent::Level(level));
        }
        let mut parts = text.split(':');
        match parts.next() {
            Some("random") if text == "random" => return Ok(Agent::Random),
            Some("mcts") => {}
            Some("alphabeta") => return alpha_beta(parts.next(), text),
            Some("auto") => return auto(parts.next(), text),
            _ => {
                return Err(format!(
                    "unknown player `{text}`: expected `human`, `easy`, `medium`, `hard`, `random`, `mcts`, `mcts:ITERATIONS` or `mcts:500ms` (optionally `:PLIES`), `alphabeta`, `alphabeta:NODES` or `alphabeta:500ms`, `auto:500ms`"
                ))
            }
        }
        let mut agent = Agent::Mcts {
            iterations: 2_000,
            threads,
            max_plies: 400,
            millis: None,
        };
        let Agent::Mcts {
            iterations,
            max_plies,
            millis,
            ..
        } = &mut agent
        else {
            unreachable!("built just above")
        };
        if let Some(budget) = parts.next() {
            match budget.strip_suffix("ms").map(str::parse::<u64>) {
                Some(Ok(ms)) if ms > 0 => {
                    *millis = Some(ms);
                    *iterations = u32::MAX;
                }
                Some(_) => return Err(format!("`{budget}` is not a time such as `500ms`")),
                None => match budget.parse::<u32>() {
                    Ok(n) if n > 0 => *iterations = n,
                    _ => {
                        return Err(format!(
                            "`{budget}` is not a number of iterations (1 or more)"
                        ))
                    }
                },
            }
        }
        if let Some(plies) = parts.next() {
            match plies.parse::<u32>() {
                Ok(n) if n > 0 => *max_plies = n,
                _ => {
                    return Err(format!(
                        "`{plies}` is not a playout length (1 or more plies)"
                    ))
                }
            }
        }
        if let Some(extra) = parts.next() {
            return Err(format!("unexpected `:{extra}` in `{text}`"));
        }
        Ok(agent)
    }

    /// The player a strength stands for in this game: alpha-beta where
    /// the search has something to read besides the end
    /// ([`crate::search::reads_position`]), Monte Carlo tree search
    /// elsewhere; any other player as it is.
    pub fn for_game(&self, rules: &Rules) -> Agent {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let material = crate::search::reads_position(rules);
        let level = match *self {
            Agent::Level(level) => level,
            Agent::Auto { millis } if material => {
                return Agent::AlphaBeta {
                    nodes: u64::MAX,
                    millis: Some(millis),
                }
            }
            Agent::Auto { millis } => {
                return Agent::Mcts {
                    iterations: u32::MAX,
                    threads,
                    max_plies: 400,
                    millis: Some(millis),
                }
            }
            _ => return self.clone(),
        };
        let mcts = |iterations| Agent::Mcts {
            iterations,
            threads,
            max_plies: 400,
            millis: None,
        };
        match level {
            Level::Easy => mcts(200),
            Level::Medium if material => Agent::AlphaBeta {
                nodes: 20_000,
                millis: None,
            },
            Level::Medium => mcts(2_000),
            Level::Hard if material => Agent::AlphaBeta {
                nodes: 200_000,
                millis: None,
            },
            Level::Hard => mcts(20_000),
        }
    }

    /// A move for the side to move; `None` when the game is over.
    pub fn choose(&self, rules: &Rules, st: &State, seed: u64) -> Option<Move> {
        self.search(rules, st, seed, None).map(|found| found.mv)
    }

    /// [`Agent::choose`], with what the search found, and stopped early
    /// (after one playout at least) once `stop` is set: the engine
    /// protocols' `stop`.
    pub fn search(
        &self,
        rules: &Rules,
        st: &State,
        seed: u64,
        stop: Option<&AtomicBool>,
    ) -> Option<Searched> {
        let mut moves = Vec::new();
        rules.legal_moves(st, &mut moves);
        if moves.is_empty() {
            return None;
        }
        let only = |mv| Searched {
            mv,
            playouts: 0,
            score: None,
        };
        if let Some(event) = rules.rolling(st) {
            // Nobody chooses a roll: it is drawn by its weights.
            let mut rng = fastrand::Rng::with_seed(seed);
            return Some(only(rules.draw_roll(event, &mut rng)));
        }
        match *self {
            Agent::Level(_) | Agent::Auto { .. } => {
                self.for_game(rules).search(rules, st, seed, stop)
            }
            Agent::AlphaBeta { nodes, millis } => {
                let budget = crate::search::Budget {
                    nodes,
                    deadline: millis
                        .map(|ms| std::time::Instant::now() + std::time::Duration::from_millis(ms)),
                    stop,
                };
                let found = crate::search::best_move(rules, st, &budget)?;
                // The score as a win probability on the logistic scale.
                let p = 1.0 / (1.0 + 10f64.powf(-f64::from(found.score) / 400.0));
                Some(Searched {
                    mv: found.mv,
                    playouts: found.nodes,
                    score: Some(p),
                })
            }
            Agent::Random => Some(only(
                moves[fastrand::Rng::with_seed(seed).usize(..moves.len())],
            )),
            Agent::Mcts { .. } if moves.len() == 1 => Some(only(moves[0])),
            Agent::Mcts {
                iterations,
                threads,
                max_plies,
                millis,
            } => {
                let deadline = millis
                    .map(|ms| std::time::Instant::now() + std::time::Duration::from_millis(ms));
                let limits = Limits {
                    iterations,
                    max_plies,
                    deadline,
                    stop,
                };
                let roots = root_searches(rules, st, &limits, threads, seed);
                let total = |i: usize| roots.iter().map(|v| v[i].0).sum::<u32>();
                let best = (0..moves.len()).max_by_key(|&i| total(i))?;
                let reward: f64 = roots.iter().map(|v| v[best].1).sum();
                let visits = total(best);
                // The tree's root moves are the legal moves, in order.
                Some(Searched {
                    mv: moves[best],
                    playouts: roots.iter().flatten().map(|&(n, _)| u64::from(n)).sum(),
                    score: (visits > 0).then(|| reward / f64::from(visits)),
                })
            }
        }
    }
}

/// The root statistics of `threads` UCT searches, one per thread: per
/// legal move (in legal-move order), its visits and summed score.
fn root_searches(
    rules: &Rules,
    st: &State,
    limits: &Limits,
    threads: usize,
    seed: u64,
) -> Vec<Vec<(u32, f64)>> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|t| {
                let seed = seed.wrapping_mul(31).wrapping_add(t as u64);
                scope.spawn(move || Tree::new(rules, st).search(rules, limits, seed))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread"))
            .collect()
    })
}

/// What a UCT search thinks of a position, for training a policy and a
/// value: the legal moves (in legal-move order), the visits of each summed
/// over the threads, and the root's mean score for the side to move (1 a
/// win, 0 a loss, a draw between; wins and losses by their points where
/// the game gives some, as MCTS scores them).
#[derive(Clone, Debug)]
pub struct Visits {
    pub moves: Vec<Move>,
    pub visits: Vec<u32>,
    pub value: f64,
}

/// The visits of [`Agent::Mcts`]'s search (`iterations` per thread), with
/// the seed of [`Agent::choose`]; `None` when the game is over or chance
/// moves (nobody chooses a roll).
pub fn mcts_visits(
    rules: &Rules,
    st: &State,
    iterations: u32,
    threads: usize,
    max_plies: u32,
    seed: u64,
) -> Option<Visits> {
    let mut moves = Vec::new();
    rules.legal_moves(st, &mut moves);
    if moves.is_empty() || rules.is_chance(st) {
        return None;
    }
    let limits = Limits {
        iterations: iterations.max(1),
        max_plies: max_plies.max(1),
        deadline: None,
        stop: None,
    };
    let roots = root_searches(rules, st, &limits, threads, seed);
    let visits: Vec<u32> = (0..moves.len())
        .map(|i| roots.iter().map(|v| v[i].0).sum())
        .collect();
    let total: u32 = visits.iter().sum();
    let reward: f64 = roots.iter().flatten().map(|&(_, r)| r).sum();
    let value = if total > 0 {
        reward / f64::from(total)
    } else {
        0.5
    };
    Some(Visits {
        moves,
        visits,
        value,
    })
}

/// What a search found: the move, the playouts run, and the move's mean
/// score for the mover (1 a win, 0 a loss; a win of fewer points than
/// the game's most between) where playouts scored it.
#[derive(Clone, Debug)]
pub struct Searched {
    pub mv: Move,
    pub playouts: u64,
    pub score: Option<f64>,
}

/// When a search stops: iterations per thread, a time, a flag.
struct Limits<'a> {
    iterations: u32,
    max_plies: u32,
    deadline: Option<std::time::Instant>,
    stop: Option<&'a AtomicBool>,
}

impl Limits<'_> {
    fn reached(&self) -> bool {
        self.deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

struct Node {
    parent: usize,
    /// The side that played the move into this node.
    mover: SideId,
    children: Vec<usize>,
    untried: Vec<Move>,
    /// The move into this node, and its index among the parent's moves.
    mv: Move,
    index: usize,
    visits: u32,
    reward: f64,
}

struct Tree {
    nodes: Vec<Node>,
    root_state: State,
}

impl Tree {
    fn new(rules: &Rules, st: &State) -> Tree {
        let mut moves = Vec::new();
        rules.legal_moves(st, &mut moves);
        let root = Node {
            parent: usize::MAX,
            mover: rules.to_move(st),
            children: Vec::new(),
            untried: moves.into_iter().rev().collect(),
            mv: Move::Pass,
            index: 0,
            visits: 0,
            reward: 0.0,
        };
        Tree {
            nodes: vec![root],
            root_state: st.clone(),
        }
    }

    /// Runs the search; the visits and summed reward of each root move,
    /// in legal-move order.
    fn search(mut self, rules: &Rules, limits: &Limits, seed: u64) -> Vec<(u32, f64)> {
        let mut rng = fastrand::Rng::with_seed(seed);
        // The playouts' own interners, renewed between playouts when large:
        // their moves are never kept.
        let mut playouts = rules.session();
        let n_root = self.nodes[0].untried.len();
        let mut st = self.root_state.clone();
        let mut buf = Vec::new();
        for i in 0..limits.iterations {
            // Checked every iteration (a clock read, cheap beside a playout):
            // one long playout must not carry the search far past its time.
            if i > 0 && limits.reached() {
                break;
            }
            st.clone_from(&self.root_state);
            // Selection: down fully expanded nodes by UCB1; at a chance
            // position, down the outcome drawn by its weight, so that a
            // node's mean is the expectation over the rolls.
            let mut node = 0;
            let mut expand = None;
            loop {
                if let Some(event) = rules.rolling(&st) {
                    let mv = rules.draw_roll(event, &mut rng);
                    let found = (self.nodes[node].children.iter())
                        .find(|&&c| self.nodes[c].mv == mv)
                        .copied();
                    match found {
                        Some(c) => {
                            node = c;
                            rules.play(&mut st, mv);
                            continue;
                        }
                        None => {
                            expand = Some(mv);
                            break;
                        }
                    }
                }
                if self.nodes[node].untried.is_empty() && !self.nodes[node].children.is_empty() {
                    node = self.best_child(node);
                    rules.play(&mut st, self.nodes[node].mv);
                } else {
                    break;
                }
            }
            // Expansion: one untried move (or the outcome drawn).
            if let Some(mv) = expand.or_else(|| self.nodes[node].untried.pop()) {
                let mover = rules.to_move(&st);
                rules.play(&mut st, mv);
                rules.legal_moves(&st, &mut buf);
                if rules.is_chance(&st) {
                    // Its outcomes are drawn, never tried in turn.
                    buf.clear();
                }
                let index = self.nodes[node].children.len();
                let child = self.nodes.len();
                self.nodes.push(Node {
                    parent: node,
                    mover,
                    children: Vec::new(),
                    untried: buf.iter().rev().copied().collect(),
                    mv,
                    index,
                    visits: 0,
                    reward: 0.0,
                });
                self.nodes[node].children.push(child);
                node = child;
            }
            // Playout: uniformly random moves.
            playouts.renew_when_large();
            crate::playout::random_playout(&playouts, &mut st, limits.max_plies, &mut rng);
            // Backpropagation: each node scores the result for its mover.
            loop {
                let n = &mut self.nodes[node];
                n.visits += 1;
                n.reward += score(rules, &st, n.mover);
                if n.parent == usize::MAX {
                    break;
                }
                node = n.parent;
            }
        }
        let mut visits = vec![(0, 0.0); n_root];
        for &c in &self.nodes[0].children {
            // The k-th root child is the k-th legal move (popped in order).
            let n = &self.nodes[c];
            visits[n.index] = (n.visits, n.reward);
        }
        visits
    }

    fn best_child(&self, node: usize) -> usize {
        let parent_visits = (self.nodes[node].visits.max(1) as f64).ln();
        let ucb = |c: usize| {
            let n = &self.nodes[c];
            let v = n.visits.max(1) as f64;
            n.reward / v + 1.4 * (parent_visits / v).sqrt()
        };
        *self.nodes[node]
            .children
            .iter()
            .max_by(|&&a, &&b| ucb(a).total_cmp(&ucb(b)))
            .expect("a fully expanded node has children")
    }
}

/// 1 for a win of the side's team, 0 for a loss, 0.5 for a draw; in a
/// game whose end rules give `points`, a win of p points of the most M
/// any rule gives is 0.5 + p / 2M and its loss 0.5 − p / 2M, so that a
/// mean score is the mean points won, scaled into 0 to 1 (a gammon counts
/// twice a plain win, and a sure win of 1 point is worth less than an
/// even chance of 3). An unfinished game scores between: half from the team's share of the
/// pieces' values on the board (an even share when the game gives no
/// values), half from how much nearer the team is to winning by an end
/// rule than its nearest opponent ([`Rules::progress`]).
fn score(rules: &Rules, st: &State, side: SideId) -> f64 {
    let team = rules.sides[side as usize].team;
    match rules.outcome(st) {
        Outcome::Win(w) => {
            let won = rules.sides[w as usize].team == team;
            match rules.most_points() {
                1 if won => 1.0,
                1 => 0.0,
                most => {
                    let half = 0.5 * f64::from(rules.points(st)) / f64::from(most);
                    if won {
                        0.5 + half
                    } else {
                        0.5 - half
                    }
                }
            }
        }
        Outcome::Draw => 0.5,
        Outcome::Ongoing => {
            let (own, all) = rules.material(st, team);
            let material = if all > 0.0 { own / all } else { 0.5 };
            let (mut ours, mut theirs) = (0.0f64, 0.0f64);
            for (s, info) in rules.sides.iter().enumerate() {
                let p = rules.progress(st, s as SideId);
                if info.team == team {
                    ours = ours.max(p);
                } else {
                    theirs = theirs.max(p);
                }
            }
            0.5 * material + 0.25 * (1.0 + ours - theirs)
        }
    }
}

/// `auto:MILLISECONDSms`.
fn auto(budget: Option<&str>, text: &str) -> Result<Agent, String> {
    match budget
        .and_then(|b| b.strip_suffix("ms"))
        .map(str::parse::<u64>)
    {
        Some(Ok(millis)) if millis > 0 && text.split(':').count() == 2 => {
            Ok(Agent::Auto { millis })
        }
        _ => Err(format!(
            "`{text}` is not `auto:` and a time such as `auto:500ms`"
        )),
    }
}

/// `alphabeta`, `alphabeta:NODES` or `alphabeta:MILLISECONDSms`.
fn alpha_beta(budget: Option<&str>, text: &str) -> Result<Agent, String> {
    let mut agent = Agent::AlphaBeta {
        nodes: 20_000,
        millis: None,
    };
    let Agent::AlphaBeta { nodes, millis } = &mut agent else {
        unreachable!("built just above")
    };
    match budget {
        None => {}
        Some(b) => match b.strip_suffix("ms").map(str::parse::<u64>) {
            Some(Ok(ms)) if ms > 0 => {
                *millis = Some(ms);
                *nodes = u64::MAX;
            }
            Some(_) => return Err(format!("`{b}` is not a time such as `500ms`")),
            None => match b.parse::<u64>() {
                Ok(n) if n > 0 => *nodes = n,
                _ => return Err(format!("`{b}` is not a number of nodes (1 or more)")),
            },
        },
    }
    if text.split(':').count() > 2 {
        return Err(format!("unexpected `:` after the budget in `{text}`"));
    }
    Ok(agent)
}
