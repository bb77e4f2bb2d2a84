//! `[[priority]]` and `[demand]`: which legal moves a side must prefer, and
//! which a demanding move obliges next; and the move conditions both are
//! written in (`captures`, `from(...)`, `to(...)`, `spends(...)`).

use super::condition::needs_a_step;
use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{self, RawGame, Str};
use crate::rules::{Demand, MoveCond, Priority, StateCond};
use crate::syntax::{self, ast};

impl Compiler<'_> {
    /// The priorities of `[[priority]]`, in file order.
    pub(super) fn priorities(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        side_names: &[String],
    ) -> Vec<Priority> {
        let mut priorities = Vec::new();
        for p in raw.priority.iter().flat_map(|list| &list.value) {
            if let Ok(p) = self.priority(raw, scope, p, side_names) {
                priorities.push(p);
            }
        }
        priorities
    }

    /// The `[demand]`: the sides that may make a move demanding, and the
    /// condition the next move must then meet.
    pub(super) fn demand(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        side_names: &[String],
    ) -> Option<Demand> {
        match &raw.demand {
            None => None,
            Some(d) => {
                let sides = self.side_list(&d.sides, side_names);
                let rule = match syntax::parse_move_cond(&d.rule.value) {
                    Ok(c) => self.move_cond(raw, scope, &d.rule, &c).ok(),
                    Err(e) => {
                        self.syntax_error(&d.rule, e);
                        None
                    }
                };
                rule.map(|rule| Demand { sides, rule })
            }
        }
    }

    /// A `[[priority]]`: its sides, its condition and its classes of moves.
    fn priority(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        p: &raw::RawPriority,
        side_names: &[String],
    ) -> Res<Priority> {
        let sides = self.side_list(&p.sides, side_names);
        let when = match &p.when {
            Some(s) => {
                self.allow_can = true;
                let when = self.state_cond(raw, scope, s);
                self.allow_can = false;
                when
            }
            None => Ok(StateCond::Const(true)),
        };
        if p.prefer.value.is_empty() {
            self.error(
                Diagnostic::error("empty", "a priority needs at least one class of moves")
                    .at(p.prefer.loc())
                    .hint("write `prefer = [\"captures\"]`, most preferred first"),
            );
        }
        let mut prefer = Vec::new();
        for s in &p.prefer.value {
            let parsed = match syntax::parse_move_cond(&s.value) {
                Ok(c) => c,
                Err(e) => {
                    self.syntax_error(s, e);
                    continue;
                }
            };
            if let Ok(c) = self.move_cond(raw, scope, s, &parsed) {
                prefer.push(c);
            }
        }
        let when = when?;
        if prefer.len() != p.prefer.value.len() || prefer.is_empty() {
            return Err(());
        }
        let text = format!(
            "when `{}`, prefer {}",
            p.when.as_ref().map_or("true", |w| w.value.as_str()),
            p.prefer
                .value
                .iter()
                .map(|c| format!("`{}`", c.value))
                .collect::<Vec<_>>()
                .join(", then ")
        );
        let reads_moves = when.any_part(&|p| matches!(p, StateCond::Can(_)));
        Ok(Priority {
            sides,
            when,
            prefer,
            text,
            reads_moves,
        })
    }

    pub(super) fn move_cond(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::MoveCond,
    ) -> Res<MoveCond> {
        let mut list = |this: &mut Self, cs: &[ast::MoveCond]| -> Res<Vec<MoveCond>> {
            cs.iter()
                .map(|c| this.move_cond(raw, scope, s, c))
                .collect::<Vec<_>>()
                .into_iter()
                .collect()
        };
        Ok(match c {
            ast::MoveCond::True => MoveCond::True,
            ast::MoveCond::Spends(n) => MoveCond::Spends(self.token_ref(s, n, scope)?),
            ast::MoveCond::Captures => MoveCond::Captures,
            ast::MoveCond::Converts => MoveCond::Converts,
            ast::MoveCond::Closes => MoveCond::Closes,
            ast::MoveCond::BearsOff => MoveCond::BearsOff,
            ast::MoveCond::GivesCheck => {
                let royal = |p: &raw::RawPiece| p.royal.as_ref().is_some_and(|r| r.value);
                if !raw.pieces.iter().any(|(_, p)| royal(p)) {
                    self.error(
                        Diagnostic::error(
                            "gives-check-without-royals",
                            "`gives_check` needs royal pieces",
                        )
                        .at(s.loc())
                        .label("no piece of this game is royal")
                        .hint("mark the piece a check attacks `royal = true`"),
                    );
                    return Err(());
                }
                MoveCond::GivesCheck
            }
            ast::MoveCond::From(site) | ast::MoveCond::To(site) => {
                if let Some(word) = needs_a_step(site) {
                    self.error(
                        Diagnostic::error(
                            "guard-without-step",
                            format!("`{word}` means nothing in a move condition"),
                        )
                        .at(s.loc())
                        .label("`from(...)` and `to(...)` read one site of the move")
                        .hint(format!(
                            "`{word}` looks at a site reached by a step; use it in a move pattern"
                        )),
                    );
                    return Err(());
                }
                let cond = self.cond(raw, scope, s, site)?;
                if matches!(c, ast::MoveCond::From(_)) {
                    MoveCond::From(cond)
                } else {
                    MoveCond::To(cond)
                }
            }
            ast::MoveCond::Not(inner) => {
                MoveCond::Not(Box::new(self.move_cond(raw, scope, s, inner)?))
            }
            ast::MoveCond::And(cs) => MoveCond::And(list(self, cs)?),
            ast::MoveCond::Or(cs) => MoveCond::Or(list(self, cs)?),
        })
    }
}
