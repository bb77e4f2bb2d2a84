//! Priorities and demands: a `[[priority]]`'s `when` (where `can(...)` and
//! `check` ask about the moves) and the move conditions (`MoveCond`) that
//! its classes, a demand and `last(...)` read.

use super::*;

/// What a priority's `when` asks beyond the position: whether a legal
/// move meets a condition (`can(...)`), and whether the side is in check.
pub(super) trait Ask {
    fn can(&mut self, m: &MoveCond) -> bool;
    fn in_check(&mut self) -> bool;
}

/// A priority's questions about a list of legal moves.
struct Listed<'a> {
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    moves: &'a [Move],
}

impl Ask for Listed<'_> {
    fn can(&mut self, m: &MoveCond) -> bool {
        let (rules, st, side) = (self.rules, self.st, self.side);
        self.moves
            .iter()
            .any(|mv| rules.move_meets(m, st, side, mv))
    }

    fn in_check(&mut self) -> bool {
        !self.rules.royals_safe(self.st, self.side, Asking::Play)
    }
}

impl Rules {
    /// A priority's `when`, where `can(...)` reads the moves found so far.
    pub(super) fn priority_holds(
        &self,
        c: &StateCond,
        st: &State,
        side: SideId,
        moves: &[Move],
    ) -> bool {
        let mut ask = Listed {
            rules: self,
            st,
            side,
            moves,
        };
        self.priority_holds_with(c, st, side, &mut ask)
    }

    /// A priority's `when`, where `can(...)` and `check` ask `ask`.
    pub(super) fn priority_holds_with(
        &self,
        c: &StateCond,
        st: &State,
        side: SideId,
        ask: &mut dyn Ask,
    ) -> bool {
        match c {
            StateCond::Can(m) => ask.can(m),
            StateCond::Check => ask.in_check(),
            StateCond::Not(inner) => !self.priority_holds_with(inner, st, side, ask),
            StateCond::And(cs) => cs
                .iter()
                .all(|c| self.priority_holds_with(c, st, side, ask)),
            StateCond::Or(cs) => cs
                .iter()
                .any(|c| self.priority_holds_with(c, st, side, ask)),
            other => self.eval_state(other, st, side, &st.blocked),
        }
    }

    /// Whether a legal move of `side` meets a move condition.
    #[inline]
    pub(super) fn move_meets(&self, c: &MoveCond, st: &State, side: SideId, mv: &Move) -> bool {
        match c {
            MoveCond::True => true,
            MoveCond::Spends(t) => {
                matches!(self.base(*mv), Move::Swap { token, .. } if token == *t)
            }
            MoveCond::Not(inner) => !self.move_meets(inner, st, side, mv),
            // A folded site condition (the usual `to(in region)`).
            MoveCond::To(Cond::Sites { bits, words }) => {
                (self.move_to(mv)).is_some_and(|s| in_sites(bits, *words, side, s))
            }
            _ => self.move_meets_sites(c, st, side, mv),
        }
    }

    /// [`Rules::move_meets`] for the conditions that read the board.
    fn move_meets_sites(&self, c: &MoveCond, st: &State, side: SideId, mv: &Move) -> bool {
        let at = |s: Option<SiteId>, c: &Cond| {
            s.is_some_and(|s| self.eval(c, st, Mover::none(side, Asking::Play), &[], s, 0))
        };
        match c {
            MoveCond::True => true,
            MoveCond::Captures => self.n_captures(st, mv) > 0,
            MoveCond::Converts => self.converts(st, side, mv),
            MoveCond::Closes => self.closes(st, mv),
            MoveCond::GivesCheck => self.gives_check(st, side, mv),
            MoveCond::BearsOff => matches!(self.base(*mv), Move::Off(_)),
            MoveCond::From(c) => at(self.move_from(mv), c),
            MoveCond::To(c) => at(self.move_to(mv), c),
            MoveCond::Spends(t) => {
                matches!(self.base(*mv), Move::Swap { token, .. } if token == *t)
            }
            MoveCond::Not(inner) => !self.move_meets(inner, st, side, mv),
            MoveCond::And(cs) => cs.iter().all(|c| self.move_meets(c, st, side, mv)),
            MoveCond::Or(cs) => cs.iter().any(|c| self.move_meets(c, st, side, mv)),
        }
    }
}
