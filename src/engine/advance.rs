//! Moves along tracks (`[tracks.NAME]`, an `advance` phase action): a
//! piece of the side goes as many sites along its track as an event
//! rolled, entering from the hand and bearing off past the end; with dice
//! rolled `apart`, one die a move, the side playing as many of them as it
//! can (`most`), the larger when only one can be played (`larger`).
//! Games without tracks never come here.

use super::cond::Mover;
use super::*;

/// An `advance` action: its track, event and landing condition.
type Advance = (u8, u8, u16);

impl Rules {
    /// The moves of `advance TRACK by EVENT to COND` for `side`: each piece
    /// of the side on its track goes as many sites on as the event last
    /// rolled (with `apart`, as any one of the dice still to play), landing
    /// on a site that meets the condition (the removal of index `cond`),
    /// whatever stands on the sites between. A roll of 0 or less moves
    /// nothing. With `any`, the caller asks only whether there is a move:
    /// dice rolled apart then give their moves unfiltered by `most` and
    /// `larger`, which keep some whenever there are any.
    #[cold]
    pub(super) fn advance_moves(
        &self,
        st: &State,
        side: SideId,
        a: Advance,
        any: bool,
        out: &mut Vec<Move>,
    ) {
        let (track, event, cond) = a;
        if !self.chance[event as usize].apart.is_empty() {
            if any {
                for d in distinct_dice(st) {
                    if self.advance_by(st, side, (track, cond), d as usize, true, out) {
                        return;
                    }
                }
                return;
            }
            return self.advance_apart(st, side, a, out);
        }
        if let Some(n) = self.rolled(st, event).filter(|&n| n > 0) {
            self.advance_by(st, side, (track, cond), n as usize, false, out);
        }
    }

    /// The moves of `n` steps along the track: with `enter`, a piece of
    /// each kind in hand lands on the site that far from the start (the
    /// first site is one step in); with `off`, a piece exactly that far
    /// from the end leaves the board (with `over`, a piece nearer the end
    /// too, when none stands farther back), once all the side's pieces
    /// stand in the track's `home`; with `enter_first`, a side holding a
    /// piece in hand only enters. With `first`, it stops at the first move
    /// found; whether it found one.
    fn advance_by(
        &self,
        st: &State,
        side: SideId,
        (track, cond): (u8, u16),
        n: usize,
        first: bool,
        out: &mut Vec<Move>,
    ) -> bool {
        let start = out.len();
        let t = &self.tracks[track as usize];
        let sites = &t.sites[side as usize];
        let c = &self.removals[cond as usize];
        let lands =
            |to: SiteId| self.eval(c, st, Mover::none(side, Asking::Play), &[], to, NO_HEADING);
        let mut in_hand = false;
        if t.enter {
            for kind in 0..self.kinds.len() as KindId {
                if st.pieces_in_hand(self, side, kind) > 0 {
                    in_hand = true;
                    if n <= sites.len() && lands(sites[n - 1]) {
                        out.push(Move::Drop {
                            kind,
                            to: sites[n - 1],
                        });
                        if first {
                            return true;
                        }
                    }
                }
            }
        }
        if in_hand && t.enter_first {
            return out.len() > start;
        }
        let mut off = None;
        let mut behind = false;
        for (i, &from) in sites.iter().enumerate() {
            let v = st.board[from.0 as usize];
            if v == 0 || self.unman(v).0 != side {
                continue;
            }
            let j = i + n;
            if j < sites.len() {
                if lands(sites[j]) {
                    out.push(Move::Step { from, to: sites[j] });
                }
            } else if t.off
                && (j == sites.len() || t.over && !behind)
                && *off.get_or_insert_with(|| self.may_bear_off(st, side, t, in_hand))
            {
                out.push(Move::Off(from));
            }
            if first && out.len() > start {
                return true;
            }
            behind = true;
        }
        out.len() > start
    }

    /// Whether `side` may bear off from the track `t`: it has no `home`, or
    /// every piece of the side stands in the side's part of it, none in
    /// hand (`in_hand`: whether it was seen to hold one, when the track
    /// enters; else the hand is looked at).
    fn may_bear_off(&self, st: &State, side: SideId, t: &Track, in_hand: bool) -> bool {
        let Some(home) = t.home else {
            return true;
        };
        let home = &self.regions[home as usize].per_side[side as usize].0[..];
        let none_in_hand = match t.enter {
            true => !in_hand,
            false => (0..self.kinds.len() as KindId).all(|k| st.pieces_in_hand(self, side, k) == 0),
        };
        // The side's pieces, by the piece index, all inside the region.
        let words = home.len();
        let pieces = &st.pieces[side as usize * words..(side as usize + 1) * words];
        none_in_hand && pieces.iter().zip(home).all(|(&p, &h)| p & !h == 0)
    }

