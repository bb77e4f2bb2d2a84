//! Compiled rules: immutable, names resolved to ids, no serde, no spans.
//!
//! [`Rules`] is built by `compile` from a game file. Move generation, play
//! and outcome (in `engine`) read only these tables and a [`State`].

use crate::board::{Board, SiteId};

mod barrier;
pub(crate) mod chain;
mod chance;
mod cond;
mod counters;
mod effect;
mod fen;
pub(crate) mod flank;
mod history;
mod kind;
pub mod rows;
mod session;
mod sow;
mod stages;
pub(crate) mod tables;
mod track;
mod turn;

pub(crate) use barrier::MARKED_SLOTS;
pub use barrier::{Again, BarrierKind};
pub use chain::{
    Chain, ChainId, ChainTable, DemandTable, FxHasher, Interner, LeavingTable, PromotionTable,
    TooManyChains, CHAIN_STEPS, MAX_CHAIN,
};
pub use chance::{Chance, Opening, MAX_EVENTS};
pub use cond::{
    Arith, Compare, Cond, Counted, Family, GroupMeasure, GroupTest, LastGate, LineRows, MoveCond,
    Num, Owner, RowMasks, ScoreOf, SeedRhs, SeedSum, Sight, StateCond, NO_MEMBER, NUM_SCALE,
};
pub use counters::{Counter, Counters};
pub use effect::{CellSets, Effect};
pub use fen::{Fen, FenField, HandPlace, Notation, NotationStyle};
pub(crate) use history::UNCOUNTED;
pub use history::{History, HistoryRules, Seen};
pub use kind::{DropRule, Kind, Leave, Promote, PromoteLimit, PromoteMoves};
pub use session::{Rules, SESSION_MOVES};
pub use sow::{SowCapture, Sowing};
pub use stages::{Filter, Preference, Refusal, Stages};
pub use track::Track;
pub use turn::{
    Breathing, Captures, Check, CheckExempt, Constraint, Demand, EndGuard, EndResult, EndRule,
    Huff, HuffClaim, NoMoves, Offsets, PreludeTurn, Priority, Seat,
};

/// Index of a side in [`Rules::sides`].
pub type SideId = u8;
/// A set of sides: bit `s` for side `s` (at most 32 sides).
pub type SideSet = u32;
/// Index of a piece kind in [`Rules::kinds`].
pub type KindId = u8;
/// A set of piece kinds, as a bitset over [`KindId`]s: one kind, the kinds
/// of a class, or every kind.
pub type Kinds = u64;
/// Every piece kind.
pub const ALL_KINDS: Kinds = u64::MAX;

/// Index of a barrier kind in [`Rules::barriers`].
pub type BarrierId = u8;
/// Index of a region in [`Rules::regions`].
pub type RegionId = u16;
/// The "region" of `count(... in hand)`: the pieces in the sides' hands,
/// not on the board.
pub const HAND: RegionId = RegionId::MAX;

/// A reserve of this many pieces is unlimited: a drop takes none from it.
pub const UNLIMITED: u8 = u8::MAX;

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
    /// The sites in order, by their set bits.
    pub fn iter(&self) -> impl Iterator<Item = SiteId> + '_ {
        site_bits(&self.0)
    }
    /// How many sites.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

/// The sites of a bitset over sites, in order.
#[inline]
pub(crate) fn site_bits(words: &[u64]) -> impl Iterator<Item = SiteId> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut rest = w;
        std::iter::from_fn(move || {
            let b = rest.trailing_zeros();
            (rest != 0).then(|| {
                rest &= rest - 1;
                SiteId((i * 64) as u16 + b as u16)
            })
        })
    })
}

#[derive(Clone, Debug)]
pub struct Side {
    pub name: String,
    /// What happens when this side has no legal move.
    pub no_moves: NoMoves,
    /// What happens when this side has no legal move and is in check
    /// (checkmate, beside stalemate): `no_moves` unless the game says.
    pub no_moves_in_check: NoMoves,
    /// The compass direction (0..8) this side calls forward, if any.
    pub forward: Option<u8>,
    /// Sides of one team win and lose together.
    pub team: u8,
    /// Terminal symbol of each piece kind of this side.
    pub symbols: Vec<String>,
    /// Per kind, the glyph pictures write on the side's pieces: the side's
    /// `glyphs`, else the piece's `glyph`; none writes the symbol.
    pub glyphs: Vec<Option<String>>,
}

/// Which directions a segment may take: absolute ones, plus ones relative
/// to the current heading (the side's forward for the first segment, the
/// previous step's direction after it), as rotations in eighths of a turn.
#[derive(Clone, Debug)]
pub struct DirSel {
    /// Compass directions (bits 0..8) and link labels (bits 8..).
    pub absolute: u32,
    /// Compass rotations (bit r: r eighths of a turn clockwise).
    pub relative: u8,
}

impl DirSel {
    /// The directions, relative ones turned to `heading`; after a step along
    /// a link (no compass heading) relative directions mean nothing.
    #[inline]
    pub fn resolve(&self, heading: u8) -> u32 {
        if heading < 8 {
            self.absolute | self.relative.rotate_left(heading as u32) as u32
        } else {
            self.absolute
        }
    }
}

