//! Explanations: why a move is refused, in a sentence.

use super::*;

/// Why a move the side to move cannot play is refused, in a sentence; or
/// that it is legal.
pub fn explain(rules: &Rules, st: &State, mv: Move) -> String {
    let written = match rules.why_not(st, mv) {
        None => move_to_string(rules, st, mv),
        Some(_) => plain_move_text(rules, st, rules.base(mv)),
    };
    explain_typed(rules, st, mv, &written)
}

/// [`explain`], naming the move as it was typed: `typed` is the text that
/// was read as `mv` (`c5-d6` for a step onto a piece, which prints as
/// `c5xd6`).
pub fn explain_typed(rules: &Rules, st: &State, mv: Move, typed: &str) -> String {
    let side = rules.to_move(st);
    let written = typed;
    let site = |s: SiteId| rules.board.site_name(s).to_string();
    let piece = |s: SiteId| {
        describe_piece(rules, st, s).unwrap_or_else(|| format!("no piece on {}", site(s)))
    };
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    let texts = move_texts(rules, st, &legal);
    let list = |moves: &[Move]| {
        let mut listed: Vec<&str> = (legal.iter().zip(&texts))
            .filter(|(m, _)| moves.contains(m))
            .map(|(_, t)| t.as_str())
            .collect();
        listed.sort();
        listed.truncate(12);
        listed.join(", ")
    };
    match rules.why_not(st, mv) {
        None => format!("`{written}` is legal"),
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
                if let Some(why) = drop_refused(rules, st, side, kind, to) {
                    why
                } else {
                    format!(
                        "a {} cannot be placed on {} now",
                        rules.kinds[kind as usize].name,
                        site(to)
                    )
                }
            }
            Move::Pass => "passing is not allowed while a move is possible".into(),
            Move::Huff(_) => super::read::no_huff(rules, st),
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
        Some(Refusal::MatingDrop) => format!(
            "`{written}` would checkmate, and a drop of this kind may not (its `drop` says `mate = false`)"
        ),
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

/// Why no legal move starts on `at`: no piece, another side's piece, or,
/// for a piece of the side to move, the first of its moves that a rule
/// refuses (a pin: "`e2-e3` would leave the white king on e1 attacked by
/// the black bishop on b4"; a constraint; the capture rule), else that it
/// has none. `None` when a legal move starts there.
pub fn explain_site(rules: &Rules, st: &State, at: SiteId) -> Option<String> {
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    if legal.iter().any(|m| rules.move_from(m) == Some(at)) {
        return None;
    }
    let side = rules.to_move(st);
    let Some((owner, _)) = st.piece_at(rules, at) else {
        return Some(format!(
            "there is no piece on {}",
            rules.board.site_name(at)
        ));
    };
    let piece = describe_piece(rules, st, at).unwrap_or_default();
    if owner != side {
        let (owner, side) = (rules.side_name(owner), rules.side_name(side));
        return Some(format!(
            "{piece} belongs to {owner}, and it is {side}'s turn"
        ));
    }
    let refused = (0..rules.board.n_sites() as u16)
        .map(|to| Move::Step {
            from: at,
            to: SiteId(to),
        })
        .find(|&mv| !matches!(rules.why_not(st, mv), None | Some(Refusal::NoPattern)));
    Some(match refused {
        Some(mv) => explain(rules, st, mv),
        None => format!("{piece} has no legal move now"),
    })
}

/// Which sides may make a move demanding.
pub(super) fn who_demands(rules: &Rules) -> String {
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
pub(super) fn describe_piece(rules: &Rules, st: &State, s: SiteId) -> Option<String> {
    let (side, kind) = st.piece_at(rules, s)?;
    Some(format!(
        "the {} {} on {}",
        rules.side_name(side),
        rules.kinds[kind as usize].name,
        rules.board.site_name(s)
    ))
}

pub(super) fn placement_hint(rules: &Rules, st: &State, slot: u16) -> Option<String> {
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
    let Some(i) = rules.broken_constraint(st, &after, rules.to_move(st)) else {
        return "would break a constraint of the game".into();
    };
    let c = &rules.constraints[i];
    let named = c
        .name
        .as_ref()
        .map_or(String::new(), |n| format!(" (`{n}`)"));
    let when = match c.when {
        Some(_) => ", which binds this move: its `when` holds here",
        None => "",
    };
    format!("would break the rule `{}`{named}{when}", c.text)
}

/// Why a drop of `kind` onto `to` by `side` is refused, where the position
/// alone tells: nothing of that kind in hand, a falling drop that lands
/// elsewhere, the site taken, a site that does not meet the drop's
/// condition (`place KIND to COND`), or a constraint the drop would break.
pub(super) fn drop_refused(
    rules: &Rules,
    st: &State,
    side: SideId,
    kind: KindId,
    to: SiteId,
) -> Option<String> {
    if st.pieces_in_hand(rules, side, kind) == 0 {
        return Some(format!(
            "{} has no {} in hand",
            rules.side_name(side),
            rules.kinds[kind as usize].name
        ));
    }
    if let Some(why) = crate::render::fall_hint(rules, st, kind, to) {
        return Some(why);
    }
    let rule = &rules.kinds[kind as usize].drop;
    let name = &rules.kinds[kind as usize].name;
    if let Some(r) = rule
        .not_in
        .filter(|&r| rules.regions[r as usize].per_side[side as usize].contains(to))
    {
        return Some(format!(
            "a {name} may not be dropped in {} (its `drop` says `not_in`)",
            rules.regions[r as usize].name
        ));
    }
    if let (Some(limit), Some(file)) = (rule.file_limit, rules.board.file_of(to)) {
        let man = rules.man(side, kind);
        let on_file = (0..st.board.len())
            .filter(|&i| st.board[i] == man && rules.board.file_of(SiteId(i as u16)) == Some(file))
            .count();
        if on_file >= limit as usize {
            return Some(format!(
                "the file of {} holds {on_file} {name} of {} already (its `drop` says `file_limit = {limit}`)",
                rules.board.site_name(to),
                rules.side_name(side)
            ));
        }
    }
    let at = rules.board.site_name(to);
    if st.piece_at(rules, to).is_some() {
        return Some(format!("{at} is taken"));
    }
    if !rules.drop_condition_holds(st, side, kind, to) {
        return Some(format!(
            "{at} does not meet the condition of `place {name} to ...`"
        ));
    }
    let mv = Move::Drop { kind, to };
    (rules.why_not(st, mv) == Some(Refusal::Constraint))
        .then(|| format!("it {}", breaks(rules, st, mv)))
}

/// Why `text`, a move with a piece to leave behind (`g1-f3/H`, `e1-g1/Hh1`)
/// that is not legal, is refused: its plain move's refusal, or the `leave`
/// rule it breaks.
pub(super) fn leave_refused(
    rules: &Rules,
    st: &State,
    text: &str,
    (plain, left): (&str, &str),
) -> MoveError {
    let mv = match super::parse_move(rules, st, plain) {
        Ok(mv) => mv,
        Err(e) => return e,
    };
    let refused = |why: String| MoveError {
        message: format!("`{text}` is not a legal move here"),
        hint: Some(why),
    };
    // The kind by its symbol, then the site it is left on (the mover's
    // origin unless named).
    let named = rules.kinds.iter().enumerate().find_map(|(k, kind)| {
        let n = kind.symbol.len();
        (left.len() >= n
            && left.is_char_boundary(n)
            && left[..n].eq_ignore_ascii_case(&kind.symbol))
        .then(|| (k as KindId, &left[n..]))
    });
    let Some((kind, site_text)) = named else {
        return refused(format!("no piece is written `{left}`"));
    };
    let at = match site_text {
        "" => rules.move_from(&mv),
        name => rules.board.site(name),
    };
    let Some(at) = at else {
        return refused(format!("there is no site `{site_text}` on this board"));
    };
    let side = rules.to_move(st);
    let kind_name = &rules.kinds[kind as usize].name;
    let Some(piece) = describe_piece(rules, st, at) else {
        return refused(format!(
            "there is no piece on {} to leave it",
            rules.board.site_name(at)
        ));
    };
    let Some((_, mover)) = st.piece_at(rules, at) else {
        return refused(format!(
            "there is no piece on {}",
            rules.board.site_name(at)
        ));
    };
    let Some(leave) = &rules.kinds[mover as usize].leave else {
        return refused(format!(
            "{piece} leaves nothing behind: its kind has no `leave`"
        ));
    };
    if !leave.kinds.contains(&kind) {
        let may: Vec<&str> = leave
            .kinds
            .iter()
            .map(|&k| rules.kinds[k as usize].name.as_str())
            .collect();
        return refused(format!(
            "{piece} may leave only {} behind",
            may.join(" or ")
        ));
    }
    if let Some(flag) = leave.flag {
        if st
            .marks
            .get(at.0 as usize)
            .is_none_or(|m| m >> flag & 1 == 0)
        {
            return refused(format!(
                "{piece} no longer carries `{}`, which leaving a piece needs",
                rules.flags[flag as usize].name
            ));
        }
    }
    if st.pieces_in_hand(rules, side, kind) == 0 {
        return refused(format!(
            "{} has no {kind_name} in hand",
            rules.side_name(side)
        ));
    }
    refused(format!(
        "this move leaves no piece on {}",
        rules.board.site_name(at)
    ))
}
