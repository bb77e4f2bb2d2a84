//! Piece memory and the last move: the flags each piece carries
//! (`[flags]`, `has(FLAG)`), kept in step as pieces move, and the last
//! piece move's start and end (`last_to`, `last_over`, `capture last`).
//! A game with neither pays one test per move.

use super::walk::Walker;
use super::*;

/// A point or a step on the board's grid: `(x, y)`.
type GridPoint = (i32, i32);

impl Rules {
    /// Gives every piece on the board the flags its kind starts with.
    pub(crate) fn start_marks(&self, st: &mut State) {
        if self.flags.is_empty() {
            st.marks = Box::new([]);
            return;
        }
        let mut marks = vec![0u8; st.board.len()];
        for (i, &v) in st.board.iter().enumerate().filter(|(_, v)| **v != 0) {
            let kind = self.unman(v).1;
            for (bit, flag) in self.flags.iter().enumerate() {
                if flag.start >> kind & 1 == 1 {
                    marks[i] |= 1 << bit;
                }
            }
        }
        st.marks = marks.into_boxed_slice();
    }

    /// The flags of a piece after it moves.
    #[inline]
    pub(super) fn moved_marks(&self, m: u8) -> u8 {
        self.flags
            .iter()
            .enumerate()
            .fold(m, |m, (bit, flag)| match flag.moved {
                FlagMove::Clear => m & !(1 << bit),
                FlagMove::Set => m | 1 << bit,
                FlagMove::Keep => m,
            })
    }

    /// Keeps the flags and the last move in step with `mv`, on the position
    /// before it is applied.
    #[inline]
    pub(super) fn note_move(&self, st: &mut State, mv: Move) {
        if !st.marks.is_empty() {
            self.move_marks(st, mv);
        }
        if self.tracks_last {
            st.last = match self.base(mv) {
                Move::Step { from, to } | Move::Castle { from, to, .. } => [from, to],
                Move::Swap { from, with, .. } => [from, with],
                Move::Chain(id) => {
                    let chain = self.chain(id);
                    [chain.from, chain.to()]
                }
                Move::Drop { to, .. } => [to, to],
                _ => NO_LAST,
            };
        }
    }

    /// The flags of the pieces `mv` moves go with them; captured pieces
    /// take theirs off the board.
    fn move_marks(&self, st: &mut State, mv: Move) {
        let marks = &mut st.marks;
        let carry = |marks: &mut [u8], from: SiteId, to: SiteId| {
            let m = std::mem::take(&mut marks[from.0 as usize]);
            marks[to.0 as usize] = self.moved_marks(m);
        };
        match self.base(mv) {
            Move::Step { from, to } => carry(marks, from, to),
            Move::Chain(id) => {
                let chain = self.chain(id);
                for &c in chain.captured() {
                    marks[c.0 as usize] = 0;
                }
                carry(marks, chain.from, chain.to());
            }
            Move::Swap {
                from, via, with, ..
            } => {
                let partner = std::mem::take(&mut marks[with.0 as usize]);
                carry(marks, from, with);
                marks[via.0 as usize] = self.moved_marks(partner);
            }
            Move::Castle { from, to, with } => {
                let partner_to = self.castle_partner_to(from, to, with);
                let partner = std::mem::take(&mut marks[with.0 as usize]);
                carry(marks, from, to);
                marks[partner_to.0 as usize] = self.moved_marks(partner);
            }
            Move::Drop { to, .. } => marks[to.0 as usize] = 0,
            Move::Huff(at) | Move::Remove(at) | Move::Off(at) => marks[at.0 as usize] = 0,
            Move::Sow(_) | Move::Roll { .. } => {}
            Move::Demanding(_)
            | Move::Promoting(_)
            | Move::Leaving(_)
            | Move::Place { .. }
            | Move::Pass => {}
        }
    }

    /// Takes the piece on `s` off the board with its flags (a capture by
    /// a landing effect, a huff): the next piece to stand there brings
    /// its own. Out of line: rare, it costs the callers nothing.
    #[inline(never)]
    pub(super) fn take_off(&self, st: &mut State, s: SiteId) {
        self.put(st, s, 0);
        if let Some(m) = st.marks.get_mut(s.0 as usize) {
            *m = 0;
        }
    }

    /// Moves the flags of the piece on `from` to `to`, where a relocating
    /// promotion (`promote = { ..., at = REGION }`) puts it.
    pub(super) fn relocate_marks(st: &mut State, from: SiteId, to: SiteId) {
        if !st.marks.is_empty() && from != to {
            let m = std::mem::take(&mut st.marks[from.0 as usize]);
            st.marks[to.0 as usize] = m;
        }
    }

    /// Whether the piece on `s` carries the flag `bit`.
    #[inline]
    pub(super) fn has_flag(st: &State, s: SiteId, bit: u8) -> bool {
        st.board[s.0 as usize] != 0
            && st
                .marks
                .get(s.0 as usize)
                .is_some_and(|m| m >> bit & 1 == 1)
    }

