#!/usr/bin/env python3
"""Compares tavoliere's crazyhouse with python-chess's CrazyhouseBoard, an
established implementation, outside cargo test.

Random games are played in both side by side: at every position the legal
moves of `tavoliere moves games/crazyhouse.toml --moves "..."` (the game so
far, in tavoliere's notation) and of python-chess are turned into UCI
(`e2e4`, `e7e8q`, `N@f3`) and compared as sets; then one move, chosen at
random, is played in both. Positions with a piece in hand are the point:
drops, pawns never dropped on the back ranks, promoted pieces going to hand
as pawns. With --perft N it also counts perft(N) from the start with
python-chess, to set beside `tavoliere perft games/crazyhouse.toml`.

The first run makes a virtualenv in .venv (git-ignored) and installs
python-chess there.

    cargo build --release
    python3 tests/perft/crazyhouse_compare.py [--games 20] [--plies 80] [--seed 1] [--perft 4]
"""

import argparse
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import board_perft, run_inside  # noqa: E402

try:
    import chess
    import chess.variant
except ImportError:
    run_inside(__file__, "chess")

GAME = str(ROOT / "games" / "crazyhouse.toml")
SQUARE = re.compile(r"[a-h][1-8]")


def as_uci(board, text):
    """A tavoliere move text as UCI."""
    if "@" in text:
        kind, to = text.split("@")
        return kind[0].upper() + "@" + to
    if text.startswith("O-O"):
        king = chess.square_name(board.king(board.turn))
        rank = king[1]
        return king + ("c" if text == "O-O-O" else "g") + rank
    body, _, promo = text.partition("=")
    squares = SQUARE.findall(body)
    return squares[0] + squares[-1] + promo[:1].lower()


def tavoliere_moves(exe, played):
    out = subprocess.run(
        [exe, "moves", GAME, "--moves", " ".join(played)], capture_output=True, text=True
    )
    if out.returncode != 0:
        sys.exit(f"tavoliere failed after {' '.join(played)}:\n{out.stderr}")
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft", type=int, default=0)
    ap.add_argument("--exe", default=str(ROOT / "target" / "release" / "tavoliere"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    positions = with_hand = 0
    for game in range(args.games):
        board = chess.variant.CrazyhouseBoard()
        played = []
        for _ in range(args.plies):
            if board.is_game_over():
                break
            texts = tavoliere_moves(args.exe, played)
            ours = {as_uci(board, t): t for t in texts}
            theirs = {m.uci() for m in board.legal_moves}
            positions += 1
            with_hand += any(len(h) for h in board.pockets)
            if set(ours) != theirs:
                print(f"game {game}: after {' '.join(played) or 'the start'}")
                print(f"  FEN {board.fen()}")
                print(f"  only tavoliere: {sorted(set(ours) - theirs)}")
                print(f"  only python-chess: {sorted(theirs - set(ours))}")
                sys.exit(1)
            uci = rng.choice(sorted(theirs))
            played.append(ours[uci])
            board.push_uci(uci)
    print(f"{positions} positions equal ({with_hand} with a piece in hand)")
    if args.perft:
        board = chess.variant.CrazyhouseBoard()
        print(f"python-chess crazyhouse perft({args.perft}) = {board_perft(board, args.perft)}")


if __name__ == "__main__":
    main()
