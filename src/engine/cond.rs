//! Conditions evaluated in play: a site condition (`Cond`) at a site for a
//! moving piece, the common ones inlined into the pattern walk and the rare
//! ones apart, and a position condition (`StateCond`), with `count(...)`.

use super::walk::Walker;
use super::*;

/// For whom a site condition is judged: a piece of `side` moving from
/// `origin` (`NOWHERE` when no piece moves), and what the judging is for.
/// Four bytes, passed in a register.
#[derive(Clone, Copy)]
pub(super) struct Mover {
    pub side: SideId,
    pub origin: SiteId,
    pub asking: Asking,
}

impl Mover {
    /// No piece moving: a condition read of the position for `side`.
    pub(super) fn none(side: SideId, asking: Asking) -> Mover {
        Mover {
            side,
            origin: NOWHERE,
            asking,
        }
    }

    /// A piece of `side` on `origin`, in play.
    pub(super) fn playing(side: SideId, origin: SiteId) -> Mover {
        Mover::none(side, Asking::Play).from(origin)
    }

    /// The same piece, moving from `origin`.
    pub(super) fn from(self, origin: SiteId) -> Self {
        Mover { origin, ..self }
    }
}

impl Rules {
    /// Evaluates a site condition at `s`, reached in direction `d`, for
    /// the moving piece `m`; pieces on `captured` sites are taken already
    /// by its move: they still block the way but are no one's to take. The common conditions are tested here, inlined
    /// into the pattern walk, with `and`/`or`/`not` of them one level deep;
    /// the rest in [`Rules::eval_rare`].
    #[inline]
    pub(super) fn eval(
        &self,
        c: &Cond,
        st: &State,
        m: Mover,
        captured: &[SiteId],
        s: SiteId,
        d: u8,
    ) -> bool {
        let part = |c: &Cond| match self.eval_leaf(c, st, m, captured, s) {
            Some(b) => b,
            None => self.eval_rare(c, st, m, captured, s, d),
        };
        match c {
            Cond::Not(inner) => !part(inner),
            Cond::And(cs) => cs.iter().all(part),
            Cond::Or(cs) => cs.iter().any(part),
            Cond::True
            | Cond::Empty
            | Cond::Sites { .. }
            | Cond::Occupied(_)
            | Cond::Friend(_)
            | Cond::Enemy(_)
            | Cond::Side(..)
            | Cond::In(_)
            | Cond::Nearer(_)
            | Cond::Ahead(_)
            | Cond::Edge(_)
            | Cond::Covered(_)
            | Cond::Backed(_)
            | Cond::Given(_)
            | Cond::Attacks(..)
            | Cond::Threatens(..)
            | Cond::Stuck
            | Cond::Seeds(..)
            | Cond::Height(..)
            | Cond::Nearest(_)
            | Cond::Has(_)
            | Cond::LastTo(_)
            | Cond::LastOver(_)
            | Cond::Attacked
            | Cond::Sees(..)
            | Cond::Line { .. }
            | Cond::Adjacent(..)
            | Cond::Group(_)
            | Cond::InWhere { .. }
            | Cond::MatchingLast(_) => part(c),
        }
    }

