//! `[setup]` and the reserves: the initial position.
//!
//! Placements of `[setup]`, the reserves of `[sides.NAME.reserve]`, the
//! counts of `[tokens]`; the constraints are checked on the result.

use super::{board_extent, int_in, not_a_site, Compiler, Res, MAX_RESERVE};
use crate::board::{Board, SiteId};
use crate::diag::{Diagnostic, Loc};
use crate::raw::RawGame;
use crate::rules::{EndedBy, Outcome, Rules, State, NO_LAST};
use crate::syntax;
use std::collections::HashMap;

impl Compiler<'_> {
    pub(super) fn setup(&mut self, raw: &RawGame, rules: &mut Rules) -> Res<()> {
        let mut st = rules.initial.clone();
        let mut placed_by: HashMap<u16, Loc> = HashMap::new();
        for (key, text) in raw.setup.iter() {
            let Some(side) = rules.side(&key.value) else {
                let known: Vec<&str> = rules.sides.iter().map(|s| s.name.as_str()).collect();
                self.unknown_key("side", key, &known);
                continue;
            };
            let placements = match syntax::parse_placements(&text.value) {
                Ok(p) => p,
                Err(e) => {
                    self.syntax_error(text, e);
                    continue;
                }
            };
            for p in placements {
                let Some(kind) = rules.kind(&p.kind.text) else {
                    let known: Vec<&str> = rules.kinds.iter().map(|k| k.name.as_str()).collect();
                    self.unknown("piece", text, &p.kind, &known);
                    continue;
                };
                for site in &p.sites {
                    let loc = self.name_loc(text, site);
                    // A site, or a region of `[regions]`: each of its sites
                    // (the side's part).
                    let region = (rules.regions.iter().take(raw.regions.0.len()))
                        .find(|r| r.name == site.text);
                    let sites: Vec<SiteId> = match (rules.board.site(&site.text), region) {
                        (Some(s), _) => vec![s],
                        (None, Some(r)) => r.per_side[side as usize].iter().collect(),
                        (None, None) => {
                            let d = not_a_site(&rules.board, &site.text).unwrap_or_else(|| {
                                Diagnostic::error(
                                    "unknown-name",
                                    format!("unknown site `{}`", site.text),
                                )
                                .label("not on this board")
                                .hint(board_extent(&rules.board))
                            });
                            self.error(d.at(loc));
                            continue;
                        }
                    };
                    for s in sites {
                        let v = rules.man(side, kind);
                        let i = s.0 as usize;
                        if rules.kinds[kind as usize].stacks && st.board[i] == v {
                            // One more piece on a stack of its kind.
                            st.heights[i] = st.heights[i].saturating_add(1);
                            continue;
                        }
                        if let Some(first) = placed_by.get(&s.0) {
                            let (line, col) = self.sources.line_col(first.file, first.span.start);
                            self.error(
                                Diagnostic::error(
                                    "two-pieces-one-site",
                                    format!(
                                        "two pieces are placed on `{}`",
                                        rules.board.site_name(s)
                                    ),
                                )
                                .at(loc.clone())
                                .label("second piece here")
                                .hint(format!(
                                    "the first is placed at {}:{line}:{col}",
                                    self.sources.name(first.file)
                                )),
                            );
                            continue;
                        }
                        placed_by.insert(s.0, loc.clone());
                        st.board[s.0 as usize] = rules.man(side, kind);
                    }
                }
            }
        }
        for (si, (_, side)) in raw.sides.iter().enumerate() {
            let Some(reserve) = &side.reserve else {
                continue;
            };
            for (k, n) in reserve.iter() {
                let item = match (rules.barrier(&k.value), rules.kind(&k.value)) {
                    (Some(b), _) => b as usize,
                    (None, Some(kind)) => rules.barriers.len() + kind as usize,
                    (None, None) => {
                        let known: Vec<&str> = rules
                            .barriers
                            .iter()
                            .map(|b| b.name.as_str())
                            .chain(rules.kinds.iter().map(|k| k.name.as_str()))
                            .collect();
                        self.unknown_key("barrier or piece", k, &known);
                        continue;
                    }
                };
                if let Ok(count) = int_in(self, n, "a reserve", 0, MAX_RESERVE) {
                    st.reserves[si * rules.n_items() + item] = count as u8;
                }
            }
        }
        // Every side starts with each token's count.
        for (t, (key, n)) in raw.tokens.iter().enumerate() {
            let clash = rules.barrier(&key.value).is_some() || rules.kind(&key.value).is_some();
            if clash {
                self.error(
                    Diagnostic::error("duplicate-name", format!("`{}` is also a piece or barrier", key.value))
                        .at(key.loc())
                        .hint("tokens are counted in the reserves beside pieces and barriers: give it a name of its own"),
                );
                continue;
            }
            if let Ok(count) = int_in(self, n, "a token count", 0, MAX_RESERVE) {
                for si in 0..rules.sides.len() {
                    let i = si * rules.n_items() + rules.barriers.len() + rules.kinds.len() + t;
                    st.reserves[i] = count as u8;
                }
            }
        }
        // Every side starts each counter at its `start`.
        let first = rules.barriers.len() + rules.kinds.len() + rules.counters.first;
        for (c, counter) in rules.counters.list.iter().enumerate() {
            for si in 0..rules.sides.len() {
                st.reserves[si * rules.n_items() + first + c] = counter.start;
            }
        }
        if self.diags.iter().any(Diagnostic::is_error) {
            return Err(());
        }
        rules.index_pieces(&mut st);
        rules.start_marks(&mut st);
        if !rules.constraints_hold_in(&st) {
            let loc = raw.constraint.as_ref().map(|c| c.loc());
            self.error(
                Diagnostic::error(
                    "setup-breaks-constraint",
                    "the initial position breaks the game's constraints",
                )
                .at_opt(loc)
                .label("these constraints do not hold at the start"),
            );
            return Err(());
        }
        rules.game_mut().initial = st;
        let mut initial = rules.initial.clone();
        rules.settle(&mut initial);
        rules.game_mut().initial = initial;
        Ok(())
    }
}

/// The position before the setup: no piece on the board, no barrier laid,
/// nothing in hand; `n_items` is the barrier kinds, piece kinds and tokens
/// a side may hold.
pub(super) fn empty_position(
    board: &Board,
    n_sides: usize,
    n_kinds: usize,
    n_items: usize,
) -> State {
    let n_sites = board.n_sites();
    State {
        board: vec![0; n_sites].into_boxed_slice(),
        pieces: vec![0; n_sides * n_sites.div_ceil(64).max(1)].into_boxed_slice(),
        counts: vec![0; n_sides * n_kinds].into_boxed_slice(),
        slots: vec![0; board.slots.len()].into_boxed_slice(),
        blocked: vec![0; board.edge_words()].into_boxed_slice(),
        reserves: vec![0; n_sides * n_items].into_boxed_slice(),
        turn: 0,
        phase: 0,
        passes: 0,
        demanded: false,
        huffable: None,
        ended_by: EndedBy::Nothing,
        outcome: Outcome::Ongoing,
        marks: Box::new([]),
        last: NO_LAST,
        seeds: Box::new([]),
        heights: Box::new([]),
        under: Box::new([]),
        dice: [0; 4],
        rolled: [0; crate::rules::MAX_EVENTS],
        history: None,
    }
}
