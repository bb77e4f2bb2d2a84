//! Moves stored once and named by an index: the chains of captures
//! (`ChainTable`) and the demanding moves (`DemandTable`), in a shared
//! `Interner` with a small fast hash.

use super::Move;
use crate::board::SiteId;
use std::cell::Cell;
use std::collections::HashMap;

/// How many iterations of repeated groups (a capture each, in a chain) the
/// walker of one listing may explore. Real games explore a few hundred at
/// most (the longest draughts captures included); a position built to
/// branch at every jump reaches millions.
pub const CHAIN_STEPS: u32 = 1 << 20;

/// The most stops, and the most captures, one move can make.
pub const MAX_CHAIN: usize = 32;

/// A move that captures with its segments: where it stops (the end of each
/// repetition, and its end) and what it captures.
///
/// It also knows the order in which it made its stops and captures (`path`),
/// for notation; that order is not part of what the chain is: two chains
/// that differ only there are equal, and the chain table keeps the first.
#[derive(Copy, Clone, Debug)]
pub struct Chain {
    pub from: SiteId,
    n_stops: u8,
    stops: [SiteId; MAX_CHAIN],
    n_captured: u8,
    captured: [SiteId; MAX_CHAIN],
    /// Bit i is set when the i-th of its stops and captures, in the order
    /// the move makes them, is a capture.
    order: u64,
}

/// Compares the stops and captures made, not their order or the unused
/// room after them.
impl PartialEq for Chain {
    fn eq(&self, other: &Self) -> bool {
        self.from == other.from
            && self.stops() == other.stops()
            && self.captured() == other.captured()
    }
}

impl Eq for Chain {}

/// Hashes what equality compares.
impl std::hash::Hash for Chain {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.from.hash(h);
        self.stops().hash(h);
        self.captured().hash(h);
    }
}

impl Chain {
    pub(crate) fn new(from: SiteId) -> Self {
        Chain {
            from,
            n_stops: 0,
            stops: [SiteId(0); MAX_CHAIN],
            n_captured: 0,
            captured: [SiteId(0); MAX_CHAIN],
            order: 0,
        }
    }
    pub(crate) fn push_stop(&mut self, s: SiteId) {
        if self.stops().last() != Some(&s) && (self.n_stops as usize) < MAX_CHAIN {
            self.stops[self.n_stops as usize] = s;
            self.n_stops += 1;
        }
    }
    pub(crate) fn push_captured(&mut self, s: SiteId) {
        if (self.n_captured as usize) < MAX_CHAIN {
            self.order |= 1 << (self.n_stops + self.n_captured);
            self.captured[self.n_captured as usize] = s;
            self.n_captured += 1;
        }
    }
    /// The sites the move stops on, its destination last.
    pub fn stops(&self) -> &[SiteId] {
        &self.stops[..self.n_stops as usize]
    }
    /// The sites whose pieces it captures.
    pub fn captured(&self) -> &[SiteId] {
        &self.captured[..self.n_captured as usize]
    }
    pub fn to(&self) -> SiteId {
        *self.stops().last().unwrap_or(&self.from)
    }
    /// Whether the move ends on `to` having captured exactly the pieces of
    /// `captured`, in any order: what it does to the board (with the same
    /// origin), whatever way it went.
    pub fn same_effect(&self, to: SiteId, captured: &[SiteId]) -> bool {
        self.to() == to
            && self.captured().len() == captured.len()
            && captured.iter().all(|c| self.captured().contains(c))
    }
    /// Its stops and captures together, in the order the move makes them,
    /// each marked `true` when it is a capture.
    pub fn path(&self) -> impl Iterator<Item = (SiteId, bool)> + '_ {
        let (mut stops, mut captured) = (self.stops().iter(), self.captured().iter());
        (0..self.n_stops as u32 + self.n_captured as u32).filter_map(move |i| {
            if self.order >> i & 1 == 1 {
                captured.next().map(|&s| (s, true))
            } else {
                stops.next().map(|&s| (s, false))
            }
        })
    }
}

/// A chain of the game's chain table (see [`Rules::chain`]). The top bits
/// hold the number of pieces it captures, which move selection often needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainId(u32);

const CHAIN_INDEX_BITS: u32 = 26;

impl ChainId {
    /// The id of the chain at `index` of its table, capturing `captures`
    /// pieces (at most [`MAX_CHAIN`]). An index past 2²⁶ (a session that
    /// met 67 million distinct chains without being renewed, see
    /// [`super::Rules::session`]) is refused rather than wrapped.
    fn new(index: usize, captures: usize) -> Self {
        assert!(
            index < 1 << CHAIN_INDEX_BITS,
            "over 2^26 distinct capture chains in one session: play on a new Rules::session"
        );
        const { assert!(MAX_CHAIN < 1 << (32 - CHAIN_INDEX_BITS)) };
        ChainId(index as u32 | (captures as u32) << CHAIN_INDEX_BITS)
    }
    fn index(self) -> usize {
        (self.0 & ((1 << CHAIN_INDEX_BITS) - 1)) as usize
    }
    /// How many pieces the chain captures.
    pub fn captures(self) -> usize {
        (self.0 >> CHAIN_INDEX_BITS) as usize
    }
}

