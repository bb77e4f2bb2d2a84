//! Observations for programs that learn: a position as named planes over
//! the board's grid, `(planes, rows, cols)`, holding every part of the
//! state that changes which moves are legal or how the game ends
//! ([`Planes`]).
//!
//! The grid is the box of the sites' drawing coordinates: row 0 is the
//! highest rank (as the board is printed), column 0 the lowest file; a
//! site drawn beside the grid (a hand, a bar) has a cell of its own in
//! the box. A number that is not on a site (a hand's count, the side to
//! move, a counter, a die) fills its whole plane.
//!
//! Plane names, in order, each present only where the game can use it:
//!
//! | name                    | value                                                |
//! |-------------------------|------------------------------------------------------|
//! | `SIDE:KIND`             | 1 where a piece of that side and kind stands; a stack's count of pieces |
//! | `flag:FLAG`             | 1 where the piece carries the flag (`[flags]`: castling rights, an unmoved pawn) |
//! | `seeds`                 | the seeds on each site (`[seeds]`)                   |
//! | `barrier:KIND:O`        | 1 at the anchor of a slot holding a barrier of that kind, its name's letter `O` after the anchor (`h`, `v`, a rim's `s`, `w`; and length, where slots of a letter differ in it) |
//! | `last_from`, `last_to`  | the last move's start and end, where rules read them (en passant) |
//! | `huffable`              | the piece the side to move may huff                  |
//! | `pending_from`, `pending_prev`, `pending_at`, `pending_path` | a move part chosen (a capture chain's landings, a move awaiting its promotion): where it started, the landing before the last, the last, every landing |
//! | `pending`               | how many actions of the move are chosen              |
//! | `hand:SIDE:ITEM`        | how many of a barrier, piece kind, token or counter the side holds |
//! | `to_move:SIDE`          | 1 for the side to move (by its name in either view)  |
//! | `turn:I`                | 1 for the turn's index in the prelude and order, where a side has several |
//! | `phase:I`               | 1 for the phase of the turn, where a turn has several |
//! | `passes`                | turns passed in a row for lack of a move             |
//! | `demanded`              | 1 when the last move was demanding                   |
//! | `roll:EVENT:I`          | 1 for the outcome last rolled of each chance event   |
//! | `die:I`                 | the `I`-th die still to play (0: none)               |
//! | `repetitions`           | how many times the position has been seen, where end rules count them |
//! | `since:I`               | plies since the last move meeting the `I`-th `since(...)` |
//!
//! From the mover's view ([`Planes::fill`] with `view`), the sides are
//! relabelled from the side to move: `own`, then `opp` (two sides) or
//! `opp1`, `opp2`, ... in turn order, and the board is flipped so that
//! the mover's forward points up (rows reversed for a side moving south)
//! and right (columns reversed for a side moving west). The `to_move`
//! planes keep the sides' names, so that an observation from the mover's
//! view still tells the position (and its actions, numbered on the board
//! as it stands) apart from every other.

use crate::actions::{ActionKind, ActionSpace};
use crate::board::SiteId;
use crate::rules::{BarrierId, Rules, SideId, State};

/// A game's observation layout: its planes' names and where each site and
/// slot lies on the grid.
#[derive(Clone, Debug)]
pub struct Planes {
    pub rows: usize,
    pub cols: usize,
    /// The planes' names with the sides by name, and from the mover's view.
    names: Vec<String>,
    view_names: Vec<String>,
    /// Per site, its (row, col).
    site_cell: Vec<(u16, u16)>,
    /// Per slot, its groove letter, length and (row, col).
    slot_cell: Vec<(u16, u8, u16, u16)>,
    /// The barrier planes' keys: kind, groove letter, length.
    keys: Vec<(BarrierId, u16, u8)>,
    /// The first plane of each part ([`Part`]), `NONE` when absent.
    at: [usize; PARTS],
    /// Hand items shown: (item index among a side's reserves).
    items: Vec<usize>,
    /// Whether a side plays several turns of the order or prelude.
    turns: usize,
    /// The history counters shown.
    since: usize,
}

const NONE: usize = usize::MAX;

/// The parts of an observation, in plane order.
#[derive(Copy, Clone)]
enum Part {
    Pieces,
    Flags,
    Seeds,
    Barriers,
    Last,
    Huffable,
    Pending,
    Hands,
    ToMove,
    Turn,
    Phase,
    Passes,
    Demanded,
    Rolls,
    Dice,
    Repetitions,
}
const PARTS: usize = Part::Repetitions as usize + 1;

