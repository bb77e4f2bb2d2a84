//! What a game's patterns can produce, read from the compiled game alone:
//! for each origin, the sites its kinds' patterns reach on an empty board,
//! every condition read as true and no barrier closed (so a superset of
//! what any position allows), as the step, leg and swap pairs of the
//! action numbering.

use crate::board::SiteId;
use crate::rules::{Action as TurnAction, Pattern, Rules, SideId};
use std::collections::BTreeSet;
use std::ops::Range;

/// A site and the heading a walk arrived there with (a compass
/// direction, a link label, or [`NO_HEADING`] after a leap or a jump).
type Walked = (u16, u8);
type States = BTreeSet<Walked>;

/// No compass heading: relative directions mean nothing after it.
const NO_HEADING: u8 = u8::MAX;

/// The pairs of sites the patterns can join, each as `from * n + to`.
#[derive(Default)]
pub(super) struct Pairs {
    /// A piece goes from one site to another, capturing nothing on its way.
    pub(super) steps: BTreeSet<u32>,
    /// One landing of a capture chain: from the previous stop (or the
    /// origin) to the next.
    pub(super) legs: BTreeSet<u32>,
    /// A swap or castling: the mover's site and its partner's.
    pub(super) swaps: BTreeSet<u32>,
    /// Some pattern repeats: a chain may stop where another goes on.
    pub(super) repeats: bool,
}

/// One pattern of one side walked from its origins.
struct Walk<'a> {
    rules: &'a Rules,
    pattern: &'a Pattern,
    side: SideId,
    /// Every barrier open.
    open: &'a [u64],
    n: u16,
}

impl Walk<'_> {
    /// The states segment `seg` leads to from `states`, the walk having
    /// begun on `origin`.
    fn advance(&self, seg: usize, origin: u16, states: &States) -> States {
        let s = &self.pattern.segments[seg];
        let board = &self.rules.board;
        let mut out = States::new();
        for &(at, heading) in states {
            if s.castle.is_some() || s.swap.is_some() {
                // The walk ends in a swap or castling: see `Pairs::ends`.
                continue;
            }
            if s.jump {
                out.extend(
                    (0..self.n)
                        .filter(|&p| p != at && p != origin)
                        .map(|p| (p, NO_HEADING)),
                );
                continue;
            }
            if !s.leaps.is_empty() {
                for &(dx, dy) in &s.leaps {
                    if let Some(next) = board.leap(SiteId(at), dx, dy) {
                        out.insert((next.0, NO_HEADING));
                    }
                }
                continue;
            }
            let mut dirs = if seg == 0 {
                s.first[self.side as usize]
            } else {
                s.dirs.resolve(heading)
            };
            // `line(COND)` counts sites: any distance may come of it.
            let (min, max) = match s.line {
                Some(_) => (1, u8::MAX),
                None => (s.min, s.max),
            };
            while dirs != 0 {
                let d = dirs.trailing_zeros() as u8;
                dirs &= dirs - 1;
                let mut cur = SiteId(at);
                for k in 1..=max {
                    let Some(next) = board.step(cur, d, self.open) else {
                        break;
                    };
                    cur = next;
                    if k >= min {
                        out.insert((cur.0, d));
                    }
                }
            }
        }
        out
    }

    /// The states segments `range` lead to from `states`.
    fn run(&self, range: Range<usize>, origin: u16, states: &States) -> States {
        range.fold(states.clone(), |s, seg| self.advance(seg, origin, &s))
    }

    /// Every state the repeated group `group` reaches from `states` in one
    /// or more iterations.
    fn closure(&self, group: Range<usize>, origin: u16, states: &States) -> States {
        let mut all = self.run(group.clone(), origin, states);
        let mut frontier = all.clone();
        while !frontier.is_empty() {
            let next: States = (self.run(group.clone(), origin, &frontier))
                .difference(&all)
                .copied()
                .collect();
            all.extend(next.iter().copied());
            frontier = next;
        }
        all
    }

    fn captures(&self) -> bool {
        (self.pattern.segments.iter()).any(|s| s.capture || s.capture_last)
    }
}

impl Pairs {
    /// The pairs of every pattern of every kind, for every side, from
    /// every site.
    pub(super) fn of(rules: &Rules) -> Pairs {
        let mut pairs = Pairs::default();
        let open = vec![0u64; rules.initial.blocked.len()];
        let n = rules.board.n_sites() as u16;
        for kind in &rules.kinds {
            for pattern in &kind.patterns {
                pairs.repeats |= pattern.repeat.is_some();
                for side in 0..rules.sides.len() as SideId {
                    let walk = Walk {
                        rules,
                        pattern,
                        side,
                        open: &open,
                        n,
                    };
                    pairs.add(&walk);
                }
            }
        }
        pairs
    }

