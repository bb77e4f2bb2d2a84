//! Inputs at the edge: long flat lists in rule expressions, deep nesting,
//! long positions and move texts, huge numbers. Each must give a result or
//! a located error, quickly, and never a crash.

mod common;

use std::time::{Duration, Instant};
use tavoliere::compile;
use tavoliere::diag::render;

/// The number of terms of every long list below.
const TERMS: usize = 100_000;

/// A small game; `{REGION}`, `{MOVE}`, `{WHEN}`, `{PREFER}` and `{PHASE}`
/// are replaced by the expression under test.
const GAME: &str = r#"
[game]
name = "Bounds"

[board]
files = 8
ranks = 8

[regions]
far = "{REGION}"

[sides.white]
forward = "n"

[sides.black]
forward = "s"

[pieces.pawn]
moves = ["{MOVE}"]

[turn]
phases = ["{PHASE}"]

[setup]
white = "pawn: a1 b1"
black = "pawn: a8 b8"

[[priority]]
sides = ["white"]
prefer = ["{PREFER}"]

[[end]]
when = "{WHEN}"
result = "win"
"#;

fn game(region: &str, mv: &str, phase: &str, prefer: &str, when: &str) -> String {
    GAME.replace("{REGION}", region)
        .replace("{MOVE}", mv)
        .replace("{PHASE}", phase)
        .replace("{PREFER}", prefer)
        .replace("{WHEN}", when)
}

const REGION: &str = "rank 8";
const MOVE: &str = "step(forward) to empty";
const PHASE: &str = "move";
const PREFER: &str = "true";
const WHEN: &str = "count(own pawn in far) >= 1";

/// `first SEP item SEP item ...` with `TERMS` terms.
fn chain(first: &str, sep: &str, item: &str) -> String {
    let mut s = String::with_capacity(TERMS * (sep.len() + item.len() + 2));
    s.push_str(first);
    for _ in 1..TERMS {
        s.push(' ');
        s.push_str(sep);
        s.push(' ');
        s.push_str(item);
    }
    s
}

/// Compiles the text on a thread with a small stack (as a test thread
/// has): it must finish, in a few seconds, with the game or with errors
/// that render. Returns the rendered errors, if any.
fn compiles_or_errs(what: &str, text: &str) -> Option<String> {
    let start = Instant::now();
    let owned = text.to_string();
    let out = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || match compile::from_source("bounds.toml", &owned) {
            Ok(_) => None,
            Err((sources, diags)) => Some(render(&sources, &diags)),
        })
        .unwrap()
        .join()
        .unwrap_or_else(|_| panic!("{what}: compiling panicked"));
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "{what}: compiling took {took:?}"
    );
    out
}

fn compiles(what: &str, text: &str) {
    if let Some(err) = compiles_or_errs(what, text) {
        panic!("{what}: {}", &err[..err.len().min(2000)]);
    }
}

#[test]
fn the_small_game_compiles() {
    compiles("base", &game(REGION, MOVE, PHASE, PREFER, WHEN));
}

#[test]
fn long_region_unions_intersections_and_differences_compile() {
    for op in ["|", "&", "-"] {
        let region = chain("rank 8", op, "c3");
        compiles(
            &format!("region `{op}`"),
            &game(&region, MOVE, PHASE, PREFER, WHEN),
        );
    }
    let region = chain("rank 8", "|", "(c3 - d4)");
    compiles(
        "region of groups",
        &game(&region, MOVE, PHASE, PREFER, WHEN),
    );
    let region = chain("c3", "", "c3");
    compiles("region of names", &game(&region, MOVE, PHASE, PREFER, WHEN));
}

#[test]
fn long_site_conditions_compile() {
    for op in ["and", "or"] {
        let cond = chain("empty", op, "not friend");
        let mv = format!("step(forward) to {cond}");
        compiles(
            &format!("site `{op}`"),
            &game(REGION, &mv, PHASE, PREFER, WHEN),
        );
    }
}

#[test]
fn long_position_conditions_compile() {
    for op in ["and", "or"] {
        let when = chain(WHEN, op, "count(own pawn) >= 1");
        compiles(
            &format!("position `{op}`"),
            &game(REGION, MOVE, PHASE, PREFER, &when),
        );
    }
}

#[test]
fn long_move_conditions_compile() {
    for op in ["and", "or"] {
        let prefer = chain("true", op, "to(empty)");
        compiles(
            &format!("move `{op}`"),
            &game(REGION, MOVE, PHASE, &prefer, WHEN),
        );
    }
}

#[test]
fn long_then_chains_compile_or_err() {
    let mv = chain(MOVE, "then", "step(forward) to empty");
    compiles_or_errs("`then`", &game(REGION, &mv, PHASE, PREFER, WHEN));
    let mv = format!("({})+", chain(MOVE, "then", "step(forward) to empty"));
    compiles_or_errs("`then` group", &game(REGION, &mv, PHASE, PREFER, WHEN));
    let mv = format!("step({})", chain("forward", "|", "n"));
    compiles("directions", &game(REGION, &mv, PHASE, PREFER, WHEN));
}

