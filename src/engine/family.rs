//! Families of regions in play: `in FAMILY where (C)`, `in FAMILY matching
//! last`, `count(FAMILY where C)`, `line(FAMILY where C, N, DIRS)`, and a
//! row of pieces inside one region, `line(OWNER KIND in REGION, N, DIRS)`.

use super::cond::Mover;
use super::line::Matcher;
use super::*;

impl Rules {
    /// `in FAMILY where (C)`: the region of the family holding `s` meets
    /// its condition, seen from the mover.
    pub(super) fn in_member_where(
        &self,
        st: &State,
        m: Mover,
        family: u16,
        conds: &[StateCond],
        s: SiteId,
    ) -> bool {
        let member = self.families[family as usize].member_of[s.0 as usize];
        member != NO_MEMBER
            && self.eval_state_asking(&conds[member as usize], st, m.side, &st.blocked, m.asking)
    }

    /// `in FAMILY matching last`: `s` is in the region whose index is the
    /// place of the last move's site in its own region of the family.
    pub(super) fn matching_last(&self, st: &State, family: u16, s: SiteId) -> bool {
        let f = &self.families[family as usize];
        let last = st.last[1];
        last != NOWHERE
            && f.member_of[last.0 as usize] != NO_MEMBER
            && f.member_of[s.0 as usize] == f.place[last.0 as usize]
    }

    /// The regions (bit `i`: the `i`-th) that meet their condition.
    pub(super) fn members_meeting(
        &self,
        conds: &[StateCond],
        st: &State,
        side: SideId,
        asking: Asking,
    ) -> u64 {
        conds.iter().enumerate().fold(0, |mask, (i, c)| {
            let holds = self.eval_state_asking(c, st, side, &st.blocked, asking);
            mask | u64::from(holds) << i
        })
    }

    /// `line(FAMILY where C, N, DIRS)`: every region of some row meets C.
    pub(super) fn member_line(
        &self,
        (conds, rows): (&[StateCond], &[u64]),
        st: &State,
        side: SideId,
        asking: Asking,
    ) -> bool {
        let meeting = self.members_meeting(conds, st, side, asking);
        rows.iter().any(|&row| row & !meeting == 0)
    }

    /// How many matching pieces follow `at` along `d` inside `region`,
    /// counting up to `most`.
    fn run_within(
        &self,
        st: &State,
        (m, region): (&Matcher, &SiteSet),
        mut at: SiteId,
        d: u8,
        most: u32,
    ) -> u32 {
        let mut n = 0;
        while n < most {
            match self.board.neighbor(at, d) {
                Some(next) if region.contains(next) && m.holds(st.board[next.0 as usize]) => {
                    at = next;
                    n += 1;
                }
                _ => break,
            }
        }
        n
    }

    /// Whether a row of `length` or more matching pieces, all in `region`,
    /// passes through `at` along one of the `axes`.
    pub(super) fn line_through_within(
        &self,
        st: &State,
        (m, region): (&Matcher, &SiteSet),
        at: SiteId,
        length: u32,
        axes: u8,
    ) -> bool {
        if !region.contains(at) || !m.holds(st.board[at.0 as usize]) {
            return false;
        }
        (0..4u8).filter(|&d| axes >> d & 1 == 1).any(|d| {
            let ahead = self.run_within(st, (m, region), at, d, length - 1);
            let behind = self.run_within(st, (m, region), at, d + 4, length - 1 - ahead);
            1 + ahead + behind >= length
        })
    }

