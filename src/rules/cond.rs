//! Compiled conditions: on a site (`Cond`), on a position (`StateCond`),
//! on a move (`MoveCond`), and what they compare and count.

use super::{DirSel, Kinds, Pattern, RegionId, SideSet, TokenId};

/// A compiled site condition, seen from the moving side.
#[derive(Clone, Debug)]
pub enum Cond {
    True,
    Empty,
    Occupied(Kinds),
    Friend(Kinds),
    Enemy(Kinds),
    /// A live piece of one of these sides (a side or a team named in the
    /// condition), of one of the kinds.
    Side(SideSet, Kinds),
    In(RegionId),
    /// Closer to the region than the moving piece's starting site.
    Nearer(RegionId),
    Ahead(Box<Cond>),
    /// The board has no site beside this one in one of the directions
    /// (relative ones turned to the step that reached it). Without relative
    /// directions it is folded into `Sites` when compiled.
    Edge(DirSel),
    /// A piece on a site meeting the condition could move here, were this
    /// site empty.
    Covered(Box<Cond>),
    /// The piece on the next site meets the condition and could move here.
    Backed(Box<Cond>),
    /// The position, seen from the moving side, meets the condition.
    Given(Box<StateCond>),
    /// The piece here could take this many pieces on sites meeting the
    /// condition.
    Attacks(Box<Cond>, Compare, u32),
    /// The moving piece, standing here as the kind it becomes here, could
    /// take this many pieces on sites meeting the condition.
    Threatens(Box<Cond>, Compare, u32),
    /// The piece here has no legal move.
    Stuck,
    /// The count of seeds here compares to the number (`seeds OP N`).
    Seeds(Compare, u32),
    /// `height OP N`: how many pieces stand on the site.
    Height(Compare, u32),
    /// A piece of the moving side stands here whose `number` is the one
    /// the event of this index rolled, or, when no piece of the side has
    /// that number, the nearest below or above it (`nearest(EVENT)`).
    Nearest(u8),
    /// The piece here carries the flag of this index (`has(FLAG)`).
    Has(u8),
    /// The last move ended here, made by a piece meeting the condition.
    LastTo(Box<Cond>),
    /// The last move passed over this site in a straight line, made by a
    /// piece meeting the condition (read where it stands now).
    LastOver(Box<Cond>),
    /// An enemy piece could take a piece of the side put here.
    Attacked,
    /// Along one of the directions (relative ones turned to the step that
    /// reached the site), past empty sites, the first piece meets the
    /// condition (`sees(DIRS, COND)`).
    Sees(DirSel, Box<Cond>),
    /// The piece here stands in a row of `length` or more pieces of its
    /// own team along an axis (bit `d`: compass direction `d` and `d + 4`).
    Line {
        length: u32,
        axes: u8,
    },
    /// A site one step away along one of the directions (relative ones
    /// turned to the step that reached this site), across no barrier,
    /// meets the condition (`adjacent(DIRS, COND)`).
    Adjacent(DirSel, Box<Cond>),
    /// The group of the piece here, measured and compared
    /// (`group(DIRS) MEASURE OP N`).
    Group(Box<GroupTest>),
    /// The site's region of a family (by its index in
    /// [`super::Game::families`]) meets its condition, seen from the
    /// moving side: one condition per region (`in FAMILY where (C)`).
    InWhere {
        family: u16,
        conds: Box<[StateCond]>,
    },
    /// The site is in the region of the family whose index is the place of
    /// the last move's site in its own region (`in FAMILY matching last`).
    MatchingLast(u16),
    /// A condition on the site alone (regions, and `not`/`and`/`or` of
    /// them), folded when the game is compiled: bit `side × 64 × words + site`.
    Sites {
        bits: Box<[u64]>,
        words: u16,
    },
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// Whose pieces a `count(...)` or `reach(...)` reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The evaluated side's team.
    Own,
    /// Every other team.
    Enemy,
    Any,
    /// The sides named (one side, or the sides of a team), whichever side
    /// evaluates the condition: the condition's `named` field.
    Named,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compare {
    Ge,
    Le,
    Eq,
    Ne,
    Gt,
    Lt,
}

/// How many parts of a unit the numbers of an [`Arith`] are counted in
/// (the syntax's `ast::NUM_SCALE`): at most three decimals.
pub const NUM_SCALE: i64 = 1000;

impl Compare {
    /// `a OP b` on numbers of an [`Arith`].
    pub fn holds_i64(self, a: i64, b: i64) -> bool {
        match self {
            Compare::Ge => a >= b,
            Compare::Le => a <= b,
            Compare::Eq => a == b,
            Compare::Ne => a != b,
            Compare::Gt => a > b,
            Compare::Lt => a < b,
        }
    }

