//! `engine`: a game spoken through the chess engines' protocols, so that
//! GUIs and tools that drive engines (cutechess, python-chess, lichess-bot,
//! shogi GUIs) can play it. UCI for most games, USI for games whose FEN is
//! SFEN (`texts`): the handshake answers either. `go` runs the Monte Carlo
//! tree search with its limits mapped to playouts and time (`go`), and
//! `go perft N` counts. `setoption name UCI_Variant value NAME` switches
//! to another game file of the same folder.
//!
//! Standard input is read on a thread of its own, so that `stop` and
//! `quit` are heard while a search runs. At its end the engine answers a
//! last `go` with a budget, stops one without (`go infinite`), and exits.
//! Every `go` is answered by a `bestmove`.

mod go;
mod texts;
mod xboard;

use anyhow::{Context, Result};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::sync::Arc;
use tavoliere::diag::{Diagnostic, Sources};
use tavoliere::notation;
use tavoliere::rules::{Rules, State};

use go::{Go, Running, Search};
use texts::{Dialect, Writer};

#[derive(clap::Args)]
pub struct Args {
    /// The game played first: a game file; `UCI_Variant` offers the other
    /// game files of its folder.
    file: PathBuf,
    /// Search threads (the `Threads` option); 0 for every core.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// One line to standard output, flushed: the GUI reads it at once. A
/// reader that went away is not an error here: `quit` or the end of the
/// input follows.
pub(super) fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// `info string TEXT`, on one line.
fn tell(text: &str) {
    say(&format!("info string {}", text.replace(['\n', '\r'], " ")));
}

pub fn run(Args { file, threads }: Args) -> Result<ExitCode> {
    let rules = match super::rules_or_exit(&file)? {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let threads = if threads == 0 {
        super::every_core()
    } else {
        threads
    };
    let mut engine = Engine::new(&file, rules, threads);
    let (tx, rx) = mpsc::channel::<String>();
    // The reader thread ends at the end of the input; it is not joined, as
    // a blocked read cannot be interrupted.
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    while let Ok(line) = rx.recv() {
        if line.trim() == "xboard" {
            return Ok(xboard::run(engine, rx));
        }
        if !engine.command(&line) {
            // `quit`: a search under way stops at once.
            engine.halt();
            return Ok(ExitCode::SUCCESS);
        }
    }
    // The end of the input: a search with a budget spends it (a script's
    // last `go` is answered in full), one without stops.
    if let Some(running) = engine.running.take() {
        running.finish();
    }
    Ok(ExitCode::SUCCESS)
}

struct Engine {
    /// The game file's folder, whose game files are the variants.
    folder: PathBuf,
    variants: Vec<String>,
    variant: String,
    rules: Arc<Rules>,
    st: State,
    writer: Writer,
    threads: usize,
    searches: u64,
    running: Option<Running>,
}

impl Engine {
    fn new(file: &Path, rules: Rules, threads: usize) -> Engine {
        let folder = file.parent().unwrap_or(Path::new("")).to_path_buf();
        let variant = stem(file).unwrap_or_default();
        let mut variants = game_files(&folder);
        if !variants.contains(&variant) {
            variants.push(variant.clone());
            variants.sort();
        }
        let writer = Writer {
            dialect: Dialect::of(&rules),
            king_takes_rook: false,
        };
        let st = rules.initial();
        Engine {
            folder,
            variants,
            variant,
            rules: Arc::new(rules),
            st,
            writer,
            threads,
            searches: 0,
            running: None,
        }
    }

    /// Handles one line; `false` to quit.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return true;
        };
        // A search that ended on its own is collected here.
        if self.running.as_ref().is_some_and(Running::is_finished) {
            self.halt();
        }
        match first {
            "uci" => self.hello(Dialect::Uci),
            "usi" => self.hello(Dialect::Usi),
            "isready" => say("readyok"),
            "ucinewgame" | "usinewgame" => {
                self.halt();
                self.st = self.rules.initial();
            }
            "setoption" => {
                self.halt();
                self.set_option(rest);
            }
            "position" => {
                self.halt();
                self.position(rest);
            }
            "go" => self.go(rest),
            "stop" => self.halt(),
            "ponderhit" => {}
            "gameover" | "debug" | "register" => {}
            "d" => self.display(),
            "quit" => return false,
            other => tell(&format!(
                "error: unknown command `{}`",
                tavoliere::diag::escape(other)
            )),
        }
        true
    }

