//! `play`: a game in the terminal: humans type moves at the prompt,
//! computers choose theirs; the record is kept in a file.

use super::{out, position, record, rules_or_exit, seat_sides, At};
use anyhow::{Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tavoliere::agent::Agent;
use tavoliere::notation;
use tavoliere::render;
use tavoliere::rules::{Move, Outcome, Rules, State};

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// A seat (or a side) played by the computer with uniformly random
    /// moves; repeatable. Seats are the players: `[seats]`, or one per side.
    #[arg(long = "computer", value_name = "SEAT")]
    computer: Vec<String>,
    /// Who plays a seat (or side): `NAME=human`, `NAME=random`,
    /// `NAME=mcts` or `NAME=mcts:ITERATIONS`; repeatable.
    #[arg(long = "seat", value_name = "NAME=PLAYER")]
    seats: Vec<String>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the game record here, rewritten after every move.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Resume the game of a record written by `--record` or `save`.
    #[arg(long, value_name = "RECORD")]
    load: Option<PathBuf>,
    #[command(flatten)]
    at: At,
}

pub fn run(
    Args {
        file,
        computer,
        seats,
        seed,
        record,
        load,
        at,
    }: Args,
) -> Result<ExitCode> {
    let rules = match rules_or_exit(&file)? {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let players = players(&rules, &computer, &seats)?;
    let mut at = at;
    let mut moves = Vec::new();
    if let Some(path) = &load {
        match record::load(path, &file)? {
            Ok(loaded) => {
                moves = loaded.moves;
                if at.position.is_none() && at.fen.is_none() {
                    at.fen = loaded.fen;
                }
            }
            Err(why) => {
                eprintln!("{why}");
                return Ok(ExitCode::from(1));
            }
        }
    }
    let start = match position(&rules, &at) {
        Ok(st) => st,
        Err(code) => return Ok(code),
    };
    let game = Game {
        rules: &rules,
        file: &file,
        players: &players,
        seed,
        record: record.as_deref().or(load.as_deref()),
    };
    game.play(start, &moves)
}

/// Who plays each side: humans unless a seat says otherwise.
fn players(rules: &Rules, computer: &[String], seats: &[String]) -> Result<Vec<Option<Agent>>> {
    let mut players: Vec<Option<Agent>> = vec![None; rules.sides.len()];
    let given = computer.iter().map(|name| (name.as_str(), "random")).chain(
        seats
            .iter()
            .map(|s| s.split_once('=').unwrap_or((s.as_str(), ""))),
    );
    for (name, who) in given {
        let sides = seat_sides(rules, name)?;
        let agent = match who {
            "human" => None,
            other => Some(Agent::parse(other).map_err(|e| anyhow::anyhow!("--seat {name}: {e}"))?),
        };
        for s in sides {
            players[s as usize] = agent.clone();
        }
    }
    Ok(players)
}

const PLAY_HELP: &str = "\
Type a move (e1-e2, e2, e3h, pass), or:
  moves   list the legal moves
  why M   say why the move M is not legal
  undo    take back your last move
  board   draw the board again
  record  print the moves so far
  save    write the record now (to --record, or tavoliere-record.txt)
  resign  give up the game for the side to move
  quit    stop (the record is kept)";

/// An interactive game: humans type moves, computers choose theirs.
struct Game<'a> {
    rules: &'a Rules,
    file: &'a Path,
    /// Per side: the computer that plays it, or a human.
    players: &'a [Option<Agent>],
    seed: u64,
    record: Option<&'a Path>,
}

/// What the prompt does after a line typed at it.
enum Then {
    Go,
    Quit,
    Resign,
}

