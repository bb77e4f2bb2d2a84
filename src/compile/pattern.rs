//! Move patterns (`moves` of `[pieces]`): segments (`step`, `slide`, `leap`,
//! `swap`, `jump`), their direction words, ranges and site conditions, the
//! guard, and repeated groups.

use super::condition::needs_a_step;
use super::{Compiler, Res, Scope};
use crate::board::{Board, COMPASS};
use crate::diag::{suggest, Diagnostic};
use crate::raw::{RawGame, Str};
use crate::rules::{self, Cond, DirSel, Pattern};
use crate::syntax::{self, ast};

impl Compiler<'_> {
    /// Resolves a direction set to absolute and heading-relative masks.
    pub(super) fn dirs(
        &mut self,
        board: &Board,
        s: &Str,
        names: &[ast::Name],
        allow_relative: bool,
    ) -> Res<DirSel> {
        let mut sel = DirSel {
            absolute: 0,
            relative: 0,
        };
        let mut ok = true;
        for n in names {
            let (abs, rel): (u32, u8) = match n.text.as_str() {
                "orth" => (0b0101_0101, 0),
                "diag" => (0b1010_1010, 0),
                "all" => (0xff, 0),
                "forward" | "same" => (0, 1 << 0),
                "backward" | "back" => (0, 1 << 4),
                "right" => (0, 1 << 2),
                "left" => (0, 1 << 6),
                "sideways" => (0, 1 << 2 | 1 << 6),
                "forward_right" => (0, 1 << 1),
                "forward_left" => (0, 1 << 7),
                "backward_right" => (0, 1 << 3),
                "backward_left" => (0, 1 << 5),
                "forward_diag" => (0, 1 << 1 | 1 << 7),
                "backward_diag" => (0, 1 << 3 | 1 << 5),
                other => match (COMPASS.iter().position(|d| *d == other), board.label(other)) {
                    (Some(d), _) => (1 << d, 0),
                    (None, Some(mask)) => (mask, 0),
                    (None, None) => {
                        let known: Vec<&str> = COMPASS
                            .iter()
                            .copied()
                            .chain(DIRECTION_WORDS.iter().copied())
                            .chain(board.labels())
                            .collect();
                        let loc = self.name_loc(s, n);
                        self.error(
                            Diagnostic::error(
                                "unknown-name",
                                format!("unknown direction `{}`", n.text),
                            )
                            .at(loc)
                            .label("not a direction")
                            .hint(suggest(&n.text, known.iter().copied())),
                        );
                        ok = false;
                        continue;
                    }
                },
            };
            if rel != 0 && !allow_relative {
                let loc = self.name_loc(s, n);
                self.error(
                    Diagnostic::error(
                        "relative-direction",
                        format!(
                            "`{}` is relative to a heading, and there is none here",
                            n.text
                        ),
                    )
                    .at(loc)
                    .label("relative direction")
                    .hint("use compass directions (`n`, `ne`, ...) or `orth`, `diag`, `all`"),
                );
                ok = false;
            }
            sel.absolute |= abs;
            sel.relative |= rel;
        }
        if ok {
            Ok(sel)
        } else {
            Err(())
        }
    }

    pub(super) fn pattern(&mut self, raw: &RawGame, scope: &mut Scope, s: &Str) -> Res<Pattern> {
        let ast = match syntax::parse_pattern(&s.value) {
            Ok(a) => a,
            Err(e) => {
                self.syntax_error(s, e);
                return Err(());
            }
        };
        let mut segments = Vec::new();
        let mut ok = true;
        for seg in &ast.segments {
            match self.segment(raw, scope, s, seg, segments.is_empty()) {
                Ok(x) => {
                    if segments
                        .last()
                        .is_some_and(|p: &rules::Segment| p.swap.is_some())
                    {
                        self.error(
                            Diagnostic::error("syntax", "a swap ends the move: nothing follows it")
                                .at(s.inner_loc(self.sources, seg.span.clone())),
                        );
                        ok = false;
                    }
                    let after_leap = segments
                        .last()
                        .is_some_and(|p: &rules::Segment| !p.leaps.is_empty());
                    if after_leap && x.dirs.relative != 0 {
                        self.error(
                            Diagnostic::error(
                                "relative-direction",
                                "after a leap there is no heading to turn from",
                            )
                            .at(s.inner_loc(self.sources, seg.span.clone()))
                            .label("a relative direction here")
                            .hint("use compass directions (`n`, `orth`, `all`) after a leap"),
                        );
                        ok = false;
                    }
                    segments.push(x);
                }
                Err(()) => ok = false,
            }
        }
        if ok {
            let guard = match &ast.guard {
                Some(g) => {
                    if let Some(word) = needs_a_step(g) {
                        self.error(
                            Diagnostic::error("guard-without-step", format!("`{word}` means nothing on the starting site"))
                                .at(s.loc())
                                .label("in the guard of this pattern")
                                .hint(format!("`{word}` looks at a site reached by a step; move it into a segment's `to`")),
                        );
                        return Err(());
                    }
                    Some(self.cond(raw, scope, s, g)?)
                }
                None => None,
            };
            let castles = segments.iter().any(|seg| seg.castle.is_some());
            if castles && (segments.len() > 1 || ast.repeat.is_some()) {
                self.error(
                    Diagnostic::error("castle-alone", "a castling is a move of its own")
                        .at(s.loc())
                        .label("`castle(...)` with other segments")
                        .hint("write the castling as a pattern of its own: `has(unmoved): castle(w | e, friend rook, castled) over not attacked`"),
                );
                return Err(());
            }
            let swaps = segments.iter().any(|seg| seg.swap.is_some());
            if swaps && (ast.repeat.is_some() || segments.iter().any(|seg| seg.capture)) {
                self.error(
                    Diagnostic::error("syntax", "a swap cannot follow captures or repeat")
                        .at(s.loc())
                        .hint("a swap ends a plain move: `swap(friend)` or `step(...) then swap(...)`"),
                );
                return Err(());
            }
            let repeat = match &ast.repeat {
                Some((start, end, span)) => {
                    if !segments[*start..*end].iter().any(|seg| seg.capture) {
                        let loc = s.inner_loc(self.sources, span.clone());
                        self.error(
                            Diagnostic::error(
                                "endless-repeat",
                                "a repeated group must capture, so that it ends",
                            )
                            .at(loc)
                            .label("nothing here captures")
                            .hint(
                                "mark the segment that lands on the captured piece with `capture`",
                            ),
                        );
                        return Err(());
                    }
                    Some((*start, *end))
                }
                None => None,
            };
            Ok(Pattern {
                guard,
                segments,
                repeat,
                last_gate: None,
                given: None,
            })
        } else {
            Err(())
        }
    }

    fn segment(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        seg: &ast::Segment,
        first: bool,
    ) -> Res<rules::Segment> {
        let longest = scope.board.files.max(scope.board.ranks).max(1) as u32;
        if let Some(partner) = &seg.partner {
            return self.swap_segment(raw, scope, s, seg, partner);
        }
        if let Some((partner, region)) = &seg.castle {
            return self.castle_segment(raw, scope, s, seg, partner, region, first);
        }
        if let Some(target) = &seg.jump {
            let mut jump = self.swap_segment(raw, scope, s, seg, target)?;
            jump.to = jump.swap.take().unwrap_or(Cond::True);
            jump.jump = true;
            if jump.spend.is_some() {
                self.error(
                    Diagnostic::error("syntax", "only a `swap(...)` segment spends a token")
                        .at(s.inner_loc(self.sources, seg.span.clone())),
                );
                return Err(());
            }
            return Ok(jump);
        }
        if let Some(n) = &seg.spend {
            self.error(
                Diagnostic::error("syntax", "only a `swap(...)` segment spends a token")
                    .at(self.name_loc(s, n))
                    .hint("write `swap(friend) spend TOKEN`"),
            );
            return Err(());
        }
        if seg.kind.text == "stay" {
            return self.stay_segment(raw, scope, s, seg);
        }
        match (seg.kind.text.as_str(), &seg.vector) {
            ("leap", Some((a, b, _))) => return self.leap_segment(raw, scope, s, seg, *a, *b),
            ("leap", None) => {
                let loc = s.inner_loc(self.sources, seg.span.clone());
                self.error(
                    Diagnostic::error(
                        "syntax",
                        "a leap is given by files and ranks, not directions",
                    )
                    .at(loc)
                    .hint("write `leap(1, 2)` for a knight"),
                );
                return Err(());
            }
            (_, Some((_, _, span))) => {
                let loc = s.inner_loc(self.sources, span.clone());
                self.error(
                    Diagnostic::error(
                        "syntax",
                        format!("`{}` takes directions, not a vector", seg.kind.text),
                    )
                    .at(loc)
                    .hint("a vector of files and ranks belongs to `leap(A, B)`"),
                );
                return Err(());
            }
            _ => {}
        }
        let (min, max) = self.distance_range(s, seg, longest)?;
        let dirs = self.dirs(&scope.board, s, &seg.dirs, true);
        let to = match &seg.to {
            Some(c) => self.cond(raw, scope, s, c),
            None => Ok(Cond::Empty),
        };
        let over = match &seg.over {
            Some(c) => self.cond(raw, scope, s, c),
            None => Ok(Cond::Empty),
        };
        let line = match &seg.line {
            Some((c, _)) => self.cond(raw, scope, s, c).map(Some),
            None => Ok(None),
        };
        let (dirs, to, over, line) = (dirs?, to?, over?, line?);
        if let (Some((_, span)), true) = (&seg.line, dirs.absolute >> 8 != 0) {
            let loc = s.inner_loc(self.sources, span.clone());
            self.error(
                Diagnostic::error(
                    "line-direction",
                    "a distance counted along the line needs compass directions",
                )
                .at(loc)
                .label("this line has no opposite way to count")
                .hint("give the slide compass words only (`orth`, `diag`, `all`, `n | s`, ...)"),
            );
            return Err(());
        }
        let mut first_masks = Vec::new();
        for (i, f) in scope.forward.iter().enumerate() {
            let rel = match (f, first && dirs.relative != 0) {
                (_, false) => 0,
                (Some(f), true) => dirs.relative.rotate_left(*f as u32),
                (None, true) => {
                    let loc = s.inner_loc(self.sources, seg.span.clone());
                    self.error(
                        Diagnostic::error(
                            "no-forward",
                            format!(
                                "side `{}` has no `forward` direction for this relative move",
                                scope.sides[i]
                            ),
                        )
                        .at(loc)
                        .hint(format!(
                            "add `forward = \"n\"` (or another compass direction) to `[sides.{}]`",
                            scope.sides[i]
                        )),
                    );
                    return Err(());
                }
            };
            first_masks.push(dirs.absolute | rel as u32);
        }
        if seg.capture_last {
            self.tracks_last = true;
        }
        Ok(rules::Segment {
            capture: seg.capture,
            capture_last: seg.capture_last,
            castle: None,
            dirs,
            first: first_masks,
            min: min as u8,
            max: max as u8,
            over,
            to,
            leaps: Vec::new(),
            swap: None,
            jump: false,
            spend: None,
            line,
        })
    }

    /// How many sites a `step` or a `slide` goes: its range, clamped to the
    /// board's longest line.
    fn distance_range(&mut self, s: &Str, seg: &ast::Segment, longest: u32) -> Res<(u32, u32)> {
        let (min, max) = match seg.kind.text.as_str() {
            "step" => {
                let span = seg.range.as_ref().map(|r| &r.span);
                if let Some(span) = span.or(seg.line.as_ref().map(|l| &l.1)) {
                    let loc = s.inner_loc(self.sources, span.clone());
                    self.error(
                        Diagnostic::error("step-range", "a `step` goes exactly one site")
                            .at(loc)
                            .label("no range here")
                            .hint("use `slide(DIRECTIONS, MIN..MAX)` for longer moves"),
                    );
                    return Err(());
                }
                (1, 1)
            }
            "slide" => match &seg.range {
                // Read from the position: any distance the board allows.
                None if seg.line.is_some() => (1, longest),
                Some(r) => (r.min, r.max.unwrap_or(longest).min(longest)),
                None => (1, longest),
            },
            other => {
                let loc = self.name_loc(s, &seg.kind);
                self.error(
                    Diagnostic::error("unknown-name", format!("unknown segment `{other}`"))
                        .at(loc)
                        .label("expected `step`, `slide` or `leap`")
                        .hint(suggest(other, ["step", "slide", "leap"])),
                );
                return Err(());
            }
        };
        if min == 0 || min > max {
            let loc = s.inner_loc(self.sources, seg.span.clone());
            self.error(
                Diagnostic::error(
                    "out-of-range",
                    format!("this slide can go no distance from {min} on this board"),
                )
                .at(loc)
                .hint(format!("distances run from 1 to {longest}")),
            );
            return Err(());
        }
        Ok((min, max))
    }

    /// `castle(DIRS, PARTNER, REGION)`: compass directions only, the
    /// pattern's only segment; `over` reads the castling piece's path
    /// (its start and end included), `to` its destination.
    #[allow(clippy::too_many_arguments)]
    fn castle_segment(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        seg: &ast::Segment,
        partner: &ast::SiteCond,
        region: &ast::Name,
        first: bool,
    ) -> Res<rules::Segment> {
        let loc = s.inner_loc(self.sources, seg.span.clone());
        if !first || seg.capture || seg.capture_last || seg.spend.is_some() || seg.range.is_some() {
            self.error(
                Diagnostic::error("castle-alone", "a castling is a move of its own")
                    .at(loc)
                    .label("`castle(...)` with more than `to` and `over`")
                    .hint("write `castle(w | e, friend rook, castling) over not attacked`, with no other segment, range, capture or token"),
            );
            return Err(());
        }
        let dirs = self.dirs(&scope.board, s, &seg.dirs, true)?;
        if dirs.relative != 0 || dirs.absolute & !0xff != 0 {
            self.error(
                Diagnostic::error(
                    "castle-directions",
                    "a castling goes along compass directions",
                )
                .at(loc)
                .label("a relative direction or a link label here")
                .hint("name the wings by compass directions, such as `w | e`"),
            );
            return Err(());
        }
        if let Some(word) = needs_a_step(partner) {
            self.error(
                Diagnostic::error(
                    "guard-without-step",
                    format!("`{word}` means nothing in the partner of `castle(...)`"),
                )
                .at(loc)
                .hint("the partner is found along the line: name it by owner, kind and flag"),
            );
            return Err(());
        }
        let partner = self.cond(raw, scope, s, partner);
        let to = self.region_ref(raw, scope, s, region);
        let land = match &seg.to {
            Some(c) => self.cond(raw, scope, s, c),
            None => Ok(Cond::True),
        };
        let over = match &seg.over {
            Some(c) => self.cond(raw, scope, s, c),
            None => Ok(Cond::True),
        };
        let (partner, to, land, over) = (partner?, to?, land?, over?);
        let mask = dirs.absolute;
        Ok(rules::Segment {
            dirs,
            first: vec![mask; scope.sides.len()],
            to: land,
            over,
            castle: Some(rules::Castle { partner, to }),
            ..rules::Segment::one_landing(scope.sides.len())
        })
    }

    /// `swap(COND) [spend TOKEN]`.
    fn swap_segment(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        seg: &ast::Segment,
        partner: &ast::SiteCond,
    ) -> Res<rules::Segment> {
        if seg.to.is_some() || seg.over.is_some() || seg.capture {
            self.error(
                Diagnostic::error("syntax", "a swap takes no `to`, `over` or `capture`")
                    .at(s.inner_loc(self.sources, seg.span.clone()))
                    .hint("the condition in `swap(...)` chooses the partner's site"),
            );
            return Err(());
        }
        if let Some(word) = needs_a_step(partner) {
            self.error(
                Diagnostic::error(
                    "guard-without-step",
                    format!("`{word}` means nothing in `swap(...)`"),
                )
                .at(s.inner_loc(self.sources, seg.span.clone()))
                .hint("a swap's partner may stand anywhere: there is no step to look along"),
            );
            return Err(());
        }
        let cond = self.cond(raw, scope, s, partner)?;
        let spend = match &seg.spend {
            Some(n) => Some(self.token_ref(s, n, scope)?),
            None => None,
        };
        Ok(rules::Segment {
            swap: Some(cond),
            spend,
            ..rules::Segment::one_landing(scope.sides.len())
        })
    }

    /// `leap(A, B)`: the vector and its images under rotation and reflection.
    fn leap_segment(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        seg: &ast::Segment,
        a: u32,
        b: u32,
    ) -> Res<rules::Segment> {
        let longest = scope.board.files.max(scope.board.ranks).max(1) as u32;
        if (a == 0 && b == 0) || a >= longest || b >= longest {
            let span = seg
                .vector
                .as_ref()
                .map_or(seg.span.clone(), |v| v.2.clone());
            self.error(
                Diagnostic::error(
                    "out-of-range",
                    format!("a leap of ({a}, {b}) goes nowhere on this board"),
                )
                .at(s.inner_loc(self.sources, span))
                .hint(format!(
                    "each part runs from 0 to {}, not both 0",
                    longest - 1
                )),
            );
            return Err(());
        }
        if let Some(r) = &seg.range {
            self.error(
                Diagnostic::error("step-range", "a `leap` goes exactly once")
                    .at(s.inner_loc(self.sources, r.span.clone()))
                    .label("no range here"),
            );
            return Err(());
        }
        let to = match &seg.to {
            Some(c) => self.cond(raw, scope, s, c)?,
            None => Cond::Empty,
        };
        let (a, b) = (a as i8, b as i8);
        let mut leaps = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if !leaps.contains(&(x * sx, y * sy)) {
                    leaps.push((x * sx, y * sy));
                }
            }
        }
        Ok(rules::Segment {
            capture: seg.capture,
            to,
            leaps,
            ..rules::Segment::one_landing(scope.sides.len())
        })
    }
}