/// The side labels from the mover's view: `own`, then the others in order.
fn view_label(i: usize, n: usize) -> String {
    match (i, n) {
        (0, _) => "own".into(),
        (_, 2) => "opp".into(),
        _ => format!("opp{i}"),
    }
}

/// The barrier planes: the groove letters, each slot's letter, and the
/// planes' keys (kind, letter, length).
type BarrierKeys = (Vec<String>, Vec<u16>, Vec<(BarrierId, u16, u8)>);

/// A plane's name: plain, or a side's (its index, and the name with `{}`
/// for the side, else the side first).
type Name = (String, Option<(usize, String)>);

/// The planes' names as they are laid out, and where each part starts.
struct Layout {
    names: Vec<Name>,
    at: [usize; PARTS],
}

impl Layout {
    /// Part `p` starts at the next plane.
    fn part(&mut self, p: Part) {
        self.at[p as usize] = self.names.len();
    }

    fn plain(&mut self, name: String) {
        self.names.push((name, None));
    }

    fn sided(&mut self, side: usize, what: String) {
        self.names.push((String::new(), Some((side, what))));
    }

    /// The pieces, flags, seeds, barriers, last move, huffable piece and
    /// a move part pending; the barrier planes' keys and each slot's.
    fn board_parts(&mut self, rules: &Rules, space: &ActionSpace) -> BarrierKeys {
        self.part(Part::Pieces);
        for s in 0..rules.sides.len() {
            for k in &rules.kinds {
                self.sided(s, k.name.clone());
            }
        }
        if !rules.flags.is_empty() {
            self.part(Part::Flags);
            for f in &rules.flags {
                self.plain(format!("flag:{}", f.name));
            }
        }
        if rules.sowing.is_some() {
            self.part(Part::Seeds);
            self.plain("seeds".into());
        }
        let barriers = barrier_keys(rules);
        let (letters, _, keys) = &barriers;
        if !keys.is_empty() {
            self.part(Part::Barriers);
            for &(b, o, len) in keys {
                let kind = &rules.barriers[b as usize];
                let o = &letters[o as usize];
                let lengths = keys
                    .iter()
                    .filter(|k| k.0 == b && letters[k.1 as usize] == *o);
                let name = match lengths.count() > 1 {
                    true => format!("barrier:{}:{o}{len}", kind.name),
                    false => format!("barrier:{}:{o}", kind.name),
                };
                self.plain(name);
            }
        }
        if rules.tracks_last {
            self.part(Part::Last);
            self.plain("last_from".into());
            self.plain("last_to".into());
        }
        if rules.huff.is_some() {
            self.part(Part::Huffable);
            self.plain("huffable".into());
        }
        let pends = (space.blocks().iter()).any(|b| matches!(b.0, "leg" | "end" | "promote"))
            || rules.leave_kinds != 0;
        if pends {
            self.part(Part::Pending);
            for n in [
                "pending_from",
                "pending_prev",
                "pending_at",
                "pending_path",
                "pending",
            ] {
                self.plain(n.into());
            }
        }
        barriers
    }

    /// The hands: barriers where the game has them, pieces where a piece
    /// can ever be in hand, tokens and counters always. The items shown.
    fn hand_parts(&mut self, rules: &Rules) -> Vec<usize> {
        let n_sides = rules.sides.len();
        let n_items = rules.n_items();
        let initial = &rules.initial().reserves;
        let held = |i: usize| (0..n_sides).any(|s| initial[s * n_items + i] > 0);
        let pieces_in_hand = rules.hand_kinds != 0 || rules.leave_kinds != 0;
        let (nb, nk) = (rules.barriers.len(), rules.kinds.len());
        let items: Vec<usize> = (0..n_items)
            .filter(|&i| i < nb || i >= nb + nk || pieces_in_hand || held(i))
            .collect();
        let item_name = |i: usize| match i {
            i if i < nb => rules.barriers[i].name.clone(),
            i if i < nb + nk => rules.kinds[i - nb].name.clone(),
            i => rules.tokens[i - nb - nk].clone(),
        };
        if !items.is_empty() {
            self.part(Part::Hands);
            for s in 0..n_sides {
                for &i in &items {
                    self.sided(s, format!("hand:{{}}:{}", item_name(i)));
                }
            }
        }
        items
    }

