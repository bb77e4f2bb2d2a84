//! Sowing (`[seeds]`): the moves of a `sow` action, playing one (the seeds
//! dropped one per site along the mover's track, then what the last seed
//! captures), whether the same side moves again, and the seeds read by
//! conditions. Games without `[seeds]` never come here.

use super::cond::Mover;
use super::*;
use crate::rules::{SeedRhs, SeedSum, SowCapture, Sowing};

impl Rules {
    fn sowing(&self) -> &Sowing {
        self.sowing.as_deref().expect("a sow move needs [seeds]")
    }

    /// The sow moves of `side` from its part of `region`: every site there
    /// on its track that holds a seed, in site order.
    pub(super) fn sow_moves(
        &self,
        st: &State,
        side: SideId,
        region: RegionId,
        out: &mut Vec<Move>,
    ) {
        let Some(sowing) = self.sowing.as_deref() else {
            return;
        };
        for s in self.regions[region as usize].per_side[side as usize].iter() {
            if st.seeds[s.0 as usize] > 0 && sowing.index(side, s).is_some() {
                out.push(Move::Sow(s));
            }
        }
    }

    /// The site the last seed sown from `from` falls on, in `st` before the
    /// move.
    pub(crate) fn sow_end(&self, st: &State, side: SideId, from: SiteId) -> SiteId {
        let sowing = self.sowing();
        let track = &sowing.track[side as usize];
        let Some(start) = sowing.index(side, from) else {
            return from;
        };
        let n = st.seeds[from.0 as usize] as usize;
        let len = track.len();
        // With the origin skipped, each lap drops one seed fewer.
        let step = if sowing.skip_origin && len > 1 {
            n + (n - 1) / (len - 1)
        } else {
            n
        };
        track[(start + step) % len]
    }

    /// Sows the seeds of `from` along `side`'s track, then captures.
    pub(super) fn apply_sow(&self, st: &mut State, side: SideId, from: SiteId) {
        let sowing = self.sowing();
        let track = &sowing.track[side as usize];
        let Some(mut i) = sowing.index(side, from) else {
            return;
        };
        let mut n = std::mem::take(&mut st.seeds[from.0 as usize]);
        let skip = sowing.skip_origin && track.len() > 1;
        let mut last = from;
        while n > 0 {
            i = (i + 1) % track.len();
            let s = track[i];
            if skip && s == from {
                continue;
            }
            st.seeds[s.0 as usize] += 1;
            n -= 1;
            last = s;
        }
        for capture in &sowing.captures {
            if self.sow_capture(st, side, last, capture) {
                break;
            }
        }
    }

    /// The capture rule after the last seed fell on `last`; whether it took.
    fn sow_capture(&self, st: &mut State, side: SideId, last: SiteId, c: &SowCapture) -> bool {
        let sowing = self.sowing();
        let meets = |st: &State, s: SiteId| {
            self.eval(
                &c.when,
                st,
                Mover::none(side, Asking::Play),
                &[],
                s,
                NO_HEADING,
            )
        };
        if !meets(st, last) {
            return false;
        }
        let mut taken = vec![last];
        if c.back {
            let track = &sowing.track[side as usize];
            if let Some(mut i) = sowing.index(side, last) {
                for _ in 1..track.len() {
                    i = (i + track.len() - 1) % track.len();
                    if !meets(st, track[i]) {
                        break;
                    }
                    taken.push(track[i]);
                }
            }
        }
        if let Some(dirs) = &c.also {
            let mut mask = dirs.absolute;
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                for k in 0..taken.len() {
                    if let Some(t) = self.board.step(taken[k], d, &st.blocked) {
                        if !taken.contains(&t) {
                            taken.push(t);
                        }
                    }
                }
            }
        }
        if let Some(r) = c.spare {
            // Taking every seed the enemy has there is no capture at all.
            let region = &self.regions[r as usize];
            let enemy_left = (0..self.sides.len() as SideId)
                .filter(|&o| !self.same_team(o, side))
                .flat_map(|o| region.per_side[o as usize].iter())
                .filter(|s| !taken.contains(s))
                .map(|s| st.seeds[s.0 as usize] as u32)
                .sum::<u32>();
            if enemy_left == 0 {
                return false;
            }
        }
        let total: u16 = taken.iter().map(|s| st.seeds[s.0 as usize]).sum();
        for s in &taken {
            st.seeds[s.0 as usize] = 0;
        }
        let store = sowing.store[side as usize];
        if store != NOWHERE {
            st.seeds[store.0 as usize] += total;
        }
        true
    }

    /// Whether the same side moves again after sowing to `last` (the
    /// position after the move).
    pub(super) fn sows_again(&self, st: &State, side: SideId, last: SiteId) -> bool {
        let again = self.sowing.as_deref().and_then(|s| s.again.as_ref());
        again.is_some_and(|c| {
            self.eval(
                c,
                st,
                Mover::none(side, Asking::Play),
                &[],
                last,
                NO_HEADING,
            )
        })
    }

    /// Whether sowing from `from` surely keeps the constraints
    /// ([`Tables::sowing_spares`](crate::rules::Tables)): it starts
    /// outside the enemies' part of the spared region, and they have seeds
    /// there now.
    pub(super) fn sowing_keeps_constraints(&self, st: &State, side: SideId, from: SiteId) -> bool {
        let Some(sum) = &self.tables.sowing_spares else {
            return false;
        };
        let sides = self.counted(side, sum.0, sum.1);
        let parts = &self.regions[sum.2 as usize].per_side;
        let from_theirs =
            (parts.iter().enumerate()).any(|(o, part)| sides >> o & 1 == 1 && part.contains(from));
        !from_theirs && self.seed_sum(st, side, sum) > 0
    }

    /// The seeds on the owners' parts of a region, seen from `side`.
    pub(super) fn seed_sum(&self, st: &State, side: SideId, (owner, named, r): &SeedSum) -> u32 {
        let sides = self.counted(side, *owner, *named);
        let at = ((*r as usize) << self.sides.len()) + sides as usize;
        if let Some(sites) = self.tables.seed_sites.get(at) {
            return sites.iter().map(|&s| st.seeds[s as usize] as u32).sum();
        }
        let parts = &self.regions[*r as usize].per_side;
        // The owners' parts joined word by word, each site counted once.
        let mut total = 0;
        for w in 0..parts.first().map_or(0, |p| p.0.len()) {
            let mut bits = (0..parts.len())
                .filter(|&o| sides >> o & 1 == 1)
                .fold(0u64, |b, o| b | parts[o].0[w]);
            while bits != 0 {
                total += st.seeds[w * 64 + bits.trailing_zeros() as usize] as u32;
                bits &= bits - 1;
            }
        }
        total
    }

    /// `seeds(...) OP ...`.
    pub(super) fn seeds_compare(
        &self,
        st: &State,
        side: SideId,
        (left, op, right): (&SeedSum, Compare, &SeedRhs),
    ) -> bool {
        let l = self.seed_sum(st, side, left);
        let r = match right {
            SeedRhs::Number(n) => *n,
            SeedRhs::Seeds(sum) => self.seed_sum(st, side, sum),
        };
        op.holds(l, r)
    }

    /// The seeds on a site (0 in a game without `[seeds]`); sowing
    /// sites of a picture or a position's JSON read them here.
    pub fn seeds_at(&self, st: &State, s: SiteId) -> u16 {
        st.seeds.get(s.0 as usize).copied().unwrap_or(0)
    }
}
