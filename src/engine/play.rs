//! Playing a move: applying it to the board (promotion included), the
//! huffing rule, passes, the end rules, and the next phase or turn, where
//! the no-move rule and the prelude's fills are settled.

use super::outcome::Last;
use super::*;

/// What the caller of [`Rules::play_knowing`] knows already, to save work.
#[derive(Clone, Copy, Default)]
pub(crate) struct Known {
    /// The piece a huffing rule removes after the move, when known.
    pub huffed: Option<Option<SiteId>>,
    /// Whether the side to move next is left unchecked for a legal move:
    /// a random playout draws its move anyway, and settles the game when
    /// there is none.
    pub unsettled: bool,
}

thread_local! {
    /// The legal moves `play` reads to know whom a huffing rule removes.
    static HUFF: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
    /// The position before the move being played, when end rules read it.
    static BEFORE: RefCell<Option<State>> = const { RefCell::new(None) };
}

impl Rules {
    /// The state after a move of the side to move, legal or not.
    pub fn after(&self, st: &State, mv: Move) -> State {
        let mut next = st.clone();
        self.apply(&mut next, self.to_move(st), mv);
        next
    }

    /// Changes the board, barriers and reserves for one move, with its
    /// landing effects, nothing else.
    #[inline]
    pub(super) fn apply(&self, st: &mut State, side: SideId, mv: Move) {
        self.apply_asking(st, side, mv, Asking::Play)
    }

    /// [`Rules::apply`], the conditions of the landing effects asked as
    /// `asking` says (inside an attack question, as `stuck` plays a move).
    pub(super) fn apply_asking(&self, st: &mut State, side: SideId, mv: Move, asking: Asking) {
        if self.effect_kinds == 0 {
            return self.apply_plain(st, side, mv);
        }
        if let Move::Castle { .. } = self.base(mv) {
            return self.apply_castling_telling(st, (side, asking), mv, None);
        }
        let landing = self.landing(st, side, mv);
        let active = landing.map_or(0, |(side, kind, ..)| {
            self.active_effects(st, side, kind, mv)
        });
        self.apply_plain(st, side, mv);
        if let Some((side, kind, _, to)) = landing {
            self.enclose(st, side, (kind, active), to, asking);
        }
    }

    /// [`Rules::apply`] without the landing effects.
    #[inline]
    pub(super) fn apply_plain(&self, st: &mut State, side: SideId, mv: Move) {
        // A demanding or leaving move is noted once, as its plain move, below.
        if (self.tracks_last || !st.marks.is_empty())
            && !matches!(mv, Move::Demanding(_) | Move::Leaving(_))
        {
            self.note_move(st, mv);
        }
        // Dice rolled apart: the one this move plays is played.
        if st.dice[0] != 0 {
            self.use_die(st, side, mv);
        }
        if !st.heights.is_empty() && self.apply_stacked(st, side, mv) {
            return;
        }
        match mv {
            // A promotion in place (`stay`): nothing moves.
            Move::Step { from, to } if from == to => {}
            Move::Step { from, to } => {
                let v = st.board[from.0 as usize];
                let taken = st.board[to.0 as usize];
                self.put(st, from, 0);
                self.put(st, to, v);
                if self.hand_kinds != 0 && taken != 0 {
                    self.to_hand(st, side, taken);
                }
                self.arrive(st, v, from, to);
            }
            Move::Place { barrier, slot } => {
                st.slots[slot as usize] = barrier + 1;
                for &e in &self.board.slots[slot as usize].edges {
                    st.blocked[(e / 64) as usize] |= 1 << (e % 64);
                }
                let i = side as usize * self.n_items() + barrier as usize;
                // A reserve of 255 is unlimited.
                if st.reserves[i] != UNLIMITED {
                    st.reserves[i] -= 1;
                }
                if let Some(kind) = self.barriers[barrier as usize].claim {
                    self.claim_closed(st, side, slot, kind);
                }
            }
            _ => self.apply_other(st, side, mv),
        }
    }

