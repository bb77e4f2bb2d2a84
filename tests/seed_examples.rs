//! The worked examples of the seed texts, as data (`tests/seed_examples.toml`).

mod common;

use serde::Deserialize;
use std::collections::BTreeSet;
use tavoliere::rules::Move;

#[derive(Deserialize)]
struct File {
    example: Vec<Example>,
}

#[derive(Deserialize)]
struct Example {
    text: String,
    game: String,
    position: String,
    from: Option<String>,
    destinations: Option<String>,
    #[serde(default)]
    legal: String,
    #[serde(default)]
    illegal: String,
}

#[test]
fn seed_examples() {
    let text = std::fs::read_to_string(common::root().join("tests/seed_examples.toml")).unwrap();
    let file: File = toml::from_str(&text).unwrap();
    for ex in &file.example {
        let rules = common::load(&ex.game);
        let st = common::position(&rules, &ex.position);
        let mut moves = Vec::new();
        rules.legal_moves(&st, &mut moves);
        if let (Some(from), Some(dest)) = (&ex.from, &ex.destinations) {
            let from = rules.board.site(from).unwrap();
            let ours: BTreeSet<&str> = moves
                .iter()
                .filter_map(|m| match *m {
                    Move::Step { from: f, to } if f == from => Some(rules.board.site_name(to)),
                    _ => None,
                })
                .collect();
            let expected: BTreeSet<&str> = dest.split_whitespace().collect();
            assert_eq!(ours, expected, "{}", ex.text);
        }
        let written: BTreeSet<String> = moves
            .iter()
            .map(|&m| tavoliere::notation::move_to_string(&rules, &st, m))
            .collect();
        for m in ex.legal.split_whitespace() {
            assert!(written.contains(m), "`{m}` should be legal: {}", ex.text);
        }
        for m in ex.illegal.split_whitespace() {
            assert!(!written.contains(m), "`{m}` should be illegal: {}", ex.text);
            let err = tavoliere::notation::parse_move(&rules, &st, m).unwrap_err();
            assert!(err.hint.is_some(), "a refusal explains itself: {err}");
        }
    }
}
