//! Counts on sites and sowing (`[seeds]`): a game whose sites hold a number
//! of identical seeds, moved by sowing them one per site along a track.

use super::{Cond, DirSel, RegionId, SideId};
use crate::board::SiteId;

/// What `[seeds]` declares. Present only in a game that declares it; every
/// other game keeps `State::seeds` empty and never reads this.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// Per side, the track in order; sowing goes round and round it.
    pub track: Vec<Vec<SiteId>>,
    /// Per side and site: the site's index on the side's track, or
    /// `u16::MAX` off it.
    pub at: Vec<Vec<u16>>,
    /// Sowing passes over the site it started from.
    pub skip_origin: bool,
    /// Per side, the site that holds what it captures (`NOWHERE`: none).
    pub store: Vec<SiteId>,
    /// The capture rules, tried in order; the first that holds takes.
    pub captures: Vec<SowCapture>,
    /// The same side moves again when the last seed fell on a site meeting
    /// this.
    pub again: Option<Cond>,
}

/// A `[[seeds.capture]]` rule.
#[derive(Clone, Debug)]
pub struct SowCapture {
    /// On the site of the last seed, after sowing.
    pub when: Cond,
    /// Then the sites before it along the track, while each meets `when`.
    pub back: bool,
    /// The sites one step away along these directions are taken too.
    pub also: Option<DirSel>,
    /// No capture when it would leave the enemy's part of this region
    /// without a seed.
    pub spare: Option<RegionId>,
}

impl Sowing {
    /// The index of `s` on `side`'s track.
    pub fn index(&self, side: SideId, s: SiteId) -> Option<usize> {
        let i = self.at[side as usize][s.0 as usize];
        (i != u16::MAX).then_some(i as usize)
    }
}
