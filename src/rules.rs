//! Compiled rules: immutable, names resolved to ids, no serde, no spans.
//!
//! [`Rules`] is built by `compile` from a game file. Move generation, play
//! and outcome (in `engine`) read only these tables and a [`State`].

use crate::board::{Board, SiteId};

/// Index of a side in [`Rules::sides`].
pub type SideId = u8;
/// Index of a piece kind in [`Rules::kinds`].
pub type KindId = u8;
/// Index of a barrier kind in [`Rules::barriers`].
pub type BarrierId = u8;
/// Index of a region in [`Rules::regions`].
pub type RegionId = u16;

/// A set of sites, as a bitset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SiteSet(pub Vec<u64>);

impl SiteSet {
    pub fn new(n_sites: usize) -> Self {
        SiteSet(vec![0; n_sites.div_ceil(64).max(1)])
    }
    #[inline]
    pub fn contains(&self, s: SiteId) -> bool {
        self.0[s.0 as usize / 64] >> (s.0 % 64) & 1 == 1
    }
    pub fn insert(&mut self, s: SiteId) {
        self.0[s.0 as usize / 64] |= 1 << (s.0 % 64);
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = SiteId> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| SiteId((i * 64 + b) as u16))
        })
    }
}

#[derive(Clone, Debug)]
pub struct Side {
    pub name: String,
    /// The compass direction (0..8) this side calls forward, if any.
    pub forward: Option<u8>,
    /// Sides of one team win and lose together.
    pub team: u8,
    /// Terminal symbol of each piece kind of this side.
    pub symbols: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Kind {
    pub name: String,
    pub patterns: Vec<Pattern>,
}

/// Which directions a segment may take: absolute ones, plus ones relative
/// to the current heading (the side's forward for the first segment, the
/// previous step's direction after it), as rotations in eighths of a turn.
#[derive(Clone, Debug)]
pub struct DirSel {
    pub absolute: u8,
    pub relative: u8,
}

/// One segment of a move pattern.
#[derive(Clone, Debug)]
pub struct Segment {
    pub dirs: DirSel,
    /// Directions of the first segment, resolved for each side.
    pub first: Vec<u8>,
    pub min: u8,
    pub max: u8,
    /// Condition on each site passed over before the landing site.
    pub over: Cond,
    /// Condition on the landing site.
    pub to: Cond,
}

#[derive(Clone, Debug)]
pub struct Pattern {
    pub segments: Vec<Segment>,
}

/// A compiled site condition, seen from the moving side.
#[derive(Clone, Debug)]
pub enum Cond {
    True,
    Empty,
    Occupied(Option<KindId>),
    Friend(Option<KindId>),
    Enemy(Option<KindId>),
    In(RegionId),
    Ahead(Box<Cond>),
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    Own,
    Enemy,
    Any,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compare {
    Ge,
    Le,
    Eq,
    Ne,
    Gt,
    Lt,
}

/// A compiled condition on a position, seen from one side.
#[derive(Clone, Debug)]
pub enum StateCond {
    Const(bool),
    Count {
        owner: Owner,
        kind: Option<KindId>,
        region: Option<RegionId>,
        op: Compare,
        value: u32,
    },
    /// Every matching piece has a path to the region (for its owner) along
    /// the directions, crossing no barrier, ignoring pieces.
    Reach {
        owner: Owner,
        kind: Option<KindId>,
        region: RegionId,
        dirs: u8,
    },
    Not(Box<StateCond>),
    And(Vec<StateCond>),
    Or(Vec<StateCond>),
}

#[derive(Clone, Debug)]
pub struct Region {
    pub name: String,
    /// The region's sites as seen by each side.
    pub per_side: Vec<SiteSet>,
}

#[derive(Clone, Debug)]
pub struct BarrierKind {
    pub name: String,
    /// Slots of the board this kind may occupy.
    pub slots: Vec<u16>,
    pub symbol: Option<String>,
}

/// An action a phase of a turn allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move a piece, of any kind or of one kind.
    Move(Option<KindId>),
    /// Place a barrier from the side's reserve.
    Place(BarrierId),
    Pass,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoMoves {
    Pass,
    Lose,
    Draw,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndResult {
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug)]
pub struct EndRule {
    pub when: StateCond,
    pub result: EndResult,
    /// Sides the rule is evaluated for.
    pub sides: Vec<SideId>,
}

/// A move: plain data, small and `Copy`. Notation is in `notation`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece goes from one site to another (capturing what stands there).
    Step {
        from: SiteId,
        to: SiteId,
    },
    /// A barrier from the reserve goes into a slot.
    Place {
        barrier: BarrierId,
        slot: u16,
    },
    Pass,
}

/// How a game ended, or that it goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Ongoing,
    Draw,
    /// The team of this side won; every other team lost.
    Win(SideId),
}

