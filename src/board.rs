//! Boards: built as a petgraph graph from generators, checked, lowered to flat tables.
//!
//! The builder is the only module that knows petgraph. Play sees [`Board`]:
//! per site and direction the neighbour, per site and direction the board
//! edges a barrier must leave open for the step, and the barrier slots with
//! the edges they cover and the slots they conflict with.

use petgraph::graph::{NodeIndex, UnGraph};
use std::collections::HashMap;

mod rim;

/// A site of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SiteId(pub u16);

/// An undirected board edge that barriers can block.
pub type EdgeId = u32;

/// Marks "no site" and "no edge" in the tables.
pub const NONE: u16 = u16::MAX;
const NO_EDGE: EdgeId = EdgeId::MAX;

/// The compass directions of grid boards, clockwise from north; their index
/// is their rotation in eighths of a turn, which relative directions use.
pub const COMPASS: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
const COMPASS_STEP: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

#[derive(Clone, Debug)]
pub struct Site {
    pub name: String,
    /// Drawing coordinates: file and rank index on a grid.
    pub x: i32,
    pub y: i32,
}

/// A groove position where a barrier can stand.
#[derive(Clone, Debug)]
pub struct Slot {
    /// `e3h`: the anchor site nearest a1 and the orientation letter.
    pub name: String,
    pub orientation: char,
    pub length: u8,
    /// The square nearest a1 of those the barrier touches.
    pub anchor: SiteId,
    /// The board edges this barrier blocks.
    pub edges: Vec<EdgeId>,
    /// Slots that cannot hold a barrier at the same time as this one
    /// (overlapping or crossing), this slot included.
    pub conflicts: Vec<u16>,
    /// The groove corners the barrier runs through, end to end, as
    /// [`Board::corner`] ids.
    pub corners: Vec<u16>,
    /// The grid cell (file, rank from 0) along whose top (`h`) or right
    /// side (`v`) the slot starts: the anchor's, or one off the grid for a
    /// slot along the bottom or left rim.
    pub cell: (i32, i32),
    /// Whether it lies on the rim: beside one square only.
    pub rim: bool,
}

/// How a step in one direction from one site meets barriers.
#[derive(Copy, Clone, Debug)]
enum Crossing {
    /// Nothing can block it.
    Open,
    /// Blocked when this edge is.
    Edge(EdgeId),
    /// A diagonal step across a groove corner: open while at least one of
    /// the two orthogonal two-step routes around the corner is open.
    Corner([EdgeId; 4]),
}

#[derive(Clone, Debug)]
pub struct Board {
    pub sites: Vec<Site>,
    /// The name of each direction: the compass, then the labels of links
    /// (a label appears once per line a site can have with it).
    pub dirs: Vec<String>,
    n_dirs: usize,
    /// Sites from this index on are extra sites, not squares of the grid.
    first_extra: usize,
    /// The directions of each link label, as a mask.
    label_masks: HashMap<String, u32>,
    pub files: i32,
    pub ranks: i32,
    neighbor: Vec<u16>,
    crossing: Vec<Crossing>,
    pub n_edges: usize,
    /// The endpoints of every edge, for drawing barriers.
    pub edge_ends: Vec<(SiteId, SiteId)>,
    pub slots: Vec<Slot>,
    site_index: HashMap<String, SiteId>,
    /// Whether the board is a full rectangle, so that its groove corners on
    /// the rim form one closed border (see [`Board::corner`]).
    pub full_grid: bool,
    /// The orthogonal openings of a full grid small enough for a
    /// bit-parallel flood fill.
    pub flood: Option<Flood>,
    /// Per groove corner, its set before any barrier: one set for the whole
    /// rim (a closed border), every other corner alone.
    pub corner_roots: Vec<u16>,
    /// Grid squares (holes) an extra site is drawn over besides its own
    /// square, for pictures: `(x, y, site)`.
    pub areas: Vec<(i32, i32, SiteId)>,
    /// Per grid cell (x + y × files): its square, or `NONE` for a hole.
    square_at: Vec<u16>,
    /// Per site, the edges of its four sides (n, e, s, w) that barriers can
    /// bar, `NO_EDGE` for a side none can; empty on a board without slots.
    pub square_sides: Vec<[EdgeId; 4]>,
}

