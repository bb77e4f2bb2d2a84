//! `[[end]]` rules and `[[constraint]]`s: when the game ends and for whom,
//! and what no position may break; with what the engine needs to know of
//! them (whether they read the last move, which kinds they count).

use super::{Compiler, Res, Scope};
use crate::board::Board;
use crate::diag::{suggest, Diagnostic};
use crate::raw::{self, RawGame};
use crate::rules::{
    Breathing, Constraint, EndGuard, EndResult, EndRule, GroupMeasure, Kinds, Owner, RegionId,
    SideId, StateCond, ALL_KINDS,
};

/// The most points an end rule's win or loss is worth.
pub const MAX_POINTS: i64 = 1000;

impl Compiler<'_> {
    /// The end rules of `[[end]]`, in file order.
    pub(super) fn ends(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        n_teams: usize,
    ) -> Vec<EndRule> {
        let mut ends = Vec::new();
        if let Some(list) = &raw.end {
            for e in &list.value {
                if let Ok(rule) = self.end_rule(raw, scope, e, n_teams) {
                    ends.push(rule);
                }
            }
        }
        ends
    }

    /// The constraints of `[[constraint]]`, in file order.
    pub(super) fn constraints(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        side_names: &[String],
    ) -> Vec<Constraint> {
        let mut constraints = Vec::new();
        if let Some(list) = &raw.constraint {
            for c in &list.value {
                let sides = c
                    .sides
                    .as_ref()
                    .map(|list| self.side_list(list, side_names));
                self.in_constraint = true;
                let rule = self.state_cond(raw, scope, &c.rule);
                let when = c.when.as_ref().map(|w| self.state_cond(raw, scope, w));
                self.in_constraint = false;
                let Ok(when) = when.transpose() else { continue };
                if let Ok(rule) = rule {
                    if self.repeat_rule(&c.rule, &rule).is_some() {
                        continue;
                    }
                    let own_check =
                        matches!(&rule, StateCond::Not(c) if matches!(**c, StateCond::Check));
                    let breathing = Breathing::of(&rule);
                    constraints.push(Constraint {
                        rule,
                        breathing,
                        own_check,
                        when,
                        sides,
                        text: c.rule.value.clone(),
                        name: c.name.as_ref().map(|n| n.value.clone()),
                    });
                }
            }
        }
        constraints
    }

    fn end_rule(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        e: &raw::RawEnd,
        n_teams: usize,
    ) -> Res<EndRule> {
        self.allow_last = true;
        let when = self.state_cond(raw, scope, &e.when);
        self.allow_last = false;
        let result = match e.result.value.as_str() {
            "win" => Ok(EndResult::Win),
            "loss" => {
                if n_teams != 2 {
                    self.error(
                        Diagnostic::error(
                            "loss-needs-two-teams",
                            "a side can only lose to one other team",
                        )
                        .at(e.result.loc())
                        .label(format!("this game has {n_teams} teams")),
                    );
                    Err(())
                } else {
                    Ok(EndResult::Loss)
                }
            }
            "draw" => Ok(EndResult::Draw),
            other => {
                self.error(
                    Diagnostic::error("unknown-name", format!("unknown result `{other}`"))
                        .at(e.result.loc())
                        .label("expected `win`, `loss` or `draw`")
                        .hint(suggest(other, ["win", "loss", "draw"])),
                );
                Err(())
            }
        };
        let sides = match &e.sides {
            None => (0..scope.sides.len() as SideId).collect(),
            Some(list) => {
                let mut out = Vec::new();
                for n in &list.value {
                    match scope.sides.iter().position(|s| *s == n.value) {
                        Some(i) => out.push(i as SideId),
                        None => self.unknown_key(
                            "side",
                            n,
                            &scope.sides.iter().map(String::as_str).collect::<Vec<_>>(),
                        ),
                    }
                }
                out
            }
        };
        let when = when?;
        let reads_last = reads_last(&when);
        let stalled = when.any_part(&|p| matches!(p, StateCond::Stalled));
        // `last(...)` reads the mover's move, whichever side asks; a count
        // of named sides reads nothing of it but its part of the region.
        let region_per_side = |r: RegionId| {
            r != crate::rules::HAND
                && scope.regions[r as usize]
                    .as_ref()
                    .is_none_or(|region| region.per_side.windows(2).any(|w| w[0] != w[1]))
        };
        let reads_side = when.any_part(&|p| match p {
            StateCond::Last(_)
            | StateCond::Const(_)
            | StateCond::Not(_)
            | StateCond::And(_)
            | StateCond::Or(_)
            | StateCond::Reach {
                owner: Owner::Named,
                ..
            }
            | StateCond::CountInHand {
                owner: Owner::Named,
                ..
            } => false,
            StateCond::Count {
                owner: Owner::Named,
                region,
                ..
            } => region.is_some_and(region_per_side),
            _ => true,
        });
        // A draw whose condition is the same seen from either of two
        // teams holds for both or neither: read once.
        let reads_side = reads_side
            && !(matches!(result, Ok(EndResult::Draw))
                && scope.sides.len() == 2
                && n_teams == 2
                && reads_both_sides_alike(&when));
        // The players' words: the message given, else the rule's name.
        let message = match (&e.message, &e.name) {
            (Some(m), _) => Some(m.value.clone()),
            (None, Some(n)) => Some(n.value.replace(['-', '_'], " ")),
            (None, None) => None,
        };
        let points = match &e.points {
            Some(p) if matches!(result, Ok(EndResult::Draw)) => {
                self.error(
                    Diagnostic::error("points-on-draw", "a draw is worth no points")
                        .at(p.loc())
                        .label("`points` with `result = \"draw\"`")
                        .hint("points size a win or a loss: remove `points` here"),
                );
                return Err(());
            }
            Some(p) => super::int_in(self, p, "`points`", 1, MAX_POINTS)? as u32,
            None => 1,
        };
        Ok(EndRule {
            text: e.when.value.clone(),
            message,
            points,
            lasts: when.count_last(),
            when,
            result: result?,
            side_set: sides.iter().fold(0, |set, &s| set | 1 << s),
            sides,
            reads_last,
            reads_side,
            stalled,
            guard: None,
        })
    }
}

