//! XBoard's Chess Engine Communication Protocol (CECP, version 2), for the
//! GUIs and tools that speak it (XBoard, WinBoard, cutechess,
//! python-chess). The engine enters it when the first word it reads is
//! `xboard`; moves are written as in UCI (`e2e4`, `e7e8q`, `P@e4`).
//!
//! Unlike UCI the engine keeps the game: it plays the moves it is sent
//! (`usermove`), answers with its own (`move`) when the side it plays is to
//! move, and says the result when a move ends the game. `force` makes it
//! play neither side; `go` makes it play the side to move, `playother` the
//! other one. `variant NAME` plays another game file of the folder
//! (`normal`: the game the engine was started with). Time controls
//! (`level`, `st`, `sd`, `time`, `otim`) become the search's budget as
//! UCI's clocks do. The protocol knows two players: a game with more
//! seats is refused.

use super::go::{Found, Go, Running, Search};
use super::texts::Dialect;
use super::{read_fen, say, Engine};
use std::collections::VecDeque;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;
use tavoliere::diag::escape;
use tavoliere::rules::{Outcome, SideId, State};

/// How often a running search is looked at between input lines.
const POLL: Duration = Duration::from_millis(5);

/// Plays the protocol on the lines of `input` until `quit` or its end.
/// While the engine thinks, a line that does not stop the search (`?`,
/// `force`, `new`, `result`, `quit`) waits until its move is played, as a
/// `ping` must: a script can send a whole game at once.
pub(super) fn run(mut engine: Engine, input: Receiver<String>) -> ExitCode {
    engine.halt();
    engine.writer.dialect = Dialect::Cecp;
    let mut x = Xboard::new(engine);
    let mut waiting: VecDeque<String> = VecDeque::new();
    let mut open = true;
    while open || x.thinking.is_some() || !waiting.is_empty() {
        if x.thinking.is_none() {
            if let Some(line) = waiting.pop_front() {
                if !x.command(&line) {
                    break;
                }
                continue;
            }
        }
        let line = match input.recv_timeout(POLL) {
            _ if !open => None,
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                open = false;
                None
            }
        };
        if let Some(line) = line {
            // In order: behind a waiting line, even a stop waits.
            if x.thinking.is_some() && (!waiting.is_empty() || !stops_a_search(&line)) {
                waiting.push_back(line);
            } else if !x.command(&line) {
                break;
            }
        }
        // A search ends by itself, or (the input over) spends its budget.
        let ended = x.thinking.as_ref().is_some_and(Running::is_finished);
        if ended || (!open && x.thinking.is_some()) {
            x.play_found(false);
        }
    }
    x.discard();
    ExitCode::SUCCESS
}

/// The commands heard during a search: the others wait for its move.
fn stops_a_search(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    matches!(
        word,
        "?" | "force" | "new" | "result" | "quit" | "post" | "nopost"
    )
}

struct Xboard {
    engine: Engine,
    /// The game `normal` names: the one the engine was started with.
    normal: String,
    /// The positions before each move played, for `undo` and `remove`.
    history: Vec<State>,
    /// The side the engine plays; `None` in force mode.
    plays: Option<SideId>,
    /// The limits a search gets from the time controls.
    clock: Clock,
    /// Thinking output (`post`).
    post: bool,
    thinking: Option<Running<Found>>,
}

/// The time controls, as the GUI last set them.
#[derive(Default)]
struct Clock {
    /// `level MPS BASE INC`: moves per session (0: all), increment in ms.
    moves_per_session: u64,
    increment: u64,
    /// `st SECONDS`: a fixed time per move, in ms.
    per_move: Option<u64>,
    /// `sd DEPTH`.
    depth: Option<u64>,
    /// `time` and `otim`, in ms: the engine's clock and its opponent's.
    own: Option<u64>,
    other: Option<u64>,
}

impl Xboard {
    fn new(engine: Engine) -> Xboard {
        let normal = engine.variant.clone();
        let mut x = Xboard {
            engine,
            normal,
            history: Vec::new(),
            plays: None,
            clock: Clock::default(),
            post: false,
            thinking: None,
        };
        x.new_game();
        x
    }

