//! The names of sides, pieces, barriers and regions: words of the rule
//! language are refused, and pieces, barriers and regions share one name space.

use super::{Compiler, Res};
use crate::diag::Diagnostic;
use crate::raw::{entry_names, RawGame, Str};
use std::collections::HashMap;

impl Compiler<'_> {
    pub(super) fn check_names(&mut self, raw: &RawGame) -> Res<()> {
        let keys = raw
            .sides
            .0
            .iter()
            .map(|(k, _)| k)
            .chain(raw.pieces.0.iter().map(|(k, _)| k))
            .chain(raw.barriers.0.iter().map(|(k, _)| k))
            .chain(raw.regions.0.iter().map(|(k, _)| k));
        let mut ok = true;
        for k in keys {
            let word = !k.value.is_empty()
                && k.value
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !k.value.starts_with(|c: char| c.is_ascii_digit());
            let problem = if !word {
                Some((
                    "cannot be used as a name",
                    "names are ASCII letters, digits and `_`, and do not start with a digit",
                ))
            } else if KEYWORDS.contains(&k.value.as_str()) {
                Some(("is a word of the rule language", "choose another name"))
            } else {
                None
            };
            if let Some((what, hint)) = problem {
                self.error(
                    Diagnostic::error("bad-name", format!("`{}` {what}", k.value))
                        .at(k.loc())
                        .label("not a name")
                        .hint(hint),
                );
                ok = false;
            }
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }

    pub(super) fn check_distinct(&mut self, raw: &RawGame) -> Res<()> {
        // One name space for kinds, barriers and regions, so that a name in
        // an expression means one thing.
        let mut seen: HashMap<&str, &Str> = HashMap::new();
        let mut ok = true;
        let all = raw
            .pieces
            .0
            .iter()
            .map(|(k, _)| k)
            .chain(raw.barriers.0.iter().map(|(k, _)| k))
            .chain(raw.regions.0.iter().map(|(k, _)| k));
        for k in all {
            if let Some(first) = seen.get(k.value.as_str()) {
                let first_loc = first.loc();
                let (line, _) = self.sources.line_col(first_loc.file, first_loc.span.start);
                self.error(
                    Diagnostic::error("duplicate-name", format!("`{}` names two things", k.value))
                        .at(k.loc())
                        .label("second definition")
                        .hint(format!("pieces, barriers and regions share one name space; `{}` is first defined on line {line}", k.value)),
                );
                ok = false;
            } else {
                seen.insert(&k.value, k);
            }
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }
}

impl Compiler<'_> {
    /// Two entries of `[[end]]`, `[[constraint]]` or `[[priority]]` with
    /// one `name`: a variant's `[remove]` could not tell them apart.
    pub(super) fn check_entry_names(&mut self, raw: &RawGame) {
        let lists = [
            ("end rule", entry_names(&raw.end)),
            ("constraint", entry_names(&raw.constraint)),
            ("priority", entry_names(&raw.priority)),
        ];
        for (what, list) in lists {
            for (i, name) in list.iter().enumerate() {
                if let Some(first) = list[..i].iter().find(|n| n.value == name.value) {
                    let at = first.loc();
                    let (line, _) = self.sources.line_col(at.file, at.span.start);
                    self.error(
                        Diagnostic::error(
                            "duplicate-name",
                            format!("two {what}s are named `{}`", name.value),
                        )
                        .at(name.loc())
                        .label("second entry with this name")
                        .hint(format!(
                            "the first is on line {line} of {}; a `[remove]` names one entry",
                            self.sources.name(at.file)
                        )),
                    );
                }
            }
        }
    }
}

/// Words of the rule language that cannot name sides, pieces, barriers or regions.
const KEYWORDS: [&str; 35] = [
    "to", "over", "then", "and", "or", "not", "in", "ahead", "count", "reach", "rank", "file",
    "move", "place", "pass", "true", "false", "capture", "nearer", "color", "piece", "own",
    "enemy", "any", "empty", "occupied", "friend", "covered", "backed", "from", "captures", "fill",
    "can", "hand", "remove",
];
