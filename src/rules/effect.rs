//! Landing effects: what a piece does to other pieces when it lands
//! (`[pieces.NAME] effects`), custodian capture, outflanking, neighbours.

use super::{Cond, KindId, MoveCond};

/// One landing effect: from the landing site, along each direction of
/// `dirs`, the run of sites meeting `over` — at least `min`, at most `max`
/// of them — followed by a site meeting `to` (when there is one) is
/// captured, or converted to the mover's side (and to `kind`, if given).
/// With `surrounded`, the run is instead the group of sites meeting
/// `over`, connected along `dirs`, that starts beside the landing site,
/// and it is enclosed when every site beside the group meets the
/// condition.
#[derive(Clone, Debug)]
pub struct Effect {
    pub convert: bool,
    /// Absolute directions, a bit per direction of the board.
    pub dirs: u32,
    pub min: u32,
    pub max: u32,
    /// The condition on each enclosed site, seen from the mover.
    pub over: Cond,
    /// The condition on the site that closes the run, if one is needed.
    pub to: Option<Cond>,
    /// `surrounded by`: the condition every site beside the group must
    /// meet; then the effect takes groups, not runs (see
    /// `engine/surround.rs`).
    pub surrounded: Option<Cond>,
    /// The kind a converted piece becomes (else it keeps its own).
    pub kind: Option<KindId>,
    /// `over`, when it reads only the site's occupant: per mover side, a
    /// bit per board cell value (derived when the game is compiled).
    pub over_cells: Option<CellSets>,
    /// `to`, likewise.
    pub to_cells: Option<CellSets>,
    /// `surrounded by`, likewise.
    pub surrounded_cells: Option<CellSets>,
    /// `capture mover`: the effect takes the landing site itself (the
    /// piece that has just landed there); `dirs` is then empty.
    pub mover: bool,
    /// `if MOVE_COND`: the effect acts only on the moves meeting it, read
    /// on the position before the move, `captures` there being the move's
    /// own capture (its pattern's), not its effects'.
    pub guard: Option<MoveCond>,
}

/// Per side, a set of board cell values (bit `v` of 256): what a condition
/// on the occupant alone accepts, read with one lookup.
pub type CellSets = Box<[[u64; 4]]>;

impl Effect {
    /// Whether the effect takes pieces off the board.
    pub fn captures(&self) -> bool {
        !self.convert
    }
}
