//! Notation: moves and positions as text, printed and parsed given a position.
//!
//! Moves: `e1-e2` (a step), `e1xe2` (a capture), `e2` (a step written by its
//! destination, where no other legal step ends there), `e3h` (a barrier in a
//! slot; `kind:e3h` where two barrier kinds could stand there), `pass`.
//! Positions: see [`position_to_string`].
//!
//! `write` prints moves, `read` parses them, `explain` says why a move is
//! refused, `position` prints and reads positions.

mod counted;
mod explain;
mod fen;
mod fen_counters;
mod fen_hands;
mod fen_write;
mod history;
mod pgn;
mod position;
mod read;
mod san;
mod write;

pub use explain::{explain, explain_site, explain_typed};
pub use fen::parse_fen;
pub use fen_write::fen_string;
pub use pgn::{pgn_result, pgn_text, read_pgn, Pgn};
pub use position::{parse_position, position_to_string};
pub use read::{parse_move, read_any_move};
pub use san::{move_to_san, san_texts};
pub use write::{move_texts, move_to_short, move_to_string, roll_text, short_texts};

use crate::board::SiteId;
use crate::diag::suggest;
use crate::rules::*;
use explain::{placement_hint, who_demands};
use write::{
    castle_wing, chain_path_text, chain_text, forms, leave_suffix, plain_move_text,
    promotion_suffix, slot_text,
};

/// Why a typed move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub message: String,
    pub hint: Option<String>,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", crate::diag::escape(&self.message))?;
        if let Some(h) = &self.hint {
            write!(f, " ({})", crate::diag::escape(h))?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

/// Why a slot name names no slot: the holes a barrier there would touch,
/// or the edge of the board.
fn why_no_slot(why: &crate::board::MissingSlot) -> Option<String> {
    match why.holes.as_slice() {
        [] if why.off_grid => {
            Some("a barrier there would run along or past the edge of the board".into())
        }
        [] => None,
        [hole] => Some(format!("a barrier there would touch the hole {hole}")),
        holes => Some(format!(
            "a barrier there would touch the holes {}",
            holes.join(" and ")
        )),
    }
}

/// The barriers a slot name may stand for: each barrier kind (of the name
/// `kind`, if given) with a slot of that name, and that slot. Barriers of
/// different lengths have slots of the same name.
fn barriers_named(rules: &Rules, name: &str, kind: Option<&str>) -> Vec<(BarrierId, u16)> {
    let slots = rules.board.slots_named(name);
    (0..rules.barriers.len() as BarrierId)
        .filter(|&b| kind.is_none_or(|k| rules.barriers[b as usize].name == k))
        .filter_map(|b| {
            let own = &rules.barriers[b as usize].slots;
            slots.iter().find(|s| own.contains(s)).map(|&s| (b, s))
        })
        .collect()
}
