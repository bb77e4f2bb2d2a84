//! Chance positions (`[chance.NAME]`, a `roll NAME` phase): their
//! outcomes and probabilities, a draw by weight, and the conditions that
//! read what was rolled.

use super::*;

impl Rules {
    /// The event the phase to play rolls, if it is a chance position.
    #[inline]
    pub fn rolling(&self, st: &State) -> Option<u8> {
        if self.chance.is_empty() {
            return None;
        }
        // A prelude turn rolls only an opening roll-off (`opening`).
        let actions = match self.prelude.get(st.turn as usize) {
            Some(turn) => Some(&turn.actions[..]),
            None => self.phases.get(st.phase as usize).map(|p| &p[..]),
        };
        match actions {
            Some(&[Action::Roll(event)]) if st.outcome == Outcome::Ongoing => Some(event),
            _ => None,
        }
    }

    /// Whether the position is a chance position: its "moves" are the
    /// outcomes of a roll, which nobody chooses.
    #[inline]
    pub fn is_chance(&self, st: &State) -> bool {
        self.rolling(st).is_some()
    }

    /// The outcomes of the roll to play, each as its move with its
    /// probability, in the order of [`Rules::legal_moves`]; empty when the
    /// position is not a chance position.
    pub fn chance_outcomes(&self, st: &State) -> Vec<(Move, f64)> {
        let Some(event) = self.rolling(st) else {
            return Vec::new();
        };
        let chance = &self.chance[event as usize];
        (0..chance.outcomes.len() as u8)
            .map(|outcome| (Move::Roll { event, outcome }, chance.probability(outcome)))
            .collect()
    }

    /// The moves of a roll of `event`: one per outcome.
    #[cold]
    pub(super) fn roll_moves(&self, event: u8, out: &mut Vec<Move>) {
        let n = self.chance[event as usize].outcomes.len() as u8;
        out.extend((0..n).map(|outcome| Move::Roll { event, outcome }));
    }

    /// An outcome of the roll of `event`, drawn by weight.
    #[cold]
    pub(crate) fn draw_roll(&self, event: u8, rng: &mut fastrand::Rng) -> Move {
        let chance = &self.chance[event as usize];
        let outcome = chance.outcome_at(rng.u64(..chance.total));
        Move::Roll { event, outcome }
    }

    /// Plays the outcome `outcome` of `event`: keeps what it rolled (dice
    /// rolled apart as the dice left to play); an opening roll-off keeps
    /// the throw as the event it opens, when the starter plays it.
    #[inline]
    pub(super) fn apply_roll(&self, st: &mut State, event: u8, outcome: u8) {
        let chance = &self.chance[event as usize];
        if let Some(opening) = &chance.opening {
            if let Some(plays) = &opening.plays {
                self.apply_roll(st, opening.of, plays[outcome as usize]);
            }
            return;
        }
        match chance.apart.is_empty() {
            true => st.rolled[event as usize] = outcome + 1,
            false => st.dice = chance.dice_to_play(outcome),
        }
    }

    /// After the opening roll-off's outcome `outcome` of `event` (a
    /// prelude turn), the starter's turn: it plays on after its first
    /// phase, the roll it was given, or begins that turn. Returns `false`
    /// when `event` opens nothing.
    #[cold]
    #[inline(never)]
    pub(super) fn open(&self, st: &mut State, mv: Move, unsettled: bool) -> bool {
        let Move::Roll { event, outcome } = mv else {
            return false;
        };
        let Some(opening) = &self.chance[event as usize].opening else {
            return false;
        };
        st.turn = (self.prelude.len() + opening.starter[outcome as usize] as usize) as u8;
        st.phase = 0;
        match opening.plays {
            Some(_) => self.advance(st, mv, unsettled, false),
            None => self.settle(st),
        }
        true
    }

    /// The value the event last rolled, if it has been rolled.
    pub fn rolled(&self, st: &State, event: u8) -> Option<i64> {
        let r = st.rolled[event as usize];
        (r != 0).then(|| self.chance[event as usize].value(r - 1))
    }

    /// The roll `event` last gave, as its move (`roll:3-5`), if it has
    /// been rolled.
    pub fn last_roll(&self, st: &State, event: u8) -> Option<Move> {
        let r = st.rolled[event as usize];
        (r != 0).then(|| Move::Roll {
            event,
            outcome: r - 1,
        })
    }

    /// The value `mv` rolls, when it is a roll.
    pub fn roll_value(&self, mv: Move) -> Option<i64> {
        match mv {
            Move::Roll { event, outcome } => Some(self.chance[event as usize].value(outcome)),
            _ => None,
        }
    }

    /// `nearest(EVENT)` on the site `s`, seen from `side`: a piece of the
    /// side stands there whose number is the one rolled, or, when no
    /// piece of the side has that number, the greatest number below it or
    /// the least above it among the side's pieces.
    #[inline(never)]
    pub(super) fn nearest_roll(&self, st: &State, side: SideId, event: u8, s: SiteId) -> bool {
        let v = st.board[s.0 as usize];
        if v == 0 {
            return false;
        }
        let (owner, kind) = self.unman(v);
        match self.kinds[kind as usize].number {
            Some(here) if owner == side => self.nearest_number(st, side, event, here),
            _ => false,
        }
    }

    /// Whether `here` is the number nearest the roll of `event` among
    /// `side`'s pieces ([`Rules::nearest_roll`]).
    pub(super) fn nearest_number(&self, st: &State, side: SideId, event: u8, here: i64) -> bool {
        let Some(roll) = self.rolled(st, event) else {
            return false;
        };
        if here == roll {
            return true;
        }
        // The side's numbers on the board, read from its count of each kind.
        let n_kinds = self.kinds.len();
        let counts = &st.counts[side as usize * n_kinds..(side as usize + 1) * n_kinds];
        let (mut below, mut above) = (None::<i64>, None::<i64>);
        for (kind, &n) in self.kinds.iter().zip(counts) {
            match kind.number.filter(|_| n > 0) {
                Some(n) if n == roll => return false,
                Some(n) if n < roll => below = below.max(Some(n)),
                Some(n) => above = Some(above.map_or(n, |a| a.min(n))),
                None => {}
            }
        }
        below == Some(here) || above == Some(here)
    }
}
