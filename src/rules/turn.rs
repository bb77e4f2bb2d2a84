//! The rules of a turn and of the game's end, as compiled: priorities and
//! demands, the check and capture rules, huffing, the prelude, what a side
//! with no move does, constraints and end rules.

use super::*;

/// A filter on the legal moves of some sides: while `when` holds, only the
/// moves of the first class in `prefer` that has any remain (none at all if
/// every class is empty).
#[derive(Clone, Debug)]
pub struct Priority {
    pub sides: Vec<SideId>,
    pub when: StateCond,
    pub prefer: Vec<MoveCond>,
    /// `when` and `prefer` as written, for explanations.
    pub text: String,
    /// Whether `when` reads the legal moves (`can(...)`).
    pub(crate) reads_moves: bool,
}

/// A set of grid offsets `(dx, dy)` within the board's size.
#[derive(Clone, Debug)]
pub struct Offsets {
    files: i32,
    ranks: i32,
    bits: Vec<bool>,
}

impl Offsets {
    pub(crate) fn new(files: i32, ranks: i32) -> Self {
        Offsets {
            files,
            ranks,
            bits: vec![false; ((2 * files - 1) * (2 * ranks - 1)) as usize],
        }
    }

    fn index(&self, dx: i32, dy: i32) -> Option<usize> {
        let (w, h) = (2 * self.files - 1, 2 * self.ranks - 1);
        let (x, y) = (dx + self.files - 1, dy + self.ranks - 1);
        (x >= 0 && y >= 0 && x < w && y < h).then(|| (x + y * w) as usize)
    }

    pub(crate) fn insert(&mut self, dx: i32, dy: i32) {
        if let Some(i) = self.index(dx, dy) {
            self.bits[i] = true;
        }
    }

    pub(crate) fn contains(&self, dx: i32, dy: i32) -> bool {
        self.index(dx, dy).is_some_and(|i| self.bits[i])
    }
}

/// The check rule: after a move, the mover's royal pieces must not be
/// attacked — every one of them, or only a sole one (with two or more,
/// royals are ordinary pieces).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Check {
    EveryRoyal,
    SoleRoyal,
}

/// Where the check rule does not apply (`[turn] check_exempt`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckExempt {
    /// `adjacent-royals`: a royal piece next to a royal piece of another
    /// team is not attacked, and neither is any site next to one for the
    /// `attacked` condition (taking it would take the taker's royal too).
    pub adjacent_royals: bool,
    /// `no-enemy-royal`: a move after which no other team has a royal
    /// piece left is legal whatever it leaves attacked (it wins at once).
    pub no_enemy_royal: bool,
}

impl CheckExempt {
    pub fn any(self) -> bool {
        self.adjacent_royals || self.no_enemy_royal
    }
}

/// Who plays: a seat moves one or more sides, and wins when their team wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub sides: Vec<SideId>,
}

/// Which piece moves are legal, by the number of pieces they capture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Captures {
    /// Any move.
    Free,
    /// A capturing move when one exists.
    Compulsory,
    /// A move capturing as many pieces as any move can.
    Maximum,
}

/// Huffing: after a move that captured too little, a piece of the mover's
/// side that could have done better is removed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Huff {
    /// When the move captured fewer than the maximum available.
    BelowMaximum,
    /// When a capture was available and the move captured nothing.
    NoCapture,
}

/// Who huffs: the rules at once, or the next side if it claims it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HuffClaim {
    /// The piece is removed as part of the move that took too little.
    Automatic,
    /// The next side may remove it (`Move::Huff`), and then moves.
    BeforeMove,
    /// The next side may remove it as its move.
    AsMove,
}

