//! Drops judged without playing them (Go's rule against suicide): read
//! for the whole board at once, as a listing does, and site by site, as a
//! move drawn at random is, they must agree, and a drop found sure must
//! keep the constraints when played. Checked on positions of random games
//! of every shipped game and test game with such a rule (captures of
//! groups in a range of sizes, runs, effects with guards, liberties along
//! all directions, walls, barriers).

mod common;

#[test]
fn drops_sure_for_the_whole_board_are_those_sure_one_by_one() {
    let mut found = 0;
    let files = common::game_files().into_iter();
    for rel in files.chain(common::toml_files("tests/games")) {
        let rules = common::load(&rel);
        let mut rng = fastrand::Rng::with_seed(9);
        let mut states = Vec::new();
        for _ in 0..4 {
            let mut st = rules.initial();
            let mut legal = Vec::new();
            for ply in 1..=120 {
                rules.legal_moves(&st, &mut legal);
                if legal.is_empty() {
                    break;
                }
                rules.play(&mut st, legal[rng.usize(..legal.len())]);
                if ply % 2 == 0 {
                    states.push(st.clone());
                }
            }
        }
        match rules.sure_drops_agree(&states) {
            Ok(n) => found += n,
            Err(why) => panic!("{rel}: {why}"),
        }
    }
    // Drops were there to judge.
    assert!(found > 1_000, "{found} sure drops found");
}
