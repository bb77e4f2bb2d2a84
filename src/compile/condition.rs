//! Site conditions (`empty`, `enemy pawn`, `in goal`, `ahead(...)`, `covered(...)`)
//! and position conditions (`count(...) >= 1`, `reach(...)`, `can(...)`,
//! `last(...)`, `check`, and the draw rules' `repetitions`, `since(...)`,
//! `perpetual check`): what segments, guards, end rules and constraints test.

use super::{Compiler, Res, Scope};
use crate::board::{Board, SiteId};
use crate::diag::{closest, Diagnostic};
use crate::raw::{RawGame, Str};
use crate::rules::{
    rows, Arith, Compare, Cond, Counted, DirSel, HistoryRules, Kinds, Num, Owner, SeedRhs, SeedSum,
    SideSet, StateCond, ALL_KINDS, NUM_SCALE,
};
use crate::syntax::{self, ast};

impl Compiler<'_> {
    pub(super) fn cond(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::SiteCond,
    ) -> Res<Cond> {
        Ok(match c {
            ast::SiteCond::Occupant { word, kind } => self.occupant(s, word, kind, scope)?,
            ast::SiteCond::In(n) => Cond::In(self.region_ref(raw, scope, s, n)?),
            ast::SiteCond::InWhere(..) | ast::SiteCond::InMatchingLast(_) => {
                self.family_site_cond(raw, scope, s, c)?
            }
            ast::SiteCond::Nearer(n) => Cond::Nearer(self.region_ref(raw, scope, s, n)?),
            ast::SiteCond::Ahead(inner) => Cond::Ahead(Box::new(self.cond(raw, scope, s, inner)?)),
            ast::SiteCond::Edge(names) => {
                let dirs = self.dirs(&scope.board, s, names, true)?;
                edge(&scope.board, scope.sides.len(), dirs)
            }
            ast::SiteCond::Given(inner) => {
                Cond::Given(Box::new(self.state_ast(raw, scope, s, inner)?))
            }
            ast::SiteCond::Stuck => Cond::Stuck,
            ast::SiteCond::Seeds(op, n, span) => {
                self.seeds_declared(raw, s, span)?;
                Cond::Seeds(compare(*op), *n)
            }
            ast::SiteCond::Height(op, n) => Cond::Height(compare(*op), *n),
            ast::SiteCond::Nearest(n) => Cond::Nearest(self.event_ref(s, n, scope)?),
            ast::SiteCond::Attacked => Cond::Attacked,
            ast::SiteCond::Sees(names, inner) => {
                let dirs = self.dirs(&scope.board, s, names, true)?;
                Cond::Sees(dirs, Box::new(self.cond(raw, scope, s, inner)?))
            }
            ast::SiteCond::Has(n) => Cond::Has(self.flag_ref(s, n, scope)?),
            ast::SiteCond::LastTo(inner) => {
                self.tracks_last = true;
                Cond::LastTo(self.nested_cond(
                    raw,
                    scope,
                    s,
                    inner,
                    "last_to",
                    "the site of the piece that made the last move",
                )?)
            }
            ast::SiteCond::LastOver(inner) => {
                self.tracks_last = true;
                Cond::LastOver(self.nested_cond(
                    raw,
                    scope,
                    s,
                    inner,
                    "last_over",
                    "the site of the piece that made the last move",
                )?)
            }
            ast::SiteCond::Line(length, dirs) => self.site_line(&scope.board, s, length, dirs)?,
            ast::SiteCond::Adjacent(..) | ast::SiteCond::Group(_) => self.near(raw, scope, s, c)?,
            ast::SiteCond::Attacks(inner, op, n) => {
                let inner = self.nested_cond(
                    raw,
                    scope,
                    s,
                    inner,
                    "attacks",
                    "the site of the piece that could be taken",
                )?;
                Cond::Attacks(inner, compare(*op), *n)
            }
            ast::SiteCond::Threatens(inner, op, n) => {
                let inner = self.nested_cond(
                    raw,
                    scope,
                    s,
                    inner,
                    "threatens",
                    "the site of the piece that could be taken",
                )?;
                Cond::Threatens(inner, compare(*op), *n)
            }
            ast::SiteCond::Covered(inner) => Cond::Covered(self.nested_cond(
                raw,
                scope,
                s,
                inner,
                "covered",
                "the covering piece's own site",
            )?),
            ast::SiteCond::Backed(inner) => Cond::Backed(self.nested_cond(
                raw,
                scope,
                s,
                inner,
                "backed",
                "the covering piece's own site",
            )?),
            ast::SiteCond::Not(inner) => Cond::Not(Box::new(self.cond(raw, scope, s, inner)?)),
            ast::SiteCond::And(cs) => Cond::And(
                cs.iter()
                    .map(|c| self.cond(raw, scope, s, c))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .collect::<Res<_>>()?,
            ),
            ast::SiteCond::Or(cs) => Cond::Or(
                cs.iter()
                    .map(|c| self.cond(raw, scope, s, c))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .collect::<Res<_>>()?,
            ),
        })
    }

    /// `empty`, `any`, `occupied`, `friend`, `enemy` or a side's name,
    /// with an optional kind.
    fn occupant(
        &mut self,
        s: &Str,
        word: &ast::Name,
        kind: &Option<ast::Name>,
        scope: &mut Scope,
    ) -> Res<Cond> {
        let k = match kind {
            Some(n) => self.kind_ref(s, n, scope)?,
            None => ALL_KINDS,
        };
        Ok(match word.text.as_str() {
            "empty" | "any" => {
                if let Some(n) = kind {
                    let loc = self.name_loc(s, n);
                    self.error(
                        Diagnostic::error("syntax", format!("`{}` takes no piece kind", word.text))
                            .at(loc)
                            .label("unexpected"),
                    );
                    return Err(());
                }
                if word.text == "empty" {
                    Cond::Empty
                } else {
                    Cond::True
                }
            }
            "occupied" => Cond::Occupied(k),
            "friend" => Cond::Friend(k),
            "enemy" => Cond::Enemy(k),
            _ => match self.named_sides(s, word, scope) {
                Some(sides) => Cond::Side(sides?, k),
                None => {
                    let known: Vec<&str> = [
                        "empty", "occupied", "friend", "enemy", "any", "in", "ahead", "not",
                        "covered", "backed",
                    ]
                    .into_iter()
                    .chain(owner_names(scope))
                    .collect();
                    self.unknown("site condition", s, word, &known);
                    return Err(());
                }
            },
        })
    }

    /// The condition inside `covered(...)`, `backed(...)`, `attacks(...)`
    /// or `threatens(...)`: read at another piece's site, so it cannot look
    /// along a step.
    fn nested_cond(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        inner: &ast::SiteCond,
        outer: &str,
        reads: &str,
    ) -> Res<Box<Cond>> {
        if let Some(word) = looks_along(inner) {
            self.error(
                Diagnostic::error(
                    "bad-nesting",
                    format!("`{word}` cannot be used inside `{outer}(...)`"),
                )
                .at(s.loc())
                .label(format!("in the `{outer}` condition of this expression"))
                .hint(format!(
                    "inside `{outer}(...)` a condition reads {reads}: name it by owner, kind and region, such as `{outer}(enemy and not in fortress)`"
                )),
            );
            return Err(());
        }
        Ok(Box::new(self.cond(raw, scope, s, inner)?))
    }

    pub(super) fn state_cond(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
    ) -> Res<StateCond> {
        match syntax::parse_state_cond(&s.value) {
            Ok(a) => self.state_ast(raw, scope, s, &a),
            Err(e) => {
                self.syntax_error(s, e);
                Err(())
            }
        }
    }

    /// The owner of a `count(...)` or `reach(...)`: `own`, `enemy`,
    /// `any`, or a side or a team, with the sides it names.
    pub(super) fn owner(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Res<(Owner, SideSet)> {
        match n.text.as_str() {
            "own" => Ok((Owner::Own, 0)),
            "enemy" => Ok((Owner::Enemy, 0)),
            "any" => Ok((Owner::Any, 0)),
            _ => match self.named_sides(s, n, scope) {
                Some(sides) => Ok((Owner::Named, sides?)),
                None => {
                    // Sides and teams first: a tie goes to them.
                    let known: Vec<&str> =
                        owner_names(scope).chain(["own", "enemy", "any"]).collect();
                    let loc = self.name_loc(s, n);
                    self.error(
                        Diagnostic::error("unknown-name", format!("unknown owner `{}`", n.text))
                            .at(loc)
                            .label("no side or team has this name")
                            .hint(match closest(&n.text, known.iter().copied()) {
                                Some(c) => format!("did you mean `{c}`? An {}", owners(scope)),
                                None => format!("an {}", owners(scope)),
                            }),
                    );
                    Err(())
                }
            },
        }
    }

    /// The sides a side's or a team's name stands for, as the owner in a
    /// condition; `None` when it names neither. A name that is a side and
    /// also the team of other sides is reported.
    fn named_sides(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Option<Res<SideSet>> {
        let side = scope.sides.iter().position(|x| *x == n.text);
        let team = scope.teams.iter().find(|(t, _)| *t == n.text);
        Some(match (side, team) {
            (None, None) => return None,
            (Some(i), None) => Ok(1 << i),
            (None, Some(&(_, set))) => Ok(set),
            (Some(i), Some(&(_, set))) if set == 1 << i => Ok(set),
            (Some(i), Some(&(_, set))) => {
                let members = side_list(scope, set);
                let joined: Vec<String> = (scope.sides.iter().enumerate())
                    .filter(|&(j, _)| j != i && set >> j & 1 == 1)
                    .map(|(_, name)| format!("[sides.{name}]"))
                    .collect();
                let loc = self.name_loc(s, n);
                self.error(
                    Diagnostic::error(
                        "ambiguous-owner",
                        format!("`{}` names a side and a team", n.text),
                    )
                    .at(loc)
                    .label(format!("the side `{}`, or the team of {members}", n.text))
                    .hint(format!(
                        "give the team another name (`team = \"{}\"` in {}); an {}",
                        n.text,
                        joined.join(" and "),
                        owners(scope)
                    )),
                );
                Err(())
            }
        })
    }

    /// What a `count(...)` counts: owner, kinds and region.
    pub(super) fn counted(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        (filter, region): &(ast::PieceFilter, Option<ast::Name>),
    ) -> Res<Counted> {
        let owner = self.owner(s, &filter.owner, scope);
        let kind = self.kind_ref(s, &filter.kind, scope);
        let region = match region {
            // `in hand`: the pieces in hand, not on the board.
            Some(r) if r.text == "hand" => Some(crate::rules::HAND),
            Some(r) => Some(self.region_ref(raw, scope, s, r)?),
            None => None,
        };
        let (owner, named) = owner?;
        Ok((owner, named, kind?, region))
    }

    /// `seeds(OWNER REGION)`.
    fn seed_sum(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        (owner, region): &(ast::Name, ast::Name),
    ) -> Res<SeedSum> {
        let owner = self.owner(s, owner, scope);
        let region = self.region_ref(raw, scope, s, region)?;
        let (owner, named) = owner?;
        Ok((owner, named, region))
    }

    /// `count(OWNER KIND [in REGION]) OP N`: on the board, or in hand.
    fn count_state(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
    ) -> Res<StateCond> {
        let ast::StateCond::Count {
            filter,
            region,
            op,
            value,
            ..
        } = c
        else {
            unreachable!("a count")
        };
        // `count(own checks)`: a counter, not a piece kind.
        let counter = scope.counters.iter().position(|c| *c == filter.kind.text);
        if let (Some(counter), None) = (counter, region) {
            let (owner, named) = self.owner(s, &filter.owner, scope)?;
            return Ok(StateCond::Counter {
                owner,
                named,
                counter: counter as u16,
                op: compare(*op),
                value: *value,
            });
        }
        let (owner, named, kind, region) =
            self.counted(raw, scope, s, &(filter.clone(), region.clone()))?;
        Ok(match region {
            Some(crate::rules::HAND) => StateCond::CountInHand {
                owner,
                named,
                kind,
                op: compare(*op),
                value: *value,
            },
            // With stacking pieces, counted piece by piece: as a sum,
            // whose counts read the stacks (the plain count reads sites,
            // at no cost to the games without stacks).
            region if stacking(raw) => StateCond::Arith(Box::new(Arith {
                left: vec![(false, Num::Count((owner, named, kind, region)))],
                op: compare(*op),
                right: vec![(false, Num::Const(i64::from(*value) * NUM_SCALE))],
            })),
            region => StateCond::Count {
                owner,
                named,
                kind,
                region,
                op: compare(*op),
                value: *value,
            },
        })
    }

    /// `seeds(OWNER REGION) OP N|seeds(OWNER REGION)`.
    fn seeds_compare(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
    ) -> Res<StateCond> {
        let ast::StateCond::Seeds {
            left,
            op,
            right,
            span,
        } = c
        else {
            unreachable!("seeds compared")
        };
        self.seeds_declared(raw, s, span)?;
        let left = self.seed_sum(raw, scope, s, left);
        let right = match right {
            ast::SeedsRhs::Number(n) => SeedRhs::Number(*n),
            ast::SeedsRhs::Seeds(o, r) => {
                SeedRhs::Seeds(self.seed_sum(raw, scope, s, &(o.clone(), r.clone()))?)
            }
        };
        Ok(StateCond::Seeds {
            left: left?,
            op: compare(*op),
            right,
        })
    }

    /// Seeds are read only in a game that declares `[seeds]`.
    fn seeds_declared(&mut self, raw: &RawGame, s: &Str, span: &ast::Span) -> Res<()> {
        if raw.seeds.is_some() {
            return Ok(());
        }
        let loc = s.inner_loc(self.sources, span.clone());
        self.error(
            Diagnostic::error("no-seeds", "`seeds` is read only in a game with `[seeds]`")
                .at(loc)
                .label("no site holds seeds in this game")
                .hint("declare `[seeds]` with its `track` to count seeds on sites"),
        );
        Err(())
    }

    /// The site condition `line(N, DIRS)`.
    fn site_line(
        &mut self,
        board: &Board,
        s: &Str,
        length: &(u32, ast::Span),
        dirs: &[ast::Name],
    ) -> Res<Cond> {
        let axes = self.line_axes(board, s, dirs, &length.1);
        if length.0 == 0 {
            let loc = s.inner_loc(self.sources, length.1.clone());
            self.error(
                Diagnostic::error("line-length", "a line needs at least one piece")
                    .at(loc)
                    .label("a line of 0")
                    .hint("give the number of pieces in a row, such as `line(3, orth)`"),
            );
            return Err(());
        }
        Ok(Cond::Line {
            length: length.0,
            axes: axes?,
        })
    }

    /// `line(OWNER KIND, N, DIRS) [through last]`.
    fn line(
        &mut self,
        scope: &mut Scope,
        s: &Str,
        (filter, length, dirs, within): (
            &ast::PieceFilter,
            &(u32, ast::Span),
            &[ast::Name],
            Option<crate::rules::RegionId>,
        ),
        through_last: bool,
        span: &ast::Span,
    ) -> Res<StateCond> {
        let owner = self.owner(s, &filter.owner, scope);
        let kind = self.kind_ref(s, &filter.kind, scope);
        let axes = self.line_axes(&scope.board, s, dirs, span);
        if length.0 == 0 {
            let loc = s.inner_loc(self.sources, length.1.clone());
            self.error(
                Diagnostic::error("line-length", "a line needs at least one piece")
                    .at(loc)
                    .label("a line of 0")
                    .hint("give the number of pieces in a row, such as `line(own stone, 5, orth | diag)`"),
            );
        }
        if through_last && !self.allow_last {
            let loc = s.inner_loc(self.sources, span.clone());
            self.error(
                Diagnostic::error(
                    "last-outside-end",
                    "`line(...) through last` is read only in an end rule's `when`",
                )
                .at(loc)
                .label("no move has just been played here")
                .hint(
                    "drop `through last` to look for a line anywhere, or use it in `[[end]] when`",
                ),
            );
            return Err(());
        }
        if length.0 == 0 {
            return Err(());
        }
        let (owner, named) = owner?;
        let axes = axes?;
        let rows = match (within, through_last) {
            (Some(id), false) => (scope.regions[id as usize].as_ref())
                .and_then(|region| rows::region_rows(&scope.board, region, length.0, axes)),
            (None, true) => rows::site_rows(&scope.board, length.0, axes),
            _ => None,
        };
        Ok(StateCond::Line {
            owner,
            named,
            kind: kind?,
            length: length.0,
            axes,
            through_last,
            within,
            rows,
        })
    }

    /// Reports `error` at `span` of `s` unless end rules are being
    /// compiled, where the moves just played are known.
    fn only_in_end(
        &mut self,
        s: &Str,
        span: &std::ops::Range<usize>,
        error: Diagnostic,
    ) -> Res<()> {
        if self.allow_last {
            return Ok(());
        }
        let loc = s.inner_loc(self.sources, span.clone());
        self.error(error.at(loc));
        Err(())
    }

    pub(super) fn state_ast(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        c: &ast::StateCond,
    ) -> Res<StateCond> {
        Ok(match c {
            ast::StateCond::Const(b) => StateCond::Const(*b),
            ast::StateCond::Count { .. } => self.count_state(raw, scope, s, c)?,
            ast::StateCond::Reach {
                filter,
                region,
                dirs,
                ..
            } => {
                let owner = self.owner(s, &filter.owner, scope);
                let kind = self.kind_ref(s, &filter.kind, scope);
                let region = self.region_ref(raw, scope, s, region);
                let dirs = self.dirs(&scope.board, s, dirs, false);
                let (owner, named) = owner?;
                StateCond::Reach {
                    owner,
                    named,
                    kind: kind?,
                    region: region?,
                    dirs: dirs?.absolute,
                }
            }
            ast::StateCond::Line {
                filter,
                region,
                length,
                dirs,
                through_last,
                span,
            } => {
                let within = match region {
                    Some(n) => Some(self.region_ref(raw, scope, s, n)?),
                    None => None,
                };
                let line = (filter, length, &dirs[..], within);
                self.line(scope, s, line, *through_last, span)?
            }
            ast::StateCond::Members { .. } | ast::StateCond::MemberLine { .. } => {
                self.family_state_cond(raw, scope, s, c)?
            }
            ast::StateCond::Group { .. } | ast::StateCond::Groups { .. } => {
                self.groups(raw, scope, s, c)?
            }
            ast::StateCond::Connected(dirs) => StateCond::Connected {
                dirs: self.dirs(&scope.board, s, dirs, false)?.absolute,
            },
            ast::StateCond::Can(m, span) => {
                if !self.allow_can {
                    let loc = s.inner_loc(self.sources, span.clone());
                    self.error(
                        Diagnostic::error("can-outside-priority", "`can(...)` is read only in a priority's `when`")
                            .at(loc)
                            .label("the legal moves are not known here")
                            .hint("use it in `[[priority]] when`, where it reads the moves the priority filters"),
                    );
                    return Err(());
                }
                StateCond::Can(Box::new(self.move_cond(raw, scope, s, m)?))
            }
            ast::StateCond::Last(m, span) => {
                self.only_in_end(
                    s,
                    span,
                    Diagnostic::error(
                        "last-outside-end",
                        "`last(...)` is read only in an end rule's `when`",
                    )
                    .label("no move has just been played here")
                    .hint("use it in `[[end]] when`, which is checked right after each move"),
                )?;
                StateCond::Last(Box::new(self.move_cond(raw, scope, s, m)?))
            }
            ast::StateCond::Check => StateCond::Check,
            ast::StateCond::Somewhere(site, span) => self.somewhere(raw, scope, s, site, span)?,
            ast::StateCond::Compare {
                left, op, right, ..
            } => {
                let left = self.counted(raw, scope, s, left);
                let right = self.counted(raw, scope, s, right);
                StateCond::Compare {
                    left: left?,
                    op: compare(*op),
                    right: right?,
                }
            }
            ast::StateCond::Stalled(span) => {
                self.only_in_end(
                    s,
                    span,
                    Diagnostic::error(
                        "stalled-outside-end",
                        "`stalled` is read only in an end rule's `when`",
                    )
                    .label("whether every side is out of moves is not known here")
                    .hint("use it in `[[end]] when`: such a rule is checked when no side can move"),
                )?;
                StateCond::Stalled
            }
            ast::StateCond::Repetitions { op, value, span } => {
                self.repetitions(s, op, value, span)?
            }
            ast::StateCond::Since {
                cond,
                op,
                value,
                span,
            } => self.since(raw, scope, s, cond, op, *value, span)?,
            ast::StateCond::PerpetualCheck(span) => self.perpetual_check(raw, s, span)?,
            ast::StateCond::Seeds { .. } => self.seeds_compare(raw, scope, s, c)?,
            ast::StateCond::Rolled { event, op, value } => StateCond::Rolled {
                event: self.event_ref(s, event, scope)?,
                op: compare(*op),
                value: *value as i64,
            },
            ast::StateCond::Arith { .. } | ast::StateCond::Repeated { .. } => {
                self.numbers(raw, scope, s, c)?
            }
            ast::StateCond::Not(inner) => {
                StateCond::Not(Box::new(self.state_ast(raw, scope, s, inner)?))
            }
            ast::StateCond::And(cs) | ast::StateCond::Or(cs) => {
                let parts = cs
                    .iter()
                    .map(|c| self.state_ast(raw, scope, s, c))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .collect::<Res<Vec<_>>>()?;
                if matches!(c, ast::StateCond::And(_)) {
                    StateCond::And(parts)
                } else {
                    StateCond::Or(parts)
                }
            }
        })
    }
}

impl Compiler<'_> {
    /// The axes of a `line(...)`: bit `d` (below 4) for compass direction
    /// `d` or its opposite. Only compass directions, and at least one axis
    /// the board has.
    pub(super) fn line_axes(
        &mut self,
        board: &Board,
        s: &Str,
        dirs: &[ast::Name],
        span: &std::ops::Range<usize>,
    ) -> Res<u8> {
        let mask = self.dirs(board, s, dirs, false)?.absolute;
        let loc = s.inner_loc(self.sources, span.clone());
        if mask & !0xff != 0 {
            self.error(
                Diagnostic::error(
                    "line-direction",
                    "a line runs along compass directions only",
                )
                .at(loc)
                .label("a direction of the board's links")
                .hint("use `n`, `ne`, ..., `orth`, `diag` or `all`"),
            );
            return Err(());
        }
        let axes = ((mask | mask >> 4) & 0xf) as u8;
        let present = (0..4u8).filter(|&d| axes >> d & 1 == 1).any(|d| {
            (0..board.n_sites()).any(|i| {
                board.has_neighbor(SiteId(i as u16), d)
                    || board.has_neighbor(SiteId(i as u16), d + 4)
            })
        });
        if !present {
            self.error(
                Diagnostic::error(
                    "line-direction",
                    "the board has no line along these directions",
                )
                .at(loc)
                .label("no two sites are beside each other this way")
                .hint(
                    "name directions the board has: `orth`, or `diag` on a board with `diagonals`",
                ),
            );
            return Err(());
        }
        Ok(axes)
    }
}

