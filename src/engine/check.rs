//! The check rule judged move by move, with the work shared between the
//! moves of one position and between positions of one game.
//!
//! Whether a side's royal piece is attacked after a move is the question
//! every candidate asks. Asked in full, it runs the moves of every enemy
//! piece that could reach the royal's site. But most moves change two
//! sites, and an enemy piece that attacked nothing before still attacks
//! nothing unless its attack reads a site that changed: so, once the royal
//! is known safe on one board, the royal staying put is judged on another
//! by asking again only the enemy pieces that stand on a changed site or
//! whose moves read one ([`MoveTables::rereads`]), and those whose
//! attacks may read more than the board (a walked pattern, a chain, a
//! landing condition checked in full), always. Which enemy pieces may
//! attack the royal's site at all (where their moves may end, what they
//! may take: [`MoveTables::may_attack`]) is listed once per position, and
//! the moves from it look only at that list and at the sites they changed.
//!
//! The fact that a side's lone royal stood unattacked on a board is a
//! [`Proof`]; it depends only on that board and its closed edges. Each
//! position's own proof is made once and shared by every move tried from
//! it (and by the priority that asks `check`); a random playout keeps the
//! last proof of each side ([`Proofs`]) for its next turn, so that even the
//! first question of a position is answered from what changed since.

use super::attack::Attackers;
use super::*;

/// The most board words a set of changed sites has: the tables know what
/// attacks read only on boards this size or smaller.
const MAX_WORDS: usize = 8;

/// On `board`, with `blocked` closed, the lone royal piece of a side stood
/// on `site`, and no piece of another team attacked it; `suspects`, when
/// known, are its [`Suspects`] there.
#[derive(Clone, Debug)]
struct Proof {
    site: SiteId,
    board: Box<[u8]>,
    blocked: Box<[u64]>,
    suspects: Option<Suspects>,
}

/// Per side, the last proof the check rule made in a game: what the next
/// position of the game is compared with.
#[derive(Clone, Debug, Default)]
pub(crate) struct Proofs(Vec<Option<Proof>>);

impl Proofs {
    fn of(&self, side: SideId) -> Option<&Proof> {
        self.0.get(side as usize).and_then(Option::as_ref)
    }

    /// Records that `side`'s lone royal on `site` is unattacked in `st`
    /// with the sites of `changes` given new board values, and its suspects
    /// there if known.
    fn record(
        &mut self,
        side: SideId,
        site: SiteId,
        st: &State,
        changes: &[(SiteId, u8)],
        suspects: Option<Suspects>,
    ) {
        let i = side as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, None);
        }
        match &mut self.0[i] {
            Some(p) if p.board.len() == st.board.len() && p.blocked.len() == st.blocked.len() => {
                p.site = site;
                p.board.copy_from_slice(&st.board);
                p.blocked.copy_from_slice(&st.blocked);
            }
            slot => {
                *slot = Some(Proof {
                    site,
                    board: st.board.clone(),
                    blocked: st.blocked.clone(),
                    suspects: None,
                })
            }
        }
        if let Some(p) = &mut self.0[i] {
            p.suspects = suspects;
            for &(s, v) in changes {
                p.board[s.0 as usize] = v;
            }
        }
    }
}

/// What the check rule found about the position the moves are made from.
#[derive(Clone, Copy, Debug)]
enum Before {
    /// The side's lone royal stands here, unattacked.
    Safe(SiteId),
    /// The side's lone royal is attacked.
    Attacked,
    /// The side has no royal or more than one: every move is judged in full.
    Other,
}

/// The most pieces a list of [`Suspects`] holds.
const MAX_SUSPECTS: usize = 24;

/// The enemy pieces of a position that may take a royal on its site,
/// whatever else stands on the board ([`MoveTables::may_attack`]): the only
/// ones an attack test of that site asks, there or in a position a move
/// leads to (with the pieces on the sites the move changed).
#[derive(Clone, Copy, Debug)]
struct Suspects {
    len: usize,
    items: [(SiteId, KindId, SideId); MAX_SUSPECTS],
}

