//! Columns (`[columns]`): a site holds an ordered stack of pieces of any
//! kinds and sides. The board keeps each column's top piece, which
//! commands it (moves by its own patterns, is what conditions read);
//! [`State`]'s `heights` keeps how many stand under it and `under` which,
//! from the top down. A move carries the whole column or its top
//! ([`ColumnMoves`]); a capture takes the whole column, its top, or puts
//! its top under the capturer ([`ColumnCaptures`]). Games without columns
//! never come here.

use super::*;
use crate::rules::{ColumnCaptures, ColumnMoves, Columns};

/// The longest column a move carries at once: every piece of a game of
/// up to 256 pieces.
const MOST: usize = 256;

/// A column lifted off the board, from the top down.
struct Lifted {
    n: usize,
    pieces: [u8; MOST],
}

impl Lifted {
    fn new() -> Self {
        Lifted {
            n: 0,
            pieces: [0; MOST],
        }
    }
    fn push(&mut self, v: u8) {
        if self.n < MOST {
            self.pieces[self.n] = v;
            self.n += 1;
        }
    }
    fn as_slice(&self) -> &[u8] {
        &self.pieces[..self.n]
    }
}

impl Rules {
    /// Whether the order of a chain's captures changes what it leaves: each
    /// prisoner goes under the captor (`captures = "top-under"`), so two
    /// orders are two moves ([`Rules::effect_emitted`]).
    #[inline]
    pub(super) fn captures_in_order(&self) -> bool {
        self.columns
            .is_some_and(|c| c.captures == ColumnCaptures::TopUnder)
    }

    /// The pieces of the column on `s`, from the top down: empty on an
    /// empty site, the piece alone where nothing stands under it.
    pub fn column(&self, st: &State, s: SiteId) -> Vec<(SideId, KindId)> {
        let i = s.0 as usize;
        if st.board[i] == 0 {
            return Vec::new();
        }
        let below = self.below(st, s);
        std::iter::once(st.board[i])
            .chain(below.iter().copied())
            .map(|v| self.unman(v))
            .collect()
    }

