//! The layering invariants of ARCHITECTURE.md ("Invariants"), checked by
//! reading the source files: each is an absence in the code of `src/`,
//! comments aside, and each failure names the files and lines that break it.

mod common;

use std::path::Path;

/// A source file of `src/`: its path relative to the repository, and its
/// lines with comments blanked out (string literals are kept: they are code).
struct Source {
    path: String,
    code: Vec<String>,
}

/// Every file under `src/`, sorted. Rust files lose their comments (line,
/// block and doc comments); the other files (the web page's HTML, CSS and
/// JavaScript) lose only the lines that start with `//`.
fn sources() -> Vec<Source> {
    fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, files);
            } else {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&common::root().join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let code = if path.extension().is_some_and(|e| e == "rs") {
                strip_rust_comments(&text)
            } else {
                text.lines()
                    .map(|l| match l.trim_start().starts_with("//") {
                        true => String::new(),
                        false => l.to_string(),
                    })
                    .collect()
            };
            let rel = path.strip_prefix(common::root()).unwrap();
            Source {
                path: rel.to_string_lossy().replace('\\', "/"),
                code,
            }
        })
        .collect()
}

/// The lines of a Rust file with every comment replaced by spaces, so that
/// line numbers stay; string and character literals are kept whole (a `//`
/// inside one is not a comment).
fn strip_rust_comments(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(if chars[i] == '\n' { '\n' } else { ' ' });
                    i += 1;
                }
            }
        } else if c == 'r'
            && (i == 0 || !ident(chars[i - 1]) || chars[i - 1] == 'b')
            && matches!(next, Some('"') | Some('#'))
        {
            // A raw string: r"..." or r#"..."# (also br"...").
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            let mut end = j + 1;
            while end < chars.len() {
                if chars[end] == '"' && (1..=hashes).all(|k| chars.get(end + k) == Some(&'#')) {
                    end += 1 + hashes;
                    break;
                }
                end += 1;
            }
            out.extend(&chars[i..end.min(chars.len())]);
            i = end;
        } else if c == '"' {
            let mut end = i + 1;
            while end < chars.len() && chars[end] != '"' {
                end += if chars[end] == '\\' { 2 } else { 1 };
            }
            let end = (end + 1).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\''), or else a lifetime.
            let end = if next == Some('\\') {
                let mut end = i + 2;
                while end < chars.len() && chars[end] != '\'' {
                    end += 1;
                }
                end + 1
            } else if chars.get(i + 2) == Some(&'\'') {
                i + 3
            } else {
                i + 1
            };
            let end = end.min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out.lines().map(str::to_string).collect()
}

/// Whether `word` stands in `line` as a whole word (`\b` of a regular
/// expression: no letter, digit or `_` on either side).
fn has_word(line: &str, word: &str) -> bool {
    let word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    line.match_indices(word).any(|(at, _)| {
        !word_char(line[..at].chars().next_back())
            && !word_char(line[at + word.len()..].chars().next())
    })
}

/// The places (`FILE:LINE: CODE`) of the files that `outside` selects where
/// `hit` holds, one a line.
fn places(
    sources: &[Source],
    outside: impl Fn(&str) -> bool,
    hit: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut found = Vec::new();
    for source in sources.iter().filter(|s| outside(&s.path)) {
        for (n, line) in source.code.iter().enumerate() {
            if hit(line) {
                found.push(format!("{}:{}: {}", source.path, n + 1, line.trim()));
            }
        }
    }
    found
}

/// Fails with the places that break an invariant.
fn assert_none(found: Vec<String>, rule: &str) {
    assert!(found.is_empty(), "{rule}; broken at:\n{}", found.join("\n"));
}

fn uses_pest(line: &str) -> bool {
    has_word(line, "pest") || has_word(line, "pest_derive") || line.contains("#[grammar")
}

