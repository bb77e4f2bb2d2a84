//! `analyze` run for a page: self-play games on a worker thread, their
//! progress read by polling, the result as `analyze --json` gives it.

use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tavoliere::agent::Agent;
use tavoliere::analyze;

use super::games::Game;

/// At most this many games per analysis.
pub const MAX_GAMES: usize = 2000;
/// A finished analysis is kept this long for its page to read.
const KEEP: Duration = Duration::from_secs(10 * 60);

/// One analysis: games done of the total, and the result once finished.
pub struct Job {
    pub total: usize,
    pub done: AtomicUsize,
    pub result: Mutex<Option<(Value, Instant)>>,
}

#[derive(Default)]
pub struct Jobs {
    running: Mutex<HashMap<String, Arc<Job>>>,
}

impl Jobs {
    /// Starts `games` games of `game` played by `players` (per side);
    /// returns the job's id.
    pub fn start(&self, game: Arc<Game>, players: Vec<(Agent, String)>, games: usize) -> String {
        let id = format!("{:016x}", fastrand::u64(..));
        let job = Arc::new(Job {
            total: games,
            done: AtomicUsize::new(0),
            result: Mutex::new(None),
        });
        self.running
            .lock()
            .expect("jobs")
            .insert(id.clone(), job.clone());
        std::thread::spawn(move || {
            let agents: Vec<Agent> = players.iter().map(|(a, _)| a.clone()).collect();
            let names: Vec<String> = players.into_iter().map(|(_, n)| n).collect();
            let progress = |n: usize| job.done.store(n, Ordering::Relaxed);
            let threads = crate::cli::every_core().min(2);
            let seed = fastrand::u64(..);
            let a = analyze::run(
                &game.rules(),
                &agents,
                games,
                threads,
                1000,
                seed,
                &progress,
            );
            let json: Value =
                serde_json::from_str(&a.to_json(&game.rules(), &names)).unwrap_or(Value::Null);
            *job.result.lock().expect("job") = Some((json, Instant::now()));
        });
        id
    }

    pub fn get(&self, id: &str) -> Option<Arc<Job>> {
        self.running.lock().expect("jobs").get(id).cloned()
    }

    pub fn drop_old(&self) {
        (self.running.lock().expect("jobs")).retain(|_, job| {
            let result = job.result.lock().expect("job");
            result.as_ref().is_none_or(|(_, at)| at.elapsed() < KEEP)
        });
    }
}
