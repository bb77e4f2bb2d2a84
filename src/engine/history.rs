//! The history kept for the draw rules, move by move: the positions seen
//! (for `repetitions` and `perpetual check`) and the plies since the last
//! move meeting each `since(...)` condition ([`History`]).

use super::*;
use crate::rules::UNCOUNTED;
use std::hash::Hasher;

impl Rules {
    /// A hash of what makes two positions reached by the same side's move
    /// the same for `repetitions`: the pieces, barriers, reserves, the
    /// pieces' [flags](Flag) (castling rights), the seeds and the rights the last move
    /// left (demanded, huffable). Not the last move itself: FIDE's 9.2.3
    /// tells apart two positions where an en passant capture can be made
    /// in one only, which this hash does not. Stable from run to run, so
    /// that a saved position's history can be read back.
    pub fn position_hash(&self, st: &State) -> u64 {
        let mut h = FxHasher::default();
        h.write(&st.board);
        h.write(&st.slots);
        h.write(&st.reserves);
        h.write(&st.marks);
        // Seeds only where the game has them: other games hash as before.
        for &n in st.seeds.iter() {
            h.write_u16(n);
        }
        // Stack heights only where the game has stacks.
        if !st.heights.is_empty() {
            h.write(&st.heights);
            h.write(&st.under);
        }
        // The rolls only where the game has chance; the dice left only
        // where they are rolled apart.
        if !self.chance.is_empty() {
            h.write(&st.rolled);
            if self.chance.iter().any(|c| !c.apart.is_empty()) {
                h.write(&st.dice);
            }
        }
        h.write_u8(u8::from(st.demanded));
        h.write_u16(st.huffable.map_or(u16::MAX, |s| s.0));
        h.finish()
    }

    /// The entry of `st` in its own history, reached by `mover`'s move.
    pub(crate) fn seen(&self, st: &State, mover: SideId) -> Seen {
        let perpetual = self.history.as_ref().is_some_and(|h| h.perpetual);
        let team = self.sides[mover as usize].team;
        let gave_check = perpetual
            && (0..self.sides.len() as SideId)
                .filter(|&s| self.sides[s as usize].team != team)
                .any(|s| !self.royals_safe(st, s, Asking::Play));
        Seen {
            hash: self.position_hash(st),
            mover,
            gave_check,
        }
    }

    /// A history that starts at `st`, for a game that keeps one.
    pub(crate) fn fresh_history(&self, st: &State) -> Option<Box<History>> {
        let rules = self.history.as_ref()?;
        let mover = match st.phase {
            0 => self.turn_side(self.previous_turn(st.turn as usize)),
            _ => self.to_move(st),
        };
        let mut h = History::new(vec![0; rules.since.len()], Vec::new(), 0);
        h.push(self.seen(st, mover), self.occupied_noted(st));
        Some(Box::new(h))
    }

    /// Which `since(...)` counters `mv`, about to be played on `st`,
    /// restarts: bit `i` for the `i`-th. 0 in a game or a position that
    /// keeps no history.
    #[inline]
    pub(crate) fn history_resets(&self, st: &State, mv: Move) -> u64 {
        let Some(rules) = &self.history else { return 0 };
        if st.history.is_none() {
            return 0;
        }
        let mover = self.to_move(st);
        (rules.since.iter().enumerate().take(64))
            .filter(|(_, c)| self.move_meets(c, st, mover, &mv))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// Notes the position `st` that `mover`'s action has just reached (the
    /// turn not yet passed on): the
    /// counters go on, those in `resets` from 0, and the position joins
    /// the ones seen.
    #[inline]
    pub(crate) fn record_history(&self, st: &mut State, mover: SideId, resets: u64) {
        if st.history.is_none() {
            return;
        }
        let (seen, occupied) = (self.seen(st, mover), self.occupied_noted(st));
        if let Some(h) = &mut st.history {
            for (i, n) in h.since.iter_mut().enumerate() {
                *n = if i < 64 && resets >> i & 1 == 1 {
                    0
                } else {
                    n.saturating_add(1)
                };
            }
            h.push(seen, occupied);
        }
    }

    /// How many sites pieces stand on in `st`.
    #[inline]
    pub(crate) fn occupied(st: &State) -> u32 {
        st.pieces.iter().map(|w| w.count_ones()).sum()
    }

    /// [`Rules::occupied`], noted in the history where `not repeated`
    /// reads it (`UNCOUNTED` elsewhere).
    #[inline]
    fn occupied_noted(&self, st: &State) -> u32 {
        match self.no_repeat {
            Some(_) => Self::occupied(st),
            None => UNCOUNTED,
        }
    }

    /// How many times the present position has been seen, this time
    /// included (1 without a history).
    pub(crate) fn repetitions(&self, st: &State) -> u32 {
        let Some(h) = &st.history else { return 1 };
        h.seen().last().map_or(1, |_| h.times_now())
    }

    /// The plies since the last move meeting the `i`-th `since(...)`.
    pub(crate) fn plies_since(&self, st: &State, i: u32) -> u32 {
        (st.history.as_ref()).map_or(0, |h| h.since.get(i as usize).copied().unwrap_or(0))
    }

    /// Whether the present position has been seen before, and every move
    /// `side` played since it was first seen gave check.
    pub(crate) fn perpetual_check(&self, st: &State, side: SideId) -> bool {
        let Some(h) = &st.history else { return false };
        let seen = h.seen();
        let Some(now) = seen.last() else {
            return false;
        };
        let first = seen.iter().position(|s| s.same(now)).unwrap_or(0);
        let mut moves = seen[first + 1..].iter().filter(|s| s.mover == side);
        let mut any = false;
        moves.all(|s| {
            any = true;
            s.gave_check
        }) && any
    }
}
