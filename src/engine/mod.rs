//! Play: legal moves, applying a move, the outcome. Reads only [`Rules`] tables and a [`State`].
//!
//! Nothing here fails: everything that could go wrong was rejected when the
//! game was compiled. Move generation walks each piece's compiled patterns
//! over the board tables; barrier placements are checked against the game's
//! constraints, with a shortcut for reachability: a barrier that covers no
//! edge of a current shortest path of any piece cannot cut anything off.

use crate::board::{EdgeId, SiteId};
use crate::rules::tables;
use crate::rules::*;
use std::cell::RefCell;
use walk::Walker;

mod attack;
mod check;
mod cond;
mod layout;
mod outcome;
mod placement;
mod play;
mod priority;
mod random;
mod reach;
mod table;
mod walk;

pub(crate) use check::Proofs;

pub(crate) use crate::rules::tables::MoveTables;

/// How many moves of one piece are checked for duplicates one by one.
const DEDUP_LINEAR: usize = 64;

/// A piece whose moves are a flat run of the tables, `sites[start..start +
/// len]`, set aside instead of generated, to draw from site by site: `end`
/// counts the sites of the runs set aside so far, this one's included.
#[derive(Clone, Copy, Debug)]
struct FlatRun {
    end: u32,
    origin: SiteId,
    start: u32,
    len: u32,
    /// Of two segments: `start` indexes the tables' leaves.
    nested: bool,
    /// The piece's swaps are set aside too ([`Aside::low_swaps`]).
    swaps: bool,
}

/// What a draw sets aside instead of listing: the flat runs, and the swaps
/// of the pieces with flat runs that spend only the tokens of `low_swaps`
/// (a set of [`tables::token_bit`]s), known to rank below the best.
struct Aside<'x> {
    runs: &'x mut Vec<FlatRun>,
    low_swaps: u64,
}

/// The heading after a leap: none, so nothing is ahead and relative
/// directions mean nothing.
const NO_HEADING: u8 = u8::MAX;

/// A site no piece starts from: conditions on a move's sites read the
/// board as it is.
const NOWHERE: SiteId = SiteId(u16::MAX);

/// Adds a move of the piece whose moves begin at `out[start]`, unless it
/// has it already ([`Walker::push`]).
#[inline]
fn push_new(out: &mut Vec<Move>, start: usize, mv: Move) {
    if out.len() - start >= DEDUP_LINEAR || !out[start..].contains(&mv) {
        out.push(mv);
    }
}

/// Sorts and dedups the moves of the piece that begin at `out[start]`,
/// when there are too many for [`push_new`] to have looked.
fn dedup_piece(out: &mut Vec<Move>, start: usize) {
    if out.len() - start > DEDUP_LINEAR {
        let mut mine = out.split_off(start);
        mine.sort_unstable();
        mine.dedup();
        out.extend(mine);
    }
}

/// Whether a folded site condition ([`Cond::Sites`], `words` words per
/// side) holds at `s` for `side`.
#[inline]
fn in_sites(bits: &[u64], words: u16, side: SideId, s: SiteId) -> bool {
    let i = side as usize * 64 * words as usize + s.0 as usize;
    bits[i / 64] >> (i % 64) & 1 == 1
}

#[inline]
fn bit(words: &[u64], i: u32) -> bool {
    words[(i / 64) as usize] >> (i % 64) & 1 == 1
}

impl Rules {
    /// The side whose turn it is.
    #[inline]
    pub fn to_move(&self, st: &State) -> SideId {
        self.turn_side(st.turn as usize)
    }

    /// What the side to move may do now: its prelude turn, or the current
    /// phase of a turn of the main order.
    #[inline]
    pub(crate) fn actions(&self, st: &State) -> &[Action] {
        match self.prelude.get(st.turn as usize) {
            Some(t) => &t.actions,
            None => &self.phases[st.phase as usize],
        }
    }