/// The first word of a site condition that looks along a step (`ahead`,
/// `nearer`), which a pattern's guard on the starting site cannot use.
pub(super) fn needs_a_step(c: &ast::SiteCond) -> Option<&'static str> {
    match c {
        ast::SiteCond::Ahead(_) => Some("ahead"),
        ast::SiteCond::Edge(names) if names.iter().any(|n| is_relative(&n.text)) => Some("edge"),
        ast::SiteCond::Edge(_) => None,
        ast::SiteCond::Sees(names, _) if names.iter().any(|n| is_relative(&n.text)) => Some("sees"),
        ast::SiteCond::Sees(_, inner) => needs_a_step(inner),
        ast::SiteCond::Adjacent(names, _) if names.iter().any(|n| is_relative(&n.text)) => {
            Some("adjacent")
        }
        ast::SiteCond::Adjacent(_, inner) => needs_a_step(inner),
        ast::SiteCond::Nearer(_) => Some("nearer"),
        ast::SiteCond::Backed(_) => Some("backed"),
        ast::SiteCond::Covered(_)
        | ast::SiteCond::Given(_)
        | ast::SiteCond::Attacks(..)
        | ast::SiteCond::Threatens(..)
        | ast::SiteCond::Stuck
        | ast::SiteCond::Seeds(..)
        | ast::SiteCond::Height(..)
        | ast::SiteCond::Nearest(_)
        | ast::SiteCond::Attacked
        | ast::SiteCond::Has(_)
        | ast::SiteCond::LastTo(_)
        | ast::SiteCond::LastOver(_)
        | ast::SiteCond::Line(..)
        | ast::SiteCond::Group(_)
        | ast::SiteCond::InWhere(..)
        | ast::SiteCond::InMatchingLast(_) => None,
        ast::SiteCond::Not(inner) => needs_a_step(inner),
        ast::SiteCond::And(cs) | ast::SiteCond::Or(cs) => cs.iter().find_map(needs_a_step),
        ast::SiteCond::Occupant { .. } | ast::SiteCond::In(_) => None,
    }
}