    /// `line(OWNER KIND in REGION, N, DIRS)` seen from `side`, read from
    /// the region's rows: the matching pieces' sites, in the words the rows
    /// span, cover one of them.
    pub(super) fn line_in_rows(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        rows: &RowMasks,
    ) -> bool {
        let words = self.board.n_sites().div_ceil(64);
        let mut filled = [0u64; RowMasks::MOST_WORDS];
        let filled = &mut filled[..rows.span];
        let mut sides = self.counted(side, owner, named);
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            let from = s * words + rows.first;
            let theirs = &st.pieces[from..from + rows.span];
            filled.iter_mut().zip(theirs).for_each(|(f, &w)| *f |= w);
        }
        filled
            .iter_mut()
            .zip(&rows.sites)
            .for_each(|(f, &w)| *f &= w);
        if filled.iter().map(|f| f.count_ones()).sum::<u32>() < rows.length {
            return false;
        }
        let every_kind = ((1u128 << self.kinds.len()) - 1) as Kinds;
        if kind & every_kind != every_kind {
            // Some of the sides' pieces are of other kinds: leave them out.
            let m = self.line_matcher(side, owner, named, kind);
            for (i, f) in filled.iter_mut().enumerate() {
                let mut bits = *f;
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    if !m.holds(st.board[(rows.first + i) * 64 + b as usize]) {
                        *f &= !(1 << b);
                    }
                }
            }
        }
        rows.covered(filled)
    }

    /// `line(OWNER KIND in REGION, N, DIRS)` seen from `side`: a row of
    /// `length` matching pieces in the region (its part for `side`).
    pub(super) fn line_within(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        (length, axes): (u32, u8),
        region: RegionId,
        through: Option<SiteId>,
    ) -> bool {
        let m = self.line_matcher(side, owner, named, kind);
        let set = &self.regions[region as usize].per_side[side as usize];
        match through {
            Some(at) => self.line_through_within(st, (&m, set), at, length, axes),
            None => set.iter().any(|at| {
                // Each row from its first piece: none behind it in the region.
                m.holds(st.board[at.0 as usize])
                    && (0..4u8).filter(|&d| axes >> d & 1 == 1).any(|d| {
                        let first = !self
                            .board
                            .neighbor(at, d + 4)
                            .is_some_and(|b| set.contains(b) && m.holds(st.board[b.0 as usize]));
                        first && 1 + self.run_within(st, (&m, set), at, d, length - 1) >= length
                    })
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::rows::{region_rows, site_rows};
    use crate::diag::Sources;

    /// Every shipped game, compiled (its `extends` read beside it).
    fn shipped() -> Vec<(String, Rules)> {
        let games = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        let mut files: Vec<_> = (std::fs::read_dir(&games).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        let mut read_base = |from: &str, path: &str| {
            let base = std::path::Path::new(from).parent().unwrap().join(path);
            let text = std::fs::read_to_string(&base).map_err(|e| e.to_string())?;
            Ok((base.to_string_lossy().into_owned(), text))
        };
        (files.iter())
            .map(|path| {
                let name = path.to_string_lossy().into_owned();
                let mut sources = Sources::new();
                let id = sources.add(&name, std::fs::read_to_string(path).unwrap());
                let rules = crate::compile::load(&mut sources, id, &mut read_base)
                    .unwrap_or_else(|_| panic!("{name} compiles"))
                    .0;
                (name, rules)
            })
            .collect()
    }

    /// The rows of a region, and the rows through a site, find a line
    /// exactly where walking the pieces does, on random fills of every
    /// shipped game's board: boards of one word and of several (blocks
    /// across two words), points joined by lines, regions per side, every
    /// owner, kinds all or some.
    #[test]
    fn rows_and_walking_find_the_same_lines() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut compared = 0;
        for (game, rules) in shipped() {
            let mut st = rules.initial();
            let (n_sides, n_kinds) = (rules.sides.len(), rules.kinds.len());
            if n_kinds == 0 {
                continue;
            }
            let values = (n_sides * n_kinds) as u64;
            let kind_sets = [
                u64::MAX >> (64 - n_kinds),
                1,
                0b101 & (u64::MAX >> (64 - n_kinds)),
            ];
            for _ in 0..12 {
                let fill = next() % 4;
                for s in 0..rules.board.n_sites() {
                    let r = next();
                    let v = if r % 4 < fill {
                        1 + (r >> 8) % values
                    } else {
                        0
                    };
                    rules.put(&mut st, SiteId(s as u16), v as u8);
                }
                for (length, axes) in [(1, 1), (3, 15), (4, 15), (5, 10)] {
                    let Some(rows) = site_rows(&rules.board, length, axes) else {
                        continue;
                    };
                    for side in 0..n_sides as SideId {
                        for kind in kind_sets {
                            let m = rules.line_matcher(side, Owner::Own, 0, kind);
                            for s in 0..rules.board.n_sites() {
                                let at = SiteId(s as u16);
                                let pieces = (Owner::Own, 0, kind);
                                let by_rows = rules.line_in_rows(&st, side, pieces, &rows.per[s]);
                                let walked = rules.line_through(&st, &m, at, length, axes);
                                assert_eq!(by_rows, walked, "{game} through {s} {length} {axes}");
                                compared += usize::from(by_rows);
                            }
                        }
                    }
                }
                for (id, region) in rules.regions.iter().enumerate() {
                    for (length, axes) in [(1, 1), (2, 15), (3, 15), (3, 2), (4, 5), (5, 10)] {
                        let Some(rows) = region_rows(&rules.board, region, length, axes) else {
                            continue;
                        };
                        for side in 0..n_sides as SideId {
                            for owner in [Owner::Own, Owner::Enemy, Owner::Any] {
                                for kind in kind_sets {
                                    let pieces = (owner, 0, kind);
                                    let by_rows = rules.line_in_rows(
                                        &st,
                                        side,
                                        pieces,
                                        &rows.per[side as usize],
                                    );
                                    let walked = rules.line_within(
                                        &st,
                                        side,
                                        pieces,
                                        (length, axes),
                                        id as RegionId,
                                        None,
                                    );
                                    assert_eq!(
                                        by_rows, walked,
                                        "{game} {} {length} {axes}",
                                        region.name
                                    );
                                    compared += usize::from(by_rows);
                                }
                            }
                        }
                    }
                }
            }
        }
        // Some lines were there to find.
        assert!(compared > 1000, "{compared}");
    }
}
