#!/usr/bin/env python3
"""Compares tavoliere's counted notations with Fairy-Stockfish's
(`pyffish.get_san`), an established implementation, outside cargo test:

- writing: at every position of seeded random games, the set of texts
  `tavoliere moves --notation` prints equals the set Fairy-Stockfish writes
  for its legal moves: the World Xiangqi Federation's (`[notation] style =
  "wxf"`, pyffish's NOTATION_XIANGQI_WXF) in xiangqi, Hodges's (`style =
  "hodges"`, NOTATION_SHOGI_HODGES) in shogi and minishogi;
- reading: each game is walked by typing the move drawn in that notation
  (`--moves`), so every text written is also read back.

Fairy-Stockfish (0.0.90) lets through some pawn drops that checkmate (see
ffish_compare.py): a pawn drop only it offers, after which it has no
legal reply, is counted and set aside. The first run makes .venv
(git-ignored) with pyffish.

    cargo build --release
    python3 tests/perft/notation_compare.py [--games 10] [--plies 120] [--seed 1]
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import run_inside  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    run_inside(__file__, "pyffish")

ROOT = Path(__file__).resolve().parents[2]
EXE = str(ROOT / "target" / "release" / "tavoliere")

# (game file, Fairy-Stockfish variant, its notation)
GAMES = [
    ("games/xiangqi.toml", "xiangqi", sf.NOTATION_XIANGQI_WXF),
    ("games/shogi.toml", "shogi", sf.NOTATION_SHOGI_HODGES),
    ("games/minishogi.toml", "minishogi", sf.NOTATION_SHOGI_HODGES),
]


def run(*args):
    out = subprocess.run([EXE, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"tavoliere {' '.join(args)} failed:\n{out.stderr}")
    return out.stdout


def one_game(game, variant, notation, plies, rng):
    start = sf.start_fen(variant)
    uci, typed = [], []
    positions = mating_drops = 0
    for _ in range(plies):
        legal = sf.legal_moves(variant, start, uci)
        if not legal or sf.is_optional_game_end(variant, start, uci)[0]:
            break
        fen = sf.get_fen(variant, start, uci)
        theirs = {sf.get_san(variant, fen, m, False, notation): m for m in legal}
        ours = set(run("moves", game, "--notation", "--moves", " ".join(typed)).split())
        for text in set(theirs) - ours:
            move = theirs[text]
            if "*" in text and text.startswith("P") and not sf.legal_moves(variant, fen, [move]):
                mating_drops += 1
                del theirs[text]
        if ours != set(theirs):
            sys.exit(f"{game} after {' '.join(typed)}:\n  only tavoliere: {sorted(ours - set(theirs))}\n"
                     f"  only Fairy-Stockfish: {sorted(set(theirs) - ours)}")
        positions += 1
        text = rng.choice(sorted(theirs))
        typed.append(text)
        uci.append(theirs[text])
    return positions, mating_drops


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for game, variant, notation in GAMES:
        positions = drops = 0
        for _ in range(args.games):
            p, d = one_game(game, variant, notation, args.plies, rng)
            positions, drops = positions + p, drops + d
        print(f"{game}: {positions} positions, written and read as Fairy-Stockfish writes them"
              f" ({drops} mating pawn drops only Fairy-Stockfish offers)")


if __name__ == "__main__":
    main()