/// Whether a direction word is relative to a heading (`same`, `left`, ...).
fn is_relative(word: &str) -> bool {
    matches!(
        word,
        "forward"
            | "same"
            | "backward"
            | "back"
            | "right"
            | "left"
            | "sideways"
            | "forward_right"
            | "forward_left"
            | "backward_right"
            | "backward_left"
            | "forward_diag"
            | "backward_diag"
    )
}

/// `edge(DIRS)`: with compass directions and labels only, the sites it holds
/// on, for every side alike (as a folded region); with relative ones, a
/// test made on the step.
fn edge(board: &Board, n_sides: usize, dirs: DirSel) -> Cond {
    if dirs.relative != 0 {
        return Cond::Edge(dirs);
    }
    let n_sites = board.n_sites();
    let words = n_sites.div_ceil(64);
    let mut one_side = vec![0u64; words];
    for s in 0..n_sites {
        let site = SiteId(s as u16);
        let mut mask = dirs.absolute;
        while mask != 0 {
            let d = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            if !board.has_neighbor(site, d) {
                one_side[s / 64] |= 1 << (s % 64);
                break;
            }
        }
    }
    // Every side reads the same sites (`Sites` keeps `64 × words` bits per side).
    Cond::Sites {
        bits: one_side.repeat(n_sides).into_boxed_slice(),
        words: words as u16,
    }
}

