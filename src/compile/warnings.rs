//! Warnings: a compiled game that is valid but likely not what its author meant.
//!
//! Pieces neither placed nor in hand, immobile pieces, sides that never
//! move, end rules that can never hold, empty regions, no end rule.

use super::Compiler;
use crate::board::SiteId;
use crate::diag::Diagnostic;
use crate::raw::RawGame;
use crate::rules::{Action, KindId, Kinds, Rules, SideId, SiteSet, StateCond};

impl Compiler<'_> {
    /// Patterns whose guard no piece of the kind passes: a guard reads the
    /// starting site with the moving piece on it, so `empty:` never holds
    /// there (and `occupied:` always does).
    fn guards_that_never_hold(&mut self, raw: &RawGame, rules: &Rules) {
        for (k, (_, piece)) in raw.pieces.iter().enumerate() {
            let Some(moves) = &piece.moves else { continue };
            for (text, pattern) in moves.value.iter().zip(&rules.kinds[k].patterns) {
                let Some(guard) = &pattern.guard else {
                    continue;
                };
                if !rules.guard_may_hold(guard, k as KindId) {
                    self.error(
                        Diagnostic::warning("guard-never-holds", "this pattern's guard never holds")
                            .at(text.loc())
                            .label("no piece of this kind passes it on any site")
                            .hint("a guard reads the starting site with the moving piece on it: `empty` never holds there, `friend` and `occupied` always do"),
                    );
                }
            }
        }
    }

    pub(super) fn warnings(&mut self, raw: &RawGame, rules: &Rules) {
        for (k, (key, piece)) in raw.pieces.iter().enumerate() {
            let placed = rules
                .initial
                .board
                .iter()
                .any(|&v| v != 0 && rules.unman(v).1 == k as KindId)
                || (0..rules.sides.len() as SideId)
                    .any(|side| rules.initial.pieces_in_hand(rules, side, k as KindId) > 0);
            let promoted_to = rules.kinds.iter().any(|kind| {
                kind.promote.as_ref().is_some_and(|p| {
                    p.to == k as KindId
                        || p.otherwise == Some(k as KindId)
                        || p.choices.contains(&(k as KindId))
                }) || kind
                    .promote_moves
                    .as_ref()
                    .is_some_and(|p| p.to == k as KindId)
            });
            // A barrier's `claim` puts it on the squares it closes.
            let claimed = rules.barriers.iter().any(|b| b.claim == Some(k as KindId));
            if !placed && !promoted_to && !claimed {
                self.error(
                    Diagnostic::warning(
                        "unused-piece",
                        format!("the piece `{}` is never placed", key.value),
                    )
                    .at(key.loc())
                    .label("defined here")
                    .hint("place it in `[setup]` or promote a piece to it, or remove it"),
                );
            } else if placed
                && piece.moves.as_ref().is_none_or(|m| m.value.is_empty())
                && rules
                    .phases
                    .iter()
                    .flatten()
                    .any(|a| matches!(a, Action::Move(_)))
            {
                self.error(
                    Diagnostic::warning(
                        "immobile-piece",
                        format!("the piece `{}` has no moves", key.value),
                    )
                    .at(key.loc())
                    .label("defined here")
                    .hint("add `moves = [\"step(orth)\"]` or similar"),
                );
            }
        }
        self.guards_that_never_hold(raw, rules);
        for (i, (key, _)) in raw.sides.iter().enumerate() {
            if !rules.order.contains(&(i as SideId)) {
                self.error(
                    Diagnostic::warning(
                        "side-never-moves",
                        format!("the side `{}` never has a turn", key.value),
                    )
                    .at(key.loc())
                    .label("not in `turn.order`"),
                );
            }
        }
        let present = present_kinds(rules);
        let ends = raw.end.as_ref().map(|e| e.value.as_slice()).unwrap_or(&[]);
        for (rule, raw_end) in rules.ends.iter().zip(ends) {
            if (rule.sides.iter()).all(|&side| never_holds(&rule.when, side, &present, rules)) {
                self.error(
                    Diagnostic::warning("impossible-end", "this end rule can never hold")
                        .at(raw_end.when.loc())
                        .label("it counts pieces that are never on the board, or a region with no site")
                        .hint("check the piece and region names, or remove the rule"),
                );
            } else if let Some((length, longest)) =
                line_never_holds(&rule.when, present.iter().fold(0, |a, k| a | k), rules)
            {
                self.error(
                    Diagnostic::warning("impossible-end", "this end rule can never hold")
                        .at(raw_end.when.loc())
                        .label(format!(
                            "a line of {length} needs {length} sites in a row; the board's longest row this way has {longest}"
                        ))
                        .hint("check the line's length and directions, or remove the rule"),
                );
            }
        }
        for (i, (key, _)) in raw.regions.iter().enumerate() {
            if rules.regions[i].per_side.iter().all(SiteSet::is_empty) {
                self.error(
                    Diagnostic::warning(
                        "empty-region",
                        format!("the region `{}` has no site", key.value),
                    )
                    .at(key.loc()),
                );
            }
        }
        if !rules.has_royals {
            let keys = (raw.sides.iter())
                .map(|(k, s)| (format!("sides.{}.", k.value), &s.no_moves_in_check))
                .chain([("turn.".to_string(), &raw.turn.no_moves_in_check)]);
            if let Some((path, Some(key))) = keys.into_iter().find(|(_, k)| k.is_some()) {
                self.error(
                    Diagnostic::warning(
                        "no-check-without-royals",
                        "`no_moves_in_check` never applies: no piece is royal",
                    )
                    .at(key.loc())
                    .label("no side is ever in check")
                    .hint(format!(
                        "mark the piece that must not be taken `royal = true`, or remove this key (a variant unsets its base's with `[remove] keys = [\"{path}no_moves_in_check\"]`)"
                    )),
                );
            }
        }
        // With royal pieces, checkmate is the end a game needs.
        if rules.ends.is_empty() && !rules.kinds.iter().any(|k| k.royal) {
            self.error(
                Diagnostic::warning(
                    "no-end",
                    "the game has no end rule: only a lack of moves ends it",
                )
                .at(raw
                    .game
                    .name
                    .as_ref()
                    .map_or_else(|| self.whole_file(), |n| n.loc()))
                .hint("add `[[end]]` rules, or royal pieces with the check rule"),
            );
        }
    }
}

