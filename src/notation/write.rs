//! Writing moves: the full form, the short form, and the texts of a
//! position's legal moves.

use super::*;

/// Whether a barrier in `slot` is written with its kind: another kind has
/// a slot of the same name (the same slot, or one of another length).
fn slot_needs_kind(rules: &Rules, slot: u16) -> bool {
    barriers_named(rules, &rules.board.slots[slot as usize].name, None).len() > 1
}

pub(super) fn slot_text(rules: &Rules, barrier: BarrierId, slot: u16) -> String {
    let name = &rules.board.slots[slot as usize].name;
    if slot_needs_kind(rules, slot) {
        format!("{}:{name}", rules.barriers[barrier as usize].name)
    } else {
        name.clone()
    }
}

/// The text of a move: `e1-e2`, `e1xe2`, `d5xd3xf3`, `e3h`, `pass`, ...
/// Where two legal moves would read the same, each writes a longer form
/// that tells them apart (see [`move_texts`]), so this may generate the
/// legal moves; to write many moves of one position, use [`move_texts`].
pub fn move_to_string(rules: &Rules, st: &State, mv: Move) -> String {
    let plain = rules.base(mv);
    if forms(rules, st, plain).len() == 1 {
        return move_texts(rules, st, &[mv]).remove(0);
    }
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    let i = legal.iter().position(|&m| m == mv).unwrap_or_else(|| {
        legal.push(mv);
        legal.len() - 1
    });
    move_texts(rules, st, &legal).swap_remove(i)
}

/// The texts of `moves`, the legal moves of a position (or some of them),
/// each different from the others.
///
/// Each move has a list of forms, shortest first ([`forms`]): its plain
/// text, then, for a chain, its whole path (`c2xc3xd4`: every site where it
/// captures or stops); a swap where its piece stands, `e1<>e2` for `K<>e2`;
/// a drop, the kind's name for its symbol. A move keeps its plain text
/// unless another move of the list reads the same; then each of them that
/// has a longer form takes it, and so on until every text is unique or no
/// form is left. A demanding move is its plain move's text and `!`.
pub fn move_texts(rules: &Rules, st: &State, moves: &[Move]) -> Vec<String> {
    // One entry per plain move: a move and its demanding form share it.
    let mut plain: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        let b = rules.base(m);
        if !plain.contains(&b) {
            plain.push(b);
        }
    }
    let forms: Vec<Vec<String>> = plain.iter().map(|&m| forms(rules, st, m)).collect();
    let level = unique_levels(&forms);
    moves
        .iter()
        .map(|&m| {
            let i = plain.iter().position(|&p| p == rules.base(m)).unwrap_or(0);
            let mut text = forms[i][level[i]].clone();
            text.push_str(&promotion_suffix(rules, st, rules.undemanded(m)));
            text.push_str(&leave_suffix(rules, m));
            if matches!(m, Move::Demanding(_)) {
                text.push('!');
            }
            text
        })
        .collect()
}

/// Which form each move takes: the first, and a longer one for every move
/// whose text another shares, until the texts are unique or the forms run out.
fn unique_levels(forms: &[Vec<String>]) -> Vec<usize> {
    let mut level = vec![0; forms.len()];
    let mut settled = vec![false; forms.len()];
    loop {
        let text = |i: usize| forms[i][level[i]].as_str();
        let mut count: std::collections::HashMap<&str, usize> = Default::default();
        for i in 0..forms.len() {
            *count.entry(text(i)).or_default() += 1;
        }
        let mut longer = Vec::new();
        for i in 0..forms.len() {
            if settled[i] {
                continue;
            }
            if count[text(i)] == 1 {
                settled[i] = true;
            } else if level[i] + 1 < forms[i].len() {
                longer.push(i);
            }
        }
        if longer.is_empty() {
            return level;
        }
        for i in longer {
            level[i] += 1;
        }
    }
}

