//! FEN both ways: `fen_string` of a position read from a FEN gives the FEN
//! back (chess, crazyhouse with a pocket and promoted pieces, shogi and
//! minishogi SFEN with hands, xiangqi, backgammon's stacks and Lasca's
//! columns in parentheses), and the counters go on from the
//! ones read: the halfmove clock in its `since(...)` counter, the move
//! number in the history's plies.

mod common;

use tavoliere::notation::{fen_string, position_to_string};

/// Reads each FEN in `game` and writes it back.
fn round_trips(game: &str, fens: &[&str]) {
    let rules = common::load(game);
    for &text in fens {
        let st = common::fen(&rules, text);
        assert_eq!(fen_string(&rules, &st).unwrap(), text, "{game}");
    }
}

#[test]
fn chess_fens_read_back() {
    round_trips(
        "games/chess.toml",
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // En passant, and both counters (chessprogramming.org position 5
            // keeps `1 8`).
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 37 61",
        ],
    );
}

#[test]
fn crazyhouse_pockets_and_promoted_pieces_read_back() {
    round_trips(
        "games/crazyhouse.toml",
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "2kr1b1r/pppq1ppp/2n1bn2/4p3/4P3/2NP1N2/PPP2PPP/R1BQ~KB1R[PPbn] w KQ - 0 10",
            "r1b1k2r/ppp2ppp/2n5/3q4/1b1n~4/8/PPP2PPP/R1BQKB1R[NPbp] w KQkq - 3 15",
        ],
    );
}

#[test]
fn crazyhouse_reads_the_pocket_as_a_ninth_rank() {
    let rules = common::load("games/crazyhouse.toml");
    let st = common::fen(
        &rules,
        "2kr1b1r/pppq1ppp/2n1bn2/4p3/4P3/2NP1N2/PPP2PPP/R1BQ~KB1R/PPbn w KQ - 0 10",
    );
    assert_eq!(
        fen_string(&rules, &st).unwrap(),
        "2kr1b1r/pppq1ppp/2n1bn2/4p3/4P3/2NP1N2/PPP2PPP/R1BQ~KB1R[PPbn] w KQ - 0 10"
    );
}

#[test]
fn shogi_sfens_read_back() {
    round_trips(
        "games/shogi.toml",
        &[
            // The USI start position.
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            // Hands in USI order, black's first; promoted pieces `+X`.
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1SG4R1/LN2KGSNL b Bb 13",
            "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BG2SLPnp 62",
        ],
    );
}

#[test]
fn minishogi_sfens_read_back() {
    round_trips(
        "games/minishogi.toml",
        &[
            "rbsgk/4p/5/P4/KGSBR b - 1",
            "rb1gk/4p/2s2/P4/KG1B1 w RS 6",
            "2+Bgk/4p/5/5/K+r3 b GSPrbs 11",
        ],
    );
}

#[test]
fn xiangqi_fens_read_back() {
    round_trips(
        "games/xiangqi.toml",
        &[
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKAB1R b - - 0 1",
        ],
    );
}

/// The counters go on from the FEN's: the halfmove clock is the
/// fifty-move rule's `since(...)`, the fullmove number one more after
/// black's move.
#[test]
fn chess_counters_count_on_from_the_fen() {
    let rules = common::load("games/chess.toml");
    let st = common::fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 37 12",
    );
    let st = common::play_all(&rules, st, "g8-f6 g1-f3");
    assert_eq!(
        fen_string(&rules, &st).unwrap(),
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 39 13"
    );
    // A pawn move restarts the clock.
    let st = common::play_all(&rules, st, "e7-e5");
    assert!(fen_string(&rules, &st).unwrap().ends_with(" e6 0 14"));
}

