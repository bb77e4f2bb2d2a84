//! Uniform random playouts, for benchmarks and invariant tests.

use crate::render;
use crate::rules::*;
use std::time::Instant;

/// Plays one game of uniformly random legal moves; returns the moves and
/// the outcome (`Draw` when `max_plies` is reached first).
pub fn random_game(rules: &Rules, rng: &mut fastrand::Rng, max_plies: u32) -> (Vec<Move>, Outcome) {
    let mut st = rules.initial();
    let mut buf = Vec::new();
    let mut played = Vec::new();
    for _ in 0..max_plies {
        rules.legal_moves(&st, &mut buf);
        if buf.is_empty() {
            break;
        }
        let mv = match rules.rolling(&st) {
            // A roll: an outcome drawn by its weight.
            Some(event) => rules.draw_roll(event, rng),
            None => buf[rng.usize(..buf.len())],
        };
        rules.play(&mut st, mv);
        played.push(mv);
    }
    let o = match rules.outcome(&st) {
        Outcome::Ongoing => Outcome::Draw,
        o => o,
    };
    (played, o)
}

/// What `bench` measured.
pub struct Report {
    pub playouts: u64,
    pub plies: u64,
    pub seconds: f64,
    /// Wins per side (indexed by side id); draws include games capped.
    pub wins: Vec<u64>,
    pub draws: u64,
    pub capped: u64,
    /// Threads the playouts ran on.
    pub threads: usize,
}

/// Plays uniformly random moves from `st` until the game ends or
/// `max_plies` are played; how many were. Each move is drawn as
/// [`Rules::random_move`] draws it.
pub fn random_playout(
    rules: &Rules,
    st: &mut State,
    max_plies: u32,
    rng: &mut fastrand::Rng,
) -> u32 {
    let mut plies = 0;
    // What the check rule proved, carried from ply to ply.
    let mut proofs = crate::engine::Proofs::default();
    while plies < max_plies {
        if rules.play_random(st, rng, &mut proofs).is_none() {
            return plies;
        }
        plies += 1;
    }
    // The last move left the side to move unchecked for a legal move.
    rules.settle(st);
    plies
}

/// How long each thread of [`bench`] plays.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// About this long, and at least one playout.
    Seconds(f64),
    /// Exactly this many playouts: the same games on every run.
    Playouts(u64),
}

/// Runs random playouts within `budget` on `threads` threads, each with
/// its own seed; the counts are summed and the rates are per second of
/// wall time. [`TooManyChains`] when a position offered more ways of
/// capturing than the budget explores (the playouts are not reported).
pub fn bench(
    rules: &Rules,
    budget: Budget,
    max_plies: u32,
    seed: u64,
    threads: usize,
) -> Result<Report, TooManyChains> {
    let reports: Vec<Result<Report, TooManyChains>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1) as u64)
            .map(|t| {
                let seed = seed.wrapping_add(t.wrapping_mul(0x9e37_79b9));
                scope.spawn(move || bench_one(rules, budget, max_plies, seed))
            })
            .collect();
        (handles.into_iter())
            .map(|h| h.join().expect("a bench thread"))
            .collect()
    });
    let mut total = Report::empty(rules, reports.len());
    for r in reports {
        let r = r?;
        total.playouts += r.playouts;
        total.plies += r.plies;
        total.seconds = total.seconds.max(r.seconds);
        for (w, n) in total.wins.iter_mut().zip(&r.wins) {
            *w += n;
        }
        total.draws += r.draws;
        total.capped += r.capped;
    }
    Ok(total)
}

