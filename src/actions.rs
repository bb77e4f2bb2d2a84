//! Actions: a fixed numbering of every move a game can ever have, for
//! programs that learn (a policy network needs an output of fixed size).
//!
//! The numbering depends only on the compiled tables of a game — its number
//! of sites, barrier kinds and slots, piece kinds, and whether it has a
//! `[demand]` rule — never on a position. It is made of blocks, in this
//! order (`n` is the number of sites):
//!
//! | block   | size                 | action                                    |
//! |---------|----------------------|-------------------------------------------|
//! | `step`  | n × n                | a piece steps from one site to another    |
//! | `leg`   | n × n                | one landing of a capture chain            |
//! | `swap`  | n × n                | a piece changes places with another       |
//! | `place` | barrier kinds × slots| a barrier goes into a slot                |
//! | `drop`  | piece kinds × n      | a piece from the reserve onto a site      |
//! | `huff`  | n                    | the huffable piece on a site is removed   |
//! | `remove`| n                    | a piece chosen to leave the board (`xd7`) |
//! | `pass`  | 1                    | the side to move passes                   |
//! | `end`   | 1                    | a capture chain stops where it stands     |
//! | `promote` | piece kinds        | the piece just moved becomes this kind    |
//! | `roll`  | outcomes of every event | a chance event gives this outcome   |
//!
//! (`promote` only in a game where some piece chooses its promotion,
//! `roll` only in a game with chance: the outcomes of its events in
//! declaration order, each event's in its order), and, when the game has a `[demand]` rule, the same blocks again for the
//! demanding form of each move (the last action of a demanding move is in
//! the second half).
//!
//! Most moves are one action. A capture chain ([`Move::Chain`]) is one
//! action per landing, in its own `leg` block, as OpenSpiel numbers the
//! jumps of checkers: the landings are a handful of site pairs, while whole
//! chains are too many to number in advance. While a chain is part played
//! the same side chooses again, among the next landings of the chains that
//! begin with the landings chosen so far; where one such chain could stop
//! and another go on, `end` stops it. [`follow`] does this bookkeeping.
//!
//! A move whose piece chooses its promotion otherwise than its default
//! ([`Move::Promoting`]) is the move's actions, then the `promote` action of
//! the kind chosen; the move that takes the default is the move's actions
//! alone, closed by `end` where the choices go on.
//!
//! A swap is numbered by its two sites and a chain by its landings, not by
//! what it captures: two legal moves that differ only there would share
//! their actions. No shipped game has such a pair (`tests/actions.rs`
//! checks every legal move along random games of each); should one occur,
//! the first in legal-move order is played.

use crate::board::SiteId;
use crate::rules::{BarrierId, KindId, Move, Rules};

/// A move, or a part of a capture chain, as a number below
/// [`ActionSpace::len`].
pub type Action = u32;

/// What an action does, as [`ActionSpace::describe`] gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    Step {
        from: SiteId,
        to: SiteId,
    },
    Leg {
        from: SiteId,
        to: SiteId,
    },
    Swap {
        from: SiteId,
        with: SiteId,
    },
    Place {
        barrier: BarrierId,
        slot: u16,
    },
    Drop {
        kind: KindId,
        to: SiteId,
    },
    Huff(SiteId),
    Remove(SiteId),
    Pass,
    End,
    Promote(KindId),
    /// The outcome of this index among every event's outcomes, counted in
    /// declaration order ([`ActionSpace::roll_of`] reads it back).
    Roll(u32),
}

/// The numbering of one game's actions: see the module documentation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    n_sites: u32,
    n_slots: u32,
    n_barriers: u32,
    n_kinds: u32,
    demand: bool,
    /// Whether some piece chooses its promotion: the `promote` block.
    choices: bool,
    /// The outcomes of every chance event: the `roll` block.
    n_rolls: u32,
}

const STEP: u32 = 0;
const LEG: u32 = 1;
const SWAP: u32 = 2;

impl ActionSpace {
    /// The numbering of a game's actions, from its compiled tables.
    pub fn new(rules: &Rules) -> ActionSpace {
        ActionSpace {
            n_sites: rules.board.n_sites() as u32,
            n_slots: rules.board.slots.len() as u32,
            n_barriers: rules.barriers.len() as u32,
            n_kinds: rules.kinds.len() as u32,
            demand: rules.demand.is_some(),
            choices: rules
                .kinds
                .iter()
                .any(|k| k.promote.as_ref().is_some_and(|p| p.chooses())),
            n_rolls: rules.chance.iter().map(|c| c.outcomes.len() as u32).sum(),
        }
    }

