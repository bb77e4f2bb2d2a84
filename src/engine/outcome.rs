//! The outcome: the end rules checked after each move (with `last(...)` of
//! the move just played), the result a loss gives, a loaded position
//! decided, and how near a side is to winning, for computer players.

use super::*;

/// What the end rules' `last(...)` read of the move just played.
#[derive(Clone, Copy)]
pub(super) enum Last<'b> {
    /// No move was played: `last(...)` is false.
    None,
    /// The move, and the position it was played on.
    On(&'b State, Move),
    /// Each `last(...)` of the end rules that read the last move, left to
    /// right and rule after rule, decided before the move was played: bit
    /// `i` for the `i`-th; and the move (for `line(...) through last`).
    Decided(u64, Move),
}

impl Rules {
    /// How the game ended, or `Ongoing`.
    #[inline]
    pub fn outcome(&self, st: &State) -> Outcome {
        st.outcome
    }

    /// What the game's result is worth: the `points` of the end rule that
    /// decided it (a gammon: 2), 1 for a game decided otherwise, 0 for a
    /// game drawn or going on. The returns of a win are these points to
    /// the winning team and their negation to every other.
    pub fn points(&self, st: &State) -> u32 {
        match (st.outcome, st.ended_by) {
            (Outcome::Win(_), EndedBy::Rule(i, _)) => self.ends[i as usize].points,
            (Outcome::Win(_), _) => 1,
            _ => 0,
        }
    }

    /// The most points a result of this game is worth: the largest
    /// `points` of its end rules, 1 when none says more. Computer players
    /// divide a result's [`Rules::points`] by it, so that their values
    /// keep their range whatever the game's points.
    #[inline]
    pub fn most_points(&self) -> u32 {
        self.tables.most_points.max(1)
    }

    /// How near `side` is to winning by an end rule, from 0 to 1: the best
    /// of its winning rules, where a count short of its bound scores the
    /// share reached (a line, the share its longest row has), `and` the
    /// mean of its parts, `or` the best part, and any other condition 1
    /// when it holds, else 0. A heuristic for computer players; it never
    /// decides a result.
    pub fn progress(&self, st: &State, side: SideId) -> f64 {
        (self.ends.iter())
            .filter(|r| r.result == EndResult::Win && r.sides.contains(&side))
            .map(|r| self.cond_progress(&r.when, st, side))
            .fold(0.0, f64::max)
    }

    fn cond_progress(&self, c: &StateCond, st: &State, side: SideId) -> f64 {
        match c {
            StateCond::Count {
                owner,
                named,
                kind,
                region,
                op,
                value,
            } => {
                let counted = self.counted(side, *owner, *named);
                let n = self.count_any(st, counted, side, *kind, *region);
                count_progress(n, *op, *value)
            }
            StateCond::CountInHand {
                owner,
                named,
                kind,
                op,
                value,
            } => {
                let n = self.count_in_hand(st, self.counted(side, *owner, *named), *kind);
                count_progress(n, *op, *value)
            }
            StateCond::And(cs) if !cs.is_empty() => {
                cs.iter()
                    .map(|c| self.cond_progress(c, st, side))
                    .sum::<f64>()
                    / cs.len() as f64
            }
            StateCond::Or(cs) => cs
                .iter()
                .map(|c| self.cond_progress(c, st, side))
                .fold(0.0, f64::max),
            // The share of the line the side's longest row has (through the
            // last move or not: a heuristic).
            StateCond::Line {
                owner,
                named,
                kind,
                length,
                axes,
                ..
            } => {
                let n = self.longest_line(st, side, (*owner, *named), *kind, *length, *axes);
                f64::from(n) / f64::from(*length)
            }
            // Moves are not known here.
            StateCond::Can(_) | StateCond::Last(_) => 0.0,
            _ => f64::from(u8::from(self.eval_state(c, st, side, &st.blocked))),
        }
    }

    /// The outcome when `side` loses: the other team wins.
    pub fn loss_of(&self, side: SideId) -> Outcome {
        let team = self.sides[side as usize].team;
        match self.sides.iter().position(|s| s.team != team) {
            Some(other) => Outcome::Win(other as SideId),
            None => Outcome::Draw,
        }
    }

