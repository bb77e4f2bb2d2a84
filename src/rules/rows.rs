//! The rows a `line(...)` can fill, as masks the compiler makes: a region's rows per side (`line(... in REGION, N, DIRS)`),
//! or the rows through each site (`line(..., N, DIRS) through last`).
//! The engine then finds a line with an AND of the side's pieces and
//! each mask ([`RowMasks`]), not by walking the pieces.

use super::{LineRows, Region, RowMasks, SiteSet};
use crate::board::{Board, SiteId};

/// Every run of `length` sites of `inside` along one of the `axes`
/// (each run once, from its first site), as lists of sites.
fn runs(board: &Board, inside: &SiteSet, length: u32, axes: u8) -> Vec<Vec<SiteId>> {
    let mut runs = Vec::new();
    for at in inside.iter() {
        for d in (0..4u8).filter(|&d| axes >> d & 1 == 1) {
            // No longer than the board, whatever the file asks.
            let mut run = Vec::with_capacity((length as usize).min(inside.0.len() * 64));
            let mut site = Some(at);
            while let Some(s) = site.filter(|&s| inside.contains(s) && !run.contains(&s)) {
                run.push(s);
                if run.len() == length as usize {
                    break;
                }
                site = board.neighbor(s, d);
            }
            if run.len() == length as usize {
                runs.push(run);
            }
        }
    }
    runs
}

/// The masks of `runs`, over the words their sites fall in; `None` when
/// there are more than [`RowMasks::MOST_ROWS`] or they span more than
/// [`RowMasks::MOST_WORDS`] words.
fn pack(runs: &[&Vec<SiteId>], length: u32) -> Option<RowMasks> {
    if runs.len() > RowMasks::MOST_ROWS {
        return None;
    }
    let word = |s: &SiteId| s.0 as usize / 64;
    let all = runs.iter().flat_map(|r| r.iter());
    let first = all.clone().map(word).min().unwrap_or(0);
    let span = all.map(word).max().map_or(1, |last| last - first + 1);
    if span > RowMasks::MOST_WORDS {
        return None;
    }
    let mut masks = vec![0u64; runs.len() * span];
    let mut sites = vec![0u64; span];
    for (i, run) in runs.iter().enumerate() {
        for s in run.iter() {
            let bit = 1u64 << (s.0 % 64);
            masks[i * span + word(s) - first] |= bit;
            sites[word(s) - first] |= bit;
        }
    }
    Some(RowMasks {
        length,
        first,
        span,
        sites: sites.into(),
        masks: masks.into(),
    })
}

/// The rows of `length` sites of `region` along the `axes`, for each side
/// (its part of the region); `None` when some side's are too many
/// ([`pack`]): the pieces are then read one by one.
pub fn region_rows(board: &Board, region: &Region, length: u32, axes: u8) -> Option<Box<LineRows>> {
    let per = (region.per_side.iter())
        .map(|set| {
            pack(
                &runs(board, set, length, axes).iter().collect::<Vec<_>>(),
                length,
            )
        })
        .collect::<Option<Box<[RowMasks]>>>()?;
    Some(Box::new(LineRows { per }))
}

/// The rows of `length` sites along the `axes` through each site of the
/// board; `None` when some site's are too many ([`pack`]).
pub fn site_rows(board: &Board, length: u32, axes: u8) -> Option<Box<LineRows>> {
    let n = board.n_sites();
    let mut every = SiteSet::new(n);
    (0..n).for_each(|s| every.insert(SiteId(s as u16)));
    let runs = runs(board, &every, length, axes);
    let mut through: Vec<Vec<&Vec<SiteId>>> = vec![Vec::new(); n];
    for run in &runs {
        for s in run {
            through[s.0 as usize].push(run);
        }
    }
    let per = (through.iter())
        .map(|rows| pack(rows, length))
        .collect::<Option<Box<[RowMasks]>>>()?;
    Some(Box::new(LineRows { per }))
}