/// Per side, the kinds its pieces can ever be on the board as: placed, in
/// hand, or promoted to from such a kind.
fn present_kinds(rules: &Rules) -> Vec<Kinds> {
    let n_sides = rules.sides.len() as SideId;
    let mut present: Vec<Kinds> = vec![0; n_sides as usize];
    for &v in rules.initial.board.iter().filter(|&&v| v != 0) {
        let (side, kind) = rules.unman(v);
        present[side as usize] |= 1 << kind;
    }
    for side in 0..n_sides {
        for k in 0..rules.kinds.len() as KindId {
            if rules.initial.pieces_in_hand(rules, side, k) > 0 {
                present[side as usize] |= 1 << k;
            }
        }
        // Claimed squares, for a side that holds the barrier.
        for (b, barrier) in rules.barriers.iter().enumerate() {
            let held = rules.initial.reserves[side as usize * rules.n_items() + b] > 0;
            if let Some(k) = barrier.claim.filter(|_| held) {
                present[side as usize] |= 1 << k;
            }
        }
    }
    // Promotions, until no new kind appears (a chain of them is at most
    // as long as there are kinds).
    for kinds in &mut present {
        loop {
            let before = *kinds;
            for (k, kind) in rules.kinds.iter().enumerate() {
                if let Some(p) = kind.promote.as_ref().filter(|_| before >> k & 1 == 1) {
                    *kinds |= 1 << p.to;
                    for &c in &p.choices {
                        *kinds |= 1 << c;
                    }
                    if let Some(o) = p.otherwise {
                        *kinds |= 1 << o;
                    }
                }
                if let Some(p) = kind.promote_moves.as_ref().filter(|_| before >> k & 1 == 1) {
                    *kinds |= 1 << p.to;
                }
            }
            if *kinds == before {
                break;
            }
        }
    }
    present
}

/// Whether a position condition, seen from `side`, can never hold: it needs
/// pieces that are never on the board (`present` is, per side, the kinds
/// its pieces can be), or in a region with no site.
fn never_holds(c: &StateCond, side: SideId, present: &[Kinds], rules: &Rules) -> bool {
    match c {
        StateCond::Const(b) => !b,
        StateCond::Count {
            owner,
            named,
            kind,
            region,
            op,
            value,
        } => {
            let counted = rules.counted(side, *owner, *named);
            let kinds = (present.iter().enumerate())
                .filter(|&(s, _)| counted >> s & 1 == 1)
                .fold(0, |set, (_, &k)| set | k);
            let empty_region = region.is_some_and(|r| {
                r != crate::rules::HAND
                    && rules.regions[r as usize].per_side[side as usize].is_empty()
            });
            (kind & kinds == 0 || empty_region) && !op.holds(0, *value)
        }
        StateCond::CountInHand {
            owner,
            named,
            kind,
            op,
            value,
        } => {
            let counted = rules.counted(side, *owner, *named);
            let kinds = (present.iter().enumerate())
                .filter(|&(s, _)| counted >> s & 1 == 1)
                .fold(0, |set, (_, &k)| set | k);
            kind & kinds == 0 && !op.holds(0, *value)
        }
        StateCond::And(cs) => cs.iter().any(|c| never_holds(c, side, present, rules)),
        StateCond::Or(cs) => cs.iter().all(|c| never_holds(c, side, present, rules)),
        _ => false,
    }
}

/// A `line(...)` that the condition needs and that cannot stand: longer
/// than every row of the board along its directions (its length and the
/// longest row), or of kinds never on the board (a length of 0 in a row).
fn line_never_holds(c: &StateCond, present: Kinds, rules: &Rules) -> Option<(u32, u32)> {
    match c {
        StateCond::Line {
            kind, length, axes, ..
        } => {
            let longest = if kind & present == 0 {
                0
            } else {
                longest_row(rules, *axes)
            };
            (*length > longest).then_some((*length, longest))
        }
        StateCond::And(cs) => cs.iter().find_map(|c| line_never_holds(c, present, rules)),
        StateCond::Or(cs) => {
            let all: Option<Vec<_>> = cs
                .iter()
                .map(|c| line_never_holds(c, present, rules))
                .collect();
            all.and_then(|v| v.into_iter().next())
        }
        _ => None,
    }
}

/// The most sites in a row along one of the axes (bit `d`: compass
/// direction `d` and its opposite).
fn longest_row(rules: &Rules, axes: u8) -> u32 {
    let board = &rules.board;
    let mut longest = 0;
    for d in (0..4u8).filter(|&d| axes >> d & 1 == 1) {
        for i in 0..board.n_sites() {
            let start = SiteId(i as u16);
            if board.neighbor(start, d + 4).is_some() {
                continue;
            }
            let (mut n, mut at) = (1, start);
            while let Some(next) = board.neighbor(at, d) {
                n += 1;
                at = next;
            }
            longest = longest.max(n);
        }
    }
    longest
}
