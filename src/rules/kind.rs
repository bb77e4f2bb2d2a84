//! A piece kind: its patterns, promotion, drops and what it is worth.

use super::*;

#[derive(Clone, Debug)]
pub struct Kind {
    pub name: String,
    /// What pictures draw instead of a disc (`figurine`).
    pub figurine: Option<String>,
    /// The piece's own symbol (upper case), used in drop notation `O@c5`.
    pub symbol: String,
    pub patterns: Vec<Pattern>,
    /// What the piece becomes on ending a move in a region.
    pub promote: Option<Promote>,
    /// Promotions that are moves of their own (`promote_moves`).
    pub promote_moves: Option<PromoteMoves>,
    pub royal: bool,
    /// What the piece is worth to computer players (0 when not given).
    pub value: f64,
    /// Its `number`, read by `nearest(EVENT)` (cubes numbered 1 to 6).
    pub number: Option<i64>,
    /// What it does to other pieces when it lands.
    pub effects: Vec<Effect>,
    /// Captured, it goes to the captor's hand as this kind.
    pub to_hand: Option<KindId>,
    /// Captured, it goes back to its owner's hand (`returns = true`).
    pub returns: bool,
    /// Pieces of the kind, of one side, stand several on one site
    /// (`stacks = true`): the site keeps how many ([`State`]'s heights).
    pub stacks: bool,
    /// Where and how it may be dropped from the hand.
    pub drop: DropRule,
    /// What a move of it may leave on the site it starts from.
    pub leave: Option<Leave>,
}

/// `leave = { kinds, flag }`: a move of the kind may also take a piece of
/// one of `kinds` from its side's hand and leave it on the site the mover
/// started from, when the mover carries `flag` (or always, without one).
#[derive(Clone, Debug)]
pub struct Leave {
    pub kinds: Vec<KindId>,
    pub flag: Option<u8>,
}

/// A promotion as a move of its own (`promote_moves`): the piece walks one
/// of `patterns` (`stay` among them: where it stands) and becomes `to`
/// where it ends, while its side has fewer than `limit` pieces of that
/// kind, the move meeting `cond` (read as a move condition, `gives_check`
/// on the position it reaches).
#[derive(Clone, Debug)]
pub struct PromoteMoves {
    pub to: KindId,
    pub patterns: Vec<Pattern>,
    pub limit: Option<u8>,
    pub cond: Option<MoveCond>,
}

/// The restrictions on dropping a piece kind from the hand (`drop = {...}`).
#[derive(Clone, Debug, Default)]
pub struct DropRule {
    /// A region (the dropping side's part) it may not be dropped in.
    pub not_in: Option<RegionId>,
    /// How many pieces of this kind of the dropping side a file may hold
    /// for a drop there.
    pub file_limit: Option<u8>,
    /// A drop of it may not checkmate.
    pub no_mate: bool,
}

/// A promotion: on ending a move in `region` (the mover's part) the piece
/// becomes `to`; with `at`, it is also moved to that region's first site
/// (the mover's part) if it is empty, and otherwise becomes `otherwise`
/// where it stands (or `to`, when there is no `otherwise`).
#[derive(Clone, Debug)]
pub struct Promote {
    pub region: RegionId,
    pub to: KindId,
    pub at: Option<RegionId>,
    pub otherwise: Option<KindId>,
    /// The other kinds the mover may choose instead of `to` (`to = [...]`),
    /// in the order written.
    pub choices: Vec<KindId>,
    /// The mover may also stay what it is (`optional = true`)...
    pub optional: bool,
    /// ... except where it ends in this region (`forced`).
    pub forced: Option<RegionId>,
    /// A move that starts in the region promotes too (`leaving = true`).
    pub leaving: bool,
    /// The kinds offered that the side may promote to only while it has
    /// fewer of them on the board (`limit`).
    pub limits: Vec<PromoteLimit>,
}

impl Promote {
    /// Whether the mover chooses what it becomes: among several kinds, or
    /// whether to change at all; or whether what it may become depends on
    /// the position (a limit).
    pub fn chooses(&self) -> bool {
        self.optional || !self.choices.is_empty() || !self.limits.is_empty()
    }

    /// Whether `side`, with `count(kind)` pieces of each kind on the
    /// board, may promote to `kind`.
    #[inline]
    pub fn allows(&self, side: SideId, kind: KindId, count: impl Fn(KindId) -> usize) -> bool {
        (self.limits.iter().find(|l| l.kind == kind))
            .is_none_or(|l| count(kind) < l.most[side as usize] as usize)
    }
}

/// A promotion's bound on one kind it offers: a side promotes to `kind`
/// only while it has fewer than `most[side]` of it on the board.
#[derive(Clone, Debug)]
pub struct PromoteLimit {
    pub kind: KindId,
    pub most: Vec<u8>,
    /// `limit = "start"`: `most` is what each side has on the board at the
    /// start, filled in once the setup is placed.
    pub start: bool,
}
