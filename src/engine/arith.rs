//! Numbers in conditions (`score(own) > score(enemy)`,
//! `count(own stone) + territory(own stone, orth) > 40.5`): sums of
//! counts, territories, scores and constants, in thousandths; and
//! `repeated`, a position seen before whoever moved.

use super::*;

impl Rules {
    /// `A OP B` on numbers, seen from `side`.
    #[cold]
    #[inline(never)]
    pub(super) fn arith(&self, st: &State, side: SideId, a: &Arith) -> bool {
        let left = self.sum(st, side, &a.left, 0);
        let right = self.sum(st, side, &a.right, 0);
        a.op.holds_i64(left, right)
    }

    /// Each side's `score` ([`Game::scores`]) in the position, as a
    /// decimal number; `None` for a game whose sides have no score.
    pub fn side_scores(&self, st: &State) -> Option<Vec<f64>> {
        if self.scores.iter().all(Option::is_none) {
            return None;
        }
        let of = |s: SideId| match &self.scores[s as usize] {
            Some(terms) => self.sum(st, s, terms, 1) as f64 / NUM_SCALE as f64,
            None => 0.0,
        };
        Some((0..self.sides.len() as SideId).map(of).collect())
    }

    /// A sum of numbers seen from `side`, in thousandths; `depth` counts
    /// the scores read inside scores (the compiler refuses a score that
    /// reads one, so it stays below 2).
    fn sum(&self, st: &State, side: SideId, terms: &[(bool, Num)], depth: u32) -> i64 {
        terms
            .iter()
            .map(|(minus, n)| {
                let v = self.number(st, side, n, depth);
                if *minus {
                    -v
                } else {
                    v
                }
            })
            .sum()
    }

    /// One number seen from `side`, in thousandths.
    fn number(&self, st: &State, side: SideId, n: &Num, depth: u32) -> i64 {
        match n {
            Num::Const(v) => *v,
            Num::Count((owner, named, kind, region)) => {
                let counted = self.counted(side, *owner, *named);
                let n = match *region {
                    Some(HAND) => self.count_in_hand(st, counted, *kind),
                    region => self.count_any(st, counted, side, *kind, region),
                };
                i64::from(n) * NUM_SCALE
            }
            Num::Value(counted) => self.value_of(st, side, counted),
            Num::Territory {
                owner,
                named,
                kind,
                dirs,
            } => i64::from(self.territory(st, side, (*owner, *named, *kind), *dirs)) * NUM_SCALE,
            Num::Score(of) => {
                let score = |s: SideId| match (&self.scores[s as usize], depth) {
                    (Some(terms), 0) => self.sum(st, s, terms, depth + 1),
                    _ => 0,
                };
                match of {
                    ScoreOf::Own => score(side),
                    ScoreOf::Side(s) => score(*s),
                    ScoreOf::Enemy => {
                        let team = self.sides[side as usize].team;
                        (0..self.sides.len() as SideId)
                            .filter(|&s| self.sides[s as usize].team != team)
                            .map(score)
                            .max()
                            .unwrap_or(0)
                    }
                }
            }
        }
    }

    /// `value(...)` seen from `side`, in thousandths: each kind's count
    /// times its `value`.
    fn value_of(&self, st: &State, side: SideId, (owner, named, kind, region): &Counted) -> i64 {
        let counted = self.counted(side, *owner, *named);
        let mut kinds: Kinds = *kind & ((1u64 << self.kinds.len()) - 1);
        let mut total = 0;
        while kinds != 0 {
            let k = kinds.trailing_zeros();
            kinds &= kinds - 1;
            let worth = (self.kinds[k as usize].value * NUM_SCALE as f64).round() as i64;
            if worth == 0 {
                continue;
            }
            let n = match *region {
                Some(HAND) => self.count_in_hand(st, counted, 1 << k),
                region => self.count_pieces(st, counted, side, 1 << k, region),
            };
            total += i64::from(n) * worth;
        }
        total
    }

    /// `territory(OWNER KIND, DIRS)` seen from `side`: the empty sites of
    /// the areas of empty sites (joined along `dirs`, across no barrier)
    /// beside which stands at least one matching piece and no other piece.
    /// A flood fill that reads each empty site once.
    pub(super) fn territory(
        &self,
        st: &State,
        side: SideId,
        (owner, named, kind): (Owner, SideSet, Kinds),
        dirs: u32,
    ) -> u32 {
        let m = self.line_matcher(side, owner, named, kind);
        let n = self.board.n_sites();
        let mut seen = vec![false; n];
        let mut todo: Vec<SiteId> = Vec::new();
        let mut total = 0;
        for i in 0..n {
            if seen[i] || st.board[i] != 0 {
                continue;
            }
            seen[i] = true;
            todo.push(SiteId(i as u16));
            let (mut size, mut ours, mut other) = (0u32, false, false);
            while let Some(s) = todo.pop() {
                size += 1;
                let mut mask = dirs;
                while mask != 0 {
                    let d = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    let Some(t) = self.next_site(st, s, d) else {
                        continue;
                    };
                    let v = st.board[t.0 as usize];
                    if v == 0 {
                        if !seen[t.0 as usize] {
                            seen[t.0 as usize] = true;
                            todo.push(t);
                        }
                    } else if m.holds(v) {
                        ours = true;
                    } else {
                        other = true;
                    }
                }
            }
            if ours && !other {
                total += size;
            }
        }
        total
    }

    /// `repeated [within N]`: the present position (the last of the
    /// history) was seen before, whoever moved, among the `within`
    /// positions before it. False without a history.
    pub(super) fn repeated(&self, st: &State, within: u32) -> bool {
        let Some(h) = &st.history else { return false };
        let seen = h.seen();
        let Some((now, before)) = seen.split_last() else {
            return false;
        };
        let from = before.len().saturating_sub(within as usize);
        before[from..].iter().any(|s| s.hash == now.hash)
    }

    /// Whether `mv`, reaching `after` from `st`, keeps the rule `not
    /// repeated [within N]`, if the game has one (a pass always does).
    #[inline]
    pub(super) fn not_repeated(&self, st: &State, mv: Move, after: &State) -> bool {
        match self.no_repeat {
            Some(within) if st.history.is_some() && mv != Move::Pass => {
                self.fresh_position(st, after, within)
            }
            _ => true,
        }
    }

    /// Whether `after`, the position a move of `st` reaches, is new under
    /// the rule `not repeated within N` (`within`): unlike every position
    /// among the last N of `st`'s history, `st` itself included.
    fn fresh_position(&self, st: &State, after: &State, within: u32) -> bool {
        let Some(h) = &st.history else { return true };
        let seen = h.seen();
        let hash = self.position_hash(after);
        let from = seen.len().saturating_sub(within as usize);
        seen[from..].iter().all(|s| s.hash != hash)
    }
}