    /// Every legal move in `st`, in a stable order, into `out` (cleared first).
    pub fn legal_moves(&self, st: &State, out: &mut Vec<Move>) {
        out.clear();
        if st.outcome != Outcome::Ongoing {
            return;
        }
        self.phase_moves(st, out);
        let rule = self.sides[self.to_move(st) as usize].no_moves;
        if out.is_empty() && (st.phase > 0 || rule == NoMoves::Pass) {
            out.push(Move::Pass);
        }
    }

    /// Whether `mv` is legal in `st`.
    pub fn is_legal(&self, st: &State, mv: Move) -> bool {
        let mut buf = Vec::new();
        self.legal_moves(st, &mut buf);
        buf.contains(&mv)
    }

    fn phase_moves(&self, st: &State, out: &mut Vec<Move>) {
        self.phase_moves_watching(st, out, None);
    }

    /// The legal moves, stage by stage; with `watch`, the stage that
    /// removed that move (or `None` if it is legal or was never generated).
    fn phase_moves_watching(
        &self,
        st: &State,
        out: &mut Vec<Move>,
        watch: Option<Move>,
    ) -> Option<Refusal> {
        let side = self.to_move(st);
        // Whether the watched move was there and is gone now.
        let gone =
            |out: &Vec<Move>, before: bool| watch.is_some_and(|w| before && !out.contains(&w));
        let has = |out: &Vec<Move>| watch.is_some_and(|w| out.contains(&w));
        self.candidates(st, side, true, out);
        if watch.is_some() && !has(out) {
            return Some(Refusal::NoPattern);
        }
        let before = has(out);
        if !self.constraints.is_empty() {
            // Constraints are checked on the position after each drop, and
            // after each piece move when they read piece positions (a piece
            // moving along the board stays in its region, so `reach` alone
            // cannot break); barrier placements were checked as they were made.
            // A piece move is checked only when it moves or takes a piece
            // of a kind the constraints count.
            let mut after = None;
            out.retain(|&mv| {
                self.piece_move_keeps_constraints(st, side, mv, &mut after, &mut || st.clone())
            });
        }
        if gone(out, before) {
            return Some(Refusal::Constraint);
        }
        if self.has_royals {
            let mut after = st.clone();
            let mut royals = check::RoyalCheck::new(self, st, side);
            out.retain(|&mv| royals.keeps_safe(mv, &mut after, None).is_safe());
        }
        if gone(out, before) {
            return Some(Refusal::Check);
        }
        match self.captures {
            Captures::Free => {}
            Captures::Compulsory => {
                if out.iter().any(|m| self.n_captures(st, m) > 0) {
                    out.retain(|m| self.n_captures(st, m) > 0);
                }
            }
            Captures::Maximum => {
                let most = out
                    .iter()
                    .map(|m| self.n_captures(st, m))
                    .max()
                    .unwrap_or(0);
                out.retain(|m| self.n_captures(st, m) == most);
            }
        }
        if gone(out, before) {
            return Some(Refusal::Captures);
        }
        for (i, p) in self.priorities.iter().enumerate() {
            if !p.sides.contains(&side) || !self.priority_holds(&p.when, st, side, out) {
                continue;
            }
            let class = p
                .prefer
                .iter()
                .find(|c| out.iter().any(|m| self.move_meets(c, st, side, m)));
            match class {
                Some(c) => out.retain(|m| self.move_meets(c, st, side, m)),
                None => out.clear(),
            }
            if gone(out, before) {
                return Some(Refusal::Priority(i));
            }
        }
        if let Some(d) = &self.demand {
            if st.demanded && out.iter().any(|m| self.move_meets(&d.rule, st, side, m)) {
                out.retain(|m| self.move_meets(&d.rule, st, side, m));
            }
            if gone(out, before) {
                return Some(Refusal::Demand);
            }
            if d.sides.contains(&side) {
                for i in 0..out.len() {
                    if out[i] != Move::Pass {
                        let id = self.demands.intern(out[i]);
                        out.push(Move::Demanding(id));
                    }
                }
            }
        }
        None
    }

