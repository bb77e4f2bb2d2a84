//! The abstract syntax of rule expressions: plain data with byte spans into the expression text.

/// A byte range in the text of one rule expression.
pub type Span = std::ops::Range<usize>;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// `2`, `2..5` or `3..`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    pub min: u32,
    pub max: Option<u32>,
    pub span: Span,
}

/// A condition on one site, seen from the moving side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SiteCond {
    /// `empty`, `occupied`, `friend`, `enemy`, `any`, optionally with a piece kind.
    Occupant {
        word: Name,
        kind: Option<Name>,
    },
    /// `in REGION`.
    In(Name),
    /// `in FAMILY where (C)`: the site's region of the family meets C.
    InWhere(Name, Box<StateCond>),
    /// `in FAMILY matching last`: the site is in the region of the family
    /// that the last move's site names by its place in its own region.
    InMatchingLast(Name),
    /// `nearer REGION`.
    Nearer(Name),
    /// `ahead(COND)`: the next site in the direction of the last step.
    Ahead(Box<SiteCond>),
    /// `edge(DIRS)`: the board has no site beside this one in one of the
    /// directions.
    Edge(Vec<Name>),
    /// `seeds OP N`: the count of seeds on the site.
    Seeds(CompareOp, u32, Span),
    /// `height OP N`: how many pieces stand on the site (a stack's height).
    Height(CompareOp, u32),
    /// `nearest(EVENT)`: the piece numbered nearest the event's roll.
    Nearest(Name),
    /// `covered(COND)`: a piece on a site meeting COND could move here.
    Covered(Box<SiteCond>),
    /// `backed(COND)`: the piece on the next site meets COND and could move here.
    Backed(Box<SiteCond>),
    /// `given(POSITION_CONDITION)`.
    Given(Box<StateCond>),
    /// `attacks(COND) OP N`.
    Attacks(Box<SiteCond>, CompareOp, u32),
    /// `threatens(COND) OP N`.
    Threatens(Box<SiteCond>, CompareOp, u32),
    /// `stuck`.
    Stuck,
    /// `has(FLAG)`: the piece here carries the flag.
    Has(Name),
    /// `last_to(COND)`: the last move ended here, by a piece meeting COND.
    LastTo(Box<SiteCond>),
    /// `last_over(COND)`: the last move passed over this site, by a piece
    /// meeting COND (where it stands now).
    LastOver(Box<SiteCond>),
    /// `attacked`: an enemy piece could take a piece of the side put here.
    Attacked,
    /// `sees(DIRS, COND)`: along one of the directions, past empty sites,
    /// the first piece meets COND.
    Sees(Vec<Name>, Box<SiteCond>),
    /// `line(N, DIRS)`: the piece here is in a row of N of its team; the
    /// length with its span.
    Line((u32, Span), Vec<Name>),
    /// `adjacent(DIRS, COND)`: a site one step away along one of the
    /// directions meets COND.
    Adjacent(Vec<Name>, Box<SiteCond>),
    /// `group(DIRS) MEASURE OP N`: the group of the piece here, measured.
    Group(GroupTest),
    Not(Box<SiteCond>),
    And(Vec<SiteCond>),
    Or(Vec<SiteCond>),
}

/// What `group(...)` measures: `size`, `liberties`, `encloses`,
/// `touches(A, B, ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupMeasure {
    Size,
    Liberties,
    Encloses,
    /// The regions (or sites) named, with the span of the list.
    Touches(Vec<Name>, Span),
}

/// `(DIRS) MEASURE OP N`, the part of `group(...)` after its pieces; the
/// value with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupTest {
    pub dirs: Vec<Name>,
    pub measure: GroupMeasure,
    pub op: CompareOp,
    pub value: (u32, Span),
}

/// One segment of a move pattern: `step(orth) to empty`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// `step` or `slide`.
    pub kind: Name,
    pub dirs: Vec<Name>,
    /// `leap(A, B)`: the vector, instead of directions.
    pub vector: Option<(u32, u32, Span)>,
    /// `swap(COND)`: the condition on the partner's site.
    pub partner: Option<SiteCond>,
    /// `jump(COND)`: the condition on the landing site, anywhere.
    pub jump: Option<SiteCond>,
    /// `castle(DIRS, PARTNER, REGION)`: the partner's condition and the
    /// region of the castling piece's destinations.
    pub castle: Option<(SiteCond, Name)>,
    /// `capture last`: the piece that made the last move is captured.
    pub capture_last: bool,
    /// `spend TOKEN`.
    pub spend: Option<Name>,
    pub range: Option<Range>,
    /// `line(COND)` in place of a range: the distance is the number of
    /// sites on the move's whole line that meet COND; with its span.
    pub line: Option<(SiteCond, Span)>,
    pub to: Option<SiteCond>,
    pub over: Option<SiteCond>,
    /// `capture`: what stands on the landing site is captured.
    pub capture: bool,
    pub span: Span,
}

