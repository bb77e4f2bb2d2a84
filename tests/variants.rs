//! Variants: what a variant removes from its base (`[remove]`) and how its
//! inline tables merge into the base's (`symbols`, `reserve`).

mod common;

use tavoliere::compile;
use tavoliere::diag::{render, Diagnostic, Sources};
use tavoliere::rules::Rules;

/// The rules and warnings, or the errors.
type Compiled = Result<(Rules, Vec<Diagnostic>), Vec<Diagnostic>>;

/// Compiles a variant written here as if it were a file in `games/`.
fn compile(text: &str) -> (Sources, Compiled) {
    let mut sources = Sources::new();
    let name = common::root().join("games/variant.toml");
    let id = sources.add(name.to_string_lossy(), text);
    let result = compile::load(&mut sources, id, &mut common::read_base);
    (sources, result)
}

/// The rules of a variant that must compile without a warning.
fn clean(text: &str) -> Rules {
    match compile(text) {
        (sources, Ok((rules, warnings))) => {
            assert!(warnings.is_empty(), "{}", render(&sources, &warnings));
            rules
        }
        (sources, Err(d)) => panic!("{}", render(&sources, &d)),
    }
}

/// The codes and lines (in the file named) of a variant's errors.
fn errors(text: &str) -> Vec<(&'static str, String)> {
    let (sources, result) = compile(text);
    let Err(diags) = result else {
        panic!("the variant compiles")
    };
    diags
        .iter()
        .map(|d| {
            let loc = d.loc.as_ref().expect("a location");
            let file = sources.name(loc.file).rsplit('/').next().unwrap();
            let (line, _) = sources.line_col(loc.file, loc.span.start);
            (d.code, format!("{file}:{line}"))
        })
        .collect()
}

#[test]
fn a_lion_replaces_the_war_engine_without_a_warning() {
    let (rules, warnings) = common::load_with_warnings("tests/games/tamerlane-lion.toml").unwrap();
    assert!(warnings.is_empty());
    assert_eq!(rules.kind("war_engine"), None);
    let lion = rules.kind("lion").unwrap();
    let pawn = rules.kind("pawn_of_war_engines").unwrap();
    assert_eq!(
        rules.kinds[pawn as usize].promote.as_ref().unwrap().to,
        lion
    );
    // One symbol added per side; the base's other 26 kept.
    let white = &rules.sides[rules.side("white").unwrap() as usize];
    assert_eq!(white.symbols[lion as usize], "wL");
    assert_eq!(white.symbols[rules.kind("king").unwrap() as usize], "wK");
    assert_eq!(rules.kinds.len(), 27);
}

#[test]
fn without_remove_the_war_engine_is_left_unused() {
    let text = std::fs::read_to_string(common::root().join("tests/games/tamerlane-lion.toml"))
        .unwrap()
        .replace("extends = \"../../games/", "extends = \"")
        .replace("[remove]\npieces = [\"war_engine\"]\n", "");
    let (sources, result) = compile(&text);
    let (_, warnings) = result.unwrap_or_else(|d| panic!("{}", render(&sources, &d)));
    let codes: Vec<&str> = warnings.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["unused-piece"]);
    assert!(warnings[0].message.contains("war_engine"));
}

/// Every key of a piece and of a side merges over the base's, the picture's
/// keys too (`figurine`, `glyphs`: they were once left out of the list).
#[test]
fn a_variant_changes_a_figurine_a_glyph_and_its_notation() {
    let rules = clean(
        r#"
extends = "chess.toml"

[sides.black]
glyphs = { knight = "n" }

[pieces.knight]
figurine = "♘"

[notation]
style = "coordinates"
"#,
    );
    let knight = rules.kind("knight").unwrap() as usize;
    let black = rules.side("black").unwrap() as usize;
    assert_eq!(rules.kinds[knight].figurine.as_deref(), Some("♘"));
    assert_eq!(rules.sides[black].glyphs[knight].as_deref(), Some("n"));
    assert!(!rules.notation.written());
    // The base's other key of the table stays.
    assert_eq!(rules.notation.pawns, 1 << rules.kind("pawn").unwrap());
}

#[test]
fn a_variant_changes_one_symbol_and_keeps_the_others() {
    let rules = clean(
        r#"
extends = "tamerlane.toml"

[sides.black]
symbols = { king = "bSh" }
"#,
    );
    let base = common::load("games/tamerlane.toml");
    let black = rules.side("black").unwrap() as usize;
    let king = rules.kind("king").unwrap() as usize;
    for (k, symbol) in rules.sides[black].symbols.iter().enumerate() {
        let expected = if k == king {
            "bSh"
        } else {
            &base.sides[black].symbols[k]
        };
        assert_eq!(symbol, expected, "{}", rules.kinds[k].name);
    }
    assert_eq!(rules.sides[0].symbols, base.sides[0].symbols);
}

