//! Seeded random playouts of every game in `games/`: invariants, and a
//! playthrough transcript per game pinned with insta.

mod common;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use tavoliere::diag::Sources;
use tavoliere::notation::{
    move_to_short, move_to_string, parse_move, parse_position, position_to_string, san_texts,
};
use tavoliere::render;
use tavoliere::rules::{Move, Outcome, Rules, State};

fn hash(st: &State) -> u64 {
    let mut h = DefaultHasher::new();
    st.hash(&mut h);
    h.finish()
}

/// Checks every invariant at one position; returns the legal moves.
fn check_position(rules: &Rules, st: &State, game: &str) -> Vec<tavoliere::rules::Move> {
    let mut moves = Vec::new();
    rules.legal_moves(st, &mut moves);
    let copy = st.clone();
    assert_eq!(&copy, st);
    assert_eq!(hash(&copy), hash(st), "{game}: clone and hash agree");
    // The textual position reads back to a position with the same text and moves.
    let text = position_to_string(rules, st);
    let mut sources = Sources::new();
    let id = sources.add("position", text.clone());
    let back = parse_position(rules, &text, id).unwrap_or_else(|d| {
        panic!(
            "{game}: `{text}` does not read back:\n{}",
            tavoliere::diag::render(&sources, &d)
        )
    });
    assert_eq!(position_to_string(rules, &back), text, "{game}");
    // ... and to the same position for the repetition rules: nothing the
    // text leaves out (a flag left on an emptied site) tells them apart.
    assert_eq!(
        rules.position_hash(&back),
        rules.position_hash(st),
        "{game}: `{text}` reads back as another position"
    );
    let mut back_moves = Vec::new();
    rules.legal_moves(&back, &mut back_moves);
    assert_eq!(
        back_moves, moves,
        "{game}: `{text}` has other moves when read back"
    );
    // The notation of every piece move and of a sample of the others, full
    // and short, parses back to the move (parsing generates all moves, so
    // checking every barrier placement would be quadratic).
    let sample = moves
        .iter()
        .enumerate()
        .filter(|(i, m)| matches!(m, tavoliere::rules::Move::Step { .. }) || i % 16 == 0)
        .map(|(_, m)| *m);
    for mv in sample {
        assert!(rules.is_legal(st, mv));
        for written in [
            move_to_string(rules, st, mv),
            move_to_short(rules, st, mv, &moves),
        ] {
            let parsed = parse_move(rules, st, &written)
                .unwrap_or_else(|e| panic!("{game}: `{written}` does not parse: {e}"));
            assert_eq!(parsed, mv, "{game}: `{written}` at `{text}`");
        }
    }
    moves
}

/// In a game written in SAN, no two legal moves share a SAN text, and
/// each reads back as its move (`san_compare.py` checks the texts
/// against python-chess).
fn check_san(rules: &Rules, st: &State, moves: &[Move], game: &str) {
    let texts = san_texts(rules, st, moves);
    for (text, &mv) in texts.iter().zip(moves) {
        assert_eq!(
            texts.iter().filter(|t| *t == text).count(),
            1,
            "{game}: two moves written `{text}`"
        );
        let parsed = parse_move(rules, st, text)
            .unwrap_or_else(|e| panic!("{game}: `{text}` does not parse: {e}"));
        assert_eq!(parsed, mv, "{game}: `{text}` reads back as another move");
    }
}

/// Games whose rules set no length limit and that random play need not
/// finish, followed this far only: the Siege of Paris (clarification 10 of
/// its rules: no length limit, no repetition rule) once the attackers are
/// stuck and the defender cannot take them; Tamerlane chess (T15: no
/// repetition rule, no move limit), where random kings wander for ever;
/// draughts (English and international: draws by repetition and move
/// counts are not said), where kings may chase each other for ever; chess,
/// Chess960 and crazyhouse, whose fifty-move and repetition rules end
/// random games only after hundreds of plies (dead positions are not
/// written); xiangqi, without its rules on perpetual check and chasing;
/// sittuyin, without its counting rules (not written).
const UNBOUNDED: [(&str, u32); 8] = [
    ("siege-of-paris", 1_500),
    ("cerco-de-paris", 1_500),
    ("tamerlane", 300),
    ("draughts", 1_500),
    ("xiangqi", 300),
    ("chess", 300),
    ("crazyhouse", 300),
    ("sittuyin", 300),
];

