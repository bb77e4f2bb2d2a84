//! The catalogue of error kinds: each `tests/errors/*.toml` is a small broken
//! game file, and each `tests/errors/scenarios/*.toml` a scenario with a
//! broken position, move or game path; the rendered report of each is
//! pinned with insta. The language reference's tables of diagnostics must
//! name every code the compiler reports, and a fixture that reports it.
//!
//! Each fixture is a test of its own, named after its path under `tests/`
//! (`errors::FILE`, `errors::scenarios::FILE`):
//! `cargo test --test diagnostics -- errors::bad-board` runs
//! `tests/errors/bad-board.toml`.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use tavoliere::diag::{render, Diagnostic, Sources};
use tavoliere::{compile, scenario};

/// Every diagnostic located; a report that is not empty.
fn check_located(path: &Path, diags: &[Diagnostic]) {
    assert!(!diags.is_empty(), "{} reports nothing", path.display());
    for d in diags {
        assert!(
            d.loc.is_some(),
            "{}: `{}` has no location",
            path.display(),
            d.message
        );
    }
}

/// The snapshot `diagnostics__error_catalogue@FILE.toml.snap` of one
/// broken game file.
fn error_catalogue(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut sources = Sources::new();
    let name = path.strip_prefix(common::root()).unwrap_or(path);
    let id = sources.add(name.to_string_lossy(), text);
    let diags = match compile::load(&mut sources, id, &mut common::read_base) {
        Ok((_, warnings)) => warnings,
        Err(errors) => errors,
    };
    check_located(path, &diags);
    insta::assert_snapshot!(render(&sources, &diags));
}

/// The snapshot `diagnostics__scenario_error_catalogue@FILE.toml.snap` of
/// one broken scenario.
fn scenario_error_catalogue(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut sources = Sources::new();
    let name = path.strip_prefix(common::root()).unwrap_or(path);
    let id = sources.add(name.to_string_lossy(), text);
    let diags = match scenario::run(&mut sources, id, &mut common::read_base) {
        Ok(out) => panic!("{} runs without an error:\n{out}", path.display()),
        Err(diags) => diags,
    };
    check_located(path, &diags);
    insta::assert_snapshot!(render(&sources, &diags));
}

/// The codes the program reports: every `Diagnostic::error("CODE"` and
/// `Diagnostic::warning("CODE"` in `src/`.
fn codes_in_source() -> BTreeSet<String> {
    fn walk(dir: &Path, codes: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, codes);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for call in ["Diagnostic::error(", "Diagnostic::warning("] {
                    for (at, _) in text.match_indices(call) {
                        let rest = text[at + call.len()..].trim_start();
                        if let Some(code) = rest.strip_prefix('"').and_then(|r| r.split('"').next())
                        {
                            codes.insert(code.to_string());
                        }
                    }
                }
            }
        }
    }
    let mut codes = BTreeSet::new();
    walk(&common::root().join("src"), &mut codes);
    codes
}

/// The reference's section on diagnostics: the codes of its tables of
/// errors and warnings, and its table of files, code by code.
fn reference_tables() -> (BTreeSet<String>, BTreeMap<String, Vec<String>>) {
    let text = std::fs::read_to_string(common::root().join("games/README.md")).unwrap();
    let start = text
        .find("\n## Diagnostics")
        .expect("a Diagnostics section");
    let section = &text[start + 1..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let (kinds, files) = section
        .split_once("Every kind of diagnostic has a small file")
        .expect("the table of files after the tables of codes");
    let code = |line: &str| {
        let rest = line.strip_prefix("| `")?;
        Some(rest[..rest.find('`')?].to_string())
    };
    let codes = kinds.lines().filter_map(code).collect();
    let fixtures = files
        .lines()
        .filter_map(|line| {
            let links = line
                .split("](../tests/errors/")
                .skip(1)
                .map(|l| l[..l.find(')').unwrap_or(l.len())].to_string())
                .collect();
            Some((code(line)?, links))
        })
        .collect();
    (codes, fixtures)
}

/// The report of a file of the catalogue: a game compiled, or a scenario run.
fn report(rel: &str) -> String {
    let path = common::root().join("tests/errors").join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let mut sources = Sources::new();
    let id = sources.add(format!("tests/errors/{rel}"), text);
    let diags = if rel.starts_with("scenarios/") {
        scenario::run(&mut sources, id, &mut common::read_base)
            .err()
            .unwrap_or_default()
    } else {
        match compile::load(&mut sources, id, &mut common::read_base) {
            Ok((_, warnings)) => warnings,
            Err(errors) => errors,
        }
    };
    render(&sources, &diags)
}

/// Codes with no file, and why: none can be triggered on purpose.
const NO_FIXTURE: [&str; 1] = [
    // Reported only when compiling fails and no other error says why.
    "invalid",
];

fn the_reference_names_every_code_and_a_file_for_each() {
    let (documented, fixtures) = reference_tables();
    let reported = codes_in_source();
    assert!(
        reported.len() >= 40,
        "only {} codes found in src/",
        reported.len()
    );
    let undocumented: Vec<_> = reported.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "codes missing from games/README.md: {undocumented:?}"
    );
    let unknown: Vec<_> = documented.difference(&reported).collect();
    assert!(
        unknown.is_empty(),
        "games/README.md names codes src/ never reports: {unknown:?}"
    );
    for code in &documented {
        let files = fixtures.get(code).map(Vec::as_slice).unwrap_or_default();
        if NO_FIXTURE.contains(&code.as_str()) {
            assert!(
                files.is_empty(),
                "`{code}` has a file after all: drop it from NO_FIXTURE"
            );
            continue;
        }
        assert!(
            !files.is_empty(),
            "`{code}` has no file in games/README.md's table"
        );
        for file in files {
            let out = report(file);
            assert!(
                out.contains(&format!("error[{code}]"))
                    || out.contains(&format!("warning[{code}]")),
                "{file}, listed for `{code}`, reports:\n{out}"
            );
        }
    }
    // Every file of the catalogue is listed.
    let listed: BTreeSet<&String> = fixtures.values().flatten().collect();
    for dir in ["tests/errors", "tests/errors/scenarios"] {
        for file in common::toml_files(dir) {
            let rel = file.trim_start_matches("tests/errors/").to_string();
            assert!(
                listed.contains(&rel),
                "{file} is not in games/README.md's table"
            );
        }
    }
}

fn main() {
    let mut trials = common::trials::snapshot_trials("tests/errors", "errors", error_catalogue);
    trials.extend(common::trials::snapshot_trials(
        "tests/errors/scenarios",
        "errors::scenarios",
        scenario_error_catalogue,
    ));
    trials.push(common::trials::trial(
        "the_reference_names_every_code_and_a_file_for_each",
        the_reference_names_every_code_and_a_file_for_each,
    ));
    common::trials::run(trials)
}
