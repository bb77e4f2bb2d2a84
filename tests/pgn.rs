//! SAN and PGN: Morphy's Opera Game (1858) read from `tests/pgn/opera.pgn`,
//! a record with comments, a `$1` glyph, a `!`, a variation and a `;`
//! comment, reaches the final position every chess database gives
//! (python-chess agrees: `tests/perft/san_compare.py` checks SAN along
//! random games); the PGN tavoliere writes reads back; hand-checked SAN
//! cases; and located errors.

mod common;

use tavoliere::notation::{
    fen_string, move_to_san, parse_move, pgn_result, pgn_text, read_pgn, san_texts,
};
use tavoliere::rules::{Outcome, Rules, State};

/// Plays a PGN's moves from `start`, returning the position and the SAN
/// tavoliere writes for each.
fn play_pgn(rules: &Rules, mut st: State, text: &str) -> (State, Vec<String>) {
    let pgn = read_pgn(text).expect("the PGN reads");
    let mut written = Vec::new();
    for (m, line, col) in &pgn.moves {
        let mv = parse_move(rules, &st, m).unwrap_or_else(|e| panic!("{line}:{col} `{m}`: {e}"));
        written.push(move_to_san(rules, &st, mv));
        rules.play(&mut st, mv);
    }
    (st, written)
}

#[test]
fn the_opera_game_reaches_its_final_position() {
    let rules = common::load("games/chess.toml");
    let text = std::fs::read_to_string(common::root().join("tests/pgn/opera.pgn")).unwrap();
    let (end, written) = play_pgn(&rules, rules.initial(), &text);
    assert_eq!(written.len(), 33, "the variation 14...Qb4 is skipped");
    assert_eq!(
        fen_string(&rules, &end).unwrap(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    assert!(matches!(rules.outcome(&end), Outcome::Win(0)));
    assert_eq!(pgn_result(&rules, &end), "1-0");
    // Written as the record writes them, without its `!`.
    assert_eq!(written[18], "Nxb5");
    assert_eq!(written[22], "O-O-O");
    assert_eq!(written[32], "Rd8#");
    // Written out and read again: the same moves and the same end.
    let again = pgn_text(&rules, &rules.initial(), &written, "1-0");
    assert!(again.contains("[Result \"1-0\"]"), "{again}");
    assert!(again.contains("17. Rd8# 1-0"), "{again}");
    let (end_again, written_again) = play_pgn(&rules, rules.initial(), &again);
    assert_eq!(written_again, written);
    assert_eq!(fen_string(&rules, &end_again), fen_string(&rules, &end));
}

#[test]
fn a_pgn_from_a_fen_names_it_and_numbers_black_moves() {
    let rules = common::load("games/chess.toml");
    let start = common::fen(&rules, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
    let text = pgn_text(&rules, &start, &["Kd7".into(), "e4".into()], "*");
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]"),
        "{text}"
    );
    assert!(text.contains("\n1... Kd7 2. e4 *"), "{text}");
    let pgn = read_pgn(&text).unwrap();
    assert_eq!(pgn.tag("FEN"), Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"));
    assert_eq!(pgn.moves.len(), 2);
}

/// Each position's SAN, sorted, as counted by hand from the rules of SAN
/// (FIDE Laws, appendix C).
#[test]
fn san_disambiguates_takes_promotes_and_checks() {
    let rules = common::load("games/chess.toml");
    let cases: &[(&str, &[&str])] = &[
        // Two knights reach d2: by file (Nbd2, Nfd2); two rooks on the a-file
        // reach a3: by rank (R1a3, R5a3).
        (
            "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1",
            &["Nbd2", "Nfd2", "R1a3", "R5a3"],
        ),
        // Three queens reach e1: the one on e4 by its file, the one on h1
        // by its rank, the one on h4 by its square (neither is enough).
        (
            "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1",
            &["Qee1", "Q1e1", "Qh4e1"],
        ),
        // En passant names the pawn's file and takes.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["exd6", "e6"]),
        // Promotion with capture and check.
        (
            "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
            &["exd8=Q+", "exd8=R+", "exd8=B", "exd8=N"],
        ),
        // Castling both ways; a rook's check.
        (
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            &["O-O", "O-O-O", "Ra8+", "Rh8+"],
        ),
        // Back-rank mate.
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["Ra8#"]),
    ];
    for (fen, wanted) in cases {
        let st = common::fen(&rules, fen);
        let mut legal = Vec::new();
        rules.legal_moves(&st, &mut legal);
        let texts = san_texts(&rules, &st, &legal);
        for want in *wanted {
            assert!(
                texts.iter().any(|t| t == want),
                "{fen}: no `{want}` in {texts:?}"
            );
            let mv = parse_move(&rules, &st, want).unwrap();
            assert_eq!(move_to_san(&rules, &st, mv), *want, "{fen}");
        }
    }
}

#[test]
fn san_reads_leniently_and_refuses_with_the_moves_of_the_piece() {
    let rules = common::load("games/chess.toml");
    let st = rules.initial();
    // More origin than needed, a missing `x` elsewhere, castling with zeros,
    // annotations: all read.
    for (typed, san) in [
        ("Ngf3", "Nf3"),
        ("Nf3!?", "Nf3"),
        ("e2e4", "e4"),
        ("e4+", "e4"),
    ] {
        let mv = parse_move(&rules, &st, typed).unwrap_or_else(|e| panic!("`{typed}`: {e}"));
        assert_eq!(move_to_san(&rules, &st, mv), san, "`{typed}`");
    }
    let e = parse_move(&rules, &st, "Nd4").unwrap_err();
    assert_eq!(e.message, "`Nd4` is not a legal move here");
    assert_eq!(
        e.hint.as_deref(),
        Some("the `N` moves are Na3, Nc3, Nf3, Nh3")
    );
    let castled = common::fen(&rules, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let mv = parse_move(&rules, &castled, "0-0").unwrap();
    assert_eq!(move_to_san(&rules, &castled, mv), "O-O");
}

#[test]
fn pgn_errors_are_located() {
    for (text, line, col, why) in [
        ("[Event \"x\"\n1. e4", 1, 1, "a tag is written"),
        (
            "1. e4 {a comment\nover two lines",
            1,
            7,
            "a comment `{` is not closed",
        ),
        ("1. e4 ) e5", 1, 7, "a `)` closes no variation"),
        ("1. e4 (1... d5\n", 1, 7, "a variation `(` is not closed"),
    ] {
        let (l, c, message) = read_pgn(text).unwrap_err();
        assert_eq!((l, c), (line, col), "{text:?}: {message}");
        assert!(message.starts_with(why), "{text:?}: {message}");
    }
}