    /// The moves of an `advance` by dice rolled apart: each die still to
    /// play, as a move of its own; with `most`, only the moves after which
    /// the most dice can be played; with `larger`, when only one can, those
    /// of the larger die.
    fn advance_apart(&self, st: &State, side: SideId, a: Advance, out: &mut Vec<Move>) {
        let (track, event, cond) = a;
        let chance = &self.chance[event as usize];
        let start = out.len();
        // Each move with the die that makes it, the largest kept. Only a
        // piece borne off can be made by two dice (steps and entries of
        // different lengths end on different sites).
        let mut made: Vec<(Move, u8)> = Vec::new();
        for d in distinct_dice(st) {
            let from = out.len();
            self.advance_by(st, side, (track, cond), d as usize, false, out);
            for &mv in &out[from..] {
                let seen = match mv {
                    Move::Off(_) => made.iter_mut().find(|(m, _)| *m == mv),
                    _ => None,
                };
                match seen {
                    Some(e) => e.1 = e.1.max(d),
                    None => made.push((mv, d)),
                }
            }
        }
        out.truncate(start);
        let left = st.dice.iter().filter(|&&d| d != 0).count();
        if !(chance.most || chance.larger) || made.len() < 2 {
            out.extend(made.iter().map(|&(m, _)| m));
            return;
        }
        // How many dice each move lets the side play: one, when it is the
        // last die or only `larger` is asked; else looked ahead, on
        // positions made once for the whole look-ahead.
        let scores: Vec<usize> = match chance.most && left > 1 {
            false => vec![1; made.len()],
            true => {
                let mut levels: Vec<(State, Vec<Move>)> =
                    (0..left).map(|_| (st.clone(), Vec::new())).collect();
                let (next, rest) = levels.split_first_mut().expect("left > 1");
                (made.iter())
                    .map(|&(m, _)| {
                        next.0.copy_from(st);
                        self.apply(&mut next.0, side, m);
                        1 + self.most_dice(&next.0, side, (track, cond), left - 1, rest)
                    })
                    .collect()
            }
        };
        let best = scores.iter().copied().max().unwrap_or(0);
        let kept = (made.iter().zip(&scores)).filter(|&(_, &s)| s == best);
        let top = match chance.larger && best == 1 {
            true => kept.clone().map(|(&(_, d), _)| d).max().unwrap_or(0),
            false => 0,
        };
        out.extend(kept.filter(|(&(_, d), _)| d >= top).map(|(&(m, _), _)| m));
    }

    /// How many of the dice still to play (at most `left`) the side can
    /// play one after another from `st`; `levels` are scratch positions
    /// and move lists, one per die looked ahead.
    fn most_dice(
        &self,
        st: &State,
        side: SideId,
        a: (u8, u16),
        left: usize,
        levels: &mut [(State, Vec<Move>)],
    ) -> usize {
        if left == 0 {
            return 0;
        }
        if left == 1 {
            // One die more: whether any move plays one.
            let moves = &mut levels[0].1;
            moves.clear();
            let found =
                distinct_dice(st).any(|d| self.advance_by(st, side, a, d as usize, true, moves));
            return found as usize;
        }
        let Some(((next, moves), rest)) = levels.split_first_mut() else {
            return 0;
        };
        moves.clear();
        for d in distinct_dice(st) {
            self.advance_by(st, side, a, d as usize, false, moves);
        }
        let mut best = 0;
        for &m in moves.iter() {
            next.copy_from(st);
            self.apply(next, side, m);
            best = best.max(1 + self.most_dice(next, side, a, left - 1, rest));
            if best == left {
                break;
            }
        }
        best
    }

    /// Marks the die `mv` plays as played, when dice rolled apart are
    /// being played along a track: the distance of a step or an entry, and
    /// for a piece borne off the least die that bears it off.
    #[cold]
    pub(super) fn use_die(&self, st: &mut State, side: SideId, mv: Move) {
        let track = self.actions(st).iter().find_map(|a| match *a {
            Action::Advance(t, e, _) if !self.chance[e as usize].apart.is_empty() => Some(t),
            _ => None,
        });
        let Some(track) = track else {
            return;
        };
        let t = &self.tracks[track as usize];
        let at = |s: SiteId| t.position(side, s);
        let need = match mv {
            Move::Step { from, to } => at(to).saturating_sub(at(from)),
            Move::Drop { to, .. } => at(to),
            Move::Off(from) => t.sites[side as usize].len() + 1 - at(from),
            _ => return,
        };
        let exact = matches!(mv, Move::Step { .. } | Move::Drop { .. });
        let pick = (st.dice.iter().enumerate())
            .filter(|&(_, &d)| d != 0 && (d as usize == need || !exact && d as usize > need))
            .min_by_key(|&(_, &d)| d)
            .map(|(i, _)| i);
        if let Some(i) = pick {
            st.dice.copy_within(i + 1.., i);
            st.dice[3] = 0;
        }
    }
}

/// The values of the dice still to play, each once, in increasing order.
fn distinct_dice(st: &State) -> impl Iterator<Item = u8> {
    let mut vals = st.dice;
    vals.sort_unstable();
    (0..vals.len())
        .filter(move |&i| vals[i] != 0 && (i == 0 || vals[i] != vals[i - 1]))
        .map(move |i| vals[i])
}
