//! Drops judged without playing them: where every constraint is a
//! breathing one (Go's suicide rule), a drop on an empty site that takes
//! nothing and leaves the group it joins a liberty keeps them, told from
//! the position before it ([`Rules::drop_keeps_constraints_unplayed`]).
//!
//! The groups beside a site are read once per position ([`Chains`]).
//! Where every drop of a position is judged (a listing), the drops sure
//! to keep the constraints are found for the whole board at once
//! ([`Rules::sure_drops`]): then each drop costs one bit.

use super::chains::{both_ways, Chains};
use super::cond::Mover;
use super::placement::Before;
use super::*;
use crate::rules::UNCOUNTED;

/// What a table of [`Chains`] groups: the sites an effect of a kind
/// (`kind`, its index) surrounds, or the pieces of a breathing constraint
/// (its index).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ChainsOf {
    Effect(KindId, usize),
    Constraint(usize),
}

/// What a listing's drops judged unplayed read of the position, once.
#[derive(Default)]
pub(super) struct GroupReads {
    /// The groups read so far, per surround effect and breathing
    /// constraint.
    chains: Vec<(ChainsOf, Chains)>,
    /// Per kind dropped, the drops sure to keep the constraints and those
    /// sure to break them ([`Rules::sure_drops`]), where they could be
    /// read so.
    sure: Vec<(KindId, Option<Verdicts>)>,
}

/// The drops of one kind a listing judges for the whole board at once:
/// two site bitsets.
pub(super) struct Verdicts {
    /// The drops sure to keep the constraints.
    keep: Vec<u64>,
    /// The drops sure to break them: the group the piece would form has no
    /// liberty, and nothing is taken or turned.
    break_: Vec<u64>,
}

impl Before {
    /// The groups of `key` read so far, on a board of `sites` sites.
    pub(super) fn chains(&mut self, key: ChainsOf, sites: usize) -> &mut Chains {
        let reads = self.groups.get_or_insert_with(Default::default);
        let i = match reads.chains.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                reads.chains.push((key, Chains::new(sites)));
                reads.chains.len() - 1
            }
        };
        &mut reads.chains[i].1
    }
}

/// What judging drops without playing them reads of the position, once.
#[derive(Clone, Copy)]
pub(super) struct Unplayed {
    /// The kinds whose drops by the side to move every breathing
    /// constraint counts (none where the constraints did not hold).
    pub counted: Kinds,
    /// Under `not repeated within N`: no position in reach has one piece
    /// more than this one (true without the rule).
    pub fresh: bool,
}

impl Rules {
    /// Whether the drop of a `kind` on `to` by `side` is sure to keep the
    /// constraints, told from `st` without playing it. Only where every
    /// constraint is a breathing one ([`Breathing`]) that held before and
    /// counts the piece dropped: the drop lands on an empty site with an
    /// empty one beside it (a liberty of the group the piece joins, and of
    /// every counted group beside it, which that group takes in), or beside
    /// a counted group with another liberty (which it joins), its
    /// landing effects take and turn nothing, so that the board gains that
    /// piece alone, and under `not repeated within N` no position in reach
    /// has as many pieces as the board then has (two positions with
    /// different counts differ). In a listing, a drop is also told to
    /// break them where the map says so ([`Verdicts`]). `None` when it
    /// cannot be told: then the drop is played.
    pub(super) fn drop_keeps_constraints_unplayed(
        &self,
        st: &State,
        side: SideId,
        (kind, to): (KindId, SiteId),
        before: &mut Before,
    ) -> Option<bool> {
        if !before.unplayed
            || !self.constraints_breathing_only
            || !st.heights.is_empty()
            || st.board[to.0 as usize] != 0
        {
            return None;
        }
        let held = self.breathing_held(st, side, before);
        let known = *before.unplayed_reads.get_or_insert_with(|| Unplayed {
            counted: if held { self.counted_drops(side) } else { 0 },
            fresh: self.one_more_is_new(st),
        });
        if !known.fresh || known.counted >> kind & 1 == 0 {
            return None;
        }
        if before.every {
            if let Some(verdicts) = self.sure_drops_of(st, side, kind, before) {
                let at = to.0 as u32;
                return match (bit(&verdicts.keep, at), bit(&verdicts.break_, at)) {
                    (true, _) => Some(true),
                    (false, true) => Some(false),
                    (false, false) => None,
                };
            }
        }
        // A few drops judged (a move drawn at random) read no group whole:
        // only a listing reads the groups of the position once for all.
        let (sites, every) = (self.board.sites.len(), before.every);
        let breathes = self.constraints.iter().enumerate().all(|(i, c)| {
            c.breathing.is_some_and(|b| {
                self.breathes(st, to, b.dirs)
                    || every
                        && self.joins_breathing(
                            st,
                            side,
                            to,
                            &b,
                            before.chains(ChainsOf::Constraint(i), sites),
                        )
            })
        });
        if !breathes {
            return None;
        }
        if self.effect_kinds >> kind & 1 == 1 {
            let effects = &self.kinds[kind as usize].effects;
            let active = match effects.iter().any(|e| e.guard.is_some()) {
                true => self.active_effects(st, side, kind, Move::Drop { kind, to }),
                false => u64::MAX,
            };
            let encloses = self.drop_encloses(st, side, (kind, active), to, before);
            return (!encloses).then_some(true);
        }
        Some(true)
    }

