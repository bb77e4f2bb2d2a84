//! Every ```toml example of the language reference (games/README.md) is a
//! complete game that compiles without errors or warnings.

mod common;

use tavoliere::compile;
use tavoliere::diag::{render, Sources};

#[test]
fn reference_examples_compile_cleanly() {
    let text = std::fs::read_to_string(common::root().join("games/README.md")).unwrap();
    let mut examples = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim_start() == "```toml" => current = Some((i + 2, String::new())),
            Some((start, body)) if line.trim_start() == "```" => {
                examples.push((*start, std::mem::take(body)));
                current = None;
            }
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    assert!(examples.len() >= 8, "only {} examples", examples.len());
    for (line, example) in examples {
        // Compiled as if it were a file in games/, so that `extends` finds its base.
        let mut sources = Sources::new();
        let name = common::root().join(format!("games/README.md:{line}"));
        let id = sources.add(name.to_string_lossy(), example);
        match compile::load(&mut sources, id, &mut common::read_base) {
            Ok((_, warnings)) => assert!(
                warnings.is_empty(),
                "the example at games/README.md:{line} warns:\n{}",
                render(&sources, &warnings)
            ),
            Err(d) => panic!(
                "the example at games/README.md:{line} fails:\n{}",
                render(&sources, &d)
            ),
        }
    }
}
