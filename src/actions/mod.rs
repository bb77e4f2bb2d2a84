//! Actions: a numbering of every move a game can ever have, for programs
//! that learn (a policy network needs an output of fixed size), compact:
//! numbered from what the game's patterns and turn actions can produce.
//!
//! The numbering depends only on the compiled game, never on a position:
//! the same file gives the same numbering, in an order that follows the
//! file (sites in board order, kinds and barriers in declaration order).
//! It is made of blocks, in this order, each left out when the game cannot
//! produce it (`n` is the number of sites):
//!
//! | block   | one action per                          | action                                     |
//! |---------|-----------------------------------------|--------------------------------------------|
//! | `step`  | pair of sites a pattern can join        | a piece steps from one site to another     |
//! | `leg`   | pair of stops a capturing pattern joins | one landing of a capture chain             |
//! | `swap`  | mover and partner a swap or castling joins | a piece changes places with another     |
//! | `place` | barrier kind and one of its slots       | a barrier goes into a slot                 |
//! | `drop`  | kind dropped and site it may land on    | a piece from the reserve onto a site       |
//! | `fall`  | kind dropped and line it falls into     | a piece let go into a line (a column)      |
//!
//! (in `drop` and `fall`, the site or line alone in a game where each side
//! only ever holds one kind: its initial reserve, no capture into a hand)
//! | `huff`  | site                                    | the huffable piece on a site is removed    |
//! | `remove`| site a removal or sowing may take       | a piece taken off (`xd7`), a pit sown      |
//! | `pass`  | —                                       | the side to move passes                    |
//! | `end`   | —                                       | a capture chain stops where it stands      |
//! | `promote` | kind a promotion may choose           | the piece just moved becomes this kind     |
//! | `roll`  | outcome of every event                  | a chance event gives this outcome          |
//!
//! Within a block actions follow their pairs in order (origin, then
//! destination, by site order; kind, then site). The pairs are those the
//! patterns reach on an empty board with every condition read as true and
//! every barrier open, from every site, for every side (`reach.rs`): a
//! superset of what any position allows. A chain's legs run from its
//! origin or a stop to the next stop. Drops are numbered by the line they
//! fall into (the `fall` block, by the line's last site along the fall)
//! when every drop of the game falls and nothing else changes the board,
//! so that a line has one landing at a time (Connect Four's 7 columns);
//! otherwise by kind and landing site. `pass` is there when a side may
//! pass (a later phase, `no_moves = "pass"`, a `pass` action, a prelude),
//! `end` when a pattern repeats or a promotion is chosen. When the game
//! has a `[demand]` rule, the same blocks come again for the demanding
//! form of each move (the last action of a demanding move is in the second
//! half).
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
//! alone, closed by `end` where the choices go on. A move that leaves a
//! piece from the hand behind ([`Move::Leaving`]) is likewise the move's
//! actions, then a `drop` action of that kind on the site it is left on.
//!
//! A swap is numbered by its two sites and a chain by its landings, not by
//! what it captures: two legal moves that differ only there would share
//! their actions. No shipped game has such a pair (`tests/actions.rs`
//! checks every legal move along random games of each); should one occur,
//! the first in legal-move order is played.

mod reach;

use crate::board::SiteId;
use crate::rules::{Action as TurnAction, BarrierId, KindId, Move, Rules};

/// A move, or a part of a capture chain, as a number below
/// [`ActionSpace::len`].
pub type Action = u32;

/// What [`ActionSpace::encode`] gives for a move outside the numbering (a
/// bug in the analysis of patterns: `tests/actions.rs` checks every
/// shipped game); never a legal action.
pub const UNNUMBERED: Action = Action::MAX;

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
    /// A piece of `kind` dropped on `to`; no kind in a game where each
    /// side holds one kind only (the side to move drops its own).
    Drop {
        kind: Option<KindId>,
        to: SiteId,
    },
    /// A piece of `kind` (as for `Drop`) let go into the line whose last
    /// site along the fall is `line`: it lands on the line's lowest empty
    /// site.
    Fall {
        kind: Option<KindId>,
        line: SiteId,
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

/// The blocks of the numbering, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Family {
    Step,
    Leg,
    Swap,
    Place,
    Drop,
    Fall,
    Huff,
    Remove,
    Pass,
    End,
    Promote,
    Roll,
}

const FAMILIES: usize = 12;

