//! Notation: moves and positions as text, printed and parsed given a position.
//!
//! Moves: `e1-e2` (a step), `e1xe2` (a capture), `e2` (a step written by its
//! destination, where no other legal step ends there), `e3h` (a barrier in a
//! slot; `kind:e3h` where two barrier kinds could stand there), `pass`.
//! Positions: see [`position_to_string`].

use crate::board::SiteId;
use crate::diag::{suggest, Diagnostic, FileId, Loc};
use crate::rules::*;
use crate::syntax;
use crate::syntax::ast::{Name, PosSection, Span};

/// Why a typed move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub message: String,
    pub hint: Option<String>,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(h) = &self.hint {
            write!(f, " ({h})")?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

fn slot_needs_kind(rules: &Rules, slot: u16) -> bool {
    rules
        .barriers
        .iter()
        .filter(|b| b.slots.contains(&slot))
        .count()
        > 1
}

fn slot_text(rules: &Rules, barrier: BarrierId, slot: u16) -> String {
    let name = &rules.board.slots[slot as usize].name;
    if slot_needs_kind(rules, slot) {
        format!("{}:{name}", rules.barriers[barrier as usize].name)
    } else {
        name.clone()
    }
}

/// The full form of a move: `e1-e2`, `e1xe2`, `e3h`, `pass`.
pub fn move_to_string(rules: &Rules, st: &State, mv: Move) -> String {
    if let Move::Demanding(_) = mv {
        return format!("{}!", move_to_string(rules, st, rules.base(mv)));
    }
    let mut text = plain_move_text(rules, st, mv);
    text.push_str(&promotion_suffix(rules, st, mv));
    text
}

/// `=R` when the moving piece changes kind where it ends, else nothing.
fn promotion_suffix(rules: &Rules, st: &State, mv: Move) -> String {
    let (Some(from), Some(to)) = (rules.move_from(&mv), rules.move_to(&mv)) else {
        return String::new();
    };
    let v = st.board[from.0 as usize];
    if v == 0 {
        return String::new();
    }
    // Read on the board after the move, where the piece has left `from`.
    let mut after = st.clone();
    rules.put(&mut after, from, 0);
    rules.put(&mut after, to, v);
    match rules.promotion(&after, v, to) {
        Some((kind, _)) => format!("={}", rules.kinds[kind as usize].symbol),
        None => String::new(),
    }
}

fn plain_move_text(rules: &Rules, st: &State, mv: Move) -> String {
    match mv {
        Move::Demanding(_) => unreachable!("written by move_to_string"),
        Move::Step { from, to } => {
            let sep = if st.piece_at(rules, to).is_some() {
                'x'
            } else {
                '-'
            };
            format!(
                "{}{sep}{}",
                rules.board.site_name(from),
                rules.board.site_name(to)
            )
        }
        Move::Chain(id) => {
            let chain = rules.chain(id);
            let mut text = rules.board.site_name(chain.from).to_string();
            for &stop in chain.stops() {
                text.push('x');
                text.push_str(rules.board.site_name(stop));
            }
            text
        }
        Move::Place { barrier, slot } => slot_text(rules, barrier, slot),
        Move::Swap {
            from, via, with, ..
        } => {
            // `K<>e2` for a swap where the piece stands; `a9-CB<>e5` after a step.
            let start = if via == from {
                match st.piece_at(rules, from) {
                    Some((_, kind)) => rules.kinds[kind as usize].symbol.clone(),
                    None => rules.board.site_name(from).to_string(),
                }
            } else {
                format!(
                    "{}-{}",
                    rules.board.site_name(from),
                    rules.board.site_name(via)
                )
            };
            format!("{start}<>{}", rules.board.site_name(with))
        }
        Move::Drop { kind, to } => format!(
            "{}@{}",
            rules.kinds[kind as usize].symbol,
            rules.board.site_name(to)
        ),
        Move::Huff(at) => format!("huff@{}", rules.board.site_name(at)),
        Move::Pass => "pass".to_string(),
    }
}

/// The short form: a step by its destination alone where no other legal
/// step ends there, everything else in full.
pub fn move_to_short(rules: &Rules, st: &State, mv: Move, legal: &[Move]) -> String {
    if let Move::Demanding(_) = mv {
        return format!("{}!", move_to_short(rules, st, rules.base(mv), legal));
    }
    if let Move::Step { to, .. } = mv {
        let same_to = legal
            .iter()
            .filter(|m| matches!(m, Move::Step { to: t, .. } if *t == to))
            .count();
        if same_to == 1 && st.piece_at(rules, to).is_none() {
            let suffix = promotion_suffix(rules, st, mv);
            return format!("{}{suffix}", rules.board.site_name(to));
        }
    }
    move_to_string(rules, st, mv)
}

fn site(rules: &Rules, name: &str) -> Result<SiteId, MoveError> {
    rules.board.site(name).ok_or_else(|| MoveError {
        message: format!("there is no site `{name}` on this board"),
        hint: Some(match rules.board.site_drawn_at(name) {
            Some(s) => format!(
                "{name} is part of the site `{}`, which is drawn over it",
                rules.board.site_name(s)
            ),
            None => suggest(name, rules.board.sites.iter().map(|s| s.name.as_str())),
        }),
    })
}

/// Parses a move typed or read from a record, and checks it is legal here.
pub fn parse_move(rules: &Rules, st: &State, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    if rules.outcome(st) != Outcome::Ongoing {
        return Err(MoveError {
            message: format!("the game is over; `{text}` cannot be played"),
            hint: None,
        });
    }
    // Any legal move written in full, whatever its kind.
    if let Some(&mv) = legal
        .iter()
        .find(|&&m| move_to_string(rules, st, m) == text)
    {
        return Ok(mv);
    }
    if let Some((plain, written)) = text.rsplit_once('=').filter(|_| !text.ends_with('!')) {
        return parse_promotion(rules, st, plain, written);
    }
    if let Some(plain) = text.strip_suffix('!') {
        return parse_demand(rules, st, &legal, plain);
    }
    if text.contains("<>") {
        return Err(no_such_swap(rules, st, &legal, text));
    }
    if let Some(at) = text.strip_prefix("huff@").or(text.strip_prefix("huff ")) {
        let at = site(rules, at.trim())?;
        return match st.huffable {
            Some(h) if h == at => Ok(Move::Huff(at)),
            _ => Err(MoveError {
                message: format!(
                    "`huff@{}` cannot be claimed here",
                    rules.board.site_name(at)
                ),
                hint: Some(no_huff(rules, st)),
            }),
        };
    }
    if let Some((kind, at)) = text.split_once('@') {
        return parse_drop(rules, st, &legal, kind, at);
    }
    if text.matches(['x', '-']).count() > 1
        && text
            .split(['x', '-'])
            .all(|p| rules.board.site(p).is_some())
    {
        return Err(no_such_chain(rules, st, &legal, text));
    }
    if text == "pass" {
        return if legal.contains(&Move::Pass) {
            Ok(Move::Pass)
        } else {
            Err(MoveError {
                message: "passing is not allowed while a move is possible".into(),
                hint: None,
            })
        };
    }
    if let Some((a, b)) = step_halves(rules, text) {
        return parse_step(rules, st, &legal, a, b);
    }
    // A barrier slot, perhaps with its kind.
    let (kind, slot_name) = match text.split_once(':') {
        Some((k, s)) => (Some(k), s),
        None => (None, text),
    };
    if let Some(slot) = rules.board.slot(slot_name) {
        return parse_placement(rules, st, &legal, text, kind, slot);
    }
    parse_destination(rules, st, &legal, text)
}

/// Why no huff can be claimed, or which one can.
fn no_huff(rules: &Rules, st: &State) -> String {
    match (st.huffable, rules.huff, rules.huff_claim) {
        (Some(h), ..) => format!("the piece to huff is on {}", rules.board.site_name(h)),
        (None, None, _) => "this game has no huffing".into(),
        (None, _, HuffClaim::Automatic) => {
            "huffing is automatic in this game: the piece leaves with the move that took too little"
                .into()
        }
        (None, ..) => "the last move took as much as it could: there is nothing to huff".into(),
    }
}

/// `MOVE` is not legal here, with a hint.
fn not_legal(rules: &Rules, st: &State, mv: Move, hint: Option<String>) -> MoveError {
    MoveError {
        message: format!(
            "`{}` is not a legal move here",
            move_to_string(rules, st, mv)
        ),
        hint,
    }
}

/// `MOVE=K`: the move, if it makes its piece a `K`.
fn parse_promotion(
    rules: &Rules,
    st: &State,
    plain: &str,
    written: &str,
) -> Result<Move, MoveError> {
    let mv = parse_move(rules, st, plain)?;
    let suffix = promotion_suffix(rules, st, mv);
    if !suffix.is_empty() && suffix[1..].eq_ignore_ascii_case(written) {
        Ok(mv)
    } else {
        Err(MoveError {
            message: format!("`{plain}` does not make the piece a `{written}`"),
            hint: Some(if suffix.is_empty() {
                "the piece keeps its kind on this move: drop the `=...`".into()
            } else {
                format!("write `{plain}{suffix}`")
            }),
        })
    }
}

/// `MOVE!`: the move that demands.
fn parse_demand(rules: &Rules, st: &State, legal: &[Move], plain: &str) -> Result<Move, MoveError> {
    let base = parse_move(rules, st, plain)?;
    legal
        .iter()
        .copied()
        .find(|&m| matches!(m, Move::Demanding(_)) && rules.base(m) == base)
        .ok_or_else(|| MoveError {
            message: format!("`{plain}` cannot demand anything"),
            hint: Some(who_demands(rules)),
        })
}

/// A swap that is not among the legal moves, with the legal swaps.
fn no_such_swap(rules: &Rules, st: &State, legal: &[Move], text: &str) -> MoveError {
    let swaps: Vec<String> = legal
        .iter()
        .filter(|m| matches!(rules.base(**m), Move::Swap { .. }))
        .map(|&m| move_to_string(rules, st, m))
        .collect();
    MoveError {
        message: format!("`{text}` is not a legal swap here"),
        hint: Some(if swaps.is_empty() {
            "no swap is legal now (it may be spent, or offered only in check or without another move)".into()
        } else {
            format!("the legal swaps: {}", swaps.join(", "))
        }),
    }
}

/// A sequence of captures that is not among the legal moves, with the
/// legal ones from the same site.
fn no_such_chain(rules: &Rules, st: &State, legal: &[Move], text: &str) -> MoveError {
    let from = &text[..text.find(['x', '-']).unwrap_or(0)];
    let chains: Vec<String> = legal
        .iter()
        .filter(
            |m| matches!(m, Move::Chain(c) if rules.board.site_name(rules.chain(*c).from) == from),
        )
        .map(|m| move_to_string(rules, st, *m))
        .collect();
    MoveError {
        message: format!("`{text}` is not a legal sequence of captures here"),
        hint: Some(if chains.is_empty() {
            format!("no capture starts from {from}")
        } else {
            format!("from {from}: {}", chains.join(", "))
        }),
    }
}

/// `a-b` or `axb`: split where both halves name sites (file `x` exists on
/// wide boards, so the first `x` is not always the separator).
fn step_halves<'t>(rules: &Rules, text: &'t str) -> Option<(&'t str, &'t str)> {
    text.char_indices()
        .filter(|&(_, c)| c == '-' || c == 'x')
        .map(|(i, _)| (&text[..i], &text[i + 1..]))
        .find(|(a, b)| rules.board.site(a).is_some() && rules.board.site(b).is_some())
        .or_else(|| {
            text.find('-')
                .map(|i| (&text[..i], &text[i + 1..]))
                .filter(|_| rules.board.site(text).is_none() && rules.board.slot(text).is_none())
        })
}