    /// Handles one line; `false` to quit.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics"
            | "hard" | "easy" | "draw" | "hint" | "bk" | "." | "nps" | "memory" | "egtpath"
            | "otherboard" => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.variant(rest),
            "force" => {
                self.discard();
                self.plays = None;
            }
            "go" => {
                self.discard();
                self.plays = Some(self.to_move());
                self.think_if_own_turn();
            }
            "playother" => {
                self.discard();
                self.plays = Some(self.other(self.to_move()));
            }
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "?" => self.play_found(true),
            "ping" => say(&format!("pong {rest}")),
            "result" => {
                self.discard();
                self.plays = None;
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "cores" => match rest.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.engine.threads = n,
                _ => error("a number of cores from 1 to 256", line),
            },
            "level" | "st" | "sd" | "time" | "otim" => {
                if let Err(why) = self.clock.set(word, rest) {
                    error(&why, line);
                }
            }
            "quit" => return false,
            // A move sent without `usermove` (by a GUI that ignored the
            // feature), else an unknown command.
            _ => match self.read_move(line) {
                Ok(_) => self.user_move(line),
                Err(_) => error("unknown command", line),
            },
        }
        true
    }

    /// `protover`'s answer: what this engine does, and the games it plays.
    fn features(&self) {
        let mut variants = vec!["normal".to_string()];
        variants.extend(self.engine.variants.iter().cloned());
        say("feature done=0");
        say(&format!(
            "feature myname=\"tavoliere {}\" ping=1 setboard=1 usermove=1 playother=1 \
             san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 smp=1 \
             debug=1 variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants.join(",")
        ));
        say("feature done=1");
    }

    /// `new`: the game `normal` names from its start; the engine plays
    /// the side that moves second; depth and time per move unset.
    fn new_game(&mut self) {
        self.discard();
        if self.engine.variant != self.normal {
            let normal = self.normal.clone();
            if let Err(why) = self.engine.load_variant(&normal) {
                say(&format!("tellusererror {why}"));
            }
        }
        self.restart();
        self.clock.per_move = None;
        self.clock.depth = None;
        self.refuse_many_seats();
    }

    /// The start of the game, the engine playing the second mover.
    fn restart(&mut self) {
        self.engine.st = self.engine.rules.initial();
        self.history.clear();
        self.plays = Some(self.other(self.to_move()));
    }

    fn variant(&mut self, name: &str) {
        self.discard();
        let name = if name == "normal" {
            self.normal.clone()
        } else {
            name.to_string()
        };
        match self.engine.load_variant(&name) {
            Ok(()) => {
                self.restart();
                self.refuse_many_seats();
            }
            Err(why) => error(&why, &format!("variant {name}")),
        }
    }

    /// The protocol has two players: says so for a game with more seats.
    fn refuse_many_seats(&self) {
        let seats = self.engine.rules.seats.len();
        if seats != 2 {
            say(&format!(
                "tellusererror {} has {seats} seats; this protocol plays games of two",
                self.engine.variant
            ));
        }
    }

    fn to_move(&self) -> SideId {
        self.engine.rules.to_move(&self.engine.st)
    }

    /// The side that is not `side` in a game of two (itself in another).
    fn other(&self, side: SideId) -> SideId {
        let sides = self.engine.rules.sides.len() as SideId;
        if sides == 0 {
            return side;
        }
        (side + 1) % sides
    }

    fn read_move(&self, text: &str) -> Result<tavoliere::rules::Move, String> {
        let (rules, st, writer) = (&self.engine.rules, &self.engine.st, &self.engine.writer);
        let table = writer.table(rules, st);
        writer.read(rules, st, &table, text)
    }

    /// `usermove MOVE`: played if legal, then the engine's answer if it is
    /// its turn; an illegal move changes nothing.
    fn user_move(&mut self, text: &str) {
        self.discard();
        match self.read_move(text) {
            Ok(mv) => {
                self.play(mv);
                if !self.announce_end() {
                    self.think_if_own_turn();
                }
            }
            Err(why) => say(&format!(
                "Illegal move ({}): {}",
                one_line(&why),
                escape(text)
            )),
        }
    }

    fn play(&mut self, mv: tavoliere::rules::Move) {
        self.history.push(self.engine.st.clone());
        let rules = self.engine.rules.clone();
        rules.play(&mut self.engine.st, mv);
    }

    fn set_board(&mut self, fen: &str) {
        self.discard();
        match read_fen(&self.engine.rules, fen) {
            Ok(st) => {
                self.engine.st = st;
                self.history.clear();
            }
            Err(why) => say(&format!(
                "tellusererror Illegal position: {}",
                one_line(&why)
            )),
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.discard();
        if plies > self.history.len() {
            return error(
                "no move to take back",
                if plies == 1 { "undo" } else { "remove" },
            );
        }
        for _ in 0..plies {
            if let Some(st) = self.history.pop() {
                self.engine.st = st;
            }
        }
    }

    /// Starts a search when the side to move is the engine's and the game
    /// goes on.
    fn think_if_own_turn(&mut self) {
        if self.plays != Some(self.to_move()) || self.thinking.is_some() {
            return;
        }
        if self.engine.rules.outcome(&self.engine.st) != Outcome::Ongoing {
            return;
        }
        self.engine.searches += 1;
        let search = Search {
            rules: self.engine.rules.clone(),
            st: self.engine.st.clone(),
            writer: self.engine.writer,
            threads: self.engine.threads,
            seed: self.engine.searches,
        };
        let first = self.to_move() == self.engine.rules.to_move(&self.engine.rules.initial());
        let go = self.clock.go(first);
        self.thinking = Some(search.spawn(&go, |_, found| found));
    }

    /// The move of the search under way played and said: at once (`?`)
    /// or when its budget is spent.
    fn play_found(&mut self, now: bool) {
        let Some(running) = self.thinking.take() else {
            return;
        };
        let found = if now {
            running.stop()
        } else {
            running.finish()
        };
        let Some(found) = found else {
            return;
        };
        if let Some(mv) = found.mv {
            if self.post {
                let cp = found.centipawns.unwrap_or(0);
                let (cs, n) = (found.millis / 10, found.playouts);
                say(&format!("1 {cp} {cs} {n} {}", found.text));
            }
            self.play(mv);
            say(&format!("move {}", found.text));
        }
        self.announce_end();
    }

    /// A search under way stopped, its move not played.
    fn discard(&mut self) {
        if let Some(running) = self.thinking.take() {
            running.stop();
        }
    }

    /// Says the result when the game is over (`1-0 {why}`: the first mover
    /// won); whether it is.
    fn announce_end(&mut self) -> bool {
        let (rules, st) = (&self.engine.rules, &self.engine.st);
        let outcome = rules.outcome(st);
        let first = rules.to_move(&rules.initial());
        let score = match outcome {
            Outcome::Ongoing => return false,
            Outcome::Draw => "1/2-1/2",
            Outcome::Win(side)
                if rules.sides[side as usize].team == rules.sides[first as usize].team =>
            {
                "1-0"
            }
            Outcome::Win(_) => "0-1",
        };
        let why = tavoliere::render::end_message(rules, st).unwrap_or_default();
        say(&format!(
            "{score} {{{}}}",
            one_line(&why).replace(['{', '}'], "")
        ));
        self.plays = None;
        true
    }
}

