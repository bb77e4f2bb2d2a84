//! `[chance.NAME]`: random events (a die, dice summed, a coin) with their
//! outcomes and weights, and the names that read them (`roll NAME`,
//! `rolled(NAME)`, `nearest(NAME)`).

use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{Located, RawChance, RawGame, Str};
use crate::rules::{Chance, MAX_EVENTS};
use crate::syntax::ast;

/// At most this many dice summed in one event.
const MAX_DICE: i64 = 8;

impl Compiler<'_> {
    /// The game's chance events, in declaration order; one with an error
    /// (reported) is kept with one outcome, so that its name resolves.
    pub(super) fn chance_events(&mut self, raw: &RawGame) -> Vec<Chance> {
        if raw.chance.0.len() > MAX_EVENTS {
            let (key, _) = &raw.chance.0[MAX_EVENTS];
            self.error(
                Diagnostic::error(
                    "too-many",
                    format!("a game has at most {MAX_EVENTS} chance events"),
                )
                .at(key.loc())
                .label("one event too many"),
            );
        }
        let events = raw.chance.iter().take(MAX_EVENTS);
        (events.map(|(key, c)| {
            self.chance_event(key, c).unwrap_or_else(|()| Chance {
                name: key.value.clone(),
                outcomes: vec![(0, 1)],
                total: 1,
            })
        }))
        .collect()
    }

    /// One event: its faces with their weights, `dice` of them summed.
    fn chance_event(&mut self, key: &Str, c: &RawChance) -> Res<Chance> {
        let faces = match &c.faces {
            Some(f) if !f.value.is_empty() => f,
            _ => {
                let at = c.faces.as_ref().map_or(key.loc(), Located::loc);
                self.error(
                    Diagnostic::error(
                        "chance-faces",
                        format!("the chance event `{}` has no faces", key.value),
                    )
                    .at(at)
                    .label("no outcome to roll")
                    .hint("list its faces: `faces = [1, 2, 3, 4, 5, 6]`"),
                );
                return Err(());
            }
        };
        let weights: Vec<i64> = match &c.weights {
            None => vec![1; faces.value.len()],
            Some(w)
                if w.value.len() != faces.value.len() || w.value.iter().any(|x| x.value < 1) =>
            {
                self.error(
                    Diagnostic::error(
                        "chance-weights",
                        format!(
                            "`weights` must give each of the {} faces a whole number of 1 or more",
                            faces.value.len()
                        ),
                    )
                    .at(w.loc())
                    .label(format!("{} weights", w.value.len()))
                    .hint(
                        "one weight per face, in the order of `faces`; leave it out for a fair die",
                    ),
                );
                return Err(());
            }
            Some(w) => w.value.iter().map(|x| x.value).collect(),
        };
        let dice = match &c.dice {
            Some(d) => super::int_in(self, d, "`dice`", 1, MAX_DICE)?,
            None => 1,
        };
        let face: Vec<(i64, u64)> = (faces.value.iter())
            .zip(&weights)
            .map(|(f, &w)| {
                (
                    f.value.clamp(-1_000_000, 1_000_000),
                    w.min(1_000_000) as u64,
                )
            })
            .collect();
        // The sums of `dice` faces, each with the product of its weights.
        let mut sums: Vec<(i64, u64)> = vec![(0, 1)];
        for _ in 0..dice {
            let mut next: Vec<(i64, u64)> = Vec::new();
            for &(v, w) in &sums {
                for &(f, fw) in &face {
                    let (v, w) = (v + f, w.saturating_mul(fw));
                    match next.iter_mut().find(|(x, _)| *x == v) {
                        Some(e) => e.1 = e.1.saturating_add(w),
                        None => next.push((v, w)),
                    }
                }
            }
            sums = next;
        }
        sums.sort_unstable();
        if sums.len() > 255 {
            self.error(
                Diagnostic::error(
                    "too-many",
                    format!(
                        "the chance event `{}` has {} outcomes, more than 255",
                        key.value,
                        sums.len()
                    ),
                )
                .at(faces.loc())
                .label("too many different values"),
            );
            return Err(());
        }
        let total = sums.iter().fold(0u64, |t, &(_, w)| t.saturating_add(w));
        Ok(Chance {
            name: key.value.clone(),
            outcomes: sums,
            total,
        })
    }

    /// A chance event named in an expression.
    pub(super) fn event_ref(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Res<u8> {
        match scope.chance.iter().position(|e| e.name == n.text) {
            Some(i) => Ok(i as u8),
            None => {
                let known: Vec<&str> = scope.chance.iter().map(|e| e.name.as_str()).collect();
                self.unknown("chance event", s, n, &known);
                Err(())
            }
        }
    }
}
