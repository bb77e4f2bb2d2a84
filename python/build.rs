//! The shipped games (`../games/*.toml`) compiled into the extension, so
//! that `load_game("chess")` works from the wheel wherever it is installed.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../games");
    println!("cargo:rerun-if-changed={}", games.display());
    let mut names: Vec<_> = std::fs::read_dir(&games)
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from(
        "/// The shipped games: (name, text).\npub static SHIPPED: &[(&str, &str)] = &[\n",
    );
    for path in names {
        let path = path.canonicalize().expect("a game file");
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
