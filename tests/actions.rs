//! The action numbering (`tavoliere::actions`): every legal move of every
//! shipped game has its own sequence of actions, each below the size of the
//! (compact) numbering, distinct moves have distinct sequences, and
//! following a move's actions one by one leads back to that move, through
//! positions of random games; the sizes of a few games are counted by hand.

mod common;

use std::collections::HashSet;
use tavoliere::actions::{ActionKind, ActionSpace, Encoded, Followed, UNNUMBERED};
use tavoliere::rules::{Move, Rules, State};

fn check_position(rules: &Rules, space: &ActionSpace, st: &State, moves: &[Move], what: &str) {
    let enc = Encoded::new(space, rules, moves);
    let mut next = Vec::new();
    let mut seen = HashSet::new();
    for (i, &mv) in moves.iter().enumerate() {
        let seq = enc.of(i);
        assert!(!seq.is_empty(), "{what}: {mv:?} has no action");
        assert!(
            !seq.contains(&UNNUMBERED),
            "{what}: {mv:?} is outside the numbering ({seq:?})"
        );
        assert!(
            seen.insert(seq.to_vec()),
            "{what}: {mv:?} shares its actions {seq:?} with another legal move"
        );
        for (j, &a) in seq.iter().enumerate() {
            assert!(
                (a as usize) < space.len(),
                "{what}: action {a} out of range"
            );
            enc.next(space, &seq[..j], &mut next);
            assert!(
                next.contains(&a),
                "{what}: {a} not offered after {:?}",
                &seq[..j]
            );
            let expected = if j + 1 == seq.len() {
                Followed::Complete(i)
            } else {
                Followed::Pending
            };
            let mut prefix = seq[..=j].to_vec();
            let mut got = enc.follow(space, &prefix);
            if got == Followed::Pending && expected != Followed::Pending {
                // Another chain goes on from here: `end` stops this one.
                enc.next(space, &prefix, &mut next);
                assert!(
                    next.contains(&space.end()),
                    "{what}: no end after {prefix:?}"
                );
                prefix.push(space.end());
                got = enc.follow(space, &prefix);
            }
            assert_eq!(got, expected, "{what}: following {mv:?} by {prefix:?}");
        }
        match (rules.base(mv), space.describe(seq[0]).map(|d| d.0)) {
            (Move::Step { from, to }, Some(ActionKind::Step { from: f, to: t })) => {
                assert_eq!((from, to), (f, t), "{what}")
            }
            (Move::Step { .. }, other) => panic!("{what}: a step described as {other:?}"),
            (Move::Chain(id), Some(ActionKind::Leg { from, .. })) => {
                assert_eq!(rules.chain(id).from, from, "{what}")
            }
            (Move::Chain(_), other) => panic!("{what}: a chain described as {other:?}"),
            _ => {}
        }
    }
    let _ = st;
}

#[test]
fn every_legal_move_has_its_own_actions() {
    for file in common::game_files() {
        let rules = common::load(&file);
        let space = ActionSpace::new(&rules);
        let mut rng = fastrand::Rng::with_seed(7);
        let mut moves = Vec::new();
        for game in 0..4 {
            let mut st = rules.initial();
            for ply in 0..200 {
                rules.legal_moves(&st, &mut moves);
                if moves.is_empty() {
                    break;
                }
                check_position(
                    &rules,
                    &space,
                    &st,
                    &moves,
                    &format!("{file} game {game} ply {ply}"),
                );
                rules.play(&mut st, moves[rng.usize(..moves.len())]);
            }
        }
    }
}

/// Every action of a game is described once, differently from every other.
fn assert_described_once(space: &ActionSpace, what: &str) {
    let mut seen = HashSet::new();
    for a in 0..space.len() as u32 {
        let d = space.describe(a).expect("in range");
        assert!(seen.insert(d), "{what}: two actions described as {d:?}");
    }
    assert_eq!(space.describe(space.len() as u32), None, "{what}");
}

#[test]
fn describe_inverts_the_numbering() {
    for file in common::game_files() {
        let rules = common::load(&file);
        let space = ActionSpace::new(&rules);
        assert_described_once(&space, &file);
        // `cargo test --test actions -- --nocapture` prints the sizes.
        eprintln!("{file} {} {:?}", space.len(), space.blocks());
    }
}

#[test]
fn the_numbering_is_compact() {
    // Tic-tac-toe: one drop per cell, nothing else (9, as OpenSpiel).
    let size = |f: &str| ActionSpace::new(&common::load(f)).len();
    assert_eq!(size("games/tic-tac-toe.toml"), 9);
    // Connect Four: a disc let go into one of 7 columns (OpenSpiel: 7).
    let space = ActionSpace::new(&common::load("games/connect-four.toml"));
    assert_eq!(space.len(), 7);
    assert_eq!(space.blocks(), vec![("fall", 0, 7)]);
    // Go 9×9: a stone on any of 81 points, or a pass (OpenSpiel: 82).
    assert_eq!(size("games/go-9.toml"), 82);
    // Chess: the queen's and the knight's moves from every square (1,456
    // + 336 pairs, which hold every piece's) and a castling king's with
    // any square of its rank (64 × 7) are below OpenSpiel's 4,672.
    let chess = size("games/chess.toml");
    assert!((1792 + 448..4672).contains(&chess), "chess: {chess}");
    // Quoridor: walls in 8 × 8 crossings × 2 orientations.
    let rules = common::load("games/quoridor.toml");
    let space = ActionSpace::new(&rules);
    let place = space.blocks().into_iter().find(|b| b.0 == "place");
    assert_eq!(place.map(|b| b.2), Some(128));
    assert_eq!(
        space.describe(space.end()),
        None,
        "no chain and no choice: no `end`"
    );
}
