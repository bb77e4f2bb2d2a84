//! `cargo bench`: perft and random-playout speed of the Quoridor family,
//! Asalto and the Siege of Paris.
//! Each benchmark asserts the count it times, so a fast wrong answer fails.

use std::path::Path;
use std::time::Instant;
use tavoliere::diag::Sources;
use tavoliere::{compile, notation, perft, playout};

fn load(rel: &str) -> tavoliere::rules::Rules {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(rel)).unwrap();
    let mut sources = Sources::new();
    let id = sources.add(root.join(rel).to_string_lossy(), text);
    let mut read = |from: &str, path: &str| {
        let p = Path::new(from).parent().unwrap().join(path);
        std::fs::read_to_string(&p)
            .map(|t| (p.to_string_lossy().into_owned(), t))
            .map_err(|e| e.to_string())
    };
    compile::load(&mut sources, id, &mut read)
        .expect("the game compiles")
        .0
}

fn main() {
    for (game, depth, expected) in [
        ("games/quoridor.toml", 3, 2_062_264u64),
        ("games/quoridor-4p.toml", 3, 2_062_065),
        ("games/pinko-pallino-orthogonal.toml", 3, 7_907_200),
        ("games/asalto-c5-e5.toml", 8, 370_394),
        ("games/asalto.toml", 6, 133_228),
    ] {
        let rules = load(game);
        let start = Instant::now();
        let n = perft::perft(&rules, &rules.initial(), depth);
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(n, expected, "{game} perft({depth})");
        println!(
            "perft {game} depth {depth}: {n} nodes, {:.1} M nodes/s",
            n as f64 / secs / 1e6
        );
    }
    // The Siege of Paris from its fixed defender setup (after the two
    // placements), counts from tests/perft/siege.toml.
    for (game, depth, expected) in [
        ("games/siege-of-paris.toml", 6, 4_454_272u64),
        ("games/cerco-de-paris.toml", 6, 7_014_546),
    ] {
        let rules = load(game);
        let mut st = rules.initial();
        for text in ["G@W", "Co@E"] {
            let mv = notation::parse_move(&rules, &st, text).expect("a legal placement");
            rules.play(&mut st, mv);
        }
        let start = Instant::now();
        let n = perft::perft(&rules, &st, depth);
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(n, expected, "{game} perft({depth})");
        println!(
            "perft {game} (G@W Co@E) depth {depth}: {n} nodes, {:.1} M nodes/s",
            n as f64 / secs / 1e6
        );
    }
    for (game, cap) in [
        ("games/quoridor.toml", 324),
        ("games/quoridor-kid.toml", 324),
        ("games/blockade.toml", 324),
        ("games/asalto.toml", 10_000),
        // Random Siege games need not end (no length limit in its rules).
        ("games/siege-of-paris.toml", 2_000),
    ] {
        let rules = load(game);
        let r = playout::bench(&rules, 3.0, cap, 1, 1);
        assert!(r.playouts > 0);
        println!(
            "playouts {game} ({cap}-ply cap): {:.0} playouts/s, {:.0} plies/s, mean length {:.1}",
            r.playouts_per_s(),
            r.plies_per_s(),
            r.mean_length()
        );
    }
}