impl Suspects {
    const EMPTY: Suspects = Suspects {
        len: 0,
        items: [(NOWHERE, 0, 0); MAX_SUSPECTS],
    };

    fn iter(&self) -> impl Iterator<Item = (SiteId, KindId, SideId)> + '_ {
        self.items[..self.len].iter().copied()
    }

    /// Adds a piece; `false` when the list is full.
    fn push(&mut self, item: (SiteId, KindId, SideId)) -> bool {
        let Some(slot) = self.items.get_mut(self.len) else {
            return false;
        };
        *slot = item;
        self.len += 1;
        true
    }

    /// The list without the pieces on the sites of `changed`.
    fn without(&self, changed: &[u64; MAX_WORDS]) -> Suspects {
        let mut out = *self;
        let mut kept = 0;
        for i in 0..self.len {
            let p = self.items[i].0;
            if changed[p.0 as usize / 64] >> (p.0 % 64) & 1 == 0 {
                out.items[kept] = self.items[i];
                kept += 1;
            }
        }
        out.len = kept;
        out
    }
}

/// What the check rule says of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It leaves a royal attacked.
    Unsafe,
    /// It does not, as judged without playing it.
    Safe,
    /// It does not, and the scratch position holds the position after it.
    SafeApplied,
}

impl Verdict {
    pub(crate) fn is_safe(self) -> bool {
        self != Verdict::Unsafe
    }
}

/// The check rule for the moves of `side` from `st`.
pub(crate) struct RoyalCheck<'a> {
    rules: &'a Rules,
    st: &'a State,
    side: SideId,
    before: Option<Before>,
    /// The suspects of the side's lone royal in `st`, once listed (`None`
    /// when the tables cannot tell or there are too many).
    suspects: Option<Suspects>,
}

impl<'a> RoyalCheck<'a> {
    pub(crate) fn new(rules: &'a Rules, st: &'a State, side: SideId) -> Self {
        RoyalCheck {
            rules,
            st,
            side,
            before: None,
            suspects: None,
        }
    }

    /// What the position is, found once; with `proofs`, from the side's
    /// last proof when its royal has not moved since. (Its own proof is not
    /// recorded: the move played records the next one.)
    #[inline]
    fn before(&mut self, proofs: Option<&Proofs>) -> Before {
        match self.before {
            Some(b) => b,
            None => self.find_before(proofs),
        }
    }

    /// [`RoyalCheck::before`], the first time.
    #[inline(never)]
    fn find_before(&mut self, proofs: Option<&Proofs>) -> Before {
        let (rules, st, side) = (self.rules, self.st, self.side);
        let known = proofs.and_then(|p| p.of(side));
        let hint = known.map(|p| p.site);
        // Exemptions read more than the attacks: every move judged in full.
        let lone = match rules.check_exempt.any() {
            true => None,
            false => rules.lone_royal(st, side, hint.as_slice()),
        };
        let before = match lone {
            None => Before::Other,
            Some(r) => {
                let known = known.filter(|p| rules.proof_holds_for(p, st, r));
                // The suspects of the proof's board, with the pieces on the
                // sites changed since (the royal's value there the same).
                let changed = known.map(|p| (p, changed_sites(&p.board, &st.board)));
                self.suspects = match &changed {
                    Some((
                        Proof {
                            suspects: Some(list),
                            ..
                        },
                        c,
                    )) => rules.suspects_since(list, c, st, r, side),
                    _ => rules.suspects(st, r, side),
                };
                let attacked = match (&self.suspects, &changed) {
                    (Some(list), Some((_, c))) => rules.suspects_attack(list, st, r, Some(c)),
                    (Some(list), None) => rules.suspects_attack(list, st, r, None),
                    (None, Some((p, _))) => rules.attacked_since(&p.board, st, r, side),
                    (None, None) => rules.attacked(st, r, side, Asking::Play),
                };
                match attacked {
                    true => Before::Attacked,
                    false => Before::Safe(r),
                }
            }
        };
        self.before = Some(before);
        before
    }

