//! Writing a position as FEN: its fields in the order `[fen] fields` gives
//! (FEN's six by default): the board rank by rank from the top (with the
//! pocket in brackets after it, crazyhouse's form), the side to move, the
//! castling field, the en passant square, the halfmove clock from its
//! `since(...)` counter, the move number from the history's plies, and the
//! pieces in hand (SFEN's form).

use super::fen::{has_mark, is_upper, pieces_of_kind, rank_pieces};
use super::fen_hands::{hands_text, Style};
use super::*;
use crate::rules::NO_LAST;

/// The FEN of a position; an error when the board has pieces a FEN cannot
/// place (on extra sites off the grid).
pub fn fen_string(rules: &Rules, st: &State) -> Result<String, String> {
    let board = &rules.board;
    if let Some(s) = (0..board.n_sites())
        .map(|i| SiteId(i as u16))
        .find(|&s| board.is_extra(s) && st.board[s.0 as usize] != 0)
    {
        return Err(format!(
            "the piece on {} stands off the grid, where a FEN has no square",
            board.site_name(s)
        ));
    }
    let plies = plies(st);
    let fields: Vec<String> = (rules.fen.fields().iter())
        .map(|field| match field {
            FenField::Board => board_text(rules, st),
            FenField::Side => side_text(rules, st),
            FenField::Castling => castling_text(rules, st),
            FenField::EnPassant => en_passant_text(rules, st),
            FenField::Halfmove => {
                let counter = rules.fen.halfmove;
                counter.map_or(0, |i| rules.plies_since(st, i)).to_string()
            }
            FenField::Fullmove => (plies / rules.order.len().max(1) as u32 + 1).to_string(),
            FenField::Ply => (plies + 1).to_string(),
            FenField::Hands => hands_text(rules, st, Style::Counts),
            FenField::Counter(i) => super::fen_counters::counter_text(rules, st, *i),
        })
        .collect();
    Ok(fields.join(" "))
}

/// The plies played since the game's start, as far as the position knows
/// them: its history's, from the move number it was read with (0 in a
/// game that keeps no history).
fn plies(st: &State) -> u32 {
    (st.history.as_ref()).map_or(0, |h| h.before + h.seen().len().saturating_sub(1) as u32)
}

/// A site holding more than one piece, in the board field: its pieces'
/// symbols from the top down, in parentheses (`(wBb)`: a column; `(MMM)`:
/// a stack of three of a kind).
fn stack_text(rules: &Rules, st: &State, s: SiteId, h: u32) -> String {
    let symbol =
        |(side, kind): (SideId, KindId)| rules.sides[side as usize].symbols[kind as usize].clone();
    let pieces: Vec<String> = match rules.columns {
        Some(_) => rules.column(st, s).into_iter().map(symbol).collect(),
        None => (0..h)
            .filter_map(|_| st.piece_at(rules, s))
            .map(symbol)
            .collect(),
    };
    format!("({})", pieces.concat())
}

