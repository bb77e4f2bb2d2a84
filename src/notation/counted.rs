//! The notations that count files and ranks instead of lettering them:
//! the World Xiangqi Federation's (`[notation] style = "wxf"`), relative
//! to the mover, and Hodges's western notation (`style = "hodges"`),
//! counted from the top right of the board. Both are written as
//! Fairy-Stockfish writes them (`tests/perft/notation_compare.py`), with
//! no check sign.

use super::*;
use crate::board::compass_step;

/// The text of the legal move `mv` of `st` in the game's counted
/// notation, or `None` for a kind of move it has no form for.
pub(super) fn counted_text(rules: &Rules, st: &State, legal: &[Move], mv: Move) -> Option<String> {
    match rules.notation.style {
        NotationStyle::Wxf => wxf(rules, st, mv),
        NotationStyle::Hodges => hodges(rules, st, legal, mv),
        NotationStyle::Coordinates | NotationStyle::San => None,
    }
}

/// The letter a kind is written with: `[notation] letters`, else the
/// letters of its symbol, upper case.
fn kind_letter(rules: &Rules, kind: KindId) -> String {
    match &rules.notation.letters.get(kind as usize) {
        Some(Some(letter)) => letter.clone(),
        _ => rules.kinds[kind as usize].symbol.to_uppercase(),
    }
}

/// A step's origin and destination, from the move as played.
fn step_of(rules: &Rules, mv: Move) -> Option<(SiteId, SiteId)> {
    match rules.base(mv) {
        Move::Step { from, to } => Some((from, to)),
        _ => None,
    }
}

fn xy(rules: &Rules, s: SiteId) -> (i32, i32) {
    let site = &rules.board.sites[s.0 as usize];
    (site.x, site.y)
}

/// Whether `side` moves up the board (its `forward` has a northward step).
fn moves_up(rules: &Rules, side: SideId) -> bool {
    rules.sides[side as usize]
        .forward
        .is_none_or(|d| compass_step(d).1 >= 0)
}

/// WXF: the piece, its file from the mover's right (or `+`/`-` for the
/// front or rear of two on one file), `+`, `-` or `=`, and the steps
/// along the file or the file reached.
fn wxf(rules: &Rules, st: &State, mv: Move) -> Option<String> {
    let (from, to) = step_of(rules, mv)?;
    let (side, kind) = st.piece_at(rules, from)?;
    let up = moves_up(rules, side);
    let file = |x: i32| {
        let n = if up { rules.board.files - x } else { x + 1 };
        n.to_string()
    };
    // Ahead of `y` for the mover.
    let ahead = |y: i32, than: i32| if up { y > than } else { y < than };
    let ((fx, fy), (tx, ty)) = (xy(rules, from), xy(rules, to));
    let same: Vec<(i32, i32)> = (0..rules.board.n_sites() as u16)
        .map(SiteId)
        .filter(|&s| st.piece_at(rules, s) == Some((side, kind)))
        .map(|s| xy(rules, s))
        .collect();
    let in_file = |x: i32| same.iter().filter(|p| p.0 == x).count();
    let paired_files = {
        let mut xs: Vec<i32> = same.iter().map(|p| p.0).collect();
        xs.sort_unstable();
        xs.dedup();
        xs.iter().filter(|&&x| in_file(x) >= 2).count()
    };
    let multi = paired_files >= 2;
    let here = in_file(fx);
    let in_front = same.iter().filter(|p| p.0 == fx && ahead(p.1, fy)).count();
    let mut text = if here >= 3 - usize::from(multi) {
        // Tandem pieces: numbered from the front.
        (in_front + 1).to_string()
    } else {
        kind_letter(rules, kind)
    };
    let (dx, dy) = (tx - fx, ty - fy);
    let rear_or_front = here == 2 && !multi && {
        let other = same.iter().find(|p| p.0 == fx && p.1 != fy)?;
        (rules.board.square_site(other.0 + dx, other.1 + dy))
            .is_some_and(|s| stands_on(rules, side, kind, s))
    };
    if rear_or_front {
        text.push(if in_front > 0 { '-' } else { '+' });
    } else {
        text.push_str(&file(fx));
    }
    text.push(match dy {
        0 => '=',
        _ if ahead(ty, fy) => '+',
        _ => '-',
    });
    if dx == 0 {
        text.push_str(&dy.abs().to_string());
    } else {
        text.push_str(&file(tx));
    }
    Some(text)
}

/// Whether a piece of `kind` and `side` can stand on `site`: alone on the
/// board, it lands there from some site (a kind kept to a region, such as
/// a palace, lands nowhere else).
fn stands_on(rules: &Rules, side: SideId, kind: KindId, site: SiteId) -> bool {
    let alone = |at: SiteId| {
        let text = format!(
            "pieces {} {} {}; turn {}",
            rules.side_name(side),
            rules.kinds[kind as usize].name,
            rules.board.site_name(at),
            rules.side_name(side)
        );
        let mut st = parse_position(rules, &text, 0).ok()?;
        // Alone, it may stand where the end rules see a game over: it
        // moves all the same.
        st.outcome = Outcome::Ongoing;
        Some(st)
    };
    let mut moves = Vec::new();
    (0..rules.board.n_sites() as u16).map(SiteId).any(|at| {
        let Some(st) = alone(at) else { return false };
        rules.legal_moves(&st, &mut moves);
        (moves.iter()).any(|&m| step_of(rules, m).is_some_and(|(_, to)| to == site))
    })
}

/// Hodges: the piece (a promoted one as `+` and its base's letter, its
/// symbol), its origin square where another of its kind could go to the
/// same square, `-`, `x` or `*`, the square, then `+` for a promotion and
/// `=` where one could have been taken.
fn hodges(rules: &Rules, st: &State, legal: &[Move], mv: Move) -> Option<String> {
    let square = |s: SiteId| {
        let (x, y) = xy(rules, s);
        let rank = char::from_u32('a' as u32 + (rules.board.ranks - 1 - y) as u32)?;
        Some(format!("{}{rank}", rules.board.files - x))
    };
    if let Move::Drop { kind, to } = rules.base(mv) {
        return Some(format!("{}*{}", kind_letter(rules, kind), square(to)?));
    }
    let (from, to) = step_of(rules, mv)?;
    let (side, kind) = st.piece_at(rules, from)?;
    let mut text = kind_letter(rules, kind);
    let promoted = |m: Move| {
        let after = rules.after(st, m);
        after.piece_at(rules, to).is_some_and(|(_, k)| k != kind)
    };
    let promotes = promoted(mv);
    // Another piece of the kind going there, promoting alike.
    let rival = legal.iter().any(|&m| {
        step_of(rules, m).is_some_and(|(f, t)| {
            t == to
                && f != from
                && st.piece_at(rules, f) == Some((side, kind))
                && promoted(m) == promotes
        })
    });
    if rival {
        text.push_str(&square(from)?);
    }
    let taken = st.piece_at(rules, to).is_some();
    text.push(if taken { 'x' } else { '-' });
    text.push_str(&square(to)?);
    if promotes {
        text.push('+');
    } else if (legal.iter())
        .any(|&m| m != mv && step_of(rules, m) == Some((from, to)) && promoted(m))
    {
        text.push('=');
    }
    Some(text)
}
