//! `[counters]`: a number per side that the moves meeting a move condition
//! raise or lower (`checks = { counts = "gives_check" }`), kept in the
//! reserves after the tokens and read by `count(OWNER COUNTER) OP N`.

use super::{int_in, Compiler, Res, Scope};
use crate::diag::Diagnostic;
use crate::raw::RawGame;
use crate::rules::{Counter, Counters, MoveCond};
use crate::syntax;

impl Compiler<'_> {
    /// The counters of `[counters]`, in file order, after the `n_tokens`
    /// tokens in the reserves.
    pub(super) fn counters(&mut self, raw: &RawGame, scope: &mut Scope) -> Res<Counters> {
        let mut out = Counters {
            first: scope.tokens.len() - scope.counters.len(),
            list: Vec::new(),
        };
        let mut ok = true;
        for (key, c) in raw.counters.iter() {
            if scope.tokens[..out.first].contains(&key.value) {
                self.error(
                    Diagnostic::error("duplicate-name", format!("`{}` is also a token", key.value))
                        .at(key.loc())
                        .hint("tokens and counters are counted in the reserves: give it a name of its own"),
                );
                ok = false;
            }
            let Some(s) = &c.counts else {
                self.error(
                    Diagnostic::error("counter-without-counts", format!("counter `{}` counts nothing", key.value))
                        .at(key.loc())
                        .hint("say which moves it counts: `counts = \"gives_check\"`, `counts = \"captures\"`"),
                );
                ok = false;
                continue;
            };
            let counts = match syntax::parse_move_cond(&s.value) {
                Ok(parsed) => self.move_cond(raw, scope, s, &parsed),
                Err(e) => {
                    self.syntax_error(s, e);
                    Err(())
                }
            };
            let start = c
                .start
                .as_ref()
                .map_or(Ok(0), |v| int_in(self, v, "a counter's start", 0, 255));
            let step = c
                .add
                .as_ref()
                .map_or(Ok(1), |v| int_in(self, v, "a counter's `add`", -255, 255));
            if let Some(v) = c.add.as_ref().filter(|v| v.value == 0) {
                self.error(
                    Diagnostic::error("out-of-range", "a counter's `add` must not be 0")
                        .at(v.loc())
                        .hint("`add = 1` counts up, `add = -1` down"),
                );
                ok = false;
            }
            let (Ok(counts), Ok(start), Ok(step)) = (counts, start, step) else {
                ok = false;
                continue;
            };
            out.list.push(Counter {
                name: key.value.clone(),
                start: start as u8,
                step: step as i16,
                after: matches!(counts, MoveCond::GivesCheck),
                counts,
            });
        }
        if ok {
            Ok(out)
        } else {
            Err(())
        }
    }
}
