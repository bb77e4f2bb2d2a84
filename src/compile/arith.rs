//! Numbers in conditions: `A OP B` on sums of `count(...)`,
//! `territory(...)`, `score(...)` and constants; the sides' `score`; and
//! `repeated [within N]`, in end rules and as the constraint `not
//! repeated [within N]`.

use super::condition::compare;
use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str};
use crate::rules::{Arith, HistoryRules, Num, ScoreOf, StateCond};
use crate::syntax::{self, ast};

impl Compiler<'_> {
    /// The position conditions `A OP B` and `repeated [within N]`.
    pub(super) fn numbers(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
    ) -> Res<StateCond> {
        match c {
            ast::StateCond::Arith {
                left, op, right, ..
            } => self.arith(raw, scope, s, left, *op, right),
            ast::StateCond::Repeated { within, span } => self.repeated(s, within, span),
            _ => unreachable!("not a condition on numbers"),
        }
    }

    /// `A OP B` on numbers.
    fn arith(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        left: &ast::NumExpr,
        op: ast::CompareOp,
        right: &ast::NumExpr,
    ) -> Res<StateCond> {
        let left = self.num_expr(raw, scope, s, left);
        let right = self.num_expr(raw, scope, s, right);
        Ok(StateCond::Arith(Box::new(Arith {
            left: left?,
            op: compare(op),
            right: right?,
        })))
    }

    /// A sum of numbers.
    pub(super) fn num_expr(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        e: &ast::NumExpr,
    ) -> Res<Vec<(bool, Num)>> {
        let terms: Vec<Res<(bool, Num)>> = e
            .iter()
            .map(|(minus, t)| Ok((*minus, self.num_term(raw, scope, s, t)?)))
            .collect();
        terms.into_iter().collect()
    }

    fn num_term(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        t: &ast::NumTerm,
    ) -> Res<Num> {
        Ok(match t {
            ast::NumTerm::Const(v, _) => Num::Const(*v),
            ast::NumTerm::Count(filter, region) => {
                Num::Count(self.counted(raw, scope, s, &(filter.clone(), region.clone()))?)
            }
            ast::NumTerm::Value(filter, region) => {
                Num::Value(self.counted(raw, scope, s, &(filter.clone(), region.clone()))?)
            }
            ast::NumTerm::Territory(filter, dirs, _) => {
                let owner = self.owner(s, &filter.owner, scope);
                let kind = self.kind_ref(s, &filter.kind, scope);
                let dirs = self.group_dirs(&scope.board, s, dirs);
                let (owner, named) = owner?;
                Num::Territory {
                    owner,
                    named,
                    kind: kind?,
                    dirs: dirs?,
                }
            }
            ast::NumTerm::Score(n) => {
                if self.in_score {
                    let loc = self.name_loc(s, n);
                    self.error(
                        Diagnostic::error("score-in-score", "a side's `score` reads no score")
                            .at(loc)
                            .label("a score made of scores")
                            .hint("write the numbers the other score adds up here"),
                    );
                    return Err(());
                }
                self.uses_score = true;
                Num::Score(match n.text.as_str() {
                    "own" => ScoreOf::Own,
                    "enemy" => ScoreOf::Enemy,
                    _ => match scope.sides.iter().position(|x| *x == n.text) {
                        Some(i) => ScoreOf::Side(i as u8),
                        None => {
                            let loc = self.name_loc(s, n);
                            self.error(
                                Diagnostic::error(
                                    "unknown-name",
                                    format!("unknown side `{}`", n.text),
                                )
                                .at(loc)
                                .label("no side has this name")
                                .hint("`score(own)`, `score(enemy)` or a side's name"),
                            );
                            return Err(());
                        }
                    },
                })
            }
        })
    }

    /// Each side's `score`, read with the side as `own`; a game that reads
    /// `score(...)` needs one for every side (`no-score`).
    pub(super) fn scores(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
    ) -> Vec<Option<Vec<(bool, Num)>>> {
        let mut out = Vec::new();
        let mut missing = None;
        for (name, side) in raw.sides.iter() {
            let Some(text) = &side.score else {
                missing.get_or_insert_with(|| name.clone());
                out.push(None);
                continue;
            };
            let e = match syntax::parse_num_expr(&text.value) {
                Ok(e) => e,
                Err(err) => {
                    self.syntax_error(text, err);
                    out.push(None);
                    continue;
                }
            };
            self.in_score = true;
            out.push(self.num_expr(raw, scope, text, &e).ok());
            self.in_score = false;
        }
        if let (true, Some(name)) = (self.uses_score, missing) {
            self.error(
                Diagnostic::error(
                    "no-score",
                    format!(
                        "`score(...)` is read, and side `{}` has no `score`",
                        name.value
                    ),
                )
                .at(name.loc())
                .label("no score")
                .hint("give every side a `score`: `score = \"count(own stone)\"`"),
            );
        }
        out
    }

    /// `repeated [within N]`: in an end rule or a phase's condition, and
    /// as the constraint `not repeated [within N]`.
    fn repeated(
        &mut self,
        s: &Str,
        within: &Option<(u32, ast::Span)>,
        span: &ast::Span,
    ) -> Res<StateCond> {
        if !self.in_constraint {
            self.history_here(s, span, "repeated")?;
        }
        if let Some((0, at)) = within {
            let loc = s.inner_loc(self.sources, at.clone());
            self.error(
                Diagnostic::error("repetition-count", "`repeated within 0` never holds")
                    .at(loc)
                    .label("no position to compare with")
                    .hint("`within 2` is the position before the last move: simple ko"),
            );
            return Err(());
        }
        self.history.get_or_insert_with(HistoryRules::default);
        Ok(StateCond::Repeated {
            within: within.as_ref().map_or(u32::MAX, |w| w.0),
        })
    }

    /// Takes a constraint `not repeated [within N]` as the game's rule
    /// against repetition; `Some(Err)` for `repeated` elsewhere in a
    /// constraint (`repeated-in-constraint`); `None` for any other.
    pub(super) fn repeat_rule(&mut self, s: &Str, rule: &StateCond) -> Option<Res<()>> {
        if let StateCond::Not(inner) = rule {
            if let StateCond::Repeated { within } = **inner {
                self.no_repeat = Some(self.no_repeat.map_or(within, |w| w.max(within)));
                return Some(Ok(()));
            }
        }
        if !rule.any_part(&|p| matches!(p, StateCond::Repeated { .. })) {
            return None;
        }
        self.error(
            Diagnostic::error(
                "repeated-in-constraint",
                "a constraint reads `repeated` only as the whole rule `not repeated`",
            )
            .at(s.loc())
            .label("`repeated` inside a larger condition")
            .hint("give it a `[[constraint]]` of its own: `rule = \"not repeated within 2\"`"),
        );
        Some(Err(()))
    }
}