/// SFEN's move count counts plies: one more after every move; captures go
/// to the hands, written in USI order.
#[test]
fn shogi_move_count_and_hands_count_on() {
    let rules = common::load("games/shogi.toml");
    let st = rules.initial();
    let st = common::play_all(&rules, st, "c3-c4 g7-g6 b2xh8=+B i9-i8 h8xi8");
    // The position Fairy-Stockfish's get_fen(..., sfen=True) writes after
    // the same moves (c3c4 g7g6 b2h8+ i9i8 h8i8): black holds a bishop
    // and a lance (Fairy-Stockfish writes them `LB`; USI's order is
    // R B G S N L P).
    assert_eq!(
        fen_string(&rules, &st).unwrap(),
        "lnsgkgsn1/1r6+B/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BL 6"
    );
}

/// The move number read from a FEN survives the position's text (its
/// `plies` section): saved and read back, the game counts on from 37.
#[test]
fn fen_move_number_survives_the_position_text() {
    let rules = common::load("games/chess.toml");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 37";
    let st = common::fen(&rules, fen);
    let text = position_to_string(&rules, &st);
    assert!(text.contains("; plies 72"), "{text}");
    let back = common::position(&rules, &text);
    assert_eq!(fen_string(&rules, &back).unwrap(), fen);
    assert_eq!(position_to_string(&rules, &back), text);
    // Two moves on: black's move makes it move 38 (FEN's fullmove).
    let st = common::play_all(&rules, back, "a1-b1 a8-b8");
    assert_eq!(
        fen_string(&rules, &st).unwrap(),
        "1r2k2r/8/8/8/8/8/8/1R2K2R w Kk - 7 38"
    );
}

/// Backgammon's start, written by hand from the standard setup as
/// `games/backgammon.toml` lays it out (rank 2 on top, files a–l; white's
/// men `M`, black's `m`): two on each side's 24-point (a1 white, a2
/// black), five on the 13-point (l1 white... l2 black), three on the
/// 8-point (h2 white, h1 black), five on the 6-point (f2 white, f1 black).
/// Each point of several men is its symbols in parentheses.
#[test]
fn backgammon_points_are_stacks_in_parentheses() {
    let rules = common::load("games/backgammon.toml");
    let start = "(mm)4(MMMMM)1(MMM)3(mmmmm)/(MM)4(mmmmm)1(mmm)3(MMMMM) w - - 0 1";
    assert_eq!(fen_string(&rules, &rules.initial()).unwrap(), start);
    let read = common::fen(&rules, start);
    assert_eq!(
        position_to_string(&rules, &read),
        position_to_string(&rules, &rules.initial())
    );
}

/// Lasca's columns, top down: after c3-d4, black's man on e5 takes the
/// white man on d4 and lands on c3 with its prisoner under it, `(bw)`.
/// White's b2xd4 then takes black's man off the top of c3 (freeing the
/// white man under it) and lands on d4 over it, `(wb)`. Each FEN reads
/// back as the position the moves made, with the pieces in the same
/// order.
#[test]
fn lasca_columns_read_back_top_down() {
    let rules = common::load("games/lasca.toml");
    let cases = [
        (
            "c3-d4 e5xc3",
            "b1b1b1b/1b1b1b1/b1b3b/7/w1(bw)1w1w/1w1w1w1/w1w1w1w w - - 0 1",
        ),
        (
            "c3-d4 e5xc3 b2xd4",
            "b1b1b1b/1b1b1b1/b1b3b/3(wb)3/w1w1w1w/3w1w1/w1w1w1w b - - 0 1",
        ),
    ];
    for (moves, fen) in cases {
        let played = common::play_all(&rules, rules.initial(), moves);
        assert_eq!(fen_string(&rules, &played).unwrap(), fen, "{moves}");
        let read = common::fen(&rules, fen);
        assert_eq!(
            position_to_string(&rules, &read),
            position_to_string(&rules, &played),
            "{moves}"
        );
    }
}