impl Compiler<'_> {
    /// `stay`: the piece lands where it stands (a leap of nothing), its
    /// `to` read there, every condition true by default.
    fn stay_segment(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        s: &Str,
        seg: &ast::Segment,
    ) -> Res<rules::Segment> {
        if seg.over.is_some() || seg.capture || seg.capture_last || seg.range.is_some() {
            self.error(
                Diagnostic::error("syntax", "`stay` passes over nothing and takes nothing")
                    .at(s.inner_loc(self.sources, seg.span.clone()))
                    .hint("give `stay` only a `to CONDITION` on the piece's own site"),
            );
            return Err(());
        }
        let to = match &seg.to {
            Some(c) => self.cond(raw, scope, s, c)?,
            None => Cond::True,
        };
        Ok(rules::Segment {
            to,
            leaps: vec![(0, 0)],
            ..rules::Segment::one_landing(scope.sides.len())
        })
    }
}

/// Whether a pattern stays where it is (`stay`), which only a
/// `promote_moves` pattern may.
pub(super) fn stays(p: &Pattern) -> bool {
    p.segments.iter().any(|s| s.leaps.contains(&(0, 0)))
}

/// Direction words besides the compass names, for hints (and the
/// language server's completion).
pub const DIRECTION_WORDS: [&str; 16] = [
    "orth",
    "diag",
    "all",
    "forward",
    "same",
    "backward",
    "back",
    "right",
    "left",
    "sideways",
    "forward_right",
    "forward_left",
    "backward_right",
    "backward_left",
    "forward_diag",
    "backward_diag",
];

/// Whether a pattern may capture: a segment that captures, or one that may
/// land on an occupied site (a step onto a piece takes it). Conservative:
/// only `empty` (and an `and` with it) rules a landing out.
pub(super) fn may_capture(p: &Pattern) -> bool {
    fn may_be_occupied(c: &Cond) -> bool {
        match c {
            Cond::Empty => false,
            Cond::And(cs) => cs.iter().all(may_be_occupied),
            Cond::Or(cs) => cs.iter().any(may_be_occupied),
            _ => true,
        }
    }
    p.segments.iter().any(|s| {
        s.capture
            || s.capture_last
            || (s.swap.is_none() && s.castle.is_none() && may_be_occupied(&s.to))
    })
}
