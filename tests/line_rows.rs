//! Lines are found from row masks made when the game is compiled (a
//! region's rows per side, the rows through each site): they must find a
//! line exactly where walking the pieces does. Checked on positions of
//! random games of every shipped game and test game (boards of one word
//! and of several, points joined by lines, regions per side).

mod common;

#[test]
fn row_masks_find_the_lines_walking_finds() {
    let mut found = 0;
    let files = common::game_files().into_iter();
    for rel in files.chain(common::toml_files("tests/games")) {
        let rules = common::load(&rel);
        let states = common::random_positions(&rules, 5, 1, 120, 15);
        match rules.line_rows_agree(&states) {
            Ok(n) => found += n,
            Err(why) => panic!("{rel}: {why}"),
        }
    }
    // Lines were there to find.
    assert!(found > 1_000, "{found} lines found");
}
