//! SVG pictures: every game's start is pinned with insta, and the pictures
//! in `docs/pictures/` (shown in the README) are those of today's files.

mod common;

#[test]
fn every_start_is_drawn() {
    for rel in common::game_files() {
        let rules = common::load(&rel);
        let svg = tavoliere::svg::position(&rules, &rules.initial());
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let name = rel.trim_start_matches("games/").trim_end_matches(".toml");
        insta::assert_snapshot!(format!("svg-{name}"), svg);
    }
}

#[test]
fn the_readme_pictures_are_current() {
    for entry in std::fs::read_dir(common::root().join("docs/pictures")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let rules = common::load(&format!("games/{name}.toml"));
        let svg = tavoliere::svg::position(&rules, &rules.initial());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            svg,
            "{} is stale: tavoliere show games/{name}.toml --svg {}",
            path.display(),
            path.display()
        );
    }
}
