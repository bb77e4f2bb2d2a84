//! Robustness: seeded mutants of every shipped game file. Each mutant must
//! compile to rules or to diagnostics — never panic — and quickly; a mutant
//! that compiles must then play random moves, write and read back its
//! positions and moves, without panicking.
//!
//! The mutations are byte-level (delete, insert, duplicate, truncate) and
//! aimed at rule expressions (a character of a quoted string changed to a
//! character the grammar cares about, a word replaced by a word of the
//! language or a number). A panic is reported with the mutant, written to
//! `target/mutants/` to reproduce it.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};
use tavoliere::diag::Sources;
use tavoliere::rules::Outcome;
use tavoliere::{compile, notation};

/// Mutants per game file (TAVOLIERE_MUTANTS overrides it).
const MUTANTS_PER_FILE: usize = 150;
/// The longest a mutant may take to compile and play.
const SLOW: Duration = Duration::from_secs(5);

const WORDS: [&str; 24] = [
    "to",
    "then",
    "and",
    "or",
    "not",
    "in",
    "ahead(",
    "count(",
    "reach(",
    "step(",
    "slide(",
    "leap(",
    "swap(",
    "jump(",
    "covered(",
    "given(",
    "last(",
    "capture",
    "own",
    "enemy",
    "piece",
    "9999999999",
    "0",
    "..",
];
const CHARS: &[u8] = b"()[]{}=\",.|&-:+!@#<> \n0123456789azZ_";

fn mutate(text: &str, rng: &mut fastrand::Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    if bytes.is_empty() {
        return String::new();
    }
    // Positions inside quoted strings, where the rule expressions are.
    let quoted: Vec<usize> = {
        let mut inside = false;
        let mut out = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'"' {
                inside = !inside;
            } else if inside {
                out.push(i);
            }
        }
        out
    };
    let pick = |rng: &mut fastrand::Rng, len: usize| rng.usize(..len.max(1));
    for _ in 0..rng.usize(1..=3) {
        let len = bytes.len().max(1);
        match rng.u8(..7) {
            0 => {
                let i = pick(rng, len);
                if i < bytes.len() {
                    bytes.remove(i);
                }
            }
            1 => {
                let i = pick(rng, len);
                bytes.insert(i.min(bytes.len()), CHARS[rng.usize(..CHARS.len())]);
            }
            2 => {
                let (a, b) = (pick(rng, len), pick(rng, len));
                let (a, b) = (a.min(b), a.max(b).min(a + 40));
                let slice = bytes[a..b.min(bytes.len())].to_vec();
                let at = pick(rng, len).min(bytes.len());
                bytes.splice(at..at, slice);
            }
            3 => {
                let at = pick(rng, len);
                bytes.truncate(at);
            }
            4 | 5 if !quoted.is_empty() => {
                let i = quoted[rng.usize(..quoted.len())];
                if i < bytes.len() {
                    bytes[i] = CHARS[rng.usize(..CHARS.len())];
                }
            }
            _ if !quoted.is_empty() => {
                // A word of a rule expression replaced by a word of the language.
                let i = quoted[rng.usize(..quoted.len())];
                if i < bytes.len() {
                    let end = (i..bytes.len())
                        .find(|&j| !bytes[j].is_ascii_alphanumeric() && bytes[j] != b'_')
                        .unwrap_or(bytes.len());
                    let word = WORDS[rng.usize(..WORDS.len())].as_bytes().to_vec();
                    bytes.splice(i..end.max(i), word);
                }
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Compiles a mutant and, if it compiles, plays it a little; whether it
/// compiled.
fn exercise(path: &std::path::Path, text: &str, seed: u64) -> bool {
    let mut sources = Sources::new();
    let id = sources.add(path.to_string_lossy(), text.to_string());
    let Ok((rules, _)) = compile::load(&mut sources, id, &mut common::read_base) else {
        return false;
    };
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut st = rules.initial();
    let mut moves = Vec::new();
    for _ in 0..12 {
        if rules.outcome(&st) != Outcome::Ongoing {
            break;
        }
        rules.legal_moves(&st, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.usize(..moves.len())];
        let written = notation::move_to_string(&rules, &st, mv);
        let _ = notation::parse_move(&rules, &st, &written);
        rules.play(&mut st, mv);
        let text = notation::position_to_string(&rules, &st);
        let mut sources = Sources::new();
        let id = sources.add("position", text.clone());
        let _ = notation::parse_position(&rules, &text, id);
    }
    true
}

#[test]
fn mutants_of_every_game_never_panic() {
    let per_file = std::env::var("TAVOLIERE_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MUTANTS_PER_FILE);
    let mut files: Vec<_> = std::fs::read_dir(common::root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let (mut count, mut compiled) = (0, 0);
    // Panics are reported here, with their mutant; silence the default hook.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for (f, path) in files.iter().enumerate() {
        let original = std::fs::read_to_string(path).unwrap();
        let mut rng = fastrand::Rng::with_seed(20261122 + f as u64);
        for n in 0..per_file {
            let mutant = mutate(&original, &mut rng);
            count += 1;
            let start = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| exercise(path, &mutant, n as u64)));
            let slow = start.elapsed() > SLOW;
            compiled += usize::from(matches!(result, Ok(true)));
            if result.is_err() || slow {
                let dir = common::root().join("target/mutants");
                std::fs::create_dir_all(&dir).unwrap();
                let name = format!("{}-{n}.toml", path.file_stem().unwrap().to_string_lossy());
                std::fs::write(dir.join(&name), &mutant).unwrap();
                failures.push(format!(
                    "{}: mutant {n} {} (target/mutants/{name})",
                    path.display(),
                    if slow { "is slow" } else { "panics" }
                ));
            }
        }
    }
    std::panic::set_hook(hook);
    assert!(
        failures.is_empty(),
        "{} of {count} mutants failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(count >= 1000, "only {count} mutants");
    // Enough mutants must compile for their play to be exercised too.
    assert!(
        compiled * 10 >= count,
        "only {compiled} of {count} mutants compile"
    );
    eprintln!("{count} mutants, {compiled} of them compiled and played, none panicked");
}
