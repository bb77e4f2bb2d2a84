//! Hover documentation, read from the language reference itself
//! (`games/README.md`, built into the binary): one source, no copy.
//!
//! Each entry documents one word: a section whose heading names a table
//! or a construct in backquotes (`### [board]` documents `board`), a row
//! of a table whose first column names words in backquotes (`| fields |
//! ...` in the section of `[fen]`), a bullet that starts with one (`-
//! step(DIRS) goes ...`).

use std::collections::HashMap;
use std::sync::LazyLock;

const REFERENCE: &str = include_str!("../../../games/README.md");

/// The most lines of a section a hover quotes.
const SECTION_LINES: usize = 30;

/// One documented word.
#[derive(Clone, Debug)]
pub struct Doc {
    /// The heading of the section it is in, without its `#`s.
    pub section: String,
    /// Markdown: the row, the bullet, or the section's opening.
    pub text: String,
    /// Whether the section is one of the language's expressions (after
    /// `## Expressions`), not one of its tables.
    pub expression: bool,
    /// Whether this entry is a whole section (a heading's word).
    pub heading: bool,
}

/// Every documented word, in the reference's order.
pub fn index() -> &'static HashMap<String, Vec<Doc>> {
    &REFERENCE_DOCS.0
}

/// The entries of a word: those that document it, else the first two
/// paragraphs that name it in backquotes, those of the expression
/// sections first (`orth`: the paragraphs on direction sets and groups).
pub fn lookup(word: &str) -> Vec<&'static Doc> {
    match (index().get(word), REFERENCE_DOCS.1.get(word)) {
        (Some(docs), _) => docs.iter().collect(),
        (None, Some(docs)) => {
            let mut docs: Vec<&Doc> = docs.iter().collect();
            docs.sort_by_key(|d| !d.expression);
            docs.truncate(2);
            docs
        }
        (None, None) => Vec::new(),
    }
}

type Docs = (HashMap<String, Vec<Doc>>, HashMap<String, Vec<Doc>>);

static REFERENCE_DOCS: LazyLock<Docs> = LazyLock::new(|| parse(REFERENCE));

/// The words documented in the expression sections: patterns, conditions,
/// directions, effects.
pub fn expression_words() -> Vec<&'static str> {
    let mut words: Vec<&str> = (index().iter())
        .filter(|(_, docs)| docs.iter().any(|d| d.expression))
        .map(|(w, _)| w.as_str())
        .collect();
    words.sort_unstable();
    words
}

/// The words of one section's tables and bullets (`Direction sets`).
#[cfg(test)]
fn section_words(section: &str) -> Vec<&'static str> {
    let mut words: Vec<&str> = (index().iter())
        .filter(|(_, docs)| docs.iter().any(|d| d.section == section && !d.heading))
        .map(|(w, _)| w.as_str())
        .collect();
    words.sort_unstable();
    words
}

/// Reads the reference into its entries, and the first paragraph that
/// names each word.
fn parse(text: &str) -> Docs {
    let mut index: HashMap<String, Vec<Doc>> = HashMap::new();
    let mut mentions: HashMap<String, Vec<Doc>> = HashMap::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut section = String::new();
    let mut expression = false;
    let mut fenced = false;
    // The first column's header of the table being read, and the columns
    // that repeat it (a table of two word columns side by side).
    let mut word_columns: Vec<usize> = Vec::new();
    let mut add = |key: &str, doc: Doc| {
        let docs = index.entry(key.to_string()).or_default();
        if !docs
            .iter()
            .any(|d| d.section == doc.section && d.text == doc.text)
        {
            docs.push(doc);
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if fenced {
        } else if let Some(heading) = heading(line) {
            section = heading.to_string();
            if line.starts_with("## ") {
                expression = heading == "Expressions";
            }
            if let Some(key) = code_spans(heading).first().and_then(|s| heading_word(s)) {
                let text = section_text(&lines[i + 1..]);
                let doc = Doc {
                    section: section.clone(),
                    text,
                    expression,
                    heading: true,
                };
                add(key, doc);
            }
            word_columns.clear();
        } else if line.starts_with('|') {
            let cells = cells(line);
            let divider = cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch)));
            let header = lines.get(i + 1).is_some_and(|next| {
                next.starts_with("|---") || next.starts_with("| ---") || next.starts_with("|:")
            });
            if header {
                let first = cells.first().map_or("", |c| c.trim());
                word_columns = (cells.iter().enumerate())
                    .filter(|(_, c)| c.trim() == first)
                    .map(|(k, _)| k)
                    .collect();
            } else if !divider {
                for &k in &word_columns {
                    let Some(cell) = cells.get(k) else { continue };
                    let row = row_text(&cells, k);
                    for span in code_spans(cell) {
                        if let Some(key) = entry_word(span) {
                            let doc = Doc {
                                section: section.clone(),
                                text: row.clone(),
                                expression,
                                heading: false,
                            };
                            add(key, doc);
                        }
                    }
                }
            }
        } else if let Some(rest) = line.strip_prefix("- `") {
            let span = rest.split('`').next().unwrap_or("");
            if let Some(key) = entry_word(span) {
                let mut text = line.to_string();
                for more in &lines[i + 1..] {
                    if more.trim().is_empty() || more.starts_with("- ") || !more.starts_with(' ') {
                        break;
                    }
                    text.push('\n');
                    text.push_str(more.trim_start());
                }
                let doc = Doc {
                    section: section.clone(),
                    text,
                    expression,
                    heading: false,
                };
                add(key, doc);
            }
        } else if !line.trim().is_empty() && !line.starts_with(' ') {
            // A paragraph: the words it names, where nothing else does.
            let start = i;
            let goes_on = |l: &&str| {
                let t = l.trim_start();
                !(t.is_empty()
                    || t.starts_with(['|', '#'])
                    || t.starts_with("- ")
                    || t.starts_with("```"))
            };
            while lines.get(i + 1).is_some_and(goes_on) {
                i += 1;
            }
            let text = lines[start..=i].join("\n");
            for span in code_spans(&text) {
                let docs = mentions.entry(span.to_string()).or_default();
                let fresh = !docs.iter().any(|d| d.text == text);
                // Two paragraphs of each kind of section at most.
                if is_word(span)
                    && fresh
                    && docs.iter().filter(|d| d.expression == expression).count() < 2
                {
                    docs.push(Doc {
                        section: section.clone(),
                        text: text.clone(),
                        expression,
                        heading: false,
                    });
                }
            }
        }
        i += 1;
    }
    (index, mentions)
}