    /// Whether the side is in check (`check` in a condition).
    pub(crate) fn in_check(&mut self, proofs: Option<&Proofs>) -> bool {
        match self.before(proofs) {
            Before::Safe(_) => false,
            Before::Attacked => true,
            Before::Other => !self.rules.royals_safe(self.st, self.side, Asking::Play),
        }
    }

    /// Keeps the moves of `moves` that leave the side's royals safe, in
    /// order ([`RoyalCheck::keeps_safe`]); `after` is scratch. The steps
    /// that surely keep a lone royal safe are kept without a call each:
    /// those on no site the suspects' attacks read on their way to it,
    /// found once for the whole list.
    pub(crate) fn retain_safe(&mut self, moves: &mut Vec<Move>, after: &mut State) {
        let (rules, st) = (self.rules, self.st);
        match (self.before(None), self.suspects) {
            (Before::Safe(r), Some(list)) => {
                let reads = rules.reads_of(&list, st, r);
                moves.retain(|&mv| {
                    rules.step_keeps_safe(&list, &reads, st, r, mv).is_some()
                        || self.keeps_safe(mv, after, None).is_safe()
                });
            }
            _ => moves.retain(|&mv| self.keeps_safe(mv, after, None).is_safe()),
        }
    }

    /// Whether `mv` leaves the side's royals safe; `after` is scratch, left
    /// holding the position after the move when it is played to judge it
    /// ([`Verdict::SafeApplied`]). With `proofs`, a royal found safe alone
    /// is recorded there.
    pub(crate) fn keeps_safe(
        &mut self,
        mv: Move,
        after: &mut State,
        proofs: Option<&mut Proofs>,
    ) -> Verdict {
        let (rules, st, side) = (self.rules, self.st, self.side);
        // `[turn] pass_in_check`: where it holds, a pass is legal in check.
        if let (Move::Pass, Some(c)) = (mv, &rules.pass_in_check) {
            if rules.eval_state(c, st, side, &st.blocked) {
                return Verdict::Safe;
            }
        }
        let before = self.before(proofs.as_deref());
        if let (Before::Safe(r), Some(list)) = (before, &self.suspects) {
            if let Some((from, to)) = rules.step_keeps_safe(list, &None, st, r, mv) {
                if let Some(proofs) = proofs {
                    let v = st.board[from.0 as usize];
                    let landed = match (mv, rules.promotion(st, v, from, to)) {
                        (Move::Promoting(id), _) => rules.man(side, rules.promotings.get(id).1),
                        (_, Some((kind, _))) => rules.man(side, kind),
                        (_, None) => v,
                    };
                    let mut moved = [0u64; MAX_WORDS];
                    moved[to.0 as usize / 64] |= 1 << (to.0 % 64);
                    let after = list.without(&moved);
                    proofs.record(side, r, st, &[(from, 0), (to, landed)], Some(after));
                }
                return Verdict::Safe;
            }
            if proofs.is_none() {
                if let Some(safe) = rules.royal_step_keeps_safe(st, side, r, mv) {
                    return if safe { Verdict::Safe } else { Verdict::Unsafe };
                }
            }
        }
        after.copy_from(st);
        rules.apply(after, side, mv);
        if rules.check_exempt.any() {
            return match rules.royals_safe(after, side, Asking::Play) {
                true => Verdict::SafeApplied,
                false => Verdict::Unsafe,
            };
        }
        // Where the royal was, or where the move took a piece.
        let hints = match (before, rules.move_to(&mv)) {
            (Before::Safe(r), Some(to)) => [r, to],
            (Before::Safe(r), None) => [r, r],
            (_, to) => [to.unwrap_or(NOWHERE); 2],
        };
        let Some(r) = rules.lone_royal(after, side, &hints) else {
            return match rules.royals_safe(after, side, Asking::Play) {
                true => Verdict::SafeApplied,
                false => Verdict::Unsafe,
            };
        };
        let stayed = st.board[r.0 as usize] == after.board[r.0 as usize];
        let attacked = match (before, &self.suspects) {
            // The royal stayed where it was proved safe.
            (Before::Safe(was), suspects) if was == r && stayed && st.blocked == after.blocked => {
                match suspects {
                    Some(list) => rules.attacked_among(list, &st.board, after, r, side),
                    None => rules.attacked_since(&st.board, after, r, side),
                }
            }
            _ => rules.attacked(after, r, side, Asking::Play),
        };
        if attacked {
            return Verdict::Unsafe;
        }
        if let Some(proofs) = proofs {
            proofs.record(side, r, after, &[], None);
        }
        Verdict::SafeApplied
    }
}