/// A full grid of at most [`FLOOD_SITES`] squares, numbered `y × files + x`,
/// for flood fills that move a whole set of squares at once: per direction
/// n, e, s, w, the squares with a neighbour that way.
#[derive(Clone, Debug)]
pub struct Flood {
    pub files: u32,
    pub open: [[u64; 4]; 4],
}

/// The most squares a [`Flood`] covers: four 64-bit words.
pub const FLOOD_SITES: usize = 256;

/// The (files, ranks) step of a compass direction (0 = n, clockwise).
pub fn compass_step(d: u8) -> (i32, i32) {
    COMPASS_STEP[d as usize % 8]
}

/// The name of file `x` (0-based): a..z, then aa, ab, ...
pub fn file_name(x: i32) -> String {
    if x < 0 {
        // Left of the grid (a site drawn beside it): no file.
        return String::new();
    }
    let mut x = x;
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (x % 26) as u8);
        x = x / 26 - 1;
        if x < 0 {
            break;
        }
    }
    s.reverse();
    String::from_utf8(s).expect("ascii")
}

/// The pairs of grid squares a slot of length `l` anchored at `(x, y)`
/// separates: along their tops (`h`) or their right sides (`v`).
fn slot_cells((x, y): (i32, i32), orient: char, l: i32) -> Vec<((i32, i32), (i32, i32))> {
    (0..l)
        .map(|i| match orient {
            'h' => ((x + i, y), (x + i, y + 1)),
            _ => ((x, y + i), (x + 1, y + i)),
        })
        .collect()
}

/// Why a name of the form of a slot (`c3h`) is no slot of the board: the
/// holes a barrier there would touch, and whether it would run along or
/// past the edge of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingSlot {
    pub holes: Vec<String>,
    pub off_grid: bool,
}

/// What a board is made of: a grid less its holes, diagonal lines where
/// allowed, extra sites, labelled links, and barrier slots.
#[derive(Clone, Debug, Default)]
pub struct GridSpec<'a> {
    pub files: i32,
    pub ranks: i32,
    pub holes: &'a [(i32, i32)],
    /// With this list, a diagonal line joins two squares only when both are in it.
    pub diagonal_sites: Option<&'a [(i32, i32)]>,
    /// Sites beyond the grid: a name, and where on the grid it is drawn.
    pub extra_sites: &'a [(String, (i32, i32))],
    /// Lines beyond the grid's: a label and the names of the two sites.
    pub links: &'a [(String, String, String)],
    pub slot_lengths: &'a [u8],
    /// The lengths of barrier kinds that may also lie on the rim.
    pub rim_lengths: &'a [u8],
}

/// A node of the board graph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Node {
    Square(i32, i32),
    Extra(usize),
}

/// An edge of the board graph: a compass adjacency (n, ne, e, se from its
/// south-west end) or a labelled link.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Line {
    Compass(u8),
    Label(u16),
}

/// The most directions (compass and labelled) a board can have: direction
/// sets are 32-bit masks.
pub const MAX_DIRS: usize = 32;

/// Largest grid side accepted: keeps boards, and their tables, small.
pub const MAX_GRID_SIDE: i32 = 64;