/// One segment of a move pattern.
#[derive(Clone, Debug)]
pub struct Segment {
    pub dirs: DirSel,
    /// Directions of the first segment, resolved for each side.
    pub first: Vec<u32>,
    pub min: u8,
    pub max: u8,
    /// Condition on each site passed over before the landing site.
    pub over: Cond,
    /// Condition on the landing site.
    pub to: Cond,
    /// What stands on the landing site is captured when the move ends.
    pub capture: bool,
    /// A leap's vectors (files, ranks), all its images; empty for steps.
    pub leaps: Vec<(i8, i8)>,
    /// `swap(COND)`: the condition on the partner's site.
    pub swap: Option<Cond>,
    /// `jump(COND)`: the segment lands on any site meeting `to`.
    pub jump: bool,
    /// `spend TOKEN`: the token a swap uses up.
    pub spend: Option<TokenId>,
    /// `castle(DIRS, PARTNER, REGION)`: the segment castles (its only
    /// directions are `first`/`dirs`, its `over` reads the mover's path).
    pub castle: Option<Castle>,
    /// `capture last`: the piece that made the last move is captured.
    pub capture_last: bool,
    /// `slide(DIRS, line(COND))`: the distance, the same at `min` and
    /// `max`, is the number of sites meeting COND on the whole line of
    /// each direction (both ways from the segment's start, the start
    /// included), read on the position before the move.
    pub line: Option<Cond>,
}

/// A castling segment: the partner's condition, and the region whose site
/// farthest along the partner's direction is the castling piece's
/// destination (the partner lands beside it, on the other side).
#[derive(Clone, Debug)]
pub struct Castle {
    pub partner: Cond,
    pub to: RegionId,
}

/// A flag a piece may carry (`[flags]`): which kinds carry it in the
/// setup, and what a move of the piece does to it.
#[derive(Clone, Debug)]
pub struct Flag {
    pub name: String,
    pub start: Kinds,
    pub moved: FlagMove,
}

/// What moving does to a piece's flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FlagMove {
    Clear,
    Set,
    Keep,
}

impl Segment {
    /// A segment with one landing and no compass directions (the base of
    /// leaps and swaps): lands anywhere, captures nothing.
    pub fn one_landing(n_sides: usize) -> Segment {
        Segment {
            dirs: DirSel {
                absolute: 0,
                relative: 0,
            },
            first: vec![0; n_sides],
            min: 1,
            max: 1,
            over: Cond::True,
            to: Cond::True,
            capture: false,
            leaps: Vec::new(),
            swap: None,
            jump: false,
            spend: None,
            castle: None,
            capture_last: false,
            line: None,
        }
    }
}

/// `State::last` when no piece move is remembered.
pub(crate) const NO_LAST: [SiteId; 2] = [SiteId(u16::MAX); 2];

/// Index of a token in [`Rules::tokens`].
pub type TokenId = u8;
/// A swap that spends no token.
pub const NO_TOKEN: TokenId = u8::MAX;

#[derive(Clone, Debug)]
pub struct Pattern {
    /// Condition on the starting site.
    pub guard: Option<Cond>,
    /// The part of the guard that reads the position, not the site
    /// (`given(...)`), with its index below 64: a walker reads it once per
    /// position ([`Rules::given_holds`]). Split from `guard` when the game
    /// is compiled.
    pub(crate) given: Option<(u8, Box<StateCond>)>,
    pub segments: Vec<Segment>,
    /// Segments `start..end` repeat as long as they can, at least once.
    pub repeat: Option<(usize, usize)>,
    /// What its landing needs of the last move, set once its conditions
    /// are folded.
    pub(crate) last_gate: Option<LastGate>,
}

#[derive(Clone, Debug)]
pub struct Region {
    pub name: String,
    /// The region's sites as seen by each side.
    pub per_side: Vec<SiteSet>,
    /// Per side and site: the number of steps along the board's lines to the
    /// nearest site of the region, ignoring pieces (`u16::MAX`: unreachable).
    pub distance: Vec<Vec<u16>>,
}

/// An action a phase of a turn allows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Action {
    /// Move a piece, of any kind or of one kind.
    Move(Kinds),
    /// Place a barrier from the side's reserve.
    Place(BarrierId),
    /// Place a piece from the side's reserve on an empty site (of a
    /// region), from where it falls along the direction, if any.
    Drop(KindId, Option<RegionId>, Option<u8>),
    /// The same, where the site it lands on meets the site condition
    /// [`Rules::removals`] holds at the index (`place KIND to COND`).
    DropWhere(KindId, Option<RegionId>, Option<u8>, u16),
    /// Put every piece of a kind in hand on the empty sites of a region, at
    /// once and without a ply (prelude only).
    Fill(KindId, RegionId),
    /// Take a piece off the board, on a site that meets the site condition
    /// [`Rules::removals`] holds at this index.
    Remove(u16),
    /// Take every seed of a site of the side's part of the region and sow
    /// them along its track (`[seeds]`).
    Sow(RegionId),
    /// Roll the chance event of this index (alone in its phase).
    Roll(u8),
    /// `advance`: track, event, landing condition (in `removals`).
    Advance(u8, u8, u16),
    Pass,
}

