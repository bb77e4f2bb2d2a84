//! `[flags]`: the flags a piece may carry ("has not moved"), which kinds
//! carry each in the setup, and what a move of the piece does to it.

use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str, Table};
use crate::rules::{Fen, Flag, FlagMove, KindId, ALL_KINDS};
use crate::syntax::ast;

/// The most flags a game may declare: one bit each in a byte per site.
pub(super) const MAX_FLAGS: usize = 8;

impl Compiler<'_> {
    /// The flags of `[flags]`, in file order.
    pub(super) fn flags(&mut self, raw: &RawGame, scope: &Scope) -> Res<Vec<Flag>> {
        let mut out = Vec::new();
        let mut ok = true;
        for (i, (key, flag)) in raw.flags.iter().enumerate() {
            if i == MAX_FLAGS {
                self.error(
                    Diagnostic::error(
                        "too-many-flags",
                        format!("a game has at most {MAX_FLAGS} flags"),
                    )
                    .at(key.loc())
                    .label("one too many")
                    .hint("a flag is a bit of its piece: merge flags that always go together"),
                );
                return Err(());
            }
            let start = match &flag.pieces {
                None => ALL_KINDS,
                Some(list) => {
                    let mut mask = 0;
                    for k in &list.value {
                        match self.kind_ref(k, &whole(k), scope) {
                            Ok(m) => mask |= m,
                            Err(()) => ok = false,
                        }
                    }
                    mask
                }
            };
            let moved = self.choice(
                flag.moved.as_ref(),
                "what moving does to a flag",
                &[
                    ("clear", FlagMove::Clear),
                    ("set", FlagMove::Set),
                    ("keep", FlagMove::Keep),
                ],
            );
            if flag.moved.is_some() && moved.is_none() {
                ok = false;
            }
            out.push(Flag {
                name: key.value.clone(),
                start,
                moved: moved.unwrap_or(FlagMove::Clear),
            });
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }

    /// The bit of a flag named in `has(FLAG)`.
    pub(super) fn flag_ref(&mut self, s: &Str, n: &ast::Name, scope: &Scope) -> Res<u8> {
        match scope.flags.iter().position(|f| *f == n.text) {
            Some(i) if i < MAX_FLAGS => Ok(i as u8),
            Some(_) => Err(()),
            None => {
                let known: Vec<&str> = scope.flags.iter().map(String::as_str).collect();
                self.unknown("flag", s, n, &known);
                Err(())
            }
        }
    }
}

impl Compiler<'_> {
    /// `[fen]`: the castling flag and kinds, and the en passant kind.
    pub(super) fn fen(&mut self, raw: &RawGame, scope: &Scope) -> Res<Fen> {
        let Some(fen) = &raw.fen else {
            return Ok(Fen::default());
        };
        let mut out = Fen::default();
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
        if ok {
            Ok(out)
        } else {
            Err(())
        }
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

    /// A piece kind named by a whole string (not a class).
    fn one_kind(&mut self, s: &Str, scope: &Scope) -> Res<KindId> {
        match scope.kinds.iter().position(|k| *k == s.value) {
            Some(i) => Ok(i as KindId),
            None => {
                let known: Vec<&str> = scope.kinds.iter().map(String::as_str).collect();
                self.unknown("piece", s, &whole(s), &known);
                Err(())
            }
        }
    }
}

/// A whole string as a name inside it.
fn whole(s: &Str) -> ast::Name {
    ast::Name {
        text: s.value.clone(),
        span: 0..s.value.len(),
    }
}
