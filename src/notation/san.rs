//! Standard algebraic notation, for games that declare `[notation] style =
//! "san"`: a piece's letter (none for the `pawns` kinds), the file, rank or
//! square of its origin where another piece of its kind could go to the
//! same site, `x` when it takes, the destination, `=Q` for a promotion,
//! `O-O`/`O-O-O` for castling, `N@f3` for a drop, then `+` when the move
//! gives check and `#` when it mates. A pawn's capture names its file
//! (`exd5`). SAN is written beside the coordinate text, which stays the
//! engine's own (perft, records, Python); reading accepts either.

use super::*;

/// Each of `legal`, the legal moves of `st`, in the game's notation (SAN,
/// or a counted one: [`super::counted`]). Where two moves would read the
/// same (a game the notation was not made for), each keeps its coordinate
/// text.
pub fn san_texts(rules: &Rules, st: &State, legal: &[Move]) -> Vec<String> {
    let coordinates = move_texts(rules, st, legal);
    let mut texts: Vec<String> = (legal.iter().zip(&coordinates))
        .map(|(&mv, text)| match rules.notation.style {
            NotationStyle::San => san_or(rules, st, legal, mv, text),
            _ => super::counted::counted_text(rules, st, legal, mv).unwrap_or_else(|| text.clone()),
        })
        .collect();
    for i in 0..texts.len() {
        let alike: Vec<usize> = (0..texts.len())
            .filter(|&j| bare(&texts[j]) == bare(&texts[i]))
            .collect();
        if alike.len() > 1 {
            for j in alike {
                texts[j] = coordinates[j].clone();
            }
        }
    }
    texts
}

/// One legal move of `st` in the game's notation (its coordinate text in a
/// game without `[notation] style`).
pub fn move_to_san(rules: &Rules, st: &State, mv: Move) -> String {
    if !rules.notation.written() {
        return move_to_string(rules, st, mv);
    }
    let mut legal = Vec::new();
    rules.legal_moves(st, &mut legal);
    match legal.iter().position(|&m| m == mv) {
        Some(i) => san_texts(rules, st, &legal).swap_remove(i),
        None => move_to_string(rules, st, mv),
    }
}

/// A text without its check or mate sign.
fn bare(text: &str) -> &str {
    text.trim_end_matches(['+', '#'])
}

/// The SAN of `mv`, or `coordinates` for a kind of move SAN has no form for.
fn san_or(rules: &Rules, st: &State, legal: &[Move], mv: Move, coordinates: &str) -> String {
    let plain = rules.base(mv);
    let mut text = match plain {
        Move::Castle { from, with, .. } => castle_wing(rules, from, with).to_string(),
        Move::Drop { kind, to } => format!(
            "{}@{}",
            rules.kinds[kind as usize].symbol,
            rules.board.site_name(to)
        ),
        step => {
            let Some((from, to)) = from_to(rules, step) else {
                return coordinates.to_string();
            };
            let Some((_, kind)) = st.piece_at(rules, from) else {
                return coordinates.to_string();
            };
            let takes = if takes(rules, st, mv) { "x" } else { "" };
            let (file, _) = split(rules.board.site_name(from));
            let to_name = rules.board.site_name(to);
            let suffix = letters(&promotion_suffix(rules, st, rules.undemanded(mv)));
            if rules.notation.pawns & (1 << kind) != 0 {
                let file = if takes.is_empty() { "" } else { file };
                format!("{file}{takes}{to_name}{suffix}")
            } else {
                let symbol = letter(rules, kind);
                let origin = origin(rules, st, legal, kind, from, to);
                format!("{symbol}{origin}{takes}{to_name}{suffix}")
            }
        }
    };
    text.push_str(&leave_suffix(rules, mv));
    text.push_str(check_sign(rules, st, mv));
    text
}