/// A turn of the prelude is the side field's `SIDE*K`. OpenSpiel's
/// backgammon opens with a roll-off (the prelude's one turn): its start
/// writes `w*1` and reads back at the roll-off, whose 30 outcomes are the
/// ordered pairs of different dice; after White's 5 against Black's 3,
/// White plays that 5-3, so the FEN is the plain `w`. Asalto's officers
/// place their two pieces in the prelude: `o*1`, `o*2`, then the turn
/// order.
#[test]
fn a_prelude_turn_is_written_after_the_side() {
    let rules = common::load("games/backgammon-openspiel.toml");
    let board = "(mm)4(MMMMM)1(MMM)3(mmmmm)/(MM)4(mmmmm)1(mmm)3(MMMMM)";
    let start = format!("{board} w*1 - - 0 1");
    assert_eq!(fen_string(&rules, &rules.initial()).unwrap(), start);
    let read = common::fen(&rules, &start);
    assert_eq!(
        position_to_string(&rules, &read),
        position_to_string(&rules, &rules.initial())
    );
    let mut rolls = Vec::new();
    rules.legal_moves(&read, &mut rolls);
    assert_eq!(rolls.len(), 30);
    let rolled = common::play_all(&rules, rules.initial(), "roll:5-3");
    let fen = fen_string(&rules, &rolled).unwrap();
    assert_eq!(fen, format!("{board} w - - 0 1"));
    let asalto = common::load("games/asalto.toml");
    let mut st = asalto.initial();
    let mut sides = Vec::new();
    for _ in 0..3 {
        let fen = fen_string(&asalto, &st).unwrap();
        let side = fen.split(' ').nth(1).unwrap().to_string();
        let again = common::fen(&asalto, &fen);
        assert_eq!(fen_string(&asalto, &again).unwrap(), fen);
        sides.push(side);
        let mut moves = Vec::new();
        asalto.legal_moves(&st, &mut moves);
        asalto.play(&mut st, moves[0]);
    }
    assert_eq!(sides[..2], ["o*1", "o*2"]);
    assert!(!sides[2].contains('*'), "{sides:?}");
}

/// A parenthesised site where the game cannot hold one, one left open,
/// and a prelude turn the game has not or is another side's, are errors
/// that name the column where they are.
#[test]
fn misplaced_or_unclosed_stacks_are_errors() {
    let cases = [
        (
            "games/chess.toml",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/(RN)BQKBNR w KQkq - 0 1",
            "no stack this game can hold here",
        ),
        (
            "games/lasca.toml",
            "b1b1b1b/1b1b1b1/b1b3b/7/w1(bw1w1w/1w1w1w1/w1w1w1w w - - 0 1",
            "`(` is never closed",
        ),
        (
            "games/backgammon.toml",
            "(mM)4(MMMMM)1(MMM)3(mmmmm)/(MM)4(mmmmm)1(mmm)3(MMMMM) w - - 0 1",
            "no stack this game can hold here",
        ),
        (
            "games/backgammon.toml",
            "(mm)4(MMMMM)1(MMM)3(mmmmm)/(MM)4(mmmmm)1(mmm)3(MMMMM) w*1 - - 0 1",
            "`w*1` is no turn of the prelude",
        ),
        (
            "games/backgammon-openspiel.toml",
            "(mm)4(MMMMM)1(MMM)3(mmmmm)/(MM)4(mmmmm)1(mmm)3(MMMMM) b*1 - - 0 1",
            "the prelude's turn 1 is not `b`'s",
        ),
    ];
    for (game, text, message) in cases {
        let rules = common::load(game);
        let mut sources = tavoliere::diag::Sources::new();
        let id = sources.add("fen", text);
        let errors = tavoliere::notation::parse_fen(&rules, text, id)
            .err()
            .unwrap_or_else(|| panic!("{game}: {text} was read"));
        let shown = tavoliere::diag::render(&sources, &errors);
        assert!(shown.contains(message), "{game}: {shown}");
        assert!(shown.contains("fen:1:"), "{game}: {shown}");
        assert!(shown.contains("hint:"), "{game}: {shown}");
    }
}