impl Game<'_> {
    fn play(&self, start: State, loaded: &[(String, String)]) -> Result<ExitCode> {
        use std::io::BufRead;
        let rules = self.rules;
        let mut history: Vec<(State, String)> = Vec::new();
        let mut st = start;
        for (text, place) in loaded {
            match notation::parse_move(rules, &st, text) {
                Ok(mv) => {
                    history.push((st.clone(), notation::move_to_san(rules, &st, mv)));
                    rules.play(&mut st, mv);
                }
                Err(e) => {
                    eprintln!(
                        "{place}: the record's move `{}` is not legal: {e}",
                        tavoliere::diag::escape(text)
                    );
                    return Ok(ExitCode::from(1));
                }
            }
        }
        let mut buf = Vec::new();
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        writeln!(out(), "{}\n{PLAY_HELP}\n", rules.name)?;
        if !loaded.is_empty() {
            let plural = if loaded.len() == 1 { "" } else { "s" };
            writeln!(out(), "resumed after {} move{plural}", loaded.len())?;
        }
        write!(out(), "{}", board(rules, &st))?;
        let mut resigned = None;
        loop {
            let side = rules.to_move(&st);
            rules.legal_moves(&st, &mut buf);
            let why = render::nothing_to_play(rules, &st, &buf);
            if rules.outcome(&st) != Outcome::Ongoing {
                writeln!(
                    out(),
                    "{}",
                    why.unwrap_or_else(|| render::status(rules, &st))
                )?;
                break;
            }
            // A roll is nobody's choice: drawn for a human too.
            let roller = rules.is_chance(&st).then_some(&Agent::Random);
            if let Some(agent) = self.players[side as usize].as_ref().or(roller) {
                let seed = self.seed.wrapping_add(history.len() as u64);
                let Some(mv) = agent.choose(rules, &st, seed) else {
                    break;
                };
                let written = notation::move_to_san(rules, &st, mv);
                writeln!(out(), "{} plays {written}", rules.side_name(side))?;
                history.push((st.clone(), written));
                rules.play(&mut st, mv);
                self.save_record(&history, &st, false)?;
                write!(out(), "{}", board(rules, &st))?;
                continue;
            }
            if let Some(why) = why {
                writeln!(out(), "{why}")?;
            }
            write!(out(), "{} > ", render::status(rules, &st))?;
            out().flush()?;
            let Some(line) = lines.next() else {
                writeln!(out())?;
                break;
            };
            let line = line.context("cannot read the terminal")?;
            match self.typed(line.trim(), &mut st, &mut history, &buf)? {
                Then::Go => {}
                Then::Quit => break,
                Then::Resign => {
                    resigned = Some(side);
                    break;
                }
            }
        }
        if let Some(side) = resigned {
            writeln!(
                out(),
                "{} resigns: {}",
                rules.side_name(side),
                render::outcome(rules, rules.loss_of(side))
            )?;
        }
        writeln!(out(), "record: {}", moves_of(&history).join(" "))?;
        if let Some(path) = self.record {
            writeln!(out(), "record kept in {}", path.display())?;
        }
        Ok(ExitCode::SUCCESS)
    }

    /// Does what a human typed at the prompt: a command or a move.
    fn typed(
        &self,
        typed: &str,
        st: &mut State,
        history: &mut Vec<(State, String)>,
        legal: &[Move],
    ) -> Result<Then> {
        let rules = self.rules;
        let mut out = out();
        match typed {
            "" => {}
            "help" => writeln!(out, "{PLAY_HELP}")?,
            "quit" | "exit" => return Ok(Then::Quit),
            "board" => write!(out, "{}", board(rules, st))?,
            "moves" => writeln!(
                out,
                "{}",
                render::move_list(rules, st, legal, move_style(rules)).join(" ")
            )?,
            "record" => writeln!(out, "{}", moves_of(history).join(" "))?,
            "save" => self.save_record(history, st, true)?,
            "resign" => return Ok(Then::Resign),
            "undo" => {
                // Take back to the last position a human chose a move in.
                while let Some((prev, _)) = history.pop() {
                    *st = prev;
                    if self.players[rules.to_move(st) as usize].is_none() {
                        break;
                    }
                }
                self.save_record(history, st, false)?;
                write!(out, "{}", board(rules, st))?;
            }
            typed if typed.starts_with("why ") => {
                let text = typed["why ".len()..].trim();
                match notation::read_any_move(rules, st, text) {
                    Ok(mv) => writeln!(out, "{}", notation::explain_typed(rules, st, mv, text))?,
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            typed => match notation::parse_move(rules, st, typed) {
                Ok(mv) => {
                    history.push((st.clone(), notation::move_to_san(rules, st, mv)));
                    rules.play(st, mv);
                    self.save_record(history, st, false)?;
                    write!(out, "{}", board(rules, st))?;
                }
                Err(e) => writeln!(out, "not played: {e}")?,
            },
        }
        Ok(Then::Go)
    }

    /// Rewrites the record after a move (when there is one), or on `save`
    /// (to `tavoliere-record.txt` without `--record`).
    fn save_record(&self, history: &[(State, String)], now: &State, asked: bool) -> Result<()> {
        let default = Path::new("tavoliere-record.txt");
        let path = match (self.record, asked) {
            (Some(p), _) => p,
            (None, true) => default,
            (None, false) => return Ok(()),
        };
        let moves: Vec<String> = history.iter().map(|(_, m)| m.clone()).collect();
        let start = history.first().map_or(now, |(s, _)| s);
        let text = record::text(path, self.file, self.rules, start, &moves, now);
        super::write_replacing(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        if asked {
            writeln!(out(), "saved to {}", path.display())?;
        }
        Ok(())
    }
}

/// The board for the terminal: in colour when standard output is one.
fn board(rules: &Rules, st: &State) -> String {
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        render::board_in_colour(rules, st)
    } else {
        render::board(rules, st)
    }
}

/// How the prompt lists moves: SAN where the game writes it, else short.
fn move_style(rules: &Rules) -> render::MoveStyle {
    if rules.notation.written() {
        render::MoveStyle::San
    } else {
        render::MoveStyle::Short
    }
}

fn moves_of(history: &[(State, String)]) -> Vec<&str> {
    history.iter().map(|(_, m)| m.as_str()).collect()
}
