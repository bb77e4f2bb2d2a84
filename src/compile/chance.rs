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
                apart: Vec::new(),
                doubles: 1,
                most: false,
                larger: false,
                opening: None,
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
        let apart = self.apart_rule(key, c, dice)?;
        if apart.is_some() {
            sums = apart_outcomes(&face, dice as usize);
        }
        let total = sums.iter().fold(0u64, |t, &(_, w)| t.saturating_add(w));
        let mut chance = Chance {
            name: key.value.clone(),
            outcomes: sums,
            total,
            apart: Vec::new(),
            doubles: 1,
            most: c.most.as_ref().is_some_and(|b| b.value),
            larger: c.larger.as_ref().is_some_and(|b| b.value),
            opening: None,
        };
        if let Some(doubles) = apart {
            chance.apart = (apart_throws(&face, dice as usize).into_iter())
                .map(|(t, _)| t)
                .collect();
            chance.doubles = doubles as u8;
        }
        Ok(chance)
    }

    /// With `apart = true`, how many times a throw of equal dice is played
    /// (`doubles`, 1 by default); `None` for dice summed. Checks that the
    /// faces are 1 to 255, that at most 4 dice are played a turn, and that
    /// `doubles`, `most` and `larger` come only with `apart`.
    fn apart_rule(&mut self, key: &Str, c: &RawChance, dice: i64) -> Res<Option<i64>> {
        let apart = c.apart.as_ref().is_some_and(|b| b.value);
        if !apart {
            let stray = (c.doubles.as_ref().map(Located::loc))
                .or(c.most.as_ref().map(Located::loc))
                .or(c.larger.as_ref().map(Located::loc));
            if let Some(at) = stray {
                self.error(
                    Diagnostic::error(
                        "chance-apart",
                        format!("the dice of `{}` are summed, not played apart", key.value),
                    )
                    .at(at)
                    .label("only for dice played one by one")
                    .hint("add `apart = true` to play each die as a move of its own"),
                );
                return Err(());
            }
            return Ok(None);
        }
        let doubles = match &c.doubles {
            Some(d) => super::int_in(self, d, "`doubles`", 1, 4)?,
            None => 1,
        };
        let faces = c.faces.as_ref().map(|f| &f.value[..]).unwrap_or_default();
        let bad_face = faces.iter().find(|f| !(1..=255).contains(&f.value));
        if let Some(f) = bad_face {
            self.error(
                Diagnostic::error(
                    "chance-apart",
                    format!("a die played apart shows 1 to 255 pips, not {}", f.value),
                )
                .at(f.loc())
                .label("a distance along a track")
                .hint("give the faces as whole numbers from 1 to 255"),
            );
            return Err(());
        }
        if dice * doubles > 4 {
            let at = c
                .doubles
                .as_ref()
                .or(c.dice.as_ref())
                .map_or(key.loc(), Located::loc);
            self.error(
                Diagnostic::error(
                    "chance-apart",
                    format!(
                        "{} dice to play in a turn: at most 4 are kept",
                        dice * doubles
                    ),
                )
                .at(at)
                .label("`dice` times `doubles` passes 4")
                .hint("play at most 4 dice a turn (two dice, doubles twice: `dice = 2`, `doubles = 2`)"),
            );
            return Err(());
        }
        Ok(Some(doubles))
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

/// Every throw of `dice` dice of these faces, as a multiset: the sorted
/// values, with the summed weights of the throws that make it.
fn apart_throws(face: &[(i64, u64)], dice: usize) -> Vec<(Vec<u8>, u64)> {
    let mut throws: Vec<(Vec<u8>, u64)> = vec![(Vec::new(), 1)];
    for _ in 0..dice {
        let mut next: Vec<(Vec<u8>, u64)> = Vec::new();
        for (t, w) in &throws {
            for &(f, fw) in face {
                let mut t = t.clone();
                t.push(f as u8);
                t.sort_unstable();
                let w = w.saturating_mul(fw);
                match next.iter_mut().find(|(x, _)| *x == t) {
                    Some(e) => e.1 = e.1.saturating_add(w),
                    None => next.push((t, w)),
                }
            }
        }
        throws = next;
    }
    throws.sort();
    throws
}

/// The outcomes of dice played apart: per throw, the sum of its dice and
/// its weight.
fn apart_outcomes(face: &[(i64, u64)], dice: usize) -> Vec<(i64, u64)> {
    (apart_throws(face, dice).into_iter())
        .map(|(t, w)| (t.iter().map(|&d| d as i64).sum(), w))
        .collect()
}
