//! Rule-behaviour scenarios: a game, an optional position, moves, and what to show.
//!
//! A scenario file is TOML:
//!
//! ```toml
//! description = "a pawn facing a wall side-steps"
//! game = "../../games/GAME.toml"        # relative to the scenario file
//! position = "pieces white pawn e4, black pawn e5; barriers e5h; turn white"
//! moves = "d5"
//! show = ["board", "moves", "outcome"]  # the default
//! ```
//!
//! [`run`] prints the start and the position after each move. The test
//! harness snapshots that text, so a variant author pins a rule by adding a file.

use crate::compile;
use crate::diag::{Diagnostic, FileId, Sources};
use crate::notation;
use crate::raw::{Located, Str};
use crate::render;
use crate::rules::*;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    description: Option<String>,
    game: Str,
    position: Option<Str>,
    /// The position as FEN, instead of `position`.
    fen: Option<Str>,
    #[serde(default)]
    moves: Option<Str>,
    show: Option<Located<Vec<Str>>>,
}

#[derive(Clone, Copy)]
struct Show {
    board: bool,
    moves: bool,
    outcome: bool,
    position: bool,
}

/// Runs a scenario and returns its text, or the diagnostics that stop it.
pub fn run(
    sources: &mut Sources,
    file: FileId,
    read_base: &mut crate::raw::ReadBase,
) -> Result<String, Vec<Diagnostic>> {
    let raw: RawScenario = crate::raw::parse_as(sources, file).map_err(|d| vec![d])?;
    let mut show = Show {
        board: true,
        moves: true,
        outcome: true,
        position: false,
    };
    if let Some(list) = &raw.show {
        show = Show {
            board: false,
            moves: false,
            outcome: false,
            position: false,
        };
        for item in &list.value {
            match item.value.as_str() {
                "board" => show.board = true,
                "moves" => show.moves = true,
                "outcome" => show.outcome = true,
                "position" => show.position = true,
                other => {
                    return Err(vec![Diagnostic::error(
                        "unknown-name",
                        format!("unknown item to show `{other}`"),
                    )
                    .at(item.loc())
                    .hint("expected `board`, `moves`, `outcome` or `position`")])
                }
            }
        }
    }
    let from = sources.name(file).to_string();
    let (name, text) = read_base(&from, &raw.game.value).map_err(|why| {
        vec![Diagnostic::error(
            "missing-game",
            format!("cannot read the game `{}`: {why}", raw.game.value),
        )
        .at(raw.game.loc())
        .hint("`game` is a path relative to the scenario file")]
    })?;
    let game_file = sources.add(name, text);
    let (rules, _) = compile::load(sources, game_file, read_base)?;
    let given = raw.position.as_ref().map(|p| (p, false));
    let mut st = match given.or(raw.fen.as_ref().map(|f| (f, true))) {
        Some((p, fen)) => {
            let pos_file = sources.add(format!("{from} (position)"), p.value.clone());
            let read = match fen {
                true => notation::parse_fen(&rules, &p.value, pos_file),
                false => notation::parse_position(&rules, &p.value, pos_file),
            };
            read.map_err(|diags| {
                // Point into the scenario file itself where the text maps exactly.
                diags
                    .into_iter()
                    .map(|mut d| {
                        if let Some(loc) = &d.loc {
                            d.loc = Some(p.inner_loc(sources, loc.span.clone()));
                        }
                        d
                    })
                    .collect::<Vec<_>>()
            })?
        }
        None => rules.initial(),
    };
    let mut out = String::new();
    if let Some(d) = &raw.description {
        out.push_str(&format!("# {}\n", d.trim()));
    }
    out.push_str(&format!("game: {}\n\n== start ==\n", rules.name));
    describe(&rules, &st, show, &mut out);
    if let Some(moves) = &raw.moves {
        let mut offset = 0;
        for (i, word) in moves.value.split_whitespace().enumerate() {
            let at = offset + moves.value[offset..].find(word).unwrap_or(0);
            offset = at + word.len();
            let side = rules.side_name(rules.to_move(&st)).to_string();
            match notation::parse_move(&rules, &st, word) {
                Ok(mv) => {
                    let written = notation::move_to_string(&rules, &st, mv);
                    rules.play(&mut st, mv);
                    out.push_str(&format!("\n== {}. {side} plays {written} ==\n", i + 1));
                    describe(&rules, &st, show, &mut out);
                }
                Err(e) => {
                    let mut d =
                        Diagnostic::error("illegal-move", format!("move {}: {}", i + 1, e.message))
                            .at(moves.inner_loc(sources, at..at + word.len()))
                            .label("here");
                    if let Some(h) = e.hint {
                        d = d.hint(h);
                    }
                    return Err(vec![d]);
                }
            }
        }
    }
    Ok(out)
}

fn describe(rules: &Rules, st: &State, show: Show, out: &mut String) {
    if show.board {
        out.push_str(&render::board(rules, st));
    }
    if show.position {
        out.push_str(&format!(
            "position: {}\n",
            notation::position_to_string(rules, st)
        ));
    }
    if show.outcome {
        out.push_str(&format!("{}\n", render::status(rules, st)));
    }
    if show.moves {
        let mut moves = Vec::new();
        rules.legal_moves(st, &mut moves);
        let list = render::move_list(rules, st, &moves, render::MoveStyle::Full);
        match render::nothing_to_play(rules, st, &moves) {
            Some(why) if list.is_empty() => out.push_str(&format!("no legal moves: {why}\n")),
            Some(why) => out.push_str(&format!(
                "legal moves ({}): {} ({why})\n",
                list.len(),
                list.join(" ")
            )),
            None => out.push_str(&format!(
                "legal moves ({}): {}\n",
                list.len(),
                list.join(" ")
            )),
        }
    }
}