    /// Whose turn and where in it, passes, a demand, rolls and dice, the
    /// history's counts: the turns shown and the `since(...)` counters.
    fn turn_parts(&mut self, rules: &Rules, space: &ActionSpace) -> (usize, usize) {
        self.part(Part::ToMove);
        // By name in either view: the view turns the board and relabels
        // the pieces, and this tells from whose side.
        for side in &rules.sides {
            self.plain(format!("to_move:{}", side.name));
        }
        let n_turns = rules.prelude.len() + rules.order.len();
        let turns = match n_turns > rules.sides.len() {
            true => n_turns,
            false => 0,
        };
        if turns > 0 {
            self.part(Part::Turn);
            for i in 0..turns {
                self.plain(format!("turn:{i}"));
            }
        }
        if rules.phases.len() > 1 {
            self.part(Part::Phase);
            for i in 0..rules.phases.len() {
                self.plain(format!("phase:{i}"));
            }
        }
        if space.blocks().iter().any(|b| b.0 == "pass") {
            self.part(Part::Passes);
            self.plain("passes".into());
        }
        if rules.demand.is_some() {
            self.part(Part::Demanded);
            self.plain("demanded".into());
        }
        if !rules.chance.is_empty() {
            self.part(Part::Rolls);
            for c in &rules.chance {
                for i in 0..c.outcomes.len() {
                    self.plain(format!("roll:{}:{i}", c.name));
                }
            }
            if rules.chance.iter().any(|c| !c.apart.is_empty()) {
                self.part(Part::Dice);
                for i in 0..4 {
                    self.plain(format!("die:{i}"));
                }
            }
        }
        let since = rules.history.as_ref().map_or(0, |h| h.since.len());
        if rules.history.is_some() {
            self.part(Part::Repetitions);
            self.plain("repetitions".into());
            for i in 0..since {
                self.plain(format!("since:{i}"));
            }
        }
        (turns, since)
    }

    /// The names with the sides by name, or from the mover's view.
    fn named(&self, rules: &Rules, view: bool) -> Vec<String> {
        let n_sides = rules.sides.len();
        let label = |(s, what): &(usize, String)| {
            let side = match view {
                true => view_label(*s, n_sides),
                false => rules.sides[*s].name.clone(),
            };
            match what.contains("{}") {
                true => what.replace("{}", &side),
                false => format!("{side}:{what}"),
            }
        };
        (self.names.iter())
            .map(|(n, s)| s.as_ref().map_or_else(|| n.clone(), label))
            .collect()
    }
}

impl Planes {
    /// The layout of a game, with its action numbering (which tells
    /// whether a move can take several actions).
    pub fn new(rules: &Rules, space: &ActionSpace) -> Planes {
        let sites = &rules.board.sites;
        let min_x = sites.iter().map(|s| s.x).min().unwrap_or(0);
        let max_x = sites.iter().map(|s| s.x).max().unwrap_or(0);
        let min_y = sites.iter().map(|s| s.y).min().unwrap_or(0);
        let max_y = sites.iter().map(|s| s.y).max().unwrap_or(0);
        let (rows, cols) = ((max_y - min_y + 1) as usize, (max_x - min_x + 1) as usize);
        let site_cell: Vec<(u16, u16)> = (sites.iter())
            .map(|s| ((max_y - s.y) as u16, (s.x - min_x) as u16))
            .collect();
        let mut layout = Layout {
            names: Vec::new(),
            at: [NONE; PARTS],
        };
        let (_, letter, keys) = layout.board_parts(rules, space);
        let items = layout.hand_parts(rules);
        let (turns, since) = layout.turn_parts(rules, space);
        // Slots: at their anchor, on the plane of their kind's key (which
        // kind is in a slot is read from the state: see `fill`).
        let slot_cell = (rules.board.slots.iter().zip(&letter))
            .map(|(slot, &l)| {
                let (r, c) = site_cell[slot.anchor.0 as usize];
                (l, slot.length, r, c)
            })
            .collect();
        Planes {
            rows,
            cols,
            names: layout.named(rules, false),
            view_names: layout.named(rules, true),
            site_cell,
            slot_cell,
            keys,
            at: layout.at,
            items,
            turns,
            since,
        }
    }