/// A position: pieces, barriers, reserves, whose turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Per site: 0 when empty, else 1 + side × n_kinds + kind.
    pub(crate) board: Box<[u8]>,
    /// Per barrier slot: 0 when free, else 1 + barrier kind.
    pub(crate) slots: Box<[u8]>,
    /// Bitset of board edges closed by barriers (derived from `slots`).
    pub(crate) blocked: Box<[u64]>,
    /// Per side and reserve item (barrier kinds): how many are in hand.
    pub(crate) reserves: Box<[u8]>,
    /// Index into the turn order.
    pub(crate) turn: u8,
    pub(crate) phase: u8,
    /// Consecutive turns passed for lack of a move.
    pub(crate) passes: u8,
    pub(crate) outcome: Outcome,
}

/// The compiled rules of a game.
#[derive(Clone, Debug)]
pub struct Rules {
    pub name: String,
    pub board: Board,
    pub sides: Vec<Side>,
    pub kinds: Vec<Kind>,
    pub barriers: Vec<BarrierKind>,
    pub regions: Vec<Region>,
    pub order: Vec<SideId>,
    pub phases: Vec<Vec<Action>>,
    pub no_moves: NoMoves,
    pub ends: Vec<EndRule>,
    pub constraints: Vec<StateCond>,
    pub(crate) initial: State,
    /// Whether every constraint only reads barriers and the sites of pieces
    /// that move along board edges (so moves cannot break it).
    pub(crate) constraints_barrier_only: bool,
}

impl Rules {
    pub fn initial(&self) -> State {
        self.initial.clone()
    }

    pub fn side_name(&self, s: SideId) -> &str {
        &self.sides[s as usize].name
    }

    pub fn side(&self, name: &str) -> Option<SideId> {
        self.sides
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as SideId)
    }

    pub fn kind(&self, name: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| i as KindId)
    }

    pub fn barrier(&self, name: &str) -> Option<BarrierId> {
        self.barriers
            .iter()
            .position(|k| k.name == name)
            .map(|i| i as BarrierId)
    }

    #[inline]
    pub(crate) fn man(&self, side: SideId, kind: KindId) -> u8 {
        1 + side * self.kinds.len() as u8 + kind
    }

    /// The side and kind of a non-empty board cell value.
    #[inline]
    pub(crate) fn unman(&self, v: u8) -> (SideId, KindId) {
        let n = self.kinds.len() as u8;
        ((v - 1) / n, (v - 1) % n)
    }

    #[inline]
    pub(crate) fn same_team(&self, a: SideId, b: SideId) -> bool {
        self.sides[a as usize].team == self.sides[b as usize].team
    }
}

impl State {
    /// The side to move.
    pub fn turn_index(&self) -> usize {
        self.turn as usize
    }

    pub fn phase(&self) -> usize {
        self.phase as usize
    }

    /// The piece on a site, as (side, kind).
    pub fn piece_at(&self, rules: &Rules, s: SiteId) -> Option<(SideId, KindId)> {
        let v = self.board[s.0 as usize];
        (v != 0).then(|| rules.unman(v))
    }

    /// The barrier kind in a slot.
    pub fn barrier_at(&self, slot: u16) -> Option<BarrierId> {
        let v = self.slots[slot as usize];
        (v != 0).then(|| v - 1)
    }

    /// How many barriers of a kind a side has in hand.
    pub fn reserve(&self, rules: &Rules, side: SideId, barrier: BarrierId) -> u32 {
        self.reserves[side as usize * rules.barriers.len() + barrier as usize] as u32
    }
}
