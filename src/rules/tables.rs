//! Move tables: the simple patterns of every piece, laid out per kind, side
//! and starting site when the game is compiled, so that generating their
//! moves reads flat arrays instead of walking the pattern.
//!
//! A pattern is simple when its segments are steps, slides, leaps or jumps
//! (or it is a single swap), it captures only by landing, and its guard and
//! `over` conditions read nothing but the site and the board value standing
//! on it (`empty`, `friend`, `enemy`, a side's pieces, regions, `nearer`,
//! and `not`/`and`/`or` of them). From a given site, such a pattern is a
//! list of *rays*: the sites each direction (or each leap) passes, in
//! order, each with the set of board values a piece may land on there and
//! the set it may pass over. A landing site of a segment that is not the
//! last has the rays of the next segment from there. The guard is decided
//! per starting site, so a pattern whose guard fails there has no rays.
//!
//! A landing condition that reads more (`ahead`, `covered`, `attacks`, ...)
//! keeps the value set of what it may hold, and a *residual*: the condition
//! is evaluated in full where that set passes. Where barriers can close a
//! line, each ray site names the edge whose closing blocks the step to it.
//!
//! A piece's rays, for its simple patterns in a row, are one run of sites;
//! each site knows how many sites of its ray follow it, so that a blocked
//! ray is skipped in one jump and the whole run is one loop.
//!
//! A pattern that is one repeated group (`(...)+`, a capture chain) is laid
//! out once per kind and side, as the rays of its first segment from every
//! site; its segments may capture, and each site also has the value sets
//! that hold where a piece captured earlier in the move stands (it blocks,
//! but is no one's). `run_chain` follows them with the walker's trail, as
//! the walk does.
//!
//! Other patterns (other repeats, swaps after a step, an `over` that reads
//! more than the value, a step around a groove corner where barriers are
//! placed) stay in the table as markers, in their place, and are walked; so
//! a piece's moves come out in the same order either way.

use crate::board::{EdgeId, SiteId};
use crate::rules::{KindId, Kinds, SideId, TokenId, NO_TOKEN};

/// A set of board values (at most 256: a board value is a byte).
pub(crate) type Values = [u64; 4];

/// The compiled simple patterns, or none (every pattern is walked).
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveTables {
    /// Per `(kind × sides + side) × sites + site`, where its entries begin;
    /// one more at the end.
    pub(crate) starts: Vec<u32>,
    /// The number of sites, and of sides × sites: the strides of `starts`.
    pub(crate) per_side: usize,
    pub(crate) per_kind: usize,
    /// The number of sides, and of words in a bitset of the sites.
    pub(crate) n_sides: usize,
    pub(crate) words: usize,

    pub(crate) entries: Vec<Entry>,
    pub(crate) sites: Vec<RaySite>,
    /// Value sets, shared by the sites that have the same one.
    pub(crate) values: Vec<Values>,
    /// The runs of rays of later segments: `sites[start..end]`. Index 0
    /// is unused (a site whose `next` is 0 ends the move).
    pub(crate) runs: Vec<(u32, u32)>,
    /// The landing conditions that are more than a value set, checked in
    /// full once the value set passes. Index 0 is unused.
    pub(crate) residuals: Vec<Residual>,
    /// Per site of `sites`, what a chain or a residual reads there besides.
    pub(crate) extras: Vec<Extra>,
    /// The repeated groups laid out, found by kind, side and pattern.
    pub(crate) groups: Vec<Group>,
    /// Per piece of `starts`, a bitset of the sites its moves could end
    /// on (`sets_of`); empty on boards of more than `MAX_ENDS_SITES`.
    pub(crate) ends: Vec<u64>,
    /// Per kind × sides + side, the board values a move of such a piece
    /// may take a piece on or land on (`lands_of`), from any site: a piece
    /// holding another value is safe from it.
    pub(crate) lands: Vec<Values>,
    /// Per swap entry looked up by site, the index of each site's value set.
    pub(crate) partners: Vec<u16>,
    /// The kinds with a swap among their patterns, whose moves may end
    /// where `ends` does not say (a swap takes nothing).
    pub(crate) swappers: Kinds,
    /// Per piece of `starts`, a bitset of the sites whose board values its
    /// attacks read (`sets_of`), laid out as `ends`; empty when `ends` is.
    pub(crate) reads: Vec<u64>,
    /// Per piece of `starts`, whether its attacks may read more than the
    /// board values of `reads` and the closed edges: a landing condition
    /// checked in full (a walked pattern or a chain: `walks`).
    pub(crate) volatile: Vec<bool>,
    /// Per piece of `starts`, whether it has a walked pattern (not a swap)
    /// or a chain, whose moves may end anywhere and read anything.
    pub(crate) walks: Vec<bool>,
    /// Per kind × sides + side, the board values the piece's walked
    /// patterns and chains may take (or land on): a piece holding another
    /// value is safe from them, and its attacks on it read `reads` only.
    pub(crate) walk_takes: Vec<Values>,
    /// Per kind × sides + side, per pattern walked somewhere, the board
    /// values its moves may take or land on (`pattern_takes`); empty for a
    /// pattern never walked.
    pub(crate) pattern_takes: Vec<Vec<Values>>,
    /// Per board value `v` (0 for an empty site), side and target site, a
    /// bitset of the sites from which a piece of that side, of some kind,
    /// may take a piece of value `v` on the target
    /// ([`MoveTables::may_attack`] of some kind): the only sites whose
    /// pieces an attack test asks. Empty when `ends` is, or too large.
    pub(crate) attackers: Vec<u64>,

    /// Per piece of `starts`, its run of sites when its first entry's moves
    /// are all of one segment and to distinct sites (`flat_of`), so that
    /// they are read without a walker; [`NOT_FLAT`] otherwise.
    pub(crate) flat: Vec<Flat>,
    /// Like `flat`, the runs of the pieces whose runs are gated, with when
    /// they are the piece's moves; `flat` has [`NOT_FLAT`] for them. Empty
    /// when no piece has one.
    pub(crate) gated_flat: Vec<(Flat, Gates)>,
    /// The landing sites of the flat runs of two segments
    /// ([`Flat::nested`]), each with the site its first segment lands on.
    pub(crate) leaves: Vec<Leaf>,
    /// Whether some piece has a flat run of at least one site.
    pub(crate) any_flat: bool,
    /// Per priority, then for the demand: the tokens whose swaps its
    /// best class surely excludes ([`token_bit`]s).
    pub(crate) low_swaps: Vec<u64>,
    /// Per priority, then for the demand: whether its best class surely
    /// holds every step.
    pub(crate) steps_best: Vec<bool>,
}