    /// `n OP value`.
    pub fn holds(self, n: u32, value: u32) -> bool {
        match self {
            Compare::Ge => n >= value,
            Compare::Le => n <= value,
            Compare::Eq => n == value,
            Compare::Ne => n != value,
            Compare::Gt => n > value,
            Compare::Lt => n < value,
        }
    }
}

/// What `group(...)` measures of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupMeasure {
    /// How many pieces it has.
    Size,
    /// How many empty sites stand beside it along its directions.
    Liberties,
    /// How many sites outside it it cuts off from the board's edge: the
    /// sites not in it, joined along its directions, that none of those
    /// joined to a site at the edge reaches (Havannah's ring).
    Encloses,
    /// How many of these regions hold one of its pieces (at most 64).
    Touches(Box<[RegionId]>),
}

/// A group's measure compared with a number: pieces are joined along
/// `dirs` (bit `d`: direction `d`; a compass direction always with its
/// opposite), one step at a time across no barrier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupTest {
    pub dirs: u32,
    pub measure: GroupMeasure,
    pub op: Compare,
    pub value: u32,
}

impl GroupTest {
    /// The most a measure can be: `touches(...)` counts its regions.
    fn most(&self) -> u32 {
        match &self.measure {
            GroupMeasure::Touches(regions) => regions.len() as u32,
            GroupMeasure::Size | GroupMeasure::Liberties | GroupMeasure::Encloses => u32::MAX,
        }
    }

    /// A measure from which the test's answer no longer changes as the
    /// group grows (measures only grow): a group may stop being read there.
    pub fn decided(&self) -> u32 {
        let v = self.value;
        let changes_until = match self.op {
            Compare::Ge | Compare::Lt => v,
            Compare::Gt | Compare::Le | Compare::Eq => v.saturating_add(1),
            Compare::Ne => u32::MAX,
        };
        changes_until.min(self.most())
    }

    /// A measure from which the test holds however far the group grows:
    /// where the search for some group that passes may stop reading one.
    pub fn holds_from(&self) -> u32 {
        let v = self.value;
        match self.op {
            Compare::Ge => v,
            Compare::Gt => v.saturating_add(1),
            // A count of regions that reaches every one listed.
            Compare::Eq if v == self.most() => v,
            Compare::Eq | Compare::Le | Compare::Lt | Compare::Ne => u32::MAX,
        }
    }

    /// Whether the test passes only the groups without a liberty
    /// (`liberties == 0`, `< 1`, `<= 0`): Go's suicide.
    pub fn breathless(&self) -> bool {
        matches!(self.measure, GroupMeasure::Liberties)
            && self.op.holds(0, self.value)
            && !self.op.holds(1, self.value)
            && matches!(self.op, Compare::Eq | Compare::Lt | Compare::Le)
    }
}

/// The rows a line can fill, made when the game is compiled: per side,
/// every run of N sites of a region along one of the axes (`line(... in
/// REGION, N, DIRS)`, `per` indexed by side); or per site, every run of N
/// sites through it (`line(..., N, DIRS) through last`, by site). A line
/// is there when the matching pieces cover one of them.
#[derive(Clone, Debug)]
pub struct LineRows {
    pub per: Box<[RowMasks]>,
}

/// The rows of one side's part of a region, or through one site: each
/// `span` words of a site bitset, from word `first` on (the words the
/// rows' sites fall in), as is the union of the rows (`sites`).
#[derive(Clone, Debug, Default)]
pub struct RowMasks {
    /// The sites in a row.
    pub length: u32,
    pub first: usize,
    pub span: usize,
    pub sites: Box<[u64]>,
    pub masks: Box<[u64]>,
}

impl RowMasks {
    /// The most words a row may span, and the most rows a side may have:
    /// beyond them, reading the pieces in the region is the cheaper way.
    pub const MOST_WORDS: usize = 4;
    pub const MOST_ROWS: usize = 64;

    /// Whether the sites of `filled` (the words `first..first + span` of
    /// a site bitset) cover some row.
    #[inline]
    pub fn covered(&self, filled: &[u64]) -> bool {
        let holds = |m: u64, f: u64| f & m == m;
        match *filled {
            [f] => self.masks.iter().any(|&m| holds(m, f)),
            [f, g] => (self.masks.chunks_exact(2)).any(|r| holds(r[0], f) && holds(r[1], g)),
            _ => (self.masks.chunks_exact(self.span))
                .any(|row| row.iter().zip(filled).all(|(&m, &f)| holds(m, f))),
        }
    }
}