impl Rules {
    /// The site of `side`'s royal piece in `st` when it has exactly one;
    /// `hints` are sites where it may be, looked at first.
    pub(crate) fn lone_royal(&self, st: &State, side: SideId, hints: &[SiteId]) -> Option<SiteId> {
        // Board values are 1 + side × kinds + kind: counts are indexed by
        // value − 1.
        let first = side as usize * self.kinds.len();
        let mut n = 0;
        for &k in &self.tables.royal_kinds {
            n += st.counts[first + k as usize];
        }
        if n != 1 {
            return None;
        }
        let mask = &self.tables.royal_values[side as usize];
        let royal = |v: u8| mask[v as usize / 64] >> (v % 64) & 1 == 1;
        for &h in hints {
            if st.board.get(h.0 as usize).is_some_and(|&v| royal(v)) {
                return Some(h);
            }
        }
        self.pieces_of(st, side)
            .find(|s| royal(st.board[s.0 as usize]))
    }

    /// Whether `p` can tell about the royal on `r` in `st`: it is of the
    /// same site and piece, with the same edges closed, and the tables know
    /// what attacks read.
    fn proof_holds_for(&self, p: &Proof, st: &State, r: SiteId) -> bool {
        p.site == r
            && p.board.len() == st.board.len()
            && p.board[r.0 as usize] == st.board[r.0 as usize]
            && *p.blocked == *st.blocked
    }

    /// Whether a piece of a team other than `side`'s attacks `target` in
    /// `st`, knowing that none did on `board` (with the closed edges of
    /// `st`): only the pieces the difference concerns are asked.
    pub(crate) fn attacked_since(
        &self,
        board: &[u8],
        st: &State,
        target: SiteId,
        side: SideId,
    ) -> bool {
        if !self.knows_suspects() {
            return self.attacked(st, target, side, Asking::Play);
        }
        let changed = changed_sites(board, &st.board);
        let mut attackers = Attackers::new(target, Asking::Play);
        let v = st.board[target.0 as usize];
        self.each_suspect(st, target, side, |p, kind, owner| {
            let moved = changed[p.0 as usize / 64] >> (p.0 % 64) & 1 == 1;
            (moved || self.tables.moves.rereads((kind, owner, p), v, &changed))
                && self.piece_reaches(st, &mut attackers, p, kind, owner)
        })
    }

    /// Whether the tables tell which pieces may attack a site and what their
    /// attacks read, on a board this size ([`Rules::each_suspect`]).
    pub(crate) fn knows_suspects(&self) -> bool {
        self.tables.moves.knows_reads() && self.site_words() <= MAX_WORDS
    }

    /// Calls `f` with each enemy piece of `st` that may take the piece on
    /// `target` ([`MoveTables::may_attack`]), until it returns `true`;
    /// whether it did. Only when [`Rules::knows_suspects`].
    pub(crate) fn each_suspect(
        &self,
        st: &State,
        target: SiteId,
        side: SideId,
        f: impl FnMut(SiteId, KindId, SideId) -> bool,
    ) -> bool {
        self.each_suspect_of(st, target, st.board[target.0 as usize], side, f)
    }