    /// A condition on the site's occupant or the site alone; `None` for
    /// any other, which [`Rules::eval_rare`] evaluates. Both matches name
    /// every variant, so a new condition does not build without its
    /// evaluation.
    #[inline(always)]
    fn eval_leaf(
        &self,
        c: &Cond,
        st: &State,
        m: Mover,
        captured: &[SiteId],
        s: SiteId,
    ) -> Option<bool> {
        let Mover { side, origin, .. } = m;
        let kind_is = |v: u8, k: Kinds| k >> self.unman(v).1 & 1 == 1;
        let live = |v: u8| v != 0 && !captured.contains(&s);
        Some(match c {
            Cond::True => true,
            Cond::Empty => Self::occupant(st, origin, s) == 0,
            Cond::Sites { bits, words } => in_sites(bits, *words, side, s),
            Cond::Occupied(k) => {
                let v = Self::occupant(st, origin, s);
                v != 0 && kind_is(v, *k)
            }
            Cond::Friend(k) => {
                let v = Self::occupant(st, origin, s);
                live(v) && self.same_team(self.unman(v).0, side) && kind_is(v, *k)
            }
            Cond::Enemy(k) => {
                let v = Self::occupant(st, origin, s);
                live(v) && !self.same_team(self.unman(v).0, side) && kind_is(v, *k)
            }
            Cond::Side(sides, k) => {
                let v = Self::occupant(st, origin, s);
                live(v) && sides >> self.unman(v).0 & 1 == 1 && kind_is(v, *k)
            }
            Cond::In(_)
            | Cond::Nearer(_)
            | Cond::Ahead(_)
            | Cond::Edge(_)
            | Cond::Covered(_)
            | Cond::Backed(_)
            | Cond::Given(_)
            | Cond::Attacks(..)
            | Cond::Threatens(..)
            | Cond::Stuck
            | Cond::Seeds(..)
            | Cond::Height(..)
            | Cond::Nearest(_)
            | Cond::Has(_)
            | Cond::LastTo(_)
            | Cond::LastOver(_)
            | Cond::Attacked
            | Cond::Sees(..)
            | Cond::Line { .. }
            | Cond::Adjacent(..)
            | Cond::Group(_)
            | Cond::InWhere { .. }
            | Cond::MatchingLast(_)
            | Cond::Not(_)
            | Cond::And(_)
            | Cond::Or(_) => return None,
        })
    }