/// A compiled condition on a position, seen from one side.
#[derive(Clone, Debug)]
pub enum StateCond {
    Const(bool),
    Count {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        kind: Kinds,
        region: Option<RegionId>,
        op: Compare,
        value: u32,
    },
    /// `count(... in hand) OP N`: pieces in the sides' hands, not on the
    /// board (apart from [`StateCond::Count`], which play reads often).
    CountInHand {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        kind: Kinds,
        op: Compare,
        value: u32,
    },
    /// Every matching piece has a path to the region (for its owner) along
    /// the directions, crossing no barrier, ignoring pieces.
    Reach {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        kind: Kinds,
        region: RegionId,
        dirs: u32,
    },
    /// Every site of the board reaches every other along the directions,
    /// crossing no barrier, ignoring pieces.
    Connected {
        dirs: u32,
    },
    /// The side has a legal move meeting the condition (priorities only).
    Can(Box<MoveCond>),
    /// The move just played meets the condition (end rules only).
    Last(Box<MoveCond>),
    /// A royal piece of the side is attacked, under the check rule.
    Check,
    /// Some site meets the site condition, seen from the side
    /// (`somewhere(COND)`); when the condition asks for a piece, only the
    /// sites of such pieces are read.
    Somewhere {
        cond: Box<Cond>,
        pieces: Option<(Owner, SideSet, Kinds)>,
    },
    /// `length` or more matching pieces in a row along an axis (bit `d`:
    /// compass direction `d` and its opposite `d + 4`); `through_last`:
    /// only a line through the site the last move ended on (end rules);
    /// `within`: only a row of pieces standing in the region; `rows`: the
    /// region's rows per side, or without a region the rows through each
    /// site for `through_last`, as masks, when they are few enough.
    Line {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        kind: Kinds,
        length: u32,
        axes: u8,
        through_last: bool,
        within: Option<RegionId>,
        rows: Option<Box<LineRows>>,
    },
    /// How many regions of a family meet their condition (one per region,
    /// in the family's order), compared (`count(FAMILY where C) OP N`).
    Members {
        conds: Box<[StateCond]>,
        op: Compare,
        value: u32,
    },
    /// Some row of regions of a family of blocks all meet their condition
    /// (`line(FAMILY where C, N, DIRS)`): each row a mask of region indices.
    MemberLine {
        conds: Box<[StateCond]>,
        rows: Box<[u64]>,
    },
    /// Some group of the matching pieces passes the test; `through_last`:
    /// the group of the piece the last move ended on (end rules).
    Group {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        kind: Kinds,
        test: Box<GroupTest>,
        through_last: bool,
    },
    /// How many groups the matching pieces form, joined along `dirs` (as
    /// in [`GroupTest`]), compared.
    Groups {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        kind: Kinds,
        dirs: u32,
        op: Compare,
        value: u32,
    },
    /// `count(OWNER COUNTER) OP N`: the owners' values of a counter
    /// ([`super::Counters`]), summed.
    Counter {
        owner: Owner,
        /// The sides of [`Owner::Named`]; 0 for any other owner.
        named: SideSet,
        counter: u16,
        op: Compare,
        value: u32,
    },
    /// Two counts compared: `count(own disc) > count(enemy disc)`.
    Compare {
        left: Counted,
        op: Compare,
        right: Counted,
    },
    /// No side can move (end rules only: true when they are checked
    /// because no side can move, false otherwise).
    Stalled,
    /// Numbers compared: sums of counts, territories, scores, constants.
    Arith(Box<Arith>),
    /// The present position was seen before, whoever moved, among the
    /// `within` positions before it (`u32::MAX`: any).
    Repeated {
        within: u32,
    },
    /// How many times the present position has been seen (end rules only).
    Repetitions {
        op: Compare,
        value: u32,
    },
    /// Plies since the last move meeting the `counter`-th `since(...)`
    /// condition of [`super::HistoryRules`] (end rules only).
    Since {
        counter: u32,
        op: Compare,
        value: u32,
    },
    /// The position has been seen before, and each move the side played
    /// since then gave check (end rules only).
    PerpetualCheck,
    /// The seeds on the owners' parts of a region compare to a number or
    /// to other seeds (`seeds(own store) > 24`).
    Seeds {
        left: SeedSum,
        op: Compare,
        right: SeedRhs,
    },
    /// The value the event of this index last rolled compares to the
    /// number (`rolled(EVENT) OP N`); false before its first roll.
    Rolled {
        event: u8,
        op: Compare,
        value: i64,
    },
    /// `nearest(EVENT)` for a piece of the number given: that number is
    /// the one rolled, or the nearest below or above it among the side's
    /// pieces on the board when none has it. Not written by authors: a
    /// pattern's `nearest(...)` becomes it for its kind's number, so that
    /// it is read once per position (a `given`).
    Nearest {
        event: u8,
        number: i64,
    },
    Not(Box<StateCond>),
    And(Vec<StateCond>),
    Or(Vec<StateCond>),
}