    /// [`Rules::apply_plain`] of the moves other than steps and
    /// placements, the move already noted. Kept out of line: inlined, its
    /// arms cost every step.
    #[inline(never)]
    fn apply_other(&self, st: &mut State, side: SideId, mv: Move) {
        match mv {
            Move::Demanding(id) => self.apply_plain(st, side, self.demands.get(id)),
            Move::Sow(from) => self.apply_sow(st, side, from),
            Move::Promoting(id) => {
                // The move as its default promotion makes it, then the
                // mover (standing where it ended: a choice never relocates)
                // becomes the kind chosen.
                let (plain, kind) = self.promotings.get(id);
                self.apply_plain(st, side, plain);
                if let Some(to) = self.move_to(&plain) {
                    self.put(st, to, 0);
                    self.put(st, to, self.man(side, kind));
                }
            }
            Move::Leaving(id) => {
                // The move, then the piece from the hand on the site left.
                let (plain, kind, at) = self.leavings.get(id);
                self.apply_plain(st, side, plain);
                self.put(st, at, self.man(side, kind));
                let i = side as usize * self.n_items() + self.barriers.len() + kind as usize;
                if st.reserves[i] != UNLIMITED {
                    st.reserves[i] = st.reserves[i].saturating_sub(1);
                }
            }
            Move::Chain(id) => {
                let chain = self.chain(id);
                let v = st.board[chain.from.0 as usize];
                for &c in chain.captured() {
                    if self.hand_kinds != 0 && st.board[c.0 as usize] != 0 {
                        self.to_hand(st, side, st.board[c.0 as usize]);
                    }
                    self.put(st, c, 0);
                }
                self.put(st, chain.from, 0);
                let taken = st.board[chain.to().0 as usize];
                if self.hand_kinds != 0 && taken != 0 {
                    self.to_hand(st, side, taken);
                }
                self.put(st, chain.to(), v);
                self.arrive(st, v, chain.from, chain.to());
            }
            Move::Swap {
                from,
                via,
                with,
                token,
            } => {
                let (mover, partner) = (st.board[from.0 as usize], st.board[with.0 as usize]);
                self.put(st, from, 0);
                self.put(st, via, partner);
                self.put(st, with, mover);
                // The mover ends its move on the partner's site.
                self.arrive(st, mover, from, with);
                if token != NO_TOKEN {
                    let i = side as usize * self.n_items()
                        + self.barriers.len()
                        + self.kinds.len()
                        + token as usize;
                    st.reserves[i] = st.reserves[i].saturating_sub(1);
                }
            }
            Move::Huff(at) | Move::Remove(at) | Move::Off(at) => self.put(st, at, 0),
            Move::Castle { from, to, with } => {
                let (mover, partner) = (st.board[from.0 as usize], st.board[with.0 as usize]);
                let partner_to = self.castle_partner_to(from, to, with);
                self.put(st, from, 0);
                self.put(st, with, 0);
                self.put(st, to, mover);
                self.put(st, partner_to, partner);
                self.arrive(st, mover, from, to);
                // The partner is a mover too: it promotes where it lands.
                self.arrive(st, partner, with, partner_to);
            }
            Move::Drop { kind, to } => {
                // A piece entering a track may land on an enemy (`advance`).
                let taken = st.board[to.0 as usize];
                if self.hand_kinds != 0 && taken != 0 {
                    self.to_hand(st, side, taken);
                }
                self.put(st, to, self.man(side, kind));
                let i = side as usize * self.n_items() + self.barriers.len() + kind as usize;
                // A reserve of 255 is unlimited.
                if st.reserves[i] != UNLIMITED {
                    st.reserves[i] -= 1;
                }
            }
            Move::Roll { event, outcome } => self.apply_roll(st, event, outcome),
            Move::Pass | Move::Step { .. } | Move::Place { .. } => {}
        }
    }

