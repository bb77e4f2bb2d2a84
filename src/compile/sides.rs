//! `[sides]` and `[seats]`: the sides, their forward direction, teams and
//! piece symbols, and the seats that move them.

use super::{Compiler, Res, MAX_SIDES};
use crate::board::COMPASS;
use crate::diag::{suggest, Diagnostic};
use crate::raw::{Located, RawGame, Str};
use crate::rules::{self, NoMoves, Seat, SideId};
use crate::syntax;
use std::collections::HashMap;

impl Compiler<'_> {
    /// The sides of `[sides]`, at least one, and the `forward` direction of each.
    pub(super) fn sides(&mut self, raw: &RawGame) -> Res<(Vec<String>, Vec<Option<u8>>)> {
        if raw.sides.0.is_empty() {
            self.error(
                Diagnostic::error("no-sides", "the game defines no side")
                    .at(self.whole_file())
                    .hint("add a table per side, such as `[sides.white]`"),
            );
            return Err(());
        }
        self.at_most(&raw.sides, MAX_SIDES, "sides")?;
        let side_names: Vec<String> = raw.sides.keys().map(str::to_string).collect();
        let mut forward = Vec::new();
        for (key, side) in raw.sides.iter() {
            let f = match &side.forward {
                Some(f) => match COMPASS.iter().position(|d| *d == f.value) {
                    Some(d) => Some(d as u8),
                    None => {
                        self.error(
                            Diagnostic::error(
                                "unknown-name",
                                format!("unknown direction `{}`", f.value),
                            )
                            .at(f.loc())
                            .label("not a compass direction")
                            .hint(suggest(&f.value, COMPASS)),
                        );
                        None
                    }
                },
                None => None,
            };
            forward.push(f);
            let _ = key;
        }
        Ok((side_names, forward))
    }

    /// The sides as the rules keep them. Symbols: a piece's own symbol, upper
    /// case for the first side and lower case for the others, unless a side
    /// sets its own.
    pub(super) fn symbols(
        &mut self,
        raw: &RawGame,
        side_names: &[String],
        kind_names: &[String],
        forward: &[Option<u8>],
        teams: &[u8],
    ) -> Vec<rules::Side> {
        let mut sides = Vec::new();
        for (i, (_, side)) in raw.sides.iter().enumerate() {
            let mut symbols = Vec::new();
            for (kname, piece) in raw.pieces.iter() {
                let base = piece.symbol.as_ref().map_or_else(
                    || kname.value.chars().take(1).collect(),
                    |s| s.value.clone(),
                );
                let sym = if i == 0 {
                    base.to_uppercase()
                } else {
                    base.to_lowercase()
                };
                symbols.push(sym);
            }
            if let Some(table) = &side.symbols {
                for (k, v) in table.iter() {
                    match kind_names.iter().position(|n| *n == k.value) {
                        Some(ki) => symbols[ki] = v.value.clone(),
                        None => self.unknown_key(
                            "piece",
                            k,
                            &kind_names.iter().map(String::as_str).collect::<Vec<_>>(),
                        ),
                    }
                }
            }
            sides.push(rules::Side {
                // Settled below, once the turn's default is known.
                no_moves: NoMoves::Lose,
                no_moves_in_check: NoMoves::Lose,
                name: side_names[i].clone(),
                forward: forward[i],
                team: teams[i],
                symbols,
            });
        }
        sides
    }

    /// Refuses empty symbols, and two pieces drawn alike that can both be
    /// on the board: a side's pieces are those of its setup and reserve.
    pub(super) fn check_symbols(&mut self, raw: &RawGame, sides: &[rules::Side]) {
        let mut seen: HashMap<&str, (usize, usize)> = HashMap::new();
        for (si, side) in sides.iter().enumerate() {
            let (key, raw_side) = &raw.sides.0[si];
            let placed: Vec<String> = raw
                .setup
                .get(&key.value)
                .and_then(|s| syntax::parse_placements(&s.value).ok())
                .map(|ps| ps.into_iter().map(|p| p.kind.text).collect())
                .unwrap_or_default();
            let in_hand = |kind: &str| {
                raw_side
                    .reserve
                    .as_ref()
                    .is_some_and(|t| t.iter().any(|(k, _)| k.value == kind))
            };
            for (ki, sym) in side.symbols.iter().enumerate() {
                let kind = &raw.pieces.0[ki].0.value;
                let owned = placed.contains(kind) || in_hand(kind);
                if sym.is_empty() || sym.contains(char::is_whitespace) {
                    self.error(
                        Diagnostic::error(
                            "bad-symbol",
                            format!(
                                "the symbol of `{}` is empty or has spaces",
                                raw.pieces.0[ki].0.value
                            ),
                        )
                        .at(raw.pieces.0[ki].0.loc()),
                    );
                } else if !owned {
                    continue;
                } else if let Some((s0, k0)) = seen.insert(sym, (si, ki)) {
                    self.error(
                        Diagnostic::error(
                            "duplicate-symbol",
                            format!(
                                "`{}` {} and `{}` {} are both drawn as `{sym}`",
                                sides[s0].name,
                                raw.pieces.0[k0].0.value,
                                side.name,
                                raw.pieces.0[ki].0.value
                            ),
                        )
                        .at(raw.sides.0[si].0.loc())
                        .hint(format!(
                            "give this side its own symbols: `symbols = {{ {} = \"{}2\" }}`",
                            raw.pieces.0[ki].0.value,
                            sym.to_uppercase()
                        )),
                    );
                }
            }
        }
    }

    /// The seats: `[seats]`, or one per side, named after it.
    pub(super) fn seats(&mut self, raw: &RawGame, side_names: &[String]) -> Vec<Seat> {
        let Some(table) = &raw.seats else {
            return (0..side_names.len())
                .map(|i| Seat {
                    name: side_names[i].clone(),
                    sides: vec![i as SideId],
                })
                .collect();
        };
        let mut seat_of: Vec<Option<usize>> = vec![None; side_names.len()];
        let mut seats = Vec::new();
        for (key, list) in &table.value.0 {
            if list.value.is_empty() {
                self.error(
                    Diagnostic::error("empty", format!("seat `{}` moves no side", key.value))
                        .at(list.loc())
                        .hint("list the sides this player moves, such as `[\"white\"]`"),
                );
            }
            let sides = self.side_list(list, side_names);
            for (&side, name) in sides.iter().zip(&list.value) {
                if let Some(other) = seat_of[side as usize] {
                    let other: &String = &table.value.0[other].0.value;
                    self.error(
                        Diagnostic::error(
                            "duplicate-name",
                            format!("side `{}` has two seats", name.value),
                        )
                        .at(name.loc())
                        .label(format!("already moved by seat `{other}`"))
                        .hint("each side is moved by exactly one seat"),
                    );
                }
                seat_of[side as usize] = Some(seats.len());
            }
            seats.push(Seat {
                name: key.value.clone(),
                sides,
            });
        }
        for (i, s) in seat_of.iter().enumerate() {
            if s.is_none() {
                self.error(
                    Diagnostic::error(
                        "side-without-seat",
                        format!("side `{}` has no seat", side_names[i]),
                    )
                    .at(table.loc())
                    .hint(format!(
                        "add `{0}` to a seat's list, or a seat `{0} = [\"{0}\"]`",
                        side_names[i]
                    )),
                );
            }
        }
        seats
    }

    /// Side names to ids, reporting the unknown ones.
    pub(super) fn side_list(&mut self, list: &Located<Vec<Str>>, sides: &[String]) -> Vec<SideId> {
        let mut out = Vec::new();
        for n in &list.value {
            match sides.iter().position(|s| *s == n.value) {
                Some(i) => out.push(i as SideId),
                None => {
                    let known: Vec<&str> = sides.iter().map(String::as_str).collect();
                    self.unknown_key("side", n, &known);
                }
            }
        }
        out
    }
}

/// The team of each side, and the names of the teams: sides naming the
/// same team win together.
pub(super) fn teams(raw: &RawGame) -> (Vec<u8>, Vec<String>) {
    let mut team_names: Vec<String> = Vec::new();
    let mut teams = Vec::new();
    for (key, side) in raw.sides.iter() {
        let t = side
            .team
            .as_ref()
            .map_or(key.value.clone(), |t| t.value.clone());
        let id = match team_names.iter().position(|n| *n == t) {
            Some(i) => i,
            None => {
                team_names.push(t);
                team_names.len() - 1
            }
        };
        teams.push(id as u8);
    }
    (teams, team_names)
}