impl StateCond {
    /// The conditions directly inside this one (of `not`, `and`, `or`);
    /// none for any other. The one match over the condition's shape: every
    /// walk over its parts goes through it, so a new compound condition
    /// cannot be missed by one of them.
    pub fn parts(&self) -> &[StateCond] {
        match self {
            StateCond::Not(inner) => std::slice::from_ref(&**inner),
            StateCond::And(cs) | StateCond::Or(cs) => cs,
            StateCond::Const(_)
            | StateCond::Count { .. }
            | StateCond::CountInHand { .. }
            | StateCond::Counter { .. }
            | StateCond::Reach { .. }
            | StateCond::Connected { .. }
            | StateCond::Check
            | StateCond::Somewhere { .. }
            | StateCond::Line { .. }
            | StateCond::Members { .. }
            | StateCond::MemberLine { .. }
            | StateCond::Group { .. }
            | StateCond::Groups { .. }
            | StateCond::Compare { .. }
            | StateCond::Stalled
            | StateCond::Repetitions { .. }
            | StateCond::Arith(_)
            | StateCond::Repeated { .. }
            | StateCond::PerpetualCheck
            | StateCond::Seeds { .. }
            | StateCond::Rolled { .. }
            | StateCond::Nearest { .. }
            | StateCond::Can(_)
            | StateCond::Last(_)
            | StateCond::Since { .. } => &[],
        }
    }

    /// Whether `test` holds for some part of the condition, looking
    /// through `not`, `and` and `or`.
    pub fn any_part(&self, test: &dyn Fn(&StateCond) -> bool) -> bool {
        test(self) || self.parts().iter().any(|c| c.any_part(test))
    }

    /// Calls `f` with the move condition of each `last(...)`, left to right.
    pub(crate) fn each_last(&self, f: &mut dyn FnMut(&MoveCond)) {
        if let StateCond::Last(m) = self {
            f(m);
        }
        self.parts().iter().for_each(|c| c.each_last(f));
    }

    /// How many `last(...)` the condition has.
    pub(crate) fn count_last(&self) -> u32 {
        let mut n = 0;
        self.each_last(&mut |_| n += 1);
        n
    }
}

/// A condition on a legal move, read on the position before it.
#[derive(Clone, Debug)]
pub enum MoveCond {
    True,
    Captures,
    /// The move's landing effects convert at least one piece.
    Converts,
    /// The move, a barrier placement, bars the last open side of a square.
    Closes,
    /// The move leaves a royal piece of another team attacked.
    GivesCheck,
    /// The move bears a piece off past the end of its track ([`Move::Off`]).
    BearsOff,
    From(Cond),
    To(Cond),
    /// The move spends this token.
    Spends(TokenId),
    Not(Box<MoveCond>),
    And(Vec<MoveCond>),
    Or(Vec<MoveCond>),
}

impl MoveCond {
    /// Whether `test` holds for this condition or one inside it.
    pub fn any(&self, test: &dyn Fn(&MoveCond) -> bool) -> bool {
        test(self)
            || match self {
                MoveCond::Not(inner) => inner.any(test),
                MoveCond::And(cs) | MoveCond::Or(cs) => cs.iter().any(|c| c.any(test)),
                _ => false,
            }
    }
}

/// What a `seeds(OWNER REGION)` sums: the owners' parts of the region.
pub type SeedSum = (Owner, SideSet, RegionId);

/// What `seeds(...)` compares to.
#[derive(Clone, Debug)]
pub enum SeedRhs {
    Number(u32),
    Seeds(SeedSum),
}

/// `A OP B` on numbers, each side a sum of signed terms, in thousandths.
#[derive(Clone, Debug)]
pub struct Arith {
    pub left: Vec<(bool, Num)>,
    pub op: Compare,
    pub right: Vec<(bool, Num)>,
}

