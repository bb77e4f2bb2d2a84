//! `[remove] keys`: a variant unsets keys its base sets, by their dotted
//! path (`turn.no_moves_in_check`, `pieces.king.royal`), so that the merged
//! game has the key's default again.

use super::*;

/// Structures whose optional keys a variant may unset by name.
pub(super) trait Unset {
    /// The keys that may be unset.
    const KEYS: &'static [&'static str];
    /// Unsets `key`: `Some(true)` when it was set, `Some(false)` when it
    /// was not, `None` when there is no such key.
    fn unset(&mut self, key: &str) -> Option<bool>;
}

/// The tables whose keys `[remove] keys` reaches: `game.KEY`, and
/// `pieces.NAME.KEY` for the tables of named entries.
const TABLES: &[&str] = &[
    "game", "board", "turn", "fen", "notation", "sides", "pieces", "barriers", "flags",
];

/// Unsets one key of the base (`turn.no_moves_in_check`,
/// `pieces.king.royal`); the error when the path names no key the base
/// sets.
pub(super) fn unset(base: &mut RawGame, path: &Str) -> Result<(), Diagnostic> {
    let parts: Vec<&str> = path.value.split('.').collect();
    let fail = |message: String, hint: String| {
        Diagnostic::error("unknown-name", message)
            .at(path.loc())
            .label("no key of the base")
            .hint(hint)
    };
    fn entry<'a, V>(table: &'a mut Table<V>, name: &str) -> Option<&'a mut V> {
        table
            .0
            .iter_mut()
            .find(|(k, _)| k.value == name)
            .map(|(_, v)| v)
    }
    fn key<U: Unset>(target: Option<&mut U>, key: &str) -> Result<bool, String> {
        match target.map(|t| t.unset(key)) {
            Some(Some(set)) => Ok(set),
            Some(None) => Err(crate::diag::suggest(key, U::KEYS.iter().copied())),
            None => Err(String::new()),
        }
    }
    let outcome = match parts.as_slice() {
        ["game", k] => key(Some(&mut base.game), k),
        ["board", k] => key(Some(&mut base.board), k),
        ["turn", k] => key(Some(&mut base.turn), k),
        ["fen", k] => key(base.fen.as_mut(), k),
        ["notation", k] => key(base.notation.as_mut(), k),
        [table @ ("sides" | "pieces" | "barriers" | "flags"), name, k] => {
            let found = match *table {
                "sides" => key(entry(&mut base.sides, name), k),
                "pieces" => key(entry(&mut base.pieces, name), k),
                "barriers" => key(entry(&mut base.barriers, name), k),
                _ => key(entry(&mut base.flags, name), k),
            };
            match found {
                Err(hint) if hint.is_empty() => {
                    return Err(fail(
                        format!("the base has no entry `{name}` in `[{table}]`"),
                        "name an entry the base defines".to_string(),
                    ))
                }
                other => other,
            }
        }
        _ => {
            return Err(fail(
                format!("`{}` is not a key a variant can unset", path.value),
                format!(
                    "write `TABLE.KEY` or `TABLE.NAME.KEY`, TABLE one of {}",
                    TABLES
                        .iter()
                        .map(|t| format!("`{t}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ))
        }
    };
    match outcome {
        Ok(true) => Ok(()),
        Ok(false) => Err(fail(
            format!("the base does not set `{}`", path.value),
            "only a key the base sets can be unset".to_string(),
        )),
        Err(hint) if hint.is_empty() => Err(fail(
            format!("the base has no `[{}]` table", parts[0]),
            "only a key the base sets can be unset".to_string(),
        )),
        Err(hint) => Err(fail(
            format!("`{}` is not a key of the base", path.value),
            hint,
        )),
    }
}