    /// Whether the last move went over `s`: `s` lies strictly between its
    /// start and its end on a straight line (rank, file or diagonal).
    pub(super) fn last_passed(&self, st: &State, s: SiteId) -> bool {
        let Some((a, (dx, dy), n)) = self.last_line(st) else {
            return false;
        };
        if self.board.is_extra(s) {
            return false;
        }
        let p = &self.board.sites[s.0 as usize];
        let (ex, ey) = (p.x - a.0, p.y - a.1);
        (1..n).any(|k| (ex, ey) == (dx * k, dy * k))
    }

    /// The last move as a straight line on the grid: its start, its unit
    /// step, and its length in steps; `None` when it was no such move.
    fn last_line(&self, st: &State) -> Option<(GridPoint, GridPoint, i32)> {
        let [from, to] = st.last;
        if from == NO_LAST[0] || from == to || self.board.is_extra(from) || self.board.is_extra(to)
        {
            return None;
        }
        let site = |x: SiteId| &self.board.sites[x.0 as usize];
        let (a, b) = (site(from), site(to));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
            return None;
        }
        let n = dx.abs().max(dy.abs());
        Some(((a.x, a.y), (dx.signum(), dy.signum()), n))
    }

    /// Whether the last move can give the walker's piece a landing that
    /// `gate` asks for (see [`LastGate`]): its piece stands where it ended,
    /// not on the walker's origin, meets the gate's condition, and passed
    /// over a site if it must. A gate that reads the site only is judged
    /// once per side in the walker's position.
    #[inline(never)]
    pub(super) fn last_move_allows(&self, st: &State, w: &mut Walker, gate: &LastGate) -> bool {
        let t = st.last[1];
        if t == NOWHERE || t == w.origin || st.board[t.0 as usize] == 0 {
            return false;
        }
        let key = gate as *const LastGate as usize;
        // (The walker's `gate_closed` reads the same cache.)
        if let Some((k, side, allows)) = w.last_gate {
            if gate.site_only && k == key && side == w.side {
                return allows;
            }
        }
        let allows = self.eval(&gate.mover, st, w.mover(), &[], t, NO_HEADING)
            && (!gate.passed || self.last_line(st).is_some_and(|(_, _, n)| n >= 2));
        if gate.site_only {
            w.last_gate = Some((key, w.side, allows));
        }
        allows
    }

    /// Whether one step of `segment` from the walker's origin reaches the
    /// site the last move ended on (`gate.passed` false) or one it passed
    /// over: a [`LastGate::near`] pattern can land nowhere else.
    pub(super) fn last_site_beside(
        &self,
        st: &State,
        w: &Walker,
        segment: &Segment,
        gate: &LastGate,
    ) -> bool {
        let mut dirs = segment.first[w.side as usize];
        // Compass steps go to a square one grid step away.
        if dirs < 1 << 8 && !self.last_site_may_be_beside(st, w.origin, gate.passed) {
            return false;
        }
        while dirs != 0 {
            let d = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let Some(s) = self.board.step(w.origin, d, &st.blocked) else {
                continue;
            };
            if gate.passed && self.last_passed(st, s) || !gate.passed && s == st.last[1] {
                return true;
            }
        }
        false
    }

    /// [`Rules::last_site_beside`] by the grid's geometry alone: `false`
    /// when no such site is one grid step (orthogonal or diagonal) from
    /// `origin`, which no compass step can then reach.
    #[inline]
    fn last_site_may_be_beside(&self, st: &State, origin: SiteId, passed: bool) -> bool {
        if self.board.is_extra(origin) {
            return true;
        }
        let o = &self.board.sites[origin.0 as usize];
        let beside = |x: i32, y: i32| (x - o.x).abs() <= 1 && (y - o.y).abs() <= 1;
        if !passed {
            let t = st.last[1];
            return t == NOWHERE
                || self.board.is_extra(t)
                || beside(
                    self.board.sites[t.0 as usize].x,
                    self.board.sites[t.0 as usize].y,
                );
        }
        let Some((a, (dx, dy), n)) = self.last_line(st) else {
            return false;
        };
        (1..n).any(|k| beside(a.0 + dx * k, a.1 + dy * k))
    }

    /// Where the partner of a castling from `from` to `to` with the piece
    /// on `with` lands: beside `to`, on the side the partner came from.
    pub(crate) fn castle_partner_to(&self, from: SiteId, to: SiteId, with: SiteId) -> SiteId {
        let d = self.compass_toward(from, with);
        self.board.neighbor(to, (d + 4) % 8).unwrap_or(to)
    }

    /// The compass direction from `a` toward `b` (0 when not on a line).
    pub(super) fn compass_toward(&self, a: SiteId, b: SiteId) -> u8 {
        let (p, q) = (
            &self.board.sites[a.0 as usize],
            &self.board.sites[b.0 as usize],
        );
        let line = ((q.x - p.x).signum(), (q.y - p.y).signum());
        (0..8)
            .find(|&d| crate::board::compass_step(d) == line)
            .unwrap_or(0)
    }
}
