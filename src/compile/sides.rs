//! `[sides]` and `[seats]`: the sides, their forward direction, teams and
//! piece symbols, and the seats that move them.

use super::{Compiler, Res, MAX_SIDES};
use crate::board::COMPASS;
use crate::diag::{suggest, Diagnostic};
use crate::raw::Table;
use crate::raw::{Located, OneOrMany, RawGame, Str};
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
            let mut glyphs: Vec<Option<String>> = (raw.pieces.iter())
                .map(|(_, piece)| piece.glyph.as_ref().map(|g| g.value.clone()))
                .collect();
            self.per_kind(&side.symbols, kind_names, |ki, v| symbols[ki] = v);
            self.per_kind(&side.glyphs, kind_names, |ki, v| glyphs[ki] = Some(v));
            sides.push(rules::Side {
                // Settled below, once the turn's default is known.
                no_moves: NoMoves::Lose,
                no_moves_in_check: NoMoves::Lose,
                name: side_names[i].clone(),
                forward: forward[i],
                team: teams[i],
                symbols,
                glyphs,
            });
        }
        sides
    }

    /// Each entry of a side's table by piece kind (`symbols`, `glyphs`)
    /// given to `set` with the kind's index; an unknown kind is an error.
    fn per_kind(
        &mut self,
        table: &Option<Table<Str>>,
        kind_names: &[String],
        mut set: impl FnMut(usize, String),
    ) {
        let Some(table) = table else {
            return;
        };
        for (k, v) in table.iter() {
            match kind_names.iter().position(|n| *n == k.value) {
                Some(ki) => set(ki, v.value.clone()),
                None => self.unknown_key(
                    "piece",
                    k,
                    &kind_names.iter().map(String::as_str).collect::<Vec<_>>(),
                ),
            }
        }
    }

    /// Refuses empty symbols, and two pieces drawn alike that can both be
    /// on the board: a side's pieces are those of its setup and reserve,
    /// and those they can become ([`may_own`]).
    pub(super) fn check_symbols(&mut self, raw: &RawGame, sides: &[rules::Side]) {
        let owned = may_own(raw);
        let mut seen: HashMap<&str, (usize, usize)> = HashMap::new();
        // The kinds blamed where their symbol is set for every side: once.
        let mut blamed = Vec::new();
        for (si, side) in sides.iter().enumerate() {
            for (ki, sym) in side.symbols.iter().enumerate() {
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
                    continue;
                }
                let Some(how) = owned[si][ki] else { continue };
                let Some((s0, k0)) = seen.insert(sym, (si, ki)) else {
                    continue;
                };
                let message = format!(
                    "`{}` {} and `{}` {} are both drawn as `{sym}`",
                    sides[s0].name, raw.pieces.0[k0].0.value, side.name, raw.pieces.0[ki].0.value
                );
                // The one not on the board at the start is blamed, where
                // its symbol is set.
                let (bs, bk, how) = match (owned[s0][k0], how) {
                    (Some(first @ Came::By(..)), Came::Placed) => (s0, k0, first),
                    _ => (si, ki, how),
                };
                let d = match how {
                    Came::Placed => Diagnostic::error("duplicate-symbol", message)
                        .at(raw.sides.0[si].0.loc())
                        .hint(format!(
                            "give this side its own symbols: `symbols = {{ {} = \"{}2\" }}`",
                            raw.pieces.0[ki].0.value,
                            sym.to_uppercase()
                        )),
                    Came::By(from, way) => {
                        let (name, piece) = &raw.pieces.0[bk];
                        let side = &raw.sides.0[bs].1;
                        let own = (side.symbols.as_ref())
                            .and_then(|t| t.iter().find(|(k, _)| k.value == name.value))
                            .map(|(_, v)| v.loc());
                        if own.is_none() {
                            if blamed.contains(&bk) {
                                continue;
                            }
                            blamed.push(bk);
                        }
                        let set = own
                            .or_else(|| piece.symbol.as_ref().map(|s| s.loc()))
                            .unwrap_or_else(|| name.loc());
                        Diagnostic::error("duplicate-symbol", message)
                            .at(set)
                            .label({
                                let (side, from) = (&sides[bs].name, &raw.pieces.0[from].0.value);
                                match way {
                                    Way::Promotion => {
                                        format!("a `{side}` {from} may promote to `{}`", name.value)
                                    }
                                    Way::Hand => format!(
                                        "a {from} captured goes to `{side}`'s hand as `{}`",
                                        name.value
                                    ),
                                    Way::Conversion => format!(
                                        "a `{side}` {from} may convert a piece to a `{}`",
                                        name.value
                                    ),
                                }
                            })
                            .hint(format!(
                                "give `{}` a symbol no other piece has, such as `symbol = \"{}\"`",
                                name.value,
                                free_symbol(&name.value, sides)
                            ))
                    }
                };
                self.error(d);
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

/// How a side may come to own a piece of a kind.
#[derive(Clone, Copy)]
enum Came {
    /// Its setup places one, or its reserve holds one.
    Placed,
    /// A piece of the kind of that index becomes one, this way.
    By(usize, Way),
}

/// How a piece of one kind gives a side a piece of another.
#[derive(Clone, Copy)]
enum Way {
    /// The side's piece promotes to it.
    Promotion,
    /// Captured by the side, it goes to its hand as that kind.
    Hand,
    /// The side's piece converts a piece to it.
    Conversion,
}

/// Per side and kind, whether and how the side may own a piece of the kind:
/// placed or held at the start, or become one of its pieces by promotion
/// (`promote`, `else`), by capture to the hand (`to_hand`: for any side,
/// which may capture it) or by a landing effect's conversion (`as KIND`;
/// without it, the converted enemy keeps its kind).
fn may_own(raw: &RawGame) -> Vec<Vec<Option<Came>>> {
    let names: Vec<&str> = raw.pieces.keys().collect();
    let index = |n: &str| names.iter().position(|k| *k == n);
    let mut owned: Vec<Vec<Option<Came>>> = vec![vec![None; names.len()]; raw.sides.0.len()];
    for (si, (key, raw_side)) in raw.sides.0.iter().enumerate() {
        let placed = (raw.setup.get(&key.value))
            .and_then(|s| syntax::parse_placements(&s.value).ok())
            .into_iter()
            .flatten()
            .map(|p| p.kind.text);
        let held = (raw_side.reserve.iter())
            .flat_map(|t| t.iter())
            .map(|(k, _)| k.value.clone());
        for kind in placed.chain(held) {
            if let Some(ki) = index(&kind) {
                owned[si][ki] = Some(Came::Placed);
            }
        }
    }
    // What each kind becomes, or makes: (kind, way, for every side).
    let becomes: Vec<Vec<(Option<usize>, Way, bool)>> = (raw.pieces.0.iter())
        .map(|(_, piece)| {
            let mut out = Vec::new();
            if let Some(p) = &piece.promote {
                let to: Vec<String> = match &p.to.value {
                    OneOrMany::One(k) => vec![k.clone()],
                    OneOrMany::Many(ks) => ks.iter().map(|k| k.value.clone()).collect(),
                };
                let otherwise = p.otherwise.iter().map(|k| k.value.clone());
                for k in to.into_iter().chain(otherwise) {
                    out.push((index(&k), Way::Promotion, false));
                }
            }
            if let Some(k) = &piece.to_hand {
                out.push((index(&k.value), Way::Hand, true));
            }
            let effects = piece.effects.iter().flat_map(|e| e.value.iter());
            for e in effects.filter_map(|e| syntax::parse_effect(&e.value).ok()) {
                match (e.convert, &e.kind) {
                    (true, Some(k)) => out.push((index(&k.text), Way::Conversion, false)),
                    // The enemy's pieces, of whatever kind.
                    (true, None) => out.push((None, Way::Conversion, false)),
                    _ => {}
                }
            }
            out
        })
        .collect();
    loop {
        let mut grew = false;
        for si in 0..owned.len() {
            for from in 0..names.len() {
                if owned[si][from].is_none() {
                    continue;
                }
                for &(to, way, every_side) in &becomes[from] {
                    let sides = match every_side {
                        true => 0..owned.len(),
                        false => si..si + 1,
                    };
                    for s in sides {
                        // A conversion keeping the kind: any enemy's kind.
                        let kinds: Vec<usize> = match to {
                            Some(k) => vec![k],
                            None => (0..names.len())
                                .filter(|&k| {
                                    (0..owned.len()).any(|o| o != s && owned[o][k].is_some())
                                })
                                .collect(),
                        };
                        for k in kinds {
                            if owned[s][k].is_none() {
                                owned[s][k] = Some(Came::By(from, way));
                                grew = true;
                            }
                        }
                    }
                }
            }
        }
        if !grew {
            return owned;
        }
    }
}

/// A symbol no side draws a piece with, for a hint: a letter of `name`,
/// upper-cased, or failing that the name's first letter and a digit.
fn free_symbol(name: &str, sides: &[rules::Side]) -> String {
    let taken =
        |c: &str| (sides.iter().flat_map(|s| &s.symbols)).any(|s| s.eq_ignore_ascii_case(c));
    (name.chars().filter(char::is_ascii_alphabetic))
        .map(|c| c.to_ascii_uppercase().to_string())
        .find(|c| !taken(c))
        .unwrap_or_else(|| {
            let first: String = name.chars().take(1).collect::<String>().to_uppercase();
            (2..)
                .map(|n| format!("{first}{n}"))
                .find(|c| !taken(c))
                .unwrap_or_default()
        })
}