    /// The planes' names, in order: the sides by name, or from the mover's
    /// view (`own`, `opp`, ...).
    pub fn names(&self, view: bool) -> &[String] {
        match view {
            true => &self.view_names,
            false => &self.names,
        }
    }

    /// The shape: (planes, rows, cols).
    pub fn shape(&self) -> [usize; 3] {
        [self.names.len(), self.rows, self.cols]
    }

    /// How many numbers an observation holds.
    pub fn len(&self) -> usize {
        self.names.len() * self.rows * self.cols
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The grid cell (row, col) of a site, as the layout places it.
    pub fn cell(&self, s: SiteId) -> (usize, usize) {
        let (r, c) = self.site_cell[s.0 as usize];
        (r as usize, c as usize)
    }

    /// Writes the observation of `st` into `out` (of [`Planes::len`]
    /// numbers): with `pending`, the actions chosen so far of a move not
    /// finished; from the view of `view`'s side when given.
    pub fn fill(
        &self,
        rules: &Rules,
        st: &State,
        pending: &[ActionKind],
        view: Option<SideId>,
        out: &mut [f32],
    ) {
        out.fill(0.0);
        let n_sides = rules.sides.len();
        let (rows, cols) = (self.rows, self.cols);
        let plane = rows * cols;
        // Sides relabelled from the viewer, the board flipped to its forward.
        let first = view.unwrap_or(0) as usize;
        let label = |s: usize| match view {
            Some(_) => (s + n_sides - first) % n_sides,
            None => s,
        };
        let forward = view.and_then(|v| rules.sides[v as usize].forward);
        let flip_rows = matches!(forward, Some(3..=5));
        let flip_cols = matches!(forward, Some(5..=7));
        let cell = |r: u16, c: u16| {
            let r = if flip_rows {
                rows - 1 - r as usize
            } else {
                r as usize
            };
            let c = if flip_cols {
                cols - 1 - c as usize
            } else {
                c as usize
            };
            r * cols + c
        };
        let at_site = |s: SiteId| {
            let (r, c) = self.site_cell[s.0 as usize];
            cell(r, c)
        };
        let mut set = |p: usize, i: usize, v: f32| out[p * plane + i] = v;
        let nk = rules.kinds.len();
        for (i, &v) in st.board.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (side, kind) = rules.unman(v);
            let count = 1.0 + st.heights.get(i).copied().unwrap_or(0) as f32;
            let p = label(side as usize) * nk + kind as usize;
            set(p, at_site(SiteId(i as u16)), count);
        }
        if let Some(p0) = self.part(Part::Flags) {
            for (i, &m) in st.marks.iter().enumerate() {
                for f in 0..rules.flags.len() {
                    if m & (1 << f) != 0 {
                        set(p0 + f, at_site(SiteId(i as u16)), 1.0);
                    }
                }
            }
        }
        if let Some(p) = self.part(Part::Seeds) {
            for (i, &n) in st.seeds.iter().enumerate() {
                set(p, at_site(SiteId(i as u16)), n as f32);
            }
        }
        if let Some(p0) = self.part(Part::Barriers) {
            for (i, &(o, len, r, c)) in self.slot_cell.iter().enumerate() {
                let Some(b) = st.slots[i].checked_sub(1) else {
                    continue;
                };
                if let Some(k) = self.keys.iter().position(|&key| key == (b, o, len)) {
                    set(p0 + k, cell(r, c), 1.0);
                }
            }
        }
        let on_board = |s: SiteId| (s.0 as usize) < self.site_cell.len();
        if let Some(p) = self.part(Part::Last) {
            for (j, &s) in st.last.iter().enumerate() {
                if on_board(s) {
                    set(p + j, at_site(s), 1.0);
                }
            }
        }
        if let (Some(p), Some(s)) = (self.part(Part::Huffable), st.huffable) {
            set(p, at_site(s), 1.0);
        }
        if let Some(p) = self.part(Part::Pending) {
            let ends = |a: &ActionKind| match *a {
                ActionKind::Step { from, to } | ActionKind::Leg { from, to } => {
                    (Some(from), Some(to))
                }
                ActionKind::Swap { from, with } => (Some(from), Some(with)),
                ActionKind::Drop { to, .. } => (None, Some(to)),
                ActionKind::Huff(s) | ActionKind::Remove(s) => (None, Some(s)),
                _ => (None, None),
            };
            if let Some((Some(from), _)) = pending.first().map(ends) {
                set(p, at_site(from), 1.0);
            }
            let landings: Vec<SiteId> = pending.iter().filter_map(|a| ends(a).1).collect();
            if let Some(&s) = landings.len().checked_sub(2).map(|i| &landings[i]) {
                set(p + 1, at_site(s), 1.0);
            }
            if let Some(&s) = landings.last() {
                set(p + 2, at_site(s), 1.0);
            }
            for &s in &landings {
                set(p + 3, at_site(s), 1.0);
            }
            out[(p + 4) * plane..(p + 5) * plane].fill(pending.len() as f32);
        }
        self.fill_numbers(rules, st, &label, out);
    }