impl Board {
    /// Builds the board a [`GridSpec`] describes, or says why it cannot.
    pub fn grid(spec: &GridSpec) -> Result<Board, String> {
        let (files, ranks) = (spec.files, spec.ranks);
        // Build the graph: nodes are squares and extra sites, edges the
        // orthogonal and diagonal adjacencies between existing squares and
        // the labelled links.
        let mut graph: UnGraph<Node, Line> = UnGraph::new_undirected();
        let mut node_at: HashMap<(i32, i32), NodeIndex> = HashMap::new();
        for y in 0..ranks {
            for x in 0..files {
                if !spec.holes.contains(&(x, y)) {
                    node_at.insert((x, y), graph.add_node(Node::Square(x, y)));
                }
            }
        }
        let diagonal_ok = |p: (i32, i32)| spec.diagonal_sites.is_none_or(|list| list.contains(&p));
        for y in 0..ranks {
            for x in 0..files {
                let Some(&a) = node_at.get(&(x, y)) else {
                    continue;
                };
                // Each undirected adjacency once: n, ne, e, se.
                for (d, (dx, dy)) in COMPASS_STEP.iter().enumerate().take(4) {
                    if d % 2 == 1 && !(diagonal_ok((x, y)) && diagonal_ok((x + dx, y + dy))) {
                        continue;
                    }
                    if let Some(&b) = node_at.get(&(x + dx, y + dy)) {
                        graph.add_edge(a, b, Line::Compass(d as u8));
                    }
                }
            }
        }
        let mut node_named: HashMap<String, NodeIndex> = node_at
            .iter()
            .map(|(&(x, y), &n)| (format!("{}{}", file_name(x), y + 1), n))
            .collect();
        for (i, (name, _)) in spec.extra_sites.iter().enumerate() {
            if node_named.contains_key(name) {
                return Err(format!("the site `{name}` is defined twice"));
            }
            node_named.insert(name.clone(), graph.add_node(Node::Extra(i)));
        }
        let mut labels: Vec<String> = Vec::new();
        for (label, a, b) in spec.links {
            let (Some(&na), Some(&nb)) = (node_named.get(a), node_named.get(b)) else {
                return Err(format!("`{a}-{b}` joins a site that does not exist"));
            };
            if na == nb {
                return Err(format!("`{a}-{b}` joins a site to itself"));
            }
            // A compass label: a line of the grid's own direction, drawn
            // across holes (the compiler checked the geometry). Stored from
            // its south-west end, as the grid's lines are.
            if let Some(d) = COMPASS.iter().position(|c| c == label) {
                let (d, from, to) = match d < 4 {
                    true => (d, na, nb),
                    false => (d - 4, nb, na),
                };
                if graph.find_edge(from, to).is_none() {
                    graph.add_edge(from, to, Line::Compass(d as u8));
                }
                continue;
            }
            let li = match labels.iter().position(|l| l == label) {
                Some(i) => i,
                None => {
                    labels.push(label.clone());
                    labels.len() - 1
                }
            };
            graph.add_edge(na, nb, Line::Label(li as u16));
        }
        let full = spec.holes.is_empty() && spec.extra_sites.is_empty() && spec.links.is_empty();
        Self::lower(&graph, spec, &labels, full)
    }