pub(super) fn compare(op: ast::CompareOp) -> Compare {
    match op {
        ast::CompareOp::Ge => Compare::Ge,
        ast::CompareOp::Le => Compare::Le,
        ast::CompareOp::Eq => Compare::Eq,
        ast::CompareOp::Ne => Compare::Ne,
        ast::CompareOp::Gt => Compare::Gt,
        ast::CompareOp::Lt => Compare::Lt,
    }
}

/// The first word of a site condition that looks beyond the site it is
/// read on, which the condition inside `covered` and `backed` cannot use.
fn looks_along(c: &ast::SiteCond) -> Option<&'static str> {
    match c {
        ast::SiteCond::Covered(_) => Some("covered"),
        ast::SiteCond::Not(inner) => looks_along(inner),
        ast::SiteCond::And(cs) | ast::SiteCond::Or(cs) => cs.iter().find_map(looks_along),
        other => needs_a_step(other),
    }
}

/// The names that may stand for sides in a condition: the sides, then the
/// teams that are not a side's own.
fn owner_names(scope: &Scope) -> impl Iterator<Item = &str> + Clone {
    let sides = scope.sides.iter().map(String::as_str);
    let teams = (scope.teams.iter())
        .filter(|(t, _)| !scope.sides.contains(t))
        .map(|(t, _)| t.as_str());
    sides.chain(teams)
}

