//! Castling (`castle(DIRS, PARTNER, REGION)`): the piece goes to the
//! region's site farthest along the partner's direction on its line, and
//! the partner, the first piece that way, to the site beside it on the
//! other side; every site the two cross is empty but for them, and every
//! site of the castling piece's path, its start and end included, meets
//! the segment's `over`.

use super::walk::Walker;
use super::*;

impl Rules {
    /// The castlings of the walker's piece by a `castle` segment.
    pub(super) fn castles(
        &self,
        st: &State,
        w: &Walker,
        segment: &Segment,
        castle: &Castle,
        out: &mut Vec<Move>,
    ) -> bool {
        if w.attacks_only {
            // A castling takes nothing.
            return false;
        }
        let (side, origin) = (w.side, w.origin);
        let mut emitted = false;
        let mut mask = segment.first[side as usize];
        while mask != 0 {
            let d = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let Some(with) = self.first_piece(st, origin, d) else {
                continue;
            };
            if !self.eval(&castle.partner, st, w.mover(), &[], with, d) {
                continue;
            }
            let Some(to) = self.farthest(castle.to, side, origin, d) else {
                continue;
            };
            let Some(partner_to) = self.board.neighbor(to, (d + 4) % 8) else {
                continue;
            };
            let clear = |a: SiteId, b: SiteId| {
                self.line_sites(a, b)
                    .all(|s| s == origin || s == with || st.board[s.0 as usize] == 0)
            };
            if !clear(origin, to) || !clear(with, partner_to) {
                continue;
            }
            let safe = |s: SiteId| self.eval(&segment.over, st, w.mover(), &[], s, d);
            if !self.line_sites(origin, to).all(safe)
                || !self.eval(&segment.to, st, w.mover(), &[], to, d)
            {
                continue;
            }
            w.push(
                Move::Castle {
                    from: origin,
                    to,
                    with,
                },
                out,
            );
            emitted = true;
        }
        emitted
    }

    /// The first piece from `at` along direction `d`, if any.
    fn first_piece(&self, st: &State, at: SiteId, d: u8) -> Option<SiteId> {
        let mut cur = at;
        // At most one step per site, whatever the board's lines do.
        for _ in 0..self.board.n_sites() {
            let next = self.board.step(cur, d, &st.blocked)?;
            if st.board[next.0 as usize] != 0 {
                return Some(next);
            }
            cur = next;
        }
        None
    }

    /// The site of the region (as `side` sees it) farthest along `d` on
    /// the line through `at`.
    fn farthest(&self, region: RegionId, side: SideId, at: SiteId, d: u8) -> Option<SiteId> {
        let sites = &self.regions[region as usize].per_side[side as usize];
        let (mut cur, n) = (at, self.board.n_sites());
        for _ in 0..n {
            match self.board.neighbor(cur, (d + 4) % 8) {
                Some(back) => cur = back,
                None => break,
            }
        }
        let mut found = sites.contains(cur).then_some(cur);
        for _ in 0..n {
            let Some(next) = self.board.neighbor(cur, d) else {
                break;
            };
            cur = next;
            if sites.contains(cur) {
                found = Some(cur);
            }
        }
        found
    }

    /// The sites from `a` to `b`, both included, along the straight line
    /// between them (only `a` when they are one site).
    fn line_sites(&self, a: SiteId, b: SiteId) -> impl Iterator<Item = SiteId> + '_ {
        let d = self.compass_toward(a, b);
        let mut next = Some(a);
        // At most one step per site, whatever the board's lines do.
        let steps = if a == b { 1 } else { self.board.n_sites() + 1 };
        std::iter::from_fn(move || {
            let cur = next?;
            next = (cur != b).then(|| self.board.neighbor(cur, d)).flatten();
            Some(cur)
        })
        .take(steps)
    }
}