    /// Lowers the graph to the flat tables used in play.
    fn lower(
        graph: &UnGraph<Node, Line>,
        spec: &GridSpec,
        labels: &[String],
        full: bool,
    ) -> Result<Board, String> {
        let (files, ranks) = (spec.files, spec.ranks);
        let (sites, numbering) = Self::number_sites(graph, spec);
        let (dirs, label_dirs) = Self::directions(graph, labels, &numbering, sites.len())?;
        let nd = dirs.len();
        let lines = Self::join_lines(graph, &numbering, &label_dirs, sites.len(), nd);
        let crossing = Self::crossings(&lines, sites.len(), nd);
        let Lines {
            neighbor,
            edge_of,
            edge_ends,
        } = lines;
        let Numbering { id_of, first_extra } = numbering;
        let site_index = sites
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.clone(), SiteId(i as u16)))
            .collect();
        let mut label_masks = HashMap::new();
        for (li, ids) in label_dirs.iter().enumerate() {
            label_masks.insert(
                labels[li].clone(),
                ids.iter().fold(0u32, |m, &d| m | 1 << d),
            );
        }
        let mut board = Board {
            sites,
            dirs,
            n_dirs: nd,
            first_extra,
            label_masks,
            files,
            ranks,
            neighbor,
            crossing,
            n_edges: edge_ends.len(),
            edge_ends,
            slots: Vec::new(),
            site_index,
            square_at: {
                let mut at = vec![NONE; (files * ranks) as usize];
                for (&(x, y), &id) in &id_of {
                    at[(x + y * files) as usize] = id;
                }
                at
            },
            full_grid: full,
            areas: Vec::new(),
            flood: None,
            corner_roots: Vec::new(),
            square_sides: Vec::new(),
        };
        board.slots = board.groove_slots(&id_of, &edge_of, spec.slot_lengths);
        board.lay_rim(&id_of, &edge_of, spec.rim_lengths);
        board.flood = board.flood_masks();
        let rim = (0..board.n_corners() as u16)
            .find(|&c| board.is_rim_corner(c))
            .unwrap_or(0);
        board.corner_roots = (0..board.n_corners() as u16)
            .map(|c| if board.is_rim_corner(c) { rim } else { c })
            .collect();
        Ok(board)
    }

    /// The sites: squares numbered rank by rank from a1, then the extra
    /// sites in the order the file gives them, whatever the graph order.
    fn number_sites(graph: &UnGraph<Node, Line>, spec: &GridSpec) -> (Vec<Site>, Numbering) {
        let mut sites = Vec::new();
        let mut id_of: HashMap<(i32, i32), u16> = HashMap::new();
        let mut squares: Vec<(i32, i32)> = graph
            .node_weights()
            .filter_map(|n| match n {
                Node::Square(x, y) => Some((*x, *y)),
                Node::Extra(_) => None,
            })
            .collect();
        squares.sort_by_key(|&(x, y)| (y, x));
        for &(x, y) in &squares {
            id_of.insert((x, y), sites.len() as u16);
            sites.push(Site {
                name: format!("{}{}", file_name(x), y + 1),
                x,
                y,
            });
        }
        let first_extra = sites.len();
        for (name, (x, y)) in spec.extra_sites {
            sites.push(Site {
                name: name.clone(),
                x: *x,
                y: *y,
            });
        }
        (sites, Numbering { id_of, first_extra })
    }

    /// Directions: the compass, then for each label as many as the most
    /// lines of that label any one site has (and those, per label).
    fn directions(
        graph: &UnGraph<Node, Line>,
        labels: &[String],
        numbering: &Numbering,
        n_sites: usize,
    ) -> Result<(Vec<String>, Vec<Vec<u8>>), String> {
        let mut dirs: Vec<String> = COMPASS.iter().map(|s| s.to_string()).collect();
        let mut label_dirs: Vec<Vec<u8>> = Vec::new();
        for (li, label) in labels.iter().enumerate() {
            let mut per_site = vec![0usize; n_sites];
            for e in graph.edge_indices() {
                if graph[e] == Line::Label(li as u16) {
                    let (a, b) = graph.edge_endpoints(e).expect("edge of this graph");
                    per_site[numbering.site_of(&graph[a]) as usize] += 1;
                    per_site[numbering.site_of(&graph[b]) as usize] += 1;
                }
            }
            let most = per_site.into_iter().max().unwrap_or(0);
            let ids: Vec<u8> = (0..most).map(|k| (dirs.len() + k) as u8).collect();
            for _ in 0..most {
                dirs.push(label.clone());
            }
            label_dirs.push(ids);
        }
        if dirs.len() > MAX_DIRS {
            return Err(format!(
                "the links need {} directions, more than the {MAX_DIRS} a board can have",
                dirs.len()
            ));
        }
        Ok((dirs, label_dirs))
    }

    /// Each site's neighbour in each of the `nd` directions, and the edges
    /// (orthogonal compass lines) that barriers may close.
    fn join_lines(
        graph: &UnGraph<Node, Line>,
        numbering: &Numbering,
        label_dirs: &[Vec<u8>],
        n_sites: usize,
        nd: usize,
    ) -> Lines {
        let mut neighbor = vec![NONE; n_sites * nd];
        let mut edge_of: HashMap<(u16, u16), EdgeId> = HashMap::new();
        let mut edge_ends = Vec::new();
        for e in graph.edge_indices() {
            let (a, b) = graph.edge_endpoints(e).expect("edge of this graph");
            let (sa, sb) = (numbering.site_of(&graph[a]), numbering.site_of(&graph[b]));
            match graph[e] {
                Line::Compass(d) => {
                    let d = d as usize;
                    // Compass edges run from their south-west (smaller x, then
                    // smaller y) end.
                    let (from, to) = if graph[a] < graph[b] {
                        (sa, sb)
                    } else {
                        (sb, sa)
                    };
                    neighbor[from as usize * nd + d] = to;
                    neighbor[to as usize * nd + (d + 4) % 8] = from;
                    if d.is_multiple_of(2) {
                        let id = edge_ends.len() as EdgeId;
                        edge_ends.push((SiteId(from), SiteId(to)));
                        edge_of.insert((from.min(to), from.max(to)), id);
                    }
                }
                Line::Label(li) => {
                    // The first free direction of this label at each end.
                    for (x, y) in [(sa, sb), (sb, sa)] {
                        let d = label_dirs[li as usize]
                            .iter()
                            .find(|&&d| neighbor[x as usize * nd + d as usize] == NONE)
                            .expect("enough directions for every line");
                        neighbor[x as usize * nd + *d as usize] = y;
                    }
                }
            }
        }
        Lines {
            neighbor,
            edge_of,
            edge_ends,
        }
    }

    /// What a step in each compass direction crosses: an edge, or for a
    /// diagonal the four edges around the corner it passes.
    fn crossings(lines: &Lines, n_sites: usize, nd: usize) -> Vec<Crossing> {
        let neighbor = &lines.neighbor;
        let mut crossing = vec![Crossing::Open; n_sites * nd];
        let edge = |a: u16, b: u16| -> EdgeId {
            if a == NONE || b == NONE {
                return NO_EDGE;
            }
            lines
                .edge_of
                .get(&(a.min(b), a.max(b)))
                .copied()
                .unwrap_or(NO_EDGE)
        };
        for s in 0..n_sites {
            for d in 0..COMPASS.len() {
                let t = neighbor[s * nd + d];
                if t == NONE {
                    continue;
                }
                crossing[s * nd + d] = if d.is_multiple_of(2) {
                    Crossing::Edge(edge(s as u16, t))
                } else {
                    // ne = n then e, or e then n.
                    let (d1, d2) = (d - 1, (d + 1) % 8);
                    let via1 = neighbor[s * nd + d1];
                    let via2 = neighbor[s * nd + d2];
                    Crossing::Corner([
                        edge(s as u16, via1),
                        edge(via1, t),
                        edge(s as u16, via2),
                        edge(via2, t),
                    ])
                };
            }
        }
        crossing
    }

    /// The flood-fill masks, when the board is a full grid of at most
    /// [`FLOOD_SITES`] squares numbered row by row.
    fn flood_masks(&self) -> Option<Flood> {
        let n = (self.files * self.ranks) as usize;
        if !self.full_grid || n > FLOOD_SITES || self.files >= 64 || self.first_extra < n {
            return None;
        }
        let row_major = (0..n).all(|s| {
            let site = &self.sites[s];
            site.x + site.y * self.files == s as i32
        });
        if !row_major {
            return None;
        }
        let mut open = [[0u64; 4]; 4];
        for s in 0..n {
            for (i, d) in [0u8, 2, 4, 6].into_iter().enumerate() {
                if self.neighbor[s * self.n_dirs + d as usize] != NONE {
                    open[i][s / 64] |= 1 << (s % 64);
                }
            }
        }
        Some(Flood {
            files: self.files as u32,
            open,
        })
    }

    /// Barrier slots in the grooves between squares: for each length, every
    /// horizontal (`h`) and vertical (`v`) run of that many square sides.
    fn groove_slots(
        &self,
        id_of: &HashMap<(i32, i32), u16>,
        edge_of: &HashMap<(u16, u16), EdgeId>,
        lengths: &[u8],
    ) -> Vec<Slot> {
        let edge_between = |a: (i32, i32), b: (i32, i32)| -> Option<EdgeId> {
            let (ia, ib) = (*id_of.get(&a)?, *id_of.get(&b)?);
            edge_of.get(&(ia.min(ib), ia.max(ib))).copied()
        };
        let mut slots = Vec::new();
        for &len in lengths {
            let l = len as i32;
            for y in 0..self.ranks {
                for x in 0..self.files {
                    for orient in ['h', 'v'] {
                        let cells = slot_cells((x, y), orient, l);
                        let edges: Option<Vec<EdgeId>> =
                            cells.iter().map(|&(a, b)| edge_between(a, b)).collect();
                        let Some(edges) = edges else { continue };
                        let Some(&anchor) = id_of.get(&(x, y)) else {
                            continue;
                        };
                        slots.push(Slot {
                            name: format!("{}{}", self.sites[anchor as usize].name, orient),
                            orientation: orient,
                            length: len,
                            anchor: SiteId(anchor),
                            edges,
                            conflicts: Vec::new(),
                            corners: self.groove_corners((x, y), orient, l),
                            cell: (x, y),
                            rim: false,
                        });
                    }
                }
            }
        }
        slots
    }

    /// The groove corners a slot of `l` squares runs through, end to end,
    /// starting along the top (`h`) or right side (`v`) of cell (x, y).
    pub(crate) fn groove_corners(&self, (x, y): (i32, i32), orient: char, l: i32) -> Vec<u16> {
        (0..=l)
            .map(|i| match orient {
                'h' => self.corner(x + i, y + 1),
                _ => self.corner(x + 1, y + i),
            })
            .collect()
    }

    /// The id of groove corner (x, y): the lower-left corner of square
    /// (x, y), for x in 0..=files and y in 0..=ranks.
    pub fn corner(&self, x: i32, y: i32) -> u16 {
        (x + y * (self.files + 1)) as u16
    }

    pub fn n_corners(&self) -> usize {
        ((self.files + 1) * (self.ranks + 1)) as usize
    }

    /// Whether a groove corner lies on the rim of the board.
    pub fn is_rim_corner(&self, c: u16) -> bool {
        let (x, y) = (c as i32 % (self.files + 1), c as i32 / (self.files + 1));
        x == 0 || y == 0 || x == self.files || y == self.ranks
    }

    /// The directions of a link label, as a mask.
    pub fn label(&self, name: &str) -> Option<u32> {
        self.label_masks.get(name).copied()
    }

    /// The link labels, for hints.
    pub fn labels(&self) -> impl Iterator<Item = &str> {
        self.label_masks.keys().map(String::as_str)
    }

    /// Whether a site is an extra site rather than a square of the grid.
    pub fn is_extra(&self, s: SiteId) -> bool {
        s.0 as usize >= self.first_extra
    }

    /// The square of the grid named `name` (`d4`), holes included: its
    /// file and rank from 0.
    pub fn grid_square(&self, name: &str) -> Option<(i32, i32)> {
        let digits = name.find(|c: char| c.is_ascii_digit())?;
        let (letters, number) = name.split_at(digits);
        let rank: i32 = number.parse().ok().filter(|_| !number.starts_with('0'))?;
        let file = (0..self.files).find(|&x| file_name(x) == letters)?;
        (1..=self.ranks).contains(&rank).then_some((file, rank - 1))
    }

    /// The site on the square of the grid at `(x, y)`, if it is on the
    /// board and not a hole.
    pub fn square_site(&self, x: i32, y: i32) -> Option<SiteId> {
        let inside = x >= 0 && y >= 0 && x < self.files && y < self.ranks;
        let t = if inside {
            self.square_at[(x + y * self.files) as usize]
        } else {
            NONE
        };
        (t != NONE).then_some(SiteId(t))
    }

    /// Whether the square of the grid at `(x, y)` is a hole: left out of
    /// the board (an extra site may be drawn over it).
    pub fn is_hole(&self, (x, y): (i32, i32)) -> bool {
        x >= 0
            && y >= 0
            && x < self.files
            && y < self.ranks
            && self.square_at[(x + y * self.files) as usize] == NONE
    }

    /// Why there is no slot named `name`, if it has the form of a slot
    /// name (a square of the grid, then `h` or `v`) and the board lays out
    /// slots but not this one.
    pub fn missing_slot(&self, name: &str) -> Option<MissingSlot> {
        let orient = name.chars().last().filter(|c| matches!(c, 'h' | 'v'))?;
        let anchor = self.grid_square(&name[..name.len() - 1])?;
        if self.slots.is_empty() || self.slot(name).is_some() {
            return None;
        }
        let mut lengths: Vec<u8> = self.slots.iter().map(|s| s.length).collect();
        lengths.sort_unstable();
        lengths.dedup();
        let mut why = MissingSlot {
            holes: Vec::new(),
            off_grid: false,
        };
        let inside = |(x, y): (i32, i32)| x >= 0 && y >= 0 && x < self.files && y < self.ranks;
        for l in lengths {
            for (a, b) in slot_cells(anchor, orient, l as i32) {
                for c in [a, b] {
                    let hole = format!("{}{}", file_name(c.0), c.1 + 1);
                    if self.is_hole(c) && !why.holes.contains(&hole) {
                        why.holes.push(hole);
                    }
                    why.off_grid |= !inside(c);
                }
            }
        }
        Some(why)
    }

    /// The extra site drawn over the grid square named `square` (a hole),
    /// for hints: `d8` is part of `W`.
    pub fn site_drawn_at(&self, square: &str) -> Option<SiteId> {
        let named = |x: i32, y: i32| format!("{}{}", file_name(x), y + 1) == square;
        let anchors = (self.first_extra..self.sites.len()).map(|i| {
            let s = &self.sites[i];
            (s.x, s.y, SiteId(i as u16))
        });
        anchors
            .chain(self.areas.iter().copied())
            .find(|&(x, y, _)| named(x, y))
            .map(|(_, _, s)| s)
    }

    /// The square a leap by `(dx, dy)` from `s` lands on: a square of the
    /// grid (not a hole, not an extra site), or none.
    #[inline]
    pub fn leap(&self, s: SiteId, dx: i8, dy: i8) -> Option<SiteId> {
        if self.is_extra(s) {
            return None;
        }
        let site = &self.sites[s.0 as usize];
        let (x, y) = (site.x + dx as i32, site.y + dy as i32);
        if x < 0 || y < 0 || x >= self.files || y >= self.ranks {
            return None;
        }
        let t = self.square_at[(x + y * self.files) as usize];
        (t != NONE).then_some(SiteId(t))
    }

    /// The file (column, from 0) of a square of the grid; none for an
    /// extra site.
    pub fn file_of(&self, s: SiteId) -> Option<i32> {
        (!self.is_extra(s)).then(|| self.sites[s.0 as usize].x)
    }

    /// The leftmost and rightmost columns a picture of the board needs:
    /// the grid's, widened for sites drawn beside it.
    pub fn drawn_files(&self) -> (i32, i32) {
        let x0 = self.sites.iter().map(|s| s.x).min().unwrap_or(0).min(0);
        let x1 = self
            .sites
            .iter()
            .map(|s| s.x)
            .max()
            .unwrap_or(0)
            .max(self.files - 1);
        (x0, x1)
    }

    pub fn n_dirs(&self) -> usize {
        self.n_dirs
    }

    pub fn n_sites(&self) -> usize {
        self.sites.len()
    }

    pub fn site(&self, name: &str) -> Option<SiteId> {
        self.site_index.get(name).copied()
    }

    pub fn site_name(&self, s: SiteId) -> &str {
        &self.sites[s.0 as usize].name
    }

    /// The site one step from `s` in direction `d`, ignoring barriers.
    #[inline]
    pub fn neighbor(&self, s: SiteId, d: u8) -> Option<SiteId> {
        let t = self.neighbor[s.0 as usize * self.n_dirs + d as usize];
        (t != NONE).then_some(SiteId(t))
    }

    /// Whether a step from `s` in direction `d` lands on a site, whatever
    /// barriers close.
    pub fn has_neighbor(&self, s: SiteId, d: u8) -> bool {
        (d as usize) < self.n_dirs && self.neighbor[s.0 as usize * self.n_dirs + d as usize] != NONE
    }

    /// The site one step from `s` in direction `d`, if no blocked edge is in the way.
    #[inline]
    pub fn step(&self, s: SiteId, d: u8, blocked: &[u64]) -> Option<SiteId> {
        if d as usize >= self.n_dirs {
            // No direction (after a leap): nothing lies ahead.
            return None;
        }
        let i = s.0 as usize * self.n_dirs + d as usize;
        let t = self.neighbor[i];
        if t == NONE {
            return None;
        }
        let is_blocked =
            |e: EdgeId| e != NO_EDGE && blocked[(e / 64) as usize] >> (e % 64) & 1 == 1;
        let open = match self.crossing[i] {
            Crossing::Open => true,
            Crossing::Edge(e) => !is_blocked(e),
            // A route through a hole has no groove to close: only barriers
            // on the route's existing edges block it.
            Crossing::Corner([a1, a2, b1, b2]) => {
                (!is_blocked(a1) && !is_blocked(a2)) || (!is_blocked(b1) && !is_blocked(b2))
            }
        };
        open.then_some(SiteId(t))
    }

    /// What can block a step from `s` in direction `d`: `Some(None)`
    /// nothing, `Some(Some(edge))` that edge, `None` a step around a groove
    /// corner, which several edges govern.
    pub fn step_blocker(&self, s: SiteId, d: u8) -> Option<Option<EdgeId>> {
        match self.crossing[s.0 as usize * self.n_dirs + d as usize] {
            Crossing::Open => Some(None),
            Crossing::Edge(e) => Some((e != NO_EDGE).then_some(e)),
            Crossing::Corner(_) => None,
        }
    }

    /// The edge crossed by a step that a single edge governs, if any.
    #[inline]
    pub fn step_edge(&self, s: SiteId, d: u8) -> Option<EdgeId> {
        match self.crossing[s.0 as usize * self.n_dirs + d as usize] {
            Crossing::Edge(e) if e != NO_EDGE => Some(e),
            _ => None,
        }
    }

    /// The slots named `name`: one per barrier length the board lays out.
    pub fn slots_named(&self, name: &str) -> Vec<u16> {
        (0..self.slots.len() as u16)
            .filter(|&i| self.slots[i as usize].name == name)
            .collect()
    }

    /// The first slot named `name` (of the shortest barrier length).
    pub fn slot(&self, name: &str) -> Option<u16> {
        self.slots
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u16)
    }

    /// Words of a bitset over edges.
    pub fn edge_words(&self) -> usize {
        self.n_edges.div_ceil(64).max(1)
    }
}

