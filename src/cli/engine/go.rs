//! `go`: its limits read, mapped to the search's budget, the search run on
//! a thread of its own (so that `stop`, `isready` and `quit` are heard
//! while it runs), and `go perft N`.

use super::say;
use super::texts::{Dialect, Writer};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;
use tavoliere::agent::Agent;
use tavoliere::notation;
use tavoliere::perft;
use tavoliere::rules::{Move, Rules, State};

/// Playouts a `go depth D` stands for, per ply of depth: the search is
/// Monte Carlo tree search, which has no depth of its own.
pub const PLAYOUTS_PER_DEPTH: u64 = 1_000;
/// Playouts of a `go` with no limit: the `mcts` player's default.
pub const DEFAULT_PLAYOUTS: u64 = 2_000;
/// Moves a clock is shared over when `movestogo` does not say.
const MOVES_TO_GO: u64 = 30;

/// The limits of one `go`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// Per clock: the first mover's (`wtime` in UCI, `btime` in USI) and
    /// the other's: time left and increment, in milliseconds.
    pub time: [Option<u64>; 2],
    pub inc: [Option<u64>; 2],
    pub movestogo: Option<u64>,
    /// USI's byoyomi, in milliseconds.
    pub byoyomi: Option<u64>,
    pub infinite: bool,
    pub perft: Option<u32>,
}

impl Go {
    /// Reads the words after `go`; an unknown word or a bad number is an
    /// error naming it.
    pub fn parse(words: &[&str], dialect: Dialect) -> Result<Go, String> {
        let mut go = Go::default();
        // UCI's `wtime` is the first mover's (white), USI's `btime` (sente).
        let (first, second) = match dialect {
            Dialect::Usi => ('b', 'w'),
            _ => ('w', 'b'),
        };
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            let mut number = || -> Result<u64, String> {
                i += 1;
                let text = words.get(i).ok_or(format!("`{word}` needs a number"))?;
                // A clock may run below zero in some GUIs: no time left.
                match text.parse::<i64>() {
                    Ok(n) => Ok(n.max(0) as u64),
                    Err(_) => Err(format!("`{word} {text}`: not a number")),
                }
            };
            match word {
                "depth" | "mate" => go.depth = Some(number()?),
                "nodes" => go.nodes = Some(number()?),
                "movetime" => go.movetime = Some(number()?),
                "movestogo" => go.movestogo = Some(number()?),
                "byoyomi" => go.byoyomi = Some(number()?),
                "perft" => go.perft = Some(number()?.min(64) as u32),
                "infinite" | "ponder" => go.infinite = true,
                "searchmoves" => {
                    // Moves to search among: the search takes them all.
                    while i + 1 < words.len() && !is_go_word(words[i + 1]) {
                        i += 1;
                    }
                }
                _ if is_clock(word, first, "time") => go.time[0] = Some(number()?),
                _ if is_clock(word, second, "time") => go.time[1] = Some(number()?),
                _ if is_clock(word, first, "inc") => go.inc[0] = Some(number()?),
                _ if is_clock(word, second, "inc") => go.inc[1] = Some(number()?),
                _ => return Err(format!("unknown `go` word `{word}`")),
            }
            i += 1;
        }
        Ok(go)
    }

    /// The search's budget: playouts in all, and milliseconds, for the
    /// side to move (`first`: the first mover). `None` and `None`: until
    /// `stop`.
    pub fn budget(&self, first: bool) -> (Option<u64>, Option<u64>) {
        let clock = usize::from(!first);
        // A byoyomi alone: no main time left.
        let left = self.time[clock].or(self.byoyomi.map(|_| 0));
        let from_clock = left.map(|left| {
            let inc = self.inc[clock].unwrap_or(0);
            let share = left / self.movestogo.unwrap_or(MOVES_TO_GO).max(1)
                + inc * 3 / 4
                + self.byoyomi.unwrap_or(0) * 9 / 10;
            // Never more than half what is left, with the byoyomi to come.
            share
                .min(left / 2 + self.byoyomi.unwrap_or(0) * 9 / 10)
                .max(10)
        });
        let millis = match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let playouts = match (self.nodes, self.depth) {
            (Some(n), Some(d)) => Some(n.min(d.saturating_mul(PLAYOUTS_PER_DEPTH))),
            (Some(n), None) => Some(n),
            (None, Some(d)) => Some(d.saturating_mul(PLAYOUTS_PER_DEPTH)),
            (None, None) => None,
        };
        if self.infinite {
            return (None, None);
        }
        match (playouts, millis) {
            (None, None) => (Some(DEFAULT_PLAYOUTS), None),
            given => given,
        }
    }
}

