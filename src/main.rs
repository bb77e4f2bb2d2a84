//! The `tavoliere` command line: thin glue over the library.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tavoliere::diag::{self, Diagnostic, Sources};
use tavoliere::rules::{Move, Outcome, Rules, State};
use tavoliere::{compile, notation, perft, playout, render, scenario};

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
  tavoliere play GAME --computer black
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
    /// Uniform random playouts: speed, game length, outcomes.
    Bench {
        file: PathBuf,
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// A game reaching this many plies is counted as a draw.
        #[arg(long, default_value_t = 10_000)]
        max_plies: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print a rule-behaviour scenario step by step.
    Scenario { file: PathBuf },
    /// Play in the terminal: type moves at the prompt; `help` lists commands.
    Play {
        file: PathBuf,
        /// A seat (or a side) played by the computer (uniformly random
        /// moves); repeatable. Seats are the players: `[seats]`, or one per side.
        #[arg(long = "computer", value_name = "SEAT")]
        computer: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the game record (one move per line) here when the game ends or you quit.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
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
        Command::Show { file, at } => {
            let (rules, st) = match rules_at(&file, &at)? {
                Ok(loaded) => loaded,
                Err(code) => return Ok(code),
            };
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
            max_plies,
            seed,
            json,
        } => {
            let rules = match rules_or_exit(&file)? {
                Ok(r) => r,
                Err(code) => return Ok(code),
            };
            let report = playout::bench(&rules, seconds, max_plies, seed);
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
            seed,
            record,
            at,
        } => {
            let rules = match rules_or_exit(&file)? {
                Ok(r) => r,
                Err(code) => return Ok(code),
            };
            let mut computers = Vec::new();
            for name in &computer {
                match (rules.seat(name), rules.side(name)) {
                    (Some(seat), _) => computers.extend(&rules.seats[seat].sides),
                    (None, Some(s)) => computers.push(s),
                    (None, None) => {
                        let mut known: Vec<&str> =
                            rules.seats.iter().map(|s| s.name.as_str()).collect();
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
            let start = match position(&rules, &at) {
                Ok(st) => st,
                Err(code) => return Ok(code),
            };
            play(&rules, start, &computers, seed, record.as_deref())
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
  undo    take back the last move
  board   draw the board again
  record  print the moves so far
  quit    stop (the record is kept)";

/// The interactive loop: humans type moves, computers play random ones.
fn play(
    rules: &Rules,
    start: State,
    computers: &[u8],
    seed: u64,
    record: Option<&Path>,
) -> Result<ExitCode> {
    use std::io::BufRead;
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut history: Vec<(State, String)> = Vec::new();
    let mut st = start;
    let mut buf = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{}\n{PLAY_HELP}\n", rules.name);
    print!("{}", render::board(rules, &st));
    loop {
        if rules.outcome(&st) != Outcome::Ongoing {
            println!("{}", render::status(rules, &st));
            break;
        }
        let side = rules.to_move(&st);
        rules.legal_moves(&st, &mut buf);
        if computers.contains(&side) {
            let mv = buf[rng.usize(..buf.len())];
            let written = notation::move_to_string(rules, &st, mv);
            println!("{} plays {written}", rules.side_name(side));
            history.push((st.clone(), written));
            rules.play(&mut st, mv);
            print!("{}", render::board(rules, &st));
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
            "board" => print!("{}", render::board(rules, &st)),
            "moves" => println!("{}", render::move_list(rules, &st, &buf, true).join(" ")),
            "record" => println!(
                "{}",
                history
                    .iter()
                    .map(|(_, m)| m.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            "undo" => {
                // Take back to the last position a human chose a move in.
                while let Some((prev, _)) = history.pop() {
                    st = prev;
                    if !computers.contains(&rules.to_move(&st)) {
                        break;
                    }
                }
                print!("{}", render::board(rules, &st));
            }
            typed => match notation::parse_move(rules, &st, typed) {
                Ok(mv) => {
                    history.push((st.clone(), notation::move_to_string(rules, &st, mv)));
                    rules.play(&mut st, mv);
                    print!("{}", render::board(rules, &st));
                }
                Err(e) => println!("not played: {e}"),
            },
        }
    }
    let moves: Vec<&str> = history.iter().map(|(_, m)| m.as_str()).collect();
    println!("record: {}", moves.join(" "));
    if let Some(path) = record {
        std::fs::write(path, moves.join("\n") + "\n")
            .with_context(|| format!("cannot write the record to {}", path.display()))?;
        println!("record written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
