//! The legality pipeline: the stages a candidate move passes to be legal,
//! compiled once per game and side into one ordered list. Listing the
//! moves, drawing one at random, `has_move`, perft, `moves --why` and the
//! Python API all walk this list (`engine/moves.rs` as filters over a list,
//! `engine/random.rs` as a test of one move and a rank); each matches
//! every stage exhaustively, so a stage added here without its evaluation
//! in both does not compile.

use super::{Captures, Rules, SideId};

/// A stage that judges a move by itself: it keeps or refuses it whatever
/// the other candidates are, so the order of the filters does not change
/// what they keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// The `[[constraint]]`s hold after the move.
    Constraints,
    /// The check rule: the move leaves no royal piece of the mover
    /// attacked.
    Check,
    /// A drop of a kind whose drops may not checkmate (`drop = { mate =
    /// false }`) does not.
    MatingDrop,
}

/// A stage that keeps the best class present among the moves still
/// standing; it ranks each move (lower is better), and a move in no class
/// it prefers is kept by none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    /// Compulsory capture: captures first, then the rest.
    AnyCapture,
    /// Maximum capture: the most pieces taken first.
    MostCaptures,
    /// The classes of this priority (an index of `Rules::priorities`), the
    /// first one best, while its `when` holds.
    Classes(u16),
    /// The pending demand, while one is pending: the moves that meet it,
    /// then the rest.
    Demand,
}

/// The stages of one side, in the order they apply: every filter, then
/// the preferences, each applied to the moves the ones before it kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stages {
    pub filters: Vec<Filter>,
    pub preferences: Vec<Preference>,
}

impl Stages {
    /// The stages the compiled game gives `side`.
    pub(crate) fn of(rules: &Rules, side: SideId) -> Stages {
        let mut filters = Vec::new();
        if !rules.constraints.is_empty() || rules.no_repeat.is_some() {
            filters.push(Filter::Constraints);
        }
        if rules.has_royals {
            filters.push(Filter::Check);
        }
        if rules.no_mate_drops != 0 {
            filters.push(Filter::MatingDrop);
        }
        let mut preferences = Vec::new();
        match rules.captures {
            Captures::Free => {}
            Captures::Compulsory => preferences.push(Preference::AnyCapture),
            Captures::Maximum => preferences.push(Preference::MostCaptures),
        }
        for (i, p) in rules.priorities.iter().enumerate() {
            if p.sides.contains(&side) {
                preferences.push(Preference::Classes(i as u16));
            }
        }
        if rules.demand.is_some() {
            preferences.push(Preference::Demand);
        }
        Stages {
            filters,
            preferences,
        }
    }

    /// Whether every candidate is legal: no filter, no preference.
    pub fn is_empty(&self) -> bool {
        self.filters.is_empty() && self.preferences.is_empty()
    }
}

/// Why a move is not legal: the stage of move generation that removed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    /// No pattern or action of the side to move gives it.
    NoPattern,
    /// It would break a `[[constraint]]`.
    Constraint,
    /// It would leave a royal piece of the mover attacked.
    Check,
    /// A drop that would checkmate, of a kind whose drops may not.
    MatingDrop,
    /// The `[turn] captures` rule keeps other moves.
    Captures,
    /// This `[[priority]]` (an index into `Rules::priorities`) keeps others.
    Priority(usize),
    /// The last move demanded another kind of move.
    Demand,
    /// The side may not demand.
    NoDemand,
}