    /// The pairs of one pattern of one side.
    fn add(&mut self, w: &Walk) {
        let len = w.pattern.segments.len();
        let captures = w.captures();
        // The states a chain may stop at, from every origin.
        let mut stops = States::new();
        for o in 0..w.n {
            let start = States::from([(o, 0)]);
            let ends = match w.pattern.repeat {
                None => {
                    let ends = w.run(0..len, o, &start);
                    if captures {
                        self.legs_to(w.n, o, &ends);
                    }
                    ends
                }
                Some((rs, re)) => {
                    let before = w.run(0..rs, o, &start);
                    let first = w.run(rs..re, o, &before);
                    let all = w.closure(rs..re, o, &before);
                    let ends = w.run(re..len, o, &all);
                    // A walk that captured nothing ends after one
                    // iteration: its steps come of the first.
                    let steps = w.run(re..len, o, &first);
                    if captures {
                        // A stop on a captured piece's site is not kept:
                        // the leg runs on to a later one.
                        let skips = w.pattern.segments[re - 1].capture;
                        self.legs_to(w.n, o, if skips { &all } else { &first });
                        if skips {
                            self.legs_to(w.n, o, &ends);
                        }
                        stops.extend(all.iter().copied());
                    }
                    steps
                }
            };
            let steps: Vec<u32> = (ends.iter())
                .filter(|&&(to, _)| to != o)
                .map(|&(to, _)| o as u32 * w.n as u32 + to as u32)
                .collect();
            self.steps.extend(steps);
            self.ends(w, o);
        }
        if let Some((rs, re)) = w.pattern.repeat {
            let skips = w.pattern.segments[re - 1].capture;
            for &t in &stops {
                let one = States::from([t]);
                let next = match skips {
                    true => w.closure(rs..re, t.0, &one),
                    false => w.run(rs..re, t.0, &one),
                };
                let mut to = w.run(re..len, t.0, &one);
                if skips {
                    to.extend(w.run(re..len, t.0, &next));
                }
                to.extend(next);
                self.legs_to(w.n, t.0, &to);
            }
        }
    }

    fn legs_to(&mut self, n: u16, from: u16, to: &States) {
        for &(t, _) in to {
            if t != from {
                self.legs.insert(from as u32 * n as u32 + t as u32);
            }
        }
    }

    /// The swaps and castlings of the pattern from `o`: a swap with any
    /// other site, a castling with any site along its directions.
    fn ends(&mut self, w: &Walk, o: u16) {
        let board = &w.rules.board;
        for (i, s) in w.pattern.segments.iter().enumerate() {
            if s.swap.is_some() && !w.run(0..i, o, &States::from([(o, 0)])).is_empty() {
                self.swaps.extend(
                    (0..w.n)
                        .filter(|&p| p != o)
                        .map(|p| o as u32 * w.n as u32 + p as u32),
                );
            }
            if s.castle.is_some() {
                let mut dirs = s.first[w.side as usize];
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as u8;
                    dirs &= dirs - 1;
                    let mut cur = SiteId(o);
                    for _ in 0..w.n {
                        let Some(next) = board.step(cur, d, w.open) else {
                            break;
                        };
                        cur = next;
                        self.swaps.insert(o as u32 * w.n as u32 + cur.0 as u32);
                    }
                }
            }
        }
    }
}

/// Every action of every turn: the phases' and the prelude's.
pub(super) fn turn_actions(rules: &Rules) -> impl Iterator<Item = &TurnAction> {
    (rules.phases.iter().flatten()).chain(rules.prelude.iter().flat_map(|t| &t.actions))
}

/// Per kind, the direction its drops fall along when they are numbered by
/// the line they fall into: every drop of the game falls, each kind
/// always the same way, and nothing else ever happens to the board (no
/// barriers, no piece moves, no removals, sowings or captures, no gap in
/// a line at the start), so that a line has one landing at a time.
pub(super) fn falls(rules: &Rules, open: &[u64]) -> Vec<Option<u8>> {
    let mut falls: Vec<Option<Option<u8>>> = vec![None; rules.kinds.len()];
    let mut lined = rules.barriers.is_empty() && !rules.capturing_effects;
    for a in turn_actions(rules) {
        match *a {
            TurnAction::Drop(k, _, fall) | TurnAction::DropWhere(k, _, fall, _) => {
                let seen = &mut falls[k as usize];
                lined &= fall.is_some() && seen.is_none_or(|f| f == fall);
                *seen = Some(fall);
            }
            TurnAction::Pass | TurnAction::Roll(_) => {}
            _ => lined = false,
        }
    }
    if !lined || !gapless(rules, &falls, open) {
        return vec![None; rules.kinds.len()];
    }
    falls.into_iter().map(Option::flatten).collect()
}

/// Whether no piece of the initial position stands above an empty site
/// along any of the fall directions.
fn gapless(rules: &Rules, falls: &[Option<Option<u8>>], open: &[u64]) -> bool {
    let st = &rules.initial;
    let dirs: BTreeSet<u8> = falls.iter().flatten().flatten().copied().collect();
    (0..rules.board.n_sites() as u16).all(|s| {
        st.board[s as usize] == 0
            || dirs.iter().all(|&d| {
                (rules.board.step(SiteId(s), d, open)).is_none_or(|b| st.board[b.0 as usize] != 0)
            })
    })
}

/// The last site of the line from `at` along `d`: it names the line.
pub(super) fn floor(rules: &Rules, at: SiteId, d: u8, open: &[u64]) -> SiteId {
    let mut at = at;
    for _ in 0..rules.board.n_sites() {
        match rules.board.step(at, d, open) {
            Some(next) => at = next,
            None => break,
        }
    }
    at
}

/// Whether each side only ever holds one kind of piece: one kind in its
/// initial reserve at most, and no capture puts a piece in a hand.
pub(super) fn one_kind_hands(rules: &Rules) -> bool {
    let st = &rules.initial;
    rules.kinds.iter().all(|k| k.to_hand.is_none())
        && (0..rules.sides.len() as SideId).all(|side| {
            let held =
                (0..rules.kinds.len() as u8).filter(|&k| st.pieces_in_hand(rules, side, k) > 0);
            held.count() <= 1
        })
}
