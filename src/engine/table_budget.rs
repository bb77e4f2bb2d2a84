//! The budget of the move tables a compiled game lays out: each piece's
//! rays from each site, for every kind and side, grow with sites × kinds ×
//! sides × the sites a move passes, and with sites × sites for a swap or
//! for each `jump` after another. Past [`MAX_RAY_SITES`] the layout stops
//! and the game is refused ([`TablesTooLarge`]), rather than taking
//! minutes and gigabytes.

use crate::rules::tables::{Extra, RaySite};
use crate::rules::{KindId, SideId};
use std::cell::Cell;

/// The most ray sites (the sites of the rays, swap partners included) the
/// move tables of one game may hold: about 200 MB. The shipped games need
/// at most a few hundred thousand.
pub const MAX_RAY_SITES: usize = 5_000_000;

/// The most ray sites one pattern of one piece may lay out (a repeated
/// group: from every site), built as a tree before it is laid out: about
/// 64 MB while it lasts. The shipped games need at most a few thousand.
pub const MAX_TREE: usize = 1 << 18;

/// The bytes one ray site takes in the tables.
pub const RAY_SITE_BYTES: usize = std::mem::size_of::<RaySite>() + std::mem::size_of::<Extra>();

/// The ray sites left to lay out, and the pattern being laid out when
/// there were none.
pub(super) struct Budget {
    left: Cell<usize>,
    /// The ray sites of the pattern being laid out.
    tree: Cell<usize>,
    /// The kind, side and pattern being laid out.
    at: Cell<(KindId, SideId, u16)>,
    /// The kind and pattern that found the budget spent, and whether
    /// that pattern alone spent [`MAX_TREE`].
    blown: Cell<Option<(KindId, u16, bool)>>,
}

impl Budget {
    pub(super) fn new(sites: usize) -> Self {
        Budget {
            left: Cell::new(sites),
            tree: Cell::new(0),
            at: Cell::new((0, 0, 0)),
            blown: Cell::new(None),
        }
    }

    /// The pattern laid out next.
    pub(super) fn laying_out(&self, kind: KindId, side: SideId, pattern: u16) {
        self.at.set((kind, side, pattern));
        self.tree.set(0);
    }

    /// Takes one ray site from the budget; whether there was one.
    #[inline]
    pub(super) fn spend(&self) -> bool {
        let tree = self.tree.get() + 1;
        self.tree.set(tree);
        match self.left.get() {
            n if n == 0 || tree > MAX_TREE => {
                if self.blown.get().is_none() {
                    let (kind, _, pattern) = self.at.get();
                    self.blown.set(Some((kind, pattern, tree > MAX_TREE)));
                }
                false
            }
            n => {
                self.left.set(n - 1);
                true
            }
        }
    }

    /// Why the layout stopped, if it did, `done` of the `pieces` laid out.
    pub(super) fn blown(&self, done: usize, pieces: usize) -> Option<TablesTooLarge> {
        let (kind, pattern, one) = self.blown.get()?;
        let spent = MAX_RAY_SITES - self.left.get();
        Some(TablesTooLarge {
            kind,
            pattern,
            one_pattern: one,
            // Per piece, what this layout spent so far; or, when one
            // pattern spent its own budget, more than that budget.
            estimate: match one {
                true => MAX_TREE + 1,
                false => (spent as f64 / done.max(1) as f64 * pieces as f64) as usize,
            }
            .max(MAX_RAY_SITES.min(MAX_TREE) + 1),
        })
    }
}

/// The move tables of a game would be too large: laying out the pattern
/// `pattern` of `kind` found [`MAX_RAY_SITES`] spent, or (`one_pattern`)
/// found that one pattern of one piece passes over [`MAX_TREE`] sites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesTooLarge {
    pub kind: KindId,
    pub pattern: u16,
    pub one_pattern: bool,
    /// About how many ray sites the whole tables would need, extrapolated
    /// from the pieces laid out; or (`one_pattern`) more than the pattern
    /// may lay out.
    pub estimate: usize,
}

/// `n` bytes, in the largest unit that keeps a number of at least 1.
pub fn bytes_text(n: usize) -> String {
    const UNITS: [(&str, f64); 3] = [("GB", 1e9), ("MB", 1e6), ("KB", 1e3)];
    for (unit, size) in UNITS {
        if n as f64 >= size {
            return format!("{:.1} {unit}", n as f64 / size);
        }
    }
    format!("{n} bytes")
}