    /// The conditions that look beyond the site: regions not folded,
    /// distances, what lies ahead, what pieces could do.
    /// Inside an attack question ([`Asking::Attack`]), the questions about
    /// what pieces could do read as false, so that none recurses.
    #[inline(never)]
    fn eval_rare(
        &self,
        c: &Cond,
        st: &State,
        m: Mover,
        captured: &[SiteId],
        s: SiteId,
        d: u8,
    ) -> bool {
        let Mover {
            side,
            origin,
            asking,
        } = m;
        let nested = asking == Asking::Attack;
        match c {
            Cond::Edge(dirs) => {
                let mut mask = dirs.resolve(d);
                while mask != 0 {
                    let dir = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    if !self.board.has_neighbor(s, dir) {
                        return true;
                    }
                }
                false
            }
            Cond::Covered(inner) => {
                let sides = 0..self.sides.len() as SideId;
                !nested
                    && sides.flat_map(|side| self.pieces_of(st, side)).any(|p| {
                        p != s
                            && p != origin
                            && !captured.contains(&p)
                            && self.eval(inner, st, m, captured, p, 0)
                            && self.covers(st, p, s)
                    })
            }
            Cond::Backed(inner) => {
                !nested
                    && self.board.step(s, d, &st.blocked).is_some_and(|p| {
                        p != origin
                            && st.board[p.0 as usize] != 0
                            && !captured.contains(&p)
                            && self.eval(inner, st, m, captured, p, d)
                            && self.covers(st, p, s)
                    })
            }
            Cond::Given(c) => self.eval_state_asking(c, st, side, &st.blocked, asking),
            Cond::Attacks(inner, op, n) => {
                let v = Self::occupant(st, origin, s);
                if v == 0 || nested {
                    return false;
                }
                let n_taken =
                    self.takes(st, s, |t| self.eval(inner, st, m, captured, t, NO_HEADING));
                op.holds(n_taken, *n)
            }
            Cond::Threatens(inner, op, n) => {
                !nested
                    && (self.threatened(st, m, captured, s, inner)).is_some_and(|k| op.holds(k, *n))
            }
            Cond::Stuck => !nested && self.stuck_here(st, origin, s),
            Cond::Seeds(op, n) => op.holds(self.seeds_at(st, s) as u32, *n),
            Cond::Height(op, n) => op.holds(self.height(st, s), *n),
            Cond::Nearest(event) => self.nearest_roll(st, side, *event, s),
            Cond::Line { length, axes } => {
                let v = Self::occupant(st, origin, s);
                if v == 0 {
                    return false;
                }
                let (owner, _) = self.unman(v);
                let m = self.line_matcher(owner, Owner::Own, 0, ALL_KINDS);
                self.line_through(st, &m, s, *length, *axes)
            }
            Cond::In(r) => self.regions[*r as usize].per_side[side as usize].contains(s),
            Cond::Has(bit) => Self::occupant(st, origin, s) != 0 && Self::has_flag(st, s, *bit),
            Cond::LastTo(inner) => {
                st.last[1] == s
                    && Self::occupant(st, origin, s) != 0
                    && self.eval(inner, st, m, captured, s, NO_HEADING)
            }
            Cond::LastOver(inner) => {
                let t = st.last[1];
                t != NOWHERE
                    && t != origin
                    && st.board[t.0 as usize] != 0
                    && self.last_passed(st, s)
                    && self.eval(inner, st, m, captured, t, NO_HEADING)
            }
            Cond::Attacked => !nested && self.attacked_here(st, side, origin, s),
            Cond::Sees(dirs, inner) => {
                let mut mask = dirs.resolve(d);
                while mask != 0 {
                    let dir = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    if let Some(t) = self.first_seen(st, origin, s, dir) {
                        if self.eval(inner, st, m, captured, t, dir) {
                            return true;
                        }
                    }
                }
                false
            }
            Cond::Adjacent(dirs, inner) => self.adjacent(st, m, captured, s, d, (dirs, inner)),
            Cond::Group(test) => self.group_at(st, m, captured, s, test),
            Cond::InWhere { family, conds } => self.in_member_where(st, m, *family, conds, s),
            Cond::MatchingLast(family) => self.matching_last(st, *family, s),
            Cond::Nearer(r) => {
                let dist = &self.regions[*r as usize].distance[side as usize];
                dist[s.0 as usize] < dist[origin.0 as usize]
            }
            Cond::Ahead(inner) => self
                .board
                .step(s, d, &st.blocked)
                .is_some_and(|t| self.eval(inner, st, m, captured, t, d)),
            Cond::Not(inner) => !self.eval(inner, st, m, captured, s, d),
            Cond::And(cs) => cs.iter().all(|c| self.eval(c, st, m, captured, s, d)),
            Cond::Or(cs) => cs.iter().any(|c| self.eval(c, st, m, captured, s, d)),
            // Leaves, which `eval` reads with `eval_leaf` before coming here.
            Cond::True
            | Cond::Empty
            | Cond::Sites { .. }
            | Cond::Occupied(_)
            | Cond::Friend(_)
            | Cond::Enemy(_)
            | Cond::Side(..) => {
                let leaf = self.eval_leaf(c, st, m, captured, s);
                debug_assert!(leaf.is_some(), "{c:?} is a leaf condition");
                leaf == Some(true)
            }
        }
    }

    /// `threatens(COND)`: how many pieces meeting `inner` the moving piece
    /// could take with its next move, moved to `s` as the kind it becomes
    /// there (in a guard, where it stands); `None` when no piece moves, or
    /// when it would be promoted elsewhere.
    fn threatened(
        &self,
        st: &State,
        m: Mover,
        captured: &[SiteId],
        s: SiteId,
        inner: &Cond,
    ) -> Option<u32> {
        let (side, origin) = (m.side, m.origin);
        // In a guard, the piece has not left its site: it is `s`.
        let from = if origin == NOWHERE { s } else { origin };
        let v = st.board[from.0 as usize];
        if v == 0 {
            return None;
        }
        // The moving piece, moved here as the kind it becomes here.
        let mut there = st.clone();
        self.put(&mut there, from, 0);
        self.put(&mut there, s, v);
        if !there.marks.is_empty() {
            // With its flags, as its move leaves them.
            let marks = std::mem::take(&mut there.marks[from.0 as usize]);
            there.marks[s.0 as usize] = self.moved_marks(marks);
        }
        if let Some((kind, site)) = self.promotion(&there, v, from, s) {
            self.put(&mut there, s, 0);
            self.put(&mut there, site, self.man(side, kind));
            if site != s {
                return None;
            }
        }
        Some(self.takes(&there, s, |t| {
            self.eval(inner, &there, m.from(s), captured, t, NO_HEADING)
        }))
    }

