//! Merging a variant over its base: what the variant writes overrides the
//! base, table entry by table entry; what its `[remove]` names is dropped
//! from the base first.
//!
//! Tables keyed by names (`[sides]`, `[pieces]`, `[barriers]`,
//! `[regions]`, `[setup]`, `[tokens]`, and a side's `symbols` and
//! `reserve`) merge entry by entry, and a table entry (a side, a piece, a
//! barrier) and `[fen]` key by key. The arrays of tables `[[end]]`,
//! `[[constraint]]` and `[[priority]]` merge by their entries' `name`.
//! Everything else a variant writes replaces the base's value whole:
//! scalars, arrays (`moves`, `order`, `[[turn.prelude]]`), a region's
//! value, a piece's `promote`, `[board.sites]`, `[board.links]`, `[seats]`
//! and `[demand]`. `[remove] keys` unsets a base's key.

use super::*;

/// Fields merged from a variant over its base.
pub trait Merge {
    /// Overrides `self` (the base) with what `over` (the variant) sets.
    fn merge(&mut self, over: Self);
}

impl<T> Merge for Option<T> {
    fn merge(&mut self, over: Self) {
        if over.is_some() {
            *self = over;
        }
    }
}

impl<T> Merge for Located<T> {
    fn merge(&mut self, over: Self) {
        *self = over;
    }
}

impl<V: Merge> Merge for Table<V> {
    fn merge(&mut self, over: Self) {
        for (k, v) in over.0 {
            match self.0.iter_mut().find(|(bk, _)| bk.value == k.value) {
                Some((_, bv)) => bv.merge(v),
                None => self.0.push((k, v)),
            }
        }
    }
}

/// Merges an optional table entry by entry (where `Option`'s own merge
/// would replace it whole).
pub(super) fn merge_entries<V: Merge>(base: &mut Option<Table<V>>, over: Option<Table<V>>) {
    match (base.as_mut(), over) {
        (Some(b), Some(o)) => b.merge(o),
        (None, o @ Some(_)) => *base = o,
        (_, None) => {}
    }
}

/// Merges an optional keyed table key by key.
fn merge_keys<T: Merge>(base: &mut Option<T>, over: Option<T>) {
    match (base.as_mut(), over) {
        (Some(b), Some(o)) => b.merge(o),
        (None, o @ Some(_)) => *base = o,
        (_, None) => {}
    }
}

/// Merges an array of named tables (`[[end]]`, `[[constraint]]`,
/// `[[priority]]`) by `name`: a variant's entry named as a base entry
/// replaces it where it stands; the variant's other entries come first, in
/// their order, so that its own end rules are tried before those it
/// inherits; the base's other entries are kept. An empty array (`end =
/// []`) drops them all.
fn merge_named<T: Named>(base: &mut Option<Located<Vec<T>>>, over: Option<Located<Vec<T>>>) {
    let Some(over) = over else { return };
    let Some(list) = base.as_mut().filter(|_| !over.value.is_empty()) else {
        *base = Some(over);
        return;
    };
    // Each base entry is replaced once: a name written twice in the
    // variant stays twice, for the `duplicate-name` check.
    let mut replaced = vec![false; list.value.len()];
    let mut added = Vec::new();
    for entry in over.value {
        let at = entry.name().and_then(|name| {
            let named = |e: &T| e.name().is_some_and(|n| n.value == name.value);
            (0..list.value.len()).find(|&i| !replaced[i] && named(&list.value[i]))
        });
        match at {
            Some(i) => {
                replaced[i] = true;
                list.value[i] = entry;
            }
            None => added.push(entry),
        }
    }
    list.value.splice(0..0, added);
}

impl Merge for RawGame {
    /// The variant's `[remove]` is not merged: [`remove`] applies it to
    /// the base before this merge.
    fn merge(&mut self, over: Self) {
        // Destructured whole: a table added to the file and not merged
        // here does not compile.
        let RawGame {
            extends,
            game,
            board,
            regions,
            sides,
            pieces,
            barriers,
            setup,
            turn,
            end,
            constraint,
            priority,
            demand,
            tokens,
            counters,
            seats,
            flags,
            fen,
            notation,
            seeds,
            columns,
            chance,
            tracks,
            remove: _,
            removed: _,
        } = over;
        self.extends = extends;
        self.game.merge(game);
        self.board.merge(board);
        self.regions.merge(regions);
        self.sides.merge(sides);
        self.pieces.merge(pieces);
        self.barriers.merge(barriers);
        self.setup.merge(setup);
        self.turn.merge(turn);
        merge_named(&mut self.end, end);
        merge_named(&mut self.constraint, constraint);
        merge_named(&mut self.priority, priority);
        self.demand.merge(demand);
        self.tokens.merge(tokens);
        self.counters.merge(counters);
        self.seats.merge(seats);
        self.flags.merge(flags);
        self.seeds.merge(seeds);
        self.columns.merge(columns);
        self.chance.merge(chance);
        self.tracks.merge(tracks);
        merge_keys(&mut self.fen, fen);
        merge_keys(&mut self.notation, notation);
    }
}

