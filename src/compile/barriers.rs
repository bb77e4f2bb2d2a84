//! `[barriers]`: the kinds of barrier laid in the grooves between squares,
//! their lengths and orientations, and the slots of the board each fits in.

use super::{int_in, Compiler, Scope};
use crate::diag::Diagnostic;
use crate::raw::RawGame;
use crate::rules::{BarrierKind, MARKED_SLOTS};

impl Compiler<'_> {
    /// The lengths of the barrier kinds, each once: the board needs them to lay
    /// out its slots.
    pub(super) fn barrier_lengths(&mut self, raw: &RawGame) -> Vec<u8> {
        let mut lengths: Vec<u8> = Vec::new();
        for (_, b) in raw.barriers.iter() {
            let len = match &b.length {
                Some(l) => int_in(self, l, "a barrier's length", 1, 8).unwrap_or(2) as u8,
                None => 2,
            };
            if !lengths.contains(&len) {
                lengths.push(len);
            }
        }
        lengths
    }

    /// The barrier kinds and the slots of the board each one fits in.
    pub(super) fn barriers(&mut self, raw: &RawGame, scope: &Scope) -> Vec<BarrierKind> {
        let mut barriers = Vec::new();
        for (bname, b) in raw.barriers.iter() {
            let len = b.length.as_ref().map_or(2, |l| l.value.clamp(1, 8) as u8);
            let mut orients = Vec::new();
            match &b.orientations {
                Some(list) => {
                    for o in &list.value {
                        match o.value.as_str() {
                            "h" => orients.push('h'),
                            "v" => orients.push('v'),
                            other => self.error(
                                Diagnostic::error("unknown-name", format!("unknown orientation `{other}`"))
                                    .at(o.loc())
                                    .label("expected `h` or `v`")
                                    .hint("`h` lies along a rank and blocks moves between ranks; `v` lies along a file"),
                            ),
                        }
                    }
                }
                None => orients = vec!['h', 'v'],
            }
            let slots: Vec<u16> = scope
                .board
                .slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.length == len && orients.contains(&s.orientation))
                .map(|(i, _)| i as u16)
                .collect();
            if slots.is_empty() {
                self.error(
                    Diagnostic::error(
                        "empty",
                        format!(
                            "the barrier `{}` fits in no groove of this board",
                            bname.value
                        ),
                    )
                    .at(bname.loc())
                    .label("no slot"),
                );
            }
            let n_slots = scope.board.slots.len();
            let mut slot_set = vec![
                0u64;
                if n_slots <= MARKED_SLOTS {
                    n_slots.div_ceil(64)
                } else {
                    0
                }
            ];
            if !slot_set.is_empty() {
                for &s in &slots {
                    slot_set[s as usize / 64] |= 1 << (s % 64);
                }
            }
            barriers.push(BarrierKind {
                name: bname.value.clone(),
                slots,
                slot_set,
                symbol: b.symbol.as_ref().map(|s| s.value.clone()),
            });
        }
        barriers
    }
}