    /// Whether the piece on `s` (`origin` counting as empty) has no legal
    /// move of its own, as if its side were to move: the `stuck` condition.
    fn stuck_here(&self, st: &State, origin: SiteId, s: SiteId) -> bool {
        let v = Self::occupant(st, origin, s);
        if v == 0 {
            return false;
        }
        let (owner, kind) = self.unman(v);
        let mut moves = Vec::new();
        let mut w = Walker::new(owner);
        w.asking = Asking::Attack;
        self.moves_from(st, &mut w, s, kind, &mut moves);
        let mut after = st.clone();
        let stuck = !moves.iter().any(|&m| {
            after.copy_from(st);
            self.apply_asking(&mut after, owner, m, Asking::Attack);
            !self.has_royals || self.royals_safe(&after, owner, Asking::Attack)
        });
        stuck
    }

    /// Evaluates a position condition for `side`, with `blocked` as the
    /// closed edges (the state's own, or with a candidate barrier added).
    pub(crate) fn eval_state(
        &self,
        c: &StateCond,
        st: &State,
        side: SideId,
        blocked: &[u64],
    ) -> bool {
        self.eval_state_asking(c, st, side, blocked, Asking::Play)
    }

    /// [`Rules::eval_state`], asked for play or inside an attack question
    /// (a `given` condition in the moves of a piece whose attacks are asked).
    pub(super) fn eval_state_asking(
        &self,
        c: &StateCond,
        st: &State,
        side: SideId,
        blocked: &[u64],
        asking: Asking,
    ) -> bool {
        let each = |c: &StateCond| self.eval_state_asking(c, st, side, blocked, asking);
        match c {
            StateCond::Const(b) => *b,
            StateCond::Count {
                owner,
                named,
                kind,
                region,
                op,
                value,
            } => {
                let counted = self.counted(side, *owner, *named);
                self.count_holds(st, (counted, side, *kind, *region), *op, *value)
            }
            StateCond::CountInHand {
                owner,
                named,
                kind,
                op,
                value,
            } => op.holds(
                self.count_in_hand(st, self.counted(side, *owner, *named), *kind),
                *value,
            ),
            StateCond::Counter {
                owner,
                named,
                counter,
                op,
                value,
            } => op.holds(
                self.counter_sum(st, self.counted(side, *owner, *named), *counter),
                *value,
            ),
            StateCond::Reach {
                owner,
                named,
                kind,
                region,
                dirs,
            } => self
                .matching_pieces(st, self.counted(side, *owner, *named), *kind)
                .all(|(s, ps)| {
                    let goal = &self.regions[*region as usize].per_side[ps as usize];
                    self.search(s, goal, *dirs, blocked, None)
                }),
            StateCond::Connected { dirs } => self.connected(*dirs, blocked),
            // Without the last move, a line through it is not there.
            StateCond::Line {
                through_last: true, ..
            } => false,
            StateCond::Line {
                owner,
                named,
                kind,
                length,
                axes,
                within: Some(region),
                rows,
                ..
            } => {
                let pieces = (*owner, *named, *kind);
                match rows {
                    Some(rows) => self.line_in_rows(st, side, pieces, &rows.per[side as usize]),
                    None => self.line_within(st, side, pieces, (*length, *axes), *region, None),
                }
            }
            StateCond::Line {
                owner,
                named,
                kind,
                length,
                axes,
                ..
            } => self.line_anywhere(st, side, (*owner, *named), *kind, *length, *axes),
            StateCond::Members { conds, op, value } => op.holds(
                self.members_meeting(conds, st, side, asking).count_ones(),
                *value,
            ),
            StateCond::MemberLine { conds, rows } => {
                self.member_line((conds, rows), st, side, asking)
            }
            // Without the last move, its group is not there.
            StateCond::Group {
                through_last: true, ..
            } => false,
            StateCond::Group {
                owner,
                named,
                kind,
                test,
                ..
            } => self.some_group(st, side, (*owner, *named, *kind), test, None),
            StateCond::Groups {
                owner,
                named,
                kind,
                dirs,
                op,
                value,
            } => op.holds(
                self.count_groups(st, side, (*owner, *named, *kind), *dirs),
                *value,
            ),
            // Read only by priorities and end rules, which know the moves.
            StateCond::Can(_) | StateCond::Last(_) => false,
            StateCond::Check => !self.royals_safe(st, side, asking),
            StateCond::Somewhere { cond, pieces } => {
                self.somewhere(st, Mover::none(side, asking), cond, *pieces)
            }
            StateCond::Compare { left, op, right } => {
                self.compare_counts(st, side, left, *op, right)
            }
            // True only when the end rules are checked because no side
            // can move ([`Rules::check_end`] reads it so).
            StateCond::Stalled => false,
            StateCond::Repetitions { op, value } => op.holds(self.repetitions(st), *value),
            StateCond::Since { counter, op, value } => {
                op.holds(self.plies_since(st, *counter), *value)
            }
            StateCond::PerpetualCheck => self.perpetual_check(st, side),
            StateCond::Seeds { left, op, right } => {
                self.seeds_compare(st, side, (left, *op, right))
            }
            StateCond::Rolled { event, op, value } => {
                (self.rolled(st, *event)).is_some_and(|v| op.holds_i64(v, *value))
            }
            StateCond::Nearest { event, number } => self.nearest_number(st, side, *event, *number),
            StateCond::Arith(a) => self.arith(st, side, a),
            StateCond::Repeated { within } => self.repeated(st, *within),
            StateCond::Not(inner) => !each(inner),
            StateCond::And(cs) => cs.iter().all(each),
            StateCond::Or(cs) => cs.iter().any(each),
        }
    }

