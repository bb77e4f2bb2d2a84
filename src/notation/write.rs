//! Writing moves: the full form, the short form, and the texts of a
//! position's legal moves.

use super::*;

fn slot_needs_kind(rules: &Rules, slot: u16) -> bool {
    rules
        .barriers
        .iter()
        .filter(|b| b.slots.contains(&slot))
        .count()
        > 1
}

pub(super) fn slot_text(rules: &Rules, barrier: BarrierId, slot: u16) -> String {
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
pub(super) fn promotion_suffix(rules: &Rules, st: &State, mv: Move) -> String {
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

pub(super) fn plain_move_text(rules: &Rules, st: &State, mv: Move) -> String {
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
