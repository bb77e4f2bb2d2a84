//! The flat runs of the move tables: a piece whose moves are steps,
//! slides and leaps to distinct sites is read from one run of sites (or of
//! [`Leaf`]s, for two-segment rays), without a walker, and sampled site by
//! site by a random draw.

use super::*;
use crate::rules::tables::*;
use std::collections::hash_map::Entry as Slot;
use std::collections::{HashMap, HashSet};

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
    /// two-segment rays, or of rays in more than one entry, are laid out
    /// as [`Leaf`]s, one per site: the other ways to the same site are its
    /// alternatives ([`Leaf::alt`]).
    fn flat_of(&mut self, i: usize) -> (Flat, Gates) {
        let gate_bit = |e: &Entry| match *e {
            Entry::Gated { gate, .. } => Some(1u64 << gate),
            _ => None,
        };
        let entries = &self.entries[self.starts[i] as usize..self.starts[i + 1] as usize];
        // The rays of the piece's first entries, each a run of sites.
        let rays = |e: &Entry| match *e {
            Entry::Rays { start, end, .. } => Some((start, end)),
            _ => None,
        };
        let (runs, open, rest): (Vec<(u32, u32)>, u64, &[Entry]) = match entries {
            [] => (vec![(0, 0)], 0, &[][..]),
            [Entry::Rays { .. }, ..] => {
                let runs: Vec<(u32, u32)> = entries.iter().map_while(rays).collect();
                let rest = &entries[runs.len()..];
                (runs, 0, rest)
            }
            [first @ Entry::Gated { start, end, .. }, rest @ ..] => {
                (vec![(*start, *end)], gate_bit(first).unwrap_or(0), rest)
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
        let flat = |start, end, nested| {
            let f = Flat {
                start,
                end,
                swaps_follow,
                nested,
                swap_tokens,
            };
            (f, gates)
        };
        let mut seen = HashSet::new();
        if let [(start, end)] = runs[..] {
            let sites = &self.sites[start as usize..end as usize];
            if sites.iter().all(|rs| rs.next == 0 && seen.insert(rs.site)) {
                return flat(start, end, false);
            }
        }
        // Two segments, or several entries: the sites a move may end on.
        let mut leaves = Vec::new();
        for &(start, end) in &runs {
            self.push_leaves(start, end, &mut leaves);
        }
        // Only the sites a move may end on: a slide's first sites before
        // its least distance are not.
        leaves.retain(|l| self.values[self.sites[l.at as usize].to as usize] != [0; 4]);
        if leaves.iter().any(|l| self.sites[l.at as usize].next != 0) {
            return (NOT_FLAT, Gates::default());
        }
        // One leaf per site; the other ways there are its alternatives.
        let (mut first, mut others) = (Vec::new(), Vec::new());
        let mut index = HashMap::new();
        for l in leaves {
            match index.entry(self.sites[l.at as usize].site) {
                Slot::Vacant(v) => {
                    v.insert(first.len());
                    first.push(l);
                }
                Slot::Occupied(o) => others.push((*o.get(), l)),
            }
        }
        let start = self.leaves.len() as u32;
        let end = start + first.len() as u32;
        let mut last: Vec<u32> = (start..end).collect();
        self.leaves.extend(first);
        for (k, l) in others {
            let at = self.leaves.len() as u32;
            self.leaves[last[k] as usize].alt = at;
            last[k] = at;
            self.leaves.push(l);
        }
        flat(start, end, true)
    }

    /// The leaves of the run `sites[start..end]`: its sites that end a
    /// move, and the sites of the second segment's rays where it goes on.
    fn push_leaves(&self, start: u32, end: u32, leaves: &mut Vec<Leaf>) {
        for via in start..end {
            let rs = self.sites[via as usize];
            if rs.next == 0 {
                leaves.push(Leaf {
                    first: self.ray_first(start, via),
                    at: via,
                    via_first: u32::MAX,
                    via: u32::MAX,
                    alt: NO_LEAF,
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
                    alt: NO_LEAF,
                });
            }
        }
    }
}
