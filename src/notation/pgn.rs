//! Portable Game Notation: a game record as chess programs exchange it.
//! Writing takes the moves as text (SAN in a game that declares it);
//! reading splits a record into its tags and its move texts, each with its
//! line and column, skipping move numbers, comments (`{...}`, `;` to the
//! end of the line), variations (`(...)`), annotation glyphs (`$1`) and the
//! result, so that the caller plays the moves and points at a wrong one.

use super::*;

/// A record read from PGN: its tags in order and its moves as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pgn {
    pub tags: Vec<(String, String)>,
    /// Each move's text, with its line and column (from 1).
    pub moves: Vec<(String, usize, usize)>,
}

impl Pgn {
    /// The value of the tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A PGN result: `1-0` when the first side of the turn order won, `0-1`
/// the second, `1/2-1/2` a draw, `*` a game still going (or of more than
/// two sides).
pub fn pgn_result(rules: &Rules, st: &State) -> &'static str {
    match rules.outcome(st) {
        Outcome::Draw => "1/2-1/2",
        Outcome::Win(side) if rules.sides.len() == 2 => {
            if rules.same_team(side, rules.order[0]) {
                "1-0"
            } else {
                "0-1"
            }
        }
        _ => "*",
    }
}

/// The PGN of a game played from `start`: the seven tags PGN requires, the
/// game's name as `Variant`, `FEN` and `SetUp` when it starts elsewhere
/// than the game's start (and the game has `[fen]`), then the moves
/// numbered by turns of two, wrapped at 79 columns, and the result.
pub fn pgn_text(rules: &Rules, start: &State, moves: &[String], result: &str) -> String {
    let mut tags = vec![
        ("Event", "tavoliere game".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "?".to_string()),
        ("White", "?".to_string()),
        ("Black", "?".to_string()),
        ("Result", result.to_string()),
        ("Variant", rules.name.clone()),
    ];
    let fen = |st: &State| fen_string(rules, st).ok();
    if rules.fen.table && fen(start) != fen(&rules.initial()) {
        if let Some(f) = fen(start) {
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", f));
        }
    }
    let mut text = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    text.push('\n');
    let first = rules.to_move(start) != rules.order[0];
    let mut words = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + usize::from(first);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(mv.clone());
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// Reads the tags and moves of one PGN game; an error is its line, column
/// and what is wrong.
pub fn read_pgn(text: &str) -> Result<Pgn, (usize, usize, String)> {
    let mut pgn = Pgn::default();
    // Open variations, and where the innermost one and a comment opened.
    let mut depth = 0usize;
    let mut opened = (0, 0);
    let mut comment: Option<(usize, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        let col = |rest: &str| line.len() - rest.len() + 1;
        if depth == 0 && comment.is_none() && rest.trim_start().starts_with('[') {
            pgn.tags
                .push(tag(rest.trim()).ok_or((i + 1, col(rest.trim_start()), bad_tag()))?);
            continue;
        }
        while let Some(c) = rest.chars().next() {
            let here = (i + 1, col(rest));
            if comment.is_some() {
                match rest.find('}') {
                    Some(end) => {
                        comment = None;
                        rest = &rest[end + 1..];
                    }
                    None => break,
                }
                continue;
            }
            let word_end = rest.find(|c: char| c.is_whitespace() || "{};()".contains(c));
            let word = &rest[..word_end.unwrap_or(rest.len()).max(c.len_utf8())];
            rest = &rest[word.len()..];
            match c {
                '{' => comment = Some(here),
                ';' => break,
                '(' => {
                    depth += 1;
                    opened = here;
                }
                ')' if depth == 0 => {
                    return Err((here.0, here.1, "a `)` closes no variation".into()))
                }
                ')' => depth -= 1,
                c if c.is_whitespace() => {}
                _ if depth > 0 => {}
                _ => {
                    if let Some(m) = move_word(word) {
                        pgn.moves.push((m.to_string(), here.0, here.1));
                    }
                }
            }
        }
    }
    if let Some((line, col)) = comment {
        return Err((line, col, "a comment `{` is not closed".into()));
    }
    if depth > 0 {
        return Err((opened.0, opened.1, "a variation `(` is not closed".into()));
    }
    Ok(pgn)
}

fn bad_tag() -> String {
    "a tag is written `[Name \"value\"]`".into()
}

/// `[Name "value"]`, with `\"` and `\\` inside the value.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// The move in a word of the movetext: none for a move number (`12.`,
/// `12...`), an annotation glyph (`$1`) or a result; `12.e4` is `e4`.
fn move_word(word: &str) -> Option<&str> {
    if word.starts_with('$') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
        return None;
    }
    let word = match word.find(|c: char| !c.is_ascii_digit()) {
        Some(i) if i > 0 && word[i..].starts_with('.') => word[i..].trim_start_matches('.'),
        _ => word,
    };
    (!word.is_empty()).then_some(word)
}