/// Whether a position condition reads the last move.
pub(super) fn reads_last(c: &StateCond) -> bool {
    c.any_part(&|p| {
        matches!(
            p,
            StateCond::Last(_)
                | StateCond::Line {
                    through_last: true,
                    ..
                }
                | StateCond::Group {
                    through_last: true,
                    ..
                }
        )
    })
}

/// Whether a position condition reads the game's history.
pub(super) fn reads_history(c: &StateCond) -> bool {
    c.any_part(&|p| {
        matches!(
            p,
            StateCond::Repetitions { .. }
                | StateCond::Repeated { .. }
                | StateCond::Since { .. }
                | StateCond::PerpetualCheck
        )
    })
}

/// The piece kinds a position condition counts; every kind when it reads
/// more than counts.
pub(super) fn kinds_read(c: &StateCond) -> Kinds {
    match c {
        StateCond::Const(_) | StateCond::Connected { .. } => 0,
        StateCond::Count { kind, .. }
        | StateCond::CountInHand { kind, .. }
        | StateCond::Line { kind, .. }
        | StateCond::Groups { kind, .. } => *kind,
        // Liberties are read on every site beside the group, whatever
        // stands there.
        StateCond::Group { kind, test, .. } => match test.measure {
            GroupMeasure::Liberties => ALL_KINDS,
            GroupMeasure::Size | GroupMeasure::Encloses | GroupMeasure::Touches(_) => *kind,
        },
        StateCond::Compare { left, right, .. } => left.2 | right.2,
        StateCond::Stalled
        | StateCond::Repetitions { .. }
        | StateCond::Since { .. }
        | StateCond::PerpetualCheck
        | StateCond::Seeds { .. }
        | StateCond::Rolled { .. }
        | StateCond::Repeated { .. } => 0,
        // A counter changes with moves of any kind; the numbers nearest a
        // roll are those of any kind on the board.
        StateCond::Arith(_) | StateCond::Counter { .. } | StateCond::Nearest { .. } => ALL_KINDS,
        StateCond::Reach { .. }
        | StateCond::Members { .. }
        | StateCond::MemberLine { .. }
        | StateCond::Can(_)
        | StateCond::Last(_)
        | StateCond::Check
        | StateCond::Somewhere { .. } => ALL_KINDS,
        StateCond::Not(inner) => kinds_read(inner),
        StateCond::And(cs) | StateCond::Or(cs) => cs.iter().fold(0, |m, c| m | kinds_read(c)),
    }
}