/// "owner is `own`, `enemy`, `any`, a side (...) or a team (...)", for
/// hints that say "an " or "An " before it.
fn owners(scope: &Scope) -> String {
    let quoted = |names: &mut dyn Iterator<Item = &str>| {
        names
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let sides = quoted(&mut scope.sides.iter().map(String::as_str));
    let teams = quoted(
        &mut (scope.teams.iter())
            .filter(|(t, _)| !scope.sides.contains(t))
            .map(|(t, _)| t.as_str()),
    );
    if teams.is_empty() {
        format!("owner is `own`, `enemy`, `any` or a side ({sides})")
    } else {
        format!("owner is `own`, `enemy`, `any`, a side ({sides}) or a team ({teams})")
    }
}

/// "`white` and `red`": the names of a set of sides.
fn side_list(scope: &Scope, set: SideSet) -> String {
    let names: Vec<String> = (scope.sides.iter().enumerate())
        .filter(|&(i, _)| set >> i & 1 == 1)
        .map(|(_, n)| format!("`{n}`"))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

impl Compiler<'_> {
    /// `repetitions OP N`, a condition on the game's history.
    fn repetitions(
        &mut self,
        s: &Str,
        op: &ast::CompareOp,
        value: &(u32, ast::Span),
        span: &ast::Span,
    ) -> Res<StateCond> {
        self.history_here(s, span, "repetitions")?;
        if value.0 < 2 {
            let loc = s.inner_loc(self.sources, value.1.clone());
            self.error(
                Diagnostic::error(
                    "repetition-count",
                    "a position is seen at least once: count repetitions from 2",
                )
                .at(loc)
                .label(format!("a count of {} holds at once or never", value.0))
                .hint("threefold repetition is `repetitions >= 3`"),
            );
            return Err(());
        }
        self.history.get_or_insert_with(HistoryRules::default);
        Ok(StateCond::Repetitions {
            op: compare(*op),
            value: value.0,
        })
    }

    /// `since(MOVE_CONDITION) OP N`, a condition on the game's history.
    #[allow(clippy::too_many_arguments)]
    fn since(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        cond: &ast::MoveCond,
        op: &ast::CompareOp,
        value: u32,
        span: &ast::Span,
    ) -> Res<StateCond> {
        self.history_here(s, span, "since(...)")?;
        let cond = self.move_cond(raw, scope, s, cond)?;
        let history = self.history.get_or_insert_with(HistoryRules::default);
        history.since.push(cond);
        Ok(StateCond::Since {
            counter: history.since.len() as u32 - 1,
            op: compare(*op),
            value,
        })
    }

    /// `perpetual check`, a condition on the game's history.
    fn perpetual_check(&mut self, raw: &RawGame, s: &Str, span: &ast::Span) -> Res<StateCond> {
        self.history_here(s, span, "perpetual check")?;
        if !raw
            .pieces
            .iter()
            .any(|(_, p)| p.royal.as_ref().is_some_and(|r| r.value))
        {
            let loc = s.inner_loc(self.sources, span.clone());
            self.error(
                Diagnostic::error(
                    "perpetual-without-royals",
                    "`perpetual check` in a game without royal pieces",
                )
                .at(loc)
                .label("no move can give check")
                .hint("mark the piece to protect `royal = true` in its `[pieces.NAME]`"),
            );
            return Err(());
        }
        self.history
            .get_or_insert_with(HistoryRules::default)
            .perpetual = true;
        Ok(StateCond::PerpetualCheck)
    }

    /// Reports a condition on the game's history (`what`) where no move has
    /// just been played: anywhere but an end rule or a phase's `when`.
    pub(super) fn history_here(&mut self, s: &Str, span: &ast::Span, what: &str) -> Res<()> {
        if self.allow_last {
            return Ok(());
        }
        let loc = s.inner_loc(self.sources, span.clone());
        self.error(
            Diagnostic::error(
                "history-outside-end",
                format!("`{what}` is read only in an end rule's `when`"),
            )
            .at(loc)
            .label("the game's history is not kept for this")
            .hint("use it in `[[end]] when`, which is checked right after each move"),
        );
        Err(())
    }
}

impl Compiler<'_> {
    /// `somewhere(COND)`: read on every site, where no step leads, so the
    /// condition may not look along one.
    fn somewhere(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        site: &ast::SiteCond,
        span: &ast::Span,
    ) -> Res<StateCond> {
        if let Some(word) = needs_a_step(site) {
            let loc = s.inner_loc(self.sources, span.clone());
            self.error(
                Diagnostic::error(
                    "guard-without-step",
                    format!("`{word}` looks along a step, and `somewhere(...)` takes none"),
                )
                .at(loc)
                .label("read on every site of the board")
                .hint("read what stands on the site itself, and name compass directions in `edge` and `sees`: `somewhere(friend king and sees(n | s, enemy king))`"),
            );
            return Err(());
        }
        let cond = self.cond(raw, scope, s, site)?;
        let pieces = pieces_meeting(&cond);
        Ok(StateCond::Somewhere {
            cond: Box::new(cond),
            pieces,
        })
    }
}

/// The pieces a site condition asks for, by owner and kind, when it holds
/// only on the site of such a piece: `own general and ...`.
fn pieces_meeting(c: &Cond) -> Option<(Owner, SideSet, Kinds)> {
    match c {
        Cond::Friend(k) => Some((Owner::Own, 0, *k)),
        Cond::Enemy(k) => Some((Owner::Enemy, 0, *k)),
        Cond::Occupied(k) => Some((Owner::Any, 0, *k)),
        Cond::Side(sides, k) => Some((Owner::Named, *sides, *k)),
        Cond::And(cs) => cs.iter().find_map(pieces_meeting),
        _ => None,
    }
}

/// Whether some kind of the game stacks (`stacks = true`).
fn stacking(raw: &RawGame) -> bool {
    (raw.pieces.iter()).any(|(_, p)| p.stacks.as_ref().is_some_and(|s| s.value))
}