fn is_clock(word: &str, side: char, what: &str) -> bool {
    word.strip_prefix(side) == Some(what)
}

fn is_go_word(word: &str) -> bool {
    matches!(
        word,
        "depth"
            | "mate"
            | "nodes"
            | "movetime"
            | "movestogo"
            | "byoyomi"
            | "perft"
            | "infinite"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
    )
}

/// A search under way: its stop flag, and the thread that answers (with
/// `bestmove` in UCI and USI; with the move found, in CECP) when it ends.
pub struct Running<T = ()> {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<T>,
    /// The search ends by itself (a budget of playouts or time).
    bounded: bool,
}

impl<T> Running<T> {
    /// Stops the search and waits for its answer.
    pub fn stop(self) -> Option<T> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().ok()
    }

    /// Waits for a bounded search to end by itself; stops any other.
    pub fn finish(self) -> Option<T> {
        if self.bounded {
            self.thread.join().ok()
        } else {
            self.stop()
        }
    }

    pub fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }
}

/// What a search needs: the game, the position, how moves are written.
pub struct Search {
    pub rules: Arc<Rules>,
    pub st: State,
    pub writer: Writer,
    pub threads: usize,
    pub seed: u64,
}

/// What a search found: the move (`None`: the side to move has none) in
/// the protocol's form, and how the search went.
pub struct Found {
    pub mv: Option<Move>,
    pub text: String,
    pub playouts: u64,
    pub millis: u64,
    pub centipawns: Option<i64>,
}

impl Search {
    /// Starts the search on its own thread, which says `info` and
    /// `bestmove` when the budget is spent or `stop` comes.
    pub fn start(self, go: &Go) -> Running {
        self.spawn(go, |search, found| search.announce(&found))
    }

    /// Starts the search on its own thread, which gives what it found to
    /// `then` when the budget is spent or `stop` comes.
    pub fn spawn<T: Send + 'static>(
        self,
        go: &Go,
        then: impl FnOnce(&Search, Found) -> T + Send + 'static,
    ) -> Running<T> {
        let first = self.rules.to_move(&self.st) == self.rules.to_move(&self.rules.initial());
        let (playouts, millis) = go.budget(first);
        let threads = self.threads.max(1);
        let agent = Agent::Mcts {
            iterations: playouts.map_or(u32::MAX, |n| {
                n.div_ceil(threads as u64).clamp(1, u64::from(u32::MAX)) as u32
            }),
            threads,
            max_plies: 400,
            millis,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let found = self.run(&agent, &flag);
            then(&self, found)
        });
        Running {
            stop,
            thread,
            bounded: playouts.is_some() || millis.is_some(),
        }
    }

    fn run(&self, agent: &Agent, stop: &AtomicBool) -> Found {
        let (rules, st) = (&*self.rules, &self.st);
        let start = Instant::now();
        let searched = agent.search(rules, st, self.seed, Some(stop));
        let millis = start.elapsed().as_millis().max(1) as u64;
        let Some(searched) = searched else {
            return Found {
                mv: None,
                text: String::new(),
                playouts: 0,
                millis,
                centipawns: None,
            };
        };
        let text = match self.writer.text(rules, st, searched.mv) {
            Some(text) => text,
            None => {
                let own = notation::move_to_string(rules, st, searched.mv);
                say(&format!(
                    "{} error: the move {own} has no {} form; it is written in the game's own notation",
                    self.writer.dialect.remark(),
                    protocol(self.writer.dialect)
                ));
                own
            }
        };
        Found {
            mv: Some(searched.mv),
            text,
            playouts: searched.playouts,
            millis,
            centipawns: searched.score.map(centipawns),
        }
    }

    /// `info ...` and `bestmove MOVE`, as UCI and USI say them.
    fn announce(&self, found: &Found) {
        if found.mv.is_none() {
            let none = match self.writer.dialect {
                Dialect::Usi => "bestmove resign",
                _ => "bestmove (none)",
            };
            return say(none);
        }
        let ms = found.millis;
        let mut info = format!(
            "info depth 1 nodes {} time {ms} nps {}",
            found.playouts,
            found.playouts * 1000 / ms
        );
        if let Some(cp) = found.centipawns {
            info.push_str(&format!(" score cp {cp}"));
        }
        info.push_str(&format!(" pv {}", found.text));
        say(&info);
        say(&format!("bestmove {}", found.text));
    }
}