    /// [`Rules::each_suspect`] of a piece of board value `v` on `target`,
    /// whatever stands there now.
    #[inline]
    pub(crate) fn each_suspect_of(
        &self,
        st: &State,
        target: SiteId,
        v: u8,
        side: SideId,
        mut f: impl FnMut(SiteId, KindId, SideId) -> bool,
    ) -> bool {
        let mut enemies = (0..self.sides.len() as SideId).filter(|&s| !self.same_team(s, side));
        enemies.any(|owner| {
            let Some(from) = self.tables.moves.attackers(v, owner, target) else {
                return self.any_piece(st, owner, |p, kind| {
                    self.tables.moves.may_attack((kind, owner, p), target, v) && f(p, kind, owner)
                });
            };
            // Only the pieces on sites some kind could attack from.
            let words = self.site_words();
            let pieces = &st.pieces[owner as usize * words..(owner as usize + 1) * words];
            for (i, (&mine, &near)) in pieces.iter().zip(from).enumerate() {
                let mut bits = mine & near;
                while bits != 0 {
                    let p = SiteId((i * 64) as u16 + bits.trailing_zeros() as u16);
                    bits &= bits - 1;
                    let kind = self.unman(st.board[p.0 as usize]).1;
                    if self.tables.moves.may_attack((kind, owner, p), target, v)
                        && f(p, kind, owner)
                    {
                        return true;
                    }
                }
            }
            false
        })
    }
}

impl Rules {
    /// The enemy pieces of `st` that may take the piece on `target`
    /// ([`Suspects`]); `None` when the tables cannot tell or there are more
    /// than [`MAX_SUSPECTS`].
    fn suspects(&self, st: &State, target: SiteId, side: SideId) -> Option<Suspects> {
        if !self.knows_suspects() {
            return None;
        }
        let mut list = Suspects::EMPTY;
        // Stops, with no list, at one too many.
        let full = self.each_suspect(st, target, side, |p, kind, owner| {
            !list.push((p, kind, owner))
        });
        (!full).then_some(list)
    }

    /// [`Rules::suspects`] of `target` in `st`, from `list`, its suspects
    /// on a board that differs from `st` on the sites of `changed` only,
    /// with `target` holding the same value: the pieces now on those sites
    /// replace those that stood there.
    fn suspects_since(
        &self,
        list: &Suspects,
        changed: &[u64; MAX_WORDS],
        st: &State,
        target: SiteId,
        side: SideId,
    ) -> Option<Suspects> {
        let mut out = list.without(changed);
        // Stops at one too many: then the list is made in full.
        let full = self.each_suspect_on(changed, st, target, side, |p, kind, owner| {
            !out.push((p, kind, owner))
        });
        match full {
            true => self.suspects(st, target, side),
            false => Some(out),
        }
    }

