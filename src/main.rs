//! The `tavoliere` command line: thin glue over the library.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tavoliere::agent::Agent;
use tavoliere::diag::{self, Diagnostic, Sources};
use tavoliere::rules::{Move, Outcome, Rules, State};
use tavoliere::{analyze, compile, notation, perft, playout, render, scenario};

/// A board-game rules interpreter: every game and variant is a data file.
#[derive(Parser)]
#[command(name = "tavoliere", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "\
Examples (GAME is a game file such as one in games/):
  tavoliere validate games/*.toml
  tavoliere show GAME --moves \"e2 e8 e3h\"
  tavoliere moves GAME --moves \"e2 e8\"
  tavoliere perft GAME --depth 3
  tavoliere bench GAME --seconds 5 --max-plies 324
  tavoliere play GAME --seat black=mcts
  tavoliere scenario tests/scenarios/FILE.toml

Exit codes: 0 success; 1 a game file, position or move is invalid; 2 bad
command-line usage or an unreadable file.";

#[derive(Subcommand)]
enum Command {
    /// Check game files; print every error and warning.
    Validate {
        files: Vec<PathBuf>,
        /// `human` (default) or `json` (one JSON object per line).
        #[arg(long, default_value = "human")]
        format: String,
    },
    /// Draw the board in the terminal.
    Show {
        file: PathBuf,
        #[command(flatten)]
        at: At,
        /// Also draw the position as an SVG picture into this file.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
    },
    /// List the legal moves.
    Moves {
        file: PathBuf,
        #[command(flatten)]
        at: At,
        /// Write steps by their destination where unambiguous.
        #[arg(long)]
        short: bool,
        /// Instead of listing the moves, say why this move is not legal
        /// (or that it is); exits 1 when it is not.
        #[arg(long, value_name = "MOVE")]
        why: Option<String>,
    },
    /// Count legal move sequences to a depth.
    Perft {
        file: PathBuf,
        #[arg(long)]
        depth: u32,
        #[command(flatten)]
        at: At,
        /// One line per first move, with the count below it.
        #[arg(long)]
        divide: bool,
    },
    /// Self-play: who wins, how long games last, branching, first-move advantage.
    Analyze {
        file: PathBuf,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Who plays a seat (or side): `NAME=random`, `NAME=mcts`,
        /// `NAME=mcts:ITERATIONS`; repeatable; random by default.
        #[arg(long = "seat", value_name = "NAME=PLAYER")]
        seats: Vec<String>,
        /// Games played at once (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// A game reaching this many plies is counted as a draw.
        #[arg(long, default_value_t = 1000)]
        max_plies: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Uniform random playouts: speed, game length, outcomes.
    Bench {
        file: PathBuf,
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Play exactly this many playouts per thread instead of playing for
        /// `--seconds`: the same games on every run, to compare builds.
        #[arg(long)]
        playouts: Option<u64>,
        /// A game reaching this many plies is counted as a draw.
        #[arg(long, default_value_t = 10_000)]
        max_plies: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Playouts run on this many threads at once (`0`: every core).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print a rule-behaviour scenario step by step.
    Scenario { file: PathBuf },
    /// Play in the terminal: type moves at the prompt; `help` lists commands.
    Play {
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
    },
}

/// Where to look: the start, a position, and moves played from it.
#[derive(clap::Args)]
struct At {
    /// Moves played from the start (or from --position), separated by spaces.
    #[arg(long, default_value = "")]
    moves: String,
    /// A position in the textual form printed by `show`.
    #[arg(long)]
    position: Option<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Reads `extends` bases relative to the file that names them.
fn read_base(from: &str, path: &str) -> std::result::Result<(String, String), String> {
    let base = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
    let name = base.to_string_lossy().into_owned();
    std::fs::read_to_string(&base)
        .map(|text| (name, text))
        .map_err(|e| e.to_string())
}

/// Loads and compiles a game, printing diagnostics; `None` if it has errors.
fn load(path: &Path, json: bool) -> Result<(Option<Rules>, Vec<Diagnostic>, Sources)> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut sources = Sources::new();
    let file = sources.add(path.to_string_lossy(), text);
    let (rules, diags) = match compile::load(&mut sources, file, &mut read_base) {
        Ok((rules, warnings)) => (Some(rules), warnings),
        Err(diags) => (None, diags),
    };
    if json {
        for d in &diags {
            println!("{}", diag::to_json(&sources, d));
        }
    } else if !diags.is_empty() {
        eprint!("{}", diag::render(&sources, &diags));
    }
    Ok((rules, diags, sources))
}

fn rules_or_exit(path: &Path) -> Result<std::result::Result<Rules, ExitCode>> {
    let (rules, _, _) = load(path, false)?;
    Ok(rules.ok_or(ExitCode::from(1)))
}

/// The rules of a game file and the position reached from `at`, or the exit
/// code after the errors were printed.
fn rules_at(path: &Path, at: &At) -> Result<std::result::Result<(Rules, State), ExitCode>> {
    let rules = match rules_or_exit(path)? {
        Ok(r) => r,
        Err(code) => return Ok(Err(code)),
    };
    Ok(position(&rules, at).map(|st| (rules, st)))
}

/// The position reached from `at`, or an error already printed.
fn position(rules: &Rules, at: &At) -> std::result::Result<State, ExitCode> {
    let mut st = match &at.position {
        Some(text) => {
            let mut sources = Sources::new();
            let file = sources.add("--position", text.clone());
            match notation::parse_position(rules, text, file) {
                Ok(st) => st,
                Err(diags) => {
                    eprint!("{}", diag::render(&sources, &diags));
                    return Err(ExitCode::from(1));
                }
            }
        }
        None => rules.initial(),
    };
    for (i, word) in at.moves.split_whitespace().enumerate() {
        match notation::parse_move(rules, &st, word) {
            Ok(mv) => rules.play(&mut st, mv),
            Err(e) => {
                eprintln!("error: move {} `{word}`: {e}", i + 1);
                return Err(ExitCode::from(1));
            }
        }
    }
    Ok(st)
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Validate { files, format } => {
            let json = match format.as_str() {
                "human" => false,
                "json" => true,
                other => bail!("unknown format `{other}`: expected `human` or `json`"),
            };
            if files.is_empty() {
                bail!("give at least one game file");
            }
            let mut failed = false;
            for f in &files {
                let (rules, diags, _) = load(f, json)?;
                failed |= rules.is_none();
                if !json {
                    let warnings = diags.iter().filter(|d| !d.is_error()).count();
                    match (&rules, warnings) {
                        (Some(_), 0) => println!("{}: ok", f.display()),
                        (Some(_), n) => println!("{}: ok, {n} warning(s)", f.display()),
                        (None, _) => println!(
                            "{}: {} error(s)",
                            f.display(),
                            diags.iter().filter(|d| d.is_error()).count()
                        ),
                    }
                }
            }
            Ok(ExitCode::from(u8::from(failed)))
        }
        Command::Show { file, at, svg } => {
            let (rules, st) = match rules_at(&file, &at)? {
                Ok(loaded) => loaded,
                Err(code) => return Ok(code),
            };
            if let Some(out) = svg {
                std::fs::write(&out, tavoliere::svg::position(&rules, &st))
                    .with_context(|| format!("cannot write {}", out.display()))?;
            }
            print!("{}", render::board(&rules, &st));
            println!("{}", render::status(&rules, &st));
            println!("position: {}", notation::position_to_string(&rules, &st));
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            file,
            at,
            short,
            why,
        } => {
            let (rules, st) = match rules_at(&file, &at)? {
                Ok(loaded) => loaded,
                Err(code) => return Ok(code),
            };
            if let Some(text) = why {
                return Ok(match notation::read_any_move(&rules, &st, &text) {
                    Ok(mv) if rules.why_not(&st, mv).is_none() => {
                        println!("{}", notation::explain(&rules, &st, mv));
                        ExitCode::SUCCESS
                    }
                    Ok(mv) => {
                        println!(
                            "`{text}` is not legal: {}",
                            notation::explain(&rules, &st, mv)
                        );
                        ExitCode::from(1)
                    }
                    Err(e) => {
                        println!("`{text}` is not legal: {e}");
                        ExitCode::from(1)
                    }
                });
            }
            let mut moves = Vec::new();
            rules.legal_moves(&st, &mut moves);
            for line in render::move_list(&rules, &st, &moves, short) {
                println!("{line}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Perft {
            file,
            depth,
            at,
            divide,
        } => {
            let (rules, st) = match rules_at(&file, &at)? {
                Ok(loaded) => loaded,
                Err(code) => return Ok(code),
            };
            if divide {
                let mut rows: Vec<(String, u64)> = perft::divide(&rules, &st, depth)
                    .into_iter()
                    .map(|(mv, n): (Move, u64)| (notation::move_to_string(&rules, &st, mv), n))
                    .collect();
                rows.sort();
                for (mv, n) in rows {
                    println!("{mv} {n}");
                }
            } else {
                for d in 1..=depth {
                    let start = std::time::Instant::now();
                    let n = perft::perft(&rules, &st, d);
                    let secs = start.elapsed().as_secs_f64();
                    println!("{d} {n}");
                    eprintln!("  ({secs:.2}s, {:.0} nodes/s)", n as f64 / secs.max(1e-9));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            file,
            seconds,
            playouts,
            max_plies,
            seed,
            threads,
            json,
        } => {
            let rules = match rules_or_exit(&file)? {
                Ok(r) => r,
                Err(code) => return Ok(code),
            };
            let threads = match threads {
                0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                n => n,
            };
            let budget = match playouts {
                Some(n) => playout::Budget::Playouts(n.max(1)),
                None => playout::Budget::Seconds(seconds),
            };
            let report = playout::bench(&rules, budget, max_plies, seed, threads);
            if json {
                println!("{}", report.to_json(&rules));
            } else {
                print!("{}", report.to_text(&rules));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Play {
            file,
            computer,
            seats,
            seed,
            record,
            load,
            at,
        } => {
            let rules = match rules_or_exit(&file)? {
                Ok(r) => r,
                Err(code) => return Ok(code),
            };
            // Who plays each side: humans unless a seat says otherwise.
            let mut players: Vec<Option<Agent>> = vec![None; rules.sides.len()];
            let given = computer.iter().map(|name| (name.as_str(), "random")).chain(
                seats
                    .iter()
                    .map(|s| s.split_once('=').unwrap_or((s.as_str(), ""))),
            );
            for (name, who) in given {
                let sides = seat_sides(&rules, name)?;
                let agent = match who {
                    "human" => None,
                    other => Some(
                        Agent::parse(other).map_err(|e| anyhow::anyhow!("--seat {name}: {e}"))?,
                    ),
                };
                for s in sides {
                    players[s as usize] = agent.clone();
                }
            }
            let start = match position(&rules, &at) {
                Ok(st) => st,
                Err(code) => return Ok(code),
            };
            let mut moves = Vec::new();
            if let Some(path) = &load {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the record {}", path.display()))?;
                match read_record(&text, &file) {
                    Ok(list) => moves = list,
                    Err(why) => {
                        eprintln!("{}: {why}", path.display());
                        return Ok(ExitCode::from(1));
                    }
                }
            }
            let game = Game {
                rules: &rules,
                file: &file,
                players: &players,
                seed,
                record: record.as_deref().or(load.as_deref()),
            };
            game.play(start, &moves)
        }
        Command::Analyze {
            file,
            games,
            seats,
            threads,
            max_plies,
            seed,
            json,
        } => {
            let rules = match rules_or_exit(&file)? {
                Ok(r) => r,
                Err(code) => return Ok(code),
            };
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let mut players = vec![Agent::Random; rules.sides.len()];
            let mut names = vec!["random".to_string(); rules.sides.len()];
            for spec in &seats {
                let (name, who) = spec.split_once('=').unwrap_or((spec.as_str(), ""));
                let mut agent =
                    Agent::parse(who).map_err(|e| anyhow::anyhow!("--seat {name}: {e}"))?;
                // The games run in parallel: each search keeps to one thread.
                if let Agent::Mcts { threads, .. } = &mut agent {
                    *threads = 1;
                }
                for s in seat_sides(&rules, name)? {
                    players[s as usize] = agent.clone();
                    names[s as usize] = who.to_string();
                }
            }
            // A progress bar on a terminal; nothing in logs and pipes.
            let on_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
            let progress = |done: usize| {
                if !on_terminal {
                    return;
                }
                let width = 30;
                let filled = done * width / games.max(1);
                eprint!(
                    "\r[{}{}] {done}/{games} games",
                    "#".repeat(filled),
                    " ".repeat(width - filled)
                );
                if done == games {
                    eprintln!();
                }
            };
            let result = analyze::run(&rules, &players, games, threads, max_plies, seed, &progress);
            if json {
                println!("{}", result.to_json(&rules, &names));
            } else {
                print!("{}", result.to_text(&rules, &names));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Scenario { file } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let mut sources = Sources::new();
            let id = sources.add(file.to_string_lossy(), text);
            match scenario::run(&mut sources, id, &mut read_base) {
                Ok(out) => {
                    print!("{out}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(diags) => {
                    eprint!("{}", diag::render(&sources, &diags));
                    Ok(ExitCode::from(1))
                }
            }
        }
    }
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

/// The sides of a seat, or a side by its own name.
fn seat_sides(rules: &Rules, name: &str) -> Result<Vec<u8>> {
    match analyze::sides_named(rules, name) {
        Some(sides) => Ok(sides),
        None => {
            let mut known: Vec<&str> = rules.seats.iter().map(|s| s.name.as_str()).collect();
            for s in &rules.sides {
                if !known.contains(&s.name.as_str()) {
                    known.push(&s.name);
                }
            }
            bail!(
                "unknown seat or side `{name}`: they are {}",
                known.join(", ")
            )
        }
    }
}

/// A game record: `# tavoliere game record`, `game PATH`, then one move
/// per line.
fn record_text(file: &Path, moves: &[String]) -> String {
    let mut text = format!("# tavoliere game record\ngame {}\n", file.display());
    for m in moves {
        text.push_str(m);
        text.push('\n');
    }
    text
}

/// The moves of a record, checking it is a record of `file`.
fn read_record(text: &str, file: &Path) -> Result<Vec<String>, String> {
    let mut moves = Vec::new();
    let mut game = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.strip_prefix("game ") {
            Some(g) if game.is_none() => game = Some(g.trim().to_string()),
            Some(_) => return Err(format!("line {}: a second `game` line", i + 1)),
            None if game.is_none() => {
                return Err(format!("line {}: a record starts with `game FILE`", i + 1))
            }
            None => moves.push(line.to_string()),
        }
    }
    let game = game.ok_or("the record names no game (`game FILE`)")?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if !same(Path::new(&game), file) {
        return Err(format!(
            "this is a record of {game}, not of {}",
            file.display()
        ));
    }
    Ok(moves)
}

/// Writes a file so that a crash leaves the old one or the new one whole.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// An interactive game: humans type moves, computers choose theirs.
struct Game<'a> {
    rules: &'a Rules,
    file: &'a Path,
    /// Per side: the computer that plays it, or a human.
    players: &'a [Option<Agent>],
    seed: u64,
    record: Option<&'a Path>,
}

impl Game<'_> {
    fn play(&self, start: State, loaded: &[String]) -> Result<ExitCode> {
        use std::io::BufRead;
        let rules = self.rules;
        let mut history: Vec<(State, String)> = Vec::new();
        let mut st = start;
        for (i, text) in loaded.iter().enumerate() {
            match notation::parse_move(rules, &st, text) {
                Ok(mv) => {
                    history.push((st.clone(), notation::move_to_string(rules, &st, mv)));
                    rules.play(&mut st, mv);
                }
                Err(e) => {
                    eprintln!("the record's move {} `{text}` is not legal: {e}", i + 1);
                    return Ok(ExitCode::from(1));
                }
            }
        }
        let mut buf = Vec::new();
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        println!("{}\n{PLAY_HELP}\n", rules.name);
        if !loaded.is_empty() {
            let plural = if loaded.len() == 1 { "" } else { "s" };
            println!("resumed after {} move{plural}", loaded.len());
        }
        print!("{}", board(rules, &st));
        let mut resigned = None;
        loop {
            if rules.outcome(&st) != Outcome::Ongoing {
                println!("{}", render::status(rules, &st));
                break;
            }
            let side = rules.to_move(&st);
            rules.legal_moves(&st, &mut buf);
            if let Some(agent) = &self.players[side as usize] {
                let seed = self.seed.wrapping_add(history.len() as u64);
                let Some(mv) = agent.choose(rules, &st, seed) else {
                    break;
                };
                let written = notation::move_to_string(rules, &st, mv);
                println!("{} plays {written}", rules.side_name(side));
                history.push((st.clone(), written));
                rules.play(&mut st, mv);
                self.save_record(&history, false)?;
                print!("{}", board(rules, &st));
                continue;
            }
            print!("{} > ", render::status(rules, &st));
            use std::io::Write;
            std::io::stdout().flush().ok();
            let Some(line) = lines.next() else {
                println!();
                break;
            };
            let line = line.context("cannot read the terminal")?;
            match line.trim() {
                "" => {}
                "help" => println!("{PLAY_HELP}"),
                "quit" | "exit" => break,
                "board" => print!("{}", board(rules, &st)),
                "moves" => println!("{}", render::move_list(rules, &st, &buf, true).join(" ")),
                "record" => println!("{}", moves_of(&history).join(" ")),
                "save" => self.save_record(&history, true)?,
                "resign" => {
                    resigned = Some(side);
                    break;
                }
                "undo" => {
                    // Take back to the last position a human chose a move in.
                    while let Some((prev, _)) = history.pop() {
                        st = prev;
                        if self.players[rules.to_move(&st) as usize].is_none() {
                            break;
                        }
                    }
                    self.save_record(&history, false)?;
                    print!("{}", board(rules, &st));
                }
                typed if typed.starts_with("why ") => {
                    let text = typed["why ".len()..].trim();
                    match notation::read_any_move(rules, &st, text) {
                        Ok(mv) => println!("{}", notation::explain(rules, &st, mv)),
                        Err(e) => println!("{e}"),
                    }
                }
                typed => match notation::parse_move(rules, &st, typed) {
                    Ok(mv) => {
                        history.push((st.clone(), notation::move_to_string(rules, &st, mv)));
                        rules.play(&mut st, mv);
                        self.save_record(&history, false)?;
                        print!("{}", board(rules, &st));
                    }
                    Err(e) => println!("not played: {e}"),
                },
            }
        }
        if let Some(side) = resigned {
            println!(
                "{} resigns: {}",
                rules.side_name(side),
                render::outcome(rules, rules.loss_of(side))
            );
        }
        println!("record: {}", moves_of(&history).join(" "));
        if let Some(path) = self.record {
            println!("record kept in {}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }

    /// Rewrites the record after a move (when there is one), or on `save`
    /// (to `tavoliere-record.txt` without `--record`).
    fn save_record(&self, history: &[(State, String)], asked: bool) -> Result<()> {
        let default = Path::new("tavoliere-record.txt");
        let path = match (self.record, asked) {
            (Some(p), _) => p,
            (None, true) => default,
            (None, false) => return Ok(()),
        };
        let moves: Vec<String> = history.iter().map(|(_, m)| m.clone()).collect();
        write_atomically(path, &record_text(self.file, &moves))?;
        if asked {
            println!("saved to {}", path.display());
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

fn moves_of(history: &[(State, String)]) -> Vec<&str> {
    history.iter().map(|(_, m)| m.as_str()).collect()
}