/// A move: plain data, small and `Copy`. Notation is in `notation`. Like a
/// [`SiteId`], a move means something only with the [`Rules`] it came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece goes from one site to another (capturing what stands there).
    Step {
        from: SiteId,
        to: SiteId,
    },
    /// A piece moves and captures with its segments (jumps, chains); the
    /// chain is in [`Rules::chain`].
    Chain(ChainId),
    /// A move that demands something of the next one (`b3-c4!`): the plain
    /// move is in [`Rules::base`].
    Demanding(u32),
    /// The piece on `from` goes to `via` (the same site for a plain swap)
    /// and changes places with the piece on `with`: it ends on `with`, the
    /// other on `via`. `token` is spent, unless it is [`NO_TOKEN`].
    Swap {
        from: SiteId,
        via: SiteId,
        with: SiteId,
        token: TokenId,
    },
    /// A barrier from the reserve goes into a slot.
    Place {
        barrier: BarrierId,
        slot: u16,
    },
    /// A piece move with a promotion chosen other than its default: the
    /// move and the kind the mover ends as are in [`Rules::promoting`].
    Promoting(u32),
    /// A move that also leaves a piece from the mover's hand on a site it
    /// left (`leave`): the move (perhaps [`Move::Promoting`]), the kind
    /// and the site are in [`Rules::leaving`].
    Leaving(u32),
    /// The side to move huffs the piece the last move left huffable
    /// (`[turn] huff_claim`): it leaves the board.
    Huff(SiteId),
    /// A piece from the reserve goes onto a site.
    Drop {
        kind: KindId,
        to: SiteId,
    },
    /// The piece on the site leaves the board (a `remove` action).
    Remove(SiteId),
    /// The seeds on the site are sown along the mover's track.
    Sow(SiteId),
    /// The piece on the site is borne off past the end of its track.
    Off(SiteId),
    /// A chance event ([`Rules::chance`], by index) gives the outcome of
    /// this index: the "move" of a chance position.
    Roll {
        event: u8,
        outcome: u8,
    },
    /// The piece on `from` castles with the piece on `with`: it goes to
    /// `to`, the partner to the site beside `to` on the side of `from`'s
    /// line it came from ([`Rules::castle_partner_to`]).
    Castle {
        from: SiteId,
        to: SiteId,
        with: SiteId,
    },
    Pass,
}

impl Move {
    /// Whether the move leaves every piece on the board where it was:
    /// barriers, passes and rolls. A demanding, promoting or leaving move
    /// is asked of its plain move ([`Rules::base`]), never itself.
    #[inline]
    pub(crate) fn moves_no_piece(self) -> bool {
        match self {
            Move::Place { .. } | Move::Pass | Move::Roll { .. } => true,
            // Wrappers: their plain move answers.
            Move::Demanding(_) | Move::Promoting(_) | Move::Leaving(_) => false,
            Move::Step { .. }
            | Move::Chain(_)
            | Move::Swap { .. }
            | Move::Huff(_)
            | Move::Drop { .. }
            | Move::Remove(_)
            | Move::Sow(_)
            | Move::Off(_)
            | Move::Castle { .. } => false,
        }
    }
}

/// `[columns]`: a site holds an ordered stack of pieces of any kinds and
/// sides (a column); its top piece commands it, moves by its own patterns
/// and is what conditions read on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Columns {
    /// What a move of the top piece carries.
    pub moves: ColumnMoves,
    /// What a capture does to the column captured.
    pub captures: ColumnCaptures,
    /// The most pieces a column may hold under its top: every piece the
    /// setup places but one (at most 255).
    pub depth: u8,
}

/// `[columns] moves`: what leaves a column when its top piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnMoves {
    /// The whole column goes with its top (`"whole"`: Lasca, Bashni).
    Whole,
    /// The top piece alone leaves; the next one down commands the rest
    /// (`"top"`).
    Top,
}

