//! The flat runs of the move tables: a piece whose moves are steps,
//! slides and leaps to distinct sites is read from one run of sites (or of
//! [`Leaf`]s, for two-segment rays), without a walker, and sampled site by
//! site by a random draw.

use super::*;
use crate::rules::tables::*;
use std::collections::HashSet;

impl MoveTables {
    /// The flat runs of every piece ([`MoveTables::flat_of`]), laid out by
    /// board value, then site, and whether any piece has one.
    pub(super) fn lay_out_flats(&mut self, rules: &Rules, n_sites: usize) {
        // Laid out by board value (1 + side × kinds + kind), then site.
        let by_piece: Vec<(Flat, Gates)> = (0..self.starts.len() - 1)
            .map(|i| self.flat_of(i))
            .collect();
        let n_kinds = rules.kinds.len();
        let laid: Vec<(Flat, Gates)> = (0..rules.sides.len() * n_kinds)
            .flat_map(|v| {
                let row = (v % n_kinds) * self.per_kind + (v / n_kinds) * self.per_side;
                by_piece[row..row + n_sites].to_vec()
            })
            .collect();
        let ungated = |&(f, g): &(Flat, Gates)| if g == Gates::default() { f } else { NOT_FLAT };
        self.flat = laid.iter().map(ungated).collect();
        if laid
            .iter()
            .any(|&(f, g)| f != NOT_FLAT && g != Gates::default())
        {
            self.gated_flat = laid;
        }
        self.any_flat = (self
            .flat
            .iter()
            .chain(self.gated_flat.iter().map(|(f, _)| f)))
        .any(|&f| f != NOT_FLAT && f.end > f.start);
    }

    /// The `i`-th piece's run of sites, if its moves are steps, slides and
    /// leaps of one segment, or of two whose second ends the move, and no
    /// two of the sites they end on are the same (so no move comes twice),
    /// followed by swaps only or gated entries only, if any; with when a
    /// gated run is the piece's moves ([`Gates`]). The landing sites of
    /// two-segment rays are laid out as [`Leaf`]s.
    fn flat_of(&mut self, i: usize) -> (Flat, Gates) {
        let gate_bit = |e: &Entry| match *e {
            Entry::Gated { gate, .. } => Some(1u64 << gate),
            _ => None,
        };
        let (start, end, open, rest) =
            match &self.entries[self.starts[i] as usize..self.starts[i + 1] as usize] {
                [] => (0, 0, 0, &[][..]),
                [Entry::Rays { start, end, .. }, rest @ ..] => (*start, *end, 0, rest),
                [first @ Entry::Gated { start, end, .. }, rest @ ..] => {
                    (*start, *end, gate_bit(first).unwrap_or(0), rest)
                }
                _ => return (NOT_FLAT, Gates::default()),
            };
        // Gated entries may follow, the run being the piece's moves while
        // their conditions do not hold; else only swaps.
        let closed = (rest.iter().map(gate_bit))
            .try_fold(0, |set, bit| bit.map(|b| set | b))
            .filter(|&set| set & open == 0);
        let closed = match closed {
            Some(set) => set,
            None if rest.iter().all(|e| matches!(e, Entry::Swaps { .. })) => 0,
            None => return (NOT_FLAT, Gates::default()),
        };
        let gates = Gates { open, closed };
        let swaps_follow = closed == 0 && !rest.is_empty();
        let swap_tokens = (rest.iter()).fold(0, |set, e| match *e {
            Entry::Swaps { token, .. } => set | token_bit(token),
            _ => set,
        });
        let sites = &self.sites[start as usize..end as usize];
        let mut seen = HashSet::new();
        if sites.iter().all(|rs| rs.next == 0 && seen.insert(rs.site)) {
            return (
                Flat {
                    start,
                    end,
                    swaps_follow,
                    nested: false,
                    swap_tokens,
                },
                gates,
            );
        }
        // Two segments: the sites a move may end on, in either.
        let mut leaves = Vec::new();
        seen.clear();
        for via in start..end {
            let rs = self.sites[via as usize];
            if rs.next == 0 {
                leaves.push(Leaf {
                    first: self.ray_first(start, via),
                    at: via,
                    via_first: u32::MAX,
                    via: u32::MAX,
                });
                continue;
            }
            let (s, e) = self.runs[rs.next as usize];
            for at in s..e {
                leaves.push(Leaf {
                    first: self.ray_first(s, at),
                    at,
                    via_first: self.ray_first(start, via),
                    via,
                });
            }
        }
        // Only the sites a move may end on: a slide's first sites before
        // its least distance are not.
        leaves.retain(|l| self.values[self.sites[l.at as usize].to as usize] != [0; 4]);
        let flat = leaves.iter().all(|l| {
            let rs = self.sites[l.at as usize];
            rs.next == 0 && seen.insert(rs.site)
        });
        if !flat {
            return (NOT_FLAT, Gates::default());
        }
        let start = self.leaves.len() as u32;
        self.leaves.extend(leaves);
        (
            Flat {
                start,
                end: self.leaves.len() as u32,
                swaps_follow,
                nested: true,
                swap_tokens,
            },
            gates,
        )
    }
}