#[test]
fn only_syntax_knows_pest() {
    let sources = sources();
    let in_syntax = |p: &str| p.starts_with("src/syntax/");
    assert!(
        !places(&sources, in_syntax, uses_pest).is_empty(),
        "src/syntax/ no longer uses pest: this test looks for the wrong words"
    );
    assert_none(
        places(&sources, |p| !in_syntax(p), uses_pest),
        "only src/syntax/ may use pest (the grammar's derive included)",
    );
}

#[test]
fn only_the_board_builder_knows_petgraph() {
    let sources = sources();
    let builder = |p: &str| p == "src/board.rs";
    let uses = |line: &str| has_word(line, "petgraph");
    assert!(
        !places(&sources, builder, uses).is_empty(),
        "src/board.rs no longer uses petgraph: this test looks for the wrong words"
    );
    assert_none(
        places(&sources, |p| !builder(p), uses),
        "only the board builder, src/board.rs, may use petgraph",
    );
}

/// The modules of the crate that a line names: `crate::NAME`, and each
/// `NAME` of a group `crate::{NAME::..., NAME, ...}` opened on that line.
fn crate_modules(line: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in line.match_indices("crate::") {
        let rest = &line[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && (c.is_alphanumeric() || c == '_') => {
                        let name: String = group[i..]
                            .chars()
                            .take_while(|&c| c.is_alphanumeric() || c == '_')
                            .collect();
                        names.push(name);
                        start = false;
                    }
                    c if c.is_whitespace() => {}
                    _ => start = false,
                }
            }
        } else {
            names.push(
                rest.chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect(),
            );
        }
    }
    names
}

