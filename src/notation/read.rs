//! Reading moves: a typed or recorded move matched against the legal moves,
//! with the reason when it is refused.

use super::*;

pub(super) fn site(rules: &Rules, name: &str) -> Result<SiteId, MoveError> {
    let board = &rules.board;
    board
        .site(name)
        .ok_or_else(|| match board.site_drawn_at(name) {
            Some(s) => MoveError {
                message: format!("there is no site `{name}` on this board"),
                hint: Some(format!(
                    "{name} is part of the site `{}`, which is drawn over it",
                    board.site_name(s)
                )),
            },
            None if board.grid_square(name).is_some_and(|xy| board.is_hole(xy)) => MoveError {
                message: format!("`{name}` is a hole of this board"),
                hint: Some(format!(
                    "the board's `holes` leave {name} out: no piece stands or moves there"
                )),
            },
            None => MoveError {
                message: format!("there is no site `{name}` on this board"),
                // A close name, or the board's extent: a list of every
                // site says less than its files and ranks.
                hint: Some(
                    match crate::diag::closest(name, board.sites.iter().map(|s| s.name.as_str())) {
                        Some(c) => format!("did you mean `{c}`?"),
                        None => crate::compile::board_extent(board),
                    },
                ),
            },
        })
}

/// A barrier slot the board does not have, with the reason: a hole it
/// would touch, or the edge of the board.
fn missing_slot(rules: &Rules, name: &str) -> Option<MoveError> {
    if rules.barriers.is_empty() {
        return None;
    }
    let why = rules.board.missing_slot(name)?;
    Some(MoveError {
        message: format!("there is no barrier slot `{name}` on this board"),
        hint: why_no_slot(&why),
    })
}