/// Whether a constraint can only be broken by placing a barrier: `reach`
/// ignores pieces except as start points, and pieces move along open edges,
/// so a move keeps every piece in its component of the board — provided the
/// condition's directions reach everything a move can: all eight, or the
/// four orthogonal ones on a full grid (where a diagonal step needs an open
/// orthogonal route around its corner).
pub(super) fn reads_barriers_only(c: &StateCond, board: &Board) -> bool {
    let every_dir = match board.n_dirs() {
        n if n >= 32 => u32::MAX,
        n => (1u32 << n) - 1,
    };
    match c {
        // Pieces play no part in it.
        StateCond::Const(_) | StateCond::Connected { .. } => true,
        StateCond::Reach { dirs, .. } => {
            dirs & every_dir == every_dir || (board.full_grid && dirs & 0b0101_0101 == 0b0101_0101)
        }
        StateCond::Count { .. }
        | StateCond::CountInHand { .. }
        | StateCond::Counter { .. }
        | StateCond::Compare { .. }
        | StateCond::Stalled
        | StateCond::Repetitions { .. }
        | StateCond::Since { .. }
        | StateCond::PerpetualCheck
        | StateCond::Seeds { .. }
        | StateCond::Rolled { .. }
        | StateCond::Nearest { .. }
        | StateCond::Arith(_)
        | StateCond::Repeated { .. }
        | StateCond::Line { .. }
        | StateCond::Members { .. }
        | StateCond::MemberLine { .. }
        | StateCond::Group { .. }
        | StateCond::Groups { .. }
        | StateCond::Can(_)
        | StateCond::Last(_)
        | StateCond::Check
        | StateCond::Somewhere { .. }
        | StateCond::Not(_)
        | StateCond::Or(_) => false,
        StateCond::And(cs) => cs.iter().all(|c| reads_barriers_only(c, board)),
    }
}

/// Whether a condition of a game of two teams reads the same with `own`
/// and `enemy` swapped, up to the order of the parts of `and` and `or`
/// (`seeds(own pits) == 0 or seeds(enemy pits) == 0`): then it holds for
/// one side exactly when it holds for the other. Only counts on the whole
/// board, seed sums (each of its owners' parts of a region),
/// constants and repetitions are looked at; any other part says no.
pub(super) fn reads_both_sides_alike(c: &StateCond) -> bool {
    let seen = mirrored(c, false);
    seen.is_some() && seen == mirrored(c, true)
}

/// Gives the end rules their guards ([`EndGuard`]): in a game of two
/// sides and two teams, a rule's condition that reads alike from both
/// sides, or else the first of its `and` parts that does. A guard is kept
/// when another rule has the same one or its rule is read for each side;
/// at most 32 guards.
pub(super) fn share_guards(ends: &mut [EndRule], two_sides_two_teams: bool) {
    if !two_sides_two_teams {
        return;
    }
    let part_of = |when: &StateCond| -> Option<(usize, String)> {
        if let Some(text) = alike_text(when) {
            return Some((usize::MAX, text));
        }
        let StateCond::And(cs) = when else {
            return None;
        };
        (cs.iter().enumerate()).find_map(|(k, c)| Some((k, alike_text(c)?)))
    };
    let parts: Vec<_> = ends.iter().map(|e| part_of(&e.when)).collect();
    let mut texts: Vec<&str> = Vec::new();
    for (rule, part) in ends.iter_mut().zip(&parts) {
        let Some((k, text)) = part else { continue };
        let shared = parts.iter().flatten().filter(|(_, t)| t == text).count() > 1;
        if !(shared || rule.reads_side) {
            continue;
        }
        let index = match texts.iter().position(|t| t == text) {
            Some(i) => i,
            None if texts.len() < 32 => {
                texts.push(text);
                texts.len() - 1
            }
            None => continue,
        };
        let (cond, rest) = match (&rule.when, *k) {
            (StateCond::And(cs), k) if k < cs.len() => {
                let mut rest = cs.clone();
                let cond = rest.remove(k);
                (cond, StateCond::And(rest))
            }
            (when, _) => (when.clone(), StateCond::And(Vec::new())),
        };
        rule.guard = Some(Box::new(EndGuard {
            index: index as u8,
            cond,
            rest,
        }));
    }
}

/// The text [`mirrored`] gives `c` when it reads alike from both sides.
fn alike_text(c: &StateCond) -> Option<String> {
    reads_both_sides_alike(c)
        .then(|| mirrored(c, false))
        .flatten()
}

