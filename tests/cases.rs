//! Rule cases as data: every `tests/cases/*.toml` file holds `[[case]]`s.
//!
//! A case names a `game`, starts from a `position` (or the start), plays
//! `moves` (optional), and then checks any of:
//! - `from` + `destinations`: every site the piece on `from` can reach;
//! - `legal` / `illegal`: moves (in full notation) that must be / must not be legal;
//! - `count`: the number of legal moves;
//! - `outcome`: `ongoing`, `draw` or `SIDE won`;
//! - `empty` / `occupied`: sites that must be empty / hold a piece;
//! - `to_move`: the side whose turn it is;
//! - `chance`: the outcomes of the roll to play, each `MOVE PROBABILITY`
//!   (`roll:5-3 0.0333`), all of them, the probabilities to 1e-12;
//! - `turns`: the positions the side to move can end its turn in.
//!
//! Refused moves must explain themselves (a hint).
//!
//! Each case is a test of its own, named `FILE::NN_TEXT` (its number in the
//! file and the start of its `text`):
//! `cargo test --test cases -- asalto::01_` runs the first Asalto case.

mod common;

use serde::Deserialize;
use std::collections::BTreeSet;
use tavoliere::notation::{move_to_string, parse_move};
use tavoliere::render;
use tavoliere::rules::{Outcome, Rules, State};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    text: String,
    game: String,
    position: Option<String>,
    #[serde(default)]
    moves: String,
    from: Option<String>,
    destinations: Option<String>,
    #[serde(default)]
    legal: String,
    #[serde(default)]
    illegal: String,
    count: Option<usize>,
    outcome: Option<String>,
    /// What the result is worth: the points of the end rule that decided
    /// it ([`Rules::points`]; a gammon, 2).
    points: Option<u32>,
    #[serde(default)]
    empty: String,
    #[serde(default)]
    occupied: String,
    to_move: Option<String>,
    /// The positions (as texts) the side to move can end its whole turn
    /// in: its moves one after another until another side moves, a roll
    /// comes, or the game ends. Compared by `position_hash` (pieces,
    /// stacks, hands and counters), each position once.
    turns: Option<Vec<String>>,
    /// The outcomes of the roll to play with their probabilities, each
    /// `MOVE PROBABILITY` ([`Rules::chance_outcomes`]).
    chance: Option<Vec<String>>,
}

/// The chance outcomes of `st` against `expected` (`MOVE PROBABILITY`).
fn check_chance(rules: &Rules, st: &State, expected: &[String], what: &str) {
    let ours: std::collections::BTreeMap<String, f64> = (rules.chance_outcomes(st).into_iter())
        .map(|(m, p)| (move_to_string(rules, st, m), p))
        .collect();
    let theirs: std::collections::BTreeMap<String, f64> = (expected.iter())
        .map(|e| {
            let (m, p) = e.rsplit_once(' ').expect("`MOVE PROBABILITY`");
            (m.to_string(), p.parse().expect("a probability"))
        })
        .collect();
    let keys = |m: &std::collections::BTreeMap<String, f64>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&ours), keys(&theirs), "{what}: the outcomes differ");
    for (m, p) in &theirs {
        assert!(
            (ours[m] - p).abs() < 1e-12,
            "{what}: {m} has {} not {p}",
            ours[m]
        );
    }
}

/// The hashes of the positions that the side to move can end its turn in
/// from `st`, each with its text.
fn turn_ends(rules: &Rules, st: &State, out: &mut std::collections::BTreeMap<u64, String>) {
    let side = rules.to_move(st);
    let mut moves = Vec::new();
    rules.legal_moves(st, &mut moves);
    for m in moves {
        let mut next = st.clone();
        rules.play(&mut next, m);
        if rules.outcome(&next) != Outcome::Ongoing
            || rules.is_chance(&next)
            || rules.to_move(&next) != side
        {
            let text = tavoliere::notation::position_to_string(rules, &next);
            out.insert(rules.position_hash(&next), text);
        } else {
            turn_ends(rules, &next, out);
        }
    }
}

