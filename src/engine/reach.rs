//! Reachability: breadth-first searches on the board graph, flood fills
//! over a grid's open lines, and the `reach` atoms that let barrier
//! placements be checked by the pieces' shortest paths.

use super::*;

/// Reused buffers for searches on the board graph.
#[derive(Default)]
struct Scratch {
    queue: Vec<u16>,
    /// Per site: the search that last visited it.
    mark: Vec<u32>,
    stamp: u32,
    /// Per site: the edge it was first reached through.
    via: Vec<EdgeId>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Per direction n, e, s, w: the squares with an open line that way.
pub(super) type Open = [[u64; 4]; 4];

impl Rules {
    /// The grid's open orthogonal lines with the `blocked` edges shut, when
    /// the board can be flood filled.
    pub(super) fn open_lines(&self, blocked: &[u64]) -> Option<Open> {
        let mut open = self.board.flood.as_ref()?.open;
        for (w, &word) in blocked.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.shut(
                    &mut open,
                    (w * 64) as EdgeId + bits.trailing_zeros() as EdgeId,
                );
                bits &= bits - 1;
            }
        }
        Some(open)
    }

    /// Shuts the line of edge `e` in both directions, if it is orthogonal.
    pub(super) fn shut(&self, open: &mut Open, e: EdgeId) {
        let (a, b) = self.board.edge_ends[e as usize];
        let (sa, sb) = (
            &self.board.sites[a.0 as usize],
            &self.board.sites[b.0 as usize],
        );
        // Directions n, e, s, w are rows 0 to 3 of `open`.
        let (from_a, from_b) = match (sb.x - sa.x, sb.y - sa.y) {
            (0, 1) => (0, 2),
            (1, 0) => (1, 3),
            (0, -1) => (2, 0),
            (-1, 0) => (3, 1),
            _ => return,
        };
        let (a, b) = (a.0 as usize, b.0 as usize);
        open[from_a][a / 64] &= !(1 << (a % 64));
        open[from_b][b / 64] &= !(1 << (b % 64));
    }

    /// Whether `from` reaches `goal` along the open lines in the compass
    /// directions of `dirs` (orthogonal ones only): every square reached
    /// so far moves one step at once, until the goal is met or nothing
    /// new is reached.
    pub(super) fn flood(&self, open: &Open, from: SiteId, goal: &SiteSet, dirs: u32) -> bool {
        let Some(grid) = &self.board.flood else {
            return false;
        };
        let mut goal_bits = [0u64; 4];
        for (g, &w) in goal_bits.iter_mut().zip(&goal.0) {
            *g = w;
        }
        let mut start = [0u64; 4];
        start[from.0 as usize / 64] |= 1 << (from.0 % 64);
        // Boards of up to 128 squares flood in one 128-bit number.
        if self.board.n_sites() <= 128 {
            flood_in::<u128>(grid.files, open, start, goal_bits, dirs)
        } else {
            flood_in::<[u64; 4]>(grid.files, open, start, goal_bits, dirs)
        }
    }

    /// The pieces of the `counted` sides, of one of the kinds, with their
    /// sides.
    pub(super) fn matching_pieces<'a>(
        &'a self,
        st: &'a State,
        counted: SideSet,
        kind: Kinds,
    ) -> impl Iterator<Item = (SiteId, SideId)> + 'a {
        let owners = (0..self.sides.len() as SideId).filter(move |&ps| counted >> ps & 1 == 1);
        owners.flat_map(move |ps| {
            self.pieces_of(st, ps)
                .filter(move |s| kind >> self.unman(st.board[s.0 as usize]).1 & 1 == 1)
                .map(move |s| (s, ps))
        })
    }

    /// Breadth-first search from `from` to any site of `goal`, stepping in
    /// `dirs` across open edges. With `path`, marks the edges of the
    /// shortest path found.
    pub(super) fn search(
        &self,
        from: SiteId,
        goal: &SiteSet,
        dirs: u32,
        blocked: &[u64],
        path: Option<&mut Vec<u64>>,
    ) -> bool {
        self.steps_to(from, goal, dirs, blocked, path).is_some()
    }

    /// [`Rules::search`]'s breadth-first search, giving the number of steps
    /// of the shortest path found.
    pub(super) fn steps_to(
        &self,
        from: SiteId,
        goal: &SiteSet,
        dirs: u32,
        blocked: &[u64],
        path: Option<&mut Vec<u64>>,
    ) -> Option<u32> {
        if goal.contains(from) {
            return Some(0);
        }
        SCRATCH.with(|cell| {
            let mut sc = cell.borrow_mut();
            let sc = &mut *sc;
            let n = self.board.n_sites();
            if sc.mark.len() < n {
                sc.mark.resize(n, 0);
                sc.via.resize(n, 0);
            }
            sc.stamp = sc.stamp.wrapping_add(1);
            if sc.stamp == 0 {
                sc.mark.iter_mut().for_each(|m| *m = 0);
                sc.stamp = 1;
            }
            let stamp = sc.stamp;
            sc.queue.clear();
            sc.queue.push(from.0);
            sc.mark[from.0 as usize] = stamp;
            let mut head = 0;
            // The queue's sites from `layer_end` on are one step further.
            let (mut steps, mut layer_end) = (1, 1);
            while head < sc.queue.len() {
                if head == layer_end {
                    (steps, layer_end) = (steps + 1, sc.queue.len());
                }
                let s = SiteId(sc.queue[head]);
                head += 1;
                let mut mask = dirs;
                while mask != 0 {
                    let d = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    let Some(t) = self.board.step(s, d, blocked) else {
                        continue;
                    };
                    if sc.mark[t.0 as usize] == stamp {
                        continue;
                    }
                    sc.mark[t.0 as usize] = stamp;
                    sc.via[t.0 as usize] = self.board.step_edge(s, d).unwrap_or(EdgeId::MAX);
                    if goal.contains(t) {
                        if let Some(path) = path {
                            // Walk back along the edges that reached each site.
                            let mut cur = t;
                            while cur != from {
                                let e = sc.via[cur.0 as usize];
                                path[(e / 64) as usize] |= 1 << (e % 64);
                                let (a, b) = self.board.edge_ends[e as usize];
                                cur = if a == cur { b } else { a };
                            }
                        }
                        return Some(steps);
                    }
                    sc.queue.push(t.0);
                }
            }
            None
        })
    }
}