/// `[columns] captures`: what a capture takes of the column captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnCaptures {
    /// Every piece of it leaves the board (`"all"`).
    All,
    /// Its top piece leaves the board; the rest stays (`"top"`).
    Top,
    /// Its top piece goes under the capturing column, at its bottom; the
    /// rest stays, commanded by its new top (`"top-under"`: Lasca).
    TopUnder,
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
    /// Per site: 0 when empty, else 1 + side × n_kinds + kind. Written
    /// only through [`Rules::put`], which keeps `pieces` in step.
    pub(crate) board: Box<[u8]>,
    /// Per side, a bitset of the sites its pieces stand on (derived from
    /// `board`): `words` words per side.
    pub(crate) pieces: Box<[u64]>,
    /// Per board value but 0 (side × n_kinds + kind): how many such pieces
    /// stand on the board (derived from `board`, kept by [`Rules::put`]).
    pub(crate) counts: Box<[u16]>,
    /// Per barrier slot: 0 when free, else 1 + barrier kind.
    pub(crate) slots: Box<[u8]>,
    /// Bitset of board edges closed by barriers (derived from `slots`).
    pub(crate) blocked: Box<[u64]>,
    /// Per side and reserve item (barriers, pieces, tokens, counters).
    pub(crate) reserves: Box<[u8]>,
    /// Index into the prelude followed by the turn order.
    pub(crate) turn: u8,
    pub(crate) phase: u8,
    /// Consecutive turns passed for lack of a move.
    pub(crate) passes: u8,
    /// The last move was demanding.
    pub(crate) demanded: bool,
    /// The piece the side to move may huff (`[turn] huff_claim`): the last
    /// move took too little, and the huffing is the next side's to claim.
    pub(crate) huffable: Option<SiteId>,
    pub(crate) outcome: Outcome,
    /// What ended the game, once it is over.
    pub(crate) ended_by: EndedBy,
    /// Per site, the flags (`[flags]`, a bit each) of the piece there;
    /// empty when the game declares none.
    pub(crate) marks: Box<[u8]>,
    /// The last piece move's start and end, when the game reads them
    /// (`last_to`, `last_over`, `capture last`); else `NOWHERE` twice.
    pub(crate) last: [SiteId; 2],
    /// Per site, its count of seeds (`[seeds]`); empty in a game without.
    pub(crate) seeds: Box<[u16]>,
    /// Per site, how many pieces beyond the first stand there (a kind with
    /// `stacks = true`, or a column of `[columns]`); empty in a game
    /// without stacks.
    pub(crate) heights: Box<[u8]>,
    /// `[columns]`: per site, [`Columns::depth`] board values, the pieces
    /// under the top one from the top down (`heights` of them in use);
    /// empty in a game without columns.
    pub(crate) under: Box<[u8]>,
    /// The dice of the event rolled `apart` still to play this turn, each
    /// its value (0: none); zeros in a game without such an event.
    pub(crate) dice: [u8; 4],
    /// Per chance event ([`Rules::chance`]), 1 + the index of the outcome
    /// last rolled, 0 before any roll; zeros in a game without chance.
    pub(crate) rolled: [u8; MAX_EVENTS],
    /// The positions seen and the `since(...)` counters, in a game whose
    /// end rules read them ([`Rules::history`]); `None` in any other.
    pub(crate) history: Option<Box<History>>,
}

/// What ended a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndedBy {
    /// It goes on.
    Nothing,
    /// The end rule of this index held, for this side.
    Rule(u16, SideId),
    /// The side to move had no legal move, and its `no_moves` rule ended
    /// the game.
    NoMoves(SideId),
    /// A whole round of turns passed for lack of a move.
    Passes,
    /// No side could move, and no end rule that reads `stalled` held.
    Stalled,
}

/// How pictures draw a board: its `[board]` keys `style` and `shade`.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    /// Sites as points joined by their lines, not as squares.
    pub points: bool,
    /// Squares all of one colour (`style = "cells"`), not chequered.
    pub plain: bool,
    /// Regions shaded, for every side.
    pub shaded: Vec<RegionId>,
    /// `drawn_diagonals`: a diagonal line is drawn only between two of
    /// these sites (every diagonal line when `None`).
    pub diagonal_sites: Option<SiteSet>,
    /// `gaps`: lines not drawn, each as its two sites, lower id first.
    pub gaps: Vec<(SiteId, SiteId)>,
}

impl Picture {
    /// Whether pictures draw the board's line from `a` to `b`, a
    /// neighbour in compass direction `d`.
    pub fn draws(&self, a: SiteId, b: SiteId, d: u8) -> bool {
        let diagonal_ok = d.is_multiple_of(2)
            || (self.diagonal_sites.as_ref()).is_none_or(|set| set.contains(a) && set.contains(b));
        diagonal_ok && !self.gaps.contains(&(a.min(b), a.max(b)))
    }

    /// Whether some line of the board is left out of pictures.
    pub fn trims_lines(&self) -> bool {
        self.diagonal_sites.is_some() || !self.gaps.is_empty()
    }
}

