//! perft in games whose phase conditions read the game's history
//! (`since(...)`, `repetitions`): it must count exactly the moves
//! `legal_moves` gives in each position reached by `play`, as `moves` does.

mod common;

use tavoliere::perft::{divide, perft};
use tavoliere::rules::{Rules, State};

/// The leaves `depth` plies below `st`, counted the plain way: every
/// position a clone played by [`Rules::play`], its history with it, and
/// its moves listed by [`Rules::legal_moves`].
fn naive(rules: &Rules, st: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    rules.legal_moves(st, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut next = st.clone();
            rules.play(&mut next, mv);
            naive(rules, &next, depth - 1)
        })
        .sum()
}

#[test]
fn a_capture_moves_again_in_perft_as_in_play() {
    let rules = common::load("tests/games/capture-moves-again.toml");
    let st = rules.initial();
    // By hand: White's b1 rook has b1-c1, b1-d1 and b1xe1 (3). After b1-c1
    // Black has e1-d1 and e1xc1 (2); after b1-d1, e1xd1 (1); after the
    // capture b1xe1 White moves again, in the second phase: a1-b1, a1-c1,
    // a1-d1, e1-d1, e1-c1, e1-b1 and e1xf1 (7). 2 + 1 + 7 = 10.
    assert_eq!(perft(&rules, &st, 1), 3);
    assert_eq!(perft(&rules, &st, 2), 10);
    let counts: Vec<(String, u64)> = divide(&rules, &st, 2)
        .into_iter()
        .map(|(mv, n)| (tavoliere::notation::move_to_string(&rules, &st, mv), n))
        .collect();
    let expected = [("b1-c1", 2), ("b1-d1", 1), ("b1xe1", 7)];
    let expected: Vec<(String, u64)> = expected.iter().map(|&(m, n)| (m.into(), n)).collect();
    assert_eq!(counts, expected);
    for depth in 1..=8 {
        assert_eq!(
            perft(&rules, &st, depth),
            naive(&rules, &st, depth),
            "perft({depth})"
        );
    }
}

#[test]
fn perft_after_moves_reads_the_history_so_far() {
    // After b1xe1 the second phase's counter is 0: White moves again. From
    // a typed position, the counters come from it.
    let rules = common::load("tests/games/capture-moves-again.toml");
    for moves in ["b1xe1", "b1-c1", "b1-c1 e1xc1", "b1-c1 e1-d1 a1-b1"] {
        let st = common::play_all(&rules, rules.initial(), moves);
        for depth in 1..=5 {
            assert_eq!(
                perft(&rules, &st, depth),
                naive(&rules, &st, depth),
                "after `{moves}`: perft({depth})"
            );
        }
    }
}
