//! Terminal pictures of positions, outcomes and move lists, and why a
//! falling drop is refused.

use crate::board::{file_name, SiteId};
use crate::notation;
use crate::rules::*;

/// Column of the centre of file `x` in a drawn rank, the leftmost drawn
/// file being `x0` (below 0 when a site is drawn left of the grid).
fn col(x: i32, x0: i32) -> usize {
    5 + 4 * (x - x0) as usize
}

/// The board with coordinates, pieces by symbol, extra sites as `<x>`,
/// barriers in the grooves (`---` horizontal, `|` vertical) and each side's
/// reserve below.
pub fn board(rules: &Rules, st: &State) -> String {
    draw(rules, st, false)
}

/// The board as [`board`] draws it, in colour for a terminal: each side's
/// pieces in a colour of their own (by side name when it names a colour),
/// barriers and the names of extra sites in others.
pub fn board_in_colour(rules: &Rules, st: &State) -> String {
    draw(rules, st, true)
}

/// Paint of a drawn character: none, a side's piece (1 + side), a barrier,
/// an extra site's name.
const BARRIER_PAINT: u8 = 200;
const SITE_PAINT: u8 = 201;

fn ansi(rules: &Rules, paint: u8) -> &'static str {
    const NAMED: [(&str, &str); 6] = [
        ("white", "\x1b[1;97m"),
        ("black", "\x1b[1;35m"),
        ("yellow", "\x1b[1;93m"),
        ("red", "\x1b[1;91m"),
        ("blue", "\x1b[1;94m"),
        ("green", "\x1b[1;92m"),
    ];
    match paint {
        0 => "\x1b[0m",
        BARRIER_PAINT => "\x1b[33m",
        SITE_PAINT => "\x1b[36m",
        p => {
            let side = (p - 1) as usize;
            let name = &rules.sides[side].name;
            NAMED
                .iter()
                .find(|(n, _)| n == name)
                .map_or(NAMED[side % NAMED.len()].1, |(_, code)| code)
        }
    }
}