    /// The moves the current actions offer, by their patterns alone;
    /// barrier placements checked against the constraints only when
    /// `check_placements` says so.
    fn candidates(&self, st: &State, side: SideId, check_placements: bool, out: &mut Vec<Move>) {
        self.candidates_until(st, side, check_placements, false, out, &mut |_| false, None);
    }

    /// The candidates, asking `done` after each piece's moves and after
    /// each other action's; whether it said to stop. With `flats`, the
    /// pieces whose moves are a flat run of the tables are set aside there
    /// instead of generated.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn candidates_until(
        &self,
        st: &State,
        side: SideId,
        check_placements: bool,
        any: bool,
        out: &mut Vec<Move>,
        done: &mut dyn FnMut(&mut Vec<Move>) -> bool,
        mut aside: Option<&mut Aside>,
    ) -> bool {
        for action in self.actions(st) {
            match *action {
                Action::Move(kind) => {
                    if self.piece_moves(st, side, kind, any, out, done, aside.as_deref_mut()) {
                        return true;
                    }
                    continue;
                }
                Action::Place(b) => self.placements(st, side, b, check_placements, out),
                Action::Drop(kind, region) => self.drops(st, side, kind, region, out),
                Action::Fill(..) => {}
                Action::Pass => out.push(Move::Pass),
            }
            if done(out) {
                return true;
            }
        }
        false
    }

    /// Why `mv` is not legal in `st`, or `None` when it is.
    pub fn why_not(&self, st: &State, mv: Move) -> Option<Refusal> {
        if st.outcome != Outcome::Ongoing {
            return Some(Refusal::GameOver);
        }
        let mut out = Vec::new();
        // A demanding move is judged as its plain move, then as a demand.
        let plain = self.base(mv);
        let refusal = self.phase_moves_watching(st, &mut out, Some(plain));
        match refusal {
            Some(r) => Some(r),
            None if mv == Move::Pass && out.is_empty() => None,
            None if !out.contains(&mv) && plain != mv => Some(Refusal::NoDemand),
            None if !out.contains(&mv) => Some(Refusal::NoPattern),
            None => None,
        }
    }

    /// How many pieces a move captures.
    pub fn n_captures(&self, st: &State, mv: &Move) -> usize {
        match self.base(*mv) {
            Move::Step { to, .. } => usize::from(st.board[to.0 as usize] != 0),
            Move::Chain(c) => c.captures(),
            _ => 0,
        }
    }

    fn drops(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        region: Option<RegionId>,
        out: &mut Vec<Move>,
    ) {
        if st.pieces_in_hand(self, side, kind) == 0 {
            return;
        }
        for (i, &v) in st.board.iter().enumerate() {
            let to = SiteId(i as u16);
            let inside = region
                .is_none_or(|r| self.regions[r as usize].per_side[side as usize].contains(to));
            if v == 0 && inside {
                out.push(Move::Drop { kind, to });
            }
        }
    }

    /// The moves of `side`'s pieces of the `only` kinds, piece by piece,
    /// until `done` (asked after each piece) says so; whether it did.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn piece_moves(
        &self,
        st: &State,
        side: SideId,
        only: Kinds,
        any: bool,
        out: &mut Vec<Move>,
        done: &mut dyn FnMut(&mut Vec<Move>) -> bool,
        aside: Option<&mut Aside>,
    ) -> bool {
        if let Some(aside) = aside {
            self.set_flat_runs_aside(st, side, only, out, aside);
            return done(out);
        }
        // One walker for every piece: it is large, and reset per piece.
        let mut w = Walker::new(side);
        w.any = any;
        self.any_piece(st, side, |s, kind| {
            if only >> kind & 1 == 0 {
                return false;
            }
            match self.tables.flat(st.board[s.0 as usize], s) {
                Some(f) if !f.swaps_follow && !f.nested => {
                    self.run_flat(st, side, s, (f.start, f.end), out)
                }
                _ => self.moves_from(st, &mut w, s, kind, out),
            }
            done(out)
        })
    }

    /// The moves of `side`'s pieces of the `only` kinds, but those that
    /// `aside` sets aside instead: the flat runs ([`MoveTables::flat`]),
    /// and the swaps that follow one when they spend only low tokens.
    fn set_flat_runs_aside(
        &self,
        st: &State,
        side: SideId,
        only: Kinds,
        out: &mut Vec<Move>,
        aside: &mut Aside,
    ) {
        let flats = &mut *aside.runs;
        // A walker only for the pieces that need one: it is large.
        let mut w = None;
        let mut total = flats.last().map_or(0, |f| f.end);
        let every_kind = only == ALL_KINDS;
        self.any_piece_value(st, side, |s, v| {
            let kind = || self.unman(v).1;
            if !every_kind && only >> kind() & 1 == 0 {
                return false;
            }
            let Some(f) = self.tables.flat(v, s) else {
                let w = w.get_or_insert_with(|| Walker::new(side));
                self.moves_from(st, w, s, kind(), out);
                return false;
            };
            let len = f.end - f.start;
            let swaps = f.swaps_follow && f.swap_tokens & !aside.low_swaps == 0;
            if len > 0 || swaps {
                total += len;
                flats.push(FlatRun {
                    end: total,
                    origin: s,
                    start: f.start,
                    len,
                    nested: f.nested,
                    swaps,
                });
            }
            if f.swaps_follow && !swaps {
                // The piece's other entries, all swaps: no walker needed.
                self.flat_piece_swaps(st, side, s, kind(), out);
            }
            false
        });
    }

    /// The swaps of the piece of `side` and `kind` on `s`, whose flat run
    /// comes first ([`tables::Flat::swaps_follow`]).
    fn flat_piece_swaps(
        &self,
        st: &State,
        side: SideId,
        s: SiteId,
        kind: KindId,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        let entries = self.tables.entries(kind, side, s).unwrap_or(&[]);
        for &entry in entries.iter().skip(1) {
            self.run_swaps(st, side, s, start, entry, out);
        }
        dedup_piece(out, start);
    }

    /// The moves of the piece of the walker's side and `kind` on `origin`.
    fn moves_from<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        origin: SiteId,
        kind: KindId,
        out: &mut Vec<Move>,
    ) {
        w.origin = origin;
        w.start = out.len();
        w.stepped = [0; 4];
        let side = w.side;
        if let Some(entries) = self.tables.entries(kind, side, origin) {
            for &entry in entries {
                if w.any && out.len() > w.start {
                    break;
                }
                self.run_entry(st, w, kind, entry, out);
            }
        } else {
            for pattern in &self.kinds[kind as usize].patterns {
                if w.any && out.len() > w.start {
                    break;
                }
                self.walk_pattern(st, w, pattern, out);
            }
        }
        dedup_piece(out, w.start);
    }

    /// The moves of one table entry of the walker's piece of `kind` (on
    /// the walker's origin); a swap only when the walker does not attack.
    fn run_entry<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        kind: KindId,
        entry: tables::Entry,
        out: &mut Vec<Move>,
    ) {
        match entry {
            tables::Entry::Rays { start, end, .. } => self.run_rays(st, w, start, end, out),
            tables::Entry::Swaps { .. } => {
                if !w.attacks_only {
                    self.run_swaps(st, w.side, w.origin, w.start, entry, out);
                }
            }
            tables::Entry::Walk(p) => {
                let pattern = &self.kinds[kind as usize].patterns[p as usize];
                self.walk_pattern(st, w, pattern, out);
            }
            tables::Entry::Chain(g) => {
                let (start, end) = self.tables.group_run(g, w.origin);
                self.run_chain(st, w, start, end, g, out);
            }
        }
    }
}