/// What the engine derives from a compiled game, once, to play it fast:
/// filled in by the compiler's last step (`derive_tables`) from the game
/// alone, read-only afterwards. Nothing in it is a rule: each table
/// answers, faster, a question the rules already answer.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    /// Per kind and side: every grid offset a move of that piece could
    /// end at on an empty board, or `None` when its patterns follow link
    /// labels or repeat (for the check rule's quick rejections).
    pub(crate) reach: Vec<Vec<Option<Offsets>>>,
    /// Per side, the board values that are its royal pieces, as a bitset.
    pub(crate) royal_values: Vec<[u64; 4]>,
    /// The royal kinds.
    pub(crate) royal_kinds: Vec<KindId>,
    /// Per side, the board values that are pieces of its team, as a bitset.
    pub(crate) team_values: Vec<[u64; 4]>,
    /// Per side and owner (`own`, `enemy`, `any`, then 0 for named
    /// sides, in the order of [`Owner`]): the sides whose pieces a
    /// `count(...)` of that side counts, as a bitset.
    pub(crate) counted_sides: Vec<[SideSet; 4]>,
    /// In a game with `[seeds]`, per region and set of sides (by bits,
    /// `region << sides + set`): the sites of those sides' parts of the
    /// region, for `seeds(...)` (empty in other games).
    pub(crate) seed_sites: Vec<Box<[u16]>>,
    /// The constraints as `reach` conditions, when placements can be
    /// checked by their shortest paths (see `Rules::reach_atoms`).
    pub(crate) reach_atoms: Option<Vec<ReachAtom>>,
    /// Per side, the legality pipeline: the stages a candidate passes.
    pub(crate) stages: Vec<Stages>,
    /// The simple patterns laid out per kind, side and site.
    pub(crate) moves: tables::MoveTables,
    /// The landing effects read for every site at once.
    pub(crate) flanks: flank::Flanks,
    /// The most `points` an end rule's result is worth (1 when no rule
    /// says more; 0 before the tables are derived, read as 1).
    pub(crate) most_points: u32,
    /// Whether an end rule has a guard ([`EndGuard`]).
    pub(crate) end_guards: bool,
    /// `seeds(enemy R)` when every constraint says it stays above 0 and
    /// every capture of sowing spares `R` (`spare = R`): a sowing from
    /// outside the enemies' part of `R` then keeps the constraints
    /// wherever they held before it ([`Sowing`]).
    pub(crate) sowing_spares: Option<SeedSum>,
}

/// A `reach(OWNER KINDS, REGION, DIRS)` condition.
pub(crate) type ReachAtom = (Owner, SideSet, Kinds, RegionId, u32);

/// The compiled game: read-only once compiled, without interior
/// mutability, shared by every [`Rules`] that plays it.
#[derive(Clone, Debug)]
pub struct Game {
    /// How pictures draw the board.
    pub picture: Picture,
    /// Whether any kind is royal, so that the check rule applies.
    pub(crate) has_royals: bool,
    /// The kinds with a pattern that may capture (by its `capture` flag
    /// or by landing on a piece).
    pub(crate) capturing_kinds: Kinds,
    /// The kinds with landing effects.
    pub(crate) effect_kinds: Kinds,
    /// Whether a landing effect captures (so a move may capture more than
    /// its pattern says).
    pub(crate) capturing_effects: bool,
    /// Whether an end rule reads `stalled`: the game then ends as soon as
    /// no side can move.
    pub(crate) stalls: bool,
    pub name: String,
    pub board: Board,
    pub sides: Vec<Side>,
    pub kinds: Vec<Kind>,
    pub barriers: Vec<BarrierKind>,
    pub regions: Vec<Region>,
    /// The families of regions (`in FAMILY where (...)` reads them).
    pub families: Vec<Family>,
    pub order: Vec<SideId>,
    pub phases: Vec<Vec<Action>>,
    /// Per phase, the condition under which it comes, read right after the
    /// previous phase's action (the first phase has none).
    pub phase_when: Vec<Option<StateCond>>,
    /// The site conditions of the `remove` actions, and of the drops
    /// `place KIND to COND`.
    pub removals: Vec<Cond>,
    /// Turns played once, before the turn order starts (setup placements).
    pub prelude: Vec<PreludeTurn>,
    pub captures: Captures,
    pub huff: Option<Huff>,
    pub huff_claim: HuffClaim,
    pub ends: Vec<EndRule>,
    pub constraints: Vec<Constraint>,
    /// `[[constraint]] rule = "not repeated [within N]"`: no move may
    /// reach a position seen among the N before it (`u32::MAX`: any).
    pub(crate) no_repeat: Option<u32>,
    /// Per side, its `score` ([`StateCond::Arith`]'s `score(...)`), read
    /// with the side as `own`.
    pub(crate) scores: Vec<Option<Vec<(bool, Num)>>>,
    pub priorities: Vec<Priority>,
    pub demand: Option<Demand>,
    /// Tokens, then counters' names: counts in the reserves after pieces.
    pub tokens: Vec<String>,
    pub counters: Counters,
    /// The flags pieces may carry (`[flags]`), a bit each in `State::marks`.
    pub flags: Vec<Flag>,
    /// Whether the game reads the last move's sites, so `play` keeps them.
    pub(crate) tracks_last: bool,
    /// What FEN's castling and en passant fields stand for.
    pub fen: Fen,
    /// How moves are written beyond coordinates: SAN.
    pub notation: Notation,
    /// Which royal pieces a move may not leave attacked.
    pub check: Check,
    /// Where the check rule does not apply.
    pub check_exempt: CheckExempt,
    /// `[turn] pass_in_check`: where it holds for the side to move, a
    /// pass is legal though the side is in check.
    pub pass_in_check: Option<StateCond>,
    /// The kinds whose promotion is a choice ([`Promote::chooses`]).
    pub(crate) choosing_kinds: Kinds,
    /// Per side, the promotion zones of the choosing kinds: a move that
    /// neither starts nor ends in them chooses nothing.
    pub(crate) choice_zones: Vec<SiteSet>,
    /// Per kind, the most steps along the board's lines one of its moves
    /// takes (`u16::MAX`: unbounded), to tell a piece too far from its
    /// promotion zone to choose.
    pub(crate) move_reach: Vec<u16>,
    /// The kinds that go to the captor's hand when captured.
    pub(crate) hand_kinds: Kinds,
    /// The kinds whose moves may leave a piece behind (`leave`).
    /// The kinds with promotion moves of their own (`promote_moves`).
    pub(crate) promote_move_kinds: Kinds,
    pub(crate) leave_kinds: Kinds,
    /// The kinds whose drops may not checkmate.
    pub(crate) no_mate_drops: Kinds,
    /// One per player; every side belongs to exactly one.
    pub seats: Vec<Seat>,
    pub(crate) initial: State,
    /// Whether every constraint only reads barriers and the sites of pieces
    /// that move along board edges (so moves cannot break it).
    pub(crate) constraints_barrier_only: bool,
    /// The piece kinds the constraints count: a move that neither moves nor
    /// captures such a piece, nor creates one, leaves them as they were.
    pub(crate) constraint_kinds: Kinds,
    /// The lines the constraints read from pieces ([`Sight`]): a move that
    /// changes a site on one is judged too.
    pub(crate) constraint_sights: Vec<Sight>,
    /// Whether a constraint binds only `when` a condition holds.
    pub(crate) constraints_when: bool,
    /// Whether every constraint is a [`Breathing`] one, read for the mover
    /// and always binding: a drop can then be judged without playing it.
    pub(crate) constraints_breathing_only: bool,
    /// The kinds that may promote to a counted kind (by default or by
    /// choice): their moves are checked when they do.
    pub(crate) constraint_creators: Kinds,
    /// The counted kinds, and those whose capture puts a counted kind in
    /// the captor's hand (`to_hand`).
    pub(crate) constraint_taken: Kinds,
    /// Whether an end rule reads the last move (`last(...)`).
    pub(crate) ends_read_last: bool,
    /// Whether a phase's condition reads the game's history (`since(...)`,
    /// `repetitions`, `perpetual check`): which moves are legal then
    /// depends on it, and perft keeps it.
    pub(crate) phases_read_history: bool,
    /// What the end rules read of the game's history (`repetitions`,
    /// `since(...)`, `perpetual check`), if anything.
    pub(crate) history: Option<HistoryRules>,
    /// `[turn] again`: when the same side plays another turn.
    pub(crate) again: Option<Again>,
    /// `[seeds]`: counts on sites, sowing; `None` in a game without them.
    pub sowing: Option<Box<Sowing>>,
    /// `[columns]`: ordered stacks of mixed pieces; `None` in a game
    /// without them.
    pub columns: Option<Columns>,
    /// `[chance.NAME]`: the random events, in declaration order; empty in
    /// a game without chance.
    pub chance: Vec<Chance>,
    /// `[tracks.NAME]`, in declaration order; empty in a game without.
    pub tracks: Vec<Track>,
    /// Per board cell value: its side and kind (index 0 unused).
    pub(crate) cell_owner: Vec<(SideId, KindId)>,
    /// What the engine derives from the compiled game to play it fast.
    pub(crate) tables: Tables,
}