/// A step from `a` to `b`.
fn parse_step(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    a: &str,
    b: &str,
) -> Result<Move, MoveError> {
    let from = site(rules, a)?;
    let to = site(rules, b)?;
    let mv = Move::Step { from, to };
    if legal.contains(&mv) {
        return Ok(mv);
    }
    let hint = match st.piece_at(rules, from) {
        None => Some(format!("there is no piece on {a}")),
        Some((side, _)) if side != rules.to_move(st) => Some(format!(
            "the piece on {a} belongs to {}",
            rules.side_name(side)
        )),
        _ => Some(explain(rules, st, mv)),
    };
    Err(not_legal(rules, st, mv, hint))
}

/// A barrier in `slot`, of the kind `kind` if one is written.
fn parse_placement(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
    kind: Option<&str>,
    slot: u16,
) -> Result<Move, MoveError> {
    let kinds: Vec<BarrierId> = (0..rules.barriers.len() as BarrierId)
        .filter(|&b| rules.barriers[b as usize].slots.contains(&slot))
        .filter(|&b| kind.is_none_or(|k| rules.barriers[b as usize].name == k))
        .collect();
    let candidates: Vec<Move> = kinds
        .iter()
        .map(|&barrier| Move::Place { barrier, slot })
        .collect();
    let playable: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| legal.contains(m))
        .collect();
    let slot_name = text.split_once(':').map_or(text, |(_, s)| s);
    match (playable.as_slice(), candidates.first()) {
        ([mv], _) => Ok(*mv),
        ([], None) => Err(MoveError {
            message: format!("no barrier of this game fits the slot `{slot_name}`"),
            hint: kind.map(|k| format!("check the barrier kind `{k}`")),
        }),
        ([], Some(&mv)) => Err(not_legal(rules, st, mv, placement_hint(rules, st, slot))),
        _ => Err(MoveError {
            message: format!("`{text}` could be several barriers"),
            hint: Some("write the kind first, such as `wall:e3h`".into()),
        }),
    }
}