fn draw(rules: &Rules, st: &State, colour: bool) -> String {
    let b = &rules.board;
    let (x0, x1) = b.drawn_files();
    let col = |x: i32| col(x, x0);
    let width = col(x1) + 6;
    let n_rows = (2 * b.ranks - 1) as usize;
    // Row 0 is the top rank; odd rows are the grooves between ranks.
    let mut grid = vec![vec![' '; width]; n_rows];
    let mut paint = vec![vec![0u8; width]; n_rows];
    let row_of_rank = |y: i32| (2 * (b.ranks - 1 - y)) as usize;
    for (i, site) in b.sites.iter().enumerate() {
        let r = row_of_rank(site.y);
        let row = &mut grid[r];
        let (text, p) = match st.piece_at(rules, SiteId(i as u16)) {
            // A stack shows its height after the symbol (`M5`).
            Some((side, kind)) => match rules.height(st, SiteId(i as u16)) {
                h if h > 1 => (
                    format!("{}{h}", rules.sides[side as usize].symbols[kind as usize]),
                    1 + side,
                ),
                _ => (
                    rules.sides[side as usize].symbols[kind as usize].clone(),
                    1 + side,
                ),
            },
            // A site's seeds, where the game has them.
            None => match rules.seeds_at(st, SiteId(i as u16)) {
                0 => (".".to_string(), 0),
                n => (n.to_string(), 0),
            },
        };
        for (k, ch) in text.chars().take(3).enumerate() {
            row[col(site.x) + k] = ch;
            paint[r][col(site.x) + k] = p;
        }
        if b.is_extra(SiteId(i as u16)) {
            // Extra sites (cells beyond the grid) are drawn `<x>`.
            row[col(site.x) - 1] = '<';
            row[col(site.x) + text.chars().count().min(3)] = '>';
        }
    }
    if rules.picture.points && (!b.full_grid || rules.picture.trims_lines()) {
        draw_lines(b, &rules.picture, &mut grid, &col, &row_of_rank);
    }
    // The other squares an extra site covers show its name.
    for &(x, y, s) in &b.areas {
        let r = row_of_rank(y);
        for (k, ch) in b.sites[s.0 as usize].name.chars().take(3).enumerate() {
            grid[r][col(x) + k] = ch;
            paint[r][col(x) + k] = SITE_PAINT;
        }
    }
    for (slot_id, slot) in b.slots.iter().enumerate() {
        if st.barrier_at(slot_id as u16).is_none() {
            continue;
        }
        // The cell along whose top or right side it lies; the grooves of
        // the top and bottom rim have no row here, and are not drawn.
        let (x, y) = slot.cell;
        let len = slot.length as i32;
        if slot.orientation == 'h' {
            if y < 0 || y >= b.ranks - 1 {
                continue;
            }
            let row = row_of_rank(y) - 1;
            let cols = col(x) - 1..=col(x + len - 1) + 1;
            grid[row][cols.clone()].iter_mut().for_each(|ch| *ch = '-');
            paint[row][cols].iter_mut().for_each(|p| *p = BARRIER_PAINT);
        } else {
            // Right of the cell: the left rim's groove is left of file 0.
            let c = (5 + 4 * (x - x0) + 2) as usize;
            let rows = row_of_rank(y + len - 1)..=row_of_rank(y);
            grid[rows.clone()].iter_mut().for_each(|row| row[c] = '|');
            paint[rows]
                .iter_mut()
                .for_each(|row| row[c] = BARRIER_PAINT);
        }
    }
    let files: String = (x0..=x1)
        .map(|x| {
            let name = if (0..b.files).contains(&x) {
                file_name(x)
            } else {
                String::new()
            };
            format!("{name:<4}")
        })
        .collect();
    let header = format!("     {}", files.trim_end());
    let mut out = String::new();
    out.push_str(&header);
    out.push('\n');
    for (r, row) in grid.iter().enumerate() {
        let mut line: String = row.iter().collect();
        let plain = if r % 2 == 0 {
            let rank = b.ranks - (r / 2) as i32;
            line.replace_range(0..3, &format!("{rank:>3}"));
            let body = line.trim_end();
            format!("{body:<w$} {rank}", w = width - 1)
        } else {
            line.trim_end().to_string()
        };
        if colour {
            // Escape codes where the paint changes (the line keeps the
            // grid's columns; the rank label on the left has none).
            let mut current = 0u8;
            for (i, ch) in plain.chars().enumerate() {
                let p = if i >= 3 {
                    paint[r].get(i).copied().unwrap_or(0)
                } else {
                    0
                };
                if p != current {
                    out.push_str(ansi(rules, p));
                    current = p;
                }
                out.push(ch);
            }
            if current != 0 {
                out.push_str(ansi(rules, 0));
            }
        } else {
            out.push_str(&plain);
        }
        out.push('\n');
    }
    out.push_str(&header);
    out.push('\n');
    if !rules.barriers.is_empty() {
        let hands: Vec<String> = (0..rules.sides.len() as SideId)
            .map(|s| {
                let items: Vec<String> = (0..rules.barriers.len() as BarrierId)
                    .map(|bk| {
                        format!(
                            "{} {}",
                            rules.barriers[bk as usize].name,
                            st.reserve(rules, s, bk)
                        )
                    })
                    .collect();
                format!("{}: {}", rules.side_name(s), items.join(", "))
            })
            .collect();
        out.push_str(&format!("in hand: {}\n", hands.join("; ")));
    }
    out
}

