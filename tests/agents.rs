//! Computer players: legal choices, and a search that finds a win.

mod common;

use tavoliere::agent::{Agent, Level};
use tavoliere::rules::Outcome;

#[test]
fn mcts_takes_a_win_in_one() {
    // Tamerlane, counter position 2: i8-i10 mates and i8-g8, i8-i6, k8-j8
    // stalemate (a loss for Black too); the other 8 moves do not win.
    let rules = common::load("games/tamerlane.toml");
    let st = common::position(
        &rules,
        "pieces white king k8, white war_engine i8, white knight h9, black king k10; turn white",
    );
    let agent = Agent::Mcts {
        iterations: 400,
        threads: 2,
        max_plies: 60,
        millis: None,
    };
    for seed in 0..3 {
        let mv = agent.choose(&rules, &st, seed).expect("a move");
        let mut after = st.clone();
        rules.play(&mut after, mv);
        assert_eq!(
            rules.outcome(&after),
            Outcome::Win(rules.side("white").unwrap()),
            "seed {seed}: {}",
            tavoliere::notation::move_to_string(&rules, &st, mv)
        );
    }
}

#[test]
fn agents_choose_legal_moves_in_every_game() {
    for rel in common::game_files() {
        let rules = common::load(&rel);
        let st = rules.initial();
        for agent in [
            Agent::Random,
            Agent::Mcts {
                iterations: 20,
                threads: 1,
                max_plies: 20,
                millis: None,
            },
        ] {
            let mv = agent.choose(&rules, &st, 7).expect("a move at the start");
            assert!(rules.is_legal(&st, mv), "{rel}: {agent:?}");
        }
    }
}

