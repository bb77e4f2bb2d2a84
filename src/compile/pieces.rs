//! `[pieces]`: the piece kinds, their classes, symbols, move patterns and
//! promotions; and the names of kinds and classes in expressions.

use super::{Compiler, Res, Scope, MAX_KINDS};
use crate::diag::Diagnostic;
use crate::engine::TablesTooLarge;
use crate::raw::{Located, RawGame, RawLeave, RawPiece, RawPromote, Str};
use crate::rules::{Kind, KindId, Kinds, Leave, Promote, Rules, ALL_KINDS};
use crate::syntax::ast;

impl Compiler<'_> {
    /// Refuses more piece kinds than the compiler supports, or than a board
    /// can tell apart with this many sides.
    pub(super) fn piece_count(&mut self, raw: &RawGame) -> Res<()> {
        self.at_most(&raw.pieces, MAX_KINDS, "piece kinds")?;
        if raw.sides.0.len() * raw.pieces.0.len().max(1) > 254 {
            self.error(
                Diagnostic::error(
                    "too-many",
                    format!(
                        "{} sides with {} piece kinds each is more than the 254 pieces a board can tell apart",
                        raw.sides.0.len(),
                        raw.pieces.0.len()
                    ),
                )
                .at(raw.pieces.0[0].0.loc()),
            );
            return Err(());
        }
        Ok(())
    }

    /// Reports move tables that would be too large, at the pattern whose
    /// layout found the budget spent.
    pub(super) fn tables_too_large(&mut self, raw: &RawGame, rules: &Rules, e: &TablesTooLarge) {
        use crate::engine::{bytes_text, MAX_RAY_SITES, MAX_TREE, RAY_SITE_BYTES};
        let (kind, pattern) = (e.kind as usize, e.pattern as usize);
        let (name, piece) = &raw.pieces.0[kind];
        let moves = piece.moves.as_ref();
        let whole = moves.is_some_and(|m| m.value.len() == rules.kinds[kind].patterns.len());
        let loc = match moves.and_then(|m| m.value.get(pattern)) {
            Some(m) if whole => m.loc(),
            _ => moves.map_or(name.loc(), |m| m.loc()),
        };
        let (message, label) = match e.one_pattern {
            true => (
                format!(
                    "the move tables would need over {} ray sites ({}) for one pattern of one piece: at most {}",
                    thousands(MAX_TREE),
                    bytes_text(MAX_TREE * RAY_SITE_BYTES),
                    thousands(MAX_TREE)
                ),
                format!(
                    "laid out at once, this pattern of `{}` passes over too many sites",
                    name.value
                ),
            ),
            false => (
                format!(
                    "the move tables would need about {} ray sites ({}): at most {} ({})",
                    thousands(e.estimate),
                    bytes_text(e.estimate.saturating_mul(RAY_SITE_BYTES)),
                    thousands(MAX_RAY_SITES),
                    bytes_text(MAX_RAY_SITES * RAY_SITE_BYTES),
                ),
                format!(
                    "laying out this pattern of `{}` reached the limit: {} kinds × {} sides × {} sites",
                    name.value,
                    rules.kinds.len(),
                    rules.sides.len(),
                    rules.board.n_sites()
                ),
            ),
        };
        self.error(
            Diagnostic::error("tables-too-large", message)
                .at(loc)
                .label(label)
                .hint(
                    "a smaller board, fewer kinds or shorter moves: each site lays out the sites \
                 its moves pass, and a `jump` or `swap` every site of the board (two jumps in \
                 a row, sites × sites)",
                ),
        );
    }

    /// The classes of `classes = [...]`: each a set of kinds, named apart from
    /// pieces, barriers and regions.
    pub(super) fn classes(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        kind_names: &[String],
        barrier_names: &[String],
    ) {
        for (k, (_, piece)) in raw.pieces.iter().enumerate() {
            for class in piece.classes.iter().flat_map(|c| c.value.iter()) {
                if kind_names.contains(&class.value)
                    || barrier_names.contains(&class.value)
                    || raw.regions.get(&class.value).is_some()
                {
                    self.error(
                        Diagnostic::error(
                            "duplicate-name",
                            format!(
                                "the class `{}` has the name of a piece, barrier or region",
                                class.value
                            ),
                        )
                        .at(class.loc())
                        .label("choose another name"),
                    );
                    continue;
                }
                match scope.classes.iter_mut().find(|(c, _)| *c == class.value) {
                    Some((_, mask)) => *mask |= 1 << k,
                    None => scope.classes.push((class.value.clone(), 1 << k)),
                }
            }
        }
    }

    /// The piece kinds, with their move patterns; promotions come later, once
    /// every kind is known.
    pub(super) fn kinds(&mut self, raw: &RawGame, scope: &mut Scope) -> Vec<Kind> {
        let mut kinds = Vec::new();
        for (kname, piece) in raw.pieces.iter() {
            let mut patterns = Vec::new();
            if let Some(moves) = &piece.moves {
                for m in &moves.value {
                    if let Ok(p) = self.pattern(raw, scope, m) {
                        patterns.push(p);
                    }
                }
            }
            // Notation writes a kind by its symbol as given (`Co@E`), or by
            // the upper-case first letter of its name.
            let symbol = piece.symbol.as_ref().map_or_else(
                || {
                    kname
                        .value
                        .chars()
                        .take(1)
                        .collect::<String>()
                        .to_uppercase()
                },
                |s| s.value.clone(),
            );
            let effects = match &piece.effects {
                Some(list) => self.effects(raw, scope, &list.value),
                None => Vec::new(),
            };
            kinds.push(Kind {
                effects,
                name: kname.value.clone(),
                figurine: piece.figurine.as_ref().map(|f| f.value.clone()),
                symbol,
                patterns,
                promote: None,
                promote_moves: None,
                to_hand: None,
                returns: piece.returns.as_ref().is_some_and(|r| r.value),
                stacks: piece.stacks.as_ref().is_some_and(|r| r.value),
                drop: Default::default(),
                leave: None,
                royal: piece.royal.as_ref().is_some_and(|r| r.value),
                value: piece.value.as_ref().map_or(0.0, |v| v.value.max(0.0)),
                number: piece.number.as_ref().map(|n| n.value),
            });
        }
        kinds
    }

    /// Promotions, once every kind is known.
    pub(super) fn promotions(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        kind_names: &[String],
        kinds: &mut [Kind],
    ) {
        for (i, (_, piece)) in raw.pieces.iter().enumerate() {
            self.hand_rules(raw, scope, kind_names, &mut kinds[i], piece);
            let Some(p) = &piece.promote else { continue };
            let known: Vec<&str> = kind_names.iter().map(String::as_str).collect();
            let kind_of = |c: &mut Self, s: &Str| -> Res<KindId> {
                match kind_names.iter().position(|k| *k == s.value) {
                    Some(k) => Ok(k as KindId),
                    None => {
                        c.unknown_key("piece", s, &known);
                        Err(())
                    }
                }
            };
            let region = self.region_name(raw, scope, &p.region);
            let items = p.to.items();
            let mut to = Vec::new();
            for item in &items {
                let Ok(k) = kind_of(self, item) else { continue };
                if to.contains(&k) {
                    self.error(
                        Diagnostic::error(
                            "duplicate-choice",
                            format!("`{}` is offered twice", item.value),
                        )
                        .at(item.loc())
                        .label("named already in this list")
                        .hint("name each kind once"),
                    );
                }
                to.push(k);
            }
            if items.is_empty() {
                self.error(
                    Diagnostic::error("empty-choice", "a promotion to no kind")
                        .at(p.to.loc())
                        .label("this list is empty")
                        .hint("name the kind it becomes, or the kinds it chooses among"),
                );
            }
            let at = p.at.as_ref().map(|s| self.region_name(raw, scope, s));
            let otherwise = p.otherwise.as_ref().map(|s| kind_of(self, s));
            let optional = p.optional.as_ref().is_some_and(|o| o.value);
            let forced = p.forced.as_ref().map(|s| self.region_name(raw, scope, s));
            self.check_choice(p, items.len(), optional);
            let limits = self.promote_limits(p, &to, kind_names, raw.sides.0.len());
            if let (Ok(region), Some((&first, rest)), true) =
                (region, to.split_first(), to.len() == items.len())
            {
                kinds[i].promote = Some(Promote {
                    region,
                    to: first,
                    at: at.and_then(Result::ok),
                    otherwise: otherwise.and_then(Result::ok),
                    choices: rest.to_vec(),
                    optional,
                    forced: forced.and_then(Result::ok),
                    leaving: p.leaving.as_ref().is_some_and(|l| l.value),
                    limits,
                });
            }
        }
    }

    /// A kind's `to_hand` and `drop`, once every kind is known.
    fn hand_rules(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        kind_names: &[String],
        kind: &mut Kind,
        piece: &RawPiece,
    ) {
        if let (Some(to), Some(r)) = (&piece.to_hand, &piece.returns) {
            if r.value {
                self.error(
                    Diagnostic::error("returns-and-to-hand", "a captured piece goes to one hand")
                        .at(r.loc())
                        .label("`returns` sends it back to its owner's hand")
                        .hint(format!(
                            "keep `to_hand = \"{}\"` (the captor's hand) or `returns = true` (its owner's), not both",
                            to.value
                        )),
                );
            }
        }
        if let Some(to) = &piece.to_hand {
            match kind_names.iter().position(|k| *k == to.value) {
                Some(k) => kind.to_hand = Some(k as KindId),
                None => {
                    let known: Vec<&str> = kind_names.iter().map(String::as_str).collect();
                    self.unknown_key("piece", to, &known);
                }
            }
        }
        if let Some(l) = &piece.leave {
            kind.leave = self.leave(scope, l);
        }
        let Some(d) = &piece.drop else { return };
        kind.drop.not_in = (d.not_in.as_ref()).and_then(|s| self.region_name(raw, scope, s).ok());
        kind.drop.no_mate = d.mate.as_ref().is_some_and(|m| !m.value);
        if let Some(n) = &d.file_limit {
            match u8::try_from(n.value) {
                Ok(v) if v >= 1 => kind.drop.file_limit = Some(v),
                _ => self.error(
                    Diagnostic::error("out-of-range", format!("a file limit of {}", n.value))
                        .at(n.loc())
                        .label("not a number from 1 to 255")
                        .hint("write how many pieces of the kind a file may hold: 1 to 255"),
                ),
            }
        }
    }

    /// A kind's `leave`: the kinds named (each once, at least one) and
    /// its flag.
    fn leave(&mut self, scope: &Scope, l: &Located<RawLeave>) -> Option<Leave> {
        let mut kinds = Vec::new();
        let mut ok = true;
        for s in &l.value.kinds.value {
            match self.one_kind(s, scope) {
                Ok(k) if kinds.contains(&k) => {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "duplicate-choice",
                            format!("`{}` is offered twice", s.value),
                        )
                        .at(s.loc())
                        .label("named already in this list")
                        .hint("name each kind once"),
                    );
                }
                Ok(k) => kinds.push(k),
                Err(()) => ok = false,
            }
        }
        if l.value.kinds.value.is_empty() {
            ok = false;
            self.error(
                Diagnostic::error("empty-choice", "a piece that leaves no kind behind")
                    .at(l.value.kinds.loc())
                    .label("this list is empty")
                    .hint("name the kinds a move may take from the hand and leave on its origin"),
            );
        }
        let flag = match &l.value.flag {
            Some(s) => match self.flag_ref(s, &super::flags::whole(s), scope) {
                Ok(f) => Some(f),
                Err(()) => {
                    ok = false;
                    None
                }
            },
            None => None,
        };
        ok.then_some(Leave { kinds, flag })
    }

    /// Reports a choice of promotion combined with what cannot go with it:
    /// a relocation (`at`), or a `forced` region on a promotion that
    /// cannot be declined anyway.
    fn check_choice(&mut self, p: &RawPromote, n_kinds: usize, optional: bool) {
        if let (Some(at), true) = (&p.at, optional || n_kinds > 1 || p.limit.is_some()) {
            self.error(
                Diagnostic::error(
                    "choice-with-at",
                    "a promotion with a choice cannot relocate",
                )
                .at(at.loc())
                .label("`at` moves the piece it promotes")
                .hint("give `at` to a promotion to one kind, without `optional`"),
            );
        }
        if let (Some(forced), false) = (&p.forced, optional) {
            self.error(
                Diagnostic::error(
                    "forced-without-optional",
                    "`forced` on a promotion that cannot be declined",
                )
                .at(forced.loc())
                .label("the promotion is compulsory everywhere already")
                .hint("add `optional = true`, or remove `forced`"),
            );
        }
    }

    /// A piece kind, a class of kinds, or `piece` (every kind), as a set.
    pub(super) fn kind_ref(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Res<Kinds> {
        if n.text == "piece" {
            return Ok(ALL_KINDS);
        }
        if let Some(i) = scope.kinds.iter().position(|k| *k == n.text) {
            return Ok(1 << i);
        }
        if let Some((_, mask)) = scope.classes.iter().find(|(c, _)| *c == n.text) {
            return Ok(*mask);
        }
        let known: Vec<&str> = scope
            .kinds
            .iter()
            .map(String::as_str)
            .chain(scope.classes.iter().map(|(c, _)| c.as_str()))
            .chain(["piece"])
            .collect();
        self.unknown("piece or class", s, n, &known);
        Err(())
    }
}

/// `n` with a comma every three digits.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