/// The forms a plain move may be written in, shortest first, without a
/// promotion suffix: its plain text, then the longer forms that tell it
/// apart from moves that read the same.
pub(super) fn forms(rules: &Rules, st: &State, mv: Move) -> Vec<String> {
    let site = |s: SiteId| rules.board.site_name(s);
    let plain = plain_move_text(rules, st, mv);
    let longer = match mv {
        Move::Chain(id) => chain_path_text(rules, &rules.chain(id)),
        Move::Swap {
            from, via, with, ..
        } if via == from => {
            format!("{}<>{}", site(from), site(with))
        }
        Move::Drop { kind, to } => format!("{}@{}", rules.kinds[kind as usize].name, site(to)),
        Move::Castle { from, with, .. } => castle_wing(rules, from, with).to_string(),
        // Also read with spaces, as OpenSpiel writes it: `roll 6`.
        Move::Roll { .. } => plain.replace(':', " "),
        _ => plain.clone(),
    };
    if longer == plain {
        vec![plain]
    } else {
        vec![plain, longer]
    }
}

/// A chain's plain text: its origin and every stop, joined by `x`.
pub(super) fn chain_text(rules: &Rules, chain: &Chain) -> String {
    let mut text = rules.board.site_name(chain.from).to_string();
    for &stop in chain.stops() {
        text.push('x');
        text.push_str(rules.board.site_name(stop));
    }
    text
}

/// A chain's whole path: every site where it captures or stops, in order,
/// each once, after its origin.
pub(super) fn chain_path_text(rules: &Rules, chain: &Chain) -> String {
    let mut path = vec![chain.from];
    for (s, _) in chain.path() {
        if path.last() != Some(&s) {
            path.push(s);
        }
    }
    let path: Vec<&str> = path.into_iter().map(|s| rules.board.site_name(s)).collect();
    path.join("x")
}

/// `=R` when the moving piece changes kind where it ends, else nothing;
/// for a move that chose its promotion, `=` and the kind chosen (its own,
/// when it declined).
pub(super) fn promotion_suffix(rules: &Rules, st: &State, mv: Move) -> String {
    if let Some(kind) = rules.chosen_kind(mv) {
        return format!("={}", rules.kinds[kind as usize].symbol);
    }
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
    match rules.promotion(&after, v, from, to) {
        Some((kind, _)) => format!("={}", rules.kinds[kind as usize].symbol),
        None => String::new(),
    }
}

/// What a move leaves behind (`leave`): `/H`, the symbol of the kind
/// taken from the hand, when it is left on the mover's origin; `/Hh1`
/// when on another site (a castling partner's origin); else nothing.
pub(super) fn leave_suffix(rules: &Rules, mv: Move) -> String {
    let Some((kind, at)) = rules.left_behind(mv) else {
        return String::new();
    };
    let symbol = &rules.kinds[kind as usize].symbol;
    if rules.move_from(&mv) == Some(at) {
        format!("/{symbol}")
    } else {
        format!("/{symbol}{}", rules.board.site_name(at))
    }
}

/// A castling's wing: `O-O` when the partner stands on a later file (or,
/// on the same file, a later rank) than the castling piece, else `O-O-O`.
pub(super) fn castle_wing(rules: &Rules, from: SiteId, with: SiteId) -> &'static str {
    let (a, b) = (
        &rules.board.sites[from.0 as usize],
        &rules.board.sites[with.0 as usize],
    );
    if (b.x, b.y) > (a.x, a.y) {
        "O-O"
    } else {
        "O-O-O"
    }
}