/// Site ids of the graph's nodes: squares by their place, extra sites after
/// the squares.
struct Numbering {
    id_of: HashMap<(i32, i32), u16>,
    first_extra: usize,
}

impl Numbering {
    fn site_of(&self, n: &Node) -> u16 {
        match n {
            Node::Square(x, y) => self.id_of[&(*x, *y)],
            Node::Extra(i) => (self.first_extra + i) as u16,
        }
    }
}

/// The lines of the board, lowered: neighbours per site and direction, and
/// the edges barriers may close.
struct Lines {
    neighbor: Vec<u16>,
    edge_of: HashMap<(u16, u16), EdgeId>,
    edge_ends: Vec<(SiteId, SiteId)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid9() -> Board {
        Board::grid(&GridSpec {
            files: 9,
            ranks: 9,
            slot_lengths: &[2],
            ..GridSpec::default()
        })
        .unwrap()
    }

    #[test]
    fn links_add_sites_and_labelled_directions() {
        let extra = [("W".to_string(), (1, 1)), ("N".to_string(), (1, 2))];
        let links = [
            ("gate".to_string(), "a1".to_string(), "W".to_string()),
            ("gate".to_string(), "a2".to_string(), "W".to_string()),
            ("ring".to_string(), "W".to_string(), "N".to_string()),
        ];
        let b = Board::grid(&GridSpec {
            files: 3,
            ranks: 3,
            holes: &[(1, 1), (1, 2)],
            extra_sites: &extra,
            links: &links,
            ..GridSpec::default()
        })
        .unwrap();
        let w = b.site("W").unwrap();
        let gate = b.label("gate").unwrap();
        assert_eq!(gate.count_ones(), 2, "W has two gate lines");
        let through_gate: Vec<&str> = (0..32)
            .filter(|d| gate >> d & 1 == 1)
            .filter_map(|d| b.neighbor(w, d as u8))
            .map(|s| b.site_name(s))
            .collect();
        assert_eq!(through_gate, ["a1", "a2"]);
        let a1 = b.site("a1").unwrap();
        assert!((0..32).any(|d| gate >> d & 1 == 1 && b.neighbor(a1, d) == Some(w)));
        assert!(!b.full_grid);
    }