impl Rules {
    pub fn initial(&self) -> State {
        self.initial.clone()
    }

    /// Sets `st` to the initial position, in the buffers it has.
    pub fn restart(&self, st: &mut State) {
        st.copy_from(&self.initial);
        st.history.clone_from(&self.initial.history);
    }

    /// The stops and captures of a chain move.
    pub fn chain(&self, id: ChainId) -> Chain {
        self.chains.get(id)
    }

    /// A demanding move's plain move; any other move itself.
    #[inline]
    pub fn base(&self, mv: Move) -> Move {
        match mv {
            Move::Demanding(_) | Move::Promoting(_) | Move::Leaving(_) => self.unwrapped(mv),
            other => other,
        }
    }

    /// [`Rules::base`] of a demanding or promoting move, out of line so
    /// that `base` stays small enough to inline where neither exists.
    #[cold]
    #[inline(never)]
    fn unwrapped(&self, mut mv: Move) -> Move {
        loop {
            match mv {
                Move::Demanding(id) => mv = self.demands.get(id),
                Move::Promoting(id) => return self.promotings.get(id).0,
                Move::Leaving(id) => mv = self.leavings.get(id).0,
                other => return other,
            }
        }
    }

    /// A demanding move's plain move, its promotion chosen kept; any other
    /// move itself.
    #[inline]
    pub fn undemanded(&self, mv: Move) -> Move {
        match mv {
            Move::Demanding(id) => self.demands.get(id),
            other => other,
        }
    }

    /// The kind a move's mover chose to end as, when it chose other than
    /// its default promotion (a [`Move::Promoting`], demanding or not).
    #[inline]
    pub fn chosen_kind(&self, mv: Move) -> Option<KindId> {
        match self.unleft(self.undemanded(mv)) {
            Move::Promoting(id) => Some(self.promotings.get(id).1),
            _ => None,
        }
    }

