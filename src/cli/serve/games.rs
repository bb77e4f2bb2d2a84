//! The games open on pages, by id: each a compiled game and the file and
//! text it came from. A game no page has asked about for a while is dropped,
//! and the least recently used goes when there are too many, or when their
//! compiled tables together take too much memory.

use super::Server;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tavoliere::rules::Rules;

/// How long a game stays open without a request.
const IDLE: Duration = Duration::from_secs(30 * 60);
/// At most this many games open at once; the least recently used goes.
const MAX_OPEN: usize = 1024;
/// At most this many bytes of compiled games open at once (by
/// [`Rules::footprint`]), unless `serve --open-memory` says otherwise; the
/// least recently used go. The game just opened always stays.
pub const MAX_OPEN_BYTES: usize = 1 << 30;

/// A compiled game and where it came from.
pub struct Game {
    compiled: Rules,
    /// What it takes in memory, about ([`Rules::footprint`]).
    bytes: usize,
    /// Its file, relative to the folder, when it has one.
    pub file: Option<String>,
}

impl Game {
    pub fn new(compiled: Rules, file: Option<String>) -> Game {
        let bytes = compiled.footprint();
        Game {
            compiled,
            bytes,
            file,
        }
    }

    /// The rules to answer one request with: a session of their own
    /// ([`Rules::session`]), so that the moves a request meets are freed
    /// with it (requests carry moves as text) and memory stays flat
    /// however many games are played.
    pub fn rules(&self) -> Rules {
        self.compiled.session()
    }
}

pub struct Games {
    open: Mutex<HashMap<String, (Arc<Game>, Instant)>>,
    /// The most bytes of games kept open.
    max_bytes: usize,
}

impl Games {
    pub fn new(max_bytes: usize) -> Games {
        Games {
            open: Mutex::default(),
            max_bytes,
        }
    }

    /// Keeps a game open; returns its id. The least recently used games
    /// go while there are too many, or they take too much memory.
    pub fn insert(&self, game: Game) -> String {
        let id = format!("{:016x}", fastrand::u64(..));
        let mut open = self.open.lock().expect("games");
        let mut bytes: usize = open.values().map(|(g, _)| g.bytes).sum();
        while !open.is_empty()
            && (open.len() >= MAX_OPEN || bytes.saturating_add(game.bytes) > self.max_bytes)
        {
            let Some(oldest) = (open.iter())
                .min_by_key(|(_, (_, used))| *used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            if let Some((gone, _)) = open.remove(&oldest) {
                bytes -= gone.bytes;
            }
        }
        open.insert(id.clone(), (Arc::new(game), Instant::now()));
        id
    }

    /// An open game, marked as used now.
    pub fn get(&self, id: &str) -> Option<Arc<Game>> {
        let mut open = self.open.lock().expect("games");
        let (game, used) = open.get_mut(id)?;
        *used = Instant::now();
        Some(game.clone())
    }

    fn drop_idle(&self) {
        let now = Instant::now();
        (self.open.lock().expect("games")).retain(|_, (_, used)| now - *used < IDLE);
    }
}

/// Drops idle games and finished analyses, once a minute.
pub async fn sweep(server: Arc<Server>) {
    let mut tick = tokio::time::interval(Duration::from_secs(60));
    loop {
        tick.tick().await;
        server.games.drop_idle();
        server.jobs.drop_old();
    }
}
