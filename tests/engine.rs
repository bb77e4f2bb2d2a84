//! `tavoliere engine`, driven as a GUI drives it: commands on standard
//! input, answers read from standard output, every wait bounded.
//!
//! The counts are the well-known ones: chess perft 20 / 400 / 8,902 from
//! the start and 48 / 2,039 from "Kiwipete", whose first-move divide has
//! `e2e4: 600` at depth 3; shogi 30 / 900. Other expectations are counted
//! by hand where they are asserted.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// The longest wait for one answer: a hang fails the test, not the run.
const PATIENCE: Duration = Duration::from_secs(60);

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start(game: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavoliere"))
            .args(["engine", game, "--threads", "1"])
            .current_dir(common::root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, command: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{command}").expect("the engine reads");
        stdin.flush().expect("the engine reads");
    }

    /// The lines up to and including the first that `last` accepts.
    fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let done = last(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no answer ({e}) after:\n{}", seen.join("\n")),
            }
        }
    }

    /// `go perft N`: the divide lines and the total.
    fn perft(&mut self, depth: u32) -> (Vec<String>, u64) {
        self.send(&format!("go perft {depth}"));
        let lines = self.until(|l| l.starts_with("Nodes searched: "));
        // Fairy-Stockfish's blank line after the total.
        assert_eq!(self.until(|_| true), [""]);
        let total = lines.last().unwrap()["Nodes searched: ".len()..]
            .parse()
            .unwrap();
        let divide = (lines.into_iter())
            .filter(|l| l.contains(": ") && !l.starts_with("Nodes searched"))
            .collect();
        (divide, total)
    }

    /// `go ...`: the move of its `bestmove` line.
    fn best(&mut self, go: &str) -> String {
        self.send(go);
        let lines = self.until(|l| l.starts_with("bestmove "));
        lines.last().unwrap()["bestmove ".len()..].to_string()
    }

    fn close(mut self) {
        self.stdin.take();
        let status = self.child.wait().expect("the engine ends");
        assert!(status.success());
    }
}