impl Clock {
    /// `level MPS BASE INC` (BASE in minutes or `MIN:SEC`), `st SECONDS`,
    /// `sd DEPTH`, `time CS`, `otim CS`.
    fn set(&mut self, word: &str, rest: &str) -> Result<(), String> {
        let number = |text: &str| -> Result<u64, String> {
            let n: f64 = text
                .parse()
                .map_err(|_| format!("`{text}`: not a number"))?;
            Ok(n.max(0.0) as u64)
        };
        match word {
            "level" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let [mps, base, inc] = words[..] else {
                    return Err("`level` needs MPS BASE INC".into());
                };
                self.moves_per_session = number(mps)?;
                // The base time comes back as `time` before each search.
                for part in base.split(':') {
                    number(part)?;
                }
                let inc: f64 = inc.parse().map_err(|_| format!("`{inc}`: not a number"))?;
                self.increment = (inc.max(0.0) * 1000.0) as u64;
                self.per_move = None;
            }
            "st" => self.per_move = Some(number(rest)?.saturating_mul(1000)),
            "sd" => self.depth = Some(number(rest)?),
            "time" => self.own = Some(number(rest)?.saturating_mul(10)),
            "otim" => self.other = Some(number(rest)?.saturating_mul(10)),
            _ => unreachable!("a clock word"),
        }
        Ok(())
    }

    /// The limits of a search by the engine, which moves `first` or not.
    fn go(&self, first: bool) -> Go {
        let (own, other) = (usize::from(!first), usize::from(first));
        let mut go = Go {
            depth: self.depth,
            movetime: self.per_move,
            ..Go::default()
        };
        go.time[own] = self.own;
        go.time[other] = self.other;
        if self.own.is_some() {
            go.inc = [Some(self.increment); 2];
            go.movestogo = (self.moves_per_session > 0).then_some(self.moves_per_session);
        }
        go
    }
}

/// CECP's error line: `Error (WHY): COMMAND`.
fn error(why: &str, command: &str) {
    say(&format!("Error ({}): {}", one_line(why), escape(command)));
}

fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}