    /// The site of the first piece from `s` along `dir`, past empty sites
    /// (the moving piece's `origin` read as empty); at most one lap of a
    /// board whose lines close into a ring.
    fn first_seen(&self, st: &State, origin: SiteId, s: SiteId, dir: u8) -> Option<SiteId> {
        let mut at = s;
        for _ in 0..self.board.n_sites() {
            at = self.board.step(at, dir, &st.blocked)?;
            if at == s {
                return None;
            }
            if Self::occupant(st, origin, at) != 0 {
                return Some(at);
            }
        }
        None
    }

    /// `somewhere(COND)` for `side`: some site meets the condition; only
    /// the sites of the `pieces` it asks for, when it asks for some.
    #[cold]
    #[inline(never)]
    fn somewhere(
        &self,
        st: &State,
        m: Mover,
        cond: &Cond,
        pieces: Option<(Owner, SideSet, Kinds)>,
    ) -> bool {
        let side = m.side;
        let holds = |s: SiteId| self.eval(cond, st, m, &[], s, NO_HEADING);
        match pieces {
            Some((owner, named, kind)) => self
                .matching_pieces(st, self.counted(side, owner, named), kind)
                .any(|(s, _)| holds(s)),
            None => (0..self.board.n_sites()).any(|i| holds(SiteId(i as u16))),
        }
    }

    /// The sides whose pieces `owner` means, seen from `side`; `named`
    /// is the condition's named sides (0 unless the owner is
    /// [`Owner::Named`], whose entry in the table is 0).
    #[inline]
    pub(crate) fn counted(&self, side: SideId, owner: Owner, named: SideSet) -> SideSet {
        self.tables.counted_sides[side as usize][owner as usize] | named
    }

    /// `count(...) OP count(...)`, seen from `side`.
    #[cold]
    #[inline(never)]
    fn compare_counts(
        &self,
        st: &State,
        side: SideId,
        left: &Counted,
        op: Compare,
        right: &Counted,
    ) -> bool {
        let count = |&(owner, named, kind, region): &Counted| {
            let counted = self.counted(side, owner, named);
            match region {
                Some(HAND) => self.count_in_hand(st, counted, kind),
                region => self.count_any(st, counted, side, kind, region),
            }
        };
        op.holds(count(left), count(right))
    }