    /// A leaving move's move without what it leaves; any other move itself.
    #[inline]
    pub fn unleft(&self, mv: Move) -> Move {
        match mv {
            Move::Leaving(id) => self.leavings.get(id).0,
            other => other,
        }
    }

    /// What a move leaves behind (`leave`), demanding or not: the kind
    /// taken from the hand and the site it is left on.
    #[inline]
    pub fn left_behind(&self, mv: Move) -> Option<(KindId, SiteId)> {
        match self.undemanded(mv) {
            Move::Leaving(id) => {
                let (_, kind, at) = self.leavings.get(id);
                Some((kind, at))
            }
            _ => None,
        }
    }

    /// The move `mv` (not demanding, not itself leaving) that also leaves
    /// a piece of `kind` from the hand on `at`.
    pub fn leaving(&self, mv: Move, kind: KindId, at: SiteId) -> Move {
        Move::Leaving(self.leavings.intern((mv, kind, at)))
    }

    /// The move `mv` (a piece move, not itself promoting) with the mover
    /// ending as `kind`.
    pub fn promoting(&self, mv: Move, kind: KindId) -> Move {
        Move::Promoting(self.promotings.intern((mv, kind)))
    }

    /// The site a piece move starts from.
    #[inline]
    pub fn move_from(&self, mv: &Move) -> Option<SiteId> {
        match self.base(*mv) {
            Move::Step { from, .. } | Move::Swap { from, .. } | Move::Castle { from, .. } => {
                Some(from)
            }
            Move::Chain(c) => Some(self.chain(c).from),
            Move::Off(at) => Some(at),
            _ => None,
        }
    }

    /// The site a piece move or drop ends on, or the site of a removal.
    #[inline]
    pub fn move_to(&self, mv: &Move) -> Option<SiteId> {
        match self.base(*mv) {
            Move::Step { to, .. }
            | Move::Drop { to, .. }
            | Move::Remove(to)
            | Move::Castle { to, .. } => Some(to),
            Move::Swap { with, .. } => Some(with),
            Move::Chain(c) => Some(self.chain(c).to()),
            _ => None,
        }
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

    /// The values of the pieces of `team` on the board, and of all pieces.
    pub fn material(&self, st: &State, team: u8) -> (f64, f64) {
        let (mut own, mut all) = (0.0, 0.0);
        for &v in st.board.iter().filter(|&&v| v != 0) {
            let (side, kind) = self.unman(v);
            let value = self.kinds[kind as usize].value;
            all += value;
            if self.sides[side as usize].team == team {
                own += value;
            }
        }
        (own, all)
    }

    /// The seat (player) that moves a side.
    pub fn seat_of(&self, side: SideId) -> usize {
        self.seats
            .iter()
            .position(|s| s.sides.contains(&side))
            .unwrap_or(0)
    }

    /// A seat by name.
    pub fn seat(&self, name: &str) -> Option<usize> {
        self.seats.iter().position(|s| s.name == name)
    }

    /// Whether a seat won: the winning team includes one of its sides.
    pub fn seat_won(&self, seat: usize, o: Outcome) -> bool {
        match o {
            Outcome::Win(w) => self.seats[seat].sides.iter().any(|&s| self.same_team(s, w)),
            _ => false,
        }
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
        self.cell_owner[v as usize]
    }

    /// Items a side can hold in reserve: barrier kinds, then piece kinds.
    #[inline]
    pub(crate) fn n_items(&self) -> usize {
        self.barriers.len() + self.kinds.len() + self.tokens.len()
    }

    /// The side playing turn `turn` (an index into prelude + order).
    #[inline]
    pub fn turn_side(&self, turn: usize) -> SideId {
        match self.prelude.get(turn) {
            Some(t) => t.side,
            None => self.order[turn - self.prelude.len()],
        }
    }

    #[inline]
    pub(crate) fn same_team(&self, a: SideId, b: SideId) -> bool {
        self.sides[a as usize].team == self.sides[b as usize].team
    }

    /// Words of a bitset over the board's sites.
    #[inline]
    pub(crate) fn site_words(&self) -> usize {
        self.board.n_sites().div_ceil(64).max(1)
    }

    /// Puts board value `v` (0: nothing) on `s`, keeping the index of the
    /// sides' pieces in step.
    #[inline]
    pub(crate) fn put(&self, st: &mut State, s: SiteId, v: u8) {
        let (i, words) = (s.0 as usize, self.site_words());
        let bit = 1u64 << (i % 64);
        let old = st.board[i];
        if old != 0 {
            st.pieces[self.unman(old).0 as usize * words + i / 64] &= !bit;
            st.counts[old as usize - 1] -= 1;
        }
        if v != 0 {
            st.pieces[self.unman(v).0 as usize * words + i / 64] |= bit;
            st.counts[v as usize - 1] += 1;
        }
        st.board[i] = v;
    }

    /// Makes the index of the sides' pieces anew from the board, after
    /// the board was written directly (a setup, a position read).
    pub(crate) fn index_pieces(&self, st: &mut State) {
        st.pieces.fill(0);
        st.counts.fill(0);
        let words = self.site_words();
        for (i, &v) in st.board.iter().enumerate().filter(|(_, v)| **v != 0) {
            st.pieces[self.unman(v).0 as usize * words + i / 64] |= 1 << (i % 64);
            st.counts[v as usize - 1] += 1;
        }
    }

    /// Calls `f` with the site and kind of each of `side`'s pieces, in
    /// site order, until it returns `true`; whether it did. The piece
    /// bitset is read a word at a time, for the hot loops.
    #[inline(always)]
    pub(crate) fn any_piece(
        &self,
        st: &State,
        side: SideId,
        mut f: impl FnMut(SiteId, KindId) -> bool,
    ) -> bool {
        self.any_piece_value(st, side, |s, v| f(s, self.unman(v).1))
    }

    /// [`Rules::any_piece`], with each piece's board value.
    #[inline(always)]
    pub(crate) fn any_piece_value(
        &self,
        st: &State,
        side: SideId,
        mut f: impl FnMut(SiteId, u8) -> bool,
    ) -> bool {
        let words = self.site_words();
        let pieces = &st.pieces[side as usize * words..(side as usize + 1) * words];
        for (i, &word) in pieces.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = SiteId((i * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
                if f(s, st.board[s.0 as usize]) {
                    return true;
                }
            }
        }
        false
    }

    /// The sites of `side`'s pieces, in order.
    #[inline]
    pub(crate) fn pieces_of<'a>(
        &self,
        st: &'a State,
        side: SideId,
    ) -> impl Iterator<Item = SiteId> + 'a {
        let words = self.site_words();
        site_bits(&st.pieces[side as usize * words..(side as usize + 1) * words])
    }
}

