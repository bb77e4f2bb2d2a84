//! `[turn]`: the turn order, phases and prelude, the capture, huffing,
//! no-move and check rules.

use super::{int_in, Compiler, Res, Scope};
use crate::board::{Board, SiteId, COMPASS};
use crate::diag::{suggest, Diagnostic};
use crate::raw::{RawGame, Str};
use crate::rules::Cond;
use crate::rules::{
    self, Action, BarrierId, Captures, Check, CheckExempt, Huff, HuffClaim, KindId, NoMoves,
    PreludeTurn, SideId, StateCond, ALL_KINDS,
};
use crate::syntax::{self, ast};

/// What `[turn]` gives the rules besides each side's no-move rule and the
/// check rule.
pub(super) struct Turn {
    pub(super) order: Vec<SideId>,
    pub(super) phases: Vec<Vec<Action>>,
    /// Per phase, the condition under which it comes (none for the first).
    pub(super) phase_when: Vec<Option<StateCond>>,
    /// The site conditions of the `remove` actions, by index.
    pub(super) removals: Vec<Cond>,
    pub(super) prelude: Vec<PreludeTurn>,
    pub(super) captures: Captures,
    pub(super) huff: Option<Huff>,
    pub(super) huff_claim: HuffClaim,
}

impl Compiler<'_> {
    /// The turn order, the phases of a turn, the prelude, and the capture and
    /// huffing rules.
    pub(super) fn turn(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        side_names: &[String],
        barrier_names: &[String],
    ) -> Res<Turn> {
        let order = self.order(raw, side_names)?;
        let mut removals = Vec::new();
        let (phases, phase_when) = self.phases(raw, scope, barrier_names, &mut removals)?;
        let mut prelude = self.prelude(raw, scope, side_names, barrier_names, &mut removals)?;
        self.opening_roll(raw, scope, &order, &phases, &mut prelude);
        if prelude.len() + order.len() > 255 {
            self.error(
                Diagnostic::error(
                    "too-many",
                    "the prelude and the turn order have more than 255 turns",
                )
                .at_opt(raw.turn.order.as_ref().map(|o| o.loc())),
            );
            return Err(());
        }
        let captures = self
            .choice(
                raw.turn.captures.as_ref(),
                "capture rule",
                &[
                    ("free", Captures::Free),
                    ("compulsory", Captures::Compulsory),
                    ("maximum", Captures::Maximum),
                ],
            )
            .unwrap_or(Captures::Free);
        let huff = self
            .choice(
                raw.turn.huff.as_ref(),
                "huffing rule",
                &[
                    ("none", None),
                    ("below-maximum", Some(Huff::BelowMaximum)),
                    ("no-capture", Some(Huff::NoCapture)),
                ],
            )
            .flatten();
        let huff_claim = self
            .choice(
                raw.turn.huff_claim.as_ref(),
                "huff claim",
                &[
                    ("automatic", HuffClaim::Automatic),
                    ("before-move", HuffClaim::BeforeMove),
                    ("as-move", HuffClaim::AsMove),
                ],
            )
            .unwrap_or(HuffClaim::Automatic);
        Ok(Turn {
            order,
            phases,
            phase_when,
            removals,
            prelude,
            captures,
            huff,
            huff_claim,
        })
    }

    /// Each side's rule when it has no move: its own `no_moves`, or else that
    /// of `[turn]`; `lose` needs two teams. In check, its own or `[turn]`'s
    /// `no_moves_in_check`, or else the rule out of check.
    pub(super) fn settle_no_moves(
        &mut self,
        raw: &RawGame,
        sides: &mut [rules::Side],
        n_teams: usize,
    ) {
        let no_moves = match &raw.turn.no_moves {
            None => NoMoves::Lose,
            Some(text) => self.no_moves(text),
        };
        for (i, (key, side)) in raw.sides.iter().enumerate() {
            sides[i].no_moves = match &side.no_moves {
                Some(text) => self.no_moves(text),
                None => no_moves,
            };
            if sides[i].no_moves == NoMoves::Lose && n_teams != 2 {
                let (loc, hint) = match (&side.no_moves, &raw.turn.no_moves) {
                    (Some(s), _) | (None, Some(s)) => (s.loc(), "use `pass` or `draw`".to_string()),
                    (None, None) => (
                        key.loc(),
                        "a side with no move loses by default: set `no_moves = \"pass\"` or `\"draw\"` in `[turn]` or for this side".to_string(),
                    ),
                };
                self.error(
                    Diagnostic::error(
                        "loss-needs-two-teams",
                        "a side can only lose to one other team",
                    )
                    .at(loc)
                    .label(format!("this game has {n_teams} teams"))
                    .hint(hint),
                );
                break;
            }
        }
        let in_check = raw.turn.no_moves_in_check.as_ref();
        for (i, (_, side)) in raw.sides.iter().enumerate() {
            sides[i].no_moves_in_check = match side.no_moves_in_check.as_ref().or(in_check) {
                Some(text) => self.no_moves_in_check(text, n_teams),
                None => sides[i].no_moves,
            };
        }
    }

    /// `lose`, `draw` or `win` (a side in check cannot pass: it has no
    /// move to leave check with); `lose` needs two teams (`win` makes the
    /// side's team the winner, among any number).
    fn no_moves_in_check(&mut self, s: &Str, n_teams: usize) -> NoMoves {
        let choices = [
            ("lose", NoMoves::Lose),
            ("draw", NoMoves::Draw),
            ("win", NoMoves::Win),
        ];
        let rule = self.choice(Some(s), "`no_moves_in_check` rule", &choices);
        if rule == Some(NoMoves::Lose) && n_teams != 2 {
            self.error(
                Diagnostic::error(
                    "loss-needs-two-teams",
                    "a side can only lose to one other team",
                )
                .at(s.loc())
                .label(format!("this game has {n_teams} teams"))
                .hint("use `draw`"),
            );
        }
        rule.unwrap_or(NoMoves::Lose)
    }

    /// The check rule: whether every royal piece, or only a sole one, must
    /// not be left attacked.
    pub(super) fn check_rule(&mut self, raw: &RawGame) -> Check {
        self.choice(
            raw.turn.check.as_ref(),
            "check rule",
            &[
                ("every-royal", Check::EveryRoyal),
                ("sole-royal", Check::SoleRoyal),
            ],
        )
        .unwrap_or(Check::EveryRoyal)
    }

    /// `[turn] pass_in_check`: where a pass stands despite the check rule.
    pub(super) fn pass_in_check(&mut self, raw: &RawGame, scope: &mut Scope) -> Option<StateCond> {
        let cond = raw.turn.pass_in_check.as_ref()?;
        self.state_cond(raw, scope, cond).ok()
    }

    /// `[turn] check_exempt`: the exemptions from the check rule listed.
    pub(super) fn check_exempt(&mut self, raw: &RawGame) -> CheckExempt {
        let mut out = CheckExempt::default();
        let Some(list) = &raw.turn.check_exempt else {
            return out;
        };
        #[derive(Clone, Copy)]
        enum Exempt {
            AdjacentRoyals,
            NoEnemyRoyal,
        }
        let choices = [
            ("adjacent-royals", Exempt::AdjacentRoyals),
            ("no-enemy-royal", Exempt::NoEnemyRoyal),
        ];
        for s in &list.value {
            match self.choice(Some(s), "check exemption", &choices) {
                Some(Exempt::AdjacentRoyals) => out.adjacent_royals = true,
                Some(Exempt::NoEnemyRoyal) => out.no_enemy_royal = true,
                None => {}
            }
        }
        out
    }

    fn order(&mut self, raw: &RawGame, sides: &[String]) -> Res<Vec<SideId>> {
        let Some(order) = &raw.turn.order else {
            return Ok((0..sides.len() as SideId).collect());
        };
        let mut out = Vec::new();
        for n in &order.value {
            match sides.iter().position(|s| *s == n.value) {
                Some(i) => out.push(i as SideId),
                None => self.unknown_key(
                    "side",
                    n,
                    &sides.iter().map(String::as_str).collect::<Vec<_>>(),
                ),
            }
        }
        if order.value.is_empty() || order.value.len() > 255 {
            self.error(
                Diagnostic::error("empty", "the turn order must name from 1 to 255 turns")
                    .at(order.loc()),
            );
            return Err(());
        }
        Ok(out)
    }

    /// The phases of a turn, each with its condition.
    #[allow(clippy::type_complexity)]
    fn phases(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        barriers: &[String],
        removals: &mut Vec<Cond>,
    ) -> Res<(Vec<Vec<Action>>, Vec<Option<StateCond>>)> {
        let Some(list) = &raw.turn.phases else {
            return Ok((vec![vec![Action::Move(ALL_KINDS)]], vec![None]));
        };
        if list.value.is_empty() || list.value.len() > 16 {
            self.error(Diagnostic::error("empty", "a turn has from 1 to 16 phases").at(list.loc()));
            return Err(());
        }
        let (mut phases, mut conditions) = (Vec::new(), Vec::new());
        for (i, s) in list.value.iter().enumerate() {
            if let Ok((phase, when)) = self.phase(raw, scope, barriers, s, removals, i > 0) {
                if phase.iter().any(|a| matches!(a, Action::Fill(..))) {
                    self.error(
                        Diagnostic::error(
                            "fill-outside-prelude",
                            "`fill` happens only before play",
                        )
                        .at(s.loc())
                        .label("in a phase of the turn order")
                        .hint("move it into a `[[turn.prelude]]` entry"),
                    );
                    continue;
                }
                phases.push(phase);
                conditions.push(when);
            }
        }
        Ok((phases, conditions))
    }

    /// `advance TRACK by EVENT [to COND]`: the landing condition (`empty`
    /// when not given) joins the removals, at the index the action keeps.
    #[allow(clippy::too_many_arguments)]
    fn advance(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        track: &ast::Name,
        event: &ast::Name,
        to: Option<&ast::SiteCond>,
        removals: &mut Vec<Cond>,
    ) -> Option<Action> {
        let track = self.track_ref(s, track, scope);
        let event = self.event_ref(s, event, scope);
        let empty = ast::SiteCond::Occupant {
            word: ast::Name {
                text: "empty".into(),
                span: 0..0,
            },
            kind: None,
        };
        let to = self.drop_condition(raw, scope, s, to.unwrap_or(&empty));
        let (Ok(t), Ok(e), Ok(c)) = (track, event, to) else {
            return None;
        };
        removals.push(c);
        Some(Action::Advance(t, e, removals.len() as u16 - 1))
    }

    /// The actions of one phase: `move | place wall`, `place officer in
    /// fortress`; and its condition, which only a later phase of a turn
    /// (`later`) may have.
    fn phase(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        barriers: &[String],
        s: &Str,
        removals: &mut Vec<Cond>,
        later: bool,
    ) -> Res<(Vec<Action>, Option<StateCond>)> {
        let parsed = match syntax::parse_phase(&s.value) {
            Ok(a) => a,
            Err(e) => {
                self.syntax_error(s, e);
                return Err(());
            }
        };
        let when = match &parsed.when {
            Some((c, span)) => Some(self.phase_condition(raw, scope, s, c, span, later)?),
            None => None,
        };
        let mut phase = Vec::new();
        for (a, _) in parsed.actions {
            match a {
                ast::Action::Move(None) => phase.push(Action::Move(ALL_KINDS)),
                ast::Action::Move(Some(n)) => {
                    if let Ok(k) = self.kind_ref(s, &n, scope) {
                        phase.push(Action::Move(k));
                    }
                }
                ast::Action::Place(n, region, falling, to) => {
                    if let Some(i) = barriers.iter().position(|k| *k == n.text) {
                        if let Some((_, span)) = &to {
                            let loc = s.inner_loc(self.sources, span.clone());
                            self.error(
                                Diagnostic::error(
                                    "barrier-condition",
                                    "barriers go into the slots of the board, not onto sites",
                                )
                                .at(loc)
                                .label("a condition on a site")
                                .hint(format!("write `place {}`; say where barriers may not go with a `[[constraint]]`", n.text)),
                            );
                        }
                        if let Some(f) = &falling {
                            let loc = self.name_loc(s, f);
                            self.error(
                                Diagnostic::error(
                                    "barrier-falling",
                                    "barriers go into the slots of the board, they do not fall",
                                )
                                .at(loc)
                                .hint(format!("write `place {}`", n.text)),
                            );
                        }
                        if let Some(r) = region {
                            let loc = self.name_loc(s, &r);
                            self.error(
                                Diagnostic::error(
                                    "barrier-region",
                                    "barriers go into the slots of the board, not into a region",
                                )
                                .at(loc)
                                .hint(format!("write `place {}`", n.text)),
                            );
                        }
                        phase.push(Action::Place(i as BarrierId));
                    } else if let Some(k) = scope.kinds.iter().position(|k| *k == n.text) {
                        let region = match &region {
                            Some(r) => match self.region_ref(raw, scope, s, r) {
                                Ok(r) => Some(r),
                                Err(()) => continue,
                            },
                            None => None,
                        };
                        let fall = match &falling {
                            Some(f) => match self.fall_direction(&scope.board, s, f) {
                                Ok(d) => Some(d),
                                Err(()) => continue,
                            },
                            None => None,
                        };
                        let k = k as KindId;
                        match &to {
                            Some((c, _)) => match self.drop_condition(raw, scope, s, c) {
                                Ok(c) => {
                                    phase.push(Action::DropWhere(
                                        k,
                                        region,
                                        fall,
                                        removals.len() as u16,
                                    ));
                                    removals.push(c);
                                }
                                Err(()) => continue,
                            },
                            None => phase.push(Action::Drop(k, region, fall)),
                        }
                    } else {
                        let known: Vec<&str> = barriers
                            .iter()
                            .chain(scope.kinds.iter())
                            .map(String::as_str)
                            .collect();
                        self.unknown("barrier or piece", s, &n, &known);
                    }
                }
                ast::Action::Fill(n, r) => {
                    let Some(k) = scope.kinds.iter().position(|k| *k == n.text) else {
                        let known: Vec<&str> = scope.kinds.iter().map(String::as_str).collect();
                        self.unknown("piece", s, &n, &known);
                        continue;
                    };
                    if let Ok(r) = self.region_ref(raw, scope, s, &r) {
                        phase.push(Action::Fill(k as KindId, r));
                    }
                }
                ast::Action::Remove(c) => {
                    if let Ok(c) = self.removal(raw, scope, s, &c) {
                        phase.push(Action::Remove(removals.len() as u16));
                        removals.push(c);
                    }
                }
                ast::Action::Sow(r) => {
                    if raw.seeds.is_none() {
                        let loc = self.name_loc(s, &r);
                        self.error(
                            Diagnostic::error("no-seeds", "`sow` needs a game with `[seeds]`")
                                .at(loc)
                                .label("no site holds seeds in this game")
                                .hint("declare `[seeds]` with its `track` to sow"),
                        );
                    } else if let Ok(r) = self.region_ref(raw, scope, s, &r) {
                        phase.push(Action::Sow(r));
                    }
                }
                ast::Action::Roll(n) => {
                    phase.extend(self.event_ref(s, &n, scope).ok().map(Action::Roll))
                }
                ast::Action::Advance(t, e, to) => {
                    phase.extend(self.advance(raw, scope, s, &t, &e, to.as_ref(), removals))
                }
                ast::Action::Pass => phase.push(Action::Pass),
            }
        }
        self.alone(s, &phase, when.is_some())?;
        Ok((phase, when))
    }

    /// The actions that stand alone in their phase: `roll EVENT` (and
    /// without a condition) and `fill`.
    fn alone(&mut self, s: &Str, phase: &[Action], when: bool) -> Res<()> {
        let rolls = phase.iter().any(|a| matches!(a, Action::Roll(_)));
        if rolls && (phase.len() > 1 || when) {
            self.error(
                Diagnostic::error("roll-not-alone", "`roll` is a phase of its own")
                    .at(s.loc())
                    .label("this phase has something besides `roll EVENT`")
                    .hint("write the roll as a phase alone, `phases = [\"roll die\", \"move\"]`, without a condition, outside the prelude"),
            );
            return Err(());
        }
        let fills = phase.iter().any(|a| matches!(a, Action::Fill(..)));
        if fills && phase.len() > 1 {
            self.error(
                Diagnostic::error("fill-not-alone", "`fill` is a turn of its own")
                    .at(s.loc())
                    .label("this phase has other actions besides `fill`")
                    .hint("put `fill` in a `[[turn.prelude]]` entry by itself"),
            );
            return Err(());
        }
        Ok(())
    }

    /// The turns played once before the turn order: `[[turn.prelude]]`.
    fn prelude(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        sides: &[String],
        barriers: &[String],
        removals: &mut Vec<Cond>,
    ) -> Res<Vec<PreludeTurn>> {
        let mut out = Vec::new();
        let Some(list) = &raw.turn.prelude else {
            return Ok(out);
        };
        for entry in &list.value {
            let Some(side) = sides.iter().position(|n| *n == entry.side.value) else {
                let known: Vec<&str> = sides.iter().map(String::as_str).collect();
                self.unknown_key("side", &entry.side, &known);
                continue;
            };
            let times = match &entry.times {
                Some(t) => int_in(self, t, "`times`", 1, 255).unwrap_or(1),
                None => 1,
            };
            let phase = self.phase(raw, scope, barriers, &entry.phase, removals, false);
            if let Ok((actions, _)) = &phase {
                if actions.iter().any(|a| matches!(a, Action::Roll(_))) {
                    self.error(
                        Diagnostic::error("roll-not-alone", "`roll` is a phase of the turn order")
                            .at(entry.phase.loc())
                            .label("a prelude turn cannot roll")
                            .hint("roll in `[turn] phases`: `phases = [\"roll die\", \"move\"]`"),
                    );
                    continue;
                }
            }
            if let Ok((actions, _)) = phase {
                for _ in 0..times {
                    out.push(PreludeTurn {
                        side: side as SideId,
                        actions: actions.clone(),
                    });
                }
            }
        }
        Ok(out)
    }

    /// `pass`, `lose`, `draw` or `win`.
    fn no_moves(&mut self, s: &Str) -> NoMoves {
        let choices = [
            ("pass", NoMoves::Pass),
            ("lose", NoMoves::Lose),
            ("draw", NoMoves::Draw),
            ("win", NoMoves::Win),
        ];
        (self.choice(Some(s), "`no_moves` rule", &choices)).unwrap_or(NoMoves::Lose)
    }
}

impl Compiler<'_> {
    /// The direction of `place KIND falling DIR`: one compass direction the
    /// board has (some site has a neighbour that way).
    fn fall_direction(&mut self, board: &Board, s: &Str, f: &ast::Name) -> Res<u8> {
        let loc = self.name_loc(s, f);
        let Some(d) = COMPASS.iter().position(|c| *c == f.text) else {
            self.error(
                Diagnostic::error(
                    "fall-direction",
                    format!(
                        "a piece falls along one compass direction, not `{}`",
                        f.text
                    ),
                )
                .at(loc)
                .label("not a compass direction")
                .hint(suggest(&f.text, COMPASS.iter().copied())),
            );
            return Err(());
        };
        let d = d as u8;
        if !(0..board.n_sites()).any(|i| board.has_neighbor(SiteId(i as u16), d)) {
            self.error(
                Diagnostic::error(
                    "fall-direction",
                    format!("the board has no step along `{}` to fall along", f.text),
                )
                .at(loc)
                .label("no site has a neighbour this way")
                .hint("fall along a direction the board has: `s` on a grid, a diagonal only with `diagonals`"),
            );
            return Err(());
        }
        Ok(d)
    }
}
