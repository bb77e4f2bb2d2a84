//! Listing the legal moves: the candidates of the current actions (piece
//! moves from the tables or the walk, placements, drops, passes), then the
//! stages that filter them (constraints, check, the capture rule,
//! priorities, a demand), and why a move was refused.

use super::flank::Judge;
use super::gates::Givens;
use super::placement::{Judged, Judging};
use super::walk::{PerPiece, Walker};
use super::*;

thread_local! {
    /// The position after a move the check rule plays to judge it.
    static AFTER: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Keeps the moves that meet a condition, in order, if there are any;
/// otherwise leaves `moves` as it was. Whether there were.
fn keep_meeting(moves: &mut Vec<Move>, mut meets: impl FnMut(&Move) -> bool) -> bool {
    // The moves that meet it move to the front: when there are none,
    // nothing was written.
    let mut kept = 0;
    for i in 0..moves.len() {
        let mv = moves[i];
        if meets(&mv) {
            moves[kept] = mv;
            kept += 1;
        }
    }
    if kept > 0 {
        moves.truncate(kept);
    }
    kept > 0
}

impl Rules {
    /// Every legal move in `st`, in a stable order, into `out` (cleared first).
    pub fn legal_moves(&self, st: &State, out: &mut Vec<Move>) {
        out.clear();
        if st.outcome != Outcome::Ongoing {
            return;
        }
        self.phase_moves(st, out);
        if out.is_empty() && (st.phase > 0 || self.no_moves_rule(st) == NoMoves::Pass) {
            out.push(Move::Pass);
        }
        // A huff to claim comes first, outside the rules that filter moves.
        if let Some(at) = st.huffable {
            out.insert(0, Move::Huff(at));
        }
    }

    /// Whether `mv` is legal in `st`.
    pub fn is_legal(&self, st: &State, mv: Move) -> bool {
        let mut buf = Vec::new();
        self.legal_moves(st, &mut buf);
        buf.contains(&mv)
    }

    pub(super) fn phase_moves(&self, st: &State, out: &mut Vec<Move>) {
        self.phase_moves_watching(st, out, None);
    }

    /// The legal moves: the candidates, then each stage of the side's
    /// [`Stages`] in order; with `watch`, the stage that removed that move
    /// (or `None` if it is legal or was never generated).
    fn phase_moves_watching(
        &self,
        st: &State,
        out: &mut Vec<Move>,
        watch: Option<Move>,
    ) -> Option<Refusal> {
        if let Some(event) = self.rolling(st) {
            // A chance position: its outcomes, which no stage filters.
            self.roll_moves(event, out);
            return (watch.is_some_and(|w| !out.contains(&w))).then_some(Refusal::NoPattern);
        }
        let side = self.to_move(st);
        // A move that leaves a piece behind is judged as the move alone.
        let watch = watch.map(|w| self.unleft(w));
        let has = |out: &Vec<Move>| watch.is_some_and(|w| out.contains(&w));
        self.candidates(st, side, out);
        if watch.is_some() && !has(out) {
            return Some(Refusal::NoPattern);
        }
        // Whether the watched move was there and is gone now.
        let before = has(out);
        let gone = |out: &Vec<Move>| before && !has(out);
        let stages = &self.tables.stages[side as usize];
        for filter in &stages.filters {
            let refusal = self.apply_filter(*filter, st, side, out);
            if gone(out) {
                return Some(refusal);
            }
        }
        for preference in &stages.preferences {
            let refusal = self.apply_preference(*preference, st, side, out);
            if gone(out) {
                return Some(refusal);
            }
        }
        self.add_leavings(st, side, out);
        if let Some(d) = &self.demand {
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

    /// Keeps the moves of `out` that `filter` passes; the refusal it gives
    /// the others.
    fn apply_filter(
        &self,
        filter: Filter,
        st: &State,
        side: SideId,
        out: &mut Vec<Move>,
    ) -> Refusal {
        match filter {
            Filter::Constraints => {
                // Checked on the position after each drop, and after each
                // piece move when they read piece positions (a piece moving
                // along the board stays in its region, so `reach` alone
                // cannot break); each barrier placement by one plan for the
                // position. A piece move is checked only when it moves,
                // takes or may create a piece of a kind the constraints
                // count (a promotion to it, a capture into a hand).
                let (mut after, mut judging) = (None, Judging::default());
                // No position judging reaches is kept: a drop may be judged
                // without playing it.
                judging.before.unplayed = true;
                judging.before.every = true;
                let make = || self.placing(st, side, Judged::Every, Vec::new());
                out.retain(|&mv| {
                    self.move_keeps_constraints(st, side, mv, &mut judging, make, &mut after)
                });
                Refusal::Constraint
            }
            Filter::Check => {
                with_scratch(&AFTER, st, |after, st| {
                    check::RoyalCheck::new(self, st, side).retain_safe(out, after);
                });
                Refusal::Check
            }
            Filter::MatingDrop => {
                out.retain(|&mv| !self.drop_mates(st, mv));
                Refusal::MatingDrop
            }
        }
    }

    /// Keeps the moves of `out` of the best class `preference` finds among
    /// them, when it applies; the refusal it gives the others.
    fn apply_preference(
        &self,
        preference: Preference,
        st: &State,
        side: SideId,
        out: &mut Vec<Move>,
    ) -> Refusal {
        match preference {
            Preference::AnyCapture => {
                if out.iter().any(|m| self.n_captures(st, m) > 0) {
                    out.retain(|m| self.n_captures(st, m) > 0);
                }
                Refusal::Captures
            }
            Preference::MostCaptures => {
                let most = out
                    .iter()
                    .map(|m| self.n_captures(st, m))
                    .max()
                    .unwrap_or(0);
                out.retain(|m| self.n_captures(st, m) == most);
                Refusal::Captures
            }
            Preference::Classes(i) => {
                let p = &self.priorities[i as usize];
                if self.priority_holds(&p.when, st, side, out) {
                    let mut judge = Judge::new(self, st, side);
                    let kept = (p.prefer.iter()).any(|c| keep_meeting(out, |m| judge.meets(c, m)));
                    if !kept {
                        out.clear();
                    }
                }
                Refusal::Priority(i as usize)
            }
            Preference::Demand => {
                let pending = self.demand.as_ref().filter(|_| st.demanded);
                if let Some(d) = pending {
                    if out.iter().any(|m| self.move_meets(&d.rule, st, side, m)) {
                        out.retain(|m| self.move_meets(&d.rule, st, side, m));
                    }
                }
                Refusal::Demand
            }
        }
    }

    /// The moves the current actions offer, by their patterns alone.
    pub(super) fn candidates(&self, st: &State, side: SideId, out: &mut Vec<Move>) {
        self.candidates_until(st, side, PerPiece::Every, out, &mut |_| false, None);
    }

    /// The candidates, asking `done` after each piece's moves (with their
    /// promotion choices beside them) and after each other action's;
    /// whether it said to stop. With `flats`, the pieces whose moves are a
    /// flat run of the tables are set aside there instead of generated
    /// ([`Rules::set_flat_runs_aside`], without promotion choices).
    #[inline]
    pub(super) fn candidates_until(
        &self,
        st: &State,
        side: SideId,
        per_piece: PerPiece,
        out: &mut Vec<Move>,
        done: &mut dyn FnMut(&mut Vec<Move>) -> bool,
        mut aside: Option<&mut Aside>,
    ) -> bool {
        for action in self.actions(st) {
            match *action {
                Action::Move(kind) => {
                    let aside = aside.as_deref_mut();
                    if self.piece_moves(st, side, kind, per_piece, out, done, aside) {
                        return true;
                    }
                    continue;
                }
                Action::Place(b) => self.placements(st, side, b, out),
                ref other => self.other_action(st, side, other, per_piece, out),
            }
            if done(out) {
                return true;
            }
        }
        false
    }

    /// Whether the kind's `drop` rule lets `side` drop it on `at`: not in
    /// its `not_in` region, not on a file that holds its `file_limit` of
    /// such pieces of the side already.
    fn drop_allowed(&self, st: &State, side: SideId, kind: KindId, at: SiteId) -> bool {
        let rule = &self.kinds[kind as usize].drop;
        if rule
            .not_in
            .is_some_and(|r| self.regions[r as usize].per_side[side as usize].contains(at))
        {
            return false;
        }
        let (Some(limit), Some(file)) = (rule.file_limit, self.board.file_of(at)) else {
            return true;
        };
        let man = self.man(side, kind);
        let on_file = (0..st.board.len())
            .filter(|&i| st.board[i] == man && self.board.file_of(SiteId(i as u16)) == Some(file))
            .count();
        on_file < limit as usize
    }

    /// Whether the drop `mv` (of a kind whose drops may not mate) leaves
    /// the next side in check with no legal move.
    pub(super) fn drop_mates(&self, st: &State, mv: Move) -> bool {
        let Move::Drop { kind, .. } = self.base(mv) else {
            return false;
        };
        if self.no_mate_drops >> kind & 1 == 0 {
            return false;
        }
        // Most drops give no check: told on a scratch copy, without
        // playing the move in full (unless a huffing rule may remove a
        // piece after it, opening a line).
        let mover = self.to_move(st);
        let checks = self.huff.is_some()
            || with_scratch(&AFTER, st, |after, st| {
                after.copy_from(st);
                self.apply(after, mover, mv);
                (0..self.sides.len() as SideId)
                    .any(|s| !self.same_team(s, mover) && !self.royals_safe(after, s, Asking::Play))
            });
        if !checks {
            return false;
        }
        let mut next = st.clone();
        let known = play::Known {
            unsettled: true,
            ..Default::default()
        };
        self.play_knowing(&mut next, mv, known);
        if next.outcome != Outcome::Ongoing {
            return false;
        }
        let other = self.to_move(&next);
        other != self.to_move(st) && self.in_check(&next, other) && !self.has_move(&next)
    }

    /// Whether a piece of `kind` and `side` on `s` may choose its promotion
    /// with some move: it chooses, and its promotion zone is within the
    /// reach of one move ([`Rules::move_reach`]).
    #[inline]
    fn may_choose_from(&self, side: SideId, kind: KindId, s: SiteId) -> bool {
        if self.choosing_kinds >> kind & 1 == 0 {
            return false;
        }
        let Some(p) = &self.kinds[kind as usize].promote else {
            return false;
        };
        let distance = &self.regions[p.region as usize].distance;
        let d = (distance.get(side as usize)).and_then(|d| d.get(s.0 as usize));
        d.is_none_or(|&d| d <= self.move_reach[kind as usize])
    }

    /// Whether the move `mv` of `side` in `st` may let its mover choose
    /// its promotion: a quick test, sure for the moves of one piece from
    /// one site to another, before the moves are read in full. `zones` are
    /// the side's [`Rules::choice_zones`].
    #[inline]
    fn may_choose(&self, st: &State, side: SideId, zones: &SiteSet, mv: &Move) -> bool {
        let (from, to) = match *mv {
            Move::Step { from, to } | Move::Castle { from, to, .. } => (from, to),
            Move::Swap { from, with, .. } => (from, with),
            // No piece moves from a site: nothing to promote.
            Move::Drop { .. }
            | Move::Place { .. }
            | Move::Remove(_)
            | Move::Huff(_)
            | Move::Sow(_)
            | Move::Off(_)
            | Move::Roll { .. } => return false,
            Move::Pass => return false,
            Move::Chain(_) | Move::Demanding(_) | Move::Promoting(_) | Move::Leaving(_) => {
                return true
            }
        };
        if !zones.contains(to) && !zones.contains(from) {
            return false;
        }
        let kind = self.unman(st.board[from.0 as usize]).1;
        if self.choosing_kinds >> kind & 1 == 0 {
            return false;
        }
        let Some(p) = &self.kinds[kind as usize].promote else {
            return false;
        };
        let zone = &self.regions[p.region as usize].per_side[side as usize];
        zone.contains(to) || p.leaving && zone.contains(from)
    }

    /// Beside each piece move of `out[start..]` whose mover chooses its
    /// promotion, the moves that choose otherwise than its default: its
    /// other kinds, then staying what it is where that is allowed.
    #[inline]
    fn add_promotion_choices(&self, st: &State, side: SideId, start: usize, out: &mut Vec<Move>) {
        let zones = &self.choice_zones[side as usize];
        if !out[start..]
            .iter()
            .any(|m| self.may_choose(st, side, zones, m))
        {
            return;
        }
        self.add_chosen_promotions(st, side, start, out);
    }

    /// [`Rules::add_promotion_choices`], once a move may choose.
    #[inline(never)]
    fn add_chosen_promotions(&self, st: &State, side: SideId, start: usize, out: &mut Vec<Move>) {
        let chooses = |mv: &Move| {
            let (from, to) = (self.move_from(mv)?, self.move_to(mv)?);
            let kind = self.unman(st.board[from.0 as usize]).1;
            if self.choosing_kinds >> kind & 1 == 0 {
                return None;
            }
            let p = self.kinds[kind as usize].promote.as_ref()?;
            let zone = &self.regions[p.region as usize].per_side[side as usize];
            (zone.contains(to) || p.leaving && zone.contains(from)).then_some((kind, p, to))
        };
        if !out[start..].iter().any(|m| chooses(m).is_some()) {
            return;
        }
        let plain = out.split_off(start);
        for mv in plain {
            let Some((kind, p, to)) = chooses(&mv) else {
                out.push(mv);
                continue;
            };
            // A limit may refuse the default, and every other kind: the
            // move is then a choice among the others, or not a move.
            let allows = |k: KindId| p.allows(side, k, |k| self.count_kind(st, side, k));
            if p.limits.is_empty() || allows(p.to) {
                out.push(mv);
            }
            for &other in &p.choices {
                if p.limits.is_empty() || allows(other) {
                    out.push(self.promoting(mv, other));
                }
            }
            let forced = p
                .forced
                .is_some_and(|f| self.regions[f as usize].per_side[side as usize].contains(to));
            if p.optional && !forced {
                out.push(self.promoting(mv, kind));
            }
        }
    }

    /// The candidates of an action that neither moves a piece nor places a
    /// barrier. Kept out of line: inlined, its arms cost the loop of
    /// `candidates_until` in games without them.
    #[inline(never)]
    fn other_action(
        &self,
        st: &State,
        side: SideId,
        action: &Action,
        per_piece: PerPiece,
        out: &mut Vec<Move>,
    ) {
        match *action {
            Action::Drop(kind, region, fall) => self.drops(st, side, kind, region, fall, out),
            Action::DropWhere(kind, region, fall, i) => {
                self.drops_meeting(st, side, (kind, region, fall), i, out)
            }
            Action::Remove(i) => self.removals_of(st, side, i, out),
            Action::Pass => out.push(Move::Pass),
            Action::Sow(r) => self.sow_moves(st, side, r, out),
            Action::Roll(event) => self.roll_moves(event, out),
            Action::Advance(t, e, c) => {
                let any = per_piece == PerPiece::First;
                self.advance_moves(st, side, (t, e, c), any, out)
            }
            Action::Move(_) | Action::Place(_) | Action::Fill(..) => {}
        }
    }

    /// Why `mv` is not legal in `st`, or `None` when it is.
    pub fn why_not(&self, st: &State, mv: Move) -> Option<Refusal> {
        if st.outcome != Outcome::Ongoing {
            return Some(Refusal::GameOver);
        }
        if let Move::Huff(at) = mv {
            return (st.huffable != Some(at)).then_some(Refusal::NoPattern);
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
        if self.capturing_effects {
            return self.pattern_captures(st, mv) + self.effect_counts(st, *mv).0;
        }
        self.pattern_captures(st, mv)
    }

    /// How many pieces a move captures by its pattern: a step or a drop
    /// (a piece entering a track) onto a piece, every piece of a stack
    /// there but one's own stack joined ([`Rules::stack_taken`]).
    #[inline(always)]
    pub(super) fn pattern_captures(&self, st: &State, mv: &Move) -> usize {
        match self.base(*mv) {
            Move::Step { to, .. } if st.heights.is_empty() => {
                usize::from(st.board[to.0 as usize] != 0)
            }
            Move::Step { from, to } => self.stack_taken(st, st.board[from.0 as usize], to),
            Move::Drop { kind, to } if st.board[to.0 as usize] != 0 => {
                self.stack_taken(st, self.man(self.to_move(st), kind), to)
            }
            Move::Chain(c) => c.captures(),
            Move::Remove(_) => 1,
            _ => 0,
        }
    }
    /// A drop of `kind` on each site of a word of a site bitset (`w`, its
    /// index, and its bits), where the kind's drop rule allows it
    /// (`restricted`: the rule has limits to ask).
    #[inline(always)]
    fn drops_on(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        restricted: bool,
        (w, mut bits): (usize, u64),
        out: &mut Vec<Move>,
    ) {
        out.reserve(bits.count_ones() as usize);
        while bits != 0 {
            let to = SiteId((w * 64) as u16 + bits.trailing_zeros() as u16);
            bits &= bits - 1;
            if !restricted || self.drop_allowed(st, side, kind, to) {
                out.push(Move::Drop { kind, to });
            }
        }
    }

    /// The drops of a kind from `side`'s reserve: on every empty site (of
    /// the region), or, falling along `fall`, on the site each one falls to.
    /// Kept out of line: inlined, it costs the piece loop of
    /// `candidates_until` in games without drops.
    #[inline(never)]
    pub(super) fn drops(
        &self,
        st: &State,
        side: SideId,
        kind: KindId,
        region: Option<RegionId>,
        fall: Option<u8>,
        out: &mut Vec<Move>,
    ) {
        if st.pieces_in_hand(self, side, kind) == 0 {
            return;
        }
        let rule = &self.kinds[kind as usize].drop;
        let restricted = rule.not_in.is_some() || rule.file_limit.is_some();
        let inside = |at: SiteId| {
            region.is_none_or(|r| self.regions[r as usize].per_side[side as usize].contains(at))
                && (!restricted || self.drop_allowed(st, side, kind, at))
        };
        let Some(d) = fall else {
            for w in 0..self.site_words() {
                let empty = self.empty_sites(st, side, region, w);
                self.drops_on(st, side, kind, restricted, (w, empty), out);
            }
            return;
        };
        // From anywhere, the landing sites are the empty sites that stop a
        // fall, found with bitsets where the fall is a shift of sites.
        if let Some(stops) = region.is_none().then(|| self.fall_stops(st, d)).flatten() {
            debug_assert!(self.stops_walked(st, d) == stops, "fall stops");
            for (w, &word) in stops[..self.site_words()].iter().enumerate() {
                self.drops_on(st, side, kind, restricted, (w, word), out);
            }
            return;
        }
        let start = out.len();
        for (i, &v) in st.board.iter().enumerate() {
            let at = SiteId(i as u16);
            if v != 0 || !inside(at) {
                continue;
            }
            // From anywhere, the landing sites are the empty sites that
            // stop a fall, each once; from a region, several entries may
            // fall to one site.
            if region.is_none() {
                let stops = match self.board.step(at, d, &st.blocked) {
                    Some(next) => st.board[next.0 as usize] != 0,
                    None => true,
                };
                if stops {
                    out.push(Move::Drop { kind, to: at });
                }
                continue;
            }
            let to = self.falls_to(st, at, d);
            if !out[start..].contains(&Move::Drop { kind, to }) {
                out.push(Move::Drop { kind, to });
            }
        }
    }

    /// Word `w` of the bitset of the empty sites (of `region`, as `side`
    /// sees it), from the sides' pieces.
    #[inline]
    pub(super) fn empty_sites(
        &self,
        st: &State,
        side: SideId,
        region: Option<RegionId>,
        w: usize,
    ) -> u64 {
        let words = self.site_words();
        let occupied = (0..self.sides.len()).fold(0, |o, s| o | st.pieces[s * words + w]);
        let on_board = match self.board.n_sites() - w * 64 {
            rest if rest >= 64 => u64::MAX,
            rest => (1 << rest) - 1,
        };
        let empty = !occupied & on_board;
        match region {
            Some(r) => empty & self.regions[r as usize].per_side[side as usize].0[w],
            None => empty,
        }
    }

    /// The empty sites that stop a fall along `d`, site by site: what
    /// [`Rules::fall_stops`] finds with bitsets (checked in debug builds).
    fn stops_walked(&self, st: &State, d: u8) -> [u64; 4] {
        let mut stops = [0u64; 4];
        for (i, &v) in st.board.iter().enumerate() {
            let next = self.board.step(SiteId(i as u16), d, &st.blocked);
            if v == 0 && next.is_none_or(|n| st.board[n.0 as usize] != 0) {
                stops[i / 64] |= 1 << (i % 64);
            }
        }
        stops
    }

    /// The direction a drop of `kind` falls along in the current phase, if
    /// it falls.
    pub(crate) fn fall_of(&self, st: &State, kind: KindId) -> Option<u8> {
        self.actions(st).iter().find_map(|a| match *a {
            Action::Drop(k, _, fall) | Action::DropWhere(k, _, fall, _) if k == kind => fall,
            _ => None,
        })
    }

    /// Where a piece let go on the empty site `at` comes to rest, falling
    /// along `d` while the next site is empty (and no barrier is between).
    pub(crate) fn falls_to(&self, st: &State, mut at: SiteId, d: u8) -> SiteId {
        while let Some(next) = self.board.step(at, d, &st.blocked) {
            if st.board[next.0 as usize] != 0 {
                break;
            }
            at = next;
        }
        at
    }

    /// The moves of `side`'s pieces of the `only` kinds, piece by piece,
    /// until `done` (asked after each piece) says so; whether it did.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn piece_moves(
        &self,
        st: &State,
        side: SideId,
        only: Kinds,
        per_piece: PerPiece,
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
        w.per_piece = per_piece;
        match self.choosing_kinds {
            0 => self.each_piece_moves::<false>(st, side, only, &mut w, out, done),
            _ => self.each_piece_moves::<true>(st, side, only, &mut w, out, done),
        }
    }

    /// [`Rules::piece_moves`] without pieces set aside; with `CHOOSING`
    /// (a kind chooses its promotion), each piece's promotion choices are
    /// added beside its moves, and other games pay nothing for them.
    #[inline(always)]
    fn each_piece_moves<'a, const CHOOSING: bool>(
        &'a self,
        st: &State,
        side: SideId,
        only: Kinds,
        w: &mut Walker<'a>,
        out: &mut Vec<Move>,
        done: &mut dyn FnMut(&mut Vec<Move>) -> bool,
    ) -> bool {
        self.any_piece(st, side, |s, kind| {
            if only >> kind & 1 == 0 {
                return false;
            }
            let before = out.len();
            match self.tables.moves.flat(st.board[s.0 as usize], s) {
                Some(f) if !f.swaps_follow && !f.nested => {
                    self.run_flat(st, side, s, (f.start, f.end), out)
                }
                _ if self.tables.moves.gated_flat.is_empty() => {
                    self.moves_from(st, w, s, kind, out)
                }
                _ => self.moves_unflat(st, w, s, kind, out),
            }
            if CHOOSING && self.may_choose_from(side, kind, s) {
                self.add_promotion_choices(st, side, before, out);
            }
            if CHOOSING && self.promote_move_kinds >> kind & 1 == 1 {
                self.add_promote_moves(st, w, s, kind, out);
            }
            done(out)
        })
    }

    /// The moves of `side`'s pieces of the `only` kinds, but those that
    /// `aside` sets aside instead: the flat runs ([`MoveTables::flat`]),
    /// and the swaps that follow one when they spend only low tokens. No
    /// promotion choices are added: a draw in a game whose kinds choose
    /// reads the full list, and whether a side can move does not need them.
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
        let mut givens = Givens::default();
        let every_kind = only == ALL_KINDS;
        self.any_piece_value(st, side, |s, v| {
            let kind = || self.unman(v).1;
            if !every_kind && only >> kind() & 1 == 0 {
                return false;
            }
            let flat = match self.tables.moves.flat(v, s) {
                Some(f) => Some(f),
                None => match self.tables.moves.gated_flat(v, s) {
                    None => None,
                    Some((f, gates)) => {
                        match self.flat_allowed(st, &mut givens, (side, Asking::Play), gates) {
                            Some(true) => Some(f),
                            Some(false) => return false,
                            None => None,
                        }
                    }
                },
            };
            let Some(f) = flat else {
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

    /// The moves of the piece of the walker's side and `kind` on `origin`,
    /// whose moves are not an ungated flat run: a gated one when its
    /// conditions allow ([`MoveTables::gated_flat`]), else every entry.
    #[inline(never)]
    fn moves_unflat<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        origin: SiteId,
        kind: KindId,
        out: &mut Vec<Move>,
    ) {
        let v = st.board[origin.0 as usize];
        if let Some((f, gates)) = self.tables.moves.gated_flat(v, origin) {
            if !f.swaps_follow && !f.nested {
                match self.flat_allowed(st, &mut w.givens, (w.side, w.asking), gates) {
                    Some(true) => return self.run_flat(st, w.side, origin, (f.start, f.end), out),
                    Some(false) => return,
                    None => {}
                }
            }
        }
        self.moves_from(st, w, origin, kind, out)
    }

    /// The swaps of the piece of `side` and `kind` on `s`, whose flat run
    /// comes first ([`tables::Flat::swaps_follow`]).
    pub(super) fn flat_piece_swaps(
        &self,
        st: &State,
        side: SideId,
        s: SiteId,
        kind: KindId,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        let entries = self.tables.moves.entries(kind, side, s).unwrap_or(&[]);
        for &entry in entries.iter().skip(1) {
            self.run_swaps(st, side, s, start, entry, out);
        }
        dedup_piece(out, start);
    }

    /// The moves of the piece of the walker's side and `kind` on `origin`.
    pub(super) fn moves_from<'a>(
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
        w.effects.reset();
        let side = w.side;
        if let Some(entries) = self.tables.moves.entries(kind, side, origin) {
            for &entry in entries {
                if w.per_piece == PerPiece::First && out.len() > w.start {
                    break;
                }
                self.run_entry(st, w, kind, entry, out);
            }
        } else {
            for pattern in &self.kinds[kind as usize].patterns {
                if w.per_piece == PerPiece::First && out.len() > w.start {
                    break;
                }
                self.walk_pattern(st, w, pattern, out);
            }
        }
        dedup_piece(out, w.start);
    }

    /// The moves of one table entry of the walker's piece of `kind` (on
    /// the walker's origin); a swap only when the walker does not attack.
    pub(super) fn run_entry<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        kind: KindId,
        entry: tables::Entry,
        out: &mut Vec<Move>,
    ) {
        match entry {
            tables::Entry::Rays { start, end, .. } => self.run_rays(st, w, start, end, out),
            tables::Entry::Gated { .. } => self.run_gated(st, w, entry, out),
            tables::Entry::Swaps { .. } => {
                if !w.attacks_only {
                    self.run_swaps(st, w.side, w.origin, w.start, entry, out);
                }
            }
            tables::Entry::Walk(p) => {
                let pattern = &self.kinds[kind as usize].patterns[p as usize];
                if (pattern.last_gate.as_ref()).is_some_and(|g| w.gate_closed(st, g)) {
                    return;
                }
                self.walk_pattern(st, w, pattern, out);
            }
            tables::Entry::Chain(g) => {
                let (start, end) = self.tables.moves.group_run(g, w.origin);
                self.run_chain(st, w, start, end, g, out);
            }
        }
    }

    /// Runs a gated entry's rays when its `given(...)` condition holds.
    /// Out of line and called last, so the plain rays' path through
    /// [`Rules::run_entry`] stays a jump, as small as before gates existed.
    #[inline(never)]
    fn run_gated<'a>(
        &'a self,
        st: &State,
        w: &mut Walker<'a>,
        entry: tables::Entry,
        out: &mut Vec<Move>,
    ) {
        let tables::Entry::Gated {
            start, end, gate, ..
        } = entry
        else {
            return;
        };
        if self.gate_holds(st, &mut w.givens, (w.side, w.asking), gate) {
            self.run_rays(st, w, start, end, out);
        }
    }
}
