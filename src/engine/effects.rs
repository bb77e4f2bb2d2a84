//! What a piece's capture chains do, for deduplication: two chains that end
//! on the same site having captured the same pieces are one move. While a
//! piece has few moves they are compared one by one; past that, by a hash
//! set of their effects (`Effects`), so that a position with thousands of
//! chains is not quadratic. And the budget of chain steps one listing may
//! explore (`CHAIN_STEPS`): past it the walk stops and the session is
//! marked, for [`Rules::bounded`] to report.

use super::walk::Walker;
use super::*;
use std::collections::HashSet;

/// How many of a piece's moves are compared one by one before its chains'
/// effects are hashed.
const EFFECTS_LINEAR: usize = 16;

/// The effect of a chain: where it ends, and the set of what it captured
/// (sorted).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct ChainEffect {
    to: SiteId,
    n: u8,
    captured: [SiteId; MAX_CHAIN],
}

impl ChainEffect {
    pub(super) fn of(to: SiteId, captured: &[SiteId]) -> Self {
        let n = captured.len().min(MAX_CHAIN);
        let mut e = ChainEffect {
            to,
            n: n as u8,
            captured: [SiteId(0); MAX_CHAIN],
        };
        e.captured[..n].copy_from_slice(&captured[..n]);
        e.captured[..n].sort_unstable();
        e
    }
}

/// Hashes what equality compares: the captures in use only.
impl std::hash::Hash for ChainEffect {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.to.hash(h);
        self.captured[..self.n as usize].hash(h);
    }
}

/// The effects of the chains among a piece's moves `out[start..upto]`.
#[derive(Default)]
pub(super) struct Effects {
    set: HashSet<ChainEffect, std::hash::BuildHasherDefault<FxHasher>>,
    start: usize,
    upto: usize,
}

impl Effects {
    /// Forgets the piece's effects: the walker moves on to another piece.
    #[inline]
    pub(super) fn reset(&mut self) {
        self.start = usize::MAX;
    }
}

impl Rules {
    /// Whether the walker's piece already has a chain ending on `at` with
    /// the walker's captures, taken in another order or along another path.
    /// Two such moves leave the same board, so they are one move, written
    /// as the first found.
    pub(super) fn effect_emitted(
        &self,
        st: &State,
        w: &mut Walker,
        at: SiteId,
        out: &[Move],
    ) -> bool {
        let captured = &w.captured[..w.n_captured as usize];
        let mine = &out[w.start..];
        if self.captures_in_order() {
            // Each capture stacks its prisoner under the captor: another
            // order of unlike prisoners leaves another column, so it is
            // another move.
            let board = &st.board;
            return mine.iter().any(|m| match *m {
                Move::Chain(c) if c.captures() == captured.len() => self.chains.with(c, |c| {
                    c.same_effect(at, captured)
                        && (c.captured().iter().map(|s| board[s.0 as usize]))
                            .eq(captured.iter().map(|s| board[s.0 as usize]))
                }),
                _ => false,
            });
        }
        if mine.len() < EFFECTS_LINEAR {
            return mine.iter().any(|m| match *m {
                Move::Chain(c) if c.captures() == captured.len() => {
                    self.chains.same_effect(c, at, captured)
                }
                _ => false,
            });
        }
        let e = &mut w.effects;
        if e.start != w.start {
            e.set.clear();
            (e.start, e.upto) = (w.start, w.start);
        }
        for m in &out[e.upto..] {
            if let Move::Chain(c) = *m {
                let effect = self
                    .chains
                    .with(c, |c| ChainEffect::of(c.to(), c.captured()));
                e.set.insert(effect);
            }
        }
        e.upto = out.len();
        !e.set.insert(ChainEffect::of(at, captured))
    }

    /// Counts a step of a chain (an iteration of a repeated group ending);
    /// whether the walk may go on. Past [`CHAIN_STEPS`] it may not, and
    /// the thread is marked for [`Rules::bounded`].
    #[inline]
    pub(super) fn chain_step(&self, w: &mut Walker) -> bool {
        w.chain_steps += 1;
        if w.chain_steps <= CHAIN_STEPS {
            return true;
        }
        crate::rules::chain::mark_over();
        false
    }
}