#[test]
fn random_playouts_keep_every_invariant() {
    for game in common::game_files() {
        let rules = common::load(&game);
        let cap = UNBOUNDED
            .iter()
            .find(|(prefix, _)| game.contains(prefix))
            .map(|&(_, cap)| cap);
        let mut rng = fastrand::Rng::with_seed(20261122);
        for _ in 0..3 {
            let mut st = rules.initial();
            let mut plies = 0;
            while rules.outcome(&st) == Outcome::Ongoing && Some(plies) != cap {
                let moves = check_position(&rules, &st, &game);
                assert!(!moves.is_empty(), "{game}: an ongoing game has a move");
                if rules.notation.written() && plies % 40 == 0 {
                    check_san(&rules, &st, &moves, &game);
                }
                let mv = moves[rng.usize(..moves.len())];
                rules.play(&mut st, mv);
                plies += 1;
                assert!(plies < 20_000, "{game}: a random game did not end");
            }
            if Some(plies) == cap {
                continue;
            }
            let mut after = Vec::new();
            rules.legal_moves(&st, &mut after);
            assert!(after.is_empty(), "{game}: a finished game has no moves");
        }
    }
}

/// The small test games (`tests/games/`), which try rules together that
/// no shipped game combines (flags with custody captures in
/// `fresh-men.toml`, with huffs in `asalto-travelled-officers.toml`):
/// every position of a few random games reads back from its text as the
/// same position for the repetition rules.
#[test]
fn test_games_read_back_as_the_same_position() {
    for game in common::toml_files("tests/games") {
        let rules = common::load(&game);
        let mut rng = fastrand::Rng::with_seed(27);
        for _ in 0..3 {
            let mut st = rules.initial();
            // 200 plies at most; the last position too, finished or not
            // (one drawn by a round of passes included: `passes N` with N
            // the turns of a round reads back).
            for _ in 0..200 {
                let text = position_to_string(&rules, &st);
                let back = common::position(&rules, &text);
                assert_eq!(
                    rules.position_hash(&back),
                    rules.position_hash(&st),
                    "{game}: `{text}` reads back as another position"
                );
                if rules.outcome(&st) != Outcome::Ongoing {
                    break;
                }
                let Some(mv) = rules.random_move(&st, &mut rng) else {
                    break;
                };
                rules.play(&mut st, mv);
            }
        }
    }
}

#[test]
fn playthroughs() {
    for game in common::game_files() {
        let rules = common::load(&game);
        let mut rng = fastrand::Rng::with_seed(7);
        let mut st = rules.initial();
        let mut out = format!("{}\n", rules.name);
        let mut buf = Vec::new();
        let mut ply = 0;
        while rules.outcome(&st) == Outcome::Ongoing && ply < 400 {
            rules.legal_moves(&st, &mut buf);
            if ply == 0 || ply == 10 {
                // The board and every legal move at two positions of each game.
                out.push_str(&render::board(&rules, &st));
                out.push_str(&format!("{}\n", render::status(&rules, &st)));
                let list = render::move_list(&rules, &st, &buf, render::MoveStyle::Full);
                out.push_str(&format!(
                    "legal moves ({}): {}\n",
                    list.len(),
                    list.join(" ")
                ));
            }
            let mv = buf[rng.usize(..buf.len())];
            ply += 1;
            out.push_str(&format!(
                "{ply}. {} {} ({} legal)\n",
                rules.side_name(rules.to_move(&st)),
                move_to_short(&rules, &st, mv, &buf),
                buf.len()
            ));
            rules.play(&mut st, mv);
        }
        out.push_str(&render::board(&rules, &st));
        out.push_str(&format!("{}\n", render::status(&rules, &st)));
        let name = game
            .trim_start_matches("games/")
            .trim_end_matches(".toml")
            .to_string();
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!(out);
        });
    }
}