/// The board's compass lines between points, on a points board with holes
/// or links (Asalto's cross, the Morris squares), where they tell which
/// points are joined: `-` and `|` along ranks and files, `/` and `\` (`X`
/// where two cross) in the grooves; a line across holes is drawn over them.
/// A full grid of points is left as points: every neighbour is joined,
/// unless `drawn_diagonals` or `gaps` leave lines out of pictures.
fn draw_lines(
    b: &crate::board::Board,
    picture: &crate::rules::Picture,
    grid: &mut [Vec<char>],
    col: &dyn Fn(i32) -> usize,
    row_of_rank: &dyn Fn(i32) -> usize,
) {
    let mut mark = |r: usize, c: usize, ch: char| {
        let cell = &mut grid[r][c];
        *cell = match (*cell, ch) {
            (' ', _) => ch,
            ('/', '\\') | ('\\', '/') => 'X',
            (other, _) => other,
        };
    };
    for (i, s) in b.sites.iter().enumerate() {
        if b.is_extra(SiteId(i as u16)) {
            continue;
        }
        // n, ne, e, se: each line once, from its south-west end.
        for d in 0..4u8 {
            let Some(t) = b.neighbor(SiteId(i as u16), d) else {
                continue;
            };
            if !picture.draws(SiteId(i as u16), t, d) {
                continue;
            }
            let t = &b.sites[t.0 as usize];
            let (r, c) = (row_of_rank(s.y), col(s.x));
            match d {
                0 => (row_of_rank(t.y) + 1..r).for_each(|row| mark(row, c, '|')),
                2 => (c + 1..col(t.x)).for_each(|cc| mark(r, cc, '-')),
                _ => {
                    // A diagonal: one mark per groove it crosses, and over
                    // the holes it passes.
                    let (up, ch) = if d == 1 { (true, '/') } else { (false, '\\') };
                    for k in 0..(t.x - s.x) {
                        let y = if up { s.y + k } else { s.y - k };
                        let groove = if up {
                            row_of_rank(y) - 1
                        } else {
                            row_of_rank(y) + 1
                        };
                        mark(groove, col(s.x + k) + 2, ch);
                        if k > 0 {
                            mark(row_of_rank(y), col(s.x + k), ch);
                        }
                    }
                }
            }
        }
    }
}

/// `white won`, `white and black won`, `draw`, `ongoing`.
pub fn outcome(rules: &Rules, o: Outcome) -> String {
    match o {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Draw => "draw".to_string(),
        Outcome::Win(side) => {
            let team = rules.sides[side as usize].team;
            let names: Vec<&str> = rules
                .sides
                .iter()
                .filter(|s| s.team == team)
                .map(|s| s.name.as_str())
                .collect();
            if names.len() == 1 {
                format!("{} won", names[0])
            } else {
                format!("{} won", names.join(" and "))
            }
        }
    }
}

/// `white to move` (with the phase when turns have several), or the outcome.
pub fn status(rules: &Rules, st: &State) -> String {
    match rules.outcome(st) {
        Outcome::Ongoing => {
            let to_move = rules.to_move(st);
            let side = rules.side_name(to_move);
            let mut notes = Vec::new();
            let seat = &rules.seats[rules.seat_of(to_move)];
            if seat.sides.len() > 1 {
                notes.push(format!("seat {}", seat.name));
            }
            if rules.phases.len() > 1 {
                notes.push(format!(
                    "phase {} of {}",
                    st.phase() + 1,
                    rules.phases.len()
                ));
            }
            if st.demanded() {
                notes.push("demanded by the last move".to_string());
            }
            if let Some(s) = st.huffable() {
                notes.push(format!("may huff {}", rules.board.site_name(s)));
            }
            for (e, c) in rules.chance.iter().enumerate() {
                if let Some(v) = rules.rolled(st, e as u8) {
                    notes.push(format!("{} rolled {v}", c.name));
                }
                let left = st.dice_left();
                if !c.apart.is_empty() && !left.is_empty() {
                    let dice: Vec<String> = left.iter().map(u8::to_string).collect();
                    notes.push(format!("{} to play {}", c.name, dice.join(" ")));
                }
            }
            let does = match rules.rolling(st).map(|e| &rules.chance[e as usize]) {
                // The roll-off is every side's: say what it decides.
                Some(c) if c.opening.is_some() => {
                    return format!("opening roll of {} to come: the higher die starts", c.name);
                }
                Some(c) => format!("to roll {}", c.name),
                None => "to move".to_string(),
            };
            if notes.is_empty() {
                format!("{side} {does}")
            } else {
                format!("{side} {does} ({})", notes.join(", "))
            }
        }
        o => match rules.points(st) {
            points @ 2.. => format!("game over: {} ({points} points)", outcome(rules, o)),
            _ => format!("game over: {}", outcome(rules, o)),
        },
    }
}