    fn roll_base(&self) -> u32 {
        self.promote_base() + if self.choices { self.n_kinds } else { 0 }
    }

    /// The roll an action of the `roll` block stands for.
    pub fn roll_of(rules: &Rules, mut i: u32) -> Option<Move> {
        for (event, c) in rules.chance.iter().enumerate() {
            let n = c.outcomes.len() as u32;
            if i < n {
                let (event, outcome) = (event as u8, i as u8);
                return Some(Move::Roll { event, outcome });
            }
            i -= n;
        }
        None
    }

    fn pairs(&self) -> u32 {
        self.n_sites * self.n_sites
    }
    fn place_base(&self) -> u32 {
        3 * self.pairs()
    }
    fn drop_base(&self) -> u32 {
        self.place_base() + self.n_barriers * self.n_slots
    }
    fn huff_base(&self) -> u32 {
        self.drop_base() + self.n_kinds * self.n_sites
    }
    fn remove_base(&self) -> u32 {
        self.huff_base() + self.n_sites
    }
    fn pass(&self) -> Action {
        self.remove_base() + self.n_sites
    }
    /// The action that stops a capture chain where it stands.
    pub fn end(&self) -> Action {
        self.pass() + 1
    }
    fn promote_base(&self) -> u32 {
        self.end() + 1
    }
    /// Actions of plain moves: the first half when the game has demands.
    fn plain(&self) -> u32 {
        self.roll_base() + self.n_rolls
    }

    /// How many actions the game has: every action is below this.
    pub fn len(&self) -> usize {
        self.plain() as usize * if self.demand { 2 } else { 1 }
    }

    /// Never: every game has at least `pass` and `end`.
    pub fn is_empty(&self) -> bool {
        false
    }

    fn pair(&self, block: u32, from: SiteId, to: SiteId) -> Action {
        block * self.pairs() + from.0 as u32 * self.n_sites + to.0 as u32
    }

    /// Appends the actions that make `mv` to `out`: one for most moves, one
    /// per landing for a capture chain.
    pub fn encode(&self, rules: &Rules, mv: Move, out: &mut Vec<Action>) {
        let start = out.len();
        match rules.base(mv) {
            Move::Step { from, to } => out.push(self.pair(STEP, from, to)),
            Move::Chain(id) => {
                let chain = rules.chain(id);
                let mut at = chain.from;
                for &stop in chain.stops() {
                    out.push(self.pair(LEG, at, stop));
                    at = stop;
                }
                if chain.stops().is_empty() {
                    out.push(self.pair(LEG, at, at));
                }
            }
            // A castling is numbered as a swap with its partner.
            Move::Swap { from, with, .. } | Move::Castle { from, with, .. } => {
                out.push(self.pair(SWAP, from, with))
            }
            Move::Place { barrier, slot } => {
                out.push(self.place_base() + barrier as u32 * self.n_slots + slot as u32)
            }
            Move::Drop { kind, to } => {
                out.push(self.drop_base() + kind as u32 * self.n_sites + to.0 as u32)
            }
            Move::Huff(s) => out.push(self.huff_base() + s.0 as u32),
            Move::Roll { event, outcome } => {
                let before: usize = (rules.chance[..event as usize].iter())
                    .map(|c| c.outcomes.len())
                    .sum();
                out.push(self.roll_base() + before as u32 + outcome as u32)
            }
            // A sowing is numbered as the removal of the seeds it takes up.
            Move::Remove(s) | Move::Sow(s) => out.push(self.remove_base() + s.0 as u32),
            // `base` never returns a demanding or promoting move.
            Move::Pass | Move::Demanding(_) | Move::Promoting(_) => out.push(self.pass()),
        }
        if let Some(kind) = rules.chosen_kind(mv) {
            out.push(self.promote_base() + kind as u32);
        }
        if matches!(mv, Move::Demanding(_)) && out.len() > start {
            *out.last_mut().expect("just pushed") += self.plain();
        }
    }

