//! `[pieces.NAME] promote_moves`: promotions that are moves of their own
//! (in place, `stay`, or by a pattern), with a limit and a move condition;
//! and `stay` refused in ordinary `moves`.

use super::pattern::stays;
use super::{int_in, Compiler, Scope};
use crate::diag::Diagnostic;
use crate::raw::RawGame;
use crate::rules::{Kind, KindId, PromoteMoves};
use crate::syntax;

impl Compiler<'_> {
    /// Each kind's `promote_moves`, once every kind is known.
    pub(super) fn promote_moves(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        kind_names: &[String],
        kinds: &mut [Kind],
    ) {
        for (i, (_, piece)) in raw.pieces.iter().enumerate() {
            for (m, p) in (piece.moves.iter())
                .flat_map(|l| l.value.iter())
                .zip(&kinds[i].patterns)
            {
                if stays(p) {
                    self.error(
                        Diagnostic::error(
                            "stay-outside-promotion",
                            "`stay` is a move only when the piece promotes",
                        )
                        .at(m.loc())
                        .label("a piece that stays where it is does not move")
                        .hint("put the pattern in `promote_moves = { to = KIND, moves = [...] }`"),
                    );
                }
            }
            let Some(pm) = &piece.promote_moves else {
                continue;
            };
            let to = match kind_names.iter().position(|k| *k == pm.to.value) {
                Some(k) => Some(k as KindId),
                None => {
                    let known: Vec<&str> = kind_names.iter().map(String::as_str).collect();
                    self.unknown_key("piece", &pm.to, &known);
                    None
                }
            };
            let patterns: Vec<_> = (pm.moves.value.iter())
                .filter_map(|m| self.pattern(raw, scope, m).ok())
                .collect();
            let limit = (pm.limit.as_ref())
                .map(|l| int_in(self, l, "a promotion's limit", 1, 255).map(|n| n as u8));
            let cond = pm
                .cond
                .as_ref()
                .map(|s| match syntax::parse_move_cond(&s.value) {
                    Ok(parsed) => self.move_cond(raw, scope, s, &parsed),
                    Err(e) => {
                        self.syntax_error(s, e);
                        Err(())
                    }
                });
            let (Some(to), Ok(limit), Ok(cond)) = (to, limit.transpose(), cond.transpose()) else {
                continue;
            };
            if patterns.len() == pm.moves.value.len() {
                kinds[i].promote_moves = Some(PromoteMoves {
                    to,
                    patterns,
                    limit,
                    cond,
                });
            }
        }
    }
}