/// A move pattern: an optional guard on the starting site, then segments
/// joined by `then`, of which one run may be a repeated group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub guard: Option<SiteCond>,
    pub segments: Vec<Segment>,
    /// The segments `start..end` of a `( ... )+` group.
    pub repeat: Option<(usize, usize, Span)>,
}

/// What a piece does to others when it lands:
/// `convert(all) over enemy to friend`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// `convert` (else `capture`).
    pub convert: bool,
    pub dirs: Vec<Name>,
    pub range: Option<Range>,
    /// The sites enclosed (default `enemy`).
    pub over: Option<SiteCond>,
    /// The site that closes the line, if one is needed.
    pub to: Option<SiteCond>,
    /// `surrounded by COND`: the group next to the landing site is taken
    /// when every site beside it meets COND; with the clause's span.
    pub by: Option<(SiteCond, Span)>,
    /// `as KIND`: the kind a converted piece becomes.
    pub kind: Option<Name>,
    /// `capture mover`: the piece that lands is taken itself.
    pub mover: bool,
    /// `if MOVE_COND`: the moves the effect acts on, with the clause's span.
    pub guard: Option<(MoveCond, Span)>,
    pub span: Span,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionOp {
    Union,
    Intersection,
    Difference,
}

/// A set of sites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Region {
    Rank(Range),
    /// `color dark` or `color light`.
    Color(Name),
    File {
        from: Name,
        to: Option<Name>,
    },
    /// Site names or region names, resolved by the compiler.
    Names(Vec<Name>),
    /// A first term, then terms each combined with the result so far, left
    /// to right: a flat list, so a long chain is not a deep tree.
    Chain(Box<Region>, Vec<(RegionOp, Region)>),
}

/// `own pawn`, `any piece`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceFilter {
    pub owner: Name,
    pub kind: Name,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CompareOp {
    Ge,
    Le,
    Eq,
    Ne,
    Gt,
    Lt,
}

/// A condition on a whole position, seen from one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateCond {
    Const(bool),
    Count {
        filter: PieceFilter,
        region: Option<Name>,
        op: CompareOp,
        value: u32,
        span: Span,
    },
    Reach {
        filter: PieceFilter,
        region: Name,
        dirs: Vec<Name>,
        span: Span,
    },
    /// `connected(DIRS)`.
    Connected(Vec<Name>),
    /// `count(FAMILY where C) OP N`: how many regions of the family meet C.
    Members {
        family: Name,
        cond: Box<StateCond>,
        op: CompareOp,
        value: u32,
    },
    /// `line(FAMILY where C, N, DIRS)`: N blocks meeting C in a row.
    MemberLine {
        family: Name,
        cond: Box<StateCond>,
        length: (u32, Span),
        dirs: Vec<Name>,
        span: Span,
    },
    /// `line(OWNER KIND, N, DIRS)`, optionally `through last`; the length
    /// with its span.
    Line {
        filter: PieceFilter,
        /// `in REGION`: only a row of pieces in the region.
        region: Option<Name>,
        length: (u32, Span),
        dirs: Vec<Name>,
        through_last: bool,
        span: Span,
    },
    /// `group(OWNER KIND, DIRS) MEASURE OP N`, optionally `through last`.
    Group {
        filter: PieceFilter,
        test: GroupTest,
        through_last: bool,
        span: Span,
    },
    /// `groups(OWNER KIND, DIRS) OP N`: how many groups.
    Groups {
        filter: PieceFilter,
        dirs: Vec<Name>,
        op: CompareOp,
        value: u32,
        span: Span,
    },
    /// `can(MOVE_CONDITION)`.
    Can(MoveCond, Span),
    /// `last(MOVE_CONDITION)`.
    Last(MoveCond, Span),
    /// `count(A) OP count(B)`: two counts compared.
    Compare {
        left: (PieceFilter, Option<Name>),
        op: CompareOp,
        right: (PieceFilter, Option<Name>),
        span: Span,
    },
    /// `check`.
    Check,
    /// `somewhere(COND)`: some site of the board meets the site condition.
    Somewhere(SiteCond, Span),
    /// `stalled`: no side can move (end rules only).
    Stalled(Span),
    /// `A OP B` on numbers: sums of counts, territories, scores and
    /// constants.
    Arith {
        left: NumExpr,
        op: CompareOp,
        right: NumExpr,
        span: Span,
    },
    /// `repeated` or `repeated within N`: the position was seen before.
    Repeated {
        within: Option<(u32, Span)>,
        span: Span,
    },
    /// `repetitions OP N`: how many times the position has been seen.
    Repetitions {
        op: CompareOp,
        value: (u32, Span),
        span: Span,
    },
    /// `since(MOVE_CONDITION) OP N`: plies since a move met the condition.
    Since {
        cond: MoveCond,
        op: CompareOp,
        value: u32,
        span: Span,
    },
    /// `perpetual check`.
    PerpetualCheck(Span),
    /// `seeds(OWNER REGION) OP N` or `... OP seeds(OWNER REGION)`.
    Seeds {
        left: (Name, Name),
        op: CompareOp,
        right: SeedsRhs,
        span: Span,
    },
    /// `rolled(EVENT) OP N`.
    Rolled {
        event: Name,
        op: CompareOp,
        value: u32,
    },
    Not(Box<StateCond>),
    And(Vec<StateCond>),
    Or(Vec<StateCond>),
}