    #[test]
    fn grid_neighbours_and_names() {
        let b = grid9();
        assert_eq!(b.n_sites(), 81);
        let e1 = b.site("e1").unwrap();
        assert_eq!(b.site_name(b.neighbor(e1, 0).unwrap()), "e2");
        assert_eq!(b.site_name(b.neighbor(e1, 1).unwrap()), "f2");
        assert!(b.neighbor(e1, 4).is_none());
        // 8 × 9 edges each way.
        assert_eq!(b.n_edges, 144);
        // 8 × 8 anchors, two orientations.
        assert_eq!(b.slots.len(), 128);
    }

    #[test]
    fn slots_conflict_by_overlap_and_crossing_only() {
        let b = grid9();
        let s = |n: &str| b.slot(n).unwrap();
        let c = &b.slots[s("e3h") as usize].conflicts;
        assert!(c.contains(&s("e3v")), "crossing");
        assert!(c.contains(&s("d3h")) && c.contains(&s("f3h")), "overlap");
        assert!(!c.contains(&s("g3h")), "touching end to end");
        assert!(
            !c.contains(&s("e4v")) && !c.contains(&s("f3v")),
            "T-junction"
        );
    }

    #[test]
    fn diagonal_steps_need_one_open_route() {
        let b = grid9();
        let e1 = b.site("e1").unwrap();
        let block = |slots: &[&str]| {
            let mut blocked = vec![0u64; b.edge_words()];
            for slot in slots {
                for &e in &b.slots[b.slot(slot).unwrap() as usize].edges {
                    blocked[(e / 64) as usize] |= 1 << (e % 64);
                }
            }
            blocked
        };
        // d1h closes e1-e2: the route through f1 stays open.
        assert!(b.step(e1, 1, &block(&["d1h"])).is_some());
        // e1h closes e1-e2 and f1-f2: both routes, the wall lies across the step.
        assert!(b.step(e1, 1, &block(&["e1h"])).is_none());
        // d1h and f1v close one route each.
        assert!(b.step(e1, 1, &block(&["d1h", "f1v"])).is_some());
        assert!(b.step(e1, 1, &block(&["d1h", "e1v"])).is_none());
    }
}
