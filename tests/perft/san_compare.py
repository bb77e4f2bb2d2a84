#!/usr/bin/env python3
"""Compares tavoliere's standard algebraic notation (`[notation] style =
"san"`) with python-chess's `board.san`, an established implementation,
outside cargo test:

- writing: at every position of seeded random games, the set of SAN texts
  `tavoliere moves --san --fen FEN` prints equals python-chess's SAN of its
  legal moves (check `+` and mate `#` signs included; a pawn drop, which
  python-chess writes `@e4`, is `P@e4` in both);
- reading: the whole game, typed in python-chess's SAN (`--moves`), reaches
  the position python-chess reached (`show --fen` prints its FEN).

Chess, the chess960 rules from random starts, crazyhouse and the lichess
variants that extend chess.toml. The first run makes .venv (git-ignored)
with python-chess.

    cargo build --release
    python3 tests/perft/san_compare.py [--games 10] [--plies 120] [--seed 1]
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import run_inside  # noqa: E402

try:
    import chess.variant
except ImportError:
    run_inside(__file__, "chess")

ROOT = Path(__file__).resolve().parents[2]
EXE = str(ROOT / "target" / "release" / "tavoliere")

GAMES = [
    ("games/chess.toml", chess.Board),
    ("games/chess960.toml", lambda: chess.Board.from_chess960_pos(random.randrange(960))),
    ("games/crazyhouse.toml", chess.variant.CrazyhouseBoard),
    ("games/antichess.toml", chess.variant.AntichessBoard),
    ("games/king-of-the-hill.toml", chess.variant.KingOfTheHillBoard),
    ("games/horde.toml", chess.variant.HordeBoard),
    ("games/racing-kings.toml", chess.variant.RacingKingsBoard),
]


def run(*args):
    out = subprocess.run([EXE, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"tavoliere {' '.join(args)} failed:\n{out.stderr}")
    return out.stdout


def reference_san(board, move):
    text = board.san(move)
    return "P" + text if text.startswith("@") else text


def fen_of(board):
    """The FEN tavoliere reads: chess960's castling rights as KQkq-style
    letters when python-chess can, X-FEN's file letters otherwise."""
    return board.fen() if not board.chess960 else board.shredder_fen()


def one_game(game, make, plies, rng):
    board = make()
    start = fen_of(board)
    played = []
    positions = 0
    for _ in range(plies):
        if board.is_game_over(claim_draw=True):
            break
        ours = set(run("moves", game, "--san", "--fen", fen_of(board)).split())
        theirs = {reference_san(board, m) for m in board.legal_moves}
        if ours != theirs:
            sys.exit(f"{game} {fen_of(board)}:\n  only tavoliere: {sorted(ours - theirs)}\n"
                     f"  only python-chess: {sorted(theirs - ours)}")
        positions += 1
        move = rng.choice(list(board.legal_moves))
        played.append(reference_san(board, move))
        board.push(move)
    if played:
        # Reading: the game in SAN reaches python-chess's position.
        shown = run("show", game, "--fen", start, "--moves", " ".join(played))
        fen = next(line[len("fen: "):] for line in shown.splitlines() if line.startswith("fen: "))
        want = fen_of(board)
        if fen.split()[:4] != want.split()[:4]:
            sys.exit(f"{game} from {start}, {' '.join(played)}:\n  tavoliere {fen}\n  python-chess {want}")
    return positions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    random.seed(args.seed)
    for game, make in GAMES:
        positions = sum(one_game(game, make, args.plies, rng) for _ in range(args.games))
        print(f"{game}: {positions} positions, SAN written and read as python-chess does")


if __name__ == "__main__":
    main()