/// Why the side to move has nothing to choose: the game is over (its
/// result, and the end rule, the lack of a move or the passes that ended
/// it), or it has no move and must pass (its `no_moves` rule). `None` when
/// it has a choice; `legal` are its legal moves.
pub fn nothing_to_play(rules: &Rules, st: &State, legal: &[Move]) -> Option<String> {
    let o = rules.outcome(st);
    if o != Outcome::Ongoing {
        let why = match st.ended_by() {
            EndedBy::Rule(i, side) => {
                let rule = &rules.ends[i as usize];
                let whose = if rule.sides.len() > 1 {
                    format!(" (for {})", rules.side_name(side))
                } else {
                    String::new()
                };
                format!(", by the end rule `{}`{whose}", rule.text)
            }
            EndedBy::NoMoves(side) => {
                let s = &rules.sides[side as usize];
                match s.no_moves != s.no_moves_in_check && rules.in_check(st, side) {
                    true => format!(
                        ": {} had no legal move in check, and its `no_moves_in_check` rule is `{}`",
                        rules.side_name(side),
                        no_moves_word(s.no_moves_in_check)
                    ),
                    false => format!(
                        ": {} had no legal move, and its `no_moves` rule is `{}`",
                        rules.side_name(side),
                        no_moves_word(s.no_moves)
                    ),
                }
            }
            EndedBy::Passes => ": a whole round of turns passed for lack of a move".to_string(),
            EndedBy::Stalled => ": no side could move, and no end rule decided it".to_string(),
            EndedBy::Nothing => String::new(),
        };
        return Some(format!("game over: {}{why}", outcome(rules, o)));
    }
    let side = rules.to_move(st);
    let may_pass = rules.actions(st).contains(&Action::Pass);
    let name = rules.side_name(side);
    match (legal, may_pass, st.phase()) {
        ([Move::Pass], false, 0) => Some(format!(
            "{name} has no move: `pass` is its only one (its `no_moves` rule is `pass`)"
        )),
        ([Move::Pass], false, _) => Some(format!(
            "{name} has nothing to do in this phase of its turn: `pass` ends it"
        )),
        _ => None,
    }
}

/// The end of the game in the players' words, `None` while it goes on:
/// "Checkmate — black won", "Draw — stalemate", "Four in a row — red won".
/// The reason is the end rule's `message` (or its name in words); for a
/// side left without a move, "checkmate" in check and "stalemate" out of it
/// (the words of every game with a check rule), else "no legal move".
pub fn end_message(rules: &Rules, st: &State) -> Option<String> {
    let o = rules.outcome(st);
    if o == Outcome::Ongoing {
        return None;
    }
    let why = match st.ended_by() {
        EndedBy::Rule(i, _) => rules.ends[i as usize].message.clone(),
        EndedBy::NoMoves(side) => {
            let checks = rules
                .sides
                .iter()
                .any(|s| s.no_moves != s.no_moves_in_check);
            Some(if !checks {
                format!("{} has no legal move", rules.side_name(side))
            } else if rules.in_check(st, side) {
                "checkmate".to_string()
            } else {
                "stalemate".to_string()
            })
        }
        EndedBy::Passes => Some("no side can move".to_string()),
        EndedBy::Stalled => Some("no side can move".to_string()),
        EndedBy::Nothing => None,
    };
    let result = match o {
        Outcome::Draw => "draw".to_string(),
        _ => outcome(rules, o),
    };
    Some(match why {
        Some(why) if o == Outcome::Draw => format!("Draw — {why}"),
        Some(why) => format!("{} — {result}", capitalised(&why)),
        None => capitalised(&result),
    })
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn no_moves_word(rule: NoMoves) -> &'static str {
    match rule {
        NoMoves::Lose => "lose",
        NoMoves::Pass => "pass",
        NoMoves::Draw => "draw",
        NoMoves::Win => "win",
    }
}

/// How a list of moves is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// Each move's full text.
    Full,
    /// Steps by their destination where no other move ends there.
    Short,
    /// Standard algebraic notation, in a game with `[notation] style =
    /// "san"`; the full texts elsewhere.
    San,
}