    /// Stops a search under way, waiting for its `bestmove`.
    fn halt(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop();
        }
    }

    fn hello(&self, dialect: Dialect) {
        let (name, ok) = match dialect {
            Dialect::Usi => ("USI", "usiok"),
            _ => ("UCI", "uciok"),
        };
        say(&format!("id name tavoliere {}", env!("CARGO_PKG_VERSION")));
        say("id author the tavoliere authors");
        say(&format!(
            "option name UCI_Variant type combo default {} var {}",
            self.variant,
            self.variants.join(" var ")
        ));
        say(&format!(
            "option name Threads type spin default {} min 1 max 256",
            self.threads
        ));
        say("option name UCI_Chess960 type check default false");
        if Dialect::of(&self.rules) != dialect {
            tell(&format!(
                "the game {} writes its moves in {}, not {name}",
                self.variant,
                go::protocol(Dialect::of(&self.rules))
            ));
        }
        say(ok);
    }

    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return tell("error: setoption needs `name NAME [value VALUE]`");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" | "usi_variant" => self.switch(value),
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.threads = n,
                _ => tell(&format!("error: Threads `{value}`: a number from 1 to 256")),
            },
            "uci_chess960" => self.writer.king_takes_rook = value.eq_ignore_ascii_case("true"),
            // Options GUIs send to every engine, which this one ignores.
            "hash" | "ponder" | "multipv" | "uci_analysemode" | "usi_hash" | "usi_ponder" => {}
            _ => tell(&format!("error: unknown option `{name}`")),
        }
    }

    /// `UCI_Variant`: the game file of that name in the folder.
    fn switch(&mut self, name: &str) {
        if let Err(why) = self.load_variant(name) {
            tell(&format!("error: {why}"));
        }
    }

    /// The game file `name` of the folder, now played from its start; the
    /// protocol's dialect kept. An error says why not, the game unchanged.
    fn load_variant(&mut self, name: &str) -> std::result::Result<(), String> {
        if !self.variants.iter().any(|v| v == name) {
            return Err(format!(
                "no game `{name}` in {}: the games are {}",
                self.folder.display(),
                self.variants.join(" ")
            ));
        }
        let path = self.folder.join(format!("{name}.toml"));
        let rules = load_quietly(&path).map_err(|e| e.to_string())?;
        if self.writer.dialect != Dialect::Cecp {
            self.writer.dialect = Dialect::of(&rules);
        }
        self.st = rules.initial();
        self.rules = Arc::new(rules);
        self.variant = name.to_string();
        Ok(())
    }

    /// `position startpos|fen FEN|sfen SFEN [moves M...]`. A bad FEN keeps
    /// the position as it was; a bad move stops the position before it.
    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|&w| w == "moves");
        let (start, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut st = match start.split_first() {
            Some((&"startpos", [])) => self.rules.initial(),
            Some((&("fen" | "sfen"), fen)) if !fen.is_empty() => {
                match read_fen(&self.rules, &fen.join(" ")) {
                    Ok(st) => st,
                    Err(why) => return tell(&format!("error: {why}")),
                }
            }
            _ => {
                return tell("error: position needs `startpos` or `fen FEN`, then `moves ...`");
            }
        };
        for (i, word) in moves.iter().enumerate() {
            let table = self.writer.table(&self.rules, &st);
            match self.writer.read(&self.rules, &st, &table, word) {
                Ok(mv) => self.rules.play(&mut st, mv),
                Err(why) => {
                    tell(&format!(
                        "error: move {} `{}`: {why}; the position is the one before it",
                        i + 1,
                        tavoliere::diag::escape(word)
                    ));
                    break;
                }
            }
        }
        self.st = st;
    }

    fn go(&mut self, words: &[&str]) {
        self.halt();
        let go = match Go::parse(words, self.writer.dialect) {
            Ok(go) => go,
            Err(why) => {
                tell(&format!("error: {why}"));
                Go::default()
            }
        };
        if let Some(depth) = go.perft {
            return go::perft_divide(&self.rules, &self.st, &self.writer, depth);
        }
        self.warn_unwritable();
        self.searches += 1;
        let search = Search {
            rules: self.rules.clone(),
            st: self.st.clone(),
            writer: self.writer,
            threads: self.threads,
            seed: self.searches,
        };
        self.running = Some(search.start(&go));
    }

    /// Says which legal moves have no protocol form, before a search.
    fn warn_unwritable(&self) {
        let table = self.writer.table(&self.rules, &self.st);
        let n = table.texts.iter().filter(|t| t.is_none()).count();
        if n > 0 {
            tell(&format!(
                "error: {n} of the {} legal moves have no {} form (the game's board or moves do not map to squares); they are written in the game's own notation",
                table.moves.len(),
                go::protocol(self.writer.dialect)
            ));
        }
    }

    /// `d`: the board, its FEN and the legal moves, as Stockfish's `d`.
    fn display(&self) {
        for line in tavoliere::render::board(&self.rules, &self.st).lines() {
            say(line);
        }
        match notation::fen_string(&self.rules, &self.st) {
            Ok(fen) => say(&format!("Fen: {fen}")),
            Err(why) => tell(&why),
        }
        let table = self.writer.table(&self.rules, &self.st);
        let texts: Vec<String> = (table.texts.iter().zip(&table.moves))
            .map(|(t, &m)| {
                t.clone()
                    .unwrap_or_else(|| notation::move_to_string(&self.rules, &self.st, m))
            })
            .collect();
        say(&format!("Legal moves: {}", texts.join(" ")));
    }
}