    /// Calls `f` with each enemy piece of `st` on a site of `changed` that
    /// may take the piece on `target` ([`MoveTables::may_attack`]), until
    /// it returns `true`; whether it did.
    fn each_suspect_on(
        &self,
        changed: &[u64; MAX_WORDS],
        st: &State,
        target: SiteId,
        side: SideId,
        mut f: impl FnMut(SiteId, KindId, SideId) -> bool,
    ) -> bool {
        let v = st.board[target.0 as usize];
        for (i, &word) in changed[..self.site_words().min(MAX_WORDS)]
            .iter()
            .enumerate()
        {
            let mut bits = word;
            while bits != 0 {
                let p = SiteId((i * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
                let u = st.board[p.0 as usize];
                if u == 0 {
                    continue;
                }
                let (owner, kind) = self.unman(u);
                if !self.same_team(owner, side)
                    && self.tables.moves.may_attack((kind, owner, p), target, v)
                    && f(p, kind, owner)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece of `list` (the suspects of `target` in `st`)
    /// attacks `target`; with `changed`, knowing that none did before
    /// those sites changed, only those that moved or read one are asked.
    fn suspects_attack(
        &self,
        list: &Suspects,
        st: &State,
        target: SiteId,
        changed: Option<&[u64; MAX_WORDS]>,
    ) -> bool {
        let mut attackers = Attackers::new(target, Asking::Play);
        let v = st.board[target.0 as usize];
        list.iter().any(|(p, kind, owner)| {
            let ask = match changed {
                None => true,
                Some(c) => {
                    c[p.0 as usize / 64] >> (p.0 % 64) & 1 == 1
                        || self.tables.moves.rereads((kind, owner, p), v, c)
                }
            };
            ask && self.piece_reaches(st, &mut attackers, p, kind, owner)
        })
    }

    /// Whether `mv`, a step of the lone royal on `r` (of a kind that
    /// neither promotes nor has landing effects), leaves it safe, judged
    /// without playing it ([`Rules::attacked_moved`]); `None` when `mv` is
    /// no such step or the attack test cannot tell without playing it.
    #[inline]
    fn royal_step_keeps_safe(&self, st: &State, side: SideId, r: SiteId, mv: Move) -> Option<bool> {
        let Move::Step { from, to } = mv else {
            return None;
        };
        let v = st.board[r.0 as usize];
        let kind = self.unman(v).1;
        if from != r
            || self.effect_kinds >> kind & 1 == 1
            || self.kinds[kind as usize].promote.is_some()
        {
            return None;
        }
        self.attacked_moved(st, to, side, (r, v), Asking::Play)
            .map(|attacked| !attacked)
    }

    /// Whether `mv` is a step that surely leaves the royal on `r` safe,
    /// judged without playing it, `list` being the suspects of `r`, known
    /// unattacked: a step away from `r` that changes two sites (its piece
    /// promoting, if at all, where it lands) puts no enemy piece on them,
    /// so only the suspects whose attacks read one of them could attack
    /// now. When none does: the sites it changes.
    /// `reads`, when known, is the union of what the suspects' attacks read.
    #[inline(always)]
    fn step_keeps_safe(
        &self,
        list: &Suspects,
        reads: &Option<[u64; MAX_WORDS]>,
        st: &State,
        r: SiteId,
        mv: Move,
    ) -> Option<(SiteId, SiteId)> {
        // A step whose mover chose its promotion changes the same two
        // sites: what it becomes blocks the same lines.
        let (from, to) = match mv {
            Move::Step { from, to } => (from, to),
            Move::Promoting(_) => match self.base(mv) {
                Move::Step { from, to } => (from, to),
                _ => return None,
            },
            _ => return None,
        };
        let v = st.board[from.0 as usize];
        // A promotion in place (`stay`) is judged in full.
        if from == r || from == to || v == 0 {
            return None;
        }
        let kind = self.unman(v).1;
        // A piece with landing effects may change more than two sites, and
        // so may one whose promotion moves it elsewhere (`at`). What a
        // piece becomes where it lands blocks the same lines.
        if self.effect_kinds >> kind & 1 == 1
            || (self.kinds[kind as usize].promote.as_ref()).is_some_and(|p| p.at.is_some())
                && self
                    .promotion(st, v, from, to)
                    .is_some_and(|(_, site)| site != to)
        {
            return None;
        }
        let read = |u: &[u64; MAX_WORDS], s: SiteId| u[s.0 as usize / 64] >> (s.0 % 64) & 1 == 1;
        if reads
            .as_ref()
            .is_some_and(|u| !read(u, from) && !read(u, to))
        {
            return Some((from, to));
        }
        let mut changed = [0u64; MAX_WORDS];
        for s in [from, to] {
            changed[s.0 as usize / 64] |= 1 << (s.0 % 64);
        }
        // The suspect on `to`, if any, is taken.
        let royal = st.board[r.0 as usize];
        let rereads = (list.iter()).any(|(p, kind, owner)| {
            p != to && self.tables.moves.rereads((kind, owner, p), royal, &changed)
        });
        (!rereads).then_some((from, to))
    }

    /// Whether a piece of another team than `side`'s attacks `target` in
    /// `st`, knowing that none did on `board`, where `list` are the
    /// suspects of `target` (holding the same value): the suspects still
    /// there whose attacks read a changed site, and the enemy pieces now on
    /// a changed site, are asked.
    fn attacked_among(
        &self,
        list: &Suspects,
        board: &[u8],
        st: &State,
        target: SiteId,
        side: SideId,
    ) -> bool {
        let changed = changed_sites(board, &st.board);
        let mut attackers = Attackers::new(target, Asking::Play);
        let moved = |p: SiteId| changed[p.0 as usize / 64] >> (p.0 % 64) & 1 == 1;
        let unmoved = list.iter().filter(|&(p, ..)| !moved(p));
        let v = st.board[target.0 as usize];
        for (p, kind, owner) in unmoved {
            if self.tables.moves.rereads((kind, owner, p), v, &changed)
                && self.piece_reaches(st, &mut attackers, p, kind, owner)
            {
                return true;
            }
        }
        self.each_suspect_on(&changed, st, target, side, |p, kind, owner| {
            self.piece_reaches(st, &mut attackers, p, kind, owner)
        })
    }
}

/// A side's lone royal piece, unattacked in a position, with its
/// suspects there: what a move of another side is judged against when a
/// constraint forbids giving check ([`Rules::still_safe`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct SafeRoyal {
    site: SiteId,
    suspects: Option<Suspects>,
}

impl Rules {
    /// `side`'s lone royal in `st`, if it has one and no enemy attacks it
    /// (and no `check_exempt` makes check read more than attacks).
    pub(super) fn safe_royal(&self, st: &State, side: SideId) -> Option<SafeRoyal> {
        if self.check_exempt.any() {
            return None;
        }
        let r = self.lone_royal(st, side, &[])?;
        let suspects = self.suspects(st, r, side);
        let attacked = match &suspects {
            Some(list) => self.suspects_attack(list, st, r, None),
            None => self.attacked(st, r, side, Asking::Play),
        };
        (!attacked).then_some(SafeRoyal { site: r, suspects })
    }

    /// Whether the royal `known` safe in `st` is still unattacked in
    /// `after`, reached from `st` by a move: only the pieces the move
    /// changed are asked. `None` when the royal moved, another royal of the
    /// side appeared, or edges closed.
    pub(super) fn still_safe(
        &self,
        known: &SafeRoyal,
        st: &State,
        after: &State,
        side: SideId,
    ) -> Option<bool> {
        let r = known.site;
        let stayed = st.blocked == after.blocked
            && st.board[r.0 as usize] == after.board[r.0 as usize]
            && self.lone_royal(after, side, &[r]) == Some(r);
        if !stayed {
            return None;
        }
        let attacked = match &known.suspects {
            Some(list) => self.attacked_among(list, &st.board, after, r, side),
            None => self.attacked_since(&st.board, after, r, side),
        };
        debug_assert_eq!(attacked, self.attacked(after, r, side, Asking::Play));
        Some(!attacked)
    }
}

impl Rules {
    /// The union of what the attacks of the suspects `list` on the royal
    /// on `r` read on their way to it ([`MoveTables::reads_toward`]);
    /// `None` when one reads more.
    fn reads_of(&self, list: &Suspects, st: &State, r: SiteId) -> Option<[u64; MAX_WORDS]> {
        let royal = st.board[r.0 as usize];
        let mut union = [0u64; MAX_WORDS];
        let words = self.site_words();
        list.iter()
            .all(|(p, kind, owner)| {
                (self.tables.moves).reads_toward((kind, owner, p), r, royal, &mut union[..words])
            })
            .then_some(union)
    }
}

/// The sites whose values differ between two boards of the same size, as
/// a bitset (sites past [`MAX_WORDS`] words are left out).
fn changed_sites(a: &[u8], b: &[u8]) -> [u64; MAX_WORDS] {
    let mut out = [0u64; MAX_WORDS];
    let mut mark = |s: usize| {
        if s < MAX_WORDS * 64 {
            out[s / 64] |= 1 << (s % 64);
        }
    };
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail = ca.remainder().len();
    for (i, (x, y)) in ca.zip(cb).enumerate() {
        let word = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("8 bytes"));
        let mut diff = word(x) ^ word(y);
        while diff != 0 {
            let byte = diff.trailing_zeros() as usize / 8;
            mark(i * 8 + byte);
            diff &= !(0xff << (byte * 8));
        }
    }
    let start = a.len() - tail;
    for s in start..a.len() {
        if a[s] != b[s] {
            mark(s);
        }
    }
    out
}
