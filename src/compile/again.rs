//! `[turn] again`: the condition under which the side that played plays
//! another turn.

use super::end::{reads_history, reads_last};
use super::{Compiler, Scope};
use crate::diag::Diagnostic;
use crate::raw::RawGame;
use crate::rules::{Again, EndRule, StateCond};

impl Compiler<'_> {
    /// `[turn] again`, read like an end rule's `when` (`last(...)` and
    /// `through last` read the action just played), but neither `stalled`
    /// nor the game's history; its `last(...)`s are counted after those
    /// of the end rules `ends`. With it, whether it or an end rule reads
    /// the last move.
    pub(super) fn again(
        &mut self,
        raw: &RawGame,
        scope: &mut Scope,
        ends: &[EndRule],
    ) -> (Option<Again>, bool) {
        let again = self.again_rule(raw, scope, ends);
        let whens = ends.iter().map(|e| &e.when);
        let reads = whens.chain(again.as_ref().map(|a| &a.when)).any(reads_last);
        (again, reads)
    }

    fn again_rule(&mut self, raw: &RawGame, scope: &mut Scope, ends: &[EndRule]) -> Option<Again> {
        let text = raw.turn.again.as_ref()?;
        self.allow_last = true;
        let when = self.state_cond(raw, scope, text);
        self.allow_last = false;
        let when = when.ok()?;
        let stalls = when.any_part(&|p| matches!(p, StateCond::Stalled));
        if stalls || reads_history(&when) {
            self.error(
                Diagnostic::error(
                    "again-condition",
                    "`again` reads the position after the turn and the action just played",
                )
                .at(text.loc())
                .label("`stalled` and the game's history are read only in end rules")
                .hint("say what the turn made: `last(closes)`, `count(own piece) > 3`"),
            );
            return None;
        }
        Some(Again {
            when,
            first_last: ends.iter().map(|e| e.lasts).sum(),
        })
    }
}