/// A plain move's origin and destination, where SAN can write it as a
/// piece's move: a step, or a chain with one stop (en passant).
fn from_to(rules: &Rules, mv: Move) -> Option<(SiteId, SiteId)> {
    match mv {
        Move::Step { from, to } => Some((from, to)),
        Move::Chain(id) => match rules.chain(id).stops() {
            &[to] => Some((rules.chain(id).from, to)),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `mv` takes a piece: fewer pieces of other sides than before.
fn takes(rules: &Rules, st: &State, mv: Move) -> bool {
    let mover = rules.to_move(st);
    let others = |s: &State| {
        (0..s.board.len() as u16)
            .filter(|&i| {
                s.piece_at(rules, SiteId(i))
                    .is_some_and(|(o, _)| o != mover)
            })
            .count()
    };
    others(&rules.after(st, mv)) < others(st)
}

/// `#` when the move ends the game with a winner (checkmate, or a rule
/// that decides it, as python-chess marks a variant's end), `+` when it
/// leaves the side to move next in check.
fn check_sign(rules: &Rules, st: &State, mv: Move) -> &'static str {
    let mover = rules.to_move(st);
    let mut after = st.clone();
    rules.play(&mut after, mv);
    match rules.outcome(&after) {
        Outcome::Win(_) => "#",
        _ => {
            let next = rules.to_move(&after);
            if next != mover && rules.in_check(&after, next) {
                "+"
            } else {
                ""
            }
        }
    }
}

/// What SAN writes of a piece's origin: nothing when no other piece of its
/// kind and side goes to `to`; else its file, its rank, or its square,
/// whichever tells it apart.
fn origin(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    kind: KindId,
    from: SiteId,
    to: SiteId,
) -> String {
    let rivals: Vec<SiteId> = (legal.iter())
        .filter_map(|&m| from_to(rules, rules.base(m)))
        .filter(|&(f, t)| t == to && f != from)
        .map(|(f, _)| f)
        .filter(|&f| {
            st.piece_at(rules, f)
                .is_some_and(|(_, k)| letter(rules, k) == letter(rules, kind))
        })
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = rules.board.site_name(from);
    let (file, rank) = split(name);
    let parts: Vec<(&str, &str)> = (rivals.iter())
        .map(|&f| split(rules.board.site_name(f)))
        .collect();
    if parts.iter().all(|p| p.0 != file) {
        file.to_string()
    } else if parts.iter().all(|p| p.1 != rank) {
        rank.to_string()
    } else {
        name.to_string()
    }
}

/// A kind's letter in SAN: the letters of its symbol (`Q` for a promoted
/// queen written `Q~`), so kinds that look alike read alike.
fn letter(rules: &Rules, kind: KindId) -> String {
    letters(&rules.kinds[kind as usize].symbol)
}

/// `text` without the marks that are not letters (`=Q~` is `=Q`).
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphabetic() || *c == '=')
        .collect()
}

/// A site name's file letters and rank digits: `e4` is `e` and `4`.
fn split(name: &str) -> (&str, &str) {
    let cut = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    name.split_at(cut)
}