/// One block: its first action and its items, sorted (a pair of sites as
/// `from * n + to`, a drop as `kind * n + site`, a barrier as `barrier *
/// slots + slot`, a site, a kind, a roll; 0 for `pass` and `end`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Block {
    family: Family,
    base: u32,
    items: Vec<u32>,
}

/// The numbering of one game's actions: see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    n_sites: u32,
    n_slots: u32,
    blocks: Vec<Block>,
    /// Per family, its block's index in `blocks`.
    index: [Option<u8>; FAMILIES],
    /// Per kind, the direction its drops fall along when they are numbered
    /// by line (the `fall` block).
    falls: Vec<Option<u8>>,
    /// Every barrier open, for walking a line.
    open: Vec<u64>,
    /// Each side holds one kind only: drops are numbered by site alone.
    one_kind: bool,
    demand: bool,
    /// Actions of plain moves: the first half when the game has demands.
    plain: u32,
}

/// The kinds a promotion choice may name: each kind that promotes by
/// moves of its own or chooses its promotion, and the kinds it may become.
fn promotion_choices(rules: &Rules) -> Vec<u32> {
    let mut choices = Vec::new();
    for (k, kind) in rules.kinds.iter().enumerate() {
        if let Some(p) = &kind.promote_moves {
            choices.push(k as u32);
            choices.push(p.to as u32);
        }
        if let Some(p) = kind.promote.as_ref().filter(|p| p.chooses()) {
            choices.push(k as u32);
            choices.push(p.to as u32);
            choices.extend(p.choices.iter().map(|&c| c as u32));
            choices.extend(p.otherwise.map(|c| c as u32));
        }
    }
    choices
}

