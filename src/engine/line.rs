//! Lines: `line(OWNER KIND, N, DIRS)`, N or more matching pieces in a row
//! along an axis (a compass direction and its opposite), looked for on the
//! whole board or only through the site the last move ended on.

use super::*;

/// The board values a line is made of: bit `v` for value `v`.
pub(super) struct Matcher([u64; 4]);

impl Matcher {
    #[inline]
    pub(super) fn holds(&self, v: u8) -> bool {
        self.0[v as usize >> 6] >> (v & 63) & 1 == 1
    }
}

impl Rules {
    /// The board values of the pieces a line of `owner`'s `kind` counts,
    /// seen from `side`.
    pub(super) fn line_matcher(
        &self,
        side: SideId,
        owner: Owner,
        named: SideSet,
        kind: Kinds,
    ) -> Matcher {
        let n_kinds = self.kinds.len();
        let mut bits = [0u64; 4];
        let mut sides = self.counted(side, owner, named);
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            for k in (0..n_kinds).filter(|&k| kind >> k & 1 == 1) {
                let v = 1 + s * n_kinds + k;
                bits[v >> 6] |= 1 << (v & 63);
            }
        }
        Matcher(bits)
    }

    /// How many matching pieces follow `at` along `d`, counting up to `most`.
    #[inline]
    fn run(&self, st: &State, m: &Matcher, mut at: SiteId, d: u8, most: u32) -> u32 {
        let mut n = 0;
        while n < most {
            match self.board.neighbor(at, d) {
                Some(next) if m.holds(st.board[next.0 as usize]) => {
                    at = next;
                    n += 1;
                }
                _ => break,
            }
        }
        n
    }

    /// Whether a line of `length` or more matching pieces along one of the
    /// `axes` passes through `at`.
    pub(super) fn line_through(
        &self,
        st: &State,
        m: &Matcher,
        at: SiteId,
        length: u32,
        axes: u8,
    ) -> bool {
        if !m.holds(st.board[at.0 as usize]) {
            return false;
        }
        (0..4u8).filter(|&d| axes >> d & 1 == 1).any(|d| {
            let ahead = self.run(st, m, at, d, length - 1);
            1 + ahead + self.run(st, m, at, d + 4, length - 1 - ahead) >= length
        })
    }

    /// Whether `length` or more of `owner`'s `kind` stand in a row along
    /// one of the `axes` anywhere.
    pub(super) fn line_anywhere(
        &self,
        st: &State,
        side: SideId,
        (owner, named): (Owner, SideSet),
        kind: Kinds,
        length: u32,
        axes: u8,
    ) -> bool {
        self.longest_line(st, side, (owner, named), kind, length, axes) >= length
    }

    /// The longest row of `owner`'s `kind` along one of the `axes`,
    /// counted up to `most`: each row is counted once, from its first
    /// piece (the one with no matching piece behind it).
    pub(super) fn longest_line(
        &self,
        st: &State,
        side: SideId,
        (owner, named): (Owner, SideSet),
        kind: Kinds,
        most: u32,
        axes: u8,
    ) -> u32 {
        let m = self.line_matcher(side, owner, named, kind);
        let words = self.board.n_sites().div_ceil(64);
        let mut sides = self.counted(side, owner, named);
        let mut longest = 0;
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            for (w, &word) in st.pieces[s * words..(s + 1) * words].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let at = SiteId((w * 64 + bits.trailing_zeros() as usize) as u16);
                    bits &= bits - 1;
                    if !m.holds(st.board[at.0 as usize]) {
                        continue;
                    }
                    for d in (0..4u8).filter(|&d| axes >> d & 1 == 1) {
                        let first = !self
                            .board
                            .neighbor(at, d + 4)
                            .is_some_and(|b| m.holds(st.board[b.0 as usize]));
                        if first {
                            let n = 1 + self.run(st, &m, at, d, most.saturating_sub(1));
                            longest = longest.max(n);
                            if longest >= most {
                                return longest;
                            }
                        }
                    }
                }
            }
        }
        longest
    }

    /// The sites of the line that ended the game: when an end rule that
    /// reads `line(...)` decided it, every row of that rule's pieces as
    /// long as it asks for or longer, for the side it held for; else none.
    /// For a picture's mark, not for play.
    pub fn winning_line(&self, st: &State) -> Vec<SiteId> {
        let EndedBy::Rule(i, side) = st.ended_by else {
            return Vec::new();
        };
        let Some(StateCond::Line {
            owner,
            named,
            kind,
            length,
            axes,
            ..
        }) = first_line(&self.ends[i as usize].when)
        else {
            return Vec::new();
        };
        let m = self.line_matcher(side, *owner, *named, *kind);
        let mut sites = Vec::new();
        for at in (0..self.board.n_sites() as u16).map(SiteId) {
            if !m.holds(st.board[at.0 as usize]) {
                continue;
            }
            for d in (0..4u8).filter(|&d| axes >> d & 1 == 1) {
                let starts = !(self.board.neighbor(at, d + 4))
                    .is_some_and(|b| m.holds(st.board[b.0 as usize]));
                // At most a site each: a line round a cycle of links ends.
                let most = self.board.n_sites() as u32;
                let n = 1 + self.run(st, &m, at, d, most);
                if starts && n >= *length {
                    let mut s = at;
                    sites.push(s);
                    for _ in 1..n {
                        match self.board.neighbor(s, d) {
                            Some(next) => s = next,
                            None => break,
                        }
                        sites.push(s);
                    }
                }
            }
        }
        sites.sort();
        sites.dedup();
        sites
    }
}

/// The first `line(...)` a condition reads, outside a `not`.
fn first_line(c: &StateCond) -> Option<&StateCond> {
    match c {
        StateCond::Line { .. } => Some(c),
        StateCond::And(cs) | StateCond::Or(cs) => cs.iter().find_map(first_line),
        _ => None,
    }
}