/// A file's name without `.toml`, if it is one word.
fn stem(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    (!stem.is_empty() && !stem.contains(char::is_whitespace)).then(|| stem.to_string())
}

/// The game files of a folder, by name: its `.toml` files.
fn game_files(folder: &Path) -> Vec<String> {
    let dir = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| stem(&p))
        .collect();
    names.sort();
    names
}

/// A game file compiled, its errors in one line.
fn load_quietly(path: &Path) -> Result<Rules> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut sources = Sources::new();
    let file = sources.add(path.to_string_lossy(), text);
    match tavoliere::compile::load(&mut sources, file, &mut super::read_base) {
        Ok((rules, _)) => Ok(rules),
        Err(diags) => anyhow::bail!(
            "{} does not load: {}",
            path.display(),
            first_error(&sources, &diags)
        ),
    }
}

/// A FEN read, or its first error with its column.
fn read_fen(rules: &Rules, fen: &str) -> std::result::Result<State, String> {
    let mut sources = Sources::new();
    let file = sources.add("fen", fen.to_string());
    notation::parse_fen(rules, fen, file)
        .map_err(|d| format!("bad FEN: {}", first_error(&sources, &d)))
}

/// The first diagnostic of a list, on one line: where, what, the hint.
fn first_error(sources: &Sources, diags: &[Diagnostic]) -> String {
    let Some(d) = diags.iter().find(|d| d.is_error()).or(diags.first()) else {
        return "no reason given".into();
    };
    let mut text = String::new();
    if let Some(loc) = &d.loc {
        let (line, col) = sources.line_col(loc.file, loc.span.start);
        text.push_str(&format!("{}:{line}:{col}: ", sources.name(loc.file)));
    }
    text.push_str(&d.message);
    if let Some(h) = &d.hint {
        text.push_str(&format!(" ({h})"));
    }
    text
}