#[test]
fn long_phases_compile() {
    let phase = chain("move", "|", "move pawn");
    compiles("phase `|`", &game(REGION, MOVE, &phase, PREFER, WHEN));
}

#[test]
fn deep_parentheses_get_a_located_error() {
    let deep = format!("{}c3{}", "(".repeat(TERMS), ")".repeat(TERMS));
    let err = compiles_or_errs(
        "region parentheses",
        &game(&deep, MOVE, PHASE, PREFER, WHEN),
    )
    .expect("an error");
    assert!(
        err.contains("bounds.toml:10:"),
        "{}",
        &err[..err.len().min(2000)]
    );
    let deep = format!("{}empty{}", "(".repeat(TERMS), ")".repeat(TERMS));
    let mv = format!("step(forward) to {deep}");
    let err = compiles_or_errs("site parentheses", &game(REGION, &mv, PHASE, PREFER, WHEN))
        .expect("an error");
    assert!(
        err.contains("bounds.toml:19:"),
        "{}",
        &err[..err.len().min(2000)]
    );
    let nots = chain("not", "", "not").replace("  ", " ") + " empty";
    let mv = format!("step(forward) to {nots}");
    compiles_or_errs("many nots", &game(REGION, &mv, PHASE, PREFER, WHEN)).expect("an error");
}

// ---------------------------------------------------------------- error output

#[test]
fn a_long_position_with_many_errors_gives_a_short_report() {
    let rules = common::load("games/breakthrough.toml");
    let mut text = String::from("pieces white pawn");
    while text.len() < 12_000 {
        text.push_str(" e4");
    }
    text.push_str("; turn white");
    let mut sources = tavoliere::diag::Sources::new();
    let file = sources.add("position", text.as_str());
    let diags = tavoliere::notation::parse_position(&rules, &text, file).expect_err("errors");
    assert!(diags.len() > 1000, "{}", diags.len());
    let report = render(&sources, &diags);
    assert!(report.len() < 200_000, "a report of {} bytes", report.len());
    assert!(report.contains("two pieces on `e4`"), "{report}");
}

#[test]
fn a_long_move_text_is_read_or_refused_quickly() {
    let rules = common::load("games/breakthrough.toml");
    let st = rules.initial();
    let mut text = String::from("a2-a3");
    while text.len() < 400_000 {
        text.push_str("-a4-a3");
    }
    let start = Instant::now();
    let err = tavoliere::notation::parse_move(&rules, &st, &text).expect_err("refused");
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    assert!(err.to_string().len() < 1000, "{}", err.to_string().len());
}

// ---------------------------------------------------------------- command line

fn run(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tavoliere"))
        .args(args)
        .current_dir(common::root())
        .output()
        .expect("the binary runs")
}

#[test]
fn perft_refuses_a_huge_depth() {
    let o = run(&["perft", "games/breakthrough.toml", "--depth", "4294967295"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--depth"), "{err}");
}

#[test]
fn control_characters_are_not_echoed_raw() {
    let o = run(&[
        "moves",
        "games/breakthrough.toml",
        "--position",
        "pieces white pawn \x1b[31me4\x07; turn white",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err:?}");
    let o = run(&[
        "moves",
        "games/breakthrough.toml",
        "--moves",
        "\x1b[2Ja2-a3",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains('\x1b'), "{err:?}");
    assert!(err.contains("a2-a3"), "{err:?}");
}

// ---------------------------------------------------------------- bases

#[test]
fn a_base_that_is_not_a_game_is_named_never_quoted() {
    let text = "extends = \"secret.txt\"\n";
    let mut sources = tavoliere::diag::Sources::new();
    let file = sources.add("variant.toml", text);
    let loaded = compile::load(&mut sources, file, &mut |_, _| {
        Ok(("secret.txt".into(), "root:x:0:0:hunter2:/root\n".into()))
    });
    let Err(diags) = loaded else {
        panic!("the variant loaded")
    };
    let report = render(&sources, &diags);
    assert!(!report.contains("hunter2"), "{report}");
    assert!(report.contains("secret.txt"), "{report}");
    assert!(report.contains("not a game file"), "{report}");
}

#[test]
fn a_game_file_base_is_reported_where_its_mistake_is() {
    let text = "extends = \"base.toml\"\n";
    let mut sources = tavoliere::diag::Sources::new();
    let file = sources.add("variant.toml", text);
    let loaded = compile::load(&mut sources, file, &mut |_, _| {
        Ok((
            "base.toml".into(),
            "[game]\nname = \"x\"\n[board\nfiles = 3\n".into(),
        ))
    });
    let Err(diags) = loaded else {
        panic!("the variant loaded")
    };
    let report = render(&sources, &diags);
    assert!(report.contains("base.toml:3"), "{report}");
    assert!(!report.contains("not a game file"), "{report}");
}