    /// How many pieces of the `counted` sides a `count(...)` counts on the
    /// board, seen from `side` (whose part of the region it reads): every
    /// piece of a stack ([`Rules::count_stacked`]) in a game with stacks.
    pub(super) fn count_any(
        &self,
        st: &State,
        counted: SideSet,
        side: SideId,
        kind: Kinds,
        region: Option<RegionId>,
    ) -> u32 {
        match st.heights.is_empty() {
            true => self.count_pieces(st, counted, side, kind, region),
            false => self.count_stacked(st, counted, side, kind, region),
        }
    }

    /// [`Rules::count_any`] in a game without stacks, where each piece
    /// stands on a site of its own: `StateCond::Count`, which a game with
    /// stacks compiles as a sum instead.
    pub(super) fn count_pieces(
        &self,
        st: &State,
        counted: SideSet,
        side: SideId,
        kind: Kinds,
        region: Option<RegionId>,
    ) -> u32 {
        self.count_pieces_upto(st, counted, side, kind, region, u32::MAX)
    }

    /// Whether `count OP value` holds, counting no further than decides
    /// it: `count(...) >= 1` and `count(...) == 0` stop at the first piece.
    #[inline(always)]
    fn count_holds(
        &self,
        st: &State,
        (counted, side, kind, region): (SideSet, SideId, Kinds, Option<RegionId>),
        op: Compare,
        value: u32,
    ) -> bool {
        let cap = match op {
            Compare::Ge | Compare::Lt => value,
            Compare::Gt | Compare::Le | Compare::Eq | Compare::Ne => value.saturating_add(1),
        };
        let n = match cap {
            1 => self.count_pieces_upto(st, counted, side, kind, region, 1),
            _ => self.count_pieces(st, counted, side, kind, region),
        };
        op.holds(n, value)
    }

    /// [`Rules::count_pieces`], stopping once `cap` pieces are counted
    /// (the count returned is then at least `cap`, not exact).
    #[inline(always)]
    fn count_pieces_upto(
        &self,
        st: &State,
        counted: SideSet,
        side: SideId,
        kind: Kinds,
        region: Option<RegionId>,
        cap: u32,
    ) -> u32 {
        let n_kinds = self.kinds.len();
        let all = u64::MAX >> (64 - n_kinds.clamp(1, 64));
        let kinds = kind & all;
        let mut n = 0;
        let mut sides = counted;
        let Some(region) = region else {
            // Anywhere on the board: the counts of the kinds.
            while sides != 0 {
                let s = sides.trailing_zeros() as usize;
                sides &= sides - 1;
                let counts = &st.counts[s * n_kinds..(s + 1) * n_kinds];
                let mut bits = kinds;
                while bits != 0 {
                    n += u32::from(counts[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
            }
            return n;
        };
        // The counted sides' pieces in the region, by the piece index;
        // their kinds are read only when not every kind counts (side s's
        // kind k is board value 1 + s × kinds + k, see `cell_owner`).
        let set = &self.regions[region as usize].per_side[side as usize].0[..];
        let words = set.len();
        while sides != 0 {
            let s = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            let pieces = &st.pieces[s * words..(s + 1) * words];
            for (w, (&p, &m)) in pieces.iter().zip(set).enumerate() {
                let mut bits = p & m;
                if kinds == all {
                    n += match cap {
                        1 => u32::from(bits != 0),
                        _ => bits.count_ones(),
                    };
                } else {
                    while bits != 0 {
                        let i = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let k = st.board[i] as usize - 1 - s * n_kinds;
                        n += (kinds >> k & 1) as u32;
                    }
                }
                if n >= cap {
                    return n;
                }
            }
        }
        n
    }

    /// How many pieces of the `counted` sides, of the kinds, are in hand
    /// (`count(... in hand)`).
    #[cold]
    #[inline(never)]
    pub(super) fn count_in_hand(&self, st: &State, mut counted: SideSet, kinds: Kinds) -> u32 {
        let mut n = 0;
        while counted != 0 {
            let s = counted.trailing_zeros() as SideId;
            counted &= counted - 1;
            n += (0..self.kinds.len() as KindId)
                .filter(|&k| kinds >> k & 1 == 1)
                .map(|k| st.pieces_in_hand(self, s, k))
                .sum::<u32>();
        }
        n
    }
}
