//! The catalogue of error kinds: each `tests/errors/*.toml` is a small broken
//! game file, and its rendered report is pinned with insta.

mod common;

use tavoliere::compile;
use tavoliere::diag::{render, Sources};

#[test]
fn error_catalogue() {
    insta::glob!("errors/*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let mut sources = Sources::new();
        let name = path.strip_prefix(common::root()).unwrap_or(path);
        let id = sources.add(name.to_string_lossy(), text);
        let diags = match compile::load(&mut sources, id, &mut common::read_base) {
            Ok((_, warnings)) => warnings,
            Err(errors) => errors,
        };
        assert!(!diags.is_empty(), "{} reports nothing", path.display());
        for d in &diags {
            assert!(
                d.loc.is_some(),
                "{}: `{}` has no location",
                path.display(),
                d.message
            );
        }
        insta::assert_snapshot!(render(&sources, &diags));
    });
}
