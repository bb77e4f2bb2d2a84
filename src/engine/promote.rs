//! Promotions that are moves of their own (`[pieces.NAME] promote_moves`):
//! the piece walks one of the promotion's patterns (`stay` lands where it
//! stands) and ends as the kind it promotes to.

use super::dedup_piece;
use super::walk::Walker;
use crate::board::SiteId;
use crate::rules::{KindId, Move, PromoteMoves, Rules, SideId, State};

impl Rules {
    /// The promotion moves of the walker's piece of `kind` on `s`, added
    /// to `out`: none while its side has `limit` pieces of the kind it
    /// would become; each must meet the promotion's move condition.
    pub(super) fn add_promote_moves<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        s: SiteId,
        kind: KindId,
        out: &mut Vec<Move>,
    ) {
        let Some(pm) = &self.kinds[kind as usize].promote_moves else {
            return;
        };
        let side = w.side;
        if pm
            .limit
            .is_some_and(|n| self.count_kind(st, side, pm.to) >= n as usize)
        {
            return;
        }
        let start = out.len();
        w.origin = s;
        w.start = start;
        w.stepped = [0; 4];
        w.effects.reset();
        w.in_place = true;
        for pattern in &pm.patterns {
            self.walk_pattern(st, w, pattern, out);
        }
        w.in_place = false;
        dedup_piece(out, start);
        self.wrap_promotions(st, side, pm, start, out);
    }

    /// The moves of `out[start..]` as promotions to `pm.to`, those that
    /// meet its condition.
    fn wrap_promotions(
        &self,
        st: &State,
        side: SideId,
        pm: &PromoteMoves,
        start: usize,
        out: &mut Vec<Move>,
    ) {
        let mut kept = start;
        for i in start..out.len() {
            let mv = self.promoting(out[i], pm.to);
            if (pm.cond.as_ref()).is_none_or(|c| self.move_meets(c, st, side, &mv)) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// How many pieces of `kind` the side has on the board.
    pub(super) fn count_kind(&self, st: &State, side: SideId, kind: KindId) -> usize {
        let v = self.man(side, kind);
        st.counts[v as usize - 1] as usize
    }
}
