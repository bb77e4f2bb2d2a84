//! `[pieces.NAME] promote_moves`: promotions that are moves of their own
//! (in place, `stay`, or by a pattern), with a limit and a move condition;
//! and `stay` refused in ordinary `moves`. The limits of a `promote`, and
//! `limit = "start"` read from the setup.

use super::pattern::stays;
use super::{int_in, Compiler, Scope};
use crate::diag::Diagnostic;
use crate::raw::{Located, RawGame, RawLimit, RawPromote};
use crate::rules::{Kind, KindId, PromoteLimit, PromoteMoves, Rules};
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

impl Compiler<'_> {
    /// A `promote`'s `limit` over the kinds it offers (`offered`): one
    /// number for each, `"start"`, or a number per kind named.
    pub(super) fn promote_limits(
        &mut self,
        p: &RawPromote,
        offered: &[KindId],
        kind_names: &[String],
        n_sides: usize,
    ) -> Vec<PromoteLimit> {
        let Some(limit) = &p.limit else {
            return Vec::new();
        };
        let each = |most: u8, start: bool| -> Vec<PromoteLimit> {
            (offered.iter())
                .map(|&kind| PromoteLimit {
                    kind,
                    most: vec![most; n_sides],
                    start,
                })
                .collect()
        };
        match &limit.value {
            RawLimit::Count(n) => {
                let n = Located {
                    value: *n,
                    file: limit.file,
                    span: limit.span.clone(),
                };
                int_in(self, &n, "a promotion's limit", 1, 255)
                    .map_or(Vec::new(), |n| each(n as u8, false))
            }
            RawLimit::Word(w) => {
                let word = Located {
                    value: w.clone(),
                    file: limit.file,
                    span: limit.span.clone(),
                };
                let start = self.choice(Some(&word), "promotion limit", &[("start", ())]);
                start.map_or(Vec::new(), |()| each(0, true))
            }
            RawLimit::Kinds(table) => {
                let mut limits = Vec::new();
                for (name, n) in table.iter() {
                    let Some(kind) = kind_names.iter().position(|k| *k == name.value) else {
                        let known: Vec<&str> = kind_names.iter().map(String::as_str).collect();
                        self.unknown_key("piece", name, &known);
                        continue;
                    };
                    if !offered.contains(&(kind as KindId)) {
                        self.error(
                            Diagnostic::error(
                                "limit-not-offered",
                                format!(
                                    "a limit on `{}`, which this promotion does not offer",
                                    name.value
                                ),
                            )
                            .at(name.loc())
                            .label("not among the kinds of `to`")
                            .hint("limit the kinds the piece may become, or add this one to `to`"),
                        );
                        continue;
                    }
                    if let Ok(n) = int_in(self, n, "a promotion's limit", 1, 255) {
                        limits.push(PromoteLimit {
                            kind: kind as KindId,
                            most: vec![n as u8; n_sides],
                            start: false,
                        });
                    }
                }
                limits
            }
        }
    }
}

/// Fills each `limit = "start"` with what each side has of the kind on the
/// board in the initial position.
pub(super) fn start_limits(rules: &mut Rules) {
    let needs = |r: &Rules| {
        (r.kinds.iter())
            .filter_map(|k| k.promote.as_ref())
            .any(|p| p.limits.iter().any(|l| l.start))
    };
    if !needs(rules) {
        return;
    }
    let n_sides = rules.sides.len();
    let counts: Vec<Vec<u8>> = (0..rules.kinds.len())
        .map(|kind| {
            (0..n_sides)
                .map(|side| {
                    let v = rules.man(side as _, kind as KindId);
                    rules.initial.counts[v as usize - 1].min(255) as u8
                })
                .collect()
        })
        .collect();
    for kind in &mut rules.game_mut().kinds {
        let Some(p) = &mut kind.promote else { continue };
        for l in p.limits.iter_mut().filter(|l| l.start) {
            l.most = counts[l.kind as usize].clone();
        }
    }
}
