//! The `tavoliere` command line: thin glue over the library, one module per
//! command in `cli/`.

mod cli;

use clap::{Parser, Subcommand};
use cli::{analyze, bench, engine, lsp, moves, perft, play, scenario, serve, show, validate};
use std::process::ExitCode;

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
  tavoliere serve games --port 0      (then open the address it prints)
  tavoliere engine GAME               (UCI; USI for SFEN games)
  tavoliere lsp                       (a language server on stdio)

Exit codes: 0 success (also when the reader of the output stops early, as
`head` does); 1 a game file, position or move is invalid; 2 bad
command-line usage or an unreadable file.";

#[derive(Subcommand)]
enum Command {
    /// Check game files; print every error and warning.
    Validate(validate::Args),
    /// Draw the board in the terminal.
    Show(show::Args),
    /// List the legal moves.
    Moves(moves::Args),
    /// Count legal move sequences to a depth.
    Perft(perft::Args),
    /// Self-play: who wins, how long games last, branching, first-move advantage.
    Analyze(analyze::Args),
    /// Uniform random playouts: speed, game length, outcomes.
    Bench(bench::Args),
    /// Print a rule-behaviour scenario step by step.
    Scenario(scenario::Args),
    /// Play in the terminal: type moves at the prompt; `help` lists commands.
    Play(play::Args),
    /// Play and author games in a web browser: a local server for a folder of games.
    Serve(serve::Args),
    /// Speak UCI (USI for SFEN games) on stdin/stdout, for GUIs and tools.
    Engine(engine::Args),
    /// A language server for game files, over stdin/stdout.
    Lsp(lsp::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Show(args) => show::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Scenario(args) => scenario::run(args),
        Command::Play(args) => play::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Engine(args) => engine::run(args),
        Command::Lsp(args) => lsp::run(args),
    };
    match done {
        Ok(code) => code,
        // The reader of the output went away (`| head`): nothing more to say.
        Err(e) if cli::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
