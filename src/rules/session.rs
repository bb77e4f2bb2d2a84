//! `Rules`: the compiled [`Game`], shared, with the interners of one
//! session (a game, a playout, a request).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{chain, ChainTable, DemandTable, Game, LeavingTable, PromotionTable, TooManyChains};

/// How many interned moves a session that plays many games keeps before
/// it is renewed ([`Rules::renew_when_large`]).
pub const SESSION_MOVES: usize = 1 << 12;

/// The stamp the next compiled game gets ([`Rules::stamp`]).
static NEXT_STAMP: AtomicU64 = AtomicU64::new(0);

/// A game to play: the compiled [`Game`], shared, and the interners that
/// name the moves too large to be plain data (chains of captures,
/// demanding moves, chosen promotions), owned by this value. A move means
/// something only with the `Rules` that listed it (or a clone of it).
///
/// The interners grow with the distinct moves met: an owner that plays
/// many games (a server, a benchmark, a search's playouts) starts each on
/// a [`Rules::session`], whose interners begin empty and are freed with
/// it, so that memory stays flat.
#[derive(Clone, Debug)]
pub struct Rules {
    game: std::sync::Arc<Game>,
    /// The chains of captures moves have made.
    pub(crate) chains: ChainTable,
    /// The moves made demanding.
    pub(crate) demands: DemandTable,
    /// The moves whose mover chose its promotion, with the kind chosen.
    pub(crate) promotings: PromotionTable,
    /// The moves that leave a piece from the hand on a site they left.
    pub(crate) leavings: LeavingTable,
    /// A number no other game compiled in this process has, shared by its
    /// sessions: what a memo kept per thread across calls keys on, so that
    /// it never answers for another game (one made where a dropped one was).
    pub(crate) stamp: u64,
}

impl std::ops::Deref for Rules {
    type Target = Game;

    #[inline(always)]
    fn deref(&self) -> &Game {
        &self.game
    }
}

impl Rules {
    /// Rules to play the compiled `game` with, its interners empty.
    pub(crate) fn new(game: Game) -> Rules {
        Rules {
            game: std::sync::Arc::new(game),
            chains: ChainTable::default(),
            demands: DemandTable::default(),
            promotings: PromotionTable::default(),
            leavings: LeavingTable::default(),
            stamp: NEXT_STAMP.fetch_add(1, Relaxed),
        }
    }

    /// The same game with interners of its own, empty: for a new game or
    /// playout. The moves this value listed mean nothing to it.
    pub fn session(&self) -> Rules {
        Rules {
            game: self.game.clone(),
            chains: ChainTable::default(),
            demands: DemandTable::default(),
            promotings: PromotionTable::default(),
            leavings: LeavingTable::default(),
            stamp: self.stamp,
        }
    }

    /// How many moves the interners hold.
    pub fn interned(&self) -> usize {
        self.chains.len() + self.demands.len() + self.promotings.len() + self.leavings.len()
    }

    /// Renews the session ([`Rules::session`]) when its interners hold
    /// more than [`SESSION_MOVES`] moves: for an owner that plays many
    /// games, between two of them, so that memory stays flat.
    pub fn renew_when_large(&mut self) {
        if self.interned() > SESSION_MOVES {
            *self = self.session();
        }
    }

    /// `f`'s answer, or [`TooManyChains`] when a move listing in it
    /// stopped at the chain budget ([`super::CHAIN_STEPS`]): then
    /// the answer may miss moves, and is not given. For every answer that
    /// reaches a user from a position they wrote. A mark made before the
    /// call is kept for an enclosing call.
    pub fn bounded<R>(&self, f: impl FnOnce() -> R) -> Result<R, TooManyChains> {
        let before = chain::take_over();
        let answer = f();
        let over = chain::take_over();
        if before {
            chain::mark_over();
        }
        if over {
            return Err(TooManyChains);
        }
        Ok(answer)
    }

    /// About how many bytes the compiled game takes: its move tables,
    /// which grow with sites × kinds × sides, and per site its board and
    /// region data (an estimate, for a cache that bounds its memory).
    pub fn footprint(&self) -> usize {
        let n_sites = self.board.n_sites();
        let words = n_sites.div_ceil(64);
        let regions = self.regions.len() * self.sides.len() * words * 8;
        std::mem::size_of::<Game>() + self.tables.moves.bytes() + n_sites * 256 + regions
    }

    /// The compiled game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The compiled game, to finish compiling it (copied first if shared).
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        std::sync::Arc::make_mut(&mut self.game)
    }

    /// The same rules with every pattern walked, none read from the move
    /// tables: for tests that compare the two.
    #[doc(hidden)]
    pub fn without_move_tables(&self) -> Rules {
        let mut rules = self.clone();
        rules.game_mut().tables.moves = Default::default();
        rules
    }
}
