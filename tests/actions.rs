//! The action numbering (`tavoliere::actions`): every legal move of every
//! shipped game has its own sequence of actions, each below the size of the
//! numbering, and following a move's actions one by one leads back to that
//! move, through positions of random games.

mod common;

use tavoliere::actions::{ActionKind, ActionSpace, Encoded, Followed};
use tavoliere::rules::{Move, Rules, State};

fn check_position(rules: &Rules, space: &ActionSpace, st: &State, moves: &[Move], what: &str) {
    let enc = Encoded::new(space, rules, moves);
    let mut next = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let seq = enc.of(i);
        assert!(!seq.is_empty(), "{what}: {mv:?} has no action");
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

#[test]
fn describe_inverts_the_numbering() {
    let rules = common::load("games/quoridor.toml");
    let space = ActionSpace::new(&rules);
    // Quoridor: 81 squares, walls in 8 × 8 crossings × 2 orientations.
    let n = 81;
    assert_eq!(rules.board.n_sites(), n);
    assert_eq!(rules.board.slots.len(), 128);
    // Steps, legs, swaps; walls; drops; huffs and removals; pass and end.
    let expected = 3 * n * n + rules.barriers.len() * 128 + rules.kinds.len() * n + 2 * n + 2;
    assert_eq!(space.len(), expected);
    let mut seen = std::collections::HashSet::new();
    for a in 0..space.len() as u32 {
        let d = space.describe(a).expect("in range");
        assert!(seen.insert(d), "two actions described as {d:?}");
    }
    assert_eq!(space.describe(space.len() as u32), None);
    assert_eq!(space.describe(space.end()), Some((ActionKind::End, false)));
}