/// One number of an [`Arith`] sum.
#[derive(Clone, Debug)]
pub enum Num {
    /// `count(...)`.
    Count(Counted),
    /// `value(...)`: the pieces `count(...)` would count, each worth its
    /// kind's `value`.
    Value(Counted),
    /// `territory(OWNER KIND, DIRS)`: the empty sites of the empty areas
    /// bordered only by the matching pieces.
    Territory {
        owner: Owner,
        named: SideSet,
        kind: Kinds,
        dirs: u32,
    },
    /// `score(...)`: a side's score.
    Score(ScoreOf),
    /// A constant, in thousandths.
    Const(i64),
}

/// Whose score `score(...)` reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreOf {
    /// The evaluated side's.
    Own,
    /// The highest of the sides of other teams.
    Enemy,
    /// That side's.
    Side(super::SideId),
}

/// What a `count(...)` counts: whose pieces (the owner, and the sides of
/// [`Owner::Named`]), which kinds, where.
pub type Counted = (Owner, SideSet, Kinds, Option<RegionId>);

/// What every landing of a one-segment pattern needs of the last move, so
/// that the pattern is not walked when the last move cannot give it (en
/// passant, after most moves): its landing condition reads `last_to(COND)`
/// or `last_over(COND)` (every way it can hold), or it takes the last
/// mover (`capture last`).
#[derive(Clone, Debug)]
pub struct LastGate {
    /// The last move passed over a site (`last_over`).
    pub passed: bool,
    /// The piece that made the last move meets this, where it stands.
    pub mover: Cond,
    /// Whether `mover` reads the site alone (and the pieces on it), not
    /// the moving piece's start: then one answer serves every piece of a side.
    pub site_only: bool,
    /// The pattern is one step and must land where the last move ended
    /// (`last_to`) or on a site it passed over (`last_over`): a piece with
    /// no such site beside it is not walked.
    pub near: bool,
}

impl Pattern {
    /// The pattern's [`LastGate`], if it has one.
    pub(crate) fn find_last_gate(&self) -> Option<LastGate> {
        let [segment] = &self.segments[..] else {
            return None;
        };
        if self.repeat.is_some() {
            return None;
        }
        let one_step = segment.max == 1
            && segment.leaps.is_empty()
            && !segment.jump
            && segment.swap.is_none()
            && segment.castle.is_none();
        let gate = |passed: bool, mover: &Cond, lands: bool| LastGate {
            passed,
            mover: mover.clone(),
            site_only: mover.reads_site_only(true),
            near: lands && one_step,
        };
        let needed = |c: &Cond| match c {
            Cond::LastOver(inner) => Some(gate(true, inner, true)),
            Cond::LastTo(inner) => Some(gate(false, inner, true)),
            _ => None,
        };
        let read = match &segment.to {
            Cond::And(cs) => cs.iter().find_map(needed),
            c => needed(c),
        };
        read.or_else(|| {
            segment
                .capture_last
                .then(|| gate(false, &Cond::True, false))
        })
    }
}

impl Cond {
    /// Whether the condition reads nothing but its site, the piece there
    /// and, where `flags` says, its flags: not the moving piece's start,
    /// nor the position.
    pub(crate) fn reads_site_only(&self, flags: bool) -> bool {
        match self {
            Cond::True
            | Cond::Empty
            | Cond::Occupied(_)
            | Cond::Friend(_)
            | Cond::Enemy(_)
            | Cond::Side(..)
            | Cond::In(_)
            | Cond::Sites { .. } => true,
            Cond::Has(_) => flags,
            Cond::Not(inner) => inner.reads_site_only(flags),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().all(|c| c.reads_site_only(flags)),
            _ => false,
        }
    }
}

/// A family of regions (`boards = { blocks = "3x3" }`), as play reads it:
/// which of its regions holds each site, and where in it.
#[derive(Clone, Debug)]
pub struct Family {
    pub name: String,
    /// Per site, the index of the region of the family holding it
    /// ([`NO_MEMBER`]: none).
    pub member_of: Box<[u16]>,
    /// Per site, its place among the sites of its region, in site order.
    pub place: Box<[u16]>,
}

/// [`Family::member_of`] of a site in no region of the family.
pub const NO_MEMBER: u16 = u16::MAX;

/// What a constraint reads along the board's lines from pieces
/// (`somewhere(KIND and sees(DIRS, ...))`, `adjacent(...)`): from each
/// piece of the kinds `from`, along each of `dirs`, at most `max` sites,
/// up to and including the first occupied one. A move that changes none
/// of those sites, and moves, takes or creates no piece of a kind the
/// constraint reads, leaves what it says as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    pub from: Kinds,
    pub dirs: u32,
    pub max: u8,
}