/// A destination alone: the one legal step that goes there.
fn parse_destination(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
) -> Result<Move, MoveError> {
    let to = site(rules, text).map_err(|mut e| {
        e.hint = Some(format!(
            "write a step as `e1-e2`, a barrier as `e3h`; {}",
            e.hint.unwrap_or_default()
        ));
        e
    })?;
    let steps: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| matches!(m, Move::Step { to: t, .. } if *t == to))
        .collect();
    match steps.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError {
            message: format!("no legal move goes to {text}"),
            hint: None,
        }),
        many => Err(MoveError {
            message: format!("`{text}` is ambiguous"),
            hint: Some(format!(
                "write one of {}",
                many.iter()
                    .map(|m| move_to_string(rules, st, *m))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }),
    }
}

fn parse_drop(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    kind: &str,
    at: &str,
) -> Result<Move, MoveError> {
    let k = rules
        .kinds
        .iter()
        .position(|k| k.name == kind || k.symbol.eq_ignore_ascii_case(kind))
        .ok_or_else(|| MoveError {
            message: format!("there is no piece `{kind}` to place"),
            hint: Some(suggest(kind, rules.kinds.iter().map(|k| k.name.as_str()))),
        })? as KindId;
    let to = site(rules, at)?;
    let mv = Move::Drop { kind: k, to };
    if legal.contains(&mv) {
        return Ok(mv);
    }
    let side = rules.to_move(st);
    let hint = if st.pieces_in_hand(rules, side, k) == 0 {
        format!(
            "{} has no {} in hand",
            rules.side_name(side),
            rules.kinds[k as usize].name
        )
    } else if let Some(why) = crate::render::fall_hint(rules, st, k, to) {
        why
    } else if st.piece_at(rules, to).is_some() {
        format!("{at} is occupied")
    } else if !legal.iter().any(|m| matches!(m, Move::Drop { .. })) {
        "pieces cannot be placed now".to_string()
    } else {
        format!("{at} is not a site where it may be placed")
    };
    Err(MoveError {
        message: format!(
            "`{}` is not a legal move here",
            move_to_string(rules, st, mv)
        ),
        hint: Some(hint),
    })
}

