//! The names of sides, teams, pieces, classes, barriers, regions and extra
//! sites: words of the rule language are refused (see [`reserved`]), and
//! pieces, barriers and regions share one name space.

use super::{Compiler, Res};
use crate::diag::Diagnostic;
use crate::raw::{entry_names, RawGame, Str};
use std::collections::HashMap;

impl Compiler<'_> {
    pub(super) fn check_names(&mut self, raw: &RawGame) -> Res<()> {
        let teams = raw
            .sides
            .0
            .iter()
            .filter_map(|(_, side)| side.team.as_ref());
        let classes = raw
            .pieces
            .0
            .iter()
            .flat_map(|(_, piece)| piece.classes.iter().flat_map(|c| c.value.iter()));
        let sites = raw
            .board
            .sites
            .iter()
            .flat_map(|t| t.0.iter().map(|(k, _)| k));
        let keys = raw
            .sides
            .0
            .iter()
            .map(|(k, _)| k)
            .chain(teams)
            .chain(raw.pieces.0.iter().map(|(k, _)| k))
            .chain(classes)
            .chain(raw.barriers.0.iter().map(|(k, _)| k))
            .chain(raw.regions.0.iter().map(|(k, _)| k))
            .chain(sites);
        let mut ok = true;
        for k in keys {
            let word = !k.value.is_empty()
                && k.value
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !k.value.starts_with(|c: char| c.is_ascii_digit());
            let problem = if !word {
                Some((
                    "cannot be used as a name",
                    "names are ASCII letters, digits and `_`, and do not start with a digit",
                ))
            } else if reserved(&k.value) {
                Some(("is a word of the rule language", "choose another name"))
            } else {
                None
            };
            if let Some((what, hint)) = problem {
                self.error(
                    Diagnostic::error("bad-name", format!("`{}` {what}", k.value))
                        .at(k.loc())
                        .label("not a name")
                        .hint(hint),
                );
                ok = false;
            }
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }

    pub(super) fn check_distinct(&mut self, raw: &RawGame) -> Res<()> {
        // One name space for kinds, barriers and regions, so that a name in
        // an expression means one thing.
        let mut seen: HashMap<&str, &Str> = HashMap::new();
        let mut ok = true;
        let all = raw
            .pieces
            .0
            .iter()
            .map(|(k, _)| k)
            .chain(raw.barriers.0.iter().map(|(k, _)| k))
            .chain(raw.regions.0.iter().map(|(k, _)| k));
        for k in all {
            if let Some(first) = seen.get(k.value.as_str()) {
                let first_loc = first.loc();
                let (line, _) = self.sources.line_col(first_loc.file, first_loc.span.start);
                self.error(
                    Diagnostic::error("duplicate-name", format!("`{}` names two things", k.value))
                        .at(k.loc())
                        .label("second definition")
                        .hint(format!("pieces, barriers and regions share one name space; `{}` is first defined on line {line}", k.value)),
                );
                ok = false;
            } else {
                seen.insert(&k.value, k);
            }
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }
}

impl Compiler<'_> {
    /// Two entries of `[[end]]`, `[[constraint]]` or `[[priority]]` with
    /// one `name`: a variant's `[remove]` could not tell them apart.
    pub(super) fn check_entry_names(&mut self, raw: &RawGame) {
        let lists = [
            ("end rule", entry_names(&raw.end)),
            ("constraint", entry_names(&raw.constraint)),
            ("priority", entry_names(&raw.priority)),
        ];
        for (what, list) in lists {
            for (i, name) in list.iter().enumerate() {
                if let Some(first) = list[..i].iter().find(|n| n.value == name.value) {
                    let at = first.loc();
                    let (line, _) = self.sources.line_col(at.file, at.span.start);
                    self.error(
                        Diagnostic::error(
                            "duplicate-name",
                            format!("two {what}s are named `{}`", name.value),
                        )
                        .at(name.loc())
                        .label("second entry with this name")
                        .hint(format!(
                            "the first is on line {line} of {}; a `[remove]` names one entry",
                            self.sources.name(at.file)
                        )),
                    );
                }
            }
        }
    }
}

/// Whether `word` is a word of the rule language that cannot name a side,
/// team, piece kind, class, barrier, region or extra site: a keyword of the
/// grammar (`syntax::keywords`, read off `grammar/rules.pest`) that is not
/// [`FREE_KEYWORDS`], or one of [`COMPILER_WORDS`].
///
/// A keyword is reserved by default, so a keyword added to the grammar is
/// refused as a name until someone shows it cannot be mistaken for one.
/// (Flags and tokens are not checked: they are only ever written inside
/// `has(...)`, `spends(...)`, after `spend` or in a position's `flags`
/// section, where any word is read as a name.)
pub(super) fn reserved(word: &str) -> bool {
    COMPILER_WORDS.contains(&word)
        || (!FREE_KEYWORDS.contains(&word) && crate::syntax::keywords().any(|k| k == word))
}

