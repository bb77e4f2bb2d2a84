//! Syntax errors of rule expressions: pest's errors in the words of
//! `names.rs`, with a hint where a region was written inline, and the
//! nesting limit checked before pest recurses.

use super::{names, Result, Rule, SyntaxError};

/// The deepest nesting of parentheses, and the most `not`s in a row, an
/// expression may have: the AST builders recurse, and a pathological file must get an
/// error, not a stack overflow.
const MAX_NESTING: usize = 64;

pub(super) fn check_nesting(text: &str) -> Result<()> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            return Err(SyntaxError {
                span: i..i + 1,
                message: format!("parentheses nested more than {MAX_NESTING} deep"),
            });
        }
    }
    // `not not not x` nests too (the grammar reads each `not` as a
    // condition around the rest); `a and not b and not c` does not.
    let mut run = 0usize;
    let mut words = text
        .char_indices()
        .filter(|&(i, c)| {
            (c.is_ascii_alphanumeric() || c == '_')
                && !text[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|p| p.is_ascii_alphanumeric() || p == '_')
        })
        .map(|(i, _)| i)
        .peekable();
    while let Some(start) = words.next() {
        let end = text[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |e| start + e);
        if &text[start..end] != "not" {
            run = 0;
            continue;
        }
        // A run goes on only when nothing but whitespace stands between.
        let follows = words
            .peek()
            .is_some_and(|&next| text[end..next].chars().all(char::is_whitespace));
        run += 1;
        if run > MAX_NESTING {
            return Err(SyntaxError {
                span: 0..text.len(),
                message: format!("more than {MAX_NESTING} `not`s in one expression"),
            });
        }
        if !follows {
            run = 0;
        }
    }
    Ok(())
}

pub(super) fn syntax_error(err: pest::error::Error<Rule>, text: &str) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let start = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // Underline the token that was found, not just one character.
    let found: String = text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    let end = if found.is_empty() {
        start
    } else {
        let token_end = text[start..]
            .char_indices()
            .find(|&(i, c)| i > 0 && !(c.is_ascii_alphanumeric() || c == '_'))
            .map(|(i, _)| start + i)
            .unwrap_or(text.len());
        token_end.max(start + found.chars().next().map_or(0, char::len_utf8))
    };
    let found_desc = if start >= text.len() {
        "the end of the expression".to_string()
    } else {
        format!("`{}`", &text[start..end])
    };
    let message = match err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = positives.iter().map(|r| names::human(*r)).collect();
            wanted.sort_unstable();
            wanted.dedup();
            if wanted.is_empty() {
                format!("unexpected {found_desc}")
            } else {
                format!("expected {}, found {found_desc}", names::one_of(&wanted))
            }
        }
        ErrorVariant::CustomError { message } => message,
    };
    let message = inline_region(text, start).unwrap_or(message);
    SyntaxError {
        span: start..end,
        message,
    }
}

/// A region written inline after `in` (`in rank 1..5`), where a site
/// condition takes a region's name: what to write instead.
fn inline_region(text: &str, start: usize) -> Option<String> {
    let before = text[..start].trim_end();
    let (head, word) = before.rsplit_once(char::is_whitespace)?;
    let is_in = head.trim_end().rsplit(char::is_whitespace).next() == Some("in");
    if !is_in || !matches!(word, "rank" | "file" | "color") {
        return None;
    }
    let rest: String = text[start..]
        .split([':', ')'])
        .next()
        .unwrap_or("")
        .split(" and ")
        .next()
        .unwrap_or("")
        .split(" or ")
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    Some(format!(
        "`in` takes the name of a region, not `{word} {rest}`: name it in `[regions]` \
         (`zone = \"{word} {rest}\"`) and write `in zone`"
    ))
}
