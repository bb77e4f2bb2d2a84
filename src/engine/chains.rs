//! The groups of one position, read once for all the drops judged there.
//!
//! Listing the drops of a Go-like game asks, for each empty site, whether
//! a stone there would take a group beside it (the group's last open site
//! is that one) and whether the stone's own group would keep a liberty.
//! Both read groups beside the site. Read drop by drop, every group is
//! walked again for each of its liberties; here each is walked once per
//! position, and then answers every drop beside it in a few steps
//! ([`Chain::open_besides`]).
//!
//! A group is the set of member sites joined to a site along some
//! directions (each with its opposite, so that every member of a group
//! reaches the same group), across no barrier. Its open sites are the
//! sites beside it, not members, that a second test admits: the empty
//! sites of a group of stones, its liberties; the sites that meet neither
//! `over` nor `surrounded by` of a surround effect.

use super::*;

/// What is known of one group: its size and up to two of its open sites.
#[derive(Clone, Copy, Debug)]
pub(super) struct Chain {
    pub size: u32,
    /// The first two distinct open sites found (`opens` of them).
    open: [SiteId; 2],
    opens: u8,
}

impl Chain {
    /// Whether the group has an open site.
    pub fn has_open(&self) -> bool {
        self.opens > 0
    }

    /// Whether the group has two open sites or more.
    pub fn opens_twice(&self) -> bool {
        self.opens >= 2
    }

    /// The group's one open site, where it has exactly one.
    pub fn only_open(&self) -> Option<SiteId> {
        (self.opens == 1).then_some(self.open[0])
    }

    /// Whether the group has an open site other than `at`.
    pub fn open_besides(&self, at: SiteId) -> bool {
        self.opens >= 2 || self.opens == 1 && self.open[0] != at
    }
}

/// The groups read so far in one position, for one pair of tests (member,
/// open) and one set of directions: the caller keeps those the same.
pub(super) struct Chains {
    /// Per site, 1 + the index of its group in `chains` where it is a
    /// member of a group read so far; 0 otherwise.
    id: Vec<u16>,
    chains: Vec<Chain>,
    todo: Vec<SiteId>,
}

/// Whether a set of directions has, with each compass direction, its
/// opposite, and no labelled direction: then the groups joined along it
/// are the same from whichever member they are read.
pub(super) fn both_ways(dirs: u32) -> bool {
    let compass = dirs & 0xff;
    dirs == compass && compass == (compass << 4 | compass >> 4) & 0xff
}

impl Chains {
    pub fn new(sites: usize) -> Chains {
        Chains {
            id: vec![0; sites],
            chains: Vec::new(),
            todo: Vec::new(),
        }
    }

    /// The group of the member on `start`, read from `st` now if it has
    /// not been: the members joined to it along `dirs` (both ways, see
    /// [`both_ways`]), and the sites beside them that are not members and
    /// that `open` admits.
    pub fn of(
        &mut self,
        rules: &Rules,
        st: &State,
        start: SiteId,
        dirs: u32,
        (member, open): (impl Fn(SiteId) -> bool, impl Fn(SiteId) -> bool),
    ) -> Chain {
        debug_assert!(both_ways(dirs) && member(start));
        let known = self.id[start.0 as usize];
        if known != 0 {
            return self.chains[known as usize - 1];
        }
        let label = self.chains.len() as u16 + 1;
        let mut chain = Chain {
            size: 0,
            open: [NOWHERE; 2],
            opens: 0,
        };
        self.id[start.0 as usize] = label;
        self.todo.clear();
        self.todo.push(start);
        while let Some(s) = self.todo.pop() {
            chain.size += 1;
            let mut mask = dirs;
            while mask != 0 {
                let d = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                let Some(t) = rules.next_site(st, s, d) else {
                    continue;
                };
                if self.id[t.0 as usize] == label {
                    continue;
                }
                if member(t) {
                    self.id[t.0 as usize] = label;
                    self.todo.push(t);
                } else if open(t) && chain.opens < 2 && (chain.opens == 0 || chain.open[0] != t) {
                    chain.open[chain.opens as usize] = t;
                    chain.opens += 1;
                }
            }
        }
        self.chains.push(chain);
        chain
    }
}