impl ActionSpace {
    /// The numbering of a game's actions, from its compiled game.
    pub fn new(rules: &Rules) -> ActionSpace {
        let n = rules.board.n_sites() as u32;
        let n_slots = rules.board.slots.len() as u32;
        let open = vec![0u64; rules.initial.blocked.len()];
        let mut pairs = reach::Pairs::of(rules);
        // Promotions by moves of their own (`promote_moves`, `stay`
        // included): every pair of sites, a superset of their landings.
        if rules.kinds.iter().any(|k| k.promote_moves.is_some()) {
            pairs
                .steps
                .extend((0..n).flat_map(|a| (0..n).map(move |b| a * n + b)));
        }
        let falls = reach::falls(rules, &open);
        let one_kind = reach::one_kind_hands(rules);
        let (mut drops, mut lines, mut removals) = (Vec::new(), Vec::new(), Vec::new());
        let mut pass = rules.phases.len() > 1 || !rules.prelude.is_empty();
        let all_sites = || 0..n;
        for a in reach::turn_actions(rules) {
            match *a {
                TurnAction::Drop(k, region, fall) | TurnAction::DropWhere(k, region, fall, _) => {
                    let k32 = if one_kind { 0 } else { k as u32 * n };
                    if let Some(d) = falls[k as usize] {
                        lines.extend(all_sites().map(|s| {
                            k32 + reach::floor(rules, SiteId(s as u16), d, &open).0 as u32
                        }));
                    } else if let (Some(r), None) = (region, fall) {
                        let r = &rules.regions[r as usize];
                        drops.extend(
                            r.per_side
                                .iter()
                                .flat_map(|set| set.iter())
                                .map(|s| k32 + s.0 as u32),
                        );
                    } else {
                        drops.extend(all_sites().map(|s| k32 + s));
                    }
                }
                TurnAction::Remove(_) => removals.extend(all_sites()),
                TurnAction::Sow(r) => {
                    let r = &rules.regions[r as usize];
                    removals.extend(
                        r.per_side
                            .iter()
                            .flat_map(|set| set.iter())
                            .map(|s| s.0 as u32),
                    );
                }
                TurnAction::Advance(t, ..) => {
                    let track = &rules.tracks[t as usize];
                    for sites in &track.sites {
                        for (i, a) in sites.iter().enumerate() {
                            let later = sites[i + 1..].iter();
                            pairs
                                .steps
                                .extend(later.map(|b| a.0 as u32 * n + b.0 as u32));
                            if track.off {
                                removals.push(a.0 as u32);
                            }
                            if track.enter {
                                let kinds = if one_kind {
                                    1
                                } else {
                                    rules.kinds.len() as u32
                                };
                                drops.extend((0..kinds).map(|k| k * n + a.0 as u32));
                            }
                        }
                    }
                }
                TurnAction::Pass => pass = true,
                _ => {}
            }
        }
        pass |= (rules.sides.iter()).any(|s| {
            s.no_moves == crate::rules::NoMoves::Pass
                || s.no_moves_in_check == crate::rules::NoMoves::Pass
        });
        let left = leave_drops(rules, one_kind, n);
        let leaves = !left.is_empty();
        drops.extend(left);
        let choices = promotion_choices(rules);
        let places = (rules.barriers.iter().enumerate())
            .flat_map(|(b, kind)| {
                kind.slots
                    .iter()
                    .map(move |&s| b as u32 * n_slots + s as u32)
            })
            .collect();
        let huffs = match rules.huff {
            Some(_) if rules.huff_claim != crate::rules::HuffClaim::Automatic => {
                all_sites().collect()
            }
            _ => Vec::new(),
        };
        let n_rolls: u32 = rules.chance.iter().map(|c| c.outcomes.len() as u32).sum();
        let families: [(Family, Vec<u32>); FAMILIES] = [
            (Family::Step, pairs.steps.into_iter().collect()),
            (Family::Leg, pairs.legs.into_iter().collect()),
            (Family::Swap, pairs.swaps.into_iter().collect()),
            (Family::Place, places),
            (Family::Drop, drops),
            (Family::Fall, lines),
            (Family::Huff, huffs),
            (Family::Remove, removals),
            (Family::Pass, if pass { vec![0] } else { Vec::new() }),
            (
                Family::End,
                match pairs.repeats || !choices.is_empty() || leaves {
                    true => vec![0],
                    false => Vec::new(),
                },
            ),
            (Family::Promote, choices),
            (Family::Roll, (0..n_rolls).collect()),
        ];
        let (mut blocks, mut index, mut base) = (Vec::new(), [None; FAMILIES], 0);
        for (family, mut items) in families {
            items.sort_unstable();
            items.dedup();
            if items.is_empty() {
                continue;
            }
            index[family as usize] = Some(blocks.len() as u8);
            let len = items.len() as u32;
            blocks.push(Block {
                family,
                base,
                items,
            });
            base += len;
        }
        ActionSpace {
            n_sites: n,
            n_slots,
            blocks,
            index,
            falls,
            open,
            one_kind,
            demand: rules.demand.is_some(),
            plain: base,
        }
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

    /// The action of `item` in the block of `family`, or [`UNNUMBERED`].
    fn find(&self, family: Family, item: u32) -> Action {
        let Some(b) = self.index[family as usize] else {
            return UNNUMBERED;
        };
        let block = &self.blocks[b as usize];
        match block.items.binary_search(&item) {
            Ok(i) => block.base + i as u32,
            Err(_) => UNNUMBERED,
        }
    }

    /// The action that stops a capture chain where it stands
    /// ([`UNNUMBERED`] in a game where no chain or choice can go on).
    pub fn end(&self) -> Action {
        self.find(Family::End, 0)
    }

    /// How many actions the game has: every action is below this.
    pub fn len(&self) -> usize {
        self.plain as usize * if self.demand { 2 } else { 1 }
    }

    /// Whether the game has no action at all (it has no move).
    pub fn is_empty(&self) -> bool {
        self.plain == 0
    }

    fn pair(&self, family: Family, from: SiteId, to: SiteId) -> Action {
        self.find(family, from.0 as u32 * self.n_sites + to.0 as u32)
    }

    /// Appends the actions that make `mv` to `out`: one for most moves, one
    /// per landing for a capture chain; [`UNNUMBERED`] for a move the
    /// numbering does not have (never, in a shipped game).
    pub fn encode(&self, rules: &Rules, mv: Move, out: &mut Vec<Action>) {
        let start = out.len();
        let n = self.n_sites;
        match rules.base(mv) {
            Move::Step { from, to } => out.push(self.pair(Family::Step, from, to)),
            Move::Chain(id) => {
                let chain = rules.chain(id);
                let mut at = chain.from;
                for &stop in chain.stops() {
                    out.push(self.pair(Family::Leg, at, stop));
                    at = stop;
                }
                if chain.stops().is_empty() {
                    out.push(self.pair(Family::Leg, at, at));
                }
            }
            // A castling is numbered as a swap with its partner.
            Move::Swap { from, with, .. } | Move::Castle { from, with, .. } => {
                out.push(self.pair(Family::Swap, from, with))
            }
            Move::Place { barrier, slot } => {
                out.push(self.find(Family::Place, barrier as u32 * self.n_slots + slot as u32))
            }
            Move::Drop { kind, to } => {
                let k = if self.one_kind { 0 } else { kind as u32 * n };
                out.push(match self.falls.get(kind as usize) {
                    Some(&Some(d)) => {
                        let line = reach::floor(rules, to, d, &self.open);
                        self.find(Family::Fall, k + line.0 as u32)
                    }
                    _ => self.find(Family::Drop, k + to.0 as u32),
                })
            }
            Move::Huff(s) => out.push(self.find(Family::Huff, s.0 as u32)),
            Move::Roll { event, outcome } => {
                let before: usize = (rules.chance[..event as usize].iter())
                    .map(|c| c.outcomes.len())
                    .sum();
                out.push(self.find(Family::Roll, before as u32 + outcome as u32))
            }
            // A sowing is numbered as the removal of the seeds it takes up,
            // a piece borne off as its removal.
            Move::Remove(s) | Move::Sow(s) | Move::Off(s) => {
                out.push(self.find(Family::Remove, s.0 as u32))
            }
            // `base` never returns a demanding, promoting or leaving move.
            Move::Pass | Move::Demanding(_) | Move::Promoting(_) | Move::Leaving(_) => {
                out.push(self.find(Family::Pass, 0))
            }
        }
        if let Some(kind) = rules.chosen_kind(mv) {
            out.push(self.find(Family::Promote, kind as u32));
        }
        if let Some((kind, at)) = rules.left_behind(mv) {
            let k = if self.one_kind { 0 } else { kind as u32 * n };
            out.push(self.find(Family::Drop, k + at.0 as u32));
        }
        if matches!(mv, Move::Demanding(_)) && out.len() > start {
            let last = out.last_mut().expect("just pushed");
            if *last != UNNUMBERED {
                *last += self.plain;
            }
        }
    }

    /// What an action does and whether it is in the demanding half; `None`
    /// for a number past the end.
    pub fn describe(&self, a: Action) -> Option<(ActionKind, bool)> {
        if a as usize >= self.len() {
            return None;
        }
        let (demanding, a) = match a >= self.plain {
            true => (true, a - self.plain),
            false => (false, a),
        };
        let block = self.blocks.iter().rev().find(|b| b.base <= a)?;
        let item = block.items[(a - block.base) as usize];
        let site = |i: u32| SiteId(i as u16);
        let (n, slots) = (self.n_sites, self.n_slots.max(1));
        let (from, to) = (site(item / n.max(1)), site(item % n.max(1)));
        let kind = match block.family {
            Family::Step => ActionKind::Step { from, to },
            Family::Leg => ActionKind::Leg { from, to },
            Family::Swap => ActionKind::Swap { from, with: to },
            Family::Place => ActionKind::Place {
                barrier: (item / slots) as BarrierId,
                slot: (item % slots) as u16,
            },
            Family::Drop => ActionKind::Drop {
                kind: (!self.one_kind).then_some((item / n) as KindId),
                to,
            },
            Family::Fall => ActionKind::Fall {
                kind: (!self.one_kind).then_some((item / n) as KindId),
                line: to,
            },
            Family::Huff => ActionKind::Huff(site(item)),
            Family::Remove => ActionKind::Remove(site(item)),
            Family::Pass => ActionKind::Pass,
            Family::End => ActionKind::End,
            Family::Promote => ActionKind::Promote(item as KindId),
            Family::Roll => ActionKind::Roll(item),
        };
        Some((kind, demanding))
    }

    /// The blocks as (name, first action, size), in order: for documents
    /// and tables.
    pub fn blocks(&self) -> Vec<(&'static str, u32, u32)> {
        (self.blocks.iter())
            .map(|b| {
                let name = match b.family {
                    Family::Step => "step",
                    Family::Leg => "leg",
                    Family::Swap => "swap",
                    Family::Place => "place",
                    Family::Drop => "drop",
                    Family::Fall => "fall",
                    Family::Huff => "huff",
                    Family::Remove => "remove",
                    Family::Pass => "pass",
                    Family::End => "end",
                    Family::Promote => "promote",
                    Family::Roll => "roll",
                };
                (name, b.base, b.items.len() as u32)
            })
            .collect()
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

/// The drop actions of the pieces left behind (`leave`): each kind a piece
/// may leave, on every site.
fn leave_drops(rules: &Rules, one_kind: bool, n: u32) -> Vec<u32> {
    let left = (rules.kinds.iter()).flat_map(|k| k.leave.iter().flat_map(|l| &l.kinds));
    left.flat_map(|&k| {
        let k32 = if one_kind { 0 } else { k as u32 * n };
        (0..n).map(move |s| k32 + s)
    })
    .collect()
}