#[test]
fn a_time_budget_stops_the_search() {
    let rules = common::load("games/quoridor.toml");
    let agent = Agent::parse("mcts:200ms").unwrap();
    let start = std::time::Instant::now();
    let mv = agent.choose(&rules, &rules.initial(), 1).expect("a move");
    assert!(rules.is_legal(&rules.initial(), mv));
    // Generous: the deadline is checked every 16 iterations per thread.
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn cut_playouts_score_by_piece_values() {
    // With values, an unfinished game is judged by material: a side a rook
    // up scores more than half.
    let rules = common::load("games/tamerlane.toml");
    let st = common::position(
        &rules,
        "pieces white king a1, white rook e4, black king k10; turn white",
    );
    let white = rules.sides[rules.side("white").unwrap() as usize].team;
    let (own, all) = rules.material(&st, white);
    assert!(own > all / 2.0, "{own} of {all}");
}

#[test]
fn player_names_are_read_with_their_errors() {
    assert_eq!(Agent::parse("random"), Ok(Agent::Random));
    assert!(matches!(
        Agent::parse("mcts:50"),
        Ok(Agent::Mcts { iterations: 50, .. })
    ));
    assert!(Agent::parse("mcts:0")
        .unwrap_err()
        .contains("number of iterations"));
    assert!(Agent::parse("minimax")
        .unwrap_err()
        .contains("unknown player"));
    assert!(matches!(
        Agent::parse("alphabeta:5000"),
        Ok(Agent::AlphaBeta {
            nodes: 5000,
            millis: None
        })
    ));
    assert!(matches!(
        Agent::parse("alphabeta:300ms"),
        Ok(Agent::AlphaBeta {
            millis: Some(300),
            ..
        })
    ));
    assert!(Agent::parse("alphabeta:0")
        .unwrap_err()
        .contains("number of nodes"));
    assert!(Agent::parse("alphabeta:5:6").is_err());
    assert_eq!(Agent::parse("hard"), Ok(Agent::Level(Level::Hard)));
    assert_eq!(Agent::parse("auto:300ms"), Ok(Agent::Auto { millis: 300 }));
    for wrong in ["auto", "auto:300", "auto:0ms", "auto:5ms:6"] {
        assert!(
            Agent::parse(wrong).unwrap_err().contains("auto:500ms"),
            "{wrong}"
        );
    }
    // Without piece values to read, a strength is tree search.
    let rules = common::load("games/connect-four.toml");
    assert!(matches!(
        Agent::parse("medium").unwrap().for_game(&rules),
        Agent::Mcts { .. }
    ));
}

#[test]
fn progress_measures_the_way_to_an_end_rule() {
    // Asalto: soldiers win with 9 soldiers in the fortress (c5-e7),
    // officers when fewer than 9 soldiers are left.
    let rules = common::load("games/asalto.toml");
    let (soldiers, officers) = (
        rules.side("soldiers").unwrap(),
        rules.side("officers").unwrap(),
    );
    let start = rules.initial();
    assert_eq!(rules.progress(&start, soldiers), 0.0);
    // 24 soldiers, 8 at most wanted: 1 / (1 + 24 - 8).
    assert_eq!(rules.progress(&start, officers), 1.0 / 17.0);
    let st = common::position(
        &rules,
        "pieces soldiers soldier c5 d5 e5 a3 b3 c3 d3 e3 f3 g3, officers officer c7 e7; turn soldiers",
    );
    assert_eq!(rules.progress(&st, soldiers), 3.0 / 9.0);
    assert_eq!(rules.progress(&st, officers), 1.0 / 3.0);
    // Siege: two soldiers and an officer of the attacking team in the
    // fortress, armies mixed; each part of the `and` counts half.
    let rules = common::load("games/siege-of-paris.toml");
    let white = rules.side("white").unwrap();
    let st = common::position(
        &rules,
        "pieces white soldier NW, black soldier NE; turn yellow",
    );
    assert_eq!(rules.progress(&st, white), 0.5);
    let st = common::position(&rules, "pieces white soldier NW; turn yellow");
    assert_eq!(rules.progress(&st, white), 0.25);
}

#[test]
fn progress_counts_a_named_side_alone() {
    // Two white soldiers and a black officer in the fortress: the whole way
    // for the team under `own`, half of it for White's army alone.
    let position = "pieces white soldier NW N, black general NE, black soldier a16, \
                    yellow defender_general a1; turn yellow";
    let rules = common::load("games/siege-of-paris.toml");
    let white = rules.side("white").unwrap();
    assert_eq!(
        rules.progress(&common::position(&rules, position), white),
        1.0
    );
    let rules = common::load("tests/games/siege-one-army.toml");
    let (white, black) = (rules.side("white").unwrap(), rules.side("black").unwrap());
    let st = common::position(&rules, position);
    // White: its soldiers are all there, its officer is not.
    assert_eq!(rules.progress(&st, white), 0.5);
    // Black: its officer is there, none of its two soldiers.
    assert_eq!(rules.progress(&st, black), 0.5);
    let st = common::position(
        &rules,
        "pieces white soldier NW, black general NE, black soldier N a16, \
         yellow defender_general a1; turn yellow",
    );
    assert_eq!(rules.progress(&st, white), 0.25);
    assert_eq!(rules.progress(&st, black), 0.75);
}

#[derive(serde::Deserialize)]
struct Tactics {
    game: String,
    position: Vec<Tactic>,
}

#[derive(serde::Deserialize)]
struct Tactic {
    fen: String,
    why: String,
    #[serde(default)]
    mate: bool,
    take: Option<String>,
}

/// Every suite of `tests/tactics/` (chess, xiangqi, shogi: mates in one
/// and undefended pieces, each explained and confirmed by
/// `tests/tactics/check.py` with Fairy-Stockfish): `medium` finds them all.
#[test]
fn medium_finds_mates_in_one_and_takes_hanging_pieces() {
    let medium = Agent::parse("medium").unwrap();
    let mut missed = Vec::new();
    let mut suites = 0;
    for entry in std::fs::read_dir(common::root().join("tests/tactics")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        suites += 1;
        let suite: Tactics = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let rules = common::load(&suite.game);
        // These games' pieces have values: a strength is alpha-beta there.
        assert!(matches!(medium.for_game(&rules), Agent::AlphaBeta { .. }));
        for t in &suite.position {
            let st = common::fen(&rules, &t.fen);
            let mover = rules.to_move(&st);
            let mv = medium.choose(&rules, &st, 1).expect("a move");
            let mut after = st.clone();
            rules.play(&mut after, mv);
            let ok = if t.mate {
                rules.outcome(&after) == Outcome::Win(mover)
            } else {
                let square = t.take.as_deref().expect("mate or take");
                let site = rules.board.site(square).expect("a square");
                rules.move_to(&mv) == Some(site)
                    && st
                        .piece_at(&rules, site)
                        .is_some_and(|(side, _)| side != mover)
            };
            if !ok {
                let text = tavoliere::notation::move_to_string(&rules, &st, mv);
                missed.push(format!(
                    "{}: {}: played {text}, wanted {}",
                    suite.game, t.fen, t.why
                ));
            }
        }
    }
    assert!(suites >= 3, "the chess, xiangqi and shogi suites");
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[test]
fn goals_read_from_the_end_rules_measure_the_way_past_walls() {
    // Quoridor: a pawn wins on the far rank; its distance is the shortest
    // path there across no wall, ignoring the other pawn.
    let rules = common::load("games/quoridor.toml");
    let goals = rules.goals();
    let (white, black) = (rules.side("white").unwrap(), rules.side("black").unwrap());
    let start = rules.initial();
    // e1 to the ninth rank and e9 to the first: eight steps each.
    assert_eq!(rules.goal_distance(&start, white, &goals), Some(8));
    assert_eq!(rules.goal_distance(&start, black, &goals), Some(8));
    // The wall e1h shuts e1-e2 and f1-f2: White goes round by d1 (or
    // g1 past f1), one step more; so does Black at the end of its way
    // (e2, d2, d1).
    let st = common::position(
        &rules,
        "pieces white pawn e1, black pawn e9; barriers e1h; turn black",
    );
    assert_eq!(rules.goal_distance(&st, white, &goals), Some(9));
    assert_eq!(rules.goal_distance(&st, black, &goals), Some(9));
    // A wall c8h far from both files changes nothing.
    let st = common::position(
        &rules,
        "pieces white pawn e1, black pawn e9; barriers c8h; turn black",
    );
    assert_eq!(rules.goal_distance(&st, white, &goals), Some(8));
    // Chess is won by mate, not by reaching a square: nothing to measure.
    let chess = common::load("games/chess.toml");
    assert!(chess.goals().is_empty());
    // A game whose only measure is a goal is played by alpha-beta.
    assert!(matches!(
        Agent::parse("medium").unwrap().for_game(&rules),
        Agent::AlphaBeta { .. }
    ));
}

#[test]
fn medium_wins_a_race_it_is_ahead_in() {
    // Quoridor, both without walls: White, a step nearer and to move,
    // wins the race by walking straight; any sidestep lets Black win.
    let rules = common::load("games/quoridor.toml");
    let st = common::position(
        &rules,
        "pieces white pawn a5, black pawn i5; reserves white wall 0, black wall 0; turn white",
    );
    let medium = Agent::parse("medium").unwrap();
    let mut st = st;
    while rules.outcome(&st) == Outcome::Ongoing {
        let mv = medium.choose(&rules, &st, 1).expect("a move");
        rules.play(&mut st, mv);
    }
    assert_eq!(
        rules.outcome(&st),
        Outcome::Win(rules.side("white").unwrap())
    );
}

/// The search reads a roll as the mean of its outcomes. The coin race
/// (`tests/games/coin-race.toml`): White has rolled a 1 with men on `a1`
/// (4 steps from bearing off) and `c1` (2 steps); Black's man stands on
/// `c2` (2 steps); the first man borne off wins, and a man bears off on a
/// roll above its distance when none stands farther back.
///
/// By hand, with p the chance of a 1: Black wins at once on a 2 (1 − p);
/// on a 1 its man is 1 step away and wins on its next turn whatever it
/// rolls, so White must bear off on the turn between. After `a1-b1` (men
/// 3 and 2 away) White does so on a 2; after `c1-d1` (men 4 and 1 away)
/// only on a 1 (a 2 may not bear off the man on `d1` past the one on
/// `a1`). White wins p·(1 − p) or p·p, loses the rest; the score is
/// (2·won − 1) of a win (less a few plies). With p = 1/3: `a1-b1`, −5/9
/// (against −7/9); with p = 2/3: `c1-d1`, −1/9 (against −5/9). A search
/// that took the roll as the opponent's choice would lose either way, and
/// one that took it as White's would win either way.
#[test]
fn alpha_beta_weighs_a_roll_by_its_probabilities() {
    const WIN: f64 = 1_000_000.0;
    for (game, want, value) in [
        ("tests/games/coin-race.toml", "a1-b1", -5.0 / 9.0),
        ("tests/games/coin-race-low.toml", "c1-d1", -1.0 / 9.0),
    ] {
        let rules = common::load(game);
        let st = common::position(
            &rules,
            "pieces white man a1 c1, black man c2; reserves white man 0, black man 0; turn white phase 2; rolled coin 1",
        );
        assert!(!rules.is_chance(&st));
        let budget = tavoliere::search::Budget {
            nodes: 100_000,
            deadline: None,
            stop: None,
        };
        let found = tavoliere::search::best_move(&rules, &st, &budget).expect("a move");
        let played = tavoliere::notation::move_to_string(&rules, &st, found.mv);
        assert_eq!(played, want, "{game}");
        let score = f64::from(found.score);
        assert!((score - value * WIN).abs() < 100.0, "{game}: {score}");
        // A roll is nobody's choice: the search has no move there.
        let mut after = st.clone();
        rules.play(&mut after, found.mv);
        assert!(rules.is_chance(&after));
        assert!(tavoliere::search::best_move(&rules, &after, &budget).is_none());
        // And the alpha-beta player plays on through the rolls.
        let agent = Agent::AlphaBeta {
            nodes: 10_000,
            millis: None,
        };
        let mut st = rules.initial();
        for seed in 0..200 {
            if rules.outcome(&st) != Outcome::Ongoing {
                break;
            }
            let mv = agent.choose(&rules, &st, seed).expect("a move or a roll");
            assert!(rules.is_legal(&st, mv));
            rules.play(&mut st, mv);
        }
        assert_ne!(rules.outcome(&st), Outcome::Ongoing, "{game}");
    }
}

/// The agents weigh a win by its end rule's `points`
/// (`tests/games/points-gamble.toml`): White's man on `b1` steps to `a1`,
/// a sure win of 1 point, or to `c1`, where a fair coin gives a win of 3
/// points (heads) or a draw (tails). By hand, in points: `b1-a1` is worth
/// 1 and `b1-c1` ½·3 + ½·0 = 1.5, so a player that weighs the points takes
/// `b1-c1`. Counting wins alone, `b1-a1` always wins and `b1-c1` half the
/// time, so a win-only player takes `b1-a1`: which is what the agents do
/// in `points-gamble-plain.toml`, the same game with every win worth 1.
///
/// MCTS's scale (the most points M = 3; a win of p points 0.5 + p/2M, a
/// draw 0.5): `b1-a1` scores 0.5 + 1/6 ≈ 0.667, `b1-c1` ½·1 + ½·0.5 = 0.75
/// (win-only: 1 against 0.75). Alpha-beta (a win of p points p·WIN, less
/// its plies): `b1-a1` WIN − 1, `b1-c1` ½·(3·WIN − 2) ≈ 1.5·WIN
/// (win-only: WIN − 1 against ½·(WIN − 2)).
#[test]
fn agents_weigh_the_points_of_a_win() {
    const WIN: f64 = 1_000_000.0;
    let mcts = Agent::Mcts {
        iterations: 2_000,
        threads: 1,
        max_plies: 10,
        millis: None,
    };
    for (game, want, value, most) in [
        ("tests/games/points-gamble.toml", "b1-c1", 1.5 * WIN, 3),
        ("tests/games/points-gamble-plain.toml", "b1-a1", WIN, 1),
    ] {
        let rules = common::load(game);
        assert_eq!(rules.most_points(), most, "{game}");
        let st = rules.initial();
        let text = |mv| tavoliere::notation::move_to_string(&rules, &st, mv);
        for seed in 1..=3 {
            let mv = mcts.choose(&rules, &st, seed).expect("a move");
            assert_eq!(text(mv), want, "{game}: MCTS, seed {seed}");
        }
        let visits = tavoliere::agent::mcts_visits(&rules, &st, 4_000, 1, 10, 1).unwrap();
        // Most visits go to the better move, so the root's mean nears its
        // score: 0.75 (b1-c1) or 1 (b1-a1), within UCB's exploration.
        let expected = if most == 3 { 0.75 } else { 1.0 };
        assert!(
            (visits.value - expected).abs() < 0.05,
            "{game}: {}",
            visits.value
        );
        let budget = tavoliere::search::Budget {
            nodes: 10_000,
            deadline: None,
            stop: None,
        };
        let found = tavoliere::search::best_move(&rules, &st, &budget).expect("a move");
        assert_eq!(text(found.mv), want, "{game}: alpha-beta");
        let score = f64::from(found.score);
        assert!((score - value).abs() < 10.0, "{game}: {score}");
    }
}

/// `analyze` reports the points each seat won where the game gives some:
/// White played by MCTS takes the gamble (above), so each of its wins is
/// heads, 3 points; a game without points reports none.
#[test]
fn analyze_reports_points_won() {
    let mcts = Agent::Mcts {
        iterations: 300,
        threads: 1,
        max_plies: 10,
        millis: None,
    };
    let players = [mcts, Agent::Random];
    let rules = common::load("tests/games/points-gamble.toml");
    let run = tavoliere::analyze::run(&rules, &players, 60, 2, 100, 7, &|_| {}).unwrap();
    let wins = run.seat_wins(&rules);
    // A fair coin: both heads and tails among 60 throws (all but surely).
    assert!(wins[0] > 0 && run.draws() > 0, "{wins:?}");
    assert_eq!(run.seat_points(&rules), Some(vec![3 * wins[0] as u64, 0]));
    let text = run.to_text(&rules, &["mcts".into(), "random".into()]);
    let line = format!(
        "points won: white {} ({:.2} a game), black 0 (0.00 a game)\n",
        3 * wins[0],
        (3 * wins[0]) as f64 / 60.0
    );
    assert!(text.contains(&line), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&run.to_json(&rules, &["mcts".into(), "random".into()])).unwrap();
    assert_eq!(json["points"]["white"]["total"], 3 * wins[0] as u64);
    // Every win worth 1: no points reported.
    let rules = common::load("tests/games/points-gamble-plain.toml");
    let run = tavoliere::analyze::run(&rules, &players, 20, 2, 100, 7, &|_| {}).unwrap();
    assert_eq!(run.seat_wins(&rules)[0], 20);
    assert_eq!(run.seat_points(&rules), None);
    let text = run.to_text(&rules, &["mcts".into(), "random".into()]);
    assert!(!text.contains("points"), "{text}");
    let json = run.to_json(&rules, &["mcts".into(), "random".into()]);
    assert!(!json.contains("points"), "{json}");
}