    /// What piece `v`, moving from `from` and ending on `to` (where it now
    /// stands), becomes and where, by default (a choice's first kind): its
    /// new kind and site, if its kind promotes on this move.
    #[inline(always)]
    pub(crate) fn promotion(
        &self,
        st: &State,
        v: u8,
        from: SiteId,
        to: SiteId,
    ) -> Option<(KindId, SiteId)> {
        let (side, kind) = self.unman(v);
        let p = self.kinds[kind as usize].promote.as_ref()?;
        let zone = &self.regions[p.region as usize].per_side[side as usize];
        if !(zone.contains(to) || p.leaving && zone.contains(from)) {
            return None;
        }
        let Some(at) = p.at else {
            return Some((p.to, to));
        };
        let home = self.regions[at as usize].per_side[side as usize]
            .iter()
            .next();
        match home {
            Some(h) if h == to || st.board[h.0 as usize] == 0 => Some((p.to, h)),
            _ => Some((p.otherwise.unwrap_or(p.to), to)),
        }
    }

    /// Puts the piece `taken`, captured by `side`, in `side`'s hand as its
    /// kind's `to_hand` kind, if it has one.
    pub(super) fn to_hand(&self, st: &mut State, side: SideId, taken: u8) {
        let (owner, kind) = self.unman(taken);
        if self.kinds[kind as usize].returns {
            let i = owner as usize * self.n_items() + self.barriers.len() + kind as usize;
            st.reserves[i] = st.reserves[i].saturating_add(1);
            return;
        }
        if let Some(k) = self.kinds[kind as usize].to_hand {
            let i = side as usize * self.n_items() + self.barriers.len() + k as usize;
            st.reserves[i] = st.reserves[i].saturating_add(1);
        }
    }

    /// Promotes the piece `v` that has just moved from `from` to `to`.
    #[inline]
    pub(super) fn arrive(&self, st: &mut State, v: u8, from: SiteId, to: SiteId) {
        if let Some((kind, site)) = self.promotion(st, v, from, to) {
            self.promote(st, v, to, kind, site);
        }
    }

    /// The piece `v` on `to` becomes a `kind` on `site`. Out of line: rare,
    /// it keeps [`Rules::arrive`] small in every step.
    #[inline(never)]
    fn promote(&self, st: &mut State, v: u8, to: SiteId, kind: KindId, site: SiteId) {
        let (side, _) = self.unman(v);
        self.put(st, to, 0);
        self.put(st, site, self.man(side, kind));
        // Relocated, the piece keeps the flags its move left it.
        Self::relocate_marks(st, to, site);
    }

    /// Applies a legal move. The move must come from [`Rules::legal_moves`]
    /// for this state; anything else leaves the state unspecified but safe.
    pub fn play(&self, st: &mut State, mv: Move) {
        self.play_knowing(st, mv, Known::default());
    }

    /// [`Rules::play`], leaving the side to move next unchecked for a legal
    /// move ([`Known::unsettled`]): the caller lists its moves anyway, and
    /// settles the position when it has none ([`Rules::list_settling`]).
    pub fn play_unsettled(&self, st: &mut State, mv: Move) {
        let known = Known {
            unsettled: true,
            ..Known::default()
        };
        self.play_knowing(st, mv, known);
    }

    /// [`Rules::play`], saving the work `known` says is done.
    pub(crate) fn play_knowing(&self, st: &mut State, mv: Move, known: Known) {
        if st.outcome != Outcome::Ongoing {
            return;
        }
        let counts = (self.history_resets(st, mv), self.counter_gains(st, mv));
        if !self.ends_read_last {
            return self.play_after(st, mv, Last::None, known, (None, counts));
        }
        if let Some(decided) = self.decide_lasts(st, mv) {
            return self.play_after(st, mv, Last::Decided(decided, mv), known, (None, counts));
        }
        // The end rules read the position before the move: kept in a
        // buffer of the thread (a nested call, none expected, makes its own).
        with_scratch(&BEFORE, st, |before, st| {
            before.copy_from(st);
            self.play_after(st, mv, Last::On(before, mv), known, (None, counts))
        })
    }

