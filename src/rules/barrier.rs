//! Barrier kinds, and the rule that gives a side another turn.

use super::{KindId, StateCond};

#[derive(Clone, Debug)]
pub struct BarrierKind {
    pub name: String,
    /// Slots of the board this kind may occupy, in order.
    pub slots: Vec<u16>,
    /// The same slots as a bitset, when the board has at most
    /// [`MARKED_SLOTS`] slots; otherwise empty.
    pub(crate) slot_set: Vec<u64>,
    pub symbol: Option<String>,
    /// `claim`: the kind of piece put, for the side that places the
    /// barrier, on each empty square the placement closes all round.
    pub claim: Option<KindId>,
}

/// The most slots a board may have for placements to be found with
/// bitsets of slots.
pub(crate) const MARKED_SLOTS: usize = 512;

/// `[turn] again`: a position condition read, for the side that played,
/// after the last action of its turn; while it holds, that side plays
/// another turn.
#[derive(Clone, Debug)]
pub struct Again {
    pub when: StateCond,
    /// The index of its first `last(...)` among those the end rules read
    /// and its own, after the end rules' (see `Last::Decided`).
    pub first_last: u32,
}
