//! Self-play analysis: many games between chosen players, in parallel, and
//! what they say about a game — who wins, how long games last, how many
//! moves a position offers, whether moving first helps.

use crate::agent::Agent;
use crate::rules::{Outcome, Rules, SideId, TooManyChains};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The record of one game.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub outcome: Outcome,
    pub plies: u32,
    /// Legal moves summed over the positions played, for the branching factor.
    pub moves_seen: u64,
    /// What the result is worth ([`Rules::points`]: an end rule's
    /// `points`, 0 for a draw); `None` when not known (a record that
    /// kept only the winner), and then no points are reported.
    pub points: Option<u32>,
}

/// What `analyze` measures over many games.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub games: Vec<GameResult>,
    /// The seat that moves first in the turn order (after any prelude).
    pub first_seat: usize,
}

/// Plays `n` games, each side played by `players[side]`, on `threads`
/// threads; `progress` is told the number of games finished so far.
/// [`TooManyChains`] when a position of a game offered more ways of
/// capturing than the budget explores: the games are not reported then,
/// since their moves may be wrong.
pub fn run(
    rules: &Rules,
    players: &[Agent],
    n: usize,
    threads: usize,
    max_plies: u32,
    seed: u64,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Analysis, TooManyChains> {
    let games = run_range(rules, players, 0..n, threads, max_plies, seed, progress)?;
    Ok(Analysis::new(rules, games))
}

/// The seed of game `g` of a run with seed `seed`: it depends on nothing
/// else, so that any machine playing game `g` plays the same game.
pub fn game_seed(seed: u64, g: usize) -> u64 {
    seed.wrapping_add(g as u64 * 7919)
}

/// Plays the games of indices `range` of a run with seed `seed`, in that
/// order: the same games [`run`] plays at those indices, so that a run
/// split into ranges (on several machines) and joined back is the same run.
/// Stops at the first game that meets the chain budget ([`run`]).
pub fn run_range(
    rules: &Rules,
    players: &[Agent],
    range: std::ops::Range<usize>,
    threads: usize,
    max_plies: u32,
    seed: u64,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameResult>, TooManyChains> {
    let n = range.len();
    let over = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; n]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || over.load(Ordering::Relaxed) {
                    break;
                }
                let g = range.start + i;
                let Ok(result) = play_one(rules, players, max_plies, game_seed(seed, g)) else {
                    over.store(true, Ordering::Relaxed);
                    break;
                };
                results.lock().expect("results")[i] = Some(result);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    if over.into_inner() {
        return Err(TooManyChains);
    }
    Ok(results
        .into_inner()
        .expect("results")
        .into_iter()
        .map(|r| r.expect("every game was played"))
        .collect())
}

fn play_one(
    rules: &Rules,
    players: &[Agent],
    max_plies: u32,
    seed: u64,
) -> Result<GameResult, TooManyChains> {
    // Each game with interners of its own, freed with it.
    let rules = &rules.session();
    let mut st = rules.initial();
    let mut moves = Vec::new();
    let mut result = GameResult {
        outcome: Outcome::Ongoing,
        plies: 0,
        moves_seen: 0,
        points: None,
    };
    while result.plies < max_plies {
        // One ply, checked against the chain budget as it is played.
        let played = rules.bounded(|| {
            // A roll is no side's move: drawn by weight, and counted
            // neither as a ply nor among the moves seen. Several rolls may
            // come before a move (a roll with no move passes the turn to
            // the next roll): one generator draws them all, each anew.
            let mut rng = fastrand::Rng::with_seed(seed ^ (result.plies as u64) << 32);
            while let Some(event) = rules.rolling(&st) {
                rules.play(&mut st, rules.draw_roll(event, &mut rng));
            }
            rules.legal_moves(&st, &mut moves);
            if moves.is_empty() {
                return false;
            }
            result.moves_seen += moves.len() as u64;
            let side = rules.to_move(&st);
            let seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(result.plies as u64);
            let Some(mv) = players[side as usize].choose(rules, &st, seed) else {
                return false;
            };
            rules.play(&mut st, mv);
            true
        })?;
        if !played {
            break;
        }
        result.plies += 1;
    }
    result.outcome = rules.outcome(&st);
    result.points = Some(rules.points(&st));
    Ok(result)
}

/// A proportion with its 95% Wilson interval, in percent.
pub fn wilson(k: usize, n: usize) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

impl Analysis {
    /// The analysis of these games, in the order they were played.
    pub fn new(rules: &Rules, games: Vec<GameResult>) -> Analysis {
        let first_side = rules.order.first().copied().unwrap_or(0);
        Analysis {
            games,
            first_seat: rules.seat_of(first_side),
        }
    }

    /// Games won by each seat, then draws (finished or capped) and capped.
    pub fn seat_wins(&self, rules: &Rules) -> Vec<usize> {
        (0..rules.seats.len())
            .map(|seat| {
                self.games
                    .iter()
                    .filter(|g| rules.seat_won(seat, g.outcome))
                    .count()
            })
            .collect()
    }

    /// Per seat, the points of the games it won, summed: reported only in
    /// a game whose end rules give some win more than 1 point, and when
    /// every game's points are known (`None` otherwise).
    pub fn seat_points(&self, rules: &Rules) -> Option<Vec<u64>> {
        if rules.most_points() == 1 || self.games.iter().any(|g| g.points.is_none()) {
            return None;
        }
        let won = |seat: usize, g: &GameResult| {
            rules.seat_won(seat, g.outcome) as u64 * u64::from(g.points.unwrap_or(0))
        };
        Some(
            (0..rules.seats.len())
                .map(|seat| self.games.iter().map(|g| won(seat, g)).sum())
                .collect(),
        )
    }

    pub fn draws(&self) -> usize {
        self.games
            .iter()
            .filter(|g| !matches!(g.outcome, Outcome::Win(_)))
            .count()
    }

    pub fn capped(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.outcome == Outcome::Ongoing)
            .count()
    }

    /// Mean, minimum, 10th, 50th and 90th percentile, maximum game length.
    pub fn lengths(&self) -> (f64, u32, u32, u32, u32, u32) {
        let mut l: Vec<u32> = self.games.iter().map(|g| g.plies).collect();
        l.sort_unstable();
        if l.is_empty() {
            return (0.0, 0, 0, 0, 0, 0);
        }
        let at = |q: f64| l[((l.len() - 1) as f64 * q).round() as usize];
        let mean = l.iter().map(|&x| x as f64).sum::<f64>() / l.len() as f64;
        (mean, l[0], at(0.1), at(0.5), at(0.9), l[l.len() - 1])
    }

    /// Legal moves per position, over every position played.
    pub fn branching(&self) -> f64 {
        let positions: u64 = self.games.iter().map(|g| g.plies as u64).sum();
        let moves: u64 = self.games.iter().map(|g| g.moves_seen).sum();
        moves as f64 / positions.max(1) as f64
    }

    pub fn to_text(&self, rules: &Rules, players: &[String]) -> String {
        let n = self.games.len();
        let mut s = format!("{}: {n} games\n", rules.name);
        for (i, side) in rules.sides.iter().enumerate() {
            s.push_str(&format!("  {} played by {}\n", side.name, players[i]));
        }
        s.push_str("\nresult            games      %   95% interval\n");
        let line = |what: &str, k: usize| {
            let (p, lo, hi) = wilson(k, n);
            format!("{what:<16} {k:>6} {p:>6.1}   {lo:.1}-{hi:.1}\n")
        };
        for (seat, k) in self.seat_wins(rules).into_iter().enumerate() {
            s.push_str(&line(&format!("{} won", rules.seats[seat].name), k));
        }
        s.push_str(&line("draw", self.draws()));
        if self.capped() > 0 {
            s.push_str(&format!("  of which capped: {}\n", self.capped()));
        }
        if let Some(points) = self.seat_points(rules) {
            let each: Vec<String> = (points.iter().enumerate())
                .map(|(seat, &p)| {
                    let mean = p as f64 / n.max(1) as f64;
                    format!("{} {p} ({mean:.2} a game)", rules.seats[seat].name)
                })
                .collect();
            s.push_str(&format!("points won: {}\n", each.join(", ")));
        }
        let (mean, min, p10, p50, p90, max) = self.lengths();
        s.push_str(&format!(
            "\ngame length (plies): mean {mean:.1}, min {min}, 10% {p10}, median {p50}, 90% {p90}, max {max}\n"
        ));
        s.push_str(&format!(
            "branching factor: {:.1} legal moves per position\n",
            self.branching()
        ));
        let first = &rules.seats[self.first_seat].name;
        let (p, lo, hi) = wilson(self.seat_wins(rules)[self.first_seat], n);
        s.push_str(&format!(
            "first move: {first} moves first and wins {p:.1}% ({lo:.1}-{hi:.1})\n"
        ));
        s
    }

    pub fn to_json(&self, rules: &Rules, players: &[String]) -> String {
        let n = self.games.len();
        let interval = |k: usize| {
            let (p, lo, hi) = wilson(k, n);
            serde_json::json!({ "games": k, "percent": p, "low": lo, "high": hi })
        };
        let seats: serde_json::Map<String, serde_json::Value> = self
            .seat_wins(rules)
            .into_iter()
            .enumerate()
            .map(|(seat, k)| (rules.seats[seat].name.clone(), interval(k)))
            .collect();
        let sides: serde_json::Map<String, serde_json::Value> = rules
            .sides
            .iter()
            .zip(players)
            .map(|(s, p)| (s.name.clone(), p.clone().into()))
            .collect();
        let (mean, min, p10, p50, p90, max) = self.lengths();
        let mut json = serde_json::json!({
            "game": rules.name,
            "games": n,
            "players": sides,
            "wins": seats,
            "draws": interval(self.draws()),
            "capped": self.capped(),
            "length": { "mean": mean, "min": min, "p10": p10, "median": p50, "p90": p90, "max": max },
            "branching": self.branching(),
            "first_seat": rules.seats[self.first_seat].name,
        });
        if let Some(points) = self.seat_points(rules) {
            let per_seat: serde_json::Map<String, serde_json::Value> = (points.iter().enumerate())
                .map(|(seat, &p)| {
                    let mean = p as f64 / n.max(1) as f64;
                    let value = serde_json::json!({ "total": p, "mean": mean });
                    (rules.seats[seat].name.clone(), value)
                })
                .collect();
            json["points"] = per_seat.into();
        }
        json.to_string()
    }
}

/// The seat and side names for `--seat NAME=PLAYER`, as in `play`.
pub fn sides_named(rules: &Rules, name: &str) -> Option<Vec<SideId>> {
    match (rules.seat(name), rules.side(name)) {
        (Some(seat), _) => Some(rules.seats[seat].sides.clone()),
        (None, Some(s)) => Some(vec![s]),
        (None, None) => None,
    }
}