    /// The board values under the top of the column on `s`, top down.
    fn below<'a>(&self, st: &'a State, s: SiteId) -> &'a [u8] {
        let depth = self.columns.map_or(0, |c| c.depth as usize);
        let i = s.0 as usize;
        let h = st.heights.get(i).map_or(0, |&h| h as usize);
        &st.under[i * depth..i * depth + h.min(depth)]
    }

    /// Makes the column on `s` these board values, top first (none: the
    /// site empty); the rest of its room zeroed, so that equal columns are
    /// equal positions.
    pub(crate) fn set_column(&self, st: &mut State, s: SiteId, pieces: &[u8]) {
        let depth = self.columns.map_or(0, |c| c.depth as usize);
        let i = s.0 as usize;
        let (top, rest) = match pieces.split_first() {
            Some((&top, rest)) => (top, &rest[..rest.len().min(depth)]),
            None => (0, &[][..]),
        };
        if st.board[i] != top {
            self.put(st, s, 0);
            self.put(st, s, top);
        }
        let room = &mut st.under[i * depth..(i + 1) * depth];
        room[..rest.len()].copy_from_slice(rest);
        room[rest.len()..].fill(0);
        st.heights[i] = rest.len() as u8;
    }

    /// Lifts the column on `s` off the board: the whole of it, or its top
    /// only (what stays is commanded by the next piece down).
    fn lift_column(&self, st: &mut State, s: SiteId, whole: bool, into: &mut Lifted) {
        let (top, below) = (st.board[s.0 as usize], self.below(st, s));
        if top == 0 {
            return;
        }
        into.push(top);
        if whole {
            below.iter().for_each(|&v| into.push(v));
            self.set_column(st, s, &[]);
        } else {
            let rest: Lifted = below.iter().fold(Lifted::new(), |mut l, &v| {
                l.push(v);
                l
            });
            self.set_column(st, s, rest.as_slice());
        }
    }

    /// Sets `column` down on `to`, on top of whatever stands there.
    fn set_down(&self, st: &mut State, to: SiteId, column: &Lifted) {
        let mut all = Lifted::new();
        column.as_slice().iter().for_each(|&v| all.push(v));
        let (top, below) = (st.board[to.0 as usize], self.below(st, to));
        if top != 0 {
            all.push(top);
            below.iter().for_each(|&v| all.push(v));
        }
        self.set_column(st, to, all.as_slice());
    }

    /// The capture of the column on `at` by a side: what [`ColumnCaptures`]
    /// says leaves it; a top put under the capturer is added to `under`.
    fn take_column(
        &self,
        st: &mut State,
        side: SideId,
        at: SiteId,
        c: Columns,
        under: &mut Lifted,
    ) {
        let mut taken = Lifted::new();
        self.lift_column(st, at, c.captures == ColumnCaptures::All, &mut taken);
        match c.captures {
            ColumnCaptures::TopUnder => taken.as_slice().iter().for_each(|&v| under.push(v)),
            _ if self.hand_kinds != 0 => {
                taken
                    .as_slice()
                    .iter()
                    .for_each(|&v| self.to_hand(st, side, v));
            }
            _ => {}
        }
    }

    /// Plays a move in a game with columns; `false` for a move columns do
    /// not change (placements, passes, rolls), left to the plain path.
    #[cold]
    pub(super) fn apply_column(&self, st: &mut State, side: SideId, mv: Move, c: Columns) -> bool {
        let whole = c.moves == ColumnMoves::Whole;
        match mv {
            // A promotion in place: nothing moves.
            Move::Step { from, to } if from == to => {}
            Move::Step { from, to } => {
                let v = st.board[from.0 as usize];
                let mut moving = Lifted::new();
                self.lift_column(st, from, whole, &mut moving);
                let mut under = Lifted::new();
                if st.board[to.0 as usize] != 0 {
                    self.take_column(st, side, to, c, &mut under);
                }
                self.set_down(st, to, &moving);
                self.add_under(st, to, &under);
                self.arrive(st, v, from, to);
            }
            Move::Chain(id) => {
                let chain = self.chain(id);
                let v = st.board[chain.from.0 as usize];
                let mut moving = Lifted::new();
                self.lift_column(st, chain.from, whole, &mut moving);
                let mut under = Lifted::new();
                for &at in chain.captured() {
                    self.take_column(st, side, at, c, &mut under);
                }
                let to = chain.to();
                if st.board[to.0 as usize] != 0 {
                    self.take_column(st, side, to, c, &mut under);
                }
                self.set_down(st, to, &moving);
                self.add_under(st, to, &under);
                self.arrive(st, v, chain.from, to);
            }
            Move::Drop { kind, to } => {
                // A piece entered stands on top of the column there.
                let mut piece = Lifted::new();
                piece.push(self.man(side, kind));
                self.set_down(st, to, &piece);
                let i = side as usize * self.n_items() + self.barriers.len() + kind as usize;
                if st.reserves[i] != UNLIMITED {
                    st.reserves[i] -= 1;
                }
            }
            Move::Off(at) => self.lift_column(st, at, whole, &mut Lifted::new()),
            Move::Remove(at) | Move::Huff(at) => self.set_column(st, at, &[]),
            _ => return false,
        }
        true
    }

    /// Puts `pieces` (top first) under the bottom of the column on `to`.
    fn add_under(&self, st: &mut State, to: SiteId, pieces: &Lifted) {
        if pieces.n == 0 {
            return;
        }
        let mut all = Lifted::new();
        st.board[to.0 as usize..=to.0 as usize]
            .iter()
            .chain(self.below(st, to))
            .chain(pieces.as_slice())
            .for_each(|&v| all.push(v));
        self.set_column(st, to, all.as_slice());
    }
}
