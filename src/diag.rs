//! Diagnostics: one type for every error and warning, and one renderer.
//!
//! A [`Diagnostic`] points at a byte span of a file kept in [`Sources`]. Spans
//! inside a rule expression are mapped back to the TOML file by the raw layer,
//! so the caret lands under the offending word of the string.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;
use std::ops::Range;

/// Index of a file in [`Sources`].
pub type FileId = usize;

/// The text of every file read while loading a game (a variant and its bases).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<(String, String)>,
}

impl Sources {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push((name.into(), text.into()));
        self.files.len() - 1
    }

    pub fn name(&self, id: FileId) -> &str {
        &self.files[id].0
    }

    pub fn text(&self, id: FileId) -> &str {
        &self.files[id].1
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        let text = self.text(id);
        let offset = offset.min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// Where a diagnostic points: a file and a byte range in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: FileId,
    pub span: Range<usize>,
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A short code naming the kind of problem, such as `unknown-name`.
    pub code: &'static str,
    pub message: String,
    pub loc: Option<Loc>,
    /// Text under the caret.
    pub label: String,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            loc: None,
            label: String::new(),
            hint: None,
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Self::error(code, message)
        }
    }

    pub fn at(mut self, loc: Loc) -> Self {
        self.loc = Some(loc);
        self
    }

    pub fn at_opt(mut self, loc: Option<Loc>) -> Self {
        self.loc = loc;
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The most diagnostics one report shows; the rest are counted.
const MAX_SHOWN: usize = 50;

/// A source line longer than this is not quoted whole: only a window of
/// about `WINDOW` bytes around the span, with ellipses.
const LONG_LINE: usize = 1000;
const WINDOW: usize = 200;

/// Text for a terminal: control characters written as escapes
/// (`\u{1b}`), so an input cannot drive the terminal through an error.
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// A source text for quoting: each control character but a line's end
/// replaced, byte for byte, by `?`, so spans still fall where they did.
fn defang(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |(i, c): (usize, char)| {
        c.is_control() && c != '\n' && c != '\t' && !(c == '\r' && text[i + 1..].starts_with('\n'))
    };
    if !text.char_indices().any(bad) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if bad((i, c)) {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// The byte range of the line holding `offset`.
fn line_around(text: &str, offset: usize) -> Range<usize> {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    start..end
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One diagnostic whose line is too long to quote: its location, and a
/// window of the line around the span with the span underlined.
fn render_cut(sources: &Sources, d: &Diagnostic, loc: &Loc, line: Range<usize>) -> String {
    let text = sources.text(loc.file);
    let start = loc.span.start.min(text.len());
    let end = loc.span.end.clamp(start, line.end);
    let from = floor_char(text, start.saturating_sub(WINDOW / 2).max(line.start));
    let to = floor_char(text, (end.max(start + 1) + WINDOW / 2).min(line.end));
    let to = to.max(end.min(from + WINDOW)).min(line.end);
    let to = floor_char(text, to);
    let (l, c) = sources.line_col(loc.file, start);
    let head = if from > line.start { "…" } else { "" };
    let tail = if to < line.end { "…" } else { "" };
    let excerpt = defang(&text[from..to]);
    let pad = head.chars().count() + text[from..start].chars().count();
    let marks = text[start..end.min(to)].chars().count().max(1);
    let kind = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut out = format!(
        "{kind}[{}]: {}\n   ┌─ {}:{l}:{c}\n   │\n   │ {head}{excerpt}{tail}\n   │ {}{} {}\n",
        d.code,
        escape(&d.message),
        escape(sources.name(loc.file)),
        " ".repeat(pad),
        "^".repeat(marks),
        escape(&d.label),
    );
    if let Some(hint) = &d.hint {
        out.push_str(&format!("   │\n   = hint: {}\n", escape(hint)));
    }
    out.push('\n');
    out
}

/// Renders diagnostics the way rustc does: `error[code]: message`, then
/// `--> file:line:column`, the source line and a caret under the span.
/// A line longer than `LONG_LINE` is quoted only around the span; past
/// `MAX_SHOWN` diagnostics, the rest are only counted; control characters
/// are escaped.
pub fn render(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    let texts: Vec<std::borrow::Cow<'_, str>> =
        sources.files.iter().map(|(_, text)| defang(text)).collect();
    let names: Vec<std::borrow::Cow<'_, str>> =
        sources.files.iter().map(|(name, _)| escape(name)).collect();
    let mut files = SimpleFiles::new();
    for (name, text) in names.iter().zip(&texts) {
        files.add(name.as_ref(), text.as_ref());
    }
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics.iter().take(MAX_SHOWN) {
        if let Some(loc) = &d.loc {
            let text = sources.text(loc.file);
            let line = line_around(text, floor_char(text, loc.span.start.min(text.len())));
            if line.len() > LONG_LINE {
                out.push_str(&render_cut(sources, d, loc, line));
                continue;
            }
        }
        let message = escape(&d.message);
        let mut cd = match d.severity {
            Severity::Error => cs::Diagnostic::error(),
            Severity::Warning => cs::Diagnostic::warning(),
        }
        .with_code(d.code)
        .with_message(message.as_ref());
        if let Some(loc) = &d.loc {
            let len = sources.text(loc.file).len();
            let span = loc.span.start.min(len)..loc.span.end.min(len);
            cd = cd.with_labels(vec![
                cs::Label::primary(loc.file, span).with_message(escape(&d.label))
            ]);
        }
        if let Some(hint) = &d.hint {
            cd = cd.with_notes(vec![format!("hint: {}", escape(hint))]);
        }
        match term::emit_into_string(&config, &files, &cd) {
            Ok(s) => out.push_str(&s),
            Err(_) => out.push_str(&format!("error[{}]: {message}\n", d.code)),
        }
    }
    if diagnostics.len() > MAX_SHOWN {
        let more = diagnostics.len() - MAX_SHOWN;
        out.push_str(&format!(
            "... and {more} more diagnostic{}, not shown\n",
            if more == 1 { "" } else { "s" }
        ));
    }
    out
}

/// The first [`MAX_SHOWN`] diagnostics as JSON objects ([`to_json`]),
/// then, if there are more, one object saying how many were left out
/// (`"code": "more"`, `"severity": "note"`): bounded as [`render`] is.
pub fn to_json_list(sources: &Sources, diagnostics: &[Diagnostic]) -> Vec<serde_json::Value> {
    let mut out: Vec<_> = (diagnostics.iter().take(MAX_SHOWN))
        .map(|d| to_json(sources, d))
        .collect();
    let more = diagnostics.len().saturating_sub(MAX_SHOWN);
    if more > 0 {
        out.push(serde_json::json!({
            "severity": "note",
            "code": "more",
            "message": format!("... and {more} more diagnostic{}, not shown", if more == 1 { "" } else { "s" }),
        }));
    }
    out
}

/// A message, label or hint cut to at most [`LONG_LINE`] bytes (on a
/// character boundary), with an ellipsis.
fn cut(text: &str) -> String {
    if text.len() <= LONG_LINE {
        return text.to_string();
    }
    let mut end = LONG_LINE;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// One diagnostic as a JSON object, for editors and CI; its texts cut to
/// [`LONG_LINE`] bytes.
pub fn to_json(sources: &Sources, d: &Diagnostic) -> serde_json::Value {
    let (file, line, column, end) = match &d.loc {
        Some(loc) => {
            let (l, c) = sources.line_col(loc.file, loc.span.start);
            let (el, ec) = sources.line_col(loc.file, loc.span.end);
            let end = serde_json::json!({ "line": el, "column": ec });
            (
                Some(sources.name(loc.file).to_string()),
                Some(l),
                Some(c),
                Some(end),
            )
        }
        None => (None, None, None, None),
    };
    serde_json::json!({
        "severity": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
        "code": d.code,
        "message": cut(&d.message),
        "file": file,
        "line": line,
        "column": column,
        "end": end,
        "label": cut(&d.label),
        "hint": d.hint.as_deref().map(cut),
    })
}

/// The closest name to `wanted` among `candidates`, for "did you mean" hints.
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(wanted, c);
        if d <= wanted.len().max(2) / 2 && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// "did you mean `x`?" for an unknown name, or a list of what is known.
pub fn suggest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str> + Clone) -> String {
    match closest(wanted, known.clone()) {
        Some(c) => format!("did you mean `{c}`?"),
        None => {
            let names: Vec<String> = known.into_iter().map(|k| format!("`{k}`")).collect();
            if names.is_empty() {
                "none is defined".to_string()
            } else {
                format!("known: {}", names.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_finds_typos() {
        assert_eq!(closest("giraff", ["giraffe", "rook"]), Some("giraffe"));
        assert_eq!(closest("zzz", ["giraffe", "rook"]), None);
    }
}