#[test]
fn uci_handshake_lists_the_games_of_the_folder() {
    let mut e = Engine::start("games/chess.toml");
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name tavoliere"), "{lines:?}");
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess "))
        .expect("the UCI_Variant option");
    for game in ["chess", "crazyhouse", "shogi", "xiangqi"] {
        assert!(variant.contains(&format!(" var {game}")), "{variant}");
    }
    e.send("isready");
    assert_eq!(e.until(|_| true), ["readyok"]);
    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn go_perft_counts_chess_as_fairy_stockfish_prints_it() {
    let mut e = Engine::start("games/chess.toml");
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("ucinewgame");
    e.send("position startpos");
    assert_eq!(e.perft(1).1, 20);
    assert_eq!(e.perft(2).1, 400);
    let (divide, total) = e.perft(3);
    assert_eq!(total, 8_902);
    assert_eq!(divide.len(), 20);
    assert!(divide.contains(&"e2e4: 600".to_string()), "{divide:?}");
    assert!(divide.contains(&"g1f3: 440".to_string()), "{divide:?}");
    // Kiwipete: castling both ways is written as the king's move.
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let (divide, total) = e.perft(1);
    assert_eq!(total, 48);
    for castle in ["e1g1: 1", "e1c1: 1"] {
        assert!(divide.contains(&castle.to_string()), "{divide:?}");
    }
    assert_eq!(e.perft(2).1, 2_039);
    // A pawn on a7 promotes four ways (lower-case letters), beside the
    // king's five steps from e1: nine moves.
    e.send("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let (divide, total) = e.perft(1);
    assert_eq!(total, 9);
    for promotion in ["a7a8q: 1", "a7a8r: 1", "a7a8b: 1", "a7a8n: 1"] {
        assert!(divide.contains(&promotion.to_string()), "{divide:?}");
    }
    // Moves played from a FEN: after a7a8q the black king on e8 is in
    // check along the rank; d7, e7 and f7 are its only squares (d8 and f8
    // are on the queen's rank).
    e.send("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q");
    assert_eq!(e.perft(1).1, 3);
    e.close();
}

#[test]
fn go_with_depth_or_nodes_answers_a_legal_move() {
    // Black's twenty first replies, by hand: each pawn one or two
    // squares, each knight to its two squares.
    let mut replies: Vec<String> = Vec::new();
    for file in 'a'..='h' {
        replies.push(format!("{file}7{file}6"));
        replies.push(format!("{file}7{file}5"));
    }
    replies.extend(["b8a6", "b8c6", "g8f6", "g8h6"].map(String::from));
    let mut e = Engine::start("games/chess.toml");
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("position startpos moves e2e4");
    for go in [
        "go depth 1",
        "go nodes 300",
        "go movetime 200",
        "go wtime 1000 btime 1000",
    ] {
        let best = e.best(go);
        assert!(replies.contains(&best), "{go}: {best}");
    }
    // Fool's mate: white is mated, no move to answer.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(e.best("go nodes 100"), "(none)");
    e.close();
}

#[test]
fn a_bad_move_or_fen_is_an_info_string_not_a_crash() {
    let mut e = Engine::start("games/chess.toml");
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("position startpos moves e2e4 e2e4 d7d5");
    let error = e.until(|l| l.starts_with("info string"));
    assert!(
        error[0].starts_with("info string error: move 2 `e2e4`"),
        "{error:?}"
    );
    e.send("isready");
    assert_eq!(e.until(|_| true), ["readyok"]);
    // The position stopped before the bad move: black to move, twenty.
    assert_eq!(e.perft(1).1, 20);
    e.send("position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let error = e.until(|l| l.starts_with("info string"));
    assert!(
        error[0].starts_with("info string error: bad FEN"),
        "{error:?}"
    );
    e.send("go sideways 3");
    let lines = e.until(|l| l.starts_with("bestmove "));
    assert!(
        lines[0].contains("unknown `go` word `sideways`"),
        "{lines:?}"
    );
    e.send("setoption name UCI_Variant value no-such-game");
    let error = e.until(|l| l.starts_with("info string"));
    assert!(error[0].contains("no game `no-such-game`"), "{error:?}");
    e.close();
}

#[test]
fn stop_and_the_end_of_input_answer_an_infinite_search() {
    let mut e = Engine::start("games/chess.toml");
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.until(|l| l.starts_with("bestmove "));
    // `stop` before the search has run: still a move.
    assert!(e.best("go infinite\nstop").len() >= 4);
    // The end of the input stops an infinite search, answers it, exits.
    e.send("go infinite");
    e.stdin.take();
    e.until(|l| l.starts_with("bestmove "));
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn uci_variant_switches_to_another_game_of_the_folder() {
    let mut e = Engine::start("games/chess.toml");
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("setoption name UCI_Variant value crazyhouse");
    // 1. e4 d5 2. exd5 Qxd5: white holds a pawn. It drops on any empty
    // square but those of the first and last ranks: e2 and e4 (both
    // emptied), not d8 (emptied, but the last rank).
    e.send("position startpos moves e2e4 d7d5 e4d5 d8d5");
    let (divide, _) = e.perft(1);
    assert!(divide.contains(&"P@e4: 1".to_string()), "{divide:?}");
    assert!(divide.contains(&"P@e2: 1".to_string()), "{divide:?}");
    assert!(!divide.iter().any(|l| l.starts_with("P@d8")), "{divide:?}");
    // A drop is read back: black replies from the position after it.
    e.send("position startpos moves e2e4 d7d5 e4d5 d8d5 P@e4");
    let best = e.best("go nodes 200");
    assert!(best.len() >= 4, "{best}");
    // A promotion is its kind's letter alone, though crazyhouse draws a
    // promoted rook `R~`: g7 takes h8 or goes to g8, four ways each.
    e.send("position fen 4k2r/6P1/8/8/8/8/8/4K3[] w - - 0 1");
    let (divide, _) = e.perft(1);
    for kind in ["q", "r", "b", "n"] {
        assert!(divide.contains(&format!("g7h8{kind}: 1")), "{divide:?}");
        assert!(divide.contains(&format!("g7g8{kind}: 1")), "{divide:?}");
    }
    e.close();
}

#[test]
fn usi_for_a_game_whose_fen_is_sfen() {
    let mut e = Engine::start("games/shogi.toml");
    e.send("usi");
    let lines = e.until(|l| l == "usiok");
    assert!(lines[0].starts_with("id name tavoliere"), "{lines:?}");
    e.send("usinewgame");
    e.send("position startpos");
    let (divide, total) = e.perft(2);
    assert_eq!(total, 900);
    // Files from the right, ranks from the top: sente's pawn 7g to 7f.
    assert!(divide.contains(&"7g7f: 30".to_string()), "{divide:?}");
    e.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 8h2b+");
    // Sente's bishop took on 2b and promoted (`+`); gote's silver on 3a
    // may take it back.
    let (divide, _) = e.perft(1);
    assert!(divide.contains(&"3a2b: 1".to_string()), "{divide:?}");
    let best = e.best("go byoyomi 100");
    let usi = best.len() >= 4
        && best.as_bytes()[0].is_ascii_digit()
        && (b'a'..=b'i').contains(&best.as_bytes()[1]);
    assert!(usi, "{best}");
    e.close();
}

/// XBoard's protocol: the handshake's features, then `new` with `xboard`
/// sent first.
fn cecp(game: &str) -> Engine {
    let mut e = Engine::start(game);
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until(|l| l == "feature done=1");
    assert_eq!(lines[0], "feature done=0", "{lines:?}");
    let features = &lines[1];
    for word in ["ping=1", "setboard=1", "usermove=1", "playother=1"] {
        assert!(features.contains(word), "{features}");
    }
    assert!(
        features.contains("variants=\"normal,") && features.contains(",xiangqi"),
        "{features}"
    );
    e.send("new");
    e
}

#[test]
fn cecp_plays_the_second_side_after_new_and_answers_pings_after_its_move() {
    let mut e = cecp("games/chess.toml");
    e.send("sd 1");
    e.send("usermove e2e4");
    // Sent at once: the ping is answered after the engine's move.
    e.send("ping 7");
    let lines = e.until(|l| l == "pong 7");
    assert_eq!(lines.len(), 2, "{lines:?}");
    let reply = lines[0].strip_prefix("move ").expect("the engine's move");
    // Black's 20 replies: a pawn one or two squares (16), a knight to two
    // squares each (4).
    let pawn = reply.len() == 4
        && reply.as_bytes()[0] == reply.as_bytes()[2]
        && &reply[1..2] == "7"
        && matches!(&reply[3..], "6" | "5");
    let knight = ["b8a6", "b8c6", "g8f6", "g8h6"].contains(&reply);
    assert!(pawn || knight, "{reply}");
    // An illegal move changes nothing and says why.
    e.send("usermove e2e4");
    let lines = e.until(|l| l.starts_with("Illegal move"));
    assert!(lines[0].ends_with(": e2e4"), "{lines:?}");
    e.send("ping 8");
    assert_eq!(e.until(|_| true), ["pong 8"]);
    e.send("frobnicate");
    assert_eq!(e.until(|_| true), ["Error (unknown command): frobnicate"]);
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn cecp_finds_a_mate_in_one_says_the_result_and_takes_moves_back() {
    let mut e = cecp("games/chess.toml");
    e.send("force");
    // Black's king boxed in by its own pawns: Ra8 is the only mate.
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let lines = e.until(|l| l.starts_with("1-0"));
    assert_eq!(lines[0], "move a1a8", "{lines:?}");
    assert!(lines[1].starts_with("1-0 {"), "{lines:?}");
    // Back one ply, then the same mate typed: the result again.
    e.send("undo");
    e.send("force");
    e.send("usermove a1a8");
    let lines = e.until(|l| l.contains(" {"));
    assert!(lines[0].starts_with("1-0 {"), "{lines:?}");
    // One ply played since the set position: two cannot be taken back.
    e.send("remove");
    let lines = e.until(|l| l.starts_with("Error"));
    assert_eq!(lines, ["Error (no move to take back): remove"]);
    e.send("setboard not a position");
    let lines = e.until(|_| true);
    assert!(
        lines[0].starts_with("tellusererror Illegal position"),
        "{lines:?}"
    );
    e.close();
}

#[test]
fn cecp_variants_are_the_games_of_the_folder_and_of_two_seats() {
    let mut e = cecp("games/chess.toml");
    e.send("variant quoridor-4p");
    let lines = e.until(|_| true);
    assert!(lines[0].contains("4 seats"), "{lines:?}");
    e.send("variant connect-four");
    e.send("force");
    // A drop in Connect Four's own notation.
    e.send("usermove d1");
    e.send("ping 1");
    assert_eq!(e.until(|_| true), ["pong 1"]);
    e.send("variant no-such-game");
    let lines = e.until(|_| true);
    assert!(
        lines[0].starts_with("Error (no game `no-such-game`"),
        "{lines:?}"
    );
    // `new` is the game the engine started with: chess's first move.
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("ping 2");
    assert_eq!(e.until(|_| true), ["pong 2"]);
    e.close();
}