/// The board field: ranks from the top, runs of empty squares as numbers;
/// the pocket in brackets after it when `[fen] hands = "brackets"`.
fn board_text(rules: &Rules, st: &State) -> String {
    let board = &rules.board;
    let mut ranks = Vec::new();
    for y in (0..board.ranks).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for x in 0..board.files {
            match board.square_site(x, y).and_then(|s| st.piece_at(rules, s)) {
                Some((side, kind)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let s = board.square_site(x, y).unwrap_or(SiteId(0));
                    match rules.height(st, s) {
                        h if h > 1 => text.push_str(&stack_text(rules, st, s, h)),
                        _ => text.push_str(&rules.sides[side as usize].symbols[kind as usize]),
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let mut text = ranks.join("/");
    if rules.fen.hands == Some(HandPlace::Brackets) {
        text.push_str(&format!("[{}]", hands_text(rules, st, Style::Repeated)));
    }
    text
}

/// A side in FEN's side-to-move field: its `[fen] side_to_move` letter,
/// else the first letter of its name, in lower case.
/// The side to move; in a turn of the prelude, before the turn order
/// (placements, an opening roll-off), followed by `*` and the turn's
/// number from 1: `w*1`.
fn side_text(rules: &Rules, st: &State) -> String {
    let letter = side_letter(rules, rules.to_move(st) as usize);
    match (st.turn as usize) < rules.prelude.len() {
        true => format!("{letter}*{}", st.turn + 1),
        false => letter,
    }
}

pub(super) fn side_letter(rules: &Rules, side: usize) -> String {
    match rules.fen.side_letter(side) {
        Some(l) => l.to_string(),
        None => (rules.sides[side].name.chars().take(1))
            .collect::<String>()
            .to_lowercase(),
    }
}

/// FEN's castling field: per side, `K` and `Q` (in the case of the side's
/// king symbol) for the outermost rook of each wing with the flag, the
/// rook's file letter for another (X-FEN); `-` for none.
fn castling_text(rules: &Rules, st: &State) -> String {
    let Some((bit, king, rook)) = rules.fen.castling else {
        return "-".into();
    };
    let mut out = String::new();
    for side in 0..rules.sides.len() as SideId {
        let Some(k) = pieces_of_kind(rules, st, side, king).next() else {
            continue;
        };
        if rules.fen.castling_any {
            out.push_str(&flagged_files(rules, st, (side, k, bit), rook));
            continue;
        }
        if !has_mark(st, k, bit) {
            continue;
        }
        let upper = is_upper(&rules.sides[side as usize].symbols[king as usize]);
        let kx = rules.board.sites[k.0 as usize].x;
        let rooks: Vec<SiteId> = rank_pieces(rules, st, side, rook, k).collect();
        let x = |s: &SiteId| rules.board.sites[s.0 as usize].x;
        for (wing, east) in [('k', true), ('q', false)] {
            let side_rooks: Vec<&SiteId> = rooks.iter().filter(|s| (x(s) > kx) == east).collect();
            let outer = if east {
                side_rooks.iter().max_by_key(|s| x(s))
            } else {
                side_rooks.iter().min_by_key(|s| x(s))
            };
            for r in side_rooks.iter().filter(|s| has_mark(st, ***s, bit)) {
                let c = if Some(r) == outer {
                    wing
                } else {
                    crate::board::file_name(x(r)).chars().next().unwrap_or(wing)
                };
                out.push(if upper { c.to_ascii_uppercase() } else { c });
            }
        }
    }
    if out.is_empty() {
        "-".into()
    } else {
        out
    }
}

/// A side's part of a castling field written with `any_piece`: `K` and `Q`
/// for the outermost rook of each wing when it and the king have the
/// flag, then the file letter of every other piece of the king's rank
/// with it (the king's own when it castles with neither rook).
fn flagged_files(
    rules: &Rules,
    st: &State,
    (side, k, bit): (SideId, SiteId, u8),
    rook: KindId,
) -> String {
    let site = |s: SiteId| &rules.board.sites[s.0 as usize];
    let kx = site(k).x;
    let y = super::fen::home_rank(rules, side, rules.fen.castling.map_or(0, |c| c.1), k);
    let upper = is_upper(
        &rules.sides[side as usize].symbols[rules.fen.castling.map_or(0, |c| c.1) as usize],
    );
    let rooks: Vec<SiteId> = rank_pieces(rules, st, side, rook, k).collect();
    let mut written = Vec::new();
    let mut out = String::new();
    if has_mark(st, k, bit) {
        for (wing, east) in [('k', true), ('q', false)] {
            let wing_rooks = rooks.iter().filter(|s| (site(**s).x > kx) == east);
            let outer = if east {
                wing_rooks.max_by_key(|s| site(**s).x)
            } else {
                wing_rooks.min_by_key(|s| site(**s).x)
            };
            if let Some(&r) = outer.filter(|r| has_mark(st, **r, bit)) {
                written.push(r);
                out.push(wing);
            }
        }
        if !written.is_empty() {
            written.push(k);
        }
    }
    let mut others: Vec<SiteId> = (0..rules.board.n_sites() as u16)
        .map(SiteId)
        .filter(|&s| site(s).y == y && !written.contains(&s) && has_mark(st, s, bit))
        .filter(|&s| st.piece_at(rules, s).is_some_and(|(o, _)| o == side))
        .collect();
    others.sort_by_key(|&s| site(s).x);
    for s in others {
        out.push_str(&crate::board::file_name(site(s).x));
    }
    if upper {
        out.to_uppercase()
    } else {
        out
    }
}

/// FEN's en passant field: the square the last move passed over, when a
/// piece of the `[fen]` en passant kind made it two squares straight.
fn en_passant_text(rules: &Rules, st: &State) -> String {
    let (Some(kind), [from, to]) = (rules.fen.en_passant, st.last) else {
        return "-".into();
    };
    if from == NO_LAST[0] || st.piece_at(rules, to).map(|p| p.1) != Some(kind) {
        return "-".into();
    }
    let (a, b) = (
        &rules.board.sites[from.0 as usize],
        &rules.board.sites[to.0 as usize],
    );
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let straight = (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs().max(dy.abs()) == 2;
    match rules.board.square_site(a.x + dx / 2, a.y + dy / 2) {
        Some(s) if straight => rules.board.site_name(s).to_string(),
        _ => "-".into(),
    }
}
