//! `[fen]`: what FEN's fields stand for beyond the board: their order,
//! castling rights, the en passant kind, the sides' letters, where the
//! pieces in hand are written and which `since(...)` counter is the
//! halfmove clock.

use super::flags::whole;
use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{Located, RawFen, RawGame, Str, Table};
use crate::rules::{EndRule, Fen, FenField, HandPlace, Notation, NotationStyle, StateCond};

impl Compiler<'_> {
    /// `[fen]`, read once the end rules are compiled (`ends`, in file
    /// order), since its halfmove clock is one of their counters.
    pub(super) fn fen(&mut self, raw: &RawGame, scope: &Scope, ends: &[EndRule]) -> Res<Fen> {
        let n_counters = self.history.as_ref().map_or(0, |h| h.since.len());
        let Some(fen) = &raw.fen else {
            // Without `[fen]`, the halfmove clock is the only counter.
            return Ok(Fen {
                halfmove: (n_counters == 1).then_some(0),
                ..Fen::default()
            });
        };
        let mut out = Fen {
            table: true,
            ..Fen::default()
        };
        let mut ok = true;
        if let Some(c) = &fen.castling {
            let (flag, king, rook) = (&c.flag, &c.king, &c.rook);
            let bit = self.flag_ref(flag, &whole(flag), scope);
            let king = self.one_kind(king, scope);
            let rook = self.one_kind(rook, scope);
            match (bit, king, rook) {
                (Ok(b), Ok(k), Ok(r)) => out.castling = Some((b, k, r)),
                _ => ok = false,
            }
            out.castling_any = c.any_piece.as_ref().is_some_and(|a| a.value);
        }
        if let Some(kind) = &fen.en_passant {
            match self.one_kind(kind, scope) {
                Ok(k) => out.en_passant = Some(k),
                Err(()) => ok = false,
            }
        }
        if let Some(letters) = &fen.side_to_move {
            match self.side_letters(letters, scope) {
                Ok(l) => out.side_to_move = l,
                Err(()) => ok = false,
            }
        }
        if let Some(list) = &fen.fields {
            match self.fen_fields(list, &scope.counters) {
                Ok(f) => out.order = f,
                Err(()) => ok = false,
            }
        }
        match self.hand_place(fen, out.fields()) {
            Ok(h) => out.hands = h,
            Err(()) => ok = false,
        }
        let clock = out.fields().contains(&FenField::Halfmove);
        match self.halfmove(raw, fen, ends, n_counters, clock) {
            Ok(h) => out.halfmove = h,
            Err(()) => ok = false,
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }

    /// `[notation]`: the style of move text and SAN's pawns.
    pub(super) fn notation(&mut self, raw: &RawGame, scope: &Scope) -> Res<Notation> {
        let Some(notation) = &raw.notation else {
            return Ok(Notation::default());
        };
        let styles = [
            ("coordinates", NotationStyle::Coordinates),
            ("san", NotationStyle::San),
            ("wxf", NotationStyle::Wxf),
            ("hodges", NotationStyle::Hodges),
        ];
        let style = self.choice(notation.style.as_ref(), "notation style", &styles);
        let mut out = Notation {
            style: style.unwrap_or_default(),
            pawns: 0,
            letters: vec![None; scope.kinds.len()],
        };
        let mut ok = style.is_some() || notation.style.is_none();
        for (kind, letter) in notation.letters.iter().flat_map(|t| t.iter()) {
            let Ok(k) = self.one_kind(kind, scope) else {
                ok = false;
                continue;
            };
            if letter.value.is_empty() || !letter.value.chars().all(char::is_alphabetic) {
                self.error(
                    Diagnostic::error(
                        "notation-letter",
                        format!("`{}` is not a letter to write a piece with", letter.value),
                    )
                    .at(letter.loc())
                    .label("in `[notation] letters`")
                    .hint("write one or more letters, such as `H`"),
                );
                ok = false;
            }
            out.letters[k as usize] = Some(letter.value.clone());
        }
        for kind in notation.pawns.iter().flat_map(|list| &list.value) {
            match self.one_kind(kind, scope) {
                Ok(k) => out.pawns |= 1 << k,
                Err(()) => ok = false,
            }
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }

    /// `[fen] fields`: known names, each once, the board first, not both
    /// move numbers.
    /// A counter's name is a field too: its values, side by side.
    fn fen_fields(&mut self, list: &Located<Vec<Str>>, counters: &[String]) -> Res<Vec<FenField>> {
        let mut out: Vec<FenField> = Vec::new();
        let mut ok = true;
        let names: Vec<&str> = (FenField::NAMES.iter().map(|(n, _)| *n))
            .chain(counters.iter().map(String::as_str))
            .collect();
        for name in &list.value {
            let counter = (counters.iter().position(|c| *c == name.value))
                .map(|i| ("", FenField::Counter(i as u16)));
            let field = FenField::NAMES.iter().find(|(n, _)| *n == name.value);
            let field = field.or(counter.as_ref());
            let problem = match field {
                None => Some((
                    format!("`{}` is no field of a FEN", name.value),
                    format!("the fields are {}", names.join(", ")),
                )),
                Some((_, f)) if out.contains(f) => Some((
                    format!("`{}` is named twice", name.value),
                    "name each field once".to_string(),
                )),
                Some((_, f)) if out.is_empty() && *f != FenField::Board => Some((
                    "a FEN starts with the board".to_string(),
                    "put `\"board\"` first".to_string(),
                )),
                Some((_, f)) => {
                    let both = [FenField::Fullmove, FenField::Ply];
                    (both.contains(f) && out.iter().any(|o| both.contains(o))).then(|| {
                        (
                            "a FEN has one move number: `fullmove` or `ply`".to_string(),
                            "FEN counts full moves, SFEN plies".to_string(),
                        )
                    })
                }
            };
            match (problem, field) {
                (Some((message, hint)), _) => {
                    self.fen_error("fen-fields", name, message, hint);
                    ok = false;
                }
                (None, Some((_, f))) => out.push(*f),
                (None, None) => {}
            }
        }
        if out.is_empty() && ok {
            self.error(
                Diagnostic::error("fen-fields", "a FEN has at least its board")
                    .at(list.loc())
                    .label("no field")
                    .hint("such as `fields = [\"board\", \"side\", \"hands\", \"ply\"]` (SFEN)"),
            );
            ok = false;
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }

    /// `[fen] hands`: `brackets` after the board, or `field`, the `hands`
    /// field of `fields` (the default when `fields` names it).
    fn hand_place(&mut self, fen: &RawFen, fields: &[FenField]) -> Res<Option<HandPlace>> {
        let listed = fields.contains(&FenField::Hands);
        let Some(hands) = &fen.hands else {
            return Ok(listed.then_some(HandPlace::Field));
        };
        let (place, problem) = match hands.value.as_str() {
            "brackets" => (
                HandPlace::Brackets,
                listed.then_some("the hands are in brackets after the board and in a field too"),
            ),
            "field" => (
                HandPlace::Field,
                (!listed).then_some("`hands = \"field\"`, but `fields` has no `hands` field"),
            ),
            other => {
                let message = format!("`{other}` is no place for the hands in a FEN");
                let hint = "`brackets` (after the board: `[QRbpp]`) or `field` (SFEN's `2P3pS`)";
                self.fen_error("fen-fields", hands, message, hint);
                return Err(());
            }
        };
        match problem {
            Some(message) => {
                let hint = "`brackets` for a pocket after the board; for a hands field \
                    (SFEN), name `hands` in `fields` alone";
                self.fen_error("fen-fields", hands, message, hint);
                Err(())
            }
            None => Ok(Some(place)),
        }
    }

    /// `[fen] halfmove`: the end rule whose one `since(...)` counter is
    /// FEN's halfmove clock; by default the game's only counter.
    fn halfmove(
        &mut self,
        raw: &RawGame,
        fen: &RawFen,
        ends: &[EndRule],
        n_counters: usize,
        clock: bool,
    ) -> Res<Option<u32>> {
        let raw_ends = raw.end.as_ref().map_or(&[][..], |e| &e.value[..]);
        let Some(name) = &fen.halfmove else {
            return match n_counters {
                0 => Ok(None),
                1 => Ok(Some(0)),
                _ if !clock => Ok(None),
                _ => {
                    let loc = fen.fields.as_ref();
                    let d = Diagnostic::error(
                        "fen-halfmove",
                        format!("the end rules count {n_counters} `since(...)`: which is FEN's halfmove clock?"),
                    )
                    .hint("name the end rule whose counter it is: `halfmove = \"fifty-moves\"`");
                    self.error(match loc {
                        Some(l) => d.at(l.loc()),
                        None => d.at(self.whole_file()),
                    });
                    Err(())
                }
            };
        };
        let found = raw_ends
            .iter()
            .zip(ends)
            .find(|(e, _)| e.name.as_ref().is_some_and(|n| n.value == name.value));
        let Some((_, rule)) = found else {
            let named: Vec<&str> = raw_ends
                .iter()
                .filter_map(|e| e.name.as_ref().map(|n| n.value.as_str()))
                .collect();
            let hint = match named.is_empty() {
                true => "give the end rule with the `since(...)` a `name`".to_string(),
                false => format!("the end rules named are {}", named.join(", ")),
            };
            let message = format!("no end rule is named `{}`", name.value);
            self.fen_error("fen-halfmove", name, message, hint);
            return Err(());
        };
        let mut counters = Vec::new();
        since_counters(&rule.when, &mut counters);
        match counters[..] {
            [one] => Ok(Some(one)),
            _ => {
                let message = format!(
                    "the end rule `{}` counts {} `since(...)`; the halfmove clock is one",
                    name.value,
                    counters.len()
                );
                let hint = "name an end rule with one `since(...)`, such as `since(captures or from(friend pawn)) >= 100`";
                self.fen_error("fen-halfmove", name, message, hint);
                Err(())
            }
        }
    }

    fn fen_error(
        &mut self,
        code: &'static str,
        at: &Str,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.error(
            Diagnostic::error(code, message)
                .at(at.loc())
                .label("in `[fen]`")
                .hint(hint),
        );
    }
    /// `[fen] side_to_move`: per side, its letter (or word) in FEN's
    /// side-to-move field; one word without spaces, no two sides alike.
    fn side_letters(&mut self, letters: &Table<Str>, scope: &Scope) -> Res<Vec<Option<String>>> {
        let mut out = vec![None; scope.sides.len()];
        let mut ok = true;
        for (key, letter) in letters.iter() {
            let Some(side) = scope.sides.iter().position(|s| *s == key.value) else {
                let known: Vec<&str> = scope.sides.iter().map(String::as_str).collect();
                self.unknown_key("side", key, &known);
                ok = false;
                continue;
            };
            let text = &letter.value;
            let twin = (out.iter().enumerate()).find(|(_, l)| l.as_deref() == Some(text.as_str()));
            let problem = if text.is_empty() || text.contains(char::is_whitespace) {
                Some("a side's letter in FEN is one word, without spaces".to_string())
            } else {
                twin.map(|(other, _)| {
                    format!("`{text}` is already the letter of `{}`", scope.sides[other])
                })
            };
            if let Some(message) = problem {
                self.error(
                    Diagnostic::error("fen-side-letter", message)
                        .at(letter.loc())
                        .label("the side to move could not be told from it")
                        .hint("give each side its own letter, such as `side_to_move = { red = \"w\", black = \"b\" }`"),
                );
                ok = false;
                continue;
            }
            out[side] = Some(text.clone());
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }
}

/// The `since(...)` counters a condition reads, left to right.
fn since_counters(c: &StateCond, out: &mut Vec<u32>) {
    if let StateCond::Since { counter, .. } = c {
        out.push(*counter);
    }
    c.parts().iter().for_each(|c| since_counters(c, out));
}
