//! `[flags]`: the flags a piece may carry ("has not moved"), which kinds
//! carry each in the setup, and what a move of the piece does to it.

use super::{Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::{RawGame, Str};
use crate::rules::{Flag, FlagMove, KindId, ALL_KINDS};
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
    /// A piece kind named by a whole string (not a class).
    pub(super) fn one_kind(&mut self, s: &Str, scope: &Scope) -> Res<KindId> {
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
pub(super) fn whole(s: &Str) -> ast::Name {
    ast::Name {
        text: s.value.clone(),
        span: 0..s.value.len(),
    }
}