#[test]
fn a_variant_changes_one_reserve_entry_and_keeps_the_others() {
    let rules = clean(
        r#"
extends = "siege-of-paris.toml"

[sides.yellow]
reserve = { defender_colonel = 2 }
"#,
    );
    let st = rules.initial();
    let yellow = rules.side("yellow").unwrap();
    let held = |kind: &str| st.pieces_in_hand(&rules, yellow, rules.kind(kind).unwrap());
    // Nothing is placed yet at the start: the base's general and soldiers
    // are in hand beside the variant's two colonels.
    assert_eq!(held("defender_general"), 1);
    assert_eq!(held("defender_colonel"), 2);
    assert_eq!(held("defender_soldier"), 6);
}

#[test]
fn a_variant_removes_end_rules_constraints_and_priorities_by_name() {
    let rules = clean(
        r#"
extends = "siege-of-paris.toml"

[remove]
end = ["captures-draw"]
constraint = ["colour-limit"]
priority = ["forced-exit"]
"#,
    );
    let base = common::load("games/siege-of-paris.toml");
    assert_eq!((base.ends.len(), rules.ends.len()), (3, 2));
    assert!(base.constraints.len() == 1 && rules.constraints.is_empty());
    assert!(base.priorities.len() == 1 && rules.priorities.is_empty());
    // The draw is gone: the defender's capture win is the second rule now.
    let yellow = rules.side("yellow").unwrap();
    assert_eq!(rules.ends[1].sides, [yellow]);
    assert_eq!(
        rules.ends[1].result,
        tavoliere::rules::EndResult::Win,
        "the rule left is the win"
    );
}

#[test]
fn a_removed_piece_redefined_starts_afresh() {
    // Removing and redefining in one variant replaces the base's whole
    // definition: the officer's patterns and value go, and so do the
    // officers in hand, which the variant gives back.
    let rules = clean(
        r#"
extends = "asalto.toml"

[remove]
pieces = ["officer"]

[pieces.officer]
moves = ["step(all) to empty or enemy"]

[sides.officers]
reserve = { officer = 2 }
"#,
    );
    let officer = &rules.kinds[rules.kind("officer").unwrap() as usize];
    assert_eq!(officer.patterns.len(), 1);
    assert_eq!(officer.value, 0.0);
    let base = common::load("games/asalto.toml");
    let base_officer = &base.kinds[base.kind("officer").unwrap() as usize];
    assert!(base_officer.patterns.len() > 1 && base_officer.value > 0.0);
}

#[test]
fn a_removed_barrier_still_placed_is_an_error_where_it_is_placed() {
    // Quoridor without walls: the walls in hand go with the kind, but the
    // base's phase still places them.
    let found = errors(
        r#"
extends = "quoridor.toml"

[remove]
barriers = ["wall"]
"#,
    );
    assert_eq!(found, [("removed-in-use", "quoridor.toml:50".to_string())]);
}

#[test]
fn a_removed_token_still_spent_is_an_error_at_each_spending() {
    let found = errors(
        r#"
extends = "tamerlane.toml"

[remove]
tokens = ["citadel_swap"]
"#,
    );
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|(code, at)| *code == "removed-in-use" && at.starts_with("tamerlane.toml:")),
        "{found:?}"
    );
}

#[test]
fn removing_and_rewriting_every_use_compiles() {
    // Quoridor's walls removed, and the phase that placed them rewritten:
    // a race of two pawns.
    let rules = clean(
        r#"
extends = "quoridor.toml"

[game]
name = "Quoridor without walls"

[remove]
barriers = ["wall"]
constraint = ["path-to-goal"]

[turn]
phases = ["move"]
"#,
    );
    assert!(rules.barriers.is_empty() && rules.constraints.is_empty());
}

#[test]
fn a_removed_piece_is_reported_at_every_kind_of_use() {
    // Tamerlane without its prince: the king's swap names it in a pattern,
    // the pawn of kings promotes to it, the prince's own patterns are gone
    // with it, and no placement names it.
    let found = errors(
        r#"
extends = "tamerlane.toml"

[remove]
pieces = ["prince"]
"#,
    );
    assert!(
        found.iter().all(|(code, _)| *code == "removed-in-use"),
        "{found:?}"
    );
    // The lines that name the prince, outside its own table.
    let lines = |file: &str, text: &str| -> Vec<String> {
        let source = std::fs::read_to_string(common::root().join("games").join(file)).unwrap();
        let mut table = "";
        let mut out = Vec::new();
        for (i, line) in source.lines().enumerate() {
            if line.starts_with('[') {
                table = line;
            }
            if line.contains(text) && table != "[pieces.prince]" {
                out.push(format!("{file}:{}", i + 1));
            }
        }
        out
    };
    let expected: Vec<String> = [
        lines("tamerlane.toml", "friend prince"),
        lines("tamerlane.toml", "count(own prince)"),
        lines("tamerlane-1451.toml", "to = \"prince\""),
    ]
    .concat();
    assert!(expected.len() >= 3, "{expected:?}");
    for at in &expected {
        assert!(
            found.iter().any(|(_, f)| f == at),
            "no error at {at}: {found:?}"
        );
    }
}