/// Why a move the side to move cannot play is refused, in a sentence; or
/// that it is legal.
pub fn explain(rules: &Rules, st: &State, mv: Move) -> String {
    let side = rules.to_move(st);
    let written = plain_move_text(rules, st, rules.base(mv));
    let site = |s: SiteId| rules.board.site_name(s).to_string();
    let piece = |s: SiteId| {
        describe_piece(rules, st, s).unwrap_or_else(|| format!("no piece on {}", site(s)))
    };
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    let list = |moves: &[Move]| {
        let mut texts: Vec<String> = moves
            .iter()
            .map(|&m| move_to_string(rules, st, m))
            .collect();
        texts.sort();
        texts.truncate(12);
        texts.join(", ")
    };
    match rules.why_not(st, mv) {
        None => format!("`{}` is legal", move_to_string(rules, st, mv)),
        Some(Refusal::GameOver) => "the game is over".into(),
        Some(Refusal::NoPattern) => match rules.base(mv) {
            Move::Step { from, to } => match st.piece_at(rules, from) {
                None => format!("there is no piece on {}", site(from)),
                Some((owner, _)) if owner != side => format!(
                    "{} belongs to {}, and it is {}'s turn",
                    piece(from),
                    rules.side_name(owner),
                    rules.side_name(side)
                ),
                Some(_) => {
                    let mine: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|m| rules.move_from(m) == Some(from))
                        .collect();
                    if mine.is_empty() {
                        format!("{} has no legal move now", piece(from))
                    } else {
                        format!(
                            "no move of {} ends on {}; its legal moves: {}",
                            piece(from),
                            site(to),
                            list(&mine)
                        )
                    }
                }
            },
            Move::Place { slot, .. } => placement_hint(rules, st, slot)
                .unwrap_or_else(|| "no barrier can go there now".into()),
            Move::Drop { kind, to } => {
                if st.pieces_in_hand(rules, side, kind) == 0 {
                    format!(
                        "{} has no {} in hand",
                        rules.side_name(side),
                        rules.kinds[kind as usize].name
                    )
                } else if let Some(why) = crate::render::fall_hint(rules, st, kind, to) {
                    why
                } else if st.piece_at(rules, to).is_some() {
                    format!("{} is taken", site(to))
                } else {
                    format!(
                        "a {} cannot be placed on {} now",
                        rules.kinds[kind as usize].name,
                        site(to)
                    )
                }
            }
            Move::Pass => "passing is not allowed while a move is possible".into(),
            Move::Huff(_) => no_huff(rules, st),
            _ => format!("`{written}` is not a move of {} now", rules.side_name(side)),
        },
        Some(Refusal::Constraint) => format!("`{written}` {}", breaks(rules, st, mv)),
        Some(Refusal::Check) => {
            let after = rules.after(st, rules.base(mv));
            match rules.attacked_royal(&after, side) {
                Some((royal, by)) => {
                    let after_piece =
                        |s: SiteId| describe_piece(rules, &after, s).unwrap_or_else(|| site(s));
                    format!(
                        "`{written}` would leave {} attacked by {}",
                        after_piece(royal),
                        after_piece(by)
                    )
                }
                None => format!("`{written}` would leave a royal piece attacked"),
            }
        }
        Some(Refusal::Captures) => format!(
            "the capture rule (`{}`) keeps only these moves: {}",
            match rules.captures {
                Captures::Compulsory => "compulsory",
                Captures::Maximum => "maximum",
                Captures::Free => "free",
            },
            list(&legal)
        ),
        Some(Refusal::Priority(i)) => format!(
            "a priority of the game ({}) keeps only these moves: {}",
            rules.priorities[i].text,
            list(&legal)
        ),
        Some(Refusal::Demand) => format!(
            "the last move demanded a move that meets its rule: {}",
            list(&legal)
        ),
        Some(Refusal::NoDemand) => who_demands(rules),
    }
}

