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

/// Renders diagnostics the way rustc does: `error[code]: message`, then
/// `--> file:line:column`, the source line and a caret under the span.
pub fn render(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    let mut files = SimpleFiles::new();
    for (name, text) in &sources.files {
        files.add(name.as_str(), text.as_str());
    }
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        let mut cd = match d.severity {
            Severity::Error => cs::Diagnostic::error(),
            Severity::Warning => cs::Diagnostic::warning(),
        }
        .with_code(d.code)
        .with_message(&d.message);
        if let Some(loc) = &d.loc {
            let len = sources.text(loc.file).len();
            let span = loc.span.start.min(len)..loc.span.end.min(len);
            cd = cd.with_labels(vec![
                cs::Label::primary(loc.file, span).with_message(&d.label)
            ]);
        }
        if let Some(hint) = &d.hint {
            cd = cd.with_notes(vec![format!("hint: {hint}")]);
        }
        match term::emit_into_string(&config, &files, &cd) {
            Ok(s) => out.push_str(&s),
            Err(_) => out.push_str(&format!("error[{}]: {}\n", d.code, d.message)),
        }
    }
    out
}

/// One diagnostic as a JSON object, for editors and CI.
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
        "message": d.message,
        "file": file,
        "line": line,
        "column": column,
        "end": end,
        "label": d.label,
        "hint": d.hint,
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