impl MoveTables {
    /// About how many bytes the tables take.
    pub(crate) fn bytes(&self) -> usize {
        fn of<T>(v: &[T]) -> usize {
            std::mem::size_of_val(v)
        }
        let groups: usize = self.groups.iter().map(|g| of(&g.runs)).sum();
        let takes: usize = self.pattern_takes.iter().map(|t| of(t)).sum();
        of(&self.starts)
            + of(&self.entries)
            + of(&self.sites)
            + of(&self.values)
            + of(&self.runs)
            + of(&self.residuals)
            + of(&self.extras)
            + groups
            + of(&self.ends)
            + of(&self.lands)
            + of(&self.partners)
            + of(&self.reads)
            + of(&self.volatile)
            + of(&self.walks)
            + of(&self.walk_takes)
            + takes
            + of(&self.attackers)
            + of(&self.flat)
            + of(&self.gated_flat)
            + of(&self.leaves)
    }
}

/// A swap entry whose partners are not looked up by site.
pub(crate) const NOT_BY_SITE: u32 = u32::MAX;

/// The flat run of a piece's moves ([`MoveTables::flat`]): its steps,
/// `sites[start..end]` (`leaves[start..end]` when `nested`), and whether
/// entries follow, all of them swaps (which cannot give a step again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Flat {
    pub start: u32,
    pub end: u32,
    pub swaps_follow: bool,
    /// The rays have two segments: each landing site of the second is a
    /// [`Leaf`].
    pub nested: bool,
    /// The tokens the swaps that follow spend ([`token_bit`]).
    pub swap_tokens: u64,
}

/// When a flat run of gated entries ([`MoveTables::gated_flat`]) is the
/// piece's moves: while the `given` conditions of the indexes of `open`
/// hold (the run's own) and those of `closed` do not (the gated entries
/// that follow it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Gates {
    pub open: u64,
    pub closed: u64,
}

/// A token's bit in a set of tokens: bit 63 for [`NO_TOKEN`], bit 62 for
/// every token from 62 on.
pub(crate) fn token_bit(t: TokenId) -> u64 {
    match t {
        NO_TOKEN => 1 << 63,
        t => 1 << t.min(62),
    }
}

/// A piece whose moves are not [`MoveTables::flat`].
pub(crate) const NOT_FLAT: Flat = Flat {
    start: u32::MAX,
    end: 0,
    swaps_follow: false,
    nested: false,
    swap_tokens: 0,
};

