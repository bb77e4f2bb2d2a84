//! `Rules::random_move` draws from the legal moves without listing them.
//! It must draw only legal moves, find one exactly when there is one, and
//! draw each with the same chance: checked here by a chi-square test on
//! positions of every game, and on positions chosen for the stages that
//! rank moves (maximum capture, priorities, demands, the check rule).

mod common;

use std::collections::HashMap;
use tavoliere::rules::{Move, Rules, State};

/// The chi-square value a uniform draw exceeds with probability 10⁻⁶, for
/// `df` degrees of freedom (Wilson–Hilferty; z = 4.75).
fn chi2_limit(df: f64) -> f64 {
    let z = 4.75;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Draws `per_move` × (number of legal moves) moves and checks them.
fn check_uniform(rules: &Rules, st: &State, per_move: usize, seed: u64, what: &str) {
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    let mut rng = fastrand::Rng::with_seed(seed);
    if legal.is_empty() {
        assert_eq!(
            rules.random_move(st, &mut rng),
            None,
            "{what}: no legal move"
        );
        return;
    }
    let draws = per_move * legal.len();
    let mut seen: HashMap<Move, usize> = HashMap::new();
    for _ in 0..draws {
        let mv = rules
            .random_move(st, &mut rng)
            .unwrap_or_else(|| panic!("{what}: no move drawn, {} legal", legal.len()));
        assert!(legal.contains(&mv), "{what}: drew an illegal move {mv:?}");
        *seen.entry(mv).or_default() += 1;
    }
    if legal.len() == 1 {
        return;
    }
    // A roll is drawn by its outcomes' weights (four binary dice: 1, 4, 6,
    // 4, 1), any other move uniformly.
    let odds: HashMap<Move, f64> = rules.chance_outcomes(st).into_iter().collect();
    let chi2: f64 = legal
        .iter()
        .map(|m| {
            let o = *seen.get(m).unwrap_or(&0) as f64;
            let expected = odds.get(m).map_or(per_move as f64, |p| p * draws as f64);
            (o - expected).powi(2) / expected
        })
        .sum();
    let limit = chi2_limit((legal.len() - 1) as f64);
    assert!(
        chi2 < limit,
        "{what}: chi-square {chi2:.1} over {} moves exceeds {limit:.1}",
        legal.len()
    );
}

/// Every shipped game and every test game, over seeded random games: each
/// move drawn is one of `legal_moves`, one is drawn exactly when there is
/// one, and at some plies each legal move is drawn as often as uniform
/// drawing gives (chi-square). The sampler skips work, never a stage of
/// the legality pipeline: a stage it missed shows here as an illegal draw.
#[test]
fn random_moves_are_legal_and_uniform_in_every_game() {
    let files = common::game_files().into_iter();
    for rel in files.chain(common::toml_files("tests/games")) {
        let rules = common::load(&rel);
        for seed in [7, 8] {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut st = rules.initial();
            let mut legal = Vec::new();
            for ply in 0..60 {
                rules.legal_moves(&st, &mut legal);
                let at = format!("{rel} seed {seed} ply {ply}");
                let mut draws = fastrand::Rng::with_seed(ply);
                for _ in 0..8 {
                    let drawn = rules.random_move(&st, &mut draws);
                    // Found exactly when there is one, and legal.
                    assert_eq!(drawn.is_some(), !legal.is_empty(), "{at}");
                    if let Some(mv) = drawn {
                        assert!(legal.contains(&mv), "{at}: drew an illegal move {mv:?}");
                    }
                }
                if ply % 20 == 5 || ply == 0 && seed == 7 {
                    check_uniform(&rules, &st, 40, ply, &at);
                }
                if legal.is_empty() {
                    break;
                }
                rules.play(&mut st, legal[rng.usize(..legal.len())]);
            }
        }
    }
}

#[test]
fn random_moves_follow_ranking_stages() {
    for (game, position, what) in [
        (
            "tests/games/mating-drop.toml",
            "pieces black king b1, black pawn b2, white king a3; reserves black pawn 1; turn black",
            "a pawn drop that would mate (the mating-drop stage)",
        ),
        (
            "games/asalto-enforce-max.toml",
            "pieces soldiers soldier d4 e3 c3 e4 a3 a4 a5 b5 c1 d1 e1 g5, officers officer d5 c7; turn officers",
            "maximum capture",
        ),
        (
            "games/tamerlane.toml",
            "pieces white king a1, white rook c3, white knight h5, black rook a8 b8, black king k10; turn white",
            "check, and the king swap preferred last",
        ),
        (
            "games/tamerlane.toml",
            "pieces white king k8, white war_engine i8, white knight h9, black king k10; turn white",
                        "the check rule",
        ),
        (
            "games/tamerlane.toml",
            "pieces white king a1, white giraffe e4 f2, black rook a10, black king k10; turn white",
                        "the check rule, and giraffes (two-segment flat runs) that may block",
        ),
                (
            "tests/games/compulsory-capture.toml",
            "pieces white rook a1, white knight c3, black knight a5 d5; turn white",
            "compulsory capture among sampled flat runs",
        ),
        (
            "games/tamerlane.toml",
            "pieces white king a1, white pawn_of_rooks a2, white pawn_of_knights b1, white pawn_of_pickets b2, black parked_pawn_of_pawns a3 b3 c3, black king k10; turn white",
            "the king swap left aside by the draw, and the only moves",
        ),
        (
            "games/siege-of-paris.toml",
            "pieces yellow defender_colonel c4, yellow defender_general W, white soldier c5 l3, black soldier a16; turn yellow",
                        "a priority that reads the moves, not active",
        ),
        (
            "games/siege-of-paris.toml",
            "pieces yellow defender_soldier a1, yellow defender_colonel W, yellow defender_general N, white soldier b2 c3, black soldier a16; turn yellow",
            "a priority that reads the moves: the forced exit",
        ),
        (
            "games/quoridor.toml",
            "pieces white pawn e5, black pawn e6; barriers d5h e3v; reserves white wall 3, black wall 0; turn white",
            "walls and the path rule",
        ),
        (
            "games/connect-four.toml",
            "pieces red disc c1 c3 c5 a1, yellow disc c2 c4 c6 a2; reserves red disc 17, yellow disc 17; turn red",
            "gravity: one landing site per column, none in the full one",
        ),
        (
            "games/tic-tac-toe.toml",
            "pieces crosses cross a1 b2, noughts nought c3; reserves crosses cross 3, noughts nought 3; turn noughts",
            "drops on the empty squares",
        ),
        (
            "games/othello.toml",
            "pieces black disc d4 e4 f4 d5, white disc e5 c3; reserves black disc 56, white disc 58; turn white",
            "drops kept only where they convert (a priority on landing effects)",
        ),
        (
            "games/brandubh.toml",
            "pieces black warrior c5 f2 b6 e6, white warrior c6 a4 g6, white king d4; turn white",
            "moves whose landing captures by custodian effects, among plain ones",
        ),
        (
            "games/international-draughts.toml",
            "pieces white man a1 a3 d4 e5 g3 h2 i3 j6, white king j8, black man a9 j10, black king e1; turn white",
            "flying kings under maximum capture",
        ),
        (
            "games/draughts.toml",
            "pieces white man a7 b6 d6 e7 f8, white king g1, black man a1 a3 e1 g3 h2 h6, black king h8; turn black",
            "kings and compulsory capture",
        ),
        (
            "games/nine-mens-morris.toml",
            "pieces white man a1 d1 g1 b2, black man a4 b4 c4 g4 g7 d6; reserves white man 0, black man 0; turn white phase 2",
            "a removal after a mill: the priority keeps the men outside mills",
        ),
        (
            "games/nine-mens-morris.toml",
            "pieces white man a1 g7 d5, black man a4 b4 c4 d6 f2 e3; reserves white man 0, black man 0; turn white",
            "flying: a guard on the count of men, and a jump",
        ),
    ] {
        let rules = common::load(game);
        let st = common::position(&rules, position);
        check_uniform(&rules, &st, 400, 1, &format!("{game}: {what}"));
    }
    // A pending demand, and the demanding moves offered beside plain ones.
    let rules = common::load("games/siege-of-paris-demand.toml");
    let st = common::play_all(
        &rules,
        common::position(
            &rules,
            "pieces yellow defender_colonel c4, yellow defender_general W, white soldier c5 l3, black soldier a16; turn white",
        ),
        "",
    );
    check_uniform(&rules, &st, 400, 2, "demanding moves offered");
    let after = common::play_all(&rules, st, "l3-k4!");
    check_uniform(&rules, &after, 400, 3, "a pending demand");
}

/// `random_playout` plays each ply with shortcuts of its own: the huffing
/// rule reads the moves drawn from, and the side to move is checked for a
/// legal move only when its move is drawn. It must play exactly the game
/// `random_move` and `play` give with the same seed, ending in the same
/// position and outcome — also when the cap stops it, whatever ply that is
/// (the cap is also set to the length of the whole game, so that the last
/// move is one after which the side to move may have none).
#[test]
fn playouts_play_what_random_move_and_play_give() {
    // The game `random_move` and `play` give, stopped after `cap` plies.
    let slow_game = |rules: &Rules, seed: u64, cap: u32| {
        let mut st = rules.initial();
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut plies = 0;
        while plies < cap {
            let Some(mv) = rules.random_move(&st, &mut rng) else {
                break;
            };
            rules.play(&mut st, mv);
            plies += 1;
        }
        (plies, st)
    };
    let files = common::game_files().into_iter();
    for game in files.chain(common::toml_files("tests/games")) {
        let rules = common::load(&game);
        for seed in 0..12u64 {
            let (length, _) = slow_game(&rules, seed, 300);
            for cap in [1, 2, 5, 1 + seed as u32 * 7, length / 2, length] {
                let mut fast = rules.initial();
                let mut rng = fastrand::Rng::with_seed(seed);
                let plies = tavoliere::playout::random_playout(&rules, &mut fast, cap, &mut rng);
                let (expected, slow) = slow_game(&rules, seed, cap);
                let at = format!("{game}, seed {seed}, cap {cap}");
                assert_eq!(plies, expected, "{at}: plies played");
                assert_eq!(fast, slow, "{at}: the position reached");
            }
        }
    }
}
