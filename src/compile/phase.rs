//! The parts of a turn's phases that follow a move within the same turn:
//! a phase's condition (`line(own man, 3, orth) through last: ...`) and the
//! `remove COND` action (a Morris mill's removal).

use super::condition::needs_a_step;
use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str};
use crate::rules::{Cond, StateCond};
use crate::syntax::ast;

impl Compiler<'_> {
    /// A phase's condition, read right after the previous phase's action:
    /// a position condition that may say `line(...) through last` (the
    /// action just played), but not `last(...)` or `stalled`. The first
    /// phase of a turn, and a prelude turn, have none.
    pub(super) fn phase_condition(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
        span: &ast::Span,
        later: bool,
    ) -> Res<StateCond> {
        let loc = s.inner_loc(self.sources, span.clone());
        if !later {
            self.error(
                Diagnostic::error(
                    "phase-condition",
                    "only a later phase of a turn has a condition",
                )
                .at(loc)
                .label("the first phase of a turn, or a prelude turn, always comes")
                .hint("put the condition on a second phase: `phases = [\"move\", \"COND: remove enemy piece\"]`"),
            );
            return Err(());
        }
        self.allow_last = true;
        let when = self.state_ast(raw, scope, s, c);
        self.allow_last = false;
        let when = when?;
        if when.any_part(&|p| matches!(p, StateCond::Last(_) | StateCond::Stalled)) {
            self.error(
                Diagnostic::error(
                    "phase-condition",
                    "a phase's condition reads the position, and `line(...) through last`",
                )
                .at(loc)
                .label("`last(...)` and `stalled` are read only in end rules")
                .hint("say what the previous action made: `line(own man, 3, orth) through last`"),
            );
            return Err(());
        }
        Ok(when)
    }

    /// The site condition of `remove COND`: read on each site of the board,
    /// seen from the side to move; no step leads there.
    pub(super) fn removal(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::SiteCond,
    ) -> Res<Cond> {
        let hint = "say which pieces may be removed by what stands on their site: `remove enemy man and not line(3, orth)`";
        self.stepless(raw, scope, s, c, ("a removal", "remove", hint))
    }

    /// The site condition of `place KIND to COND`: read on each site a
    /// piece could be dropped on, seen from the side to move; no step
    /// leads there.
    pub(super) fn drop_condition(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::SiteCond,
    ) -> Res<Cond> {
        let hint = "say where pieces may be dropped by what stands around the site: `place stone to adjacent(all, friend)`";
        self.stepless(raw, scope, s, c, ("a drop", "place", hint))
    }

    /// The site condition of an action that takes no step, which may not
    /// look along one: `what` is the action ("a drop"), `word` its keyword.
    pub(super) fn stepless(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::SiteCond,
        (what, word, hint): (&str, &str, &str),
    ) -> Res<Cond> {
        if let Some(step_word) = needs_a_step(c) {
            self.error(
                Diagnostic::error(
                    "guard-without-step",
                    format!("`{step_word}` looks along a step, and {what} takes no step"),
                )
                .at(s.loc())
                .label(format!("in this `{word}`"))
                .hint(hint),
            );
            return Err(());
        }
        self.cond(raw, scope, s, c)
    }
}