fn check(case: &Case) {
    let rules = common::load(&case.game);
    let start = match &case.position {
        Some(p) => common::position(&rules, p),
        None => rules.initial(),
    };
    let st = common::play_all(&rules, start, &case.moves);
    let mut moves = Vec::new();
    rules.legal_moves(&st, &mut moves);
    let written: BTreeSet<String> = moves
        .iter()
        .map(|&m| move_to_string(&rules, &st, m))
        .collect();
    let what = &case.text;
    if let (Some(from), Some(dest)) = (&case.from, &case.destinations) {
        let from = rules.board.site(from).unwrap();
        let ours: BTreeSet<&str> = moves
            .iter()
            .filter(|m| rules.move_from(m) == Some(from))
            .filter_map(|m| rules.move_to(m))
            .map(|t| rules.board.site_name(t))
            .collect();
        let expected: BTreeSet<&str> = dest.split_whitespace().collect();
        assert_eq!(ours, expected, "{what}");
    }
    for m in case.legal.split_whitespace() {
        assert!(
            written.contains(m),
            "`{m}` should be legal: {what}\nlegal: {written:?}"
        );
    }
    for m in case.illegal.split_whitespace() {
        assert!(!written.contains(m), "`{m}` should be illegal: {what}");
        let err = parse_move(&rules, &st, m).unwrap_err();
        assert!(err.hint.is_some(), "a refusal explains itself: {err}");
    }
    if let Some(n) = case.count {
        assert_eq!(moves.len(), n, "{what}: {written:?}");
    }
    if let Some(o) = &case.outcome {
        assert_eq!(&render::outcome(&rules, rules.outcome(&st)), o, "{what}");
    }
    if let Some(points) = case.points {
        assert_eq!(rules.points(&st), points, "{what}");
    }
    for s in case.empty.split_whitespace() {
        let site = rules.board.site(s).unwrap();
        assert_eq!(
            st.piece_at(&rules, site),
            None,
            "{s} should be empty: {what}"
        );
    }
    for s in case.occupied.split_whitespace() {
        let site = rules.board.site(s).unwrap();
        assert!(
            st.piece_at(&rules, site).is_some(),
            "{s} should be occupied: {what}"
        );
    }
    if let Some(turns) = &case.turns {
        let mut ours = std::collections::BTreeMap::new();
        turn_ends(&rules, &st, &mut ours);
        let expected: std::collections::BTreeMap<u64, &str> = (turns.iter())
            .map(|t| {
                (
                    rules.position_hash(&common::position(&rules, t)),
                    t.as_str(),
                )
            })
            .collect();
        let extra: Vec<&String> = (ours.iter())
            .filter(|(h, _)| !expected.contains_key(h))
            .map(|(_, t)| t)
            .collect();
        let missing: Vec<&&str> = (expected.iter())
            .filter(|(h, _)| !ours.contains_key(h))
            .map(|(_, t)| t)
            .collect();
        assert!(
            extra.is_empty() && missing.is_empty(),
            "{what}: the turn's ends differ\nnot expected: {extra:#?}\nmissing: {missing:#?}"
        );
    }
    if let Some(expected) = &case.chance {
        check_chance(&rules, &st, expected, what);
    }
    if let Some(side) = &case.to_move {
        assert_eq!(rules.side_name(rules.to_move(&st)), side, "{what}");
    }
}

fn main() {
    let (files, mut trials) = common::trials::case_files::<Case>("tests/cases");
    let n: usize = files.iter().map(|(_, cases)| cases.len()).sum();
    trials.push(common::trials::trial("enough_cases", move || {
        assert!(n >= 20, "only {n} cases");
    }));
    for (file, cases) in files {
        for (i, case) in cases.into_iter().enumerate() {
            let name = format!("{file}::{:02}_{}", i + 1, common::trials::slug(&case.text));
            trials.push(common::trials::trial(name, move || check(&case)));
        }
    }
    common::trials::run(trials)
}