fn bench_one(
    rules: &Rules,
    budget: Budget,
    max_plies: u32,
    seed: u64,
) -> Result<Report, TooManyChains> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut st = rules.initial();
    let mut r = Report::empty(rules, 1);
    let start = Instant::now();
    // The playouts' own interners, renewed between playouts when large.
    let mut session = rules.session();
    loop {
        session.renew_when_large();
        st.clone_from(&rules.initial);
        let plies = session.bounded(|| random_playout(&session, &mut st, max_plies, &mut rng))?;
        r.plies += plies as u64;
        r.playouts += 1;
        match rules.outcome(&st) {
            Outcome::Win(s) => r.wins[s as usize] += 1,
            Outcome::Draw => r.draws += 1,
            Outcome::Ongoing => {
                r.draws += 1;
                r.capped += 1;
            }
        }
        r.seconds = start.elapsed().as_secs_f64();
        let done = match budget {
            Budget::Seconds(s) => r.seconds >= s,
            Budget::Playouts(n) => r.playouts >= n,
        };
        if done {
            break;
        }
    }
    Ok(r)
}

impl Report {
    /// No playouts yet, on `threads` threads.
    fn empty(rules: &Rules, threads: usize) -> Report {
        Report {
            playouts: 0,
            plies: 0,
            seconds: 0.0,
            wins: vec![0; rules.sides.len()],
            draws: 0,
            capped: 0,
            threads,
        }
    }

    pub fn playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }
    pub fn plies_per_s(&self) -> f64 {
        self.plies as f64 / self.seconds.max(1e-9)
    }
    pub fn mean_length(&self) -> f64 {
        self.plies as f64 / self.playouts.max(1) as f64
    }

    /// Games per result, one entry per team (sides of a team win together).
    fn outcomes(&self, rules: &Rules) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = Vec::new();
        for (s, &n) in self.wins.iter().enumerate() {
            let label = render::outcome(rules, Outcome::Win(s as SideId));
            match out.iter_mut().find(|(l, _)| *l == label) {
                Some((_, total)) => *total += n,
                None => out.push((label, n)),
            }
        }
        out.push(("draw".to_string(), self.draws));
        out
    }

    /// Wins per seat, when seats are not simply the sides.
    fn seat_wins(&self, rules: &Rules) -> Option<Vec<(String, u64)>> {
        if rules.seats.iter().all(|s| s.sides.len() == 1) {
            return None;
        }
        let out = (0..rules.seats.len())
            .map(|seat| {
                let n = (0..self.wins.len())
                    .filter(|&s| rules.seat_won(seat, Outcome::Win(s as SideId)))
                    .map(|s| self.wins[s])
                    .sum();
                (rules.seats[seat].name.clone(), n)
            })
            .collect();
        Some(out)
    }

    pub fn to_text(&self, rules: &Rules) -> String {
        let mut s = format!(
                        "{}: {} playouts in {:.2}s on {} thread{}\nplayouts/s: {:.1}\nplies/s: {:.0}\nmean length: {:.1} plies\n",
            rules.name,
            self.playouts,
            self.seconds,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.playouts_per_s(),
            self.plies_per_s(),
            self.mean_length()
        );
        for (what, n) in self.outcomes(rules) {
            s.push_str(&format!(
                "{what}: {n} ({:.1}%)\n",
                100.0 * n as f64 / self.playouts.max(1) as f64
            ));
        }
        if self.capped > 0 {
            s.push_str(&format!("capped (counted as draws): {}\n", self.capped));
        }
        for (seat, n) in self.seat_wins(rules).unwrap_or_default() {
            s.push_str(&format!(
                "seat {seat} won: {n} ({:.1}%)\n",
                100.0 * n as f64 / self.playouts.max(1) as f64
            ));
        }
        s
    }

    pub fn to_json(&self, rules: &Rules) -> String {
        let outcomes: serde_json::Map<String, serde_json::Value> = self
            .outcomes(rules)
            .into_iter()
            .map(|(k, v)| (k, v.into()))
            .collect();
        serde_json::json!({
            "game": rules.name,
                        "playouts": self.playouts,
            "seconds": self.seconds,
            "threads": self.threads,
            "playouts_per_s": self.playouts_per_s(),
            "plies_per_s": self.plies_per_s(),
            "mean_length": self.mean_length(),
            "capped": self.capped,
                        "outcomes": outcomes,
            "seat_wins": self.seat_wins(rules).map(|w| w.into_iter().map(|(k, v)| (k, v.into())).collect::<serde_json::Map<String, serde_json::Value>>()),
        })
        .to_string()
    }
}
