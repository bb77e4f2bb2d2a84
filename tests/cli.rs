//! The command line, run as a user would: output, exit codes, errors.

mod common;

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavoliere"))
        .args(args)
        .current_dir(common::root())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn every_shipped_game_validates_without_warnings() {
    let mut args = vec!["validate".to_string()];
    for e in std::fs::read_dir(common::root().join("games")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            args.push(format!(
                "games/{}",
                p.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&args);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stdout(&o).lines().count(), args.len() - 1);
    assert!(
        stdout(&o).lines().all(|l| l.ends_with(": ok")),
        "{}",
        stdout(&o)
    );
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn validate_reports_errors_with_file_line_column_and_exits_1() {
    let o = run(&[
        "validate",
        "games/quoridor.toml",
        "tests/errors/several-errors.toml",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("tests/errors/several-errors.toml:16:16"),
        "{err}"
    );
    assert!(err.contains("did you mean `orth`?"), "{err}");
    assert!(stdout(&o).contains("games/quoridor.toml: ok"));
    assert!(
        stdout(&o).contains("several-errors.toml: 3 error(s)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn validate_exits_0_on_warnings_only() {
    let o = run(&["validate", "tests/errors/unused-piece.toml"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("warning[unused-piece]"));
    assert!(stdout(&o).contains("ok, 1 warning(s)"));
}

#[test]
fn validate_json_gives_one_object_per_diagnostic() {
    let o = run(&[
        "validate",
        "--format",
        "json",
        "tests/errors/several-errors.toml",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["line"], 16);
    assert_eq!(lines[0]["column"], 16);
    assert_eq!(lines[0]["severity"], "error");
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    let o = run(&["validate", "games/no-such-game.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read games/no-such-game.toml"));
    let o = run(&["perft", "games/quoridor.toml"]);
    assert_eq!(o.status.code(), Some(2), "missing --depth");
}

#[test]
fn perft_prints_depth_and_count_lines() {
    let o = run(&["perft", "games/quoridor.toml", "--depth", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1 131\n2 16677\n");
}

#[test]
fn perft_divide_prints_a_line_per_first_move() {
    let o = run(&["perft", "games/quoridor.toml", "--depth", "2", "--divide"]);
    let out = stdout(&o);
    let (rows, total) = out
        .split_once("\n\n")
        .expect("a blank line before the total");
    assert_eq!(rows.lines().count(), 131);
    let sum: u64 = rows
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    // OpenSpiel's count to depth 2 (tests/perft/start.toml).
    assert_eq!(sum, 16677);
    assert_eq!(total, "total 16677\n", "the total, below the rows");
    assert!(
        out.contains("e1-e2 131\n"),
        "the pawn move leaves black 3 + 128 moves"
    );
}

#[test]
fn moves_after_a_sequence() {
    let o = run(&[
        "moves",
        "games/quoridor.toml",
        "--moves",
        "e2 e8 e3 e7 e4 e6 e5",
        "--short",
    ]);
    let out = stdout(&o);
    // Black on e6 faces white on e5: it may jump to e4.
    for m in ["d6", "f6", "e7", "e4"] {
        assert!(out.lines().any(|l| l == m), "{m} missing:\n{out}");
    }
    assert_eq!(out.lines().count(), 4 + 128);
}

#[test]
fn an_illegal_move_is_refused_with_a_reason() {
    let o = run(&["moves", "games/quoridor.toml", "--moves", "e2 e8 e3h e3"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("move 4 `e3`"), "{err}");
    let o = run(&["show", "games/quoridor.toml", "--moves", "e3h e8 e3v"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("overlap or cross the barrier on e3h"),
        "{}",
        stderr(&o)
    );
    let o = run(&["show", "games/quoridor.toml", "--moves", "z1"]);
    assert!(stderr(&o).contains("no site `z1`"), "{}", stderr(&o));
}

/// Issue 23: a slot that touches a hole, a hole typed as a site, and a
/// refused move are reported as what they are, quoting what was typed.
#[test]
fn holes_missing_slots_and_typed_moves_are_named_as_they_are() {
    let game = "tests/games/walls-and-holes.toml";
    let cases: [(&[&str], &[&str]); 6] = [
        (
            &["--moves", "c3h"],
            &["there is no barrier slot `c3h` on this board (a barrier there would touch the hole d4)"],
        ),
        (
            &["--moves", "e1v"],
            &["no barrier slot `e1v`", "run along or past the edge of the board"],
        ),
        (&["--moves", "d4"], &["`d4` is a hole of this board"]),
        (&["--moves", "c1-d4"], &["`d4` is a hole of this board"]),
        (
            &[
                "--position",
                "pieces white pawn c1 d4, black pawn c5; barriers c3h; turn white",
            ],
            &[
                "`d4` is a hole of the board",
                "`holes` in `[board]`",
                "there is no barrier slot `c3h` on this board",
                "touch the hole d4",
            ],
        ),
        (
            &[
                "--position",
                "pieces white pawn c1, black pawn c2; turn white",
                "--moves",
                "c1-c2",
            ],
            &["`c1-c2` is not a legal move here"],
        ),
    ];
    for (args, expected) in cases {
        let o = run(&[&["moves", game], args].concat());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        for e in expected {
            assert!(err.contains(e), "{args:?}: `{e}` missing:\n{err}");
        }
        assert!(!err.contains("no site"), "{args:?}:\n{err}");
    }
    let o = run(&[
        "moves",
        "tests/games/drops-and-reach.toml",
        "--position",
        "pieces white pawn b1, black pawn b4; barriers c2h c1v; reserves white wall 4, white pawn 1, black wall 4; turn white",
        "--moves",
        "pawn@d1",
    ]);
    assert!(
        stderr(&o).contains("`pawn@d1` is not a legal move here"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn show_prints_a_position_that_loads_again() {
    let o = run(&["show", "games/quoridor.toml", "--moves", "e2 e8 e3h"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let pos = out
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .unwrap()
        .to_string();
    let again = run(&["show", "games/quoridor.toml", "--position", &pos]);
    assert_eq!(stdout(&again), out);
}

#[test]
fn a_corrupt_position_gets_every_error() {
    let o = run(&[
        "show",
        "games/quoridor.toml",
        "--position",
        "pieces white pawn e1, black pwan e9, white pawn e1; barriers e3h e3v; turn green",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    for what in [
        "unknown piece `pwan`",
        "two pieces on `e1`",
        "overlaps or crosses",
        "`green` is not a turn",
    ] {
        assert!(err.contains(what), "{what} missing:\n{err}");
    }
}

#[test]
fn bench_json_has_the_documented_keys() {
    let o = run(&[
        "bench",
        "games/quoridor-kid.toml",
        "--seconds",
        "0.2",
        "--json",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    for key in ["playouts_per_s", "plies_per_s", "mean_length", "outcomes"] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    let outcomes = v["outcomes"].as_object().unwrap();
    let total: u64 = outcomes.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(total, v["playouts"].as_u64().unwrap());
}

#[test]
fn bench_runs_on_several_threads() {
    let o = run(&[
        "bench",
        "games/quoridor.toml",
        "--seconds",
        "0",
        "--max-plies",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["threads"], 2);
    // Each thread plays at least one playout of three plies.
    assert_eq!(v["playouts"], 2);
    assert_eq!(v["mean_length"], 3.0);
}

#[test]
fn bench_plays_an_exact_number_of_playouts_the_same_on_every_run() {
    let args = [
        "bench",
        "games/asalto.toml",
        "--playouts",
        "3",
        "--threads",
        "2",
        "--seconds",
        "100",
        "--json",
    ];
    let runs: Vec<serde_json::Value> = (0..2)
        .map(|_| serde_json::from_str(stdout(&run(&args)).trim()).unwrap())
        .collect();
    // Three per thread, however long `--seconds` says.
    assert_eq!(runs[0]["playouts"], 6);
    assert_eq!(runs[0]["mean_length"], runs[1]["mean_length"]);
    assert_eq!(runs[0]["outcomes"], runs[1]["outcomes"]);
}

#[test]
fn bench_counts_capped_games_as_draws() {
    let o = run(&[
        "bench",
        "games/quoridor.toml",
        "--seconds",
        "0",
        "--max-plies",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["outcomes"]["draw"], v["playouts"]);
    assert_eq!(v["mean_length"], 2.0);
}

#[test]
fn scenario_prints_the_same_text_as_the_snapshot() {
    let o = run(&["scenario", "tests/scenarios/quoridor-side-step.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let snap = std::fs::read_to_string(
        common::root().join("tests/snapshots/scenarios__scenarios@quoridor-side-step.toml.snap"),
    )
    .unwrap();
    let body = snap.splitn(3, "---\n").nth(2).unwrap();
    assert_eq!(stdout(&o).trim_end(), body.trim_end());
}

/// Runs `play` with the given lines typed at the prompt.
fn play_session(args: &[&str], typed: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavoliere"))
        .arg("play")
        .args(args)
        .current_dir(common::root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_two_player_seat_moves_both_attacking_sides() {
    let o = play_session(
        &["games/siege-of-paris-2p.toml", "--computer", "attackers"],
        "G@W\nCo@E\nW-c8\nc8-b8\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // The computer seat plays White, then Black, each after a Yellow move.
    let white = out.find("white plays").expect("the seat plays White");
    let black = out.find("black plays").expect("the seat plays Black");
    assert!(white < black, "{out}");
    // The last line; the prompt before `quit` has no newline of its own.
    let record = out
        .rsplit_once("record: ")
        .expect("the record is printed")
        .1;
    let moves: Vec<&str> = record.split_whitespace().collect();
    assert_eq!(moves.len(), 6, "{record}");
    assert_eq!(&moves[..3], ["G@W", "Co@E", "W-c8"]);
    assert_eq!(moves[4], "c8-b8");
    // The human seat is asked for Yellow's moves only.
    assert!(!out.contains("white to move"), "{out}");
    assert!(!out.contains("black to move"), "{out}");
}

#[test]
fn the_seats_are_distinct_from_the_sides_in_the_status_and_bench() {
    let o = run(&[
        "show",
        "games/siege-of-paris-2p.toml",
        "--moves",
        "G@W Co@E W-c8",
    ]);
    assert!(
        stdout(&o).contains("white to move (seat attackers)"),
        "{}",
        stdout(&o)
    );
    let o = run(&[
        "bench",
        "games/siege-of-paris-2p.toml",
        "--seconds",
        "0.2",
        "--max-plies",
        "50",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(v["seat_wins"]["defender"].is_u64(), "{v}");
    assert!(v["seat_wins"]["attackers"].is_u64(), "{v}");
}

#[test]
fn an_unknown_seat_is_refused_with_the_known_ones() {
    let o = run(&[
        "play",
        "games/siege-of-paris-2p.toml",
        "--computer",
        "prussia",
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("defender, attackers"), "{err}");
}

#[test]
fn a_square_under_a_fortress_cell_is_explained() {
    let o = run(&[
        "moves",
        "games/siege-of-paris.toml",
        "--moves",
        "G@W Co@E W-e9",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("e9 is part of the site `W`"), "{err}");
}

/// `moves --why MOVE`: the reason, and exit code 1 for a refused move.
fn why(args: &[&str]) -> (String, Option<i32>) {
    let o = run(&[&["moves"], args].concat());
    (stdout(&o), o.status.code())
}

#[test]
fn why_names_the_rule_that_refuses_a_move_in_every_game() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["games/quoridor.toml", "--why", "e1-e3"],
            "no move of the white pawn on e1 ends on e3; its legal moves: e1-d1, e1-e2, e1-f1",
        ),
        (
            &[
                "games/quoridor.toml",
                "--position",
                "pieces white pawn a1, black pawn e9; barriers a1v; turn white",
                "--why",
                "a2h",
            ],
            "`a2h` would break the rule `reach(any pawn, goal, orth)`",
        ),
        (
            &[
                "games/asalto-enforce-max.toml",
                "--position",
                "pieces soldiers soldier d4 e3 c3 e4 a3 a4 a5 b5 c1 d1 e1 g5, officers officer d5 c7; turn officers",
                "--why",
                "c7-c6",
            ],
            "the capture rule (`maximum`) keeps only these moves: d5xd3xb3, d5xd3xf3",
        ),
        (
            &[
                "games/siege-of-paris.toml",
                "--position",
                "pieces yellow defender_soldier a2 a4 a12 W, black soldier a16; turn yellow",
                "--why",
                "W-c8",
            ],
            "would break the rule `count(own defender_soldier in light_outside) <= 3",
        ),
        (
            &[
                "games/siege-of-paris.toml",
                "--position",
                "pieces yellow defender_soldier a1, yellow defender_colonel W, yellow defender_general N, white soldier b2 c3, black soldier a16; turn yellow",
                "--why",
                "N-NE",
            ],
            "a priority of the game (when `count(own piece in outside) >= 1 and not can(from(in outside))`",
        ),
        (
            &[
                "games/siege-of-paris-demand.toml",
                "--position",
                "pieces yellow defender_colonel c4, yellow defender_general W, white soldier c5, black soldier a16; turn yellow; demanded",
                "--why",
                "W-c8",
            ],
            "the last move demanded a move that meets its rule: c4xc5",
        ),
        (
            &[
                "games/tamerlane.toml",
                "--position",
                "pieces white king e1, black rook d10, black king k10; turn white",
                "--why",
                "e1-d1",
            ],
            "would leave the white king on d1 attacked by the black rook on d10",
        ),
        (
            &["games/tamerlane.toml", "--why", "K<>e2"],
            "is not a legal swap here (no king or prince or adventitious_king can swap now: its token may be spent, or a priority may leave it aside)",
        ),
        // A constraint with `when`, named, binding because it held before
        // the move (janggi's bikjang: the generals face each other).
        (
            &[
                "games/janggi.toml",
                "--position",
                "pieces blue general e2, blue guard d1, red general e10, red guard d10; turn blue",
                "--why",
                "e2-e1",
            ],
            "`e2-e1` would break the rule `not somewhere(friend general and sees(n | s, enemy general))` (`bikjang`), which binds this move: its `when` holds here",
        ),
        // S-chess: a piece left behind by a piece without `leave`.
        (
            &["games/seirawan.toml", "--why", "e2-e4/H"],
            "the white pawn on e2 leaves nothing behind: its kind has no `leave`",
        ),
        // A swap in a game whose pieces never swap: no word of tokens.
        (
            &["games/asalto.toml", "--why", "O<>d4"],
            "`O<>d4` is not a legal swap here (no piece of this game swaps)",
        ),
        // A game with swaps but neither tokens nor priorities.
        (
            &[
                "tests/games/swap-promotion.toml",
                "--moves",
                "M<>a4 d4-d3",
                "--why",
                "M<>b1",
            ],
            "`M<>b1` is not a legal swap here (no mover can swap now)",
        ),
    ];
    for (args, expected) in cases {
        let (out, code) = why(args);
        assert!(out.contains(expected), "{args:?}:\n{out}");
        assert_eq!(code, Some(1), "{args:?}");
    }
    let (out, code) = why(&["games/tamerlane.toml", "--why", "b2-c4"]);
    assert_eq!(out.trim(), "`b2-c4` is legal");
    assert_eq!(code, Some(0));
}

#[test]
fn play_refuses_with_the_same_reason() {
    let o = play_session(
        &[
            "games/tamerlane.toml",
            "--position",
            "pieces white king e1, black rook d10, black king k10; turn white",
        ],
        "e1-d1\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("would leave the white king on d1 attacked by the black rook on d10"),
        "{out}"
    );
}

#[test]
fn a_scripted_game_with_refusal_undo_save_load_and_an_end() {
    let dir = std::env::temp_dir().join(format!("tavoliere-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    let _ = std::fs::remove_file(&record);
    let record_arg = record.to_string_lossy().into_owned();
    let mate_in_one =
        "pieces white king k8, white war_engine i8, white knight h9, black king k10; turn white";
    let o = play_session(
        &[
            "games/tamerlane.toml",
            "--position",
            mate_in_one,
            "--seat",
            "black=random",
            "--record",
            &record_arg,
        ],
        "k8-k9\nh9-f8\nundo\nsave\ni8-i10\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // The illegal move is refused with its reason; the legal one is played
    // and answered; undo takes back both; the mate ends the game.
    assert!(
        out.contains("not played: `k8-k9` is not a legal move here (`k8-k9` would leave the white king on k9 attacked by the black king on k10)"),
        "{out}"
    );
    assert!(out.contains("black plays"), "{out}");
    assert!(out.contains(&format!("saved to {record_arg}")), "{out}");
    assert!(out.contains("game over: white won"), "{out}");
    assert!(
        out.trim_end()
            .ends_with(&format!("record kept in {record_arg}")),
        "{out}"
    );
    // The record was rewritten after the last move: the game file and the
    // one move left after the undo.
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(
        text,
        "# tavoliere game record\ngame games/tamerlane.toml\ni8-i10\n"
    );
    // Loaded again, the game resumes finished.
    let o = play_session(
        &[
            "games/tamerlane.toml",
            "--position",
            mate_in_one,
            "--load",
            &record_arg,
        ],
        "",
    );
    let out = stdout(&o);
    assert!(out.contains("resumed after 1 move\n"), "{out}");
    assert!(out.contains("game over: white won"), "{out}");
    // A record of another game is refused.
    let o = play_session(&["games/quoridor.toml", "--load", &record_arg], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("this is a record of games/tamerlane.toml"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pgn_record_is_written_in_san_and_a_wrong_move_in_one_is_located() {
    let dir = std::env::temp_dir().join(format!("tavoliere-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.pgn");
    let _ = std::fs::remove_file(&record);
    let record_arg = record.to_string_lossy().into_owned();
    // Fool's mate, typed in SAN and in coordinates.
    let o = play_session(
        &["games/chess.toml", "--record", &record_arg],
        "f3\ne7-e5\ng4\nQh4\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("record: f3 e5 g4 Qh4#"),
        "{}",
        stdout(&o)
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{text}");
    // A record with an illegal move: its line and column.
    std::fs::write(&record, "[Event \"?\"]\n\n1. e4 e5\n2. Ke3 *\n").unwrap();
    let o = play_session(&["games/chess.toml", "--load", &record_arg], "");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{record_arg}:4:4: the record's move `Ke3` is not legal"
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_reports_results_with_intervals_lengths_and_branching() {
    let o = run(&[
        "analyze",
        "games/quoridor-kid.toml",
        "--games",
        "12",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let wins = v["wins"]["white"]["games"].as_u64().unwrap()
        + v["wins"]["black"]["games"].as_u64().unwrap()
        + v["draws"]["games"].as_u64().unwrap();
    assert_eq!(wins, 12);
    for key in ["low", "high", "percent"] {
        assert!(v["draws"][key].is_number(), "{v}");
    }
    assert!(v["length"]["median"].as_u64().unwrap() > 0);
    assert!(v["branching"].as_f64().unwrap() > 1.0);
    assert_eq!(v["first_seat"], "white");
}

#[test]
fn mcts_beats_random_at_quoridor_kid() {
    // Seeded: each game's seed is fixed by its number, whatever the threads.
    let o = run(&[
        "analyze",
        "games/quoridor-kid.toml",
        "--games",
        "10",
        "--seat",
        "white=mcts:100",
        "--max-plies",
        "200",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let won = v["wins"]["white"]["games"].as_u64().unwrap();
    assert!(won >= 7, "MCTS won only {won} of 10: {v}");
}

/// Every command that prints ends quietly, with exit code 0 and no panic,
/// when the reader of its output has gone away (`tavoliere moves ... | head -1`).
/// The reading end is closed before the command starts, so that its first
/// write fails, every time.
#[test]
fn a_reader_that_goes_away_ends_every_command_quietly() {
    let commands: &[&[&str]] = &[
        &["validate", "games/quoridor.toml", "games/asalto.toml"],
        &["validate", "--format", "json", "tests/errors/bad-name.toml"],
        &["show", "games/quoridor.toml"],
        &["moves", "games/quoridor.toml"],
        &["moves", "games/quoridor.toml", "--why", "e2"],
        &["perft", "games/quoridor.toml", "--depth", "2"],
        &["perft", "games/quoridor.toml", "--depth", "2", "--divide"],
        &["bench", "games/quoridor.toml", "--playouts", "1"],
        &["bench", "games/quoridor.toml", "--seconds", "0.2"],
        &["analyze", "games/quoridor.toml", "--games", "2"],
        &["scenario", "tests/scenarios/SCENARIO"],
        &["play", "games/quoridor.toml"],
    ];
    let scenario = std::fs::read_dir(common::root().join("tests/scenarios"))
        .expect("the scenarios are there")
        .map(|e| e.expect("a readable entry").path())
        .find(|p| p.extension().is_some_and(|x| x == "toml"))
        .expect("a scenario");
    for args in commands {
        let args: Vec<String> = args
            .iter()
            .map(|a| match *a {
                "tests/scenarios/SCENARIO" => scenario.to_string_lossy().into_owned(),
                a => a.to_string(),
            })
            .collect();
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o = Command::new(env!("CARGO_BIN_EXE_tavoliere"))
            .args(&args)
            .current_dir(common::root())
            .stdin(std::process::Stdio::null())
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("the binary runs");
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?} said: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    }
}

/// `moves` says why nothing is legal: the game is over (its result and the
/// end rule that decided it), or the side to move must pass. Standard
/// output stays the list of moves.
#[test]
fn moves_says_why_nothing_is_legal() {
    let won = run(&[
        "moves",
        "games/quoridor.toml",
        "--position",
        "pieces white pawn e9, black pawn a5; turn black",
    ]);
    assert_eq!(won.status.code(), Some(0));
    assert_eq!(stdout(&won), "");
    assert_eq!(
        stderr(&won).trim_end(),
        "game over: white won, by the end rule `count(own pawn in goal) >= 1` (for white)"
    );
    let mated = run(&[
        "moves",
        "games/tamerlane.toml",
        "--position",
        "pieces white king k8, white war_engine i8, white knight h9, black king k10; turn white",
        "--moves",
        "i8-i10",
    ]);
    assert_eq!(stdout(&mated), "");
    assert_eq!(
        stderr(&mated).trim_end(),
        "game over: white won: black had no legal move, and its `no_moves` rule is `lose`"
    );
    let stuck = run(&[
        "moves",
        "games/siege-of-paris.toml",
        "--position",
        "pieces yellow defender_general W, white soldier a1, black soldier b2 a15; turn white",
    ]);
    assert_eq!(stdout(&stuck), "pass\n");
    assert_eq!(
        stderr(&stuck).trim_end(),
        "white has no move: `pass` is its only one (its `no_moves` rule is `pass`)"
    );
}

/// `--record` writes through a fresh temporary file: a file that happens to
/// share the old temporary name is left alone, and a record that is a
/// symbolic link is refused rather than written through.
#[test]
fn the_record_is_written_beside_no_other_file() {
    let dir = std::env::temp_dir().join(format!("tavoliere-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.tmp"), "keep").unwrap();
    let notes = dir.join("notes.txt").to_string_lossy().into_owned();
    let o = play_session(
        &["games/tic-tac-toe.toml", "--record", &notes],
        "save\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.tmp")).unwrap(),
        "keep"
    );
    assert!(std::fs::read_to_string(&notes)
        .unwrap()
        .starts_with("# tavoliere game record\n"));
    std::fs::write(dir.join("outside.txt"), "outside").unwrap();
    std::os::unix::fs::symlink(dir.join("outside.txt"), dir.join("link.txt")).unwrap();
    let link = dir.join("link.txt").to_string_lossy().into_owned();
    let o = play_session(
        &["games/tic-tac-toe.toml", "--record", &link],
        "save\nquit\n",
    );
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("outside.txt")).unwrap(),
        "outside"
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
