//! Landing effects (`effects` of `[pieces]`): `capture(...)` and
//! `convert(...)`, their directions, range, conditions and the kind a
//! converted piece becomes.

use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str};
use crate::rules::{Cond, Effect, KindId, MoveCond, ALL_KINDS};
use crate::syntax::{self, ast};

impl Compiler<'_> {
    /// The effects of one piece kind.
    pub(super) fn effects(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        list: &[Str],
    ) -> Vec<Effect> {
        list.iter()
            .filter_map(|s| self.effect(raw, scope, s).ok())
            .collect()
    }

    fn effect(&mut self, raw: &RawGame, scope: &mut Scope, s: &Str) -> Res<Effect> {
        let ast = match syntax::parse_effect(&s.value) {
            Ok(a) => a,
            Err(e) => {
                self.syntax_error(s, e);
                return Err(());
            }
        };
        let guard = match &ast.guard {
            Some((c, span)) => self.effect_guard(raw, scope, s, c, span).map(Some),
            None => Ok(None),
        };
        if ast.mover {
            return Ok(Effect {
                convert: false,
                dirs: 0,
                min: 1,
                max: 1,
                over: Cond::True,
                to: None,
                surrounded: None,
                kind: None,
                over_cells: None,
                to_cells: None,
                surrounded_cells: None,
                mover: true,
                guard: guard?,
            });
        }
        let dirs = self.dirs(&scope.board, s, &ast.dirs, false);
        let (min, max) = self.effect_range(s, &ast)?;
        let over = match &ast.over {
            Some(c) => self.cond(raw, scope, s, c),
            None => Ok(Cond::Enemy(ALL_KINDS)),
        };
        let to = match &ast.to {
            Some(c) => self.cond(raw, scope, s, c).map(Some),
            None => Ok(None),
        };
        let surrounded = match &ast.by {
            Some((c, span)) => {
                if ast.to.is_some() {
                    self.surround_with_to(s, span);
                }
                self.cond(raw, scope, s, c).map(Some)
            }
            None => Ok(None),
        };
        let kind = match &ast.kind {
            Some(n) => self.effect_kind(s, &ast, n, scope).map(Some),
            None => Ok(None),
        };
        Ok(Effect {
            convert: ast.convert,
            dirs: dirs?.absolute,
            min,
            max,
            over: over?,
            to: to?,
            surrounded: surrounded?,
            kind: kind?,
            over_cells: None,
            to_cells: None,
            surrounded_cells: None,
            mover: false,
            guard: guard?,
        })
    }

    /// The move condition of `if ...`: any, but for the conditions that
    /// read the move's own effects (`converts`) or the position after it
    /// (`gives_check`), which the effect itself would change.
    fn effect_guard(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::MoveCond,
        span: &ast::Span,
    ) -> Res<MoveCond> {
        let cond = self.move_cond(raw, scope, s, c)?;
        let after = |c: &MoveCond| matches!(c, MoveCond::Converts | MoveCond::GivesCheck);
        if cond.any(&after) {
            let loc = s.inner_loc(self.sources, span.clone());
            self.error(
                Diagnostic::error(
                    "effect-guard",
                    "an effect's `if` reads the move as it is chosen, before its effects",
                )
                .at(loc)
                .label("`converts` and `gives_check` read what the effects do")
                .hint("guard the effect with `captures`, `from(...)`, `to(...)` or `spends(...)`"),
            );
            return Err(());
        }
        Ok(cond)
    }

    /// `surrounded by` and `to` in one effect: a group has no site after it.
    fn surround_with_to(&mut self, s: &Str, span: &ast::Span) {
        let loc = s.inner_loc(self.sources, span.clone());
        self.error(
            Diagnostic::error(
                "surround-with-to",
                "an effect takes either the run closed by `to` or the group `surrounded by`, not both",
            )
            .at(loc)
            .label("this clause")
            .hint("drop `to ...`: every site beside the group must meet the `surrounded by` condition"),
        );
    }

    /// The range of an effect: `1..` unless given; never 0.
    fn effect_range(&mut self, s: &Str, ast: &ast::Effect) -> Res<(u32, u32)> {
        let Some(r) = &ast.range else {
            return Ok((1, u32::MAX));
        };
        let max = r.max.unwrap_or(u32::MAX);
        if r.min == 0 || max < r.min {
            let loc = s.inner_loc(self.sources, r.span.clone());
            self.error(
                Diagnostic::error(
                    "effect-range",
                    "an effect encloses at least one site, and its range cannot be empty",
                )
                .at(loc)
                .label("this range")
                .hint("write `1` for one piece, `1..` for a line of any length"),
            );
            return Err(());
        }
        Ok((r.min, max))
    }

    /// The kind of `as KIND`: one piece kind, and only for `convert`.
    fn effect_kind(
        &mut self,
        s: &Str,
        ast: &ast::Effect,
        n: &ast::Name,
        scope: &Scope,
    ) -> Res<KindId> {
        if !ast.convert {
            let loc = self.name_loc(s, n);
            self.error(
                Diagnostic::error(
                    "capture-as-kind",
                    "a captured piece leaves the board: it becomes no kind",
                )
                .at(loc)
                .label("`as` a kind")
                .hint("use `convert(...) ... as KIND` to turn the pieces into this kind"),
            );
            return Err(());
        }
        match scope.kinds.iter().position(|k| *k == n.text) {
            Some(k) => Ok(k as KindId),
            None => {
                let known: Vec<&str> = scope.kinds.iter().map(String::as_str).collect();
                self.unknown("piece kind", s, n, &known);
                Err(())
            }
        }
    }
}
