//! `analyze` run for a page: self-play games on a worker thread, their
//! progress read by polling, the result as `analyze --json` gives it. At
//! most `MAX_RUNNING` run at once; one stops when cancelled or when nobody
//! has polled it for `UNWATCHED` (checked between games).

use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tavoliere::agent::Agent;
use tavoliere::analyze;

use super::games::Game;

/// At most this many games per analysis.
pub const MAX_GAMES: usize = 2000;
/// At most this many analyses running at once.
pub const MAX_RUNNING: usize = 2;
/// A finished analysis is kept this long for its page to read.
const KEEP: Duration = Duration::from_secs(10 * 60);
/// An analysis nobody has asked about for this long is stopped.
const UNWATCHED: Duration = Duration::from_secs(30);

/// One analysis: games done of the total, and the result once finished.
pub struct Job {
    pub total: usize,
    pub done: AtomicUsize,
    pub result: Mutex<Option<(Value, Instant)>>,
    /// Set to stop it (cancelled, or no longer watched).
    pub stop: AtomicBool,
    /// When its progress was last asked for.
    pub polled: Mutex<Instant>,
}

impl Job {
    fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.polled.lock().expect("job").elapsed() > UNWATCHED
    }

    fn running(&self) -> bool {
        self.result.lock().expect("job").is_none()
    }
}

#[derive(Default)]
pub struct Jobs {
    running: Mutex<HashMap<String, Arc<Job>>>,
}

impl Jobs {
    /// Starts `games` games of `game` played by `players` (per side);
    /// returns the job's id, or `None` when `MAX_RUNNING` already run.
    pub fn start(
        &self,
        game: Arc<Game>,
        players: Vec<(Agent, String)>,
        games: usize,
    ) -> Option<String> {
        let id = format!("{:016x}", fastrand::u64(..));
        let job = Arc::new(Job {
            total: games,
            done: AtomicUsize::new(0),
            result: Mutex::new(None),
            stop: AtomicBool::new(false),
            polled: Mutex::new(Instant::now()),
        });
        {
            let mut running = self.running.lock().expect("jobs");
            if running.values().filter(|j| j.running()).count() >= MAX_RUNNING {
                return None;
            }
            running.insert(id.clone(), job.clone());
        }
        std::thread::spawn(move || {
            let agents: Vec<Agent> = players.iter().map(|(a, _)| a.clone()).collect();
            let names: Vec<String> = players.into_iter().map(|(_, n)| n).collect();
            let threads = crate::cli::every_core().min(2);
            let seed = fastrand::u64(..);
            let rules = game.rules();
            // A few games at a time, so that a stop is seen between them.
            let mut played = Vec::new();
            let mut stopped = false;
            let mut error = None;
            while played.len() < games {
                if job.stopping() {
                    stopped = true;
                    break;
                }
                let from = played.len();
                let to = (from + threads).min(games);
                let progress = |n: usize| job.done.store(from + n, Ordering::Relaxed);
                let range = from..to;
                match analyze::run_range(&rules, &agents, range, threads, 1000, seed, &progress) {
                    Ok(more) => played.extend(more),
                    Err(e) => {
                        error = Some(e.to_string());
                        break;
                    }
                }
            }
            let json: Value = if let Some(error) = error {
                serde_json::json!({ "error": error, "games": played.len() })
            } else if stopped {
                serde_json::json!({ "stopped": true, "games": played.len() })
            } else {
                let a = analyze::Analysis::new(&rules, played);
                serde_json::from_str(&a.to_json(&rules, &names)).unwrap_or(Value::Null)
            };
            *job.result.lock().expect("job") = Some((json, Instant::now()));
        });
        Some(id)
    }

    /// A job, marked as watched now.
    pub fn get(&self, id: &str) -> Option<Arc<Job>> {
        let job = self.running.lock().expect("jobs").get(id).cloned()?;
        *job.polled.lock().expect("job") = Instant::now();
        Some(job)
    }

    /// Asks a job to stop; false if there is no such job.
    pub fn cancel(&self, id: &str) -> bool {
        match self.running.lock().expect("jobs").get(id) {
            Some(job) => {
                job.stop.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    pub fn drop_old(&self) {
        (self.running.lock().expect("jobs")).retain(|_, job| {
            let result = job.result.lock().expect("job");
            result.as_ref().is_none_or(|(_, at)| at.elapsed() < KEEP)
        });
    }
}
