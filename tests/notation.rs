//! Move notation tells moves apart: along seeded random games of every game
//! file and every test game, no two legal moves of a position print the
//! same text (full or short), and every text parses back to its move.

mod common;

use std::collections::HashMap;
use tavoliere::notation::{move_texts, move_to_string, parse_move, short_texts};
use tavoliere::playout::random_game;
use tavoliere::rules::{Move, Rules, State};

/// Games per file, and their most plies: enough to meet captures and
/// chains, few enough for the test profile.
const GAMES: usize = 3;
const PLIES: u32 = 60;

/// Checks one position: distinct moves, distinct texts, and each text read
/// back as its move. Parsing generates the legal moves, so of the barrier
/// placements (a slot's name, the same in every position, and a hundred
/// or more of them on a Quoridor board) one in 16 is read back.
fn check_position(rules: &Rules, st: &State, what: &str) {
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    let mut seen: HashMap<Move, usize> = HashMap::new();
    for (i, &mv) in legal.iter().enumerate() {
        if let Some(j) = seen.insert(mv, i) {
            panic!("{what}: the move {mv:?} is listed twice (at {j} and {i})");
        }
    }
    for (texts, form) in [
        (move_texts(rules, st, &legal), "full"),
        (short_texts(rules, st, &legal), "short"),
    ] {
        let mut by_text: HashMap<&str, Move> = HashMap::new();
        for (i, (text, &mv)) in texts.iter().zip(&legal).enumerate() {
            if let Some(other) = by_text.insert(text, mv) {
                panic!("{what}: `{text}` ({form}) is printed for {other:?} and {mv:?}");
            }
            if matches!(mv, Move::Place { .. }) && i % 16 != 0 {
                continue;
            }
            let back = parse_move(rules, st, text)
                .unwrap_or_else(|e| panic!("{what}: `{text}` ({form}) does not parse: {e}"));
            assert_eq!(back, mv, "{what}: `{text}` ({form}) reads as another move");
        }
    }
    // One move written alone is written as in the list.
    for (text, &mv) in move_texts(rules, st, &legal).iter().zip(&legal) {
        assert_eq!(&move_to_string(rules, st, mv), text, "{what}");
    }
}

fn check_game(game: &str) {
    let rules = common::load(game);
    let mut rng = fastrand::Rng::with_seed(23);
    for n in 0..GAMES {
        let (moves, _) = random_game(&rules, &mut rng, PLIES);
        let mut st = rules.initial();
        for (ply, &mv) in moves.iter().enumerate() {
            check_position(&rules, &st, &format!("{game}, game {n}, ply {ply}"));
            rules.play(&mut st, mv);
        }
        check_position(&rules, &st, &format!("{game}, game {n}, end"));
    }
}

#[test]
fn every_game_prints_each_move_once_and_reads_it_back() {
    for game in common::game_files() {
        check_game(&game);
    }
}

#[test]
fn every_test_game_prints_each_move_once_and_reads_it_back() {
    for game in common::toml_files("tests/games") {
        check_game(&game);
    }
}

/// A site alone names the one legal step or drop that lands there: the way
/// placement games are written (`b2` in tic-tac-toe, `d1` in Connect Four).
#[test]
fn a_site_alone_names_the_drop_that_lands_there() {
    for (game, moves, text, expected) in [
        ("games/tic-tac-toe.toml", "", "b2", "X@b2"),
        ("games/connect-four.toml", "D@d1", "d2", "D@d2"),
    ] {
        let rules = common::load(game);
        let mut st = rules.initial();
        for m in moves.split_whitespace() {
            let mv = parse_move(&rules, &st, m).unwrap();
            rules.play(&mut st, mv);
        }
        let mv = parse_move(&rules, &st, text).unwrap_or_else(|e| panic!("{game} {text}: {e:?}"));
        assert_eq!(move_to_string(&rules, &st, mv), expected, "{game} {text}");
    }
    // Connect Four: d3 is no landing site while d2 is empty.
    let rules = common::load("games/connect-four.toml");
    let mut st = rules.initial();
    let first = parse_move(&rules, &st, "d1").unwrap();
    rules.play(&mut st, first);
    let err = parse_move(&rules, &st, "d3").unwrap_err();
    assert_eq!(err.message, "no legal move goes to d3");
}

/// A round of passes ends the game: a position with as many passes in a
/// row as the order has turns reads back drawn, and one with more is
/// `out-of-range`.
#[test]
fn a_round_of_passes_reads_back_as_drawn() {
    use tavoliere::diag::Sources;
    use tavoliere::notation::{parse_position, position_to_string};
    use tavoliere::rules::Outcome;
    let rules = common::load("games/othello.toml");
    let text = position_to_string(&rules, &rules.initial());
    let st = common::position(&rules, &format!("{text}; passes 1"));
    assert_eq!(rules.outcome(&st), Outcome::Ongoing);
    let st = common::position(&rules, &format!("{text}; passes 2"));
    assert_eq!(rules.outcome(&st), Outcome::Draw);
    let more = format!("{text}; passes 3");
    let mut sources = Sources::new();
    let id = sources.add("position", more.clone());
    let codes: Vec<_> = match parse_position(&rules, &more, id) {
        Ok(_) => Vec::new(),
        Err(diags) => diags.iter().map(|d| d.code).collect(),
    };
    assert_eq!(codes, ["out-of-range"]);
}