/// A heading's text, for a line that is one.
fn heading(line: &str) -> Option<&str> {
    let hashes = line.len() - line.trim_start_matches('#').len();
    (hashes > 0 && line[hashes..].starts_with(' ')).then(|| line[hashes..].trim())
}

/// The word a heading's code span names: `[pieces.NAME]` is `pieces`,
/// `[[turn.prelude]]` is `prelude`, `surrounded by` is `surrounded`.
fn heading_word(span: &str) -> Option<&str> {
    let inner = span.trim_matches(|c| c == '[' || c == ']');
    if inner.len() != span.len() {
        let parts: Vec<&str> = inner.split('.').filter(|p| is_word(p)).collect();
        return parts.last().copied();
    }
    entry_word(span)
}

/// The word a code span documents: its first lower-case word, where the
/// span starts with it or with an upper-case placeholder (`occupied KIND`,
/// `covered(COND)`, `C and D`); none for a set of words (`left | right`).
fn entry_word(span: &str) -> Option<&str> {
    if span.contains('|') {
        return None;
    }
    let words = span
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    for w in words {
        if is_word(w) {
            return Some(w);
        }
        if !w.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            return None;
        }
    }
    None
}

/// A lower-case word of the language (`step`, `last_over`).
fn is_word(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_lowercase())
        && w.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The code spans of a text, between backquotes.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// A table row's cells, `\|` inside a cell kept as `|`.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().expect("one cell").push('|');
                chars.next();
            }
            '|' => cells.push(String::new()),
            _ => cells.last_mut().expect("one cell").push(c),
        }
    }
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// A row as hover text: the word's cell, then what the cells after it say
/// (up to the next word column's start, for side-by-side tables).
fn row_text(cells: &[String], k: usize) -> String {
    let rest: Vec<&str> = cells[k + 1..]
        .iter()
        .map(String::as_str)
        .filter(|c| !c.is_empty())
        .collect();
    if rest.is_empty() {
        cells[k].clone()
    } else {
        format!("{} — {}", cells[k], rest.join(" — "))
    }
}

/// A section's opening: its lines up to the next heading, at most
/// [`SECTION_LINES`].
fn section_text(lines: &[&str]) -> String {
    let mut fenced = false;
    let mut out = Vec::new();
    for &line in lines {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && heading(line).is_some() {
            break;
        }
        out.push(line);
        if out.len() >= SECTION_LINES {
            out.push("…");
            break;
        }
    }
    if fenced {
        out.push("```");
    }
    out.join("\n").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_documents_tables_keys_patterns_and_directions() {
        let index = index();
        let first = |w: &str| index.get(w).and_then(|d| d.first()).cloned();
        let board = &index["board"];
        assert!(board
            .iter()
            .any(|d| d.heading && d.section.contains("[board]")));
        let fields = &index["fields"];
        assert!(fields.iter().any(|d| d.section.contains("[fen]")));
        assert!(first("step").is_some_and(|d| d.text.contains("step(DIRS)")));
        assert!(first("covered").is_some_and(|d| d.expression));
        // Both word columns of the compass table.
        assert!(section_words("Direction sets").contains(&"n"));
        assert!(section_words("Direction sets").contains(&"s"));
        assert!(section_words("Direction sets").contains(&"forward_diag"));
        assert!(!section_words("Direction sets").contains(&"left | right"));
    }

    /// Every word the language server completes as a direction or a
    /// keyword has an entry to show on hover.
    #[test]
    fn every_direction_and_keyword_is_documented() {
        let words = (tavoliere::board::COMPASS.iter())
            .chain(&tavoliere::compile::DIRECTION_WORDS)
            .copied()
            .chain(tavoliere::syntax::keywords());
        let missing: Vec<&str> = words.filter(|w| lookup(w).is_empty()).collect();
        assert!(missing.is_empty(), "no entry for {missing:?}");
        let orth = lookup("orth");
        assert!(orth
            .iter()
            .any(|d| d.text.contains("`orth` = `n | e | s | w`")));
    }

    #[test]
    fn entry_words() {
        assert_eq!(entry_word("occupied KIND"), Some("occupied"));
        assert_eq!(entry_word("covered(COND)"), Some("covered"));
        assert_eq!(entry_word("C and D"), Some("and"));
        assert_eq!(entry_word("left | right"), None);
        assert_eq!(entry_word("SIDE, SIDE KIND"), None);
        assert_eq!(heading_word("[[turn.prelude]]"), Some("prelude"));
        assert_eq!(heading_word("[pieces.NAME]"), Some("pieces"));
    }
}
