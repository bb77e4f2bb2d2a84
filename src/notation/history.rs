//! The draw rules' history in a position's text: `counters 12 3` (the
//! plies of each `since(...)`, in file order), `plies 72` (the plies
//! played before the history's first position: a FEN's move number) and
//! `history HASH/SIDE ...` (the positions seen before this one, oldest
//! first, `+` after a move that gave check), so that a saved game goes on
//! with its draw rules and its move number.

use super::*;
use crate::diag::{Diagnostic, FileId, Loc};
use crate::syntax::ast::{Name, Span};

/// The sections of `st`'s history, for a game that keeps one.
pub(super) fn history_text(rules: &Rules, st: &State) -> Vec<String> {
    let Some(h) = &st.history else {
        return Vec::new();
    };
    let mut parts = Vec::new();
    if !h.since.is_empty() {
        let counters: Vec<String> = h.since.iter().map(u32::to_string).collect();
        parts.push(format!("counters {}", counters.join(" ")));
    }
    if h.before != 0 {
        parts.push(format!("plies {}", h.before));
    }
    if h.seen().len() > 1 {
        let seen: Vec<String> = (h.seen()[..h.seen().len() - 1].iter())
            .map(|s| {
                let check = if s.gave_check { "+" } else { "" };
                format!("{:016x}/{}{check}", s.hash, rules.side_name(s.mover))
            })
            .collect();
        parts.push(format!("history {}", seen.join(" ")));
    }
    parts
}

/// The positions seen written in a position's text: hash, side, check.
type SeenText = Vec<(Name, Name, bool)>;

/// What a position's text says of its history, read once the rest of the
/// position is known.
#[derive(Default)]
pub(super) struct HistoryText {
    pub counters: Option<(Vec<(u32, Span)>, Span)>,
    pub seen: Option<(SeenText, Span)>,
    pub plies: Option<(u32, Span)>,
}

impl HistoryText {
    /// Gives `st` (its pieces all read) its history: the counters and the
    /// positions seen before, then `st` itself.
    pub(super) fn apply(self, rules: &Rules, st: &mut State, file: FileId) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let at = |span: Span| Loc { file, span };
        st.history = rules.fresh_history(st);
        let Some(h) = &mut st.history else {
            let spans = [
                self.counters.map(|c| c.1),
                self.seen.map(|s| s.1),
                self.plies.map(|p| p.1),
            ];
            for span in spans.into_iter().flatten() {
                errors.push(
                    Diagnostic::error("bad-position", "this game keeps no history")
                        .at(at(span))
                        .hint("remove `counters`, `plies` and `history`: no end rule reads `repetitions`, `since(...)` or `perpetual check`"),
                );
            }
            return errors;
        };
        if let Some((counters, span)) = self.counters {
            if counters.len() != h.since.len() {
                errors.push(
                    Diagnostic::error(
                        "bad-position",
                        format!(
                            "{} counters given; the game counts {}",
                            counters.len(),
                            h.since.len()
                        ),
                    )
                    .at(at(span))
                    .hint("one number per `since(...)` of the end rules, in file order"),
                );
            } else {
                h.since = counters.iter().map(|&(n, _)| n).collect();
            }
        }
        if let Some((n, _)) = self.plies {
            h.before = n;
        }
        if let Some((seen, _)) = self.seen {
            let mut earlier = Vec::new();
            for (hash, mover, gave_check) in seen {
                let hash_ok = u64::from_str_radix(&hash.text, 16).ok();
                let side = rules.side(&mover.text);
                if hash_ok.is_none() {
                    errors.push(
                        Diagnostic::error(
                            "bad-position",
                            format!("`{}` is not a position hash", hash.text),
                        )
                        .at(at(hash.span.clone()))
                        .hint("a hash is up to 16 hexadecimal digits, as `show` writes it"),
                    );
                }
                if side.is_none() {
                    errors.push(
                        Diagnostic::error("unknown-name", format!("unknown side `{}`", mover.text))
                            .at(at(mover.span.clone()))
                            .label("no side has this name")
                            .hint(suggest(
                                &mover.text,
                                rules.sides.iter().map(|s| s.name.as_str()),
                            )),
                    );
                }
                if let (Some(hash), Some(mover)) = (hash_ok, side) {
                    earlier.push(Seen {
                        hash,
                        mover,
                        gave_check,
                    });
                }
            }
            h.prepend(earlier);
        }
        errors
    }
}
