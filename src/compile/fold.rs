//! Folding: the parts of site conditions that depend on the site alone become bitsets.

use crate::rules::{Cond, Demand, EndRule, Kind, MoveCond, Priority, Region, StateCond};

/// Folds the parts of site conditions that depend on the site alone
/// (`in REGION` and `not`/`and`/`or` of them) into one bitset per side,
/// so that patterns test a bit instead of walking the expression.
pub(super) struct Folding<'a> {
    pub(super) regions: &'a [Region],
    pub(super) n_sides: usize,
    pub(super) words: usize,
}

impl Folding<'_> {
    /// Folds the site conditions of moves, in end rules, priorities and demands,
    /// and in the pieces' patterns.
    pub(super) fn fold_rules(
        &self,
        ends: &mut [EndRule],
        priorities: &mut [Priority],
        demand: &mut Option<Demand>,
        kinds: &mut [Kind],
    ) {
        ends.iter_mut().for_each(|e| self.fold_state(&mut e.when));
        for p in priorities {
            self.fold_state(&mut p.when);
            p.prefer.iter_mut().for_each(|m| self.fold_move(m));
        }
        if let Some(d) = demand {
            self.fold_move(&mut d.rule);
        }
        let mut givens = 0;
        for kind in kinds.iter_mut() {
            let number = kind.number;
            for pattern in &mut kind.patterns {
                if let (Some(guard), Some(number)) = (&mut pattern.guard, number) {
                    nearest_as_given(guard, number);
                }
            }
        }
        for pattern in kinds.iter_mut().flat_map(|k| &mut k.patterns) {
            if let Some(guard) = &mut pattern.guard {
                self.fold_in_place(guard);
            }
            if givens < 64 {
                if let Some(given) = split_given(&mut pattern.guard) {
                    pattern.given = Some((givens, Box::new(given)));
                    givens += 1;
                }
            }
            for seg in &mut pattern.segments {
                self.fold_in_place(&mut seg.over);
                self.fold_in_place(&mut seg.to);
                if let Some(swap) = &mut seg.swap {
                    self.fold_in_place(swap);
                }
                if let Some(castle) = &mut seg.castle {
                    self.fold_in_place(&mut castle.partner);
                }
            }
            pattern.last_gate = pattern.find_last_gate();
        }
    }

    pub(super) fn fold_in_place(&self, c: &mut Cond) {
        *c = self.fold(std::mem::replace(c, Cond::True));
    }

    /// Folds the site conditions of a move condition (`from(...)`, `to(...)`).
    fn fold_move(&self, m: &mut MoveCond) {
        match m {
            MoveCond::From(c) | MoveCond::To(c) => self.fold_in_place(c),
            MoveCond::Not(inner) => self.fold_move(inner),
            MoveCond::And(ms) | MoveCond::Or(ms) => ms.iter_mut().for_each(|m| self.fold_move(m)),
            MoveCond::True
            | MoveCond::Captures
            | MoveCond::Converts
            | MoveCond::Closes
            | MoveCond::GivesCheck
            | MoveCond::BearsOff
            | MoveCond::Spends(_) => {}
        }
    }

    /// Folds the move conditions of a position condition (`can(...)`,
    /// `last(...)`).
    fn fold_state(&self, s: &mut StateCond) {
        match s {
            StateCond::Can(m) | StateCond::Last(m) => self.fold_move(m),
            StateCond::Not(inner) => self.fold_state(inner),
            StateCond::And(ss) | StateCond::Or(ss) => {
                ss.iter_mut().for_each(|s| self.fold_state(s))
            }
            _ => {}
        }
    }

    fn sites(&self, bits: Vec<u64>) -> Cond {
        Cond::Sites {
            bits: bits.into_boxed_slice(),
            words: self.words as u16,
        }
    }

    /// The bits of a folded condition: `Sites`, or `True` as all ones.
    fn bits_of(&self, c: &Cond) -> Option<Vec<u64>> {
        match c {
            Cond::Sites { bits, .. } => Some(bits.to_vec()),
            Cond::True => Some(vec![u64::MAX; self.words * self.n_sides]),
            _ => None,
        }
    }

    fn fold(&self, c: Cond) -> Cond {
        match c {
            Cond::In(r) => self.sites(
                self.regions[r as usize]
                    .per_side
                    .iter()
                    .flat_map(|set| set.0.iter().copied())
                    .collect(),
            ),
            Cond::Not(inner) => match self.fold(*inner) {
                Cond::Sites { bits, .. } => self.sites(bits.iter().map(|w| !w).collect()),
                other => Cond::Not(Box::new(other)),
            },
            Cond::And(cs) => self.fold_list(cs, true),
            Cond::Or(cs) => self.fold_list(cs, false),
            Cond::Ahead(inner) => Cond::Ahead(Box::new(self.fold(*inner))),
            Cond::Adjacent(dirs, inner) => Cond::Adjacent(dirs, Box::new(self.fold(*inner))),
            Cond::Covered(inner) => Cond::Covered(Box::new(self.fold(*inner))),
            Cond::Backed(inner) => Cond::Backed(Box::new(self.fold(*inner))),
            Cond::LastTo(inner) => Cond::LastTo(Box::new(self.fold(*inner))),
            Cond::LastOver(inner) => Cond::LastOver(Box::new(self.fold(*inner))),
            Cond::Attacks(inner, op, n) => Cond::Attacks(Box::new(self.fold(*inner)), op, n),
            Cond::Threatens(inner, op, n) => Cond::Threatens(Box::new(self.fold(*inner)), op, n),
            other => other,
        }
    }

    /// An `and` (or an `or`): its site-only parts become one bitset,
    /// tested first; the other parts keep their order.
    fn fold_list(&self, cs: Vec<Cond>, and: bool) -> Cond {
        let mut merged: Option<Vec<u64>> = None;
        let mut rest = Vec::new();
        for c in cs.into_iter().map(|c| self.fold(c)) {
            match self.bits_of(&c) {
                Some(bits) => {
                    merged = Some(match merged {
                        None => bits,
                        Some(m) => (m.iter().zip(&bits))
                            .map(|(a, b)| if and { a & b } else { a | b })
                            .collect(),
                    })
                }
                None => rest.push(c),
            }
        }
        let mut parts: Vec<Cond> = merged.map(|m| self.sites(m)).into_iter().collect();
        parts.extend(rest);
        match parts.len() {
            1 => parts.pop().expect("one part"),
            _ if and => Cond::And(parts),
            _ => Cond::Or(parts),
        }
    }
}

