//! What the constraints read of a position, worked out when the game is
//! compiled, so that a move which changes none of it is not judged again
//! (the constraint says after the move what it said before).
//!
//! Most conditions read pieces by kind (`count(...)`): a move that neither
//! moves, takes nor creates a piece of a counted kind leaves them as they
//! were. `somewhere(KIND and ...)` also reads what its pieces see along
//! lines ([`Sight`]): the sites from such a piece up to the first occupied
//! one. Anything else reads every kind, and every move is judged.

use super::end::{kinds_read, reads_barriers_only};
use crate::board::Board;
use crate::rules::{Cond, Constraint, Kinds, Sight, StateCond, ALL_KINDS};

/// What a list of constraints reads.
pub(super) struct ConstraintReads {
    /// Every constraint reads barriers only (moves along the board's edges
    /// cannot break them).
    pub barrier_only: bool,
    /// The kinds read: a move of, onto or making such a piece is judged.
    pub kinds: Kinds,
    /// The lines read from pieces (empty when `kinds` is every kind).
    pub sights: Vec<Sight>,
    /// Some constraint binds only `when` a condition holds.
    pub when: bool,
    /// Every constraint is a breathing one, read for the mover and always
    /// binding ([`crate::rules::Breathing`]).
    pub breathing_only: bool,
}

pub(super) fn constraint_reads(constraints: &[Constraint], board: &Board) -> ConstraintReads {
    let barrier_only = constraints
        .iter()
        .all(|c| reads_barriers_only(&c.rule, board));
    let mut kinds = 0;
    let mut sights = Vec::new();
    for c in constraints {
        kinds |= state_reads(&c.rule, &mut sights);
    }
    if kinds == ALL_KINDS {
        sights.clear();
    }
    sights.dedup();
    ConstraintReads {
        when: constraints.iter().any(|c| c.when.is_some()),
        breathing_only: (constraints.iter())
            .all(|c| c.breathing.is_some() && c.when.is_none() && c.sides.is_none()),
        barrier_only,
        kinds,
        sights,
    }
}

/// The kinds `c` reads, with the lines it reads pushed to `sights`.
fn state_reads(c: &StateCond, sights: &mut Vec<Sight>) -> Kinds {
    match c {
        StateCond::Somewhere {
            cond,
            pieces: Some((_, _, from)),
        } => {
            let mut lines = Vec::new();
            match site_reads(cond, &mut lines) {
                true => {
                    let seen = lines.into_iter().map(|(dirs, max)| Sight {
                        from: *from,
                        dirs,
                        max,
                    });
                    sights.extend(seen);
                    *from
                }
                false => ALL_KINDS,
            }
        }
        StateCond::Not(inner) => state_reads(inner, sights),
        StateCond::And(cs) | StateCond::Or(cs) => {
            cs.iter().fold(0, |m, c| m | state_reads(c, sights))
        }
        other => kinds_read(other),
    }
}

/// Whether `c`, read on the site of a piece, reads nothing but that piece
/// and lines from it (pushed to `lines` as directions and a most number
/// of sites).
fn site_reads(c: &Cond, lines: &mut Vec<(u32, u8)>) -> bool {
    match c {
        Cond::Sees(dirs, inner) if dirs.relative == 0 && inner.reads_site_only(false) => {
            lines.push((dirs.absolute, u8::MAX));
            true
        }
        Cond::Adjacent(dirs, inner) if dirs.relative == 0 && inner.reads_site_only(false) => {
            lines.push((dirs.absolute, 1));
            true
        }
        Cond::Edge(dirs) => dirs.relative == 0,
        Cond::Not(inner) => site_reads(inner, lines),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(|c| site_reads(c, lines)),
        c => c.reads_site_only(false),
    }
}
