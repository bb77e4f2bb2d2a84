//! Counters per side (`[counters]`), move by move: which counters a move
//! counts, read before it (`counter_gains`) or, for `gives_check`, on the
//! position it reaches (`count_move`); their sums for `count(OWNER
//! COUNTER)`; and the move condition `gives_check`.

use super::*;

thread_local! {
    /// The position a `gives_check` condition plays the move on.
    static CHECKED: RefCell<Option<State>> = const { RefCell::new(None) };
}

impl Rules {
    /// The reserve index of `side`'s value of the `i`-th counter.
    #[inline]
    fn counter_slot(&self, side: SideId, i: usize) -> usize {
        side as usize * self.n_items()
            + self.barriers.len()
            + self.kinds.len()
            + self.counters.first
            + i
    }

    /// `side`'s value of the `i`-th counter.
    pub fn counter_value(&self, st: &State, side: SideId, i: u16) -> u32 {
        st.reserves[self.counter_slot(side, i as usize)] as u32
    }

    /// Sets `side`'s value of the `i`-th counter.
    pub(crate) fn set_counter(&self, st: &mut State, side: SideId, i: u16, v: u8) {
        st.reserves[self.counter_slot(side, i as usize)] = v;
    }

    /// The sum of the values of the `counter`-th counter of the sides in
    /// `counted`.
    pub(super) fn counter_sum(&self, st: &State, mut counted: SideSet, counter: u16) -> u32 {
        let mut n = 0;
        while counted != 0 {
            let s = counted.trailing_zeros() as SideId;
            counted &= counted - 1;
            n += st.reserves[self.counter_slot(s, counter as usize)] as u32;
        }
        n
    }

    /// The counters that `mv`, about to be played on `st`, counts, read on
    /// `st` (bit `i` for the `i`-th), but those read after the move. 0 in a
    /// game without counters.
    #[inline]
    pub(crate) fn counter_gains(&self, st: &State, mv: Move) -> u64 {
        if self.counters.is_empty() {
            return 0;
        }
        let mover = self.to_move(st);
        (self.counters.list.iter().enumerate().take(64))
            .filter(|(_, c)| !c.after && self.move_meets(&c.counts, st, mover, &mv))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// Counts the move `side` has just played, reaching `st`: the counters
    /// of `gains`, and those read after the move that it meets.
    #[inline]
    pub(crate) fn count_move(&self, st: &mut State, side: SideId, gains: u64) {
        if self.counters.is_empty() {
            return;
        }
        let mut checked = None;
        for (i, c) in self.counters.list.iter().enumerate() {
            let counted = match c.after {
                true => *checked.get_or_insert_with(|| self.checks_given(st, side)),
                false => i < 64 && gains >> i & 1 == 1,
            };
            if counted {
                let slot = self.counter_slot(side, i);
                let v = (st.reserves[slot] as i16 + c.step).clamp(0, u8::MAX as i16);
                st.reserves[slot] = v as u8;
            }
        }
    }

    /// Whether a royal piece of a team other than `side`'s is attacked on
    /// `st`, under the check rule.
    pub(super) fn checks_given(&self, st: &State, side: SideId) -> bool {
        let team = self.sides[side as usize].team;
        (0..self.sides.len() as SideId)
            .filter(|&s| self.sides[s as usize].team != team)
            .any(|s| !self.royals_safe(st, s, Asking::Play))
    }

    /// The move condition `gives_check`: `mv` of `side` leaves a royal
    /// piece of another team attacked.
    pub(super) fn gives_check(&self, st: &State, side: SideId, mv: &Move) -> bool {
        with_scratch(&CHECKED, st, |after, st| {
            after.copy_from(st);
            self.apply(after, side, *mv);
            self.checks_given(after, side)
        })
    }
}