/// One action a phase of a turn allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `move` or `move KIND`.
    Move(Option<Name>),
    /// `place KIND [in REGION] [falling DIRECTION] [to COND]`: a barrier,
    /// or a piece from the reserve.
    Place(Name, Option<Name>, Option<Name>, Option<(SiteCond, Span)>),
    /// `fill KIND in REGION`: the whole hand of that kind, at once.
    Fill(Name, Name),
    /// `remove COND`: a piece on a site meeting the condition leaves the board.
    Remove(SiteCond),
    /// `sow REGION`.
    Sow(Name),
    /// `roll EVENT`.
    Roll(Name),
    /// `advance TRACK by EVENT [to COND]`.
    Advance(Name, Name, Option<SiteCond>),
    Pass,
}

/// One phase of a turn: its condition (`COND:`, with its span), and its
/// actions with their spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub when: Option<(StateCond, Span)>,
    pub actions: Vec<(Action, Span)>,
}

/// A condition on a legal move: `from(in outside) and not captures`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveCond {
    True,
    /// The move captures at least one piece.
    Captures,
    /// The move's landing effects convert at least one piece.
    Converts,
    /// The move, a barrier placement, closes a square all round.
    Closes,
    /// `gives_check`: the move leaves a royal piece of another team attacked.
    GivesCheck,
    /// `bears_off`: the move takes the mover's piece off past the end of
    /// its track.
    BearsOff,
    /// `from(COND)`: the moving piece's starting site.
    From(SiteCond),
    /// `to(COND)`: where the piece (or a dropped piece) ends.
    To(SiteCond),
    /// `spends(TOKEN)`: the move uses up a token.
    Spends(Name),
    Not(Box<MoveCond>),
    And(Vec<MoveCond>),
    Or(Vec<MoveCond>),
}

/// `pawn: e1 e2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub kind: Name,
    pub sites: Vec<Name>,
}

/// One section of a textual position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PosSection {
    /// A side, a kind, and the sites of such pieces.
    Pieces(Vec<(Name, Name, Vec<Name>)>),
    /// Slot names, each optionally with its barrier kind.
    Barriers(Vec<(Option<Name>, Name)>),
    /// `side kind count`.
    Reserves(Vec<(Name, Name, u32, Span)>),
    Turn {
        side: Name,
        phase: Option<(u32, Span)>,
    },
    /// Turns passed in a row.
    Passes(u32, Span),
    /// The last move demanded something of this one.
    Demanded,
    /// The piece the side to move may huff.
    Huffable(Name),
    /// Each flag and the sites of the pieces that carry it.
    Flags(Vec<(Name, Vec<Name>)>),
    /// The last move's start and end.
    Last(Name, Name),
    /// The draw rules' counters, in file order.
    Counters(Vec<(u32, Span)>),
    /// The plies played before the first position of the history.
    Plies(u32),
    /// The positions seen before: hash, mover, whether it gave check.
    History(Vec<(Name, Name, bool)>),
    /// The seeds on each site named.
    Seeds(Vec<(Name, u32, Span)>),
    /// The value an event last rolled.
    Rolled(Name, u32, Span),
    /// `stacks SITE N, ...`: the heights of the sites holding stacks.
    Stacks(Vec<(Name, u32, Span)>),
    /// `under SITE SIDE KIND ..., ...`: the pieces under each column's top,
    /// from the top down (`[columns]`).
    Under(Vec<(Name, Vec<Name>)>),
    /// `dice N ...`: the dice rolled apart still to play.
    Dice(Vec<(u32, Span)>),
}

/// The right side of a `seeds(...)` comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedsRhs {
    Number(u32),
    Seeds(Name, Name),
}

/// A sum of numbers: each term with its sign (`true`: subtracted).
pub type NumExpr = Vec<(bool, NumTerm)>;

/// One number of a [`NumExpr`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumTerm {
    /// `count(OWNER KIND [in REGION])`.
    Count(PieceFilter, Option<Name>),
    /// `value(OWNER KIND [in REGION])`: the matching pieces' values summed.
    Value(PieceFilter, Option<Name>),
    /// `territory(OWNER KIND, DIRS)`.
    Territory(PieceFilter, Vec<Name>, Span),
    /// `score(SIDE)`.
    Score(Name),
    /// A constant, in thousandths (`7.5` is 7500).
    Const(i64, Span),
}

/// How many parts of a unit a constant is counted in: numbers have at
/// most three decimals.
pub const NUM_SCALE: i64 = 1000;