    /// [`Rules::play`], with `before` a copy of the position when the end
    /// rules read the last move.
    /// [`Rules::play_knowing`] of a move whose position `after` the caller
    /// has (`apply` of it, and nothing more): the two are swapped, and
    /// `after` is left holding the position before, which the end rules read.
    pub(crate) fn play_applied(&self, st: &mut State, mv: Move, after: &mut State, known: Known) {
        // Where the last seed falls, read before the move.
        let sown = match mv {
            Move::Sow(from) => self.sow_end(st, self.to_move(st), from),
            _ => NOWHERE,
        };
        let huffed = known.huffed.unwrap_or_else(|| self.huffed(st, mv, None));
        let counts = (self.history_resets(st, mv), self.counter_gains(st, mv));
        std::mem::swap(st, after);
        let before = after;
        // The scratch `after` was copied without the history: it moves over.
        st.history = before.history.take();
        let known = Known {
            huffed: Some(huffed),
            ..known
        };
        let last = match self.ends_read_last {
            true => Last::On(before, mv),
            false => Last::None,
        };
        self.play_after(st, mv, last, known, (Some(sown), counts));
    }

    /// Plays `mv` on `st` (unless `applied`: `st` is already the position
    /// after `apply`, and `applied` holds where the last seed of a sow move
    /// fell, read before it, or [`NOWHERE`]), then what follows a move: huffing, passes, the
    /// history (the counters `resets` restarts), the counters (`gains`, read
    /// before the move), the end rules (reading `last` of the move), the
    /// next turn.
    #[inline]
    fn play_after(
        &self,
        st: &mut State,
        mv: Move,
        last: Last,
        known: Known,
        (applied, (resets, gains)): (Option<SiteId>, (u64, u64)),
    ) {
        let side = self.to_move(st);
        let huffed = known.huffed.unwrap_or_else(|| self.huffed(st, mv, None));
        // Where the last seed falls, read before the seeds move.
        let sown = match (mv, applied) {
            (_, Some(sown)) => sown,
            (Move::Sow(from), None) => self.sow_end(st, side, from),
            _ => NOWHERE,
        };
        if applied.is_none() {
            self.apply(st, side, mv);
        }
        st.demanded = matches!(mv, Move::Demanding(_));
        // A huff not claimed on this move lapses.
        st.huffable = None;
        if let Some(victim) = huffed {
            match self.huff_claim {
                HuffClaim::Automatic => self.take_off(st, victim),
                _ => st.huffable = Some(victim),
            }
        }
        self.count_move(st, side, gains);
        self.record_history(st, side, resets);
        if matches!(mv, Move::Huff(_)) && self.huff_claim == HuffClaim::BeforeMove {
            // The claim is not the side's move: it moves next, in the same
            // phase of the same turn.
            if !self.end_if_over(st, side, last) {
                self.settle(st);
            }
            return;
        }
        if st.phase == 0 && st.turn as usize >= self.prelude.len() {
            if mv == Move::Pass {
                st.passes = st.passes.saturating_add(1);
                if st.passes as usize >= self.order.len() {
                    // Nobody could or would move: the game cannot go on,
                    // and ends by the end rules, or drawn.
                    if self.end_if_over(st, side, last) {
                        return;
                    }
                    st.outcome = Outcome::Draw;
                    st.ended_by = EndedBy::Passes;
                    return;
                }
            } else {
                st.passes = 0;
            }
        }
        if self.end_if_over(st, side, last) {
            // Dice left unplayed at the end are dropped.
            st.dice = [0; 4];
            return;
        }
        if sown != NOWHERE && self.sows_again(st, side, sown) {
            // The same side moves again, in the same phase of its turn.
            return self.settle_checking(st, !known.unsettled);
        }
        if st.dice[0] != 0 && !matches!(mv, Move::Roll { .. }) {
            // Dice rolled apart are left: the same side plays on, in the
            // same phase, while it can.
            if self.has_move(st) {
                return;
            }
            st.dice = [0; 4];
        }
        let again = self.again.is_some() && self.plays_again(st, side, mv, last);
        self.advance(st, mv, known.unsettled, again);
    }

    /// The piece a huffing rule removes after `mv` (as a site after the
    /// move), if any; `legal` are the legal moves, when known (in any order).
    #[inline]
    pub(crate) fn huffed(&self, st: &State, mv: Move, legal: Option<&[Move]>) -> Option<SiteId> {
        let rule = self.huff?;
        self.huffed_by(rule, st, mv, legal)
    }