    /// `line(...) through last` or `group(...) through last` for `side`,
    /// the last move having ended on `to`.
    #[inline(always)]
    fn through(&self, c: &StateCond, st: &State, side: SideId, to: SiteId) -> bool {
        match c {
            StateCond::Line {
                owner,
                named,
                kind,
                length,
                axes,
                within: Some(region),
                ..
            } => {
                let pieces = (*owner, *named, *kind);
                self.line_within(st, side, pieces, (*length, *axes), *region, Some(to))
            }
            StateCond::Line {
                owner,
                named,
                kind,
                length,
                axes,
                rows,
                ..
            } => {
                // The piece on `to` must be one the line counts.
                let v = usize::from(st.board[to.0 as usize]);
                let n_kinds = self.kinds.len();
                let counted = self.counted(side, *owner, *named);
                if v == 0 || counted.checked_shr(((v - 1) / n_kinds) as u32).unwrap_or(0) & 1 == 0 {
                    return false;
                }
                if let Some(rows) = rows {
                    let pieces = (*owner, *named, *kind);
                    return self.line_in_rows(st, side, pieces, &rows.per[to.0 as usize]);
                }
                let matches = self.line_matcher(side, *owner, *named, *kind);
                self.line_through(st, &matches, to, *length, *axes)
            }
            StateCond::Group {
                owner,
                named,
                kind,
                test,
                ..
            } => self.group_through(st, side, (*owner, *named, *kind), test, to),
            _ => false,
        }
    }

    /// Ends the game when an end rule holds ([`Rules::check_end`]); says
    /// whether it did.
    pub(super) fn end_if_over(&self, st: &mut State, mover: SideId, last: Last) -> bool {
        let end = match self.tables.end_guards {
            true => self.check_end::<true>(st, mover, last, false),
            false => self.check_end::<false>(st, mover, last, false),
        };
        match end {
            Some((outcome, ended_by)) => {
                st.outcome = outcome;
                st.ended_by = ended_by;
                true
            }
            None => false,
        }
    }

    /// The first end rule that holds, for the mover first, then the sides
    /// after it in the order the file declares them: the outcome it gives,
    /// and the rule.
    /// `GUARDS`: whether the game's end rules have guards (the loop is
    /// made without them for games that have none).
    #[inline(always)]
    fn check_end<const GUARDS: bool>(
        &self,
        st: &State,
        mover: SideId,
        last: Last,
        stalled: bool,
    ) -> Option<(Outcome, EndedBy)> {
        let n = self.sides.len();
        // The index of the rule's first `last(...)` among those of the rules.
        let mut first = 0;
        // The guards read so far, and those of them that hold.
        let (mut read, mut hold) = (0u32, 0u32);
        for (i, rule) in self.ends.iter().enumerate() {
            let at = first;
            first += rule.lasts;
            // A rule that reads `stalled` is checked only when no side can
            // move, and then only such rules are.
            if rule.stalled != stalled {
                continue;
            }
            let when = match &rule.guard {
                Some(guard) if GUARDS => {
                    let bit = 1 << guard.index;
                    if read & bit == 0 {
                        read |= bit;
                        if self.eval_state(&guard.cond, st, mover, &st.blocked) {
                            hold |= bit;
                        }
                    }
                    if hold & bit == 0 {
                        continue;
                    }
                    &guard.rest
                }
                _ => &rule.when,
            };
            let sides = (0..n).map(|i| ((mover as usize + i) % n) as SideId);
            let sides = sides.filter(|&side| rule.side_set >> side & 1 == 1);
            // A rule that reads nothing of the side holds for all or none.
            for side in sides.take(if rule.reads_side { n } else { 1 }) {
                let holds = if rule.reads_last || rule.stalled {
                    self.end_holds(when, st, side, last, &mut { at })
                } else {
                    self.eval_state(when, st, side, &st.blocked)
                };
                if holds {
                    let outcome = match rule.result {
                        EndResult::Win => Outcome::Win(side),
                        EndResult::Loss => self.loss_of(side),
                        EndResult::Draw => Outcome::Draw,
                    };
                    return Some((outcome, EndedBy::Rule(i as u16, side)));
                }
            }
        }
        None
    }

