//! Rule-behaviour snapshots: every `tests/scenarios/*.toml` printed step by step.
//!
//! Add a scenario file and run `cargo insta review` to pin a rule.
//!
//! Each file is a test of its own, named after it:
//! `cargo test --test scenarios -- asalto-chain` runs `asalto-chain.toml`.

mod common;

use std::path::Path;
use tavoliere::diag::{render, Sources};
use tavoliere::scenario;

/// The snapshot `scenarios__scenarios@FILE.toml.snap` of one scenario file.
fn scenarios(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut sources = Sources::new();
    // A name relative to the repository keeps snapshots machine-independent.
    let name = path.strip_prefix(common::root()).unwrap_or(path);
    let id = sources.add(name.to_string_lossy(), text);
    let out = match scenario::run(&mut sources, id, &mut common::read_base) {
        Ok(out) => out,
        Err(d) => panic!("{}", render(&sources, &d)),
    };
    insta::assert_snapshot!(out);
}

fn main() {
    common::trials::run(common::trials::snapshot_trials(
        "tests/scenarios",
        "",
        scenarios,
    ))
}
