#!/usr/bin/env python3
"""Compare games/xiangqi.toml with Fairy-Stockfish, move by move.

Not part of `cargo test`: it installs pyffish (PyPI `pyffish`, the Python
binding of Fairy-Stockfish, an established xiangqi implementation) in a
scratch virtualenv, `.venv/` at the top of the worktree (git-ignored), and
re-runs itself there.

Random games are played from the start and from the two positions of
Fairy-Stockfish's perft tests, in turn: at every position reached, pyffish
writes its FEN, and the set of legal moves tavoliere lists for that FEN
(`tavoliere moves --fen ...`, so its FEN reader is checked too) must
equal the set pyffish lists (`pyffish.legal_moves`), the notation
translated (`h3-e3` and `h3xe3` are pyffish's `h3e3`); then one of the
moves is chosen at random and played. A game ends when the side
to move has no move in either (it must have none in both) or after
`--plies` plies. The first difference is printed with the moves that led
to it, and the script exits 1.

`--perft N` also counts perft 1..N with pyffish alone, from the start and
from the two positions of Fairy-Stockfish's own perft tests, to set beside
tests/perft/xiangqi.toml.

    python3 tests/perft/xiangqi_compare.py [--games 20] [--plies 150]
        [--seed 1] [--perft 3] [--bin target/release/tavoliere]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, ".venv")
GAME = os.path.join(ROOT, "games", "xiangqi.toml")
VARIANT = "xiangqi"
# Fairy-Stockfish's tests/perft.sh, beside the start position.
FENS = [
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
]


def in_venv():
    """Re-run this script inside .venv, with pyffish installed, if needed."""
    try:
        import pyffish  # noqa: F401

        return
    except ImportError:
        pass
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("pyffish is not installed in .venv and could not be imported")
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    subprocess.run([python, "-m", "pip", "install", "-q", "pyffish"], check=True)
    os.execv(python, [python, *sys.argv])


MOVE = re.compile(r"^([a-i])(\d+)[-x]([a-i])(\d+)$")


def to_uci(move):
    """tavoliere's `h3-e3` or `h3xe3` as pyffish's `h3e3`."""
    m = MOVE.match(move)
    if not m:
        raise ValueError(f"unexpected tavoliere move {move!r}")
    return f"{m[1]}{m[2]}{m[3]}{m[4]}"


def tavoliere_moves(binary, fen):
    """The legal moves in the position of `fen`, uci -> written."""
    out = subprocess.run(
        [binary, "moves", GAME, "--fen", fen],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {to_uci(line): line for line in out.split()}


def perft(sf, fen, depth):
    if depth == 0:
        return 1
    moves = sf.legal_moves(VARIANT, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(sf, sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)


def play(sf, binary, rng, plies, start):
    """One random game from `start`; returns the number of positions compared."""
    uci = []
    for ply in range(plies + 1):
        fen = sf.get_fen(VARIANT, start, uci)
        ours = tavoliere_moves(binary, fen)
        theirs = set(sf.legal_moves(VARIANT, start, uci))
        if set(ours) != theirs:
            print("DIFFERENCE from:", start)
            print("  after:", " ".join(uci) or "(start)")
            print("  fen:", fen)
            print("  only tavoliere:", sorted(set(ours) - theirs))
            print("  only pyffish:", sorted(theirs - set(ours)))
            sys.exit(1)
        if not theirs or ply == plies:
            return ply + 1
        uci.append(rng.choice(sorted(theirs)))


def main():
    in_venv()
    import pyffish as sf

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft", type=int, default=0)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "tavoliere"))
    args = ap.parse_args()

    for fen in [sf.start_fen(VARIANT), *FENS] if args.perft else []:
        counts = [perft(sf, fen, d) for d in range(1, args.perft + 1)]
        print(f"perft {fen}: {counts}")

    rng = random.Random(args.seed)
    positions = 0
    starts = [sf.start_fen(VARIANT), *FENS]
    for g in range(args.games):
        positions += play(sf, args.bin, rng, args.plies, starts[g % len(starts)])
    print(f"{args.games} games, {positions} positions: the same legal moves in both")


if __name__ == "__main__":
    main()
