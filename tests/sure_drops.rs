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
        let states = common::random_positions(&rules, 9, 4, 120, 2);
        match rules.sure_drops_agree(&states) {
            Ok(n) => found += n,
            Err(why) => panic!("{rel}: {why}"),
        }
    }
    // Drops were there to judge.
    assert!(found > 1_000, "{found} sure drops found");
}