/// Reads a SAN text: `None` when it is not SAN at all, or names no legal
/// pawn move, else the one legal move it names, or why none or several.
pub(super) fn read_san(
    rules: &Rules,
    st: &State,
    legal: &[Move],
    text: &str,
) -> Option<Result<Move, MoveError>> {
    let texts = san_texts(rules, st, legal);
    if rules.notation.style != NotationStyle::San {
        // A `+` there may be a promotion: nothing is stripped.
        return read_counted(legal, &texts, text);
    }
    let typed = text.trim_end_matches(['+', '#', '!', '?']);
    let typed = typed.strip_suffix("e.p.").unwrap_or(typed).trim_end();
    // Castling typed with zeros (`0-0`); a rank's zero (`Qj10`) stays.
    let castling = typed.chars().all(|c| matches!(c, '0' | 'O' | '-'));
    let typed = if castling {
        typed.replace('0', "O")
    } else {
        typed.to_string()
    };
    if let Some(i) = texts.iter().position(|t| bare(t) == typed) {
        return Some(Ok(legal[i]));
    }
    let written = Written::parse(rules, &typed)?;
    let named: Vec<usize> = (0..legal.len())
        .filter(|&i| written.names(rules, st, legal[i]))
        .collect();
    Some(match named.as_slice() {
        [i] => Ok(legal[*i]),
        // A pawn's text is a site's too: the short forms may read it.
        [] if written.piece.is_none() => return None,
        [] => Err(MoveError {
            message: format!("`{text}` is not a legal move here"),
            hint: Some(written.no_such_move(rules, st, legal, &texts)),
        }),
        many => Err(MoveError {
            message: format!("`{text}` could be several moves"),
            hint: Some(format!(
                "write one of {}",
                many.iter()
                    .map(|&i| texts[i].as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }),
    })
}

/// Reads a text of a counted notation as it is written; one that starts
/// with a piece's letter and names no legal move lists that piece's moves.
fn read_counted(legal: &[Move], texts: &[String], text: &str) -> Option<Result<Move, MoveError>> {
    if let Some(i) = texts.iter().position(|t| t == text) {
        return Some(Ok(legal[i]));
    }
    // `+R` (a promoted rook) or `R`, before the rest.
    let lead = |t: &str| {
        let promoted = usize::from(t.starts_with('+'));
        let letters = t[promoted..].chars().take_while(char::is_ascii_uppercase);
        t[..promoted + letters.map(char::len_utf8).sum::<usize>()].to_string()
    };
    let piece = lead(text);
    let mut of_piece: Vec<&str> = (texts.iter())
        .filter(|t| !piece.is_empty() && lead(t) == piece)
        .map(String::as_str)
        .collect();
    of_piece.sort_unstable();
    (!of_piece.is_empty()).then(|| {
        Err(MoveError {
            message: format!("`{text}` is not a legal move here"),
            hint: Some(format!("the `{piece}` moves are {}", of_piece.join(", "))),
        })
    })
}

/// A SAN step as typed, perhaps with more of its origin than needed, or
/// without its `x`: `Ngf3`, `exd5`, `e8=Q`, `Qh4xe1`.
struct Written {
    /// The piece's letter; `None` for a pawn.
    piece: Option<char>,
    origin: String,
    to: String,
    promotion: Option<char>,
}

impl Written {
    fn parse(rules: &Rules, typed: &str) -> Option<Written> {
        let (body, promotion) = match typed.rsplit_once('=') {
            Some((body, p)) if p.len() == 1 => (body, p.chars().next()),
            Some(_) => return None,
            None => (typed, None),
        };
        let piece = body.chars().next().filter(char::is_ascii_uppercase);
        let body = &body[piece.map_or(0, char::len_utf8)..];
        // The destination: the longest end of the text that names a site.
        let cut = (0..body.len())
            .filter(|&i| body.is_char_boundary(i))
            .find(|&i| rules.board.site(&body[i..]).is_some())?;
        let origin = body[..cut].trim_end_matches('x');
        let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
        (origin.chars().all(plain)).then(|| Written {
            piece,
            origin: origin.to_string(),
            to: body[cut..].to_string(),
            promotion,
        })
    }

    /// Whether the legal move `mv` is a step this text may stand for.
    fn names(&self, rules: &Rules, st: &State, mv: Move) -> bool {
        // A move that leaves a piece behind is read by its whole text.
        if rules.left_behind(mv).is_some() {
            return false;
        }
        let Some((from, to)) = from_to(rules, rules.base(mv)) else {
            return false;
        };
        let piece_fits = self.piece_of(rules, st, from);
        let (file, rank) = split(rules.board.site_name(from));
        let (o_file, o_rank) = split(&self.origin);
        let origin_fits =
            (o_file.is_empty() || o_file == file) && (o_rank.is_empty() || o_rank == rank);
        let suffix = letters(&promotion_suffix(rules, st, rules.undemanded(mv)));
        let promotion_fits = match self.promotion {
            Some(p) => suffix.eq_ignore_ascii_case(&format!("={p}")),
            None => suffix.is_empty() || rules.chosen_kind(mv).is_none(),
        };
        // A pawn's capture names its file (`exd5`): `d5` alone is a step.
        let file_fits = self.piece.is_some() || !o_file.is_empty() || !takes(rules, st, mv);
        piece_fits
            && origin_fits
            && file_fits
            && promotion_fits
            && rules.board.site_name(to) == self.to
    }

    /// Why no legal move is written so: the legal moves of that kind of
    /// piece, or that it has none.
    fn no_such_move(&self, rules: &Rules, st: &State, legal: &[Move], texts: &[String]) -> String {
        let mut of_kind: Vec<&str> = (0..legal.len())
            .filter(|&i| {
                from_to(rules, rules.base(legal[i]))
                    .is_some_and(|(from, _)| self.piece_of(rules, st, from))
            })
            .map(|i| texts[i].as_str())
            .collect();
        of_kind.sort();
        let what = match self.piece {
            Some(c) => format!("`{c}`"),
            None => "pawn".to_string(),
        };
        if of_kind.is_empty() {
            format!("no {what} piece can move")
        } else {
            format!("the {what} moves are {}", of_kind.join(", "))
        }
    }

    /// Whether the piece on `from` is of the kind this text names.
    fn piece_of(&self, rules: &Rules, st: &State, from: SiteId) -> bool {
        let Some((_, kind)) = st.piece_at(rules, from) else {
            return false;
        };
        let is_pawn = rules.notation.pawns & (1 << kind) != 0;
        match self.piece {
            None => is_pawn,
            Some(c) => !is_pawn && letter(rules, kind).eq_ignore_ascii_case(&c.to_string()),
        }
    }
}
