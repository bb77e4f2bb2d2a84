//! Tracks (`[tracks.NAME]`): per-side routes that the `advance` action
//! moves pieces along, by a rolled distance, entering from the hand and
//! bearing off past the end.

use super::SideId;
use crate::board::SiteId;

/// A `[tracks.NAME]` table, compiled.
#[derive(Clone, Debug)]
pub struct Track {
    pub name: String,
    /// Per side, the track's sites in order.
    pub sites: Vec<Vec<SiteId>>,
    /// Per side and site: 1 + the site's index on the side's track, or 0
    /// off it.
    pub at: Vec<Vec<u16>>,
    /// Pieces in the hand enter: `n` steps put one on the `n`-th site.
    pub enter: bool,
    /// A piece `n` steps from the end, moving exactly `n`, leaves the
    /// board (it is borne off).
    pub off: bool,
    /// `home`: a piece bears off only while every piece of the side stands
    /// in its part of this region (none in hand).
    pub home: Option<super::RegionId>,
    /// `over`: a roll above a piece's distance to the end bears it off
    /// when no piece of the side stands farther back on the track.
    pub over: bool,
    /// `enter_first`: while the side holds a piece in hand, it only enters.
    pub enter_first: bool,
}

impl Track {
    /// The position of `s` on `side`'s track: 1 for its first site, 0 for
    /// a site off the track.
    #[inline]
    pub fn position(&self, side: SideId, s: SiteId) -> usize {
        self.at[side as usize][s.0 as usize] as usize
    }
}