    /// What an action does and whether it is in the demanding half; `None`
    /// for a number past the end.
    pub fn describe(&self, a: Action) -> Option<(ActionKind, bool)> {
        if a as usize >= self.len() {
            return None;
        }
        let (demanding, a) = if a >= self.plain() {
            (true, a - self.plain())
        } else {
            (false, a)
        };
        let site = |i: u32| SiteId(i as u16);
        let kind = if a < self.place_base() {
            let (from, to) = (
                site(a % self.pairs() / self.n_sites),
                site(a % self.n_sites),
            );
            match a / self.pairs() {
                STEP => ActionKind::Step { from, to },
                LEG => ActionKind::Leg { from, to },
                _ => ActionKind::Swap { from, with: to },
            }
        } else if a < self.drop_base() {
            let i = a - self.place_base();
            ActionKind::Place {
                barrier: (i / self.n_slots) as BarrierId,
                slot: (i % self.n_slots) as u16,
            }
        } else if a < self.huff_base() {
            let i = a - self.drop_base();
            ActionKind::Drop {
                kind: (i / self.n_sites) as KindId,
                to: site(i % self.n_sites),
            }
        } else if a < self.remove_base() {
            ActionKind::Huff(site(a - self.huff_base()))
        } else if a < self.pass() {
            ActionKind::Remove(site(a - self.remove_base()))
        } else if a == self.pass() {
            ActionKind::Pass
        } else if a == self.end() {
            ActionKind::End
        } else if a < self.roll_base() {
            ActionKind::Promote((a - self.promote_base()) as KindId)
        } else {
            ActionKind::Roll(a - self.roll_base())
        };
        Some((kind, demanding))
    }
}

/// The action sequences of a list of moves, encoded once.
#[derive(Clone, Debug, Default)]
pub struct Encoded {
    actions: Vec<Action>,
    /// Per move, where its actions end in `actions`.
    ends: Vec<u32>,
}

impl Encoded {
    /// Encodes `moves` (the legal moves of a position).
    pub fn new(space: &ActionSpace, rules: &Rules, moves: &[Move]) -> Encoded {
        let mut e = Encoded::default();
        e.fill(space, rules, moves);
        e
    }

    /// Encodes `moves` in place of what was there.
    pub fn fill(&mut self, space: &ActionSpace, rules: &Rules, moves: &[Move]) {
        self.actions.clear();
        self.ends.clear();
        for &mv in moves {
            space.encode(rules, mv, &mut self.actions);
            self.ends.push(self.actions.len() as u32);
        }
    }

    /// The actions of the `i`-th move.
    pub fn of(&self, i: usize) -> &[Action] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.actions[start..self.ends[i] as usize]
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Whether every move is a single action (no chain), so that the legal
    /// actions are the moves' actions, in order.
    pub fn single(&self) -> bool {
        self.actions.len() == self.ends.len()
    }

    /// The actions legal after `prefix` (the actions of a chain chosen so
    /// far, empty at the start of a turn), sorted, each once.
    pub fn next(&self, space: &ActionSpace, prefix: &[Action], out: &mut Vec<Action>) {
        out.clear();
        let mut stops = false;
        for i in 0..self.len() {
            let seq = self.of(i);
            if seq.len() > prefix.len() && seq.starts_with(prefix) {
                out.push(seq[prefix.len()]);
            } else if seq == prefix {
                stops = true;
            }
        }
        if stops && !out.is_empty() {
            out.push(space.end());
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Where `prefix` leads, `prefix` being the actions chosen this turn
    /// (the last one just chosen).
    pub fn follow(&self, space: &ActionSpace, prefix: &[Action]) -> Followed {
        let (prefix, ended) = match prefix.split_last() {
            Some((&last, rest)) if last == space.end() => (rest, true),
            _ => (prefix, false),
        };
        let (mut exact, mut longer) = (None, false);
        for i in 0..self.len() {
            let seq = self.of(i);
            if seq == prefix {
                exact = exact.or(Some(i));
            } else if !ended && seq.len() > prefix.len() && seq.starts_with(prefix) {
                longer = true;
            }
        }
        match (exact, longer) {
            (_, true) => Followed::Pending,
            (Some(i), false) if !ended || self.extended(prefix) => Followed::Complete(i),
            _ => Followed::Illegal,
        }
    }

    /// Whether some move's actions strictly extend `prefix`.
    fn extended(&self, prefix: &[Action]) -> bool {
        (0..self.len()).any(|i| {
            let seq = self.of(i);
            seq.len() > prefix.len() && seq.starts_with(prefix)
        })
    }
}

/// Where the actions chosen so far in a turn lead.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Followed {
    /// They make the move of this index among the legal moves.
    Complete(usize),
    /// They begin one or more chains: the same side chooses again.
    Pending,
    /// They begin no legal move.
    Illegal,
}

/// Follows `prefix` through the legal moves `moves`: see [`Encoded::follow`].
pub fn follow(space: &ActionSpace, rules: &Rules, moves: &[Move], prefix: &[Action]) -> Followed {
    Encoded::new(space, rules, moves).follow(space, prefix)
}
