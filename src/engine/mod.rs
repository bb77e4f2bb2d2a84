//! Play: legal moves, applying a move, the outcome. Reads only [`Rules`] tables and a [`State`].
//!
//! Nothing here fails: everything that could go wrong was rejected when the
//! game was compiled. Move generation walks each piece's compiled patterns
//! over the board tables; barrier placements are checked against the game's
//! constraints, with a shortcut for reachability: a barrier that covers no
//! edge of a current shortest path of any piece cannot cut anything off.
//!
//! The files, by concern: `moves` lists the legal moves stage by stage
//! (and says why a move is refused); `walk` walks a pattern; `table` reads
//! the move tables that `layout` lays out when a game is compiled; `cond`
//! evaluates site and position conditions, and `line` their lines; `priority` the priorities and
//! move conditions; `attack` answers attack and cover tests, and `check`
//! the check rule move by move; `placement` lists barrier placements and
//! keeps the constraints, with `reach` for reachability; `play` applies a
//! move and moves on to the next turn; `outcome` reads the end rules;
//! `random` finds one legal move without listing them all.

use crate::board::{EdgeId, SiteId};
use crate::rules::*;
use std::cell::RefCell;

mod advance;
mod arith;
mod attack;
mod castle;
mod chains;
mod chance;
mod check;
mod closing;
mod column;
mod cond;
mod counters;
mod effect;
mod effects;
mod family;
mod flags;
mod flank;
mod flat_runs;
mod gates;
mod goal;
mod group;
mod history;
mod layout;
mod leave;
mod line;
mod lone_steps;
mod mobility;
mod moves;
mod outcome;
mod phase;
mod placement;
mod play;
mod priority;
mod promote;
mod random;
mod reach;
mod sight;
mod sow;
mod stack;
mod surround;
mod table;
mod table_budget;
mod unplayed;
mod walk;

use cond::Mover;
use walk::Asking;

pub(crate) use check::Proofs;
pub use goal::Goal;
pub use table_budget::{bytes_text, TablesTooLarge, MAX_RAY_SITES, MAX_TREE, RAY_SITE_BYTES};

pub(crate) use crate::rules::tables::MoveTables;

/// Runs `f` with a scratch position of `st`'s shape (whatever it holds),
/// and `st` itself, given back; the scratch is kept in `cell` from one call
/// to the next so that nothing is allocated, and a nested call, finding it
/// taken, makes its own.
fn with_scratch<T: std::borrow::Borrow<State>, R>(
    cell: &'static std::thread::LocalKey<RefCell<Option<State>>>,
    st: T,
    f: impl FnOnce(&mut State, T) -> R,
) -> R {
    cell.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let scratch = match &mut *slot {
                Some(s) if s.same_shape(st.borrow()) => s,
                other => other.insert(st.borrow().clone()),
            };
            f(scratch, st)
        }
        Err(_) => f(&mut st.borrow().clone(), st),
    })
}

/// How many moves of one piece are checked for duplicates one by one.
const DEDUP_LINEAR: usize = 64;

/// A piece whose moves are a flat run of the tables, `sites[start..start +
/// len]`, set aside instead of generated, to draw from site by site: `end`
/// counts the sites of the runs set aside so far, this one's included.
#[derive(Clone, Copy, Debug)]
struct FlatRun {
    end: u32,
    origin: SiteId,
    start: u32,
    len: u32,
    /// Of two segments: `start` indexes the tables' leaves.
    nested: bool,
    /// The piece's swaps are set aside too ([`Aside::low_swaps`]).
    swaps: bool,
}

/// What a draw sets aside instead of listing: the flat runs, and the swaps
/// of the pieces with flat runs that spend only the tokens of `low_swaps`
/// (a set of [`tables::token_bit`]s), known to rank below the best.
struct Aside<'x> {
    runs: &'x mut Vec<FlatRun>,
    low_swaps: u64,
}

/// The heading after a leap: none, so nothing is ahead and relative
/// directions mean nothing.
const NO_HEADING: u8 = u8::MAX;

/// A site no piece starts from: conditions on a move's sites read the
/// board as it is.
const NOWHERE: SiteId = SiteId(u16::MAX);

/// Adds a move of the piece whose moves begin at `out[start]`, unless it
/// has it already ([`walk::Walker::push`]).
#[inline]
fn push_new(out: &mut Vec<Move>, start: usize, mv: Move) {
    if out.len() - start >= DEDUP_LINEAR || !out[start..].contains(&mv) {
        out.push(mv);
    }
}

/// Sorts and dedups the moves of the piece that begin at `out[start]`,
/// when there are too many for [`push_new`] to have looked.
fn dedup_piece(out: &mut Vec<Move>, start: usize) {
    if out.len() - start > DEDUP_LINEAR {
        let mut mine = out.split_off(start);
        mine.sort_unstable();
        mine.dedup();
        out.extend(mine);
    }
}

/// Whether a folded site condition ([`Cond::Sites`], `words` words per
/// side) holds at `s` for `side`.
#[inline]
fn in_sites(bits: &[u64], words: u16, side: SideId, s: SiteId) -> bool {
    let i = side as usize * 64 * words as usize + s.0 as usize;
    bits[i / 64] >> (i % 64) & 1 == 1
}

#[inline]
fn bit(words: &[u64], i: u32) -> bool {
    words[(i / 64) as usize] >> (i % 64) & 1 == 1
}

impl Rules {
    /// The side whose turn it is.
    #[inline]
    pub fn to_move(&self, st: &State) -> SideId {
        self.turn_side(st.turn as usize)
    }

    /// What the side to move may do now: its prelude turn, or the current
    /// phase of a turn of the main order.
    #[inline]
    pub(crate) fn actions(&self, st: &State) -> &[Action] {
        match self.prelude.get(st.turn as usize) {
            Some(t) => &t.actions,
            None => &self.phases[st.phase as usize],
        }
    }
}