/// Which sides may make a move demanding.
fn who_demands(rules: &Rules) -> String {
    match &rules.demand {
        Some(d) => format!(
            "only moves of {} may demand",
            d.sides
                .iter()
                .map(|&s| rules.side_name(s))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        None => "this game has no demands: drop the `!`".into(),
    }
}

/// `the white king on e1`, for the piece on a site.
fn describe_piece(rules: &Rules, st: &State, s: SiteId) -> Option<String> {
    let (side, kind) = st.piece_at(rules, s)?;
    Some(format!(
        "the {} {} on {}",
        rules.side_name(side),
        rules.kinds[kind as usize].name,
        rules.board.site_name(s)
    ))
}

/// The move a text names, legal or not, for explanations: a legal move it
/// reads as, or the step, drop, barrier or pass it spells.
pub fn read_any_move(rules: &Rules, st: &State, text: &str) -> Result<Move, MoveError> {
    if let Ok(mv) = parse_move(rules, st, text) {
        return Ok(mv);
    }
    let text = text.trim();
    let plain = text.strip_suffix('!').unwrap_or(text);
    let plain = plain.rsplit_once('=').map_or(plain, |(p, _)| p);
    if plain == "pass" {
        return Ok(Move::Pass);
    }
    if let Some(at) = plain
        .strip_prefix("huff@")
        .and_then(|s| rules.board.site(s))
    {
        return Ok(Move::Huff(at));
    }
    if let Some((kind, at)) = plain.split_once('@') {
        let k = rules
            .kinds
            .iter()
            .position(|k| k.name == kind || k.symbol.eq_ignore_ascii_case(kind));
        if let (Some(k), Some(to)) = (k, rules.board.site(at)) {
            return Ok(Move::Drop {
                kind: k as KindId,
                to,
            });
        }
    }
    let split = plain
        .char_indices()
        .filter(|&(_, c)| c == '-' || c == 'x')
        .map(|(i, _)| (&plain[..i], &plain[i + 1..]))
        .find(|(a, b)| rules.board.site(a).is_some() && rules.board.site(b).is_some());
    if let Some((a, b)) = split {
        return Ok(Move::Step {
            from: site(rules, a)?,
            to: site(rules, b)?,
        });
    }
    if let Some(slot) = rules.board.slot(plain) {
        if let Some(b) =
            (0..rules.barriers.len()).find(|&b| rules.barriers[b].slots.contains(&slot))
        {
            return Ok(Move::Place {
                barrier: b as BarrierId,
                slot,
            });
        }
    }
    parse_move(rules, st, text)
}

fn placement_hint(rules: &Rules, st: &State, slot: u16) -> Option<String> {
    let side = rules.to_move(st);
    let kinds: Vec<&BarrierKind> = rules
        .barriers
        .iter()
        .filter(|b| b.slots.contains(&slot))
        .collect();
    if kinds.iter().all(|b| {
        let id = rules.barrier(&b.name).unwrap();
        st.reserve(rules, side, id) == 0
    }) {
        return Some(format!("{} has no barrier left", rules.side_name(side)));
    }
    let conflicts = &rules.board.slots[slot as usize].conflicts;
    if let Some(&c) = conflicts.iter().find(|&&c| st.slots[c as usize] != 0) {
        let other = &rules.board.slots[c as usize].name;
        return Some(if c == slot {
            format!("a barrier already stands on {other}")
        } else {
            format!("it would overlap or cross the barrier on {other}")
        });
    }
    if !rules.phases[st.phase()]
        .iter()
        .any(|a| matches!(a, Action::Place(_)))
    {
        return Some("barriers cannot be placed in this phase of the turn".into());
    }
    let mv = Move::Place {
        barrier: kinds.first().and_then(|b| rules.barrier(&b.name))?,
        slot,
    };
    Some(format!("it {}", breaks(rules, st, mv)))
}

/// `would break the rule `...``: the first constraint that `mv` breaks.
fn breaks(rules: &Rules, st: &State, mv: Move) -> String {
    let after = rules.after(st, rules.base(mv));
    match rules.broken_constraint(&after, rules.to_move(st)) {
        Some(i) => format!("would break the rule `{}`", rules.constraints[i].text),
        None => "would break a constraint of the game".into(),
    }
}

// ---------------------------------------------------------------- positions

/// The textual form of a position:
/// `pieces white pawn e1, black pawn e9; barriers e3h; reserves white wall 9,
/// black wall 10; turn white`.
pub fn position_to_string(rules: &Rules, st: &State) -> String {
    let mut parts = Vec::new();
    // Grouped by side and kind, in the order the file declares them.
    let mut pieces = Vec::new();
    for side in 0..rules.sides.len() as SideId {
        for kind in 0..rules.kinds.len() as KindId {
            let sites: Vec<&str> = (0..rules.board.n_sites())
                .map(|i| SiteId(i as u16))
                .filter(|&s| st.piece_at(rules, s) == Some((side, kind)))
                .map(|s| rules.board.site_name(s))
                .collect();
            if !sites.is_empty() {
                pieces.push(format!(
                    "{} {} {}",
                    rules.side_name(side),
                    rules.kinds[kind as usize].name,
                    sites.join(" ")
                ));
            }
        }
    }
    parts.push(
        format!("pieces {}", pieces.join(", "))
            .trim_end()
            .to_string(),
    );
    if !rules.barriers.is_empty() {
        let slots: Vec<String> = (0..rules.board.slots.len() as u16)
            .filter_map(|slot| st.barrier_at(slot).map(|b| slot_text(rules, b, slot)))
            .collect();
        parts.push(
            format!("barriers {}", slots.join(" "))
                .trim_end()
                .to_string(),
        );
    }
    // Every barrier kind, and the piece kinds the game ever holds in hand.
    let mut reserves = Vec::new();
    for side in 0..rules.sides.len() as SideId {
        for b in 0..rules.barriers.len() as BarrierId {
            reserves.push(format!(
                "{} {} {}",
                rules.side_name(side),
                rules.barriers[b as usize].name,
                st.reserve(rules, side, b)
            ));
        }
        for k in 0..rules.kinds.len() as KindId {
            let held = |s: &State| {
                (0..rules.sides.len() as SideId).any(|x| s.pieces_in_hand(rules, x, k) > 0)
            };
            if held(&rules.initial) || held(st) {
                reserves.push(format!(
                    "{} {} {}",
                    rules.side_name(side),
                    rules.kinds[k as usize].name,
                    st.pieces_in_hand(rules, side, k)
                ));
            }
        }
    }
    for side in 0..rules.sides.len() as SideId {
        for (t, name) in rules.tokens.iter().enumerate() {
            reserves.push(format!(
                "{} {name} {}",
                rules.side_name(side),
                st.tokens_left(rules, side, t as TokenId)
            ));
        }
    }
    if !reserves.is_empty() {
        parts.push(format!("reserves {}", reserves.join(", ")));
    }
    let side = rules.to_move(st);
    let once = st.turn as usize >= rules.prelude.len()
        && rules.order.iter().filter(|&&s| s == side).count() == 1;
    let mut turn = if once {
        format!("turn {}", rules.side_name(side))
    } else {
        format!("turn {}", st.turn + 1)
    };
    if st.phase > 0 {
        turn.push_str(&format!(" phase {}", st.phase + 1));
    }
    parts.push(turn);
    if st.passes > 0 {
        parts.push(format!("passes {}", st.passes));
    }
    if st.demanded {
        parts.push("demanded".to_string());
    }
    if let Some(s) = st.huffable {
        parts.push(format!("huffable {}", rules.board.site_name(s)));
    }
    parts.join("; ")
}

/// Reads a position printed by [`position_to_string`] (or written by hand),
/// reporting every problem at once. Spans are byte offsets in `text`,
/// reported against `file`.
pub fn parse_position(rules: &Rules, text: &str, file: FileId) -> Result<State, Vec<Diagnostic>> {
    let sections = syntax::parse_position(text).map_err(|e| {
        vec![Diagnostic::error("syntax", e.message)
            .at(Loc { file, span: e.span })
            .label("here")]
    })?;
    let mut r = PositionReader {
        rules,
        file,
        st: rules.initial.clone(),
        errors: Vec::new(),
    };
    let mut seen_pieces = false;
    let mut seen_turn = false;
    for (section, section_span) in sections {
        match section {
            PosSection::Pieces(list) => {
                if !seen_pieces {
                    r.st.board.iter_mut().for_each(|v| *v = 0);
                    seen_pieces = true;
                }
                r.pieces(list);
            }
            PosSection::Barriers(list) => r.barriers(list),
            PosSection::Reserves(list) => r.reserves(list),
            PosSection::Passes(n, span) => r.passes(n, span),
            PosSection::Demanded => r.demanded(section_span),
            PosSection::Huffable(site) => r.huffable(site),
            PosSection::Turn { side, phase } => {
                seen_turn = true;
                r.turn(side, phase);
            }
        }
    }
    let PositionReader {
        mut st, mut errors, ..
    } = r;
    let at = |span: std::ops::Range<usize>| Loc { file, span };
    if !seen_turn {
        errors.push(
            Diagnostic::error("bad-turn", "the position does not say whose turn it is")
                .at(at(text.len()..text.len()))
                .hint("end it with `; turn SIDE`"),
        );
    }
    if let Some(s) = st.huffable.filter(|s| st.board[s.0 as usize] == 0) {
        errors.push(
            Diagnostic::error(
                "bad-position",
                format!("`huffable {}` names no piece", rules.board.site_name(s)),
            )
            .at(at(0..text.len()))
            .hint("name the site of the piece the side to move may huff"),
        );
    }
    rules.index_pieces(&mut st);
    if errors.is_empty() && !rules.constraints_hold_in(&st) {
        errors.push(
            Diagnostic::error(
                "setup-breaks-constraint",
                "this position breaks the game's constraints",
            )
            .at(at(0..text.len())),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    rules.decide(&mut st);
    Ok(st)
}

/// The position being read, section by section, and the problems found.
struct PositionReader<'a> {
    rules: &'a Rules,
    file: FileId,
    st: State,
    errors: Vec<Diagnostic>,
}

impl PositionReader<'_> {
    fn at(&self, span: Span) -> Loc {
        Loc {
            file: self.file,
            span,
        }
    }

    fn unknown(&mut self, what: &str, n: &Name, known: Vec<&str>) {
        let d = Diagnostic::error("unknown-name", format!("unknown {what} `{}`", n.text))
            .at(self.at(n.span.clone()))
            .label(format!("no {what} has this name"))
            .hint(suggest(&n.text, known));
        self.errors.push(d);
    }

    fn unknown_side(&mut self, side: &Name) {
        let rules = self.rules;
        self.unknown(
            "side",
            side,
            rules.sides.iter().map(|s| s.name.as_str()).collect(),
        );
    }

    /// `pieces`: each side's pieces of a kind on their sites.
    fn pieces(&mut self, list: Vec<(Name, Name, Vec<Name>)>) {
        let rules = self.rules;
        for (side, kind, sites) in list {
            let s = rules.side(&side.text);
            let k = rules.kind(&kind.text);
            if s.is_none() {
                self.unknown_side(&side);
            }
            if k.is_none() {
                self.unknown(
                    "piece",
                    &kind,
                    rules.kinds.iter().map(|k| k.name.as_str()).collect(),
                );
            }
            for site in sites {
                let Some(t) = rules.board.site(&site.text) else {
                    let d =
                        Diagnostic::error("unknown-name", format!("unknown site `{}`", site.text))
                            .at(self.at(site.span.clone()))
                            .label("not on this board")
                            .hint(crate::compile::board_extent(&rules.board));
                    self.errors.push(d);
                    continue;
                };
                if self.st.board[t.0 as usize] != 0 {
                    let d = Diagnostic::error(
                        "two-pieces-one-site",
                        format!("two pieces on `{}`", site.text),
                    )
                    .at(self.at(site.span.clone()))
                    .label("already occupied");
                    self.errors.push(d);
                }
                if let (Some(s), Some(k)) = (s, k) {
                    self.st.board[t.0 as usize] = rules.man(s, k);
                }
            }
        }
    }

    /// `barriers`: barriers in their slots, each of one kind that fits.
    fn barriers(&mut self, list: Vec<(Option<Name>, Name)>) {
        let rules = self.rules;
        for (kind, slot_name) in list {
            let Some(slot) = rules.board.slot(&slot_name.text) else {
                self.unknown(
                    "barrier slot",
                    &slot_name,
                    rules.board.slots.iter().map(|s| s.name.as_str()).collect(),
                );
                continue;
            };
            let kinds: Vec<BarrierId> = (0..rules.barriers.len() as BarrierId)
                .filter(|&b| rules.barriers[b as usize].slots.contains(&slot))
                .filter(|&b| {
                    kind.as_ref()
                        .is_none_or(|k| rules.barriers[b as usize].name == k.text)
                })
                .collect();
            let [b] = kinds.as_slice() else {
                let d = Diagnostic::error(
                    "bad-barrier",
                    format!("no single barrier kind fits `{}`", slot_name.text),
                )
                .at(self.at(slot_name.span.clone()))
                .hint("write `kind:slot`");
                self.errors.push(d);
                continue;
            };
            let clash = rules.board.slots[slot as usize]
                .conflicts
                .iter()
                .find(|&&c| self.st.slots[c as usize] != 0);
            if let Some(&c) = clash {
                let d = Diagnostic::error(
                    "barrier-conflict",
                    format!(
                        "the barrier on `{}` overlaps or crosses the one on `{}`",
                        slot_name.text, rules.board.slots[c as usize].name
                    ),
                )
                .at(self.at(slot_name.span.clone()));
                self.errors.push(d);
                continue;
            }
            self.st.slots[slot as usize] = b + 1;
            for &e in &rules.board.slots[slot as usize].edges {
                self.st.blocked[(e / 64) as usize] |= 1 << (e % 64);
            }
        }
    }

    /// `reserves`: how many barriers, pieces or tokens each side holds.
    fn reserves(&mut self, list: Vec<(Name, Name, u32, Span)>) {
        let rules = self.rules;
        for (side, kind, n, span) in list {
            let s = rules.side(&side.text);
            // Barrier kinds first, then piece kinds, then tokens.
            let item = rules
                .barrier(&kind.text)
                .map(|b| b as usize)
                .or_else(|| {
                    rules
                        .kind(&kind.text)
                        .map(|k| rules.barriers.len() + k as usize)
                })
                .or_else(|| {
                    let t = rules.tokens.iter().position(|t| *t == kind.text)?;
                    Some(rules.barriers.len() + rules.kinds.len() + t)
                });
            if s.is_none() {
                self.unknown_side(&side);
            }
            if item.is_none() {
                self.unknown(
                    "barrier, piece or token",
                    &kind,
                    rules
                        .barriers
                        .iter()
                        .map(|b| b.name.as_str())
                        .chain(rules.kinds.iter().map(|k| k.name.as_str()))
                        .chain(rules.tokens.iter().map(String::as_str))
                        .collect(),
                );
            }
            if n > 255 {
                let d = Diagnostic::error("out-of-range", "a reserve holds at most 255")
                    .at(self.at(span));
                self.errors.push(d);
                continue;
            }
            if let (Some(s), Some(item)) = (s, item) {
                self.st.reserves[s as usize * rules.n_items() + item] = n as u8;
            }
        }
    }

    /// `passes N`: the passes in a row so far.
    fn passes(&mut self, n: u32, span: Span) {
        let rules = self.rules;
        if n as usize >= rules.order.len() {
            let d = Diagnostic::error(
                "out-of-range",
                format!("{n} passes in a row would have ended the game"),
            )
            .at(self.at(span))
            .hint(format!(
                "at most {} in this game",
                rules.order.len().saturating_sub(1)
            ));
            self.errors.push(d);
        } else {
            self.st.passes = n as u8;
        }
    }

    /// `demanded`: the last move demanded.
    fn demanded(&mut self, span: Span) {
        if self.rules.demand.is_none() {
            let d = Diagnostic::error("bad-position", "this game has no demands")
                .at(self.at(span))
                .hint("remove `demanded`");
            self.errors.push(d);
        }
        self.st.demanded = true;
    }

    /// `huffable SITE`: the piece the side to move may huff.
    fn huffable(&mut self, site: Name) {
        let rules = self.rules;
        if rules.huff.is_none() || rules.huff_claim == HuffClaim::Automatic {
            let d = Diagnostic::error("bad-position", "no huff is ever claimed in this game")
                .at(self.at(site.span.clone()))
                .hint("remove `huffable`: only `[turn] huff_claim` leaves a huff to claim");
            self.errors.push(d);
            return;
        }
        match rules.board.site(&site.text) {
            Some(s) => self.st.huffable = Some(s),
            None => {
                let d = Diagnostic::error("unknown-name", format!("unknown site `{}`", site.text))
                    .at(self.at(site.span.clone()))
                    .label("not on this board")
                    .hint(crate::compile::board_extent(&rules.board));
                self.errors.push(d);
            }
        }
    }

    /// `turn SIDE [phase N]`, or `turn N`: whose turn it is.
    fn turn(&mut self, side: Name, phase: Option<(u32, Span)>) {
        let rules = self.rules;
        let by_index = side.text.parse::<usize>().ok();
        let n_turns = rules.prelude.len() + rules.order.len();
        let turn = match by_index {
            Some(i) if i >= 1 && i <= n_turns => Some(i - 1),
            Some(_) => None,
            None => rules
                .side(&side.text)
                .and_then(|s| rules.order.iter().position(|&o| o == s))
                .map(|i| rules.prelude.len() + i),
        };
        match turn {
            Some(t) => self.st.turn = t as u8,
            None => {
                let d = Diagnostic::error(
                    "bad-turn",
                    format!("`{}` is not a turn of this game", side.text),
                )
                .at(self.at(side.span.clone()))
                .hint(format!(
                    "name a side in the turn order ({}) or its 1-based index",
                    rules
                        .order
                        .iter()
                        .map(|&s| rules.side_name(s))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                self.errors.push(d);
            }
        }
        if let Some((p, span)) = phase {
            if p >= 1 && (p as usize) <= rules.phases.len() {
                self.st.phase = (p - 1) as u8;
            } else {
                let d = Diagnostic::error(
                    "bad-turn",
                    format!("this game's turns have {} phases", rules.phases.len()),
                )
                .at(self.at(span));
                self.errors.push(d);
            }
        }
    }
}
