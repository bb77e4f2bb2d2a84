//! Moves along tracks (`[tracks.NAME]`, an `advance` phase action): a
//! piece of the side goes as many sites along its track as an event
//! rolled, entering from the hand and bearing off past the end. Games
//! without tracks never come here.

use super::cond::Mover;
use super::*;

impl Rules {
    /// The moves of `advance TRACK by EVENT to COND` for `side`: each piece
    /// of the side on its track goes as many sites on as the event last
    /// rolled, landing on a site that meets the condition (the removal of
    /// index `cond`), whatever stands on the sites between; with `enter`,
    /// a piece of each kind in hand lands on the site that far from the
    /// start (the first site is one step in); with `off`, a piece exactly
    /// that far from the end leaves the board. A roll of 0 or less moves
    /// nothing.
    #[cold]
    pub(super) fn advance_moves(
        &self,
        st: &State,
        side: SideId,
        (track, event, cond): (u8, u8, u16),
        out: &mut Vec<Move>,
    ) {
        let n = match self.rolled(st, event) {
            Some(n) if n > 0 => n as usize,
            _ => return,
        };
        let t = &self.tracks[track as usize];
        let sites = &t.sites[side as usize];
        let c = &self.removals[cond as usize];
        let lands =
            |to: SiteId| self.eval(c, st, Mover::none(side, Asking::Play), &[], to, NO_HEADING);
        if t.enter && n <= sites.len() && lands(sites[n - 1]) {
            for kind in 0..self.kinds.len() as KindId {
                if st.pieces_in_hand(self, side, kind) > 0 {
                    out.push(Move::Drop {
                        kind,
                        to: sites[n - 1],
                    });
                }
            }
        }
        for (i, &from) in sites.iter().enumerate() {
            let v = st.board[from.0 as usize];
            if v == 0 || self.unman(v).0 != side {
                continue;
            }
            match i + n {
                j if j < sites.len() && lands(sites[j]) => {
                    out.push(Move::Step { from, to: sites[j] });
                }
                j if j == sites.len() && t.off => out.push(Move::Off(from)),
                _ => {}
            }
        }
    }
}