pub(super) fn plain_move_text(rules: &Rules, st: &State, mv: Move) -> String {
    match mv {
        Move::Demanding(_) => unreachable!("written by move_to_string"),
        Move::Promoting(_) | Move::Leaving(_) => plain_move_text(rules, st, rules.base(mv)),
        Move::Step { from, to } => {
            // Onto its own stack, a piece takes nothing.
            let onto_own =
                rules.stacking(st) && st.board[to.0 as usize] == st.board[from.0 as usize];
            let sep = if from != to && st.piece_at(rules, to).is_some() && !onto_own {
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
        Move::Chain(id) => chain_text(rules, &rules.chain(id)),
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
        Move::Castle { from, to, with } if from == to => castle_wing(rules, from, with).to_string(),
        Move::Castle { from, to, .. } => format!(
            "{}-{}",
            rules.board.site_name(from),
            rules.board.site_name(to)
        ),
        Move::Huff(at) => format!("huff@{}", rules.board.site_name(at)),
        Move::Remove(at) => format!("x{}", rules.board.site_name(at)),
        Move::Sow(at) => rules.board.site_name(at).to_string(),
        Move::Off(at) => format!("{}-off", rules.board.site_name(at)),
        Move::Pass => "pass".to_string(),
        Move::Roll { event, outcome } => roll_text(rules, event, outcome),
    }
}

/// The short form: a step by its destination alone where no other legal
/// step ends there, everything else in full. `legal` holds the position's
/// legal moves.
pub fn move_to_short(rules: &Rules, st: &State, mv: Move, legal: &[Move]) -> String {
    // Only a chain, a swap or a drop may need the others to be written.
    let text = match legal.iter().position(|&m| m == mv) {
        Some(i) if forms(rules, st, rules.base(mv)).len() > 1 => {
            move_texts(rules, st, legal).swap_remove(i)
        }
        Some(_) => move_texts(rules, st, &[mv]).remove(0),
        None => move_to_string(rules, st, mv),
    };
    shorten(rules, st, mv, legal, text)
}

/// The short forms of the legal moves `legal` (see [`move_to_short`]).
pub fn short_texts(rules: &Rules, st: &State, legal: &[Move]) -> Vec<String> {
    let texts = move_texts(rules, st, legal);
    (texts.into_iter().zip(legal))
        .map(|(text, &mv)| shorten(rules, st, mv, legal, text))
        .collect()
}

/// `text` for a step whose destination no other legal step or drop has,
/// `e2` (`e2=Q`, `e2!`) instead of `e1-e2`. A drop keeps its kind (`G@SW`),
/// though its site alone also reads back.
fn shorten(rules: &Rules, st: &State, mv: Move, legal: &[Move], text: String) -> String {
    let Move::Step { to, .. } = rules.base(mv) else {
        return text;
    };
    let same_to = legal
        .iter()
        .filter(|m| matches!(m, Move::Step { to: t, .. } | Move::Drop { to: t, .. } if *t == to))
        .count();
    if same_to != 1 || st.piece_at(rules, to).is_some() {
        return text;
    }
    let bang = if matches!(mv, Move::Demanding(_)) {
        "!"
    } else {
        ""
    };
    let suffix = promotion_suffix(rules, st, rules.undemanded(mv));
    let left = leave_suffix(rules, mv);
    format!("{}{suffix}{left}{bang}", rules.board.site_name(to))
}

/// A roll's text: `roll:6`, or `roll:coins:3` in a game with more than
/// one event; one word, as moves are listed separated by spaces.
pub fn roll_text(rules: &Rules, event: u8, outcome: u8) -> String {
    let chance = &rules.chance[event as usize];
    let join = |dice: Vec<String>| dice.join("-");
    let value = match (&chance.opening, chance.apart.get(outcome as usize)) {
        // An opening roll-off: each side's die, in the turn order.
        (Some(o), _) => join(
            o.throws[outcome as usize]
                .iter()
                .map(i64::to_string)
                .collect(),
        ),
        (None, Some(throw)) => join(throw.iter().map(u8::to_string).collect()),
        (None, None) => chance.value(outcome).to_string(),
    };
    // A roll-off is not counted: it bears the name of the event it opens.
    let declared = rules.chance.iter().filter(|c| c.opening.is_none()).count();
    match declared {
        1 => format!("roll:{value}"),
        _ => format!("roll:{}:{value}", rules.chance[event as usize].name),
    }
}