/// Takes out of a pattern's guard the conditions on the position
/// (`given(...)`, alone or in a conjunction), which the walker reads once
/// per position rather than once per piece; what is left stays the guard.
/// A pattern's `nearest(EVENT)` reads the number of the piece on its
/// origin, which is the pattern's kind's: it becomes a `given` of that
/// number ([`StateCond::Nearest`]), read once per position, when it stands
/// alone or in the guard's top `and`.
fn nearest_as_given(guard: &mut Cond, number: i64) {
    let given = |c: &mut Cond| {
        if let Cond::Nearest(event) = *c {
            *c = Cond::Given(Box::new(StateCond::Nearest { event, number }));
        }
    };
    match guard {
        Cond::And(cs) => cs.iter_mut().for_each(given),
        c => given(c),
    }
}

fn split_given(guard: &mut Option<Cond>) -> Option<StateCond> {
    match guard.take() {
        Some(Cond::Given(state)) => Some(*state),
        Some(Cond::And(cs)) if cs.iter().any(|c| matches!(c, Cond::Given(_))) => {
            let (givens, rest): (Vec<Cond>, Vec<Cond>) =
                cs.into_iter().partition(|c| matches!(c, Cond::Given(_)));
            let mut states: Vec<StateCond> = givens
                .into_iter()
                .filter_map(|c| match c {
                    Cond::Given(state) => Some(*state),
                    _ => None,
                })
                .collect();
            *guard = match rest.len() {
                0 => None,
                1 => rest.into_iter().next(),
                _ => Some(Cond::And(rest)),
            };
            Some(match states.len() {
                1 => states.pop().expect("one"),
                _ => StateCond::And(states),
            })
        }
        other => {
            *guard = other;
            None
        }
    }
}
