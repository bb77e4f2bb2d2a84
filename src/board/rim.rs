//! Barrier slots on the rim (sides of squares with no square beyond), the
//! sides of each square, and which slots conflict.

use super::*;

/// The sides of a square, in [`Board::square_sides`] order: n, e, s, w.
const SIDE_STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Board {
    /// Lays out the rim slots of `rim_lengths` after the groove slots, the
    /// sides of every square, and the conflicts of every slot.
    pub(super) fn lay_rim(
        &mut self,
        id_of: &HashMap<(i32, i32), u16>,
        edge_of: &HashMap<(u16, u16), EdgeId>,
        rim_lengths: &[u8],
    ) {
        // Each rim side gets an edge of its own, after the lines' edges: it
        // blocks no step, so no crossing reads it.
        let mut rim_edge: HashMap<(u16, usize), EdgeId> = HashMap::new();
        let mut rim = Vec::new();
        for &len in rim_lengths {
            for orient in ['h', 'v'] {
                self.rim_runs(id_of, len, orient, &mut rim_edge, &mut rim);
            }
        }
        self.slots.extend(rim);
        if !self.slots.is_empty() {
            self.square_sides = self.sides_of_squares(id_of, edge_of, &rim_edge);
        }
        self.set_conflicts();
    }

    /// The rim slots of one length and orientation: runs of `len` square
    /// sides along a groove line, each with a square on one side only, the
    /// same side for all. Named by the square below or left of the first
    /// side and `h` or `v`, as the slots between squares are; or, with the
    /// square above or right of it, by that square and `s` (a bottom side)
    /// or `w` (a left side).
    fn rim_runs(
        &mut self,
        id_of: &HashMap<(i32, i32), u16>,
        len: u8,
        orient: char,
        rim_edge: &mut HashMap<(u16, usize), EdgeId>,
        out: &mut Vec<Slot>,
    ) {
        let l = len as i32;
        for y in -1..self.ranks {
            for x in -1..self.files {
                let cells = slot_cells((x, y), orient, l);
                // Per side: the square beside it, and which of its sides
                // (n, e, s, w) the slot bars.
                let beside: Vec<Option<(u16, bool)>> = cells
                    .iter()
                    .map(|(a, b)| match (id_of.get(a), id_of.get(b)) {
                        (Some(&s), None) => Some((s, true)),
                        (None, Some(&s)) => Some((s, false)),
                        _ => None,
                    })
                    .collect();
                let Some(Some((anchor, low))) = beside.first().copied() else {
                    continue;
                };
                if beside.iter().any(|b| b.is_none_or(|(_, lo)| lo != low)) {
                    continue;
                }
                let side = match (orient, low) {
                    ('h', true) => 0,
                    ('h', false) => 2,
                    (_, true) => 1,
                    (_, false) => 3,
                };
                let edges = beside
                    .iter()
                    .flatten()
                    .map(|&(s, _)| {
                        *rim_edge.entry((s, side)).or_insert_with(|| {
                            self.edge_ends.push((SiteId(s), SiteId(s)));
                            self.n_edges += 1;
                            (self.n_edges - 1) as EdgeId
                        })
                    })
                    .collect();
                let letter = match (orient, low) {
                    (o, true) => o,
                    ('h', false) => 's',
                    _ => 'w',
                };
                out.push(Slot {
                    name: format!("{}{}", self.sites[anchor as usize].name, letter),
                    orientation: orient,
                    length: len,
                    anchor: SiteId(anchor),
                    edges,
                    conflicts: Vec::new(),
                    corners: self.groove_corners((x, y), orient, l),
                    cell: (x, y),
                    rim: true,
                });
            }
        }
    }

    /// Per site, the edges of its four sides: the line to the square
    /// beside it, or its own rim edge, or none.
    fn sides_of_squares(
        &self,
        id_of: &HashMap<(i32, i32), u16>,
        edge_of: &HashMap<(u16, u16), EdgeId>,
        rim_edge: &HashMap<(u16, usize), EdgeId>,
    ) -> Vec<[EdgeId; 4]> {
        let mut sides = vec![[NO_EDGE; 4]; self.sites.len()];
        for (&(x, y), &s) in id_of {
            for (i, (dx, dy)) in SIDE_STEPS.iter().enumerate() {
                let line = id_of
                    .get(&(x + dx, y + dy))
                    .and_then(|&t| edge_of.get(&(s.min(t), s.max(t))));
                sides[s as usize][i] = match line {
                    Some(&e) => e,
                    None => rim_edge.get(&(s, i)).copied().unwrap_or(NO_EDGE),
                };
            }
        }
        sides
    }

    /// Slots conflict when they share an edge (overlap) or an inner corner
    /// (crossing): each slot's conflicts, gathered through indexes of the
    /// slots on each edge and through each inner corner.
    fn set_conflicts(&mut self) {
        let inner = |slot: &Slot| slot.corners[1..slot.length as usize].to_vec();
        let mut on_edge: HashMap<EdgeId, Vec<u16>> = HashMap::new();
        let mut through_corner: HashMap<u16, Vec<u16>> = HashMap::new();
        for (i, slot) in self.slots.iter().enumerate() {
            for &e in &slot.edges {
                on_edge.entry(e).or_default().push(i as u16);
            }
            for c in inner(slot) {
                through_corner.entry(c).or_default().push(i as u16);
            }
        }
        for i in 0..self.slots.len() {
            let mut conflicts: Vec<u16> = vec![i as u16];
            for e in &self.slots[i].edges {
                conflicts.extend(&on_edge[e]);
            }
            for c in inner(&self.slots[i]) {
                conflicts.extend(&through_corner[&c]);
            }
            conflicts.sort_unstable();
            conflicts.dedup();
            self.slots[i].conflicts = conflicts;
        }
    }

    /// Whether every side of `site` can be barred and is, `blocked` being
    /// the closed edges and `also` more: a square closed all round.
    #[inline]
    pub fn closed_all_round(&self, site: SiteId, blocked: &[u64], also: &[EdgeId]) -> bool {
        self.square_sides.get(site.0 as usize).is_some_and(|sides| {
            sides.iter().all(|&e| {
                e != NO_EDGE
                    && (blocked[(e / 64) as usize] >> (e % 64) & 1 == 1 || also.contains(&e))
            })
        })
    }
}