/// The condition as a text in which `and` and `or` list their parts in
/// order, with `own` and `enemy` swapped when `swap`; `None` for a part
/// [`reads_both_sides_alike`] does not look at.
fn mirrored(c: &StateCond, swap: bool) -> Option<String> {
    let owner = |o: Owner| match (o, swap) {
        (Owner::Own, false) | (Owner::Enemy, true) => Some("own"),
        (Owner::Enemy, false) | (Owner::Own, true) => Some("enemy"),
        (Owner::Any, _) => Some("any"),
        (Owner::Named, _) => None,
    };
    let sum = |&(o, named, region): &crate::rules::SeedSum| {
        (named == 0).then(|| Some(format!("{}:{region}", owner(o)?)))?
    };
    let list = |cs: &[StateCond], word: &str| {
        let mut parts = (cs.iter().map(|c| mirrored(c, swap))).collect::<Option<Vec<_>>>()?;
        parts.sort();
        Some(format!("{word}({})", parts.join(",")))
    };
    match c {
        StateCond::Const(_) | StateCond::Repetitions { .. } => Some(format!("{c:?}")),
        StateCond::Seeds { left, op, right } => {
            let right = match right {
                crate::rules::SeedRhs::Number(n) => n.to_string(),
                crate::rules::SeedRhs::Seeds(s) => sum(s)?,
            };
            Some(format!("seeds({}) {op:?} {right}", sum(left)?))
        }
        // A region's part is the evaluating side's, whoever owns the
        // pieces: only a count on the whole board mirrors.
        StateCond::Count {
            owner: o,
            named: 0,
            kind,
            region: None,
            op,
            value,
        } => Some(format!("count({}, {kind}) {op:?} {value}", owner(*o)?)),
        StateCond::Not(inner) => Some(format!("not({})", mirrored(inner, swap)?)),
        StateCond::And(cs) => list(cs, "and"),
        StateCond::Or(cs) => list(cs, "or"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::reads_both_sides_alike;
    use crate::rules::{Compare, Owner, SeedRhs, StateCond};

    /// `seeds(OWNER region 0) OP N`.
    fn seeds(owner: Owner, op: Compare, n: u32) -> StateCond {
        StateCond::Seeds {
            left: (owner, 0, 0),
            op,
            right: SeedRhs::Number(n),
        }
    }

    #[test]
    fn a_condition_and_its_mirror_in_any_order_read_alike() {
        let (own, enemy) = (Owner::Own, Owner::Enemy);
        let either_empty = StateCond::Or(vec![
            seeds(own, Compare::Eq, 0),
            seeds(enemy, Compare::Eq, 0),
        ]);
        assert!(reads_both_sides_alike(&either_empty));
        let both_24 = StateCond::And(vec![
            seeds(enemy, Compare::Eq, 24),
            seeds(own, Compare::Eq, 24),
        ]);
        assert!(reads_both_sides_alike(&both_24));
        // Seen from one side only, or compared one way: not alike.
        assert!(!reads_both_sides_alike(&seeds(own, Compare::Eq, 0)));
        let more = StateCond::Seeds {
            left: (own, 0, 0),
            op: Compare::Gt,
            right: SeedRhs::Seeds((enemy, 0, 0)),
        };
        assert!(!reads_both_sides_alike(&more));
        let mixed = StateCond::Or(vec![
            seeds(own, Compare::Eq, 0),
            seeds(enemy, Compare::Eq, 1),
        ]);
        assert!(!reads_both_sides_alike(&mixed));
        // A part it does not look at says no.
        let stalled = StateCond::Or(vec![either_empty, StateCond::Stalled]);
        assert!(!reads_both_sides_alike(&stalled));
    }

    /// Which rules of a shipped file got a guard, and which guard: its
    /// index, or `None`.
    fn guards_of(file: &str, text: &str) -> Vec<Option<u8>> {
        let rules = crate::compile::from_source(file, text).unwrap_or_else(|_| panic!("{file}"));
        (rules.ends.iter())
            .map(|e| e.guard.as_ref().map(|g| g.index))
            .collect()
    }

    #[test]
    fn end_rules_share_a_guard_that_reads_alike() {
        // Kalah: both rules start with "either row is empty", the draw is
        // nothing else.
        let kalah = guards_of("kalah", include_str!("../../games/kalah.toml"));
        assert_eq!(kalah, [Some(0), Some(0)]);
        // Oware: a store over 24 is one side's (no guard); the draw of two
        // 24s reads once already and shares nothing (no guard); the two
        // rules of repetitions share theirs; `stalled` reads no guard.
        let oware = guards_of("oware", include_str!("../../games/oware.toml"));
        assert_eq!(oware, [None, None, Some(0), Some(0), None]);
        // A game of connections: no part reads alike.
        let hex = guards_of("hex", include_str!("../../games/hex.toml"));
        assert!(hex.iter().all(Option::is_none));
    }
}