/// A saved game's history counts its repetitions on: the knights go out
/// and back twice (the start position seen three times is a draw), and a
/// game saved after the first round, read back and played on, is drawn
/// on the same move; one saved just before is not.
#[test]
fn a_history_read_back_counts_repetitions_on() {
    use tavoliere::notation::position_to_string;
    use tavoliere::rules::Outcome;
    let rules = common::load("games/chess.toml");
    let round = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"];
    let play = |st: &mut tavoliere::rules::State, moves: &[&str]| {
        for m in moves {
            let mv = parse_move(&rules, st, m).unwrap_or_else(|e| panic!("{m}: {}", e.message));
            rules.play(st, mv);
        }
    };
    let mut st = rules.initial();
    play(&mut st, &round);
    let saved = position_to_string(&rules, &st);
    let mut back = common::position(&rules, &saved);
    play(&mut back, &round[..3]);
    assert_eq!(rules.outcome(&back), Outcome::Ongoing, "seen twice so far");
    play(&mut back, &round[3..]);
    assert_eq!(rules.outcome(&back), Outcome::Draw, "seen a third time");
}

/// A click on a pinned piece says why it cannot move: the check rule, in
/// the words `moves --why` uses, with the pinning piece named.
#[test]
fn a_pinned_piece_is_explained_by_its_pin() {
    let rules = common::load("games/chess.toml");
    let st = common::fen(&rules, "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    let site = |name: &str| rules.board.site(name).unwrap();
    let why = tavoliere::notation::explain_site(&rules, &st, site("e2")).unwrap();
    assert!(
        why.ends_with("would leave the white king on e1 attacked by the black rook on e8"),
        "{why}"
    );
    let why = tavoliere::notation::explain_site(&rules, &st, site("e8")).unwrap();
    assert_eq!(
        why,
        "the black rook on e8 belongs to black, and it is white's turn"
    );
    assert_eq!(
        tavoliere::notation::explain_site(&rules, &st, site("e1")),
        None
    );
    let why = tavoliere::notation::explain_site(&rules, &st, site("a1")).unwrap();
    assert_eq!(why, "there is no piece on a1");
}

/// A move that would leave a piece behind (`leave`) and may not is
/// refused with the rule it breaks, not as an unknown site `f3/H`.
#[test]
fn a_refused_piece_left_behind_names_the_rule() {
    let rules = common::load("games/seirawan.toml");
    // The knight on b1 has moved (it carries no flag); g1 has not; white
    // holds a hawk but no elephant.
    let st = common::position(
        &rules,
        "pieces white king e1, white knight b1 g1, white pawn e2, black king e8; \
         reserves white hawk 1, white elephant 0, black hawk 1, black elephant 1; \
         turn white; flags unmoved e1 e2 g1",
    );
    assert!(parse_move(&rules, &st, "g1-f3/H").is_ok());
    let refusal = |text: &str| {
        let e = parse_move(&rules, &st, text).unwrap_err();
        assert_eq!(e.message, format!("`{text}` is not a legal move here"));
        e.hint.unwrap()
    };
    for (text, why) in [
        (
            "e2-e4/H",
            "the white pawn on e2 leaves nothing behind: its kind has no `leave`",
        ),
        (
            "g1-f3/Q",
            "the white knight on g1 may leave only hawk or elephant behind",
        ),
        (
            "b1-c3/H",
            "the white knight on b1 no longer carries `unmoved`, which leaving a piece needs",
        ),
        ("g1-f3/E", "white has no elephant in hand"),
        ("g1-f3/Z", "no piece is written `Z`"),
    ] {
        assert_eq!(refusal(text), why);
    }
    // A plain move that is not legal is refused as itself.
    let e = parse_move(&rules, &st, "g1-g3/H").unwrap_err();
    assert!(e.to_string().contains("g1-g3"), "{e}");
}

#[test]
fn the_counted_notations_read_as_written_and_name_the_pieces_moves() {
    // Xiangqi in WXF from the start: red's right cannon to the centre.
    let rules = common::load("games/xiangqi.toml");
    let st = rules.initial();
    let mv = parse_move(&rules, &st, "C2=5").unwrap();
    assert_eq!(move_to_string(&rules, &st, mv), "h3-e3");
    // No horse stands on red's ninth file from the right (b1 is its
    // eighth): its four moves are listed.
    let err = parse_move(&rules, &st, "H9+7").unwrap_err();
    assert_eq!(err.message, "`H9+7` is not a legal move here");
    assert_eq!(
        err.hint.as_deref(),
        Some("the `H` moves are H2+1, H2+3, H8+7, H8+9")
    );
    // Shogi in Hodges's: a trailing `+` is a promotion, not a check, and
    // a silver on 4h is outside the zone.
    let rules = common::load("games/shogi.toml");
    let st = rules.initial();
    let mv = parse_move(&rules, &st, "P-7f").unwrap();
    assert_eq!(move_to_string(&rules, &st, mv), "c3-c4");
    let err = parse_move(&rules, &st, "S-4h+").unwrap_err();
    assert_eq!(
        err.hint.as_deref(),
        Some("the `S` moves are S-3h, S-4h, S-6h, S-7h")
    );
}