/// Why no huff can be claimed, or which one can.
pub(super) fn no_huff(rules: &Rules, st: &State) -> String {
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

/// Why `xSITE` is no legal removal: no piece is to be removed now, or not
/// that one (with the ones that may be).
fn no_removal(rules: &Rules, legal: &[Move], texts: &[String], at: SiteId) -> MoveError {
    let name = rules.board.site_name(at);
    let allowed: Vec<&str> = (legal.iter().zip(texts))
        .filter(|(m, _)| matches!(m, Move::Remove(_)))
        .map(|(_, t)| t.as_str())
        .collect();
    if allowed.is_empty() {
        return MoveError {
            message: format!("`x{name}` removes a piece, and no piece is to be removed now"),
            hint: Some("a piece is removed in a phase with `remove`, when it comes".into()),
        };
    }
    MoveError {
        message: format!("the piece on {name} may not be removed here"),
        hint: Some(format!("the removals allowed: {}", allowed.join(" "))),
    }
}

/// The longest move text read: a move of many steps is still far shorter,
/// and a longer text is refused before any reading (which is not linear).
pub const MAX_MOVE_TEXT: usize = 4096;

fn too_long(text: &str) -> Result<(), MoveError> {
    if text.len() <= MAX_MOVE_TEXT {
        return Ok(());
    }
    Err(MoveError {
        message: format!(
            "a move text of {} bytes is too long: a move is written in at most {MAX_MOVE_TEXT}",
            text.len()
        ),
        hint: None,
    })
}

/// Parses a move typed or read from a record, and checks it is legal here.
pub fn parse_move(rules: &Rules, st: &State, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    too_long(text)?;
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    if rules.outcome(st) != Outcome::Ongoing {
        return Err(MoveError {
            message: format!("the game is over; `{text}` cannot be played"),
            hint: None,
        });
    }
    // Any legal move as it is printed, whatever its kind.
    let texts = move_texts(rules, st, &legal);
    if let Some(i) = texts.iter().position(|t| t == text) {
        return Ok(legal[i]);
    }
    // Or as its short form is printed (`g7/H`: a destination, and the
    // piece left behind).
    if let Some(i) = short_texts(rules, st, &legal)
        .iter()
        .position(|t| t == text)
    {
        return Ok(legal[i]);
    }
    if let Some(found) = by_other_form(rules, st, &legal, &texts, text) {
        return found;
    }
    if text.starts_with("roll") || rules.is_chance(st) {
        return Err(not_a_roll(rules, st, &texts, text));
    }
    if rules.notation.written() {
        if let Some(found) = super::san::read_san(rules, st, &legal, text) {
            return found;
        }
    }
    // The one legal move printed so, but for its promotion suffix (`b6xd8`
    // for `b6xd8=K`).
    let unsuffixed: Vec<usize> = (0..texts.len())
        .filter(|&i| (texts[i].rsplit_once('=')).is_some_and(|(plain, _)| plain == text))
        .collect();
    if let [i] = unsuffixed[..] {
        return Ok(legal[i]);
    }
    if let Some((plain, written)) = text.rsplit_once('=').filter(|_| !text.ends_with('!')) {
        return parse_promotion(rules, st, (&legal, &texts), plain, written);
    }
    if let Some(plain) = text.strip_suffix('!') {
        return parse_demand(rules, st, &legal, plain);
    }
    if let Some(split) = text.rsplit_once('/').filter(|_| rules.leave_kinds != 0) {
        return Err(super::explain::leave_refused(rules, st, text, split));
    }
    if text.contains("<>") {
        return Err(no_such_swap(rules, &legal, &texts, text));
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
        return parse_drop(rules, st, &legal, text, (kind, at));
    }
    if let Some(at) = text.strip_prefix('x').and_then(|a| rules.board.site(a)) {
        return Err(no_removal(rules, &legal, &texts, at));
    }
    if text.matches(['x', '-']).count() > 1
        && text
            .split(['x', '-'])
            .all(|p| rules.board.site(p).is_some())
    {
        return match by_another_path(rules, st, &legal, text) {
            Some(mv) => Ok(mv),
            None => Err(no_such_chain(rules, &legal, &texts, text)),
        };
    }
    if text == "pass" {
        return if legal.contains(&Move::Pass) {
            Ok(Move::Pass)
        } else {
            Err(MoveError {
                message: "passing is not allowed now".into(),
                hint: Some(
                    "a pass is a move where the turn offers it (`pass` in a phase, or \
                     `no_moves = \"pass\"` with no other move), and a side in check cannot \
                     pass (but where `[turn] pass_in_check` holds)"
                        .into(),
                ),
            })
        };
    }
    if let Some((a, b)) = step_halves(rules, text) {
        return parse_step(rules, st, &legal, text, (a, b));
    }
    // A barrier slot, perhaps with its kind.
    let (kind, slot_name) = match text.split_once(':') {
        Some((k, s)) => (Some(k), s),
        None => (None, text),
    };
    if rules.board.slot(slot_name).is_some() {
        return parse_placement(rules, st, &legal, text, (kind, slot_name));
    }
    if let Some(e) = missing_slot(rules, slot_name) {
        return Err(e);
    }
    parse_destination(rules, st, &legal, text)
}

/// A legal move written in another of its forms (a chain's whole path
/// where its plain text is enough, or its plain text where the path is
/// printed; `e1<>e2` for `K<>e2`; `officer@c5`), with or without its
/// promotion suffix; an error if the text names several; `None` if none.
fn by_other_form(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    texts: &[String],
    text: &str,
) -> Option<Result<Move, MoveError>> {
    let named: Vec<usize> = (0..legal.len())
        .filter(|&i| !matches!(legal[i], Move::Demanding(_)))
        .filter(|&i| {
            let suffix = promotion_suffix(rules, st, legal[i]);
            forms(rules, st, rules.base(legal[i]))
                .iter()
                .any(|f| f == text || text.strip_suffix(suffix.as_str()) == Some(f))
        })
        .collect();
    match named.as_slice() {
        [] => None,
        &[i] => Some(Ok(legal[i])),
        many => Some(Err(MoveError {
            message: format!("`{text}` could be several moves"),
            hint: Some(format!(
                "write one of {}",
                many.iter()
                    .map(|&i| texts[i].as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        })),
    }
}

/// `TEXT` (as typed) is not a legal move here, with a hint.
fn not_legal(text: &str, hint: Option<String>) -> MoveError {
    MoveError {
        message: format!("`{text}` is not a legal move here"),
        hint,
    }
}

/// `MOVE=K`: the move, if it makes its piece a `K`; where its piece
/// chooses, the one of its moves that chooses `K`. `legal` are the legal
/// moves, with their texts.
fn parse_promotion(
    rules: &Rules,
    st: &State,
    (legal, texts): (&[Move], &[String]),
    plain: &str,
    written: &str,
) -> Result<Move, MoveError> {
    let makes = |m: Move| {
        let suffix = promotion_suffix(rules, st, m);
        !suffix.is_empty() && suffix[1..].eq_ignore_ascii_case(written)
    };
    let choices = |base: Move| -> Vec<usize> {
        (0..legal.len())
            .filter(|&i| !matches!(legal[i], Move::Demanding(_)) && rules.base(legal[i]) == base)
            .collect()
    };
    let mv = match parse_move(rules, st, plain) {
        Ok(mv) => mv,
        Err(e) => {
            // Several moves, perhaps one move's choices: `e8` or `e7-e8`
            // for `e7-e8=Q` and `e7-e8=N`.
            let to = rules.board.site(plain);
            let plainly: Vec<usize> = (0..legal.len())
                .filter(|&i| !matches!(legal[i], Move::Demanding(_)))
                .filter(|&i| {
                    texts[i].rsplit_once('=').is_some_and(|(p, _)| p == plain)
                        || to.is_some()
                            && matches!(rules.base(legal[i]), Move::Step { to: t, .. } if Some(t) == to)
                })
                .collect();
            let named: Vec<usize> = plainly
                .iter()
                .copied()
                .filter(|&i| makes(legal[i]))
                .collect();
            return match (&named[..], plainly.is_empty()) {
                (&[i], _) => Ok(legal[i]),
                ([], false) => {
                    let all: Vec<&str> = plainly.iter().map(|&i| texts[i].as_str()).collect();
                    Err(MoveError {
                        message: format!("`{plain}` does not make the piece a `{written}`"),
                        hint: Some(format!("write one of {}", all.join(", "))),
                    })
                }
                _ => Err(e),
            };
        }
    };
    let siblings = choices(rules.base(mv));
    if let Some(&i) = siblings.iter().find(|&&i| makes(legal[i])) {
        return Ok(legal[i]);
    }
    let suffix = promotion_suffix(rules, st, mv);
    Err(MoveError {
        message: format!("`{plain}` does not make the piece a `{written}`"),
        hint: Some(if siblings.len() > 1 {
            let all: Vec<&str> = siblings.iter().map(|&i| texts[i].as_str()).collect();
            format!("write one of {}", all.join(", "))
        } else if suffix.is_empty() {
            "the piece keeps its kind on this move: drop the `=...`".into()
        } else {
            format!("write `{plain}{suffix}`")
        }),
    })
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

/// A swap that is not among the legal moves, with the legal swaps, or why
/// there is none: no piece of the game swaps, or the game's tokens and
/// priorities may withhold one.
fn no_such_swap(rules: &Rules, legal: &[Move], texts: &[String], text: &str) -> MoveError {
    let swaps: Vec<&str> = (legal.iter().zip(texts))
        .filter(|(m, _)| matches!(rules.base(**m), Move::Swap { .. }))
        .map(|(_, t)| t.as_str())
        .collect();
    let swappers: Vec<&str> = (rules.kinds.iter())
        .filter(|k| (k.patterns.iter().flat_map(|p| &p.segments)).any(|seg| seg.swap.is_some()))
        .map(|k| k.name.as_str())
        .collect();
    let why_none = match (
        swappers.is_empty(),
        rules.tokens.is_empty(),
        rules.priorities.is_empty(),
    ) {
        (true, _, _) => "no piece of this game swaps".to_string(),
        (false, true, true) => format!("no {} can swap now", swappers.join(" or ")),
        (false, tokens, priorities) => {
            let mut may = Vec::new();
            if !tokens {
                may.push("its token may be spent");
            }
            if !priorities {
                may.push("a priority may leave it aside");
            }
            format!(
                "no {} can swap now: {}",
                swappers.join(" or "),
                may.join(", or ")
            )
        }
    };
    MoveError {
        message: format!("`{text}` is not a legal swap here"),
        hint: Some(if swaps.is_empty() {
            why_none
        } else {
            format!("the legal swaps: {}", swaps.join(", "))
        }),
    }
}

/// The legal chain that `text` writes along another of its paths: the
/// same captures taken in another order, or other stops on the way to the
/// same end (two such chains are one move, printed as the first found).
/// With or without its promotion suffix.
fn by_another_path(rules: &Rules, st: &State, legal: &[Move], text: &str) -> Option<Move> {
    let chains = legal.iter().filter_map(|&m| match (m, rules.base(m)) {
        (Move::Demanding(_), _) => None,
        (_, Move::Chain(id)) => Some((m, id)),
        _ => None,
    });
    for (mv, id) in chains {
        let suffix = promotion_suffix(rules, st, mv);
        let plain = text.strip_suffix(suffix.as_str()).unwrap_or(text);
        if !plain.starts_with(rules.board.site_name(rules.chain(id).from)) {
            continue;
        }
        let paths = rules.chain_paths(st, id);
        if (paths.iter())
            .any(|c| chain_text(rules, c) == plain || chain_path_text(rules, c) == plain)
        {
            return Some(mv);
        }
    }
    None
}

/// A sequence of captures that is not among the legal moves, with the
/// legal ones from the same site.
fn no_such_chain(rules: &Rules, legal: &[Move], texts: &[String], text: &str) -> MoveError {
    let from = &text[..text.find(['x', '-']).unwrap_or(0)];
    let chains: Vec<&str> = (legal.iter().zip(texts))
        .filter(
            |(m, _)| matches!(m, Move::Chain(c) if rules.board.site_name(rules.chain(*c).from) == from),
        )
        .map(|(_, t)| t.as_str())
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

/// A step from `a` to `b`, typed as `text`.
fn parse_step(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
    (a, b): (&str, &str),
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
        _ => Some(explain_typed(rules, st, mv, text)),
    };
    Err(not_legal(text, hint))
}

/// A barrier in the slot named `slot_name`, of the kind `kind` if one is
/// written; `text` as typed.
fn parse_placement(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
    (kind, slot_name): (Option<&str>, &str),
) -> Result<Move, MoveError> {
    if let Some(k) = kind.filter(|k| rules.barrier(k).is_none()) {
        return Err(MoveError {
            message: format!("there is no barrier kind `{k}`"),
            hint: Some(suggest(k, rules.barriers.iter().map(|b| b.name.as_str()))),
        });
    }
    let candidates: Vec<Move> = barriers_named(rules, slot_name, kind)
        .into_iter()
        .map(|(barrier, slot)| Move::Place { barrier, slot })
        .collect();
    let playable: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| legal.contains(m))
        .collect();
    match (playable.as_slice(), candidates.first()) {
        ([mv], _) => Ok(*mv),
        ([], None) => {
            let fit: Vec<String> = barriers_named(rules, slot_name, None)
                .iter()
                .map(|&(b, _)| format!("`{}:{slot_name}`", rules.barriers[b as usize].name))
                .collect();
            Err(MoveError {
                message: match kind {
                    Some(k) => format!("a `{k}` barrier does not fit the slot `{slot_name}`"),
                    None => format!("no barrier of this game fits the slot `{slot_name}`"),
                },
                hint: (!fit.is_empty()).then(|| format!("what fits there: {}", fit.join(", "))),
            })
        }
        ([], Some(&Move::Place { slot, .. })) => {
            Err(not_legal(text, placement_hint(rules, st, slot)))
        }
        ([], Some(_)) => Err(not_legal(text, None)),
        _ => Err(MoveError {
            message: format!("`{text}` could be several barriers"),
            hint: Some("write the kind first, such as `wall:e3h`".into()),
        }),
    }
}

/// A destination alone: the one legal step or drop that lands there.
fn parse_destination(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
) -> Result<Move, MoveError> {
    let to = site(rules, text).map_err(|mut e| {
        // A square of the grid is a destination; anything else may be
        // another kind of move mistyped.
        if rules.board.grid_square(text).is_none() {
            e.hint = Some(format!(
                "write a step as `e1-e2`, a barrier as `e3h`; {}",
                e.hint.unwrap_or_default()
            ));
        }
        e
    })?;
    let steps: Vec<Move> = legal
        .iter()
        .copied()
        // A destination alone is the plain move: one that also leaves a
        // piece behind is written with it (`g7/H`).
        .filter(|m| !matches!(m, Move::Demanding(_) | Move::Leaving(_)))
        .filter(|m| matches!(rules.base(*m), Move::Step { to: t, .. } | Move::Drop { to: t, .. } if t == to))
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

/// A piece of `kind` from the hand onto `at`, typed as `text`.
fn parse_drop(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
    (kind, at): (&str, &str),
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
    let hint = if let Some(why) = super::explain::drop_refused(rules, st, side, k, to) {
        why
    } else if !legal.iter().any(|m| matches!(m, Move::Drop { .. })) {
        "pieces cannot be placed now".to_string()
    } else {
        format!("{at} is not a site where it may be placed")
    };
    Err(not_legal(text, Some(hint)))
}

/// The move a text names, legal or not, for explanations: a legal move it
/// reads as, or the step, drop, barrier or pass it spells.
pub fn read_any_move(rules: &Rules, st: &State, text: &str) -> Result<Move, MoveError> {
    if let Ok(mv) = parse_move(rules, st, text) {
        return Ok(mv);
    }
    let text = text.trim();
    too_long(text)?;
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
    let (kind, slot_name) = match plain.split_once(':') {
        Some((k, s)) => (Some(k), s),
        None => (None, plain),
    };
    if let Some(&(barrier, slot)) = barriers_named(rules, slot_name, kind).first() {
        return Ok(Move::Place { barrier, slot });
    }
    parse_move(rules, st, text)
}

/// Why `text` is not one of the rolls a chance position offers, or why a
/// roll cannot be played where a side chooses its move.
fn not_a_roll(rules: &Rules, st: &State, texts: &[String], text: &str) -> MoveError {
    match rules.rolling(st) {
        Some(e) => MoveError {
            message: format!(
                "`{text}` is not an outcome of `{}`, which is rolled now",
                rules.chance[e as usize].name
            ),
            hint: Some(format!("the outcomes: {}", texts.join(" "))),
        },
        None => MoveError {
            message: format!("`{text}`: nothing is rolled now; a side chooses its move"),
            hint: Some(format!("the legal moves: {}", texts.join(" "))),
        },
    }
}
