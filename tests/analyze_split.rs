//! `analyze::run_range`: a run split into ranges of games and joined back
//! is the run played in one piece (what `tavoliere.ray.analyze` relies on).

mod common;

use tavoliere::agent::Agent;
use tavoliere::analyze;

#[test]
fn ranges_joined_are_the_whole_run() {
    let rules = common::load("games/asalto.toml");
    let players = vec![Agent::Random; rules.sides.len()];
    let names = vec!["random".to_string(); rules.sides.len()];
    let whole = analyze::run(&rules, &players, 10, 2, 300, 42, &|_| {}).unwrap();
    let mut games = Vec::new();
    for range in [0..3, 3..4, 4..10] {
        games.extend(analyze::run_range(&rules, &players, range, 1, 300, 42, &|_| {}).unwrap());
    }
    let joined = analyze::Analysis::new(&rules, games);
    assert_eq!(
        joined.to_json(&rules, &names),
        whole.to_json(&rules, &names)
    );
    let other = analyze::run(&rules, &players, 10, 2, 300, 43, &|_| {}).unwrap();
    assert_ne!(other.to_json(&rules, &names), whole.to_json(&rules, &names));
}