/// Drops from `base` (a game, or everything merged under a variant so
/// far) what the variant's `[remove]` names, and records each name dropped
/// in `base.removed`. A piece kind or barrier kind takes its entries in
/// every side's `symbols` and `reserve` with it. A name the base does not
/// have is reported; `has_base` says whether the variant extends anything.
pub(super) fn remove(base: &mut RawGame, remove: &RawRemove, has_base: bool) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut named = |base: &mut RawGame, list: &[Str], what: Removable| {
        for (i, name) in list.iter().enumerate() {
            if list[..i].iter().any(|n| n.value == name.value) {
                diags.push(
                    Diagnostic::error(
                        "duplicate-name",
                        format!("`{}` is listed twice", name.value),
                    )
                    .at(name.loc())
                    .label("removed already")
                    .hint(format!("name each {} once", what.noun())),
                );
            } else if take(base, what, &name.value) {
                base.removed.push(Removed {
                    what,
                    name: name.clone(),
                });
            } else {
                diags.push(not_in_base(base, what, name, has_base));
            }
        }
    };
    named(base, &remove.pieces, Removable::Piece);
    named(base, &remove.barriers, Removable::Barrier);
    named(base, &remove.regions, Removable::Region);
    named(base, &remove.tokens, Removable::Token);
    named(base, &remove.end, Removable::End);
    named(base, &remove.constraint, Removable::Constraint);
    named(base, &remove.priority, Removable::Priority);
    for (i, key) in remove.keys.iter().enumerate() {
        if remove.keys[..i].iter().any(|k| k.value == key.value) {
            diags.push(
                Diagnostic::error("duplicate-name", format!("`{}` is listed twice", key.value))
                    .at(key.loc())
                    .label("removed already")
                    .hint("name each key once"),
            );
        } else if !has_base {
            diags.push(
                Diagnostic::error(
                    "unknown-name",
                    format!("there is no base to unset `{}` in", key.value),
                )
                .at(key.loc())
                .label("nothing to unset")
                .hint("`[remove]` drops what a base defines, and this file has no `extends`"),
            );
        } else if let Err(d) = super::unset::unset(base, key) {
            diags.push(d);
        }
    }
    diags
}

/// Drops the entry `name` of the kind `what` from the base; false if it
/// has none.
fn take(base: &mut RawGame, what: Removable, name: &str) -> bool {
    fn drop_key<V>(table: &mut Table<V>, name: &str) -> bool {
        let before = table.0.len();
        table.0.retain(|(k, _)| k.value != name);
        table.0.len() != before
    }
    fn drop_named<T: Named>(list: &mut Option<Located<Vec<T>>>, name: &str) -> bool {
        let Some(list) = list else { return false };
        let before = list.value.len();
        (list.value).retain(|e| e.name().is_none_or(|n| n.value != name));
        list.value.len() != before
    }
    let dropped = match what {
        Removable::Piece => drop_key(&mut base.pieces, name),
        Removable::Barrier => drop_key(&mut base.barriers, name),
        Removable::Region => drop_key(&mut base.regions, name),
        Removable::Token => drop_key(&mut base.tokens, name),
        Removable::End => drop_named(&mut base.end, name),
        Removable::Constraint => drop_named(&mut base.constraint, name),
        Removable::Priority => drop_named(&mut base.priority, name),
    };
    // A kind's symbol and count in hand, per side, go with it.
    if dropped && matches!(what, Removable::Piece | Removable::Barrier) {
        for (_, side) in &mut base.sides.0 {
            if let Some(symbols) = &mut side.symbols {
                drop_key(symbols, name);
            }
            if let Some(reserve) = &mut side.reserve {
                drop_key(reserve, name);
            }
        }
    }
    dropped
}

/// The error for a removal that names nothing of the base.
fn not_in_base(base: &RawGame, what: Removable, name: &Str, has_base: bool) -> Diagnostic {
    let names: Vec<&str> = match what {
        Removable::Piece => base.pieces.0.iter().map(|(k, _)| k).collect(),
        Removable::Barrier => base.barriers.0.iter().map(|(k, _)| k).collect(),
        Removable::Region => base.regions.0.iter().map(|(k, _)| k).collect(),
        Removable::Token => base.tokens.0.iter().map(|(k, _)| k).collect(),
        Removable::End => entry_names(&base.end),
        Removable::Constraint => entry_names(&base.constraint),
        Removable::Priority => entry_names(&base.priority),
    }
    .into_iter()
    .map(|n| n.value.as_str())
    .collect();
    if !has_base {
        return Diagnostic::error(
            "unknown-name",
            format!(
                "there is no base to remove the {} `{}` from",
                what.noun(),
                name.value
            ),
        )
        .at(name.loc())
        .label("nothing to remove")
        .hint("`[remove]` drops what a base defines, and this file has no `extends`");
    }
    let hint = if names.is_empty() && what.is_entry() {
        format!(
            "the base has no {} with a `name`: name the entry in the base (`name = \"...\"`), or replace the whole array in the variant",
            what.noun()
        )
    } else {
        crate::diag::suggest(&name.value, names.iter().copied())
    };
    Diagnostic::error(
        "unknown-name",
        format!("the base has no {} `{}` to remove", what.noun(), name.value),
    )
    .at(name.loc())
    .label(format!("no {} of the base has this name", what.noun()))
    .hint(hint)
}