    /// Whether the landing effects `active` (a bit per effect) of a piece
    /// of `kind` that `side` drops on `to` take or turn a piece, read on
    /// `st` without playing the drop. The groups a surround effect reads
    /// are read once for all the drops judged in `st` (`before`).
    fn drop_encloses(
        &self,
        st: &State,
        side: SideId,
        (kind, active): (KindId, u64),
        to: SiteId,
        before: &mut Before,
    ) -> bool {
        let sites = self.board.sites.len();
        let m = Mover::playing(side, NOWHERE);
        for (i, e) in self.kinds[kind as usize].effects.iter().enumerate() {
            if i < 64 && active >> i & 1 == 0 {
                continue;
            }
            let hit = if before.every && self.surrounds_by_chains(e, side) {
                let before = &mut *before;
                let key = ChainsOf::Effect(kind, i);
                self.drop_surrounds(st, side, to, e, move || before.chains(key, sites))
            } else {
                let mut hit = false;
                self.each_enclosed_by(st, m, to, e, &mut |_, _| hit = true);
                hit
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// [`Rules::sure_drops`] of `kind`, made once per position (`before`).
    fn sure_drops_of<'b>(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        before: &'b mut Before,
    ) -> Option<&'b Verdicts> {
        let known = |before: &Before| {
            let reads = before.groups.as_ref()?;
            reads.sure.iter().position(|(k, _)| *k == kind)
        };
        let i = match known(before) {
            Some(i) => i,
            None => {
                let sure = self.sure_drops(st, side, kind, before);
                let reads = before.groups.get_or_insert_with(Default::default);
                reads.sure.push((kind, sure));
                reads.sure.len() - 1
            }
        };
        before.groups.as_ref().and_then(|r| r.sure[i].1.as_ref())
    }

    /// The empty sites where a drop of `kind` by `side` keeps every
    /// breathing constraint and takes or turns nothing, as a site bitset:
    /// [`Rules::drop_keeps_constraints_unplayed`] for every site at once,
    /// where the constraints held and count the piece. A site is one
    /// - for each constraint, when a site beside it is empty, or it is a
    ///   liberty of a group of the constraint's pieces with two or more
    ///   (the piece joins that group, which keeps another);
    /// - for each surround effect read through groups, unless it is the
    ///   only open site of a group the effect may take, or beside one
    ///   with none; for each other effect, unless it encloses something
    ///   from there.
    ///
    /// A site is sure to break them where, for some constraint joining its
    /// pieces both ways, it is neither (no liberty for the piece's group)
    /// and every effect is read through groups and takes nothing there.
    ///
    /// `None` where an effect has a guard (read per move).
    pub(super) fn sure_drops(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        before: &mut Before,
    ) -> Option<Verdicts> {
        let effects = &self.kinds[kind as usize].effects;
        let with_effects = self.effect_kinds >> kind & 1 == 1;
        if with_effects && effects.iter().any(|e| e.guard.is_some()) {
            return None;
        }
        let (words, sites) = (self.site_words(), self.board.sites.len());
        let all = (0..sites as u16).map(SiteId);
        let empty = |s: SiteId| st.board[s.0 as usize] == 0;
        let mut sure = vec![0u64; words];
        all.clone()
            .filter(|&s| empty(s))
            .for_each(|s| set_bit(&mut sure, s));
        let empties = sure.clone();
        // The empty sites where some constraint sees the piece's group
        // without a liberty.
        let mut breathless = vec![0u64; words];
        for (i, c) in self.constraints.iter().enumerate() {
            let b = c.breathing?;
            let mut breathes = vec![0u64; words];
            for s in all
                .clone()
                .filter(|&s| empty(s) && self.breathes(st, s, b.dirs))
            {
                set_bit(&mut breathes, s);
            }
            if both_ways(b.dirs) {
                let chains = before.chains(ChainsOf::Constraint(i), sites);
                self.mark_liberties_of_breathing(st, side, &b, chains, &mut breathes);
                for ((w, b), e) in breathless.iter_mut().zip(&breathes).zip(&empties) {
                    *w |= e & !b;
                }
            }
            sure.iter_mut().zip(&breathes).for_each(|(s, b)| *s &= b);
        }
        if !with_effects {
            return Some(Verdicts {
                keep: sure,
                break_: breathless,
            });
        }
        let m = Mover::playing(side, NOWHERE);
        let mut takes = vec![0u64; words];
        for (i, e) in effects.iter().enumerate() {
            if self.surrounds_by_chains(e, side) {
                let chains = before.chains(ChainsOf::Effect(kind, i), sites);
                self.mark_surrounded_sites(st, side, e, chains, &mut takes);
                continue;
            }
            // Read only where the drop would keep the constraints.
            breathless.iter_mut().for_each(|w| *w = 0);
            for s in all.clone().filter(|&s| bit(&sure, s.0 as u32)) {
                let mut hit = false;
                self.each_enclosed_by(st, m, s, e, &mut |_, _| hit = true);
                if hit {
                    set_bit(&mut takes, s);
                }
            }
        }
        sure.iter_mut().zip(&takes).for_each(|(s, t)| *s &= !t);
        breathless
            .iter_mut()
            .zip(&takes)
            .for_each(|(s, t)| *s &= !t);
        Some(Verdicts {
            keep: sure,
            break_: breathless,
        })
    }

    /// The kinds whose pieces `side` drops every breathing constraint
    /// counts, read for `side`.
    fn counted_drops(&self, side: SideId) -> Kinds {
        (0..self.kinds.len() as KindId)
            .filter(|&k| {
                let v = self.man(side, k);
                (self.constraints.iter()).all(|c| {
                    c.breathing
                        .is_some_and(|b| self.line_matcher(side, b.owner, b.named, b.kind).holds(v))
                })
            })
            .fold(0, |kinds, k| kinds | 1 << k)
    }

    /// Whether, under `not repeated within N`, no position in reach has
    /// one piece more than `st` (true without the rule or a history).
    fn one_more_is_new(&self, st: &State) -> bool {
        let (Some(within), Some(h)) = (self.no_repeat, &st.history) else {
            return true;
        };
        let n = Self::occupied(st) + 1;
        let seen = h.seen().len();
        (seen.saturating_sub(within as usize)..seen).all(|i| {
            let k = h.occupied(i);
            k != n && k != UNCOUNTED
        })
    }
}

impl Rules {
    /// For tests: whether judging drops without playing them agrees, read
    /// for the whole board at once ([`Rules::sure_drops`]) and site by
    /// site with the position's groups, for every kind the side to move
    /// holds and every site of each position of `states` still in play;
    /// whether a drop judged alone (reading no group whole) is sure only
    /// where those are, and each drop told to keep or break the
    /// constraints does so when played: how many drops were told, or
    /// where they disagree, in words.
    #[doc(hidden)]
    pub fn sure_drops_agree(&self, states: &[State]) -> Result<usize, String> {
        let mut found = 0;
        for (n, st) in states.iter().enumerate() {
            if st.outcome != Outcome::Ongoing {
                continue;
            }
            let side = self.to_move(st);
            let held =
                (0..self.kinds.len() as KindId).filter(|&k| st.pieces_in_hand(self, side, k) > 0);
            for kind in held {
                let judge = |every: bool, whole: bool| {
                    let mut before = Before::default();
                    (before.unplayed, before.every) = (true, every);
                    if !whole {
                        let reads = before.groups.get_or_insert_with(Default::default);
                        reads.sure.push((kind, None));
                    }
                    before
                };
                let mut whole = judge(true, true);
                let (mut each, mut alone) = (judge(true, false), judge(false, false));
                for to in (0..self.board.n_sites() as u16).map(SiteId) {
                    let judge = |before: &mut Before| {
                        self.drop_keeps_constraints_unplayed(st, side, (kind, to), before)
                    };
                    let (told, one, few) = (judge(&mut whole), judge(&mut each), judge(&mut alone));
                    let at = || format!("position {n}, a drop of kind {kind} on site {}", to.0);
                    let sure = told == Some(true);
                    if few == Some(true) && !sure {
                        return Err(format!("{}: sure judged alone, not in a listing", at()));
                    }
                    if sure != (one == Some(true)) {
                        return Err(format!(
                            "{}: the whole board says {told:?}, the site {one:?}",
                            at()
                        ));
                    }
                    if let Some(keeps) = told {
                        let drop = Move::Drop { kind, to };
                        if keeps != self.keeps_played(st, side, drop, &mut Before::default()) {
                            return Err(format!("{}: told {keeps}, played the other", at()));
                        }
                        found += 1;
                    }
                }
            }
        }
        Ok(found)
    }
}

/// Sets the bit of site `s` in `words`.
fn set_bit(words: &mut [u64], s: SiteId) {
    words[s.0 as usize / 64] |= 1 << (s.0 % 64);
}
