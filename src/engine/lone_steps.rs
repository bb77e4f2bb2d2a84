//! Merging the lone steps of a piece's patterns when its move tables are
//! laid out. Two patterns that step to the same site (`step(forward |
//! forward_diag) to empty` and `step(forward_diag) to enemy`) give the
//! same move wherever either lands: one site whose landing values are the
//! union of both gives the same moves, once each, so that the piece's run
//! can be flat ([`crate::rules::tables::MoveTables::flat`]) instead of
//! walked with a set of the steps already given.

use crate::rules::tables::{Entry, Extra, MoveTables, RaySite};
use std::collections::HashMap;

/// Whether a laid-out ray site is a lone step: a ray of this one site,
/// ending the move, whose landing is decided by its value set alone.
fn lone(rs: &RaySite, extra: &Extra) -> bool {
    let plain = extra.to_dead == 0
        && extra.over_dead == 0
        && !extra.capture
        && extra.sure == 0
        && extra.ahead.is_none();
    rs.rest == 0 && rs.pos == 0 && rs.next == 0 && rs.residual == 0 && plain
}

impl MoveTables {
    /// The entry of a pattern's rays, laid out as `sites[start..end]`,
    /// pushed, or joined to the entry before when that is the same piece's
    /// rays (its entries begin at `entries[first]`) and ends where these
    /// begin: their lone steps merged.
    pub(super) fn push_rays(&mut self, first: usize, (start, end, exact): (u32, u32, bool)) {
        let mine = self.entries.len() > first;
        let joins = match self.entries.last() {
            Some(&Entry::Rays {
                start: s, end: e, ..
            }) if e == start && mine => Some(s),
            _ => None,
        };
        match joins {
            Some(earlier) => {
                let end = self.merge_lone_steps(earlier, start, end);
                if let Some(Entry::Rays {
                    end: e, exact: x, ..
                }) = self.entries.last_mut()
                {
                    *e = end;
                    *x &= exact;
                }
            }
            None if end > start => self.entries.push(Entry::Rays { start, end, exact }),
            None => {}
        }
    }

    /// Merges the lone steps of the run `sites[start..end]`, just laid out
    /// and last in `sites`, into the same site's lone step in
    /// `sites[earlier..start]`, the run it joins: the earlier one lands on
    /// either's values, the later one is dropped. The joined run's end.
    fn merge_lone_steps(&mut self, earlier: u32, start: u32, end: u32) -> u32 {
        if end as usize != self.sites.len() {
            // Later segments were laid out after the run: leave it whole.
            return end;
        }
        let (earlier, start) = (earlier as usize, start as usize);
        // The earlier run's lone steps by site, edge and direction (the
        // first of equal ones): one pass, so that joining costs what the
        // two runs hold.
        let key = |rs: &RaySite| (rs.site, rs.edge, rs.dir);
        let twins: HashMap<_, usize> = (earlier..start)
            .rev()
            .filter(|&k| lone(&self.sites[k], &self.extras[k]))
            .map(|k| (key(&self.sites[k]), k))
            .collect();
        let mut kept = start;
        for j in start..end as usize {
            let (rs, extra) = (self.sites[j], self.extras[j]);
            let twin = (lone(&rs, &extra))
                .then(|| twins.get(&key(&rs)).copied())
                .flatten();
            match twin {
                Some(k) => {
                    let (a, b) = (
                        self.values[self.sites[k].to as usize],
                        self.values[rs.to as usize],
                    );
                    let union = std::array::from_fn(|w| a[w] | b[w]);
                    self.sites[k].to = self.intern(union);
                }
                None => {
                    self.sites[kept] = rs;
                    self.extras[kept] = extra;
                    kept += 1;
                }
            }
        }
        self.sites.truncate(kept);
        self.extras.truncate(kept);
        kept as u32
    }
}
