//! The fast path of a state's legal actions, for the Python loop of
//! `legal_actions` and `apply_action`.
//!
//! A plain move (a step, a drop, a removal, a sowing, a barrier placed, a
//! pass) is one action that depends on the move alone, so each game keeps
//! a table of them ([`Lookup`]), each entry written by
//! [`ActionSpace::encode`] itself when the game is loaded: looking a move
//! up gives exactly what encoding it gives, without the search through
//! the action blocks. A position whose legal moves are all in the tables
//! ([`Listing`]) keeps its actions sorted with the index of their move,
//! so that `legal_actions` is a copy and `apply_action` a binary search.
//! Any other position (a capture chain, a promotion chosen, a demanding
//! move, a castling) takes the general path of [`Encoded`], as before.

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyList;
use tavoliere::actions::{Action, ActionSpace, Encoded, Followed};
use tavoliere::board::SiteId;
use tavoliere::rules::{Move, Rules};

/// A table entry for a move that [`ActionSpace::encode`] does not make
/// one action (never for a plain move): such a move takes the general
/// path. Actions are numbered far below it.
const GENERAL: Action = Action::MAX - 1;

/// The largest step table (origin × destination) kept: a board of more
/// sites than its square root takes the general path for its steps.
const MAX_STEP_TABLE: usize = 1 << 20;

/// Per game, the action of each plain move, as [`ActionSpace::encode`]
/// numbers it.
pub(crate) struct Lookup {
    n: usize,
    /// `from * n + to`; empty when the game has no `step` block.
    step: Vec<Action>,
    /// `kind * n + to`; empty when the game has no `drop` or `fall` block.
    drop: Vec<Action>,
    /// Per site.
    remove: Vec<Action>,
    sow: Vec<Action>,
    off: Vec<Action>,
    /// `barrier * slots + slot`; empty when the game has no `place` block.
    place: Vec<Action>,
    slots: usize,
    pass: Action,
}

impl Lookup {
    pub(crate) fn new(rules: &Rules, space: &ActionSpace) -> Lookup {
        let has = |name: &str| space.blocks().iter().any(|b| b.0 == name);
        let mut buf = Vec::with_capacity(4);
        let mut one = |mv: Move| {
            buf.clear();
            space.encode(rules, mv, &mut buf);
            match buf[..] {
                [a] if a != GENERAL => a,
                _ => GENERAL,
            }
        };
        let n = rules.board.n_sites();
        let site = |i: usize| SiteId(i as u16);
        let sites = |f: &mut dyn FnMut(SiteId) -> Move, one: &mut dyn FnMut(Move) -> Action| {
            (0..n).map(|s| one(f(site(s)))).collect::<Vec<_>>()
        };
        let step = match has("step") && n * n <= MAX_STEP_TABLE {
            true => (0..n * n)
                .map(|i| {
                    one(Move::Step {
                        from: site(i / n),
                        to: site(i % n),
                    })
                })
                .collect(),
            false => Vec::new(),
        };
        let drop = match has("drop") || has("fall") {
            true => (0..rules.kinds.len() * n)
                .map(|i| {
                    one(Move::Drop {
                        kind: (i / n) as u8,
                        to: site(i % n),
                    })
                })
                .collect(),
            false => Vec::new(),
        };
        let slots = rules.board.slots.len();
        let place = match has("place") {
            true => (0..rules.barriers.len() * slots)
                .map(|i| {
                    one(Move::Place {
                        barrier: (i / slots) as u8,
                        slot: (i % slots) as u16,
                    })
                })
                .collect(),
            false => Vec::new(),
        };
        let (remove, sow, off) = match has("remove") {
            true => (
                sites(&mut Move::Remove, &mut one),
                sites(&mut Move::Sow, &mut one),
                sites(&mut Move::Off, &mut one),
            ),
            false => (Vec::new(), Vec::new(), Vec::new()),
        };
        let pass = one(Move::Pass);
        Lookup {
            n,
            step,
            drop,
            remove,
            sow,
            off,
            place,
            slots,
            pass,
        }
    }

    /// The action of `mv` when it is a plain move in the tables.
    #[inline]
    pub(crate) fn action(&self, mv: Move) -> Option<Action> {
        let n = self.n;
        let a = match mv {
            Move::Step { from, to } => self.step.get(from.0 as usize * n + to.0 as usize),
            Move::Drop { kind, to } => self.drop.get(kind as usize * n + to.0 as usize),
            Move::Remove(s) => self.remove.get(s.0 as usize),
            Move::Sow(s) => self.sow.get(s.0 as usize),
            Move::Off(s) => self.off.get(s.0 as usize),
            Move::Place { barrier, slot } => self
                .place
                .get(barrier as usize * self.slots + slot as usize),
            Move::Pass => Some(&self.pass),
            _ => None,
        };
        a.copied().filter(|&a| a != GENERAL)
    }
}

/// The actions of a position's legal moves, listed once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Listing {
    /// Whether every legal move is one action found in the [`Lookup`]:
    /// then `order` holds them, else `encoded`.
    single: bool,
    /// Per legal move, `action << 32 | index of the move`, sorted: each
    /// action's first move comes first.
    order: Vec<u64>,
    /// The general path: every move's actions ([`Encoded`]); on the fast
    /// path, filled only when asked ([`Listing::encoded`]).
    encoded: Encoded,
    encoded_fresh: bool,
}

