//! `[barriers]`: the kinds of barrier laid in the grooves between squares,
//! their lengths and orientations, and the slots of the board each fits in.

use super::{int_in, Compiler, Scope};
use crate::diag::{suggest, Diagnostic};
use crate::raw::{RawGame, Str};
use crate::rules::{BarrierKind, KindId, MARKED_SLOTS};

impl Compiler<'_> {
    /// The lengths of the barrier kinds, each once, and those of the kinds
    /// that may lie on the rim: the board needs them to lay out its slots.
    pub(super) fn barrier_lengths(&mut self, raw: &RawGame) -> (Vec<u8>, Vec<u8>) {
        let (mut lengths, mut rim): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
        for (_, b) in raw.barriers.iter() {
            let len = match &b.length {
                Some(l) => int_in(self, l, "a barrier's length", 1, 8).unwrap_or(2) as u8,
                None => 2,
            };
            if !lengths.contains(&len) {
                lengths.push(len);
            }
            if b.rim.as_ref().is_some_and(|r| r.value) && !rim.contains(&len) {
                rim.push(len);
            }
        }
        (lengths, rim)
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
                .filter(|(_, s)| !s.rim || b.rim.as_ref().is_some_and(|r| r.value))
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
                claim: b.claim.as_ref().and_then(|k| self.claim_kind(scope, k)),
            });
        }
        barriers
    }
}

impl Compiler<'_> {
    /// The piece kind a barrier's `claim` names.
    fn claim_kind(&mut self, scope: &Scope, name: &Str) -> Option<KindId> {
        if let Some(k) = scope.kinds.iter().position(|k| *k == name.value) {
            return Some(k as KindId);
        }
        let d = Diagnostic::error(
            "unknown-name",
            format!("`claim` names no piece kind: `{}`", name.value),
        )
        .at(name.loc())
        .label("not a piece kind")
        .hint(suggest(&name.value, scope.kinds.iter().map(String::as_str)));
        self.error(d);
        None
    }
}
