//! The end of a game in the players' words (`render::end_message`): what
//! the browser and the engine protocols say. Each case is a game played to
//! a known end: the fool's mate, a stalemate set up by hand, four in a row,
//! and a game still going on.

mod common;

use tavoliere::render::end_message;

fn after(game: &str, fen: Option<&str>, moves: &str) -> Option<String> {
    let rules = common::load(game);
    let start = match fen {
        Some(fen) => common::fen(&rules, fen),
        None => rules.initial(),
    };
    let st = common::play_all(&rules, start, moves);
    end_message(&rules, &st)
}

#[test]
fn ends_are_told_in_the_players_words() {
    // 1. f3 e5 2. g4 Qh4#.
    assert_eq!(
        after("games/chess.toml", None, "f2-f3 e7-e5 g2-g4 d8-h4").as_deref(),
        Some("Checkmate — black won")
    );
    // Qb6: the black king on a8 has no square (a7, b7, b8 covered) and is
    // not in check.
    assert_eq!(
        after(
            "games/chess.toml",
            Some("k7/8/8/1Q6/8/8/8/7K w - - 0 1"),
            "b5-b6"
        )
        .as_deref(),
        Some("Draw — stalemate")
    );
    // Red fills column a from the bottom, yellow column b: four reds in a
    // column on red's fourth disc. The rule's `message`.
    assert_eq!(
        after("games/connect-four.toml", None, "a1 b1 a2 b2 a3 b3 a4").as_deref(),
        Some("Four in a row — red won")
    );
    assert_eq!(after("games/chess.toml", None, "e2-e4"), None);
}

/// The line that won is marked: the four discs of Connect Four's column
/// d, counted by hand; none before the end, none for a draw by another rule.
#[test]
fn the_winning_line_is_the_row_that_won() {
    let rules = common::load("games/connect-four.toml");
    let before = common::play_all(&rules, rules.initial(), "d1 e1 d2 e2 d3 e3");
    assert!(rules.winning_line(&before).is_empty());
    let won = common::play_all(&rules, before, "d4");
    let names: Vec<&str> = (rules.winning_line(&won).iter())
        .map(|&s| rules.board.site_name(s))
        .collect();
    assert_eq!(names, ["d1", "d2", "d3", "d4"]);
}