impl Listing {
    /// Lists the actions of `moves`, the legal moves of a position.
    pub(crate) fn fill(
        &mut self,
        lookup: &Lookup,
        space: &ActionSpace,
        rules: &Rules,
        moves: &[Move],
    ) {
        self.order.clear();
        self.single = true;
        // Moves listed in the order of their actions (drops by site)
        // need no sort.
        let mut sorted = true;
        for (i, &mv) in moves.iter().enumerate() {
            match lookup.action(mv) {
                Some(a) => {
                    let key = u64::from(a) << 32 | i as u64;
                    sorted &= self.order.last().is_none_or(|&last| last < key);
                    self.order.push(key);
                }
                None => {
                    self.single = false;
                    break;
                }
            }
        }
        if self.single {
            if !sorted {
                self.order.sort_unstable();
            }
            self.encoded_fresh = false;
        } else {
            self.order.clear();
            self.encoded.fill(space, rules, moves);
            self.encoded_fresh = true;
        }
    }

    /// The actions legal after `prefix`, sorted, each once: as
    /// [`Encoded::next`].
    pub(crate) fn next(&self, space: &ActionSpace, prefix: &[Action], out: &mut Vec<Action>) {
        if !self.single {
            return self.encoded.next(space, prefix, out);
        }
        out.clear();
        // Every move is one action: after any prefix, nothing is legal.
        if prefix.is_empty() {
            let mut last = None;
            for &k in &self.order {
                let a = (k >> 32) as Action;
                if last != Some(a) {
                    out.push(a);
                    last = Some(a);
                }
            }
        }
    }

    /// Where `prefix` leads: as [`Encoded::follow`].
    pub(crate) fn follow(&self, space: &ActionSpace, prefix: &[Action]) -> Followed {
        if !self.single {
            return self.encoded.follow(space, prefix);
        }
        // One action makes a whole move; `end` never stops a move of none.
        match prefix {
            [a] if *a != space.end() => {
                let key = u64::from(*a) << 32;
                let i = self.order.partition_point(|&k| k < key);
                match self.order.get(i) {
                    Some(&k) if k >> 32 == u64::from(*a) => Followed::Complete(k as u32 as usize),
                    _ => Followed::Illegal,
                }
            }
            _ => Followed::Illegal,
        }
    }

    /// Every move's actions, as [`Encoded`]: encoded now on the fast path.
    pub(crate) fn encoded(
        &mut self,
        space: &ActionSpace,
        rules: &Rules,
        moves: &[Move],
    ) -> &Encoded {
        if !self.encoded_fresh {
            self.encoded.fill(space, rules, moves);
            self.encoded_fresh = true;
        }
        &self.encoded
    }

    /// Whether the fast path lists this position.
    pub(crate) fn is_fast(&self) -> bool {
        self.single
    }
}

/// A legal move's index for [`Followed::Complete`], -1 for
/// [`Followed::Pending`], -2 for [`Followed::Illegal`].
fn followed_code(f: Followed) -> i64 {
    match f {
        Followed::Complete(i) => i as i64,
        Followed::Pending => -1,
        Followed::Illegal => -2,
    }
}

/// For the tests: a state's legal actions and where each of `actions`
/// leads after its prefix ([`followed_code`]), by the state's listing
/// (with whether it took the fast path) and by the general path
/// ([`Encoded`] of the same moves), which must agree.
#[pyfunction]
#[pyo3(name = "_listing_check")]
#[allow(clippy::type_complexity)]
pub(crate) fn listing_check(
    state: &mut super::State,
    actions: Vec<Action>,
) -> PyResult<((bool, Vec<Action>, Vec<i64>), (Vec<Action>, Vec<i64>))> {
    state.refresh()?;
    let data = state.data.clone();
    let (space, rules) = (&data.space, &data.rules);
    let general = Encoded::new(space, rules, &state.legal);
    let (mut fast_legal, mut general_legal) = (Vec::new(), Vec::new());
    state.listing.next(space, &state.prefix, &mut fast_legal);
    general.next(space, &state.prefix, &mut general_legal);
    let mut prefix = state.prefix.clone();
    let (mut fast_follow, mut general_follow) = (Vec::new(), Vec::new());
    for a in actions {
        prefix.push(a);
        fast_follow.push(followed_code(state.listing.follow(space, &prefix)));
        general_follow.push(followed_code(general.follow(space, &prefix)));
        prefix.pop();
    }
    let fast = (state.listing.is_fast(), fast_legal, fast_follow);
    Ok((fast, (general_legal, general_follow)))
}

/// The most actions whose numbers a game keeps as Python ints.
const MAX_INTS: usize = 1 << 16;

/// Per game, the Python ints of its actions (0, 1, ...), made once when
/// first asked: a list of legal actions shares them rather than making
/// each number again.
#[derive(Default)]
pub(crate) struct Ints(GILOnceCell<Vec<PyObject>>);

impl Ints {
    /// `actions` as a Python list, of `n` actions in all (every action
    /// below `n`).
    pub(crate) fn list(&self, py: Python<'_>, n: usize, actions: &[Action]) -> PyResult<PyObject> {
        let ints = self.0.get_or_init(py, || {
            (0..n.min(MAX_INTS) as u32)
                .map(|a| a.into_pyobject(py).map(|i| i.into_any().unbind()))
                .collect::<Result<_, _>>()
                .unwrap_or_default()
        });
        let list = match actions.iter().all(|&a| (a as usize) < ints.len()) {
            true => PyList::new(py, actions.iter().map(|&a| ints[a as usize].bind(py)))?,
            false => PyList::new(py, actions)?,
        };
        Ok(list.into_any().unbind())
    }
}