    /// An end rule's condition, where `last(...)` reads the move just
    /// played on the position before it.
    /// `at` is the index of the next `last(...)` among those of the rules
    /// ([`Last::Decided`]).
    pub(super) fn end_holds(
        &self,
        c: &StateCond,
        st: &State,
        side: SideId,
        last: Last,
        at: &mut u32,
    ) -> bool {
        match c {
            StateCond::Last(m) => {
                let i = *at;
                *at += 1;
                match last {
                    Last::None => false,
                    Last::On(before, mv) => {
                        let mover = self.to_move(before);
                        self.move_meets(m, before, mover, &mv)
                    }
                    Last::Decided(bits, _) => bits >> i & 1 == 1,
                }
            }
            // Read only in the rules checked when no side can move.
            StateCond::Stalled => true,
            StateCond::Line {
                through_last: true, ..
            }
            | StateCond::Group {
                through_last: true, ..
            } => {
                let mv = match last {
                    Last::None => return false,
                    Last::On(_, mv) | Last::Decided(_, mv) => mv,
                };
                self.move_to(&mv)
                    .is_some_and(|to| self.through(c, st, side, to))
            }
            StateCond::Not(inner) => !self.end_holds(inner, st, side, last, at),
            StateCond::And(cs) | StateCond::Or(cs) => {
                // `and` stops at the first false part, `or` at the first true.
                let stop = matches!(c, StateCond::Or(_));
                for (k, part) in cs.iter().enumerate() {
                    if self.end_holds(part, st, side, last, at) == stop {
                        *at += cs[k + 1..].iter().map(StateCond::count_last).sum::<u32>();
                        return stop;
                    }
                }
                !stop
            }
            other => self.eval_state(other, st, side, &st.blocked),
        }
    }

    /// Ends a game in which no side can move: by the first end rule that
    /// reads `stalled` and holds (for the side to move first), or drawn.
    pub(super) fn end_stalled(&self, st: &mut State) {
        let side = self.to_move(st);
        let (outcome, ended_by) = self
            .check_end::<true>(st, side, Last::None, true)
            .unwrap_or((Outcome::Draw, EndedBy::Stalled));
        st.outcome = outcome;
        st.ended_by = ended_by;
    }

    /// Whether no side but the one to move has a legal action in `st`
    /// (the side to move has none): passing changes nothing, so the game
    /// cannot go on.
    pub(super) fn others_stuck(&self, st: &State) -> bool {
        let mut other = st.clone();
        other.phase = 0;
        other.huffable = None;
        let mut turn = st.turn as usize;
        for _ in 1..self.order.len() {
            turn = self.next_turn(turn);
            other.turn = turn as u8;
            if self.turn_side(turn) != self.to_move(st) && self.has_move(&other) {
                return false;
            }
        }
        true
    }

    /// Each `last(...)` of the end rules that read the last move, decided
    /// for `mv` played on `st` ([`Last::Decided`]); `None` past 64 of them.
    pub(super) fn decide_lasts(&self, st: &State, mv: Move) -> Option<u64> {
        let mover = self.to_move(st);
        let (mut bits, mut n) = (0u64, 0u32);
        let again = self.again.as_ref().map(|a| &a.when);
        let whens = self.ends.iter().filter(|r| r.reads_last).map(|r| &r.when);
        for when in whens.chain(again) {
            when.each_last(&mut |m| {
                if n < 64 && self.move_meets(m, st, mover, &mv) {
                    bits |= 1 << n;
                }
                n += 1;
            });
        }
        (n <= 64).then_some(bits)
    }

    /// Sets the outcome of a position read from text: a pass by every
    /// side in a row, an end rule that holds, or a side to move that has
    /// no move.
    pub(crate) fn decide(&self, st: &mut State) {
        st.outcome = Outcome::Ongoing;
        st.ended_by = EndedBy::Nothing;
        if st.passes as usize >= self.order.len() {
            st.outcome = Outcome::Draw;
            st.ended_by = EndedBy::Passes;
            return;
        }
        let previous = self.turn_side(self.previous_turn(st.turn as usize));
        if self.end_if_over(st, previous, Last::None) {
            return;
        }
        self.settle(st);
    }
}

/// How near a count `n` is to meeting `OP value`, from 0 to 1 (see
/// [`Rules::progress`]).
fn count_progress(n: u32, op: Compare, value: u32) -> f64 {
    // The bound to reach: at least `low`, at most `high`.
    let (low, high) = match op {
        Compare::Ge => (value, u32::MAX),
        Compare::Gt => (value + 1, u32::MAX),
        Compare::Le => (0, value),
        Compare::Lt => (0, value.saturating_sub(1)),
        Compare::Eq => (value, value),
        Compare::Ne => return f64::from(u8::from(n != value)),
    };
    if n < low {
        n as f64 / low as f64
    } else if n > high {
        1.0 / (1 + n - high) as f64
    } else {
        1.0
    }
}