#[test]
fn a_variant_end_rule_is_added_to_the_bases() {
    // King of the Hill adds one end rule, tried first: chess's threefold
    // repetition and fifty-move rule stay, after it.
    let rules = common::load("games/king-of-the-hill.toml");
    let chess = common::load("games/chess.toml");
    assert_eq!((chess.ends.len(), rules.ends.len()), (2, 3));
    assert_eq!(rules.ends[0].result, tavoliere::rules::EndResult::Win);
    for i in 0..2 {
        assert_eq!(
            format!("{:?}", rules.ends[i + 1].when),
            format!("{:?}", chess.ends[i].when)
        );
    }
}

#[test]
fn a_variant_end_rule_named_as_the_bases_replaces_it_in_place() {
    // The three soldiers of 3s1o replace the base's `fortress-taken`; the
    // defender's draw and win, which the variant does not name, stay.
    let rules = common::load("games/siege-of-paris-3s1o.toml");
    let base = common::load("games/siege-of-paris.toml");
    assert_eq!((base.ends.len(), rules.ends.len()), (3, 3));
    let white = rules.side("white").unwrap();
    assert_eq!(rules.ends[0].sides, [white]);
    let text = |r: &Rules| format!("{:?}", r.ends[0].when);
    assert_ne!(text(&rules), text(&base), "the first rule changed");
    for i in 1..3 {
        assert_eq!(
            format!("{:?}", rules.ends[i].when),
            format!("{:?}", base.ends[i].when)
        );
    }
}

#[test]
fn a_variant_entry_named_twice_is_still_a_duplicate() {
    let found = errors(
        r#"
extends = "chess.toml"

[[end]]
name = "fifty-moves"
when = "since(captures) >= 100"
result = "draw"

[[end]]
name = "fifty-moves"
when = "since(captures) >= 150"
result = "draw"
"#,
    );
    // (The fifty-move counter of FEN then has two rules to read: an error
    // of its own.)
    assert!(
        found.iter().any(|(code, _)| *code == "duplicate-name"),
        "{found:?}"
    );
}

#[test]
fn a_variant_unsets_a_key_of_its_base() {
    // Without royal pieces, chess's `no_moves_in_check` would draw the
    // warning `no-check-without-royals`; unset, it is gone, and the side
    // with no move follows `no_moves`.
    let rules = clean(
        r#"
extends = "chess.toml"

[remove]
keys = ["turn.no_moves_in_check"]

[pieces.king]
royal = false

[turn]
no_moves = "win"
"#,
    );
    assert!(rules.kinds.iter().all(|k| !k.royal));
    assert!(rules
        .sides
        .iter()
        .all(|s| s.no_moves_in_check == tavoliere::rules::NoMoves::Win));
    let (_, result) = compile(
        r#"
extends = "chess.toml"

[pieces.king]
royal = false
"#,
    );
    let (_, warnings) = result.unwrap();
    let codes: Vec<&str> = warnings.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["no-check-without-royals"]);
    let hint = warnings[0].hint.as_deref().unwrap_or_default();
    assert!(
        hint.contains("keys = [\"turn.no_moves_in_check\"]"),
        "{hint}"
    );
}

#[test]
fn a_side_with_no_move_wins_under_no_moves_win() {
    // Antichess: White to move with no piece left has no move, and wins;
    // so does a stalemated side (a white pawn blocked by a black one).
    let rules = common::load("games/antichess.toml");
    let white = rules.side("white").unwrap();
    for fen in ["8/8/8/8/8/8/8/k7 w - - 0 1", "8/8/8/8/8/p7/P7/8 w - - 0 1"] {
        let st = common::fen(&rules, fen);
        assert_eq!(
            rules.outcome(&st),
            tavoliere::rules::Outcome::Win(white),
            "{fen}"
        );
    }
}

#[test]
fn two_games_on_one_thread_read_their_own_groups() {
    // Black's chain b1 a2 … a11 joins ranks 1 and 11 only through the
    // diagonal line b1–a2 (white holds a1; white's stones touch no two of
    // each other). Hex has that line and ends at a11; the variant without
    // diagonals does not. The two games are played move by move side by
    // side, each move in one then in the other, so that the end rule reads
    // the group through each stone on the same board in both: a group kept
    // from one game must not answer for the other.
    let hex = common::load("games/hex.toml");
    let plain = common::load("tests/games/hex-no-diagonals.toml");
    let moves = "S@b1 S@a1 S@a2 S@c3 S@a3 S@e3 S@a4 S@g3 S@a5 S@i3 S@a6 \
                 S@c7 S@a7 S@e7 S@a8 S@g7 S@a9 S@i7 S@a10 S@c9 S@a11";
    let black = hex.side("black").unwrap();
    for games in [[&hex, &plain], [&plain, &hex]] {
        let mut states = games.map(|rules| rules.initial());
        for word in moves.split_whitespace() {
            for (rules, st) in games.iter().zip(&mut states) {
                *st = common::play_all(rules, st.clone(), word);
            }
        }
        for (rules, st) in games.iter().zip(&states) {
            let expected = if std::ptr::eq(*rules, &hex) {
                tavoliere::rules::Outcome::Win(black)
            } else {
                tavoliere::rules::Outcome::Ongoing
            };
            assert_eq!(rules.outcome(st), expected, "{}", rules.name);
        }
    }
}
