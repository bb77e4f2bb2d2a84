//! Whether a move changes a line that a constraint reads from a piece
//! ([`Sight`]; which lines are read is worked out when the game is
//! compiled): "the generals may not face each other" is then judged again
//! only after a move on the file between them.

use super::*;

impl Rules {
    /// The sites the constraints see from pieces in `st`, as a bitset:
    /// along each [`Sight`]'s directions from each piece of its kinds, up
    /// to and including the first occupied site.
    pub(super) fn sighted(&self, st: &State) -> Vec<u64> {
        let mut seen = vec![0u64; self.site_words()];
        let every_side = (1 << self.sides.len()) - 1;
        for sight in &self.constraint_sights {
            for (s, _) in self.matching_pieces(st, every_side, sight.from) {
                self.mark_sight(st, s, sight, &mut seen);
            }
        }
        seen
    }

    fn mark_sight(&self, st: &State, s: SiteId, sight: &Sight, seen: &mut [u64]) {
        let mut dirs = sight.dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let mut at = s;
            for _ in 0..(sight.max as usize).min(self.board.n_sites()) {
                match self.board.step(at, d, &st.blocked) {
                    Some(t) if t != s => at = t,
                    _ => break,
                }
                seen[at.0 as usize / 64] |= 1 << (at.0 % 64);
                if st.board[at.0 as usize] != 0 {
                    break;
                }
            }
        }
    }

    /// Whether `mv` empties or fills a site of `seen` ([`Rules::sighted`]
    /// before the move). A castling is always judged; drops are judged
    /// anyway, and moves that change no piece on the board (passes, rolls,
    /// barrier placements, a promotion chosen) never are.
    pub(super) fn touches_sights(&self, seen: &[u64], mv: Move) -> bool {
        let hit = |s: SiteId| seen[s.0 as usize / 64] >> (s.0 % 64) & 1 == 1;
        match self.base(mv) {
            Move::Step { from, to } | Move::Swap { from, with: to, .. } => hit(from) || hit(to),
            Move::Huff(at) | Move::Remove(at) | Move::Off(at) => hit(at),
            Move::Chain(id) => {
                let chain = self.chain(id);
                hit(chain.from) || hit(chain.to()) || chain.captured().iter().any(|&c| hit(c))
            }
            Move::Castle { .. } | Move::Drop { .. } | Move::Sow(_) => true,
            other => !other.moves_no_piece(),
        }
    }
}
