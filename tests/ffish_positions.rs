//! Legal-move sets against Fairy-Stockfish, position by position: each
//! `tests/refdata/ffish-fen/*.json` holds positions (FEN) of seeded random
//! games and pyffish's legal moves there, written by
//! `tests/perft/ffish_fen_compare.py --dump` (its `source` says how). The
//! moves tavoliere lists for each FEN, written as UCI the way that script
//! writes them, must be the same set.

mod common;

use serde::Deserialize;
use std::collections::BTreeSet;
use tavoliere::notation::move_texts;

#[derive(Deserialize)]
struct RefData {
    game: String,
    #[allow(dead_code)]
    source: String,
    positions: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    fen: String,
    legal: Vec<String>,
}

/// tavoliere's coordinate text as UCI: `e2-e4` and `e2xe4` are `e2e4`, a
/// promotion `e7-e8=Q` is `e7e8q`, a piece left behind from the hand
/// `g1-f3/H` is `g1f3h`, and on a castling partner's origin
/// `e1-g1/Hh1` the partner's move onto the castling piece, `h1e1h`.
fn uci(text: &str) -> String {
    let (text, left) = text.split_once('/').unwrap_or((text, ""));
    let (text, promotion) = text.split_once('=').unwrap_or((text, ""));
    let (from, to) = text
        .split_once(['-', 'x'])
        .unwrap_or_else(|| panic!("no UCI for `{text}`"));
    if left.len() > 1 {
        return format!("{}{from}{}", &left[1..], left[..1].to_lowercase());
    }
    format!(
        "{from}{to}{}{}",
        promotion.to_lowercase(),
        left.to_lowercase()
    )
}

#[test]
fn legal_moves_match_fairy_stockfish() {
    let dir = common::root().join("tests/refdata/ffish-fen");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no reference data in {}", dir.display());
    for file in files {
        let data: RefData = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert!(
            data.positions.len() >= 200,
            "{}: too few positions",
            file.display()
        );
        let rules = common::load(&data.game);
        let mut moves = Vec::new();
        for p in &data.positions {
            let st = common::fen(&rules, &p.fen);
            rules.legal_moves(&st, &mut moves);
            let ours: BTreeSet<String> = move_texts(&rules, &st, &moves)
                .iter()
                .map(|t| uci(t))
                .collect();
            let theirs: BTreeSet<String> = p.legal.iter().cloned().collect();
            assert_eq!(ours.len(), moves.len(), "{}: two moves alike", p.fen);
            assert_eq!(ours, theirs, "{}: legal moves of {}", data.game, p.fen);
        }
    }
}