/// Values stored once each, named by a small index: moves stay small and
/// `Copy` whatever they refer to. Shared by every thread that plays.
#[derive(Debug)]
pub struct Interner<T> {
    inner: std::sync::RwLock<(HashMap<T, u32, BuildFx>, Vec<T>)>,
}

/// A fast hash for small keys the program makes itself (no untrusted
/// input): the multiply-rotate hash of rustc's `FxHasher`.
#[derive(Default)]
pub struct FxHasher(u64);

pub(crate) type BuildFx = std::hash::BuildHasherDefault<FxHasher>;

impl std::hash::Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        // Whole words read as such (no copy through a buffer); the last
        // few bytes padded with zeros, as a whole word of them would be.
        let mut words = bytes.chunks_exact(8);
        for chunk in &mut words {
            let word: [u8; 8] = chunk.try_into().expect("a chunk of 8 bytes");
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            for (w, &b) in word.iter_mut().zip(rest) {
                *w = b;
            }
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.write_u64(x.into());
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x.into());
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x.into());
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            inner: std::sync::RwLock::new((HashMap::default(), Vec::new())),
        }
    }
}

impl<T: Clone> Clone for Interner<T> {
    fn clone(&self) -> Self {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner()).clone();
        Interner {
            inner: std::sync::RwLock::new(inner),
        }
    }
}

impl<T: Copy + Eq + std::hash::Hash> Interner<T> {
    pub(crate) fn intern(&self, value: T) -> u32 {
        if let Some(&id) = self
            .inner
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .get(&value)
        {
            return id;
        }
        let mut guard = self.inner.write().unwrap_or_else(|e| e.into_inner());
        let (map, list) = &mut *guard;
        *map.entry(value).or_insert_with(|| {
            list.push(value);
            u32::try_from(list.len() - 1).expect("over 2^32 moves interned in one session")
        })
    }

    /// How many values are stored.
    pub(crate) fn len(&self) -> usize {
        self.inner.read().unwrap_or_else(|e| e.into_inner()).1.len()
    }

    pub(crate) fn get(&self, id: u32) -> T {
        self.inner.read().unwrap_or_else(|e| e.into_inner()).1[id as usize]
    }

    /// `f` of the value `id`, without copying it out.
    pub(crate) fn with<R>(&self, id: u32, f: impl FnOnce(&T) -> R) -> R {
        f(&self.inner.read().unwrap_or_else(|e| e.into_inner()).1[id as usize])
    }
}

/// The chains moves have made, each stored once: a [`Move::Chain`] holds an
/// id, so that moves stay small whatever the longest chain.
#[derive(Clone, Debug, Default)]
pub struct ChainTable {
    table: Interner<Chain>,
}

thread_local! {
    /// Whether a listing on this thread stopped at the chain budget since
    /// [`Rules::bounded`] last looked: a listing and the call that bounds
    /// it run on one thread, and threads listing side by side never write
    /// a shared flag.
    static OVER: Cell<bool> = const { Cell::new(false) };
}

impl ChainTable {
    pub(crate) fn intern(&self, chain: Chain) -> ChainId {
        ChainId::new(self.table.intern(chain) as usize, chain.captured().len())
    }

    pub(crate) fn get(&self, id: ChainId) -> Chain {
        self.table.get(id.index() as u32)
    }

    /// How many chains are stored.
    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }

    /// `f` of the chain `id`, read in place.
    pub(crate) fn with<R>(&self, id: ChainId, f: impl FnOnce(&Chain) -> R) -> R {
        self.table.with(id.index() as u32, f)
    }

    /// [`Chain::same_effect`] of the chain `id`, read in place.
    pub(crate) fn same_effect(&self, id: ChainId, to: SiteId, captured: &[SiteId]) -> bool {
        self.with(id, |c| c.same_effect(to, captured))
    }
}

/// A listing on this thread stopped at the chain budget.
#[cold]
pub(crate) fn mark_over() {
    OVER.with(|o| o.set(true));
}

/// Whether a listing on this thread stopped at the chain budget since the
/// last call; clears the mark.
pub(crate) fn take_over() -> bool {
    OVER.with(|o| o.replace(false))
}

/// Listing the moves of a position explored more ways of capturing than
/// the budget allows ([`CHAIN_STEPS`] chain steps in one
/// listing): a position built so that every jump branches. The work
/// stopped; what it would have answered is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyChains;

impl std::fmt::Display for TooManyChains {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "too many capture chains to list in this position: over {} chain \
             steps (jumps) explored, the most one move listing may explore",
            CHAIN_STEPS
        )
    }
}

impl std::error::Error for TooManyChains {}

/// The moves made demanding, each stored once, like chains.
pub type DemandTable = Interner<Move>;

/// The moves whose mover chose its promotion, with the kind it chose, each
/// stored once, like chains.
pub type PromotionTable = Interner<(Move, super::KindId)>;

/// The moves that leave a piece from the hand behind: the move, the kind
/// left and the site it is left on.
pub type LeavingTable = Interner<(Move, super::KindId, super::SiteId)>;