/// A site of `sites` where a two-segment move may end (`at`, its ray
/// beginning at `first`), and the site its first segment lands on to go
/// on from there (`via`, its ray beginning at `via_first`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leaf {
    pub(crate) first: u32,
    pub(crate) at: u32,
    pub(crate) via_first: u32,
    pub(crate) via: u32,
    /// Another way to the same site (an index of `leaves`, after the
    /// run's), or [`NO_LEAF`]: the move is there when either lands.
    pub(crate) alt: u32,
}

/// No other way to a leaf's site ([`Leaf::alt`]).
pub(crate) const NO_LEAF: u32 = u32::MAX;

/// A repeated group laid out: the kind, side and pattern number it is of,
/// and per site the run of its first segment's rays from there (none when
/// it is not simple).
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub(crate) of: (KindId, SideId, u16),
    pub(crate) runs: Vec<(u32, u32)>,
}

/// What a ray site adds in a repeated group (the value sets where a piece
/// captured earlier in the move stands, and whether landing there
/// captures) or with a residual (the values on which a landing surely
/// holds, so that the residual is checked only for the others).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Extra {
    pub(crate) to_dead: u16,
    pub(crate) over_dead: u16,
    pub(crate) capture: bool,
    pub(crate) sure: u16,
    /// With a residual that reads only the value ahead (`Ahead`): the
    /// values there on which the landing holds, and the site ahead
    /// (`NOWHERE` when there is none).
    pub(crate) ahead: Option<(SiteId, u16)>,
}

/// A segment's landing condition, checked in full: the `to` of segment
/// `seg` of pattern `pattern` of `kind`, reached heading `heading`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Residual {
    pub(crate) kind: KindId,
    pub(crate) pattern: u16,
    pub(crate) seg: u8,
    pub(crate) heading: u8,
}

/// No edge governs the step to a site.
pub(crate) const NO_EDGE: EdgeId = EdgeId::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) enum Entry {
    /// `sites[start..end]`: the rays of simple patterns, one after another;
    /// `exact` when no landing needs a condition checked in full.
    Rays { start: u32, end: u32, exact: bool },
    /// `sites[start..end]`: the partners of a swap, spending `token`
    /// (unless it is [`NO_TOKEN`]), each with the values it may hold.
    /// When no partner may be an empty site, `partners[by_site..]` has the
    /// index of each site's value set (the empty set for a site that is no
    /// partner), to look up the occupied sites only; else `by_site` is
    /// [`NOT_BY_SITE`]. `fresh` when no entry of the piece before it may
    /// give the same swaps (a swap entry spending the same token, a walked
    /// pattern).
    Swaps {
        start: u32,
        end: u32,
        token: TokenId,
        by_site: u32,
        fresh: bool,
        /// The sides whose pieces may be partners, as a bitset.
        sides: u32,
    },
    /// `sites[start..end]`: the rays of a simple pattern with a `given`
    /// condition (the kind's pattern of this index), run only when the
    /// condition holds, read once per position ([`Rules::given_holds`]).
    /// What the tables derive of a piece (the sites its attacks read, where
    /// they end) counts it as walked. `gate` is the condition's index
    /// ([`crate::rules::Pattern::given`]).
    Gated {
        start: u32,
        end: u32,
        pattern: u16,
        gate: u8,
    },
    /// A repeated group (an index of `groups`), from the piece's site.
    Chain(u32),
    /// This pattern of the kind is walked.
    Walk(u16),
}

/// One site of a ray, with indexes of its value sets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RaySite {
    pub(crate) site: SiteId,
    /// The values a piece may land on here (none before the segment's
    /// least distance).
    pub(crate) to: u16,
    /// The values a piece may pass over here, to the next site.
    pub(crate) over: u16,
    /// How many sites of the ray follow this one.
    pub(crate) rest: u8,
    /// How many sites of the ray come before this one.
    pub(crate) pos: u8,
    /// The ray's compass direction or link label, or `ANY_LINE`.
    pub(crate) dir: u8,
    /// Where a landing here goes on: an index of `runs`, or 0 when the
    /// move ends here.
    pub(crate) next: u32,
    /// The edge a barrier closes to block the step here, or [`NO_EDGE`].
    pub(crate) edge: EdgeId,
    /// The landing condition to check in full: an index of `residuals`,
    /// or 0 when the value set `to` is exact.
    pub(crate) residual: u32,
}

#[inline]
pub(crate) fn has(v: &Values, x: u8) -> bool {
    v[x as usize / 64] >> (x % 64) & 1 == 1
}