/// Words the compiler reads where the grammar has a name
/// (`compile/condition.rs`): the owners and site words of a site condition
/// (`enemy pawn`, `empty`), `piece` for any kind, `hand` for a count's
/// region. A side or kind named so would be read as the word.
const COMPILER_WORDS: [&str; 8] = [
    "own", "enemy", "any", "empty", "occupied", "friend", "piece", "hand",
];

/// Keywords of the grammar that may still be names, because the grammar
/// never reads one where a name could stand (the test
/// `free_keywords_read_as_names` parses each in every place a name goes):
///
/// - words always followed by `(`, and no name is: `attacks`, `sees`,
///   `has`, `last_to`, `last_over`, `line`, `edge`, `given`, `threatens`,
///   `castle`, `swap`, `jump`, `convert`, `connected`, `somewhere`,
///   `since`, `spends`, `group`, `groups`, `touches`, `adjacent`,
///   `nearest`, `rolled` (also a position's section word), `territory`,
///   `score`, `value`;
/// - words of position and move conditions, which read no bare name:
///   `check`, `stalled`, `repetitions`, `perpetual`, `converts`, `closes`;
/// - words read only right after another keyword or a closing `)`: `last`
///   (`capture last`, `through last`; `last(...)` takes a parenthesis),
///   `through` (after `line(...)` and `group(...)`), `size`,
///   `liberties` and `encloses` (after `group(...)`), `by` (after `surrounded`), `falling`
///   (after `place KIND`, where a region comes only after `in`), `mover`
///   (only in `capture mover`, an effect of its own);
/// - the section words of a position as text, each read only at the start
///   of a section, before its names: `pieces`, `barriers`, `reserves`,
///   `turn`, `phase` (after `turn SIDE`), `passes`, `demanded`,
///   `huffable`, `flags`, `counters`, `plies`, `history`, `under`.
///
/// Every other keyword is reserved: the words reserved from the start
/// (`to`, `over`, `then`, `in`, `capture`, `nearer`, `color`, ...), and
/// those a name could be taken for: `stuck` and `attacked` are site
/// conditions of their own (a side named `stuck` made `to empty or stuck`
/// the condition, not the side), and `as`, `surrounded` and `spend` end a
/// site condition (`over enemy as`, `to enemy spend` are read as a clause,
/// not as a kind after its owner), and `if`, which ends an effect's site
/// condition as `as` does.
const FREE_KEYWORDS: [&str; 57] = [
    // Position sections only (`stacks a1 2`, `dice 3 5`, `under c3 ...`).
    "stacks",
    "under",
    "dice",
    "territory",
    "score",
    "value",
    "repeated",
    "within",
    "attacks",
    "sees",
    "has",
    "last_to",
    "last_over",
    "line",
    "edge",
    "given",
    "threatens",
    "castle",
    "swap",
    "jump",
    "convert",
    "connected",
    "somewhere",
    "since",
    "spends",
    "group",
    "groups",
    "touches",
    "adjacent",
    "nearest",
    "rolled",
    "size",
    "liberties",
    "encloses",
    "check",
    "stalled",
    "repetitions",
    "perpetual",
    "converts",
    "closes",
    "last",
    "through",
    "by",
    "falling",
    "pieces",
    "barriers",
    "reserves",
    "turn",
    "phase",
    "passes",
    "demanded",
    "huffable",
    "flags",
    "counters",
    "plies",
    "history",
    "mover",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax;

    /// Every place of the grammar a name goes (`W`), in each kind of
    /// expression: a side, a kind, a region, a site, a token, a flag.
    const PLACES: &[(&str, &str)] = &[
        ("pattern", "step(orth) to W"),
        ("pattern", "step(orth) to W W or not W"),
        (
            "pattern",
            "step(orth) to enemy W then step(orth) to empty or W",
        ),
        (
            "pattern",
            "step(orth) to enemy W capture then step(orth) over friend W to empty",
        ),
        ("pattern", "step(orth) to enemy W spend W"),
        ("pattern", "step(orth) to W spend W capture"),
        ("pattern", "step(orth) to in W and not nearer W or W W"),
        ("pattern", "W: step(orth) to empty"),
        ("pattern", "enemy W and in W: step(orth) to W"),
        (
            "pattern",
            "castle(w, friend W and has(W), W) to sees(n, enemy W)",
        ),
        (
            "pattern",
            "(step(orth) over enemy W capture then step(same) to W)+",
        ),
        ("effect", "capture(orth) over enemy W to friend W"),
        ("effect", "convert(all) over W W as W"),
        (
            "effect",
            "capture(orth) over enemy W surrounded by friend W",
        ),
        ("region", "W"),
        ("region", "W d4 | W - (W)"),
        ("region", "rank 1 | W & file a..c - W"),
        (
            "state",
            "count(own W) >= 1 and count(W W in W) > count(W piece)",
        ),
        (
            "state",
            "reach(any W, W, orth) or line(own W, 3, orth) through last",
        ),
        ("state", "somewhere(enemy W) and not check"),
        (
            "state",
            "group(own W, orth) touches(W, W) == 2 through last or groups(W W, W) == 1",
        ),
        (
            "state",
            "somewhere(group(W) liberties == 0 and adjacent(W, W W))",
        ),
        ("phase", "place W to adjacent(all, friend W) and in W"),
        ("move", "from(in W) and to(enemy W) or spends(W)"),
        ("phase", "move W"),
        ("phase", "place W in W falling s | place W"),
        ("phase", "fill W in W"),
        ("phase", "count(own W) >= 3: remove enemy W"),
        ("placements", "W: a1 W; pawn: W"),
        ("position", "pieces W W a1 W, W pawn b2; turn W phase 1"),
        ("position", "reserves W W 3; barriers W:a1h W; huffable W"),
        ("position", "last W W; flags W a1 W, moved W"),
    ];

    /// The place's AST, with `word` put in it, as text.
    fn parse(kind: &str, place: &str, word: &str) -> Option<String> {
        let text = place.replace('W', word);
        let ast = match kind {
            "pattern" => syntax::parse_pattern(&text).map(|a| format!("{a:?}")),
            "effect" => syntax::parse_effect(&text).map(|a| format!("{a:?}")),
            "region" => syntax::parse_region(&text).map(|a| format!("{a:?}")),
            "state" => syntax::parse_state_cond(&text).map(|a| format!("{a:?}")),
            "move" => syntax::parse_move_cond(&text).map(|a| format!("{a:?}")),
            "phase" => syntax::parse_phase(&text).map(|a| format!("{a:?}")),
            "placements" => syntax::parse_placements(&text).map(|a| format!("{a:?}")),
            "position" => syntax::parse_position(&text).map(|a| format!("{a:?}")),
            _ => panic!("no such kind of expression: {kind}"),
        };
        ast.ok()
    }

    /// Whether `word` put in the place reads as a name there, every time:
    /// the AST has a name `word` more for each `W` than with another word
    /// (a keyword such as `castle` may be a name of the AST itself).
    fn reads_as_name(kind: &str, place: &str, word: &str) -> bool {
        let count = |ast: &str| ast.matches(&format!("text: {word:?}")).count();
        let (Some(with), Some(without)) = (parse(kind, place, word), parse(kind, place, "zz"))
        else {
            return false;
        };
        count(&with) == count(&without) + place.matches('W').count()
    }

    #[test]
    fn the_places_take_names() {
        for (kind, place) in PLACES {
            assert!(reads_as_name(kind, place, "yy"), "{kind} `{place}`");
        }
    }

    /// A keyword left free reads as a name wherever a name goes.
    #[test]
    fn free_keywords_read_as_names() {
        let keywords: Vec<&str> = syntax::keywords().collect();
        for word in FREE_KEYWORDS {
            assert!(keywords.contains(&word), "`{word}` is no keyword");
            for (kind, place) in PLACES {
                assert!(
                    reads_as_name(kind, place, word),
                    "`{word}` in {kind} `{place}` is not read as a name"
                );
            }
            assert!(!reserved(word));
        }
    }

    /// The keywords reserved for being taken for names are: some place
    /// reads each otherwise.
    #[test]
    fn ambiguous_keywords_are_reserved() {
        for word in ["stuck", "attacked", "as", "surrounded", "spend"] {
            assert!(reserved(word), "`{word}`");
            assert!(
                PLACES
                    .iter()
                    .any(|(kind, place)| !reads_as_name(kind, place, word)),
                "`{word}` reads as a name everywhere"
            );
        }
        for word in COMPILER_WORDS.into_iter().chain(syntax::keywords()) {
            assert_eq!(reserved(word), !FREE_KEYWORDS.contains(&word), "`{word}`");
        }
    }

    /// The language reference lists the words left free and the words
    /// reserved as they are.
    #[test]
    fn the_reference_lists_the_reserved_words() {
        let text = include_str!("../../games/README.md").replace('\n', " ");
        let words_between = |from: &str, to: &str| -> Vec<String> {
            let start = text.find(from).unwrap_or_else(|| panic!("no `{from}`")) + from.len();
            let end = start
                + text[start..]
                    .find(to)
                    .unwrap_or_else(|| panic!("no `{to}`"));
            let mut words: Vec<String> = text[start..end]
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            words.sort();
            words
        };
        let mut free: Vec<String> = FREE_KEYWORDS.iter().map(|w| w.to_string()).collect();
        free.sort();
        let mut kept: Vec<String> = syntax::keywords()
            .filter(|w| reserved(w))
            .map(str::to_string)
            .collect();
        kept.sort();
        let mut compiler: Vec<String> = COMPILER_WORDS.iter().map(|w| w.to_string()).collect();
        compiler.sort();
        assert_eq!(
            words_between("where no name can stand:", "The reserved keywords"),
            free
        );
        assert_eq!(
            words_between("The reserved keywords are", "Flags and"),
            kept
        );
        assert_eq!(
            words_between(
                "the words the compiler gives a meaning",
                "and every keyword"
            ),
            compiler
        );
    }
}