/// The protocol's name, for messages.
pub fn protocol(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Uci => "UCI",
        Dialect::Usi => "USI",
        Dialect::Cecp => "CECP",
    }
}

/// A mean playout score (1 a win) as centipawns, the logistic scale
/// engines report: 0.5 is 0, 0.75 about 190.
pub fn centipawns(score: f64) -> i64 {
    let p = score.clamp(0.001, 0.999);
    (400.0 * (p / (1.0 - p)).log10()).round() as i64
}

/// `go perft N`: each first move's count as `MOVE: N` in Fairy-Stockfish's
/// form, then `Nodes searched: TOTAL`.
pub fn perft_divide(rules: &Rules, st: &State, writer: &Writer, depth: u32) {
    let rows = perft::divide(rules, st, depth.max(1));
    let mut lines: Vec<(String, u64)> = rows
        .iter()
        .map(|&(mv, n)| {
            let text = (writer.text(rules, st, mv))
                .unwrap_or_else(|| notation::move_to_string(rules, st, mv));
            (text, n)
        })
        .collect();
    lines.sort();
    let total: u64 = if depth == 0 {
        1
    } else {
        lines.iter().map(|(_, n)| n).sum()
    };
    for (text, n) in &lines {
        if depth > 0 {
            say(&format!("{text}: {n}"));
        }
    }
    say("");
    say(&format!("Nodes searched: {total}"));
    say("");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_words_and_budgets() {
        let go = Go::parse(
            &["wtime", "60000", "btime", "30000", "winc", "1000"],
            Dialect::Uci,
        )
        .unwrap();
        // White: 60 s over 30 moves and three quarters of the increment.
        assert_eq!(go.budget(true), (None, Some(2_000 + 750)));
        assert_eq!(go.budget(false), (None, Some(1_000)));
        // USI: btime is the first mover's.
        let go = Go::parse(
            &["btime", "0", "wtime", "0", "byoyomi", "5000"],
            Dialect::Usi,
        )
        .unwrap();
        assert_eq!(go.budget(true), (None, Some(4_500)));
        let go = Go::parse(&["depth", "3"], Dialect::Uci).unwrap();
        assert_eq!(go.budget(true), (Some(3 * PLAYOUTS_PER_DEPTH), None));
        let go = Go::parse(&["infinite"], Dialect::Uci).unwrap();
        assert_eq!(go.budget(true), (None, None));
        assert_eq!(
            Go::parse(&[], Dialect::Uci).unwrap().budget(true).0,
            Some(DEFAULT_PLAYOUTS)
        );
        let go = Go::parse(&["byoyomi", "1000"], Dialect::Usi).unwrap();
        assert_eq!(go.budget(false), (None, Some(900)));
        assert!(Go::parse(&["depth"], Dialect::Uci).is_err());
        assert!(Go::parse(&["sideways", "3"], Dialect::Uci).is_err());
        let go = Go::parse(&["searchmoves", "e2e4", "d2d4", "nodes", "7"], Dialect::Uci).unwrap();
        assert_eq!(go.nodes, Some(7));
    }

    #[test]
    fn centipawns_are_logistic() {
        assert_eq!(centipawns(0.5), 0);
        assert!(centipawns(0.9) > 300 && centipawns(0.1) < -300);
    }
}
