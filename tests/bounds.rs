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
/// has): it must finish, in seconds, with the game or with errors
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
    // Linear work on 100,000 terms: 6 to 7 s in a debug build alone on
    // one core (the pest parse's pairs and the pattern compiler); a
    // recursion or a quadratic step would take minutes.
    assert!(
        took < Duration::from_secs(20),
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

// ---------------------------------------------------------------- capture chains

/// Asalto's soldiers on every point of the cross whose file and rank are
/// not both odd (a–g, 1–7): from any empty point an officer may jump in
/// every direction, so its capture chains branch at every jump.
const LATTICE: &str = "d1 c2 d2 e2 b3 d3 f3 a4 b4 c4 d4 e4 f4 g4 b5 d5 f5 c6 d6 e6 d7";

/// The lattice without the soldiers of `drop`, the officer on c3 to move.
fn lattice(drop: &[&str]) -> String {
    let soldiers: Vec<&str> = (LATTICE.split(' ')).filter(|s| !drop.contains(s)).collect();
    format!(
        "pieces soldiers soldier {}, officers officer c3; turn officers",
        soldiers.join(" ")
    )
}

/// The moves of an officer on c3 among `soldiers`, counted apart from the
/// engine, from Asalto's rules (shared/rules/asalto.md): it jumps an
/// adjacent soldier along a line (diagonals only through the points whose
/// file + rank is even) to the empty point beyond, and goes on while it
/// can, never jumping a soldier twice (the jumped stay on the board until
/// the move ends). Moves that end on the same point with the same soldiers
/// taken are one move. The officer has no step here: every neighbour of c3
/// holds a soldier.
fn officer_chains(soldiers: &str) -> usize {
    use std::collections::{BTreeSet, HashSet};
    type P = (i32, i32);
    let xy = |s: &str| {
        (
            (s.as_bytes()[0] - b'a') as i32,
            s[1..].parse::<i32>().unwrap() - 1,
        )
    };
    let on = |(x, y): P| {
        (0..7).contains(&x) && (0..7).contains(&y) && ((2..=4).contains(&x) || (2..=4).contains(&y))
    };
    let soldiers: HashSet<P> = soldiers.split(' ').map(xy).collect();
    fn walk(
        at: P,
        taken: &mut BTreeSet<P>,
        soldiers: &HashSet<P>,
        on: &dyn Fn(P) -> bool,
        out: &mut HashSet<(P, BTreeSet<P>)>,
    ) {
        let mut dirs = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
        if (at.0 + at.1) % 2 == 0 {
            dirs.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
        }
        let mut went_on = false;
        for (dx, dy) in dirs {
            let over = (at.0 + dx, at.1 + dy);
            let to = (at.0 + 2 * dx, at.1 + 2 * dy);
            if on(to)
                && soldiers.contains(&over)
                && !taken.contains(&over)
                && !soldiers.contains(&to)
            {
                went_on = true;
                taken.insert(over);
                walk(to, taken, soldiers, on, out);
                taken.remove(&over);
            }
        }
        if !went_on && !taken.is_empty() {
            out.insert((at, taken.clone()));
        }
    }
    let mut out = HashSet::new();
    walk(xy("c3"), &mut BTreeSet::new(), &soldiers, &on, &mut out);
    out.len()
}

#[test]
fn many_capture_chains_are_listed_each_once_and_quickly() {
    let rules = common::load("games/asalto.toml");
    for drop in [&["d7", "c6"][..], &["d1", "d7"], &["d7", "e6", "c6", "g4"]] {
        let text = lattice(drop);
        let st = common::position(&rules, &text);
        let start = Instant::now();
        let mut moves = Vec::new();
        rules
            .bounded(|| rules.legal_moves(&st, &mut moves))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let took = start.elapsed();
        let soldiers = text.split(", ").next().unwrap();
        let expected = officer_chains(soldiers.trim_start_matches("pieces soldiers soldier "));
        assert_eq!(moves.len(), expected, "{text}");
        assert!(expected > 1000, "{expected}");
        assert!(took < Duration::from_secs(5), "{text}: {took:?}");
    }
}

#[test]
fn a_lattice_of_captures_past_the_chain_budget_is_refused_quickly() {
    // 10,129 moves (`officer_chains`), found along millions of paths.
    assert_eq!(officer_chains(LATTICE), 10_129);
    let rules = common::load("games/asalto.toml");
    let st = common::position(&rules, &lattice(&[]));
    let start = Instant::now();
    let mut moves = Vec::new();
    let answer = rules.bounded(|| rules.legal_moves(&st, &mut moves));
    let err = answer.expect_err("the chain budget");
    assert!(err.to_string().contains("too many capture chains"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // The mark is cleared: the next listing from a plain position answers.
    let mut moves = Vec::new();
    rules
        .bounded(|| rules.legal_moves(&rules.initial(), &mut moves))
        .expect("the start");
    assert!(!moves.is_empty());
    // The command line says so, and exits 1.
    let start = Instant::now();
    for cmd in ["moves", "perft"] {
        let mut args = vec![cmd, "games/asalto.toml", "--position"];
        let text = lattice(&[]);
        args.push(&text);
        if cmd == "perft" {
            args.extend(["--depth", "2"]);
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("too many capture chains"), "{cmd}: {err}");
        assert!(
            o.stdout.is_empty(),
            "{cmd}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn json_diagnostics_are_capped_as_the_text_report_is() {
    let mut regions = String::new();
    for i in 0..200 {
        regions.push_str(&format!("r{i} = \"z{i}{}\"\n", "9".repeat(2000)));
    }
    let text = game(REGION, MOVE, PHASE, PREFER, WHEN)
        .replace("[regions]\n", &format!("[regions]\n{regions}"));
    let dir = std::env::temp_dir().join(format!("tavoliere-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.toml");
    std::fs::write(&path, text).unwrap();
    let o = run(&["validate", "--format", "json", path.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 51, "{}", &out[..out.len().min(2000)]);
    assert_eq!(lines[50]["code"], "more");
    assert!(out.len() < 200_000, "{} bytes", out.len());
}

#[test]
fn self_play_from_a_lattice_past_the_chain_budget_is_refused() {
    // Asalto starting from the lattice, the officer to move: the first
    // listing meets the chain budget, so no result may be reported.
    let asalto = common::root().join("games/asalto.toml");
    let text = format!(
        "extends = {:?}\n[setup]\nsoldiers = \"soldier: {LATTICE}\"\nofficers = \"officer: c3\"\n\
         [turn]\norder = [\"officers\", \"soldiers\"]\nprelude = []\n",
        asalto.to_str().unwrap()
    );
    let dir = std::env::temp_dir().join(format!("tavoliere-lattice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("lattice.toml");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let start = Instant::now();
    let runs = [
        run(&["analyze", path, "--games", "3", "--threads", "1"]),
        run(&["bench", path, "--playouts", "3", "--threads", "1"]),
    ];
    let _ = std::fs::remove_dir_all(&dir);
    for o in runs {
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains("too many capture chains"), "{err}");
        assert!(
            o.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}
