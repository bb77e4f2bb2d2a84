//! One test per data case: the harnesses with `harness = false` in
//! `Cargo.toml` build a libtest-mimic `Trial` for each case of their data
//! files, so that every case is reported on its own, a failing case hides no
//! other, and `cargo test --test HARNESS -- NAME` runs the cases whose name
//! contains NAME (`--exact` for one, `--list` to see them).

use libtest_mimic::{Arguments, Trial};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Runs the trials with the command line's arguments, and exits.
pub fn run(trials: Vec<Trial>) -> ! {
    libtest_mimic::run(&Arguments::from_args(), trials).exit()
}

/// A trial that passes unless `check` panics.
pub fn trial(name: impl Into<String>, check: impl FnOnce() + Send + 'static) -> Trial {
    Trial::test(name, move || {
        check();
        Ok(())
    })
}

/// The file name without `.toml`, as the first part of a case's name.
pub fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// The `.toml` files of a folder of the repository (not its subfolders),
/// sorted.
pub fn toml_paths(dir: &str) -> Vec<PathBuf> {
    super::toml_files(dir)
        .into_iter()
        .map(|rel| super::root().join(rel))
        .collect()
}

/// A name made of a case's description: lower-case letters and digits,
/// every other run of characters one `_`, cut at a word after 60 characters.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for word in text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if out.len() >= 60 {
            break;
        }
        if !out.is_empty() {
            out.push('_');
        }
        out.push_str(&word.to_ascii_lowercase());
    }
    out
}

#[derive(Deserialize)]
struct CaseFile<C> {
    case: Vec<C>,
}

/// The `[[case]]`s of each `.toml` file of `dir`, with the file's stem; a
/// file that does not parse is a failing trial named after it, so that it
/// hides no other file.
pub fn case_files<C: DeserializeOwned>(dir: &str) -> (Vec<(String, Vec<C>)>, Vec<Trial>) {
    let mut files = Vec::new();
    let mut broken = Vec::new();
    for path in toml_paths(dir) {
        let name = stem(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        match toml::from_str::<CaseFile<C>>(&text) {
            Ok(file) => files.push((name, file.case)),
            Err(e) => {
                let msg = format!("{}: {e}", path.display());
                broken.push(Trial::test(name, move || Err(msg.into())));
            }
        }
    }
    (files, broken)
}

/// One trial per `.toml` file of `dir`, named `PREFIX::STEM` (or `STEM`
/// without a prefix), that runs `check` on the file under the insta
/// settings `insta::glob!` gave it: the file as the snapshot's input, its
/// file name as the snapshot's suffix (`NAME@FILE.toml.snap`). The snapshot
/// assertion stays in the harness, whose file places the snapshots.
pub fn snapshot_trials(dir: &str, prefix: &str, check: fn(&Path)) -> Vec<Trial> {
    toml_paths(dir)
        .into_iter()
        .map(|path| {
            let name = match prefix {
                "" => stem(&path),
                _ => format!("{prefix}::{}", stem(&path)),
            };
            trial(name, move || {
                let mut settings = insta::Settings::clone_current();
                settings.set_input_file(&path);
                settings.set_snapshot_suffix(path.file_name().unwrap().to_str().unwrap());
                settings.bind(|| check(&path));
            })
        })
        .collect()
}