impl State {
    /// Whether `o` has the same tables' sizes (is of the same game, or of
    /// one that [`State::copy_from`] can copy from).
    pub(crate) fn same_shape(&self, o: &State) -> bool {
        self.board.len() == o.board.len()
            && self.pieces.len() == o.pieces.len()
            && self.counts.len() == o.counts.len()
            && self.slots.len() == o.slots.len()
            && self.blocked.len() == o.blocked.len()
            && self.reserves.len() == o.reserves.len()
            && self.marks.len() == o.marks.len()
    }

    /// Makes `self` the position `o` (both of one game, [`State::same_shape`])
    /// without allocating, and without its past: the copy's history is
    /// `None`. Scratch positions, on which moves are tried, never read the
    /// history, and copying it would cost a whole game's positions per try.
    pub(crate) fn copy_from(&mut self, o: &State) {
        self.board.copy_from_slice(&o.board);
        self.pieces.copy_from_slice(&o.pieces);
        self.counts.copy_from_slice(&o.counts);
        self.slots.copy_from_slice(&o.slots);
        self.blocked.copy_from_slice(&o.blocked);
        self.reserves.copy_from_slice(&o.reserves);
        self.turn = o.turn;
        self.phase = o.phase;
        self.passes = o.passes;
        self.demanded = o.demanded;
        self.huffable = o.huffable;
        self.outcome = o.outcome;
        self.ended_by = o.ended_by;
        self.marks.copy_from_slice(&o.marks);
        self.last = o.last;
        self.rolled = o.rolled;
        // Empty but in a game with `[seeds]`: no call for the others.
        if !o.seeds.is_empty() {
            self.seeds.copy_from_slice(&o.seeds);
        }
        if !o.heights.is_empty() {
            self.heights.copy_from_slice(&o.heights);
            self.under.copy_from_slice(&o.under);
        }
        self.dice = o.dice;
        self.history = None;
    }

    /// The dice rolled apart still to play this turn (`apart = true`).
    pub fn dice_left(&self) -> &[u8] {
        let n = self.dice.iter().take_while(|&&d| d != 0).count();
        &self.dice[..n]
    }

    /// How many sites have a count of seeds: every site in a game with
    /// `[seeds]`, none in any other.
    pub fn seeds_len(&self) -> usize {
        self.seeds.len()
    }

    /// The side to move.
    pub fn turn_index(&self) -> usize {
        self.turn as usize
    }

    pub fn phase(&self) -> usize {
        self.phase as usize
    }

    /// Whether the last move was demanding.
    pub fn demanded(&self) -> bool {
        self.demanded
    }

    /// What ended the game ([`EndedBy::Nothing`] while it goes on).
    pub fn ended_by(&self) -> EndedBy {
        self.ended_by
    }

    /// The piece the side to move may huff, if any (`[turn] huff_claim`).
    pub fn huffable(&self) -> Option<SiteId> {
        self.huffable
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
        self.reserves[side as usize * rules.n_items() + barrier as usize] as u32
    }

    /// How many of a token a side has left.
    pub fn tokens_left(&self, rules: &Rules, side: SideId, token: TokenId) -> u32 {
        let i = side as usize * rules.n_items() + rules.barriers.len() + rules.kinds.len();
        self.reserves[i + token as usize] as u32
    }

    /// How many pieces of a kind a side has in hand.
    pub fn pieces_in_hand(&self, rules: &Rules, side: SideId, kind: KindId) -> u32 {
        self.reserves[side as usize * rules.n_items() + rules.barriers.len() + kind as usize] as u32
    }
}
