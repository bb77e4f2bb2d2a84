//! `[columns]`: sites hold ordered stacks of pieces of any kinds and sides,
//! each commanded by its top piece: what a move carries, what a capture
//! takes, and how deep a column may grow.

use super::{Compiler, Res};
use crate::diag::Diagnostic;
use crate::raw::RawGame;
use crate::rules::{ColumnCaptures, ColumnMoves, Columns, Rules, UNLIMITED};

impl Compiler<'_> {
    /// `[columns]`, if the game declares it (its depth is set once the
    /// setup is known, by [`Compiler::column_tables`]).
    pub(super) fn columns(&mut self, raw: &RawGame) -> Res<Option<Columns>> {
        let Some(c) = &raw.columns else {
            return Ok(None);
        };
        let moves = [("whole", ColumnMoves::Whole), ("top", ColumnMoves::Top)];
        let captures = [
            ("all", ColumnCaptures::All),
            ("top", ColumnCaptures::Top),
            ("top-under", ColumnCaptures::TopUnder),
        ];
        let m = self.choice(c.moves.as_ref(), "column move", &moves);
        let k = self.choice(c.captures.as_ref(), "column capture", &captures);
        if c.moves.is_some() && m.is_none() || c.captures.is_some() && k.is_none() {
            return Err(());
        }
        let stacking = raw.pieces.iter().find_map(|(key, p)| {
            let stacks = p.stacks.as_ref().filter(|s| s.value)?;
            Some((key, stacks.loc()))
        });
        if let Some((key, at)) = stacking {
            self.error(
                Diagnostic::error(
                    "columns-and-stacks",
                    format!("piece `{}` stacks in a game with `[columns]`", key.value),
                )
                .at(at)
                .label("`stacks = true` here")
                .hint("in a game with `[columns]` every site holds a column already: drop `stacks = true`"),
            );
            return Err(());
        }
        Ok(Some(Columns {
            moves: m.unwrap_or(ColumnMoves::Whole),
            captures: k.unwrap_or(ColumnCaptures::TopUnder),
            depth: 0,
        }))
    }
}

/// The column tables of the initial position, once the setup has placed
/// its pieces: a column may hold every piece the game has but one (those
/// on the board and those in reserve; 255 with an unlimited reserve).
pub(super) fn column_tables(rules: &mut Rules) {
    let Some(mut columns) = rules.columns else {
        return;
    };
    let st = &rules.initial;
    let on_board = st.board.iter().filter(|&&v| v != 0).count();
    let (items, barriers, kinds) = (rules.n_items(), rules.barriers.len(), rules.kinds.len());
    let kept = (0..rules.sides.len()).flat_map(|s| {
        let first = s * items + barriers;
        st.reserves[first..first + kinds].iter().map(|&n| match n {
            UNLIMITED => 255,
            n => n as usize,
        })
    });
    let depth = (on_board + kept.sum::<usize>()).saturating_sub(1).min(255);
    columns.depth = depth as u8;
    let n = rules.board.n_sites();
    let game = rules.game_mut();
    game.columns = Some(columns);
    game.initial.heights = vec![0; n].into_boxed_slice();
    game.initial.under = vec![0; n * depth].into_boxed_slice();
}