/// The moves in notation, sorted.
pub fn move_list(rules: &Rules, st: &State, moves: &[Move], style: MoveStyle) -> Vec<String> {
    let mut out = match style {
        MoveStyle::Short => notation::short_texts(rules, st, moves),
        MoveStyle::San if rules.notation.written() => notation::san_texts(rules, st, moves),
        _ => notation::move_texts(rules, st, moves),
    };
    out.sort();
    out
}

/// The sites of the side to move's royal pieces when it is in check (for
/// a mark on the picture), else none.
pub fn checked_royals(rules: &Rules, st: &State) -> Vec<SiteId> {
    let side = rules.to_move(st);
    if rules.outcome(st) != Outcome::Ongoing || !rules.in_check(st, side) {
        return Vec::new();
    }
    (0..rules.board.n_sites() as u16)
        .map(SiteId)
        .filter(|&s| {
            st.piece_at(rules, s)
                .is_some_and(|(o, k)| o == side && rules.kinds[k as usize].royal)
        })
        .collect()
}

/// The empty sites above `to` against the fall of a falling drop of
/// `kind` (`place KIND falling DIR`): a piece let go on any of them lands
/// on `to`, so a click there means the drop. None for a drop that does
/// not fall.
pub fn drop_line(rules: &Rules, st: &State, kind: KindId, to: SiteId) -> Vec<SiteId> {
    let Some(d) = rules.fall_of(st, kind) else {
        return Vec::new();
    };
    let mut line = Vec::new();
    let mut at = to;
    while let Some(up) = rules.board.step(at, (d + 4) % 8, &st.blocked) {
        if st.piece_at(rules, up).is_some() {
            break;
        }
        line.push(up);
        at = up;
    }
    line
}

/// Why a drop on `to` is refused when the phase lets the kind fall (`place
/// KIND falling DIR`): where it would land instead, or that its line is
/// full; `None` for a drop that does not fall.
pub(crate) fn fall_hint(rules: &Rules, st: &State, kind: KindId, to: SiteId) -> Option<String> {
    let d = rules.fall_of(st, kind)?;
    let name = |s: SiteId| rules.board.site_name(s).to_string();
    let symbol = &rules.kinds[kind as usize].symbol;
    let toward = crate::board::COMPASS[d as usize % 8];
    if st.piece_at(rules, to).is_none() {
        let land = rules.falls_to(st, to, d);
        return Some(format!(
            "a piece let go on {} falls along {toward} to {}: write `{symbol}@{}`",
            name(to),
            name(land),
            name(land)
        ));
    }
    // The first empty site back against the fall is where its line takes
    // a piece.
    let mut at = to;
    loop {
        match rules.board.step(at, (d + 4) % 8, &st.blocked) {
            Some(up) if st.piece_at(rules, up).is_none() => {
                return Some(format!(
                    "{} is taken; a piece dropped in its line lands on {}: write `{symbol}@{}`",
                    name(to),
                    name(up),
                    name(up)
                ))
            }
            Some(up) => at = up,
            None => {
                return Some(format!(
                    "{} is taken, and so is every site above it against the fall along {toward}: the line is full",
                    name(to)
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coloured_board_is_the_plain_board_with_escape_codes() {
        let text = "[board]\nfiles = 3\nranks = 3\n[sides.white]\n[sides.black]\n[pieces.king]\nmoves = [\"step(all) to empty or enemy\"]\n[setup]\nwhite = \"king: a1\"\nblack = \"king: c3\"\n[[end]]\nwhen = \"count(enemy king) == 0\"\nresult = \"win\"\n";
        let mut sources = crate::diag::Sources::new();
        let id = sources.add("kings.toml", text);
        let (rules, _) = crate::compile::load(&mut sources, id, &mut |_, _| Err("none".into()))
            .unwrap_or_else(|_| panic!("the test game compiles"));
        let st = rules.initial();
        let coloured = board_in_colour(&rules, &st);
        assert!(coloured.contains("\x1b[1;97mK\x1b[0m"), "{coloured}");
        assert!(coloured.contains("\x1b[1;35mk\x1b[0m"), "{coloured}");
        let mut stripped = String::new();
        let mut chars = coloured.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                stripped.push(c);
            }
        }
        assert_eq!(stripped, board(&rules, &st));
    }
}