/// A turn of the prelude: a side and what it may do.
#[derive(Clone, Debug)]
pub struct PreludeTurn {
    pub side: SideId,
    pub actions: Vec<Action>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoMoves {
    Pass,
    Lose,
    Draw,
    /// The side with no move wins (antichess).
    Win,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndResult {
    Win,
    Loss,
    Draw,
}

/// A condition every legal move must leave true, seen from the given sides
/// (from the moving side when none is given).
#[derive(Clone, Debug)]
pub struct Constraint {
    pub rule: StateCond,
    /// The rule is `not check`: for the mover, the check rule says the
    /// same, so it is read for the other sides only.
    pub(crate) own_check: bool,
    /// `when`: read on the position before the move, for the mover; the
    /// constraint binds only moves made where it holds.
    pub when: Option<StateCond>,
    pub sides: Option<Vec<SideId>>,
    /// The rule as written, and its `name` if it has one, for
    /// explanations.
    pub text: String,
    pub name: Option<String>,
    /// The rule is `not group(PIECES, DIRS) liberties == 0`.
    pub(crate) breathing: Option<Breathing>,
}

/// A constraint that every group of some pieces keeps a liberty: `not
/// group(PIECES, DIRS) liberties == 0` (Go's suicide). Where it held
/// before a move, only the groups beside the sites the move filled or
/// changed can have lost their last liberty, so only those are read
/// (`Rules::breathes_after`).
#[derive(Clone, Copy, Debug)]
pub struct Breathing {
    pub owner: Owner,
    /// The sides of [`Owner::Named`]; 0 for any other owner.
    pub named: SideSet,
    pub kind: Kinds,
    pub dirs: u32,
}

impl Breathing {
    /// The breathing `rule` is, if it is one.
    pub fn of(rule: &StateCond) -> Option<Breathing> {
        let StateCond::Not(inner) = rule else {
            return None;
        };
        match &**inner {
            StateCond::Group {
                owner,
                named,
                kind,
                test,
                through_last: false,
            } if test.breathless() => Some(Breathing {
                owner: *owner,
                named: *named,
                kind: *kind,
                dirs: test.dirs,
            }),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct EndRule {
    pub when: StateCond,
    /// The condition as written, for explanations.
    pub text: String,
    /// What players are told when the rule ends the game (`message`, else
    /// the rule's `name` in words): "four in a row".
    pub message: Option<String>,
    pub result: EndResult,
    /// `points`: what the win or loss is worth (1 by default), the size of
    /// the returns (a gammon: 2).
    pub points: u32,
    /// Sides the rule is evaluated for.
    pub sides: Vec<SideId>,
    /// The same sides as a bitset.
    pub(crate) side_set: u32,
    /// Whether `when` reads the move just played (`last(...)`).
    pub(crate) reads_last: bool,
    /// How many `last(...)` `when` has.
    pub(crate) lasts: u32,
    /// Whether `when` may differ from side to side: it reads more than
    /// the move just played and constants.
    pub(crate) reads_side: bool,
    /// Whether `when` reads `stalled`: the rule is checked only when no
    /// side can move.
    pub(crate) stalled: bool,
    /// A part of `when` that holds for every side alike, read once per
    /// check and shared with the other rules that have it
    /// ([`EndGuard`]); `None` when there is none worth sharing.
    pub(crate) guard: Option<Box<EndGuard>>,
}

/// A part of an end rule's condition that reads alike from every side (in
/// a game of two sides and two teams, the same with `own` and `enemy`
/// swapped): read once when the end rules are checked, before any rule
/// that has it, and the rule skipped when it fails. Kalah's
/// `seeds(own pits) == 0 or seeds(enemy pits) == 0` guards both its end
/// rules, so a position where the game goes on reads it once, not three
/// times.
#[derive(Clone, Debug)]
pub struct EndGuard {
    /// Which of the game's guards: rules with equal guards share it.
    pub(crate) index: u8,
    pub(crate) cond: StateCond,
    /// The rule's other parts (`true` when the guard is all of it), read
    /// for each side when the guard holds.
    pub(crate) rest: StateCond,
}

/// Capture on demand, in general: the listed sides may make any move
/// demanding; the next move must then meet `rule` when a legal one does.
#[derive(Clone, Debug)]
pub struct Demand {
    pub sides: Vec<SideId>,
    pub rule: MoveCond,
}