impl Rules {
    /// Whether every site reaches every other stepping in `dirs` across
    /// open edges: the search from the first site, with no goal, marks
    /// every site it reaches.
    pub(super) fn connected(&self, dirs: u32, blocked: &[u64]) -> bool {
        let n = self.board.n_sites();
        if n == 0 {
            return true;
        }
        let nowhere = SiteSet::new(n);
        let from = SiteId(0);
        let _ = self.search(from, &nowhere, dirs, blocked, None);
        SCRATCH.with(|cell| {
            let sc = cell.borrow();
            sc.mark[..n].iter().all(|&m| m == sc.stamp)
        })
    }
}

/// A set of grid squares as bits, for flood fills: in one 128-bit number,
/// or in four words.
trait Lanes: Copy + PartialEq {
    fn from_words(w: [u64; 4]) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    /// Towards higher squares by `k`.
    fn up(self, k: u32) -> Self;
    /// Towards lower squares by `k`.
    fn down(self, k: u32) -> Self;
    fn is_empty(self) -> bool;
}

impl Lanes for u128 {
    fn from_words(w: [u64; 4]) -> Self {
        u128::from(w[0]) | u128::from(w[1]) << 64
    }
    fn and(self, o: Self) -> Self {
        self & o
    }
    fn or(self, o: Self) -> Self {
        self | o
    }
    fn up(self, k: u32) -> Self {
        self << k
    }
    fn down(self, k: u32) -> Self {
        self >> k
    }
    fn is_empty(self) -> bool {
        self == 0
    }
}

impl Lanes for [u64; 4] {
    fn from_words(w: [u64; 4]) -> Self {
        w
    }
    fn and(self, o: Self) -> Self {
        std::array::from_fn(|i| self[i] & o[i])
    }
    fn or(self, o: Self) -> Self {
        std::array::from_fn(|i| self[i] | o[i])
    }
    fn up(self, k: u32) -> Self {
        std::array::from_fn(|i| self[i] << k | if i > 0 { self[i - 1] >> (64 - k) } else { 0 })
    }
    fn down(self, k: u32) -> Self {
        std::array::from_fn(|i| self[i] >> k | if i < 3 { self[i + 1] << (64 - k) } else { 0 })
    }
    fn is_empty(self) -> bool {
        self == [0; 4]
    }
}

/// Whether a flood fill from `start` along the open lines of a grid `files`
/// wide, in the orthogonal directions of `dirs`, meets `goal`.
fn flood_in<L: Lanes>(files: u32, open: &Open, start: [u64; 4], goal: [u64; 4], dirs: u32) -> bool {
    let goal = L::from_words(goal);
    let open: [L; 4] = std::array::from_fn(|d| L::from_words(open[d]));
    // Directions n, e, s, w: bits 0, 2, 4, 6 of `dirs`.
    let allowed: [bool; 4] = std::array::from_fn(|d| dirs >> (2 * d) & 1 == 1);
    let mut reach = L::from_words(start);
    loop {
        if !reach.and(goal).is_empty() {
            return true;
        }
        let mut next = reach;
        for d in (0..4).filter(|&d| allowed[d]) {
            let from = reach.and(open[d]);
            next = next.or(match d {
                0 => from.up(files),
                1 => from.up(1),
                2 => from.down(files),
                _ => from.down(1),
            });
        }
        if next == reach {
            return false;
        }
        reach = next;
    }
}

impl Rules {
    /// The `reach` conditions the constraints are made of, when they are
    /// all `reach` (anded), hold for every side, follow orthogonal lines
    /// (a diagonal step passes a corner, not a single edge) and the board is
    /// a full grid: then placements are checked by
    /// [`Plan::Reach`](super::placement::Plan::Reach).
    pub(crate) fn reach_atoms(&self) -> Option<Vec<ReachAtom>> {
        let mut atoms = Vec::new();
        let all_reach = (self.constraints.iter())
            .all(|c| c.sides.is_none() && collect_reach(&c.rule, &mut atoms));
        let orthogonal = atoms.iter().all(|a| a.4 & 0b1010_1010 == 0);
        (self.board.full_grid && all_reach && orthogonal).then_some(atoms)
    }
}

/// Collects the `reach` atoms of a conjunction; false if it has anything else.
pub(super) fn collect_reach(c: &StateCond, out: &mut Vec<ReachAtom>) -> bool {
    match c {
        StateCond::Reach {
            owner,
            named,
            kind,
            region,
            dirs,
        } => {
            out.push((*owner, *named, *kind, *region, *dirs));
            true
        }
        StateCond::And(cs) => cs.iter().all(|c| collect_reach(c, out)),
        StateCond::Const(true) => true,
        _ => false,
    }
}
