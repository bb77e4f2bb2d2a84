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

/// A column shows its pieces in order: in Lasca after c3-d4 e5xc3 b2xd4,
/// d4 holds a white man on a black man. The black disc under it is drawn
/// first (so the white top covers it), lower than the top, and the top's
/// tooltip names the column from the top down.
#[test]
fn a_column_is_drawn_top_over_the_pieces_under_it() {
    let rules = common::load("games/lasca.toml");
    let st = common::play_all(&rules, rules.initial(), "c3-d4 e5xc3 b2xd4");
    let svg = tavoliere::svg::position(&rules, &st);
    let layout = tavoliere::svg::layout(&rules, false);
    let d4 = rules.board.site("d4").unwrap();
    let (cx, cy) = layout.sites[d4.0 as usize];
    let discs: Vec<(i32, String)> = svg
        .lines()
        .filter(|l| l.contains(&format!("<circle cx=\"{cx}\"")))
        .filter_map(|l| {
            let y: i32 = l.split("cy=\"").nth(1)?.split('"').next()?.parse().ok()?;
            let fill = l.split("fill=\"").nth(1)?.split('"').next()?.to_string();
            Some((y, fill))
        })
        .filter(|&(y, _)| (y - cy).abs() < 20)
        .collect();
    let (white, black) = (
        tavoliere::svg::side_colours("white", 0).0,
        tavoliere::svg::side_colours("black", 1).0,
    );
    assert_eq!(discs.len(), 2, "{discs:?}");
    assert_eq!(discs[0].1, black, "the piece under first: {discs:?}");
    assert_eq!(discs[1].1, white, "the top last: {discs:?}");
    assert!(
        discs[0].0 > discs[1].0,
        "the piece under shows below: {discs:?}"
    );
    assert!(svg.contains("<title>white man, on black man</title>"));
}