/// A line of `src/rules/` that reaches the engine: `crate::engine`, or a
/// path through `engine::` (as `super::super::engine::` would).
fn names_engine(line: &str) -> bool {
    crate_modules(line).iter().any(|m| m == "engine")
        || line
            .match_indices("engine::")
            .any(|(at, _)| !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
}

#[test]
fn the_compiled_game_imports_no_engine() {
    let sources = sources();
    assert_none(
        places(&sources, |p| p.starts_with("src/rules/"), names_engine),
        "src/rules/ (the compiled game) may not use crate::engine",
    );
}

#[test]
fn rules_and_engine_import_only_downward() {
    let sources = sources();
    for (dir, allowed) in [
        ("src/rules/", &["board", "rules"][..]),
        ("src/engine/", &["board", "rules", "engine"][..]),
    ] {
        let other = |line: &str| {
            crate_modules(line)
                .iter()
                .any(|m| !allowed.contains(&m.as_str()))
        };
        assert_none(
            places(&sources, |p| p.starts_with(dir), other),
            &format!("{dir} may use only crate::{}", allowed.join(", crate::")),
        );
    }
}

/// Whether a line names a game, in any case: the shipped games and their
/// other names, the short ones that are also part of other words (`chess`
/// in `chessboard`) only as whole words, and `connect.?four`,
/// `tic.?tac.?toe`.
fn names_game(line: &str) -> bool {
    const ANYWHERE: [&str; 12] = [
        "quoridor", "asalto", "assault", "tamerlan", "timur", "siege", "paris", "blockade",
        "pinko", "pallino", "shatranj", "seirawan",
    ];
    const WORDS: [&str; 13] = [
        "chess",
        "othello",
        "reversi",
        "draughts",
        "checkers",
        "xiangqi",
        "shogi",
        "hnefatafl",
        "brandubh",
        "tafl",
        "gomoku",
        "morris",
        "crazyhouse",
    ];
    let line = line.to_lowercase();
    ANYWHERE.iter().any(|w| line.contains(w))
        || WORDS.iter().any(|w| has_word(&line, w))
        || loose(&line, &["connect", "four"])
        || loose(&line, &["tic", "tac", "toe"])
}

/// Whether `line` holds the parts in order, at most one character between
/// two (the `connect.?four` of a regular expression).
fn loose(line: &str, parts: &[&str]) -> bool {
    /// The rest of the parts at the start of `rest`, or after one character.
    fn follows(rest: &str, parts: &[&str]) -> bool {
        let Some((first, more)) = parts.split_first() else {
            return true;
        };
        let skip = rest.chars().next().map_or(0, char::len_utf8);
        [0, skip].into_iter().any(|at| {
            rest[at..]
                .strip_prefix(first)
                .is_some_and(|after| follows(after, more))
        })
    }
    line.match_indices(parts[0])
        .any(|(at, _)| follows(&line[at + parts[0].len()..], &parts[1..]))
}

#[test]
fn no_game_is_named_in_src() {
    let sources = sources();
    assert_none(
        places(&sources, |_| true, names_game),
        "no game may be named in src/ outside comments: its rules belong in games/*.toml",
    );
}

#[test]
fn the_checks_see_what_they_look_for() {
    let code = strip_rust_comments(
        "use crate::{board::Board, engine::x}; // chess\n/* pest */ let s = \"// paris\";\nlet c = '\"'; let l: &'static str = r#\"tafl\"#;",
    );
    assert_eq!(code.len(), 3);
    assert!(!code[0].contains("chess"));
    assert!(!uses_pest(&code[1]));
    assert!(names_game(&code[1]), "a string is code: {}", code[1]);
    assert!(names_game(&code[2]), "a raw string is code: {}", code[2]);
    assert_eq!(crate_modules(&code[0]), ["board", "engine"]);
    assert!(names_engine(&code[0]));
    assert!(names_engine("use super::super::engine::legal;"));
    assert!(!names_engine("let my_engine::x = 1;"));
    for name in [
        "Connect Four",
        "connect_four",
        "TIC-TAC-TOE",
        "tictactoe",
        "Chess",
    ] {
        assert!(names_game(name), "{name}");
    }
    for name in ["chess960", "chessboard", "tactic", "connect"] {
        assert!(!names_game(name), "{name}");
    }
    let fake = [Source {
        path: "src/rules/x.rs".into(),
        code: strip_rust_comments("// crate::engine\nuse crate::engine::legal; /* ok */"),
    }];
    assert_eq!(
        places(&fake, |p| p.starts_with("src/rules/"), names_engine),
        ["src/rules/x.rs:2: use crate::engine::legal;"]
    );
    assert!(has_word("use pest::Parser;", "pest"));
    assert!(!has_word("tempest", "pest"));
}

/// The library below the command line: everything but `src/main.rs` and
/// `src/cli/`.
fn in_library(path: &str) -> bool {
    path != "src/main.rs" && !path.starts_with("src/cli/")
}

#[test]
fn the_library_touches_no_files_and_runs_no_server() {
    let sources = sources();
    let uses = |line: &str| {
        line.contains("std::fs")
            || ["anyhow", "tokio", "axum", "hyper", "hyper_util"]
                .iter()
                .any(|w| has_word(line, w))
    };
    assert!(
        !places(&sources, |p| !in_library(p), uses).is_empty(),
        "the command line no longer uses these: this test looks for the wrong words"
    );
    assert_none(
        places(&sources, in_library, uses),
        "the library takes text and a loader callback: no file system, anyhow, tokio, axum or hyper below src/cli/",
    );
}

#[test]
fn serde_reads_only_the_raw_layer_and_scenarios() {
    let sources = sources();
    // `serde_json` may format output (reports, diagnostics as JSON);
    // deserialising is the raw layer's and the scenario files'.
    let reads = |p: &str| p.starts_with("src/raw/") || p == "src/scenario.rs";
    let uses = |line: &str| has_word(line, "serde") || line.contains("Deserialize");
    assert!(
        !places(&sources, reads, uses).is_empty(),
        "src/raw/ no longer uses serde: this test looks for the wrong words"
    );
    assert_none(
        places(&sources, |p| in_library(p) && !reads(p), uses),
        "only src/raw/ and src/scenario.rs may deserialise with serde",
    );
}
