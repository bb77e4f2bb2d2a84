//! Stacks (`[pieces.NAME] stacks = true`): several pieces of one side and
//! kind on one site, the site keeping how many ([`State`]'s heights). A
//! piece leaving a stack leaves the rest; one landing on its own stack
//! adds to it; one landing on an enemy site takes all that stand there.
//! Games without stacking pieces never come here.

use super::*;

impl Rules {
    /// How many pieces stand on `s`: 0 on an empty site, 1 for a piece
    /// alone, more for a stack.
    #[inline]
    pub fn height(&self, st: &State, s: SiteId) -> u32 {
        match st.board[s.0 as usize] {
            0 => 0,
            _ => 1 + st.heights.get(s.0 as usize).map_or(0, |&h| h as u32),
        }
    }

    /// How many pieces of the `counted` sides, of `kinds`, stand in
    /// `side`'s part of the region (anywhere without one), every piece of
    /// a stack counted: `count(...)` in a game with stacking pieces.
    #[cold]
    pub(super) fn count_stacked(
        &self,
        st: &State,
        mut counted: SideSet,
        side: SideId,
        kinds: Kinds,
        region: Option<RegionId>,
    ) -> u32 {
        // A column counts as its top, the piece that commands it.
        if self.columns.is_some() {
            return self.count_pieces(st, counted, side, kinds, region);
        }
        let words = self.site_words();
        let n_kinds = self.kinds.len();
        let within = region.map(|r| &self.regions[r as usize].per_side[side as usize].0[..]);
        let mut n = 0;
        while counted != 0 {
            let s = counted.trailing_zeros() as usize;
            counted &= counted - 1;
            for w in 0..words {
                let mut bits = st.pieces[s * words + w] & within.map_or(u64::MAX, |m| m[w]);
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let k = st.board[i] as usize - 1 - s * n_kinds;
                    if k < 64 && kinds >> k & 1 == 1 {
                        n += 1 + u32::from(st.heights[i]);
                    }
                }
            }
        }
        n
    }

    /// How many pieces the piece `v` takes landing on `to` (a step, or a
    /// drop entering a track): none on an empty site or on a stack of its
    /// own that it joins; else every piece standing there.
    #[cold]
    pub(super) fn stack_taken(&self, st: &State, v: u8, to: SiteId) -> usize {
        let here = st.board[to.0 as usize];
        // A column loses its top, or all of it.
        if let Some(c) = self.columns {
            return match (here, c.captures) {
                (0, _) => 0,
                (_, crate::rules::ColumnCaptures::All) => self.height(st, to) as usize,
                _ => 1,
            };
        }
        let joins = here == v && v != 0 && self.kinds[self.unman(v).1 as usize].stacks;
        match here {
            0 => 0,
            _ if joins => 0,
            _ => 1 + st.heights.get(to.0 as usize).map_or(0, |&h| h as usize),
        }
    }

    /// Whether the game has stacking pieces: its positions keep heights.
    #[inline]
    pub fn stacking(&self, st: &State) -> bool {
        !st.heights.is_empty()
    }

    /// Plays the moves that stacks change (steps, drops, pieces borne off
    /// or removed) in a game with stacking pieces; `false` for any other
    /// move, left to [`Rules::apply_plain`].
    #[cold]
    pub(super) fn apply_stacked(&self, st: &mut State, side: SideId, mv: Move) -> bool {
        if let Some(c) = self.columns {
            return self.apply_column(st, side, mv, c);
        }
        match mv {
            Move::Step { from, to } => {
                let v = st.board[from.0 as usize];
                self.lift(st, from);
                self.land_stacked(st, side, v, to);
            }
            Move::Drop { kind, to } => {
                self.land_stacked(st, side, self.man(side, kind), to);
                let i = side as usize * self.n_items() + self.barriers.len() + kind as usize;
                // A reserve of 255 is unlimited.
                if st.reserves[i] != UNLIMITED {
                    st.reserves[i] -= 1;
                }
            }
            Move::Off(at) => self.lift(st, at),
            Move::Remove(at) | Move::Huff(at) => {
                st.heights[at.0 as usize] = 0;
                self.put(st, at, 0);
            }
            _ => return false,
        }
        true
    }

    /// One piece leaves `s`: the stack there is one lower, or the site empty.
    fn lift(&self, st: &mut State, s: SiteId) {
        match &mut st.heights[s.0 as usize] {
            h if *h > 0 => *h -= 1,
            _ => self.put(st, s, 0),
        }
    }

    /// The piece `v` of `side` lands on `to`: on a stack of its own kind,
    /// one more; on any other piece, it takes the whole stack there (to a
    /// hand, as its kind says) and stands alone.
    fn land_stacked(&self, st: &mut State, side: SideId, v: u8, to: SiteId) {
        let i = to.0 as usize;
        let here = st.board[i];
        if here == v && self.kinds[self.unman(v).1 as usize].stacks {
            st.heights[i] = st.heights[i].saturating_add(1);
            return;
        }
        if here != 0 && self.hand_kinds != 0 {
            for _ in 0..=st.heights[i] {
                self.to_hand(st, side, here);
            }
        }
        st.heights[i] = 0;
        self.put(st, to, v);
    }
}