    /// [`Rules::huffed`] under the huffing rule `rule`.
    #[inline(never)]
    fn huffed_by(
        &self,
        rule: Huff,
        st: &State,
        mv: Move,
        legal: Option<&[Move]>,
    ) -> Option<SiteId> {
        match self.move_from(&mv) {
            Some(_) if self.may_capture(st, self.to_move(st)) => match legal {
                Some(legal) => self.huff_victim_among(st, mv, rule, legal),
                None => self.huff_victim(st, mv, rule),
            },
            _ => None,
        }
    }

    /// Whether a piece of `side` on the board has a pattern that may capture.
    fn may_capture(&self, st: &State, side: SideId) -> bool {
        let n_kinds = self.kinds.len();
        let counts = &st.counts[side as usize * n_kinds..(side as usize + 1) * n_kinds];
        (0..n_kinds).any(|k| self.capturing_kinds >> k & 1 == 1 && counts[k] > 0)
    }

    /// The piece huffed after `mv`, as a site after the move: the mover if it
    /// could have captured enough, otherwise the first other piece of its
    /// side that could have.
    fn huff_victim(&self, st: &State, mv: Move, rule: Huff) -> Option<SiteId> {
        // The legal moves, in a buffer of the thread (a nested call, none
        // expected, makes its own).
        let among = |moves: &mut Vec<Move>| {
            moves.clear();
            self.phase_moves(st, moves);
            self.huff_victim_among(st, mv, rule, moves)
        };
        HUFF.with(|cell| match cell.try_borrow_mut() {
            Ok(mut moves) => among(&mut moves),
            Err(_) => among(&mut Vec::new()),
        })
    }

    /// [`Rules::huff_victim`] given the legal moves (in any order).
    fn huff_victim_among(
        &self,
        st: &State,
        mv: Move,
        rule: Huff,
        moves: &[Move],
    ) -> Option<SiteId> {
        // Each piece move's starting site and captures.
        let scored = moves
            .iter()
            .filter_map(|m| Some((self.move_from(m)?, self.n_captures(st, m))));
        let most = scored.clone().map(|(_, n)| n).max().unwrap_or(0);
        let taken = self.n_captures(st, &mv);
        let enough = match rule {
            Huff::BelowMaximum if taken < most => most,
            Huff::NoCapture if most > 0 && taken == 0 => 1,
            _ => return None,
        };
        let from = self.move_from(&mv)?;
        // The mover, if it could have taken enough; otherwise the first
        // other piece in site order that could have.
        let able = scored.filter(|&(_, n)| n >= enough).map(|(f, _)| f);
        if able.clone().any(|f| f == from) {
            return self.move_to(&mv);
        }
        able.filter(|&f| f != from).min()
    }

    /// The turn after `turn`: the prelude in order, then the turn order
    /// round and round.
    pub(crate) fn next_turn(&self, turn: usize) -> usize {
        let p = self.prelude.len();
        if turn + 1 < p {
            turn + 1
        } else if turn < p {
            p
        } else {
            p + (turn - p + 1) % self.order.len()
        }
    }

    /// The turn before `turn` (the start of the game counts the last turn
    /// of the order as before it).
    pub(crate) fn previous_turn(&self, turn: usize) -> usize {
        let (p, n) = (self.prelude.len(), self.order.len());
        if turn > 0 && turn <= p {
            turn - 1
        } else if turn == 0 {
            p + n - 1
        } else {
            p + (turn - p + n - 1) % n
        }
    }

    /// Moves on to the next phase with a legal action whose condition
    /// holds after `mv`, or to the next side.
    /// With `again`, the turn that ends starts over for the same side.
    #[inline(always)]
    pub(super) fn advance(&self, st: &mut State, mv: Move, unsettled: bool, again: bool) {
        loop {
            st.phase += 1;
            let n_phases = if (st.turn as usize) < self.prelude.len() {
                if self.open(st, mv, unsettled) {
                    return;
                }
                1
            } else {
                self.phases.len()
            };
            if st.phase as usize >= n_phases {
                st.phase = 0;
                st.dice = [0; 4];
                if !again {
                    st.turn = self.next_turn(st.turn as usize) as u8;
                }
            }

            if st.phase == 0 {
                self.settle_checking(st, !unsettled);
                return;
            }
            if self.phase_comes(st, mv) && self.has_move(st) {
                return;
            }
        }
    }