    /// The planes of numbers that are not on a site: hands, the side to
    /// move, turn, phase, passes, rolls, dice and history counters.
    fn fill_numbers(
        &self,
        rules: &Rules,
        st: &State,
        label: &dyn Fn(usize) -> usize,
        out: &mut [f32],
    ) {
        let n_sides = rules.sides.len();
        let plane = self.rows * self.cols;
        let mut fill = |p: usize, v: f32| out[p * plane..(p + 1) * plane].fill(v);
        if let Some(p0) = self.part(Part::Hands) {
            let n_items = rules.n_items();
            for s in 0..n_sides {
                for (j, &i) in self.items.iter().enumerate() {
                    let v = st.reserves[s * n_items + i] as f32;
                    fill(p0 + label(s) * self.items.len() + j, v);
                }
            }
        }
        let mover = rules.to_move(st) as usize;
        fill(self.at[Part::ToMove as usize] + mover, 1.0);
        if let Some(p) = self.part(Part::Turn) {
            fill(p + (st.turn as usize).min(self.turns - 1), 1.0);
        }
        if let Some(p) = self.part(Part::Phase) {
            fill(p + st.phase as usize, 1.0);
        }
        if let Some(p) = self.part(Part::Passes) {
            fill(p, st.passes as f32);
        }
        if let Some(p) = self.part(Part::Demanded) {
            fill(p, f32::from(u8::from(st.demanded)));
        }
        if let Some(mut p) = self.part(Part::Rolls) {
            for (e, c) in rules.chance.iter().enumerate() {
                if let Some(o) = st.rolled[e].checked_sub(1) {
                    fill(p + o as usize, 1.0);
                }
                p += c.outcomes.len();
            }
        }
        if let Some(p) = self.part(Part::Dice) {
            for (i, &d) in st.dice.iter().enumerate() {
                fill(p + i, d as f32);
            }
        }
        if let (Some(p), Some(h)) = (self.part(Part::Repetitions), &st.history) {
            let times = h.seen().last().map_or(0, |s| h.times(s));
            fill(p, times as f32);
            for (i, &n) in h.since.iter().take(self.since).enumerate() {
                fill(p + 1 + i, n as f32);
            }
        }
    }

    fn part(&self, p: Part) -> Option<usize> {
        Some(self.at[p as usize]).filter(|&a| a != NONE)
    }
}

/// The barrier planes of a game: the groove letters, each slot's letter,
/// and the planes' keys (kind, letter, length).
#[allow(clippy::type_complexity)]
fn barrier_keys(rules: &Rules) -> BarrierKeys {
    // Barriers: a plane per kind and groove letter (a slot's name after
    // its anchor's: `h`, `v`, a rim's `s` or `w`), and length where
    // slots of one kind and letter differ in it.
    let mut letters: Vec<String> = Vec::new();
    let letter: Vec<u16> = (rules.board.slots.iter())
        .map(|slot| {
            let anchor = rules.board.site_name(slot.anchor);
            let l = (slot.name.strip_prefix(anchor))
                .map_or_else(|| slot.orientation.to_string(), str::to_string);
            match letters.iter().position(|x| *x == l) {
                Some(i) => i as u16,
                None => {
                    letters.push(l);
                    letters.len() as u16 - 1
                }
            }
        })
        .collect();
    let mut keys: Vec<(BarrierId, u16, u8)> = Vec::new();
    for (b, kind) in rules.barriers.iter().enumerate() {
        for &i in &kind.slots {
            let slot = &rules.board.slots[i as usize];
            let key = (b as BarrierId, letter[i as usize], slot.length);
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    (letters, letter, keys)
}