    /// Decides the game when the side to move has no move and the rules say
    /// it loses or draws.
    pub(crate) fn settle(&self, st: &mut State) {
        self.settle_checking(st, true);
    }

    /// [`Rules::legal_moves`] of a position [`Rules::play_unsettled`] left:
    /// one with no move (or only a pass) is settled first, which can decide
    /// the game, and listed again. Of a settled position, the same list.
    pub fn list_settling(&self, st: &mut State, out: &mut Vec<Move>) {
        self.legal_moves(st, out);
        if out.is_empty() || out[..] == [Move::Pass] {
            self.settle(st);
            self.legal_moves(st, out);
        }
    }

    /// [`Rules::settle`]; without `mobility`, the side to move is not
    /// checked for a move (the prelude's turns still are).
    fn settle_checking(&self, st: &mut State, mobility: bool) {
        // A prelude turn that fills a region is done at once; one with
        // nothing to do (its region full, its hand empty) is skipped.
        while let Some(turn) = self.prelude.get(st.turn as usize) {
            if let [Action::Fill(kind, region)] = turn.actions[..] {
                self.fill(st, turn.side, kind, region);
            } else if self.has_move(st) {
                break;
            }
            st.turn = self.next_turn(st.turn as usize) as u8;
        }
        if !mobility || st.outcome != Outcome::Ongoing {
            return;
        }
        let side = self.to_move(st);
        let mut rule = self.sides[side as usize].no_moves;
        if rule != self.sides[side as usize].no_moves_in_check {
            // Whether it is in check matters only without a move.
            if self.has_move(st) {
                return;
            }
            rule = self.no_moves_rule(st);
        }
        if self.stalls
            && !matches!(rule, NoMoves::Lose | NoMoves::Win)
            && !self.has_move(st)
            && self.others_stuck(st)
        {
            return self.end_stalled(st);
        }
        if rule == NoMoves::Pass || self.has_move(st) {
            return;
        }
        st.outcome = match rule {
            NoMoves::Lose => self.loss_of(side),
            NoMoves::Win => Outcome::Win(side),
            _ => Outcome::Draw,
        };
        st.ended_by = EndedBy::NoMoves(side);
    }

    /// The `no_moves` rule of the side to move, as things stand: its
    /// `no_moves_in_check` when it is in check.
    pub(crate) fn no_moves_rule(&self, st: &State) -> NoMoves {
        let side = &self.sides[self.to_move(st) as usize];
        if side.no_moves_in_check == side.no_moves || !self.has_royals {
            return side.no_moves;
        }
        match self.in_check(st, self.to_move(st)) {
            true => side.no_moves_in_check,
            false => side.no_moves,
        }
    }

    /// Whether a royal piece of `side` is attacked in `st` (under the
    /// check rule: with `sole-royal`, only a lone one).
    pub(crate) fn in_check(&self, st: &State, side: SideId) -> bool {
        self.has_royals && check::RoyalCheck::new(self, st, side).in_check(None)
    }

    /// Puts the pieces of a kind in `side`'s hand on the empty sites of a
    /// region, in site order, while any remain.
    fn fill(&self, st: &mut State, side: SideId, kind: KindId, region: RegionId) {
        let sites = &self.regions[region as usize].per_side[side as usize];
        for i in 0..st.board.len() {
            let to = SiteId(i as u16);
            if st.pieces_in_hand(self, side, kind) == 0 {
                break;
            }
            if st.board[i] == 0 && sites.contains(to) {
                self.apply(st, side, Move::Drop { kind, to });
            }
        }
    }

    pub(super) fn has_move(&self, st: &State) -> bool {
        if st.huffable.is_some() || self.is_chance(st) {
            return true;
        }
        if let Some(found) = self.has_move_by_classes(st) {
            return found;
        }
        self.has_move_by_pass(st) || self.pick_legal(st, None).is_some()
    }
}
