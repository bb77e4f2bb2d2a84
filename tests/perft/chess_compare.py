#!/usr/bin/env python3
"""Compares tavoliere's chess and Chess960 with python-chess, an
established implementation, outside cargo test.

- Legal moves, move by move: random games from the start, Kiwipete and
  the standard perft positions 4 and 5 (chess), and from random Chess960
  start positions, each position loaded into tavoliere by FEN
  (`tavoliere moves --fen`), the two sets of (from, to, promotion)
  compared. Castling is compared as the king's move to its destination,
  a promotion with the kind the pawn becomes.
- Chess960 perft(3) of sampled start positions (and perft(4) of a few),
  from games/chess960-starts.txt, against python-chess's own perft; and
  that table against python-chess's Board.from_chess960_pos.

The first run makes a virtualenv in .venv (git-ignored) and installs
python-chess there.

    cargo build --release
    python3 tests/perft/chess_compare.py [--games 20] [--plies 60] [--seed 1]
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import run_inside  # noqa: E402

try:
    import chess
except ImportError:
    run_inside(__file__, "chess")

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# The standard perft positions 4 and 5 (chessprogramming.org), rich in
# promotions and checks.
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"


def tavoliere_moves(exe, game, fen):
    out = subprocess.run(
        [exe, "moves", game, "--fen", fen], capture_output=True, text=True
    )
    if out.returncode != 0:
        sys.exit(f"tavoliere failed on {fen}:\n{out.stderr}")
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def as_pairs(board, texts):
    """tavoliere's move texts as (from, to, promotion) : square names, and
    the lower-case letter of the kind a pawn becomes ('' for none)."""
    pairs = set()
    king = board.king(board.turn)
    for text in texts:
        text, _, promotion = text.partition("=")
        if text in ("O-O", "O-O-O"):
            rank = chess.square_rank(king)
            file = 6 if text == "O-O" else 2
            pairs.add((chess.square_name(king), chess.square_name(chess.square(file, rank)), ""))
            continue
        parts = text.replace("x", "-").split("-")
        pairs.add((parts[0], parts[-1], promotion.lower()))
    return pairs


def reference_pairs(board):
    """python-chess's legal moves as (from, to, promotion), castling as the
    king's move."""
    pairs = set()
    for m in board.legal_moves:
        to = m.to_square
        if board.is_castling(m):
            rank = chess.square_rank(m.from_square)
            file = 6 if board.is_kingside_castling(m) else 2
            to = chess.square(file, rank)
        promotion = chess.piece_symbol(m.promotion) if m.promotion else ""
        pairs.add((chess.square_name(m.from_square), chess.square_name(to), promotion))
    return pairs


def compare_game(exe, game, board, plies, rng):
    """Random play from `board`, comparing every position; positions checked."""
    checked = 0
    for _ in range(plies):
        fen = board.fen()
        ours = as_pairs(board, tavoliere_moves(exe, game, fen))
        theirs = reference_pairs(board)
        if ours != theirs:
            print(f"MISMATCH at {fen}")
            print("  only tavoliere:", sorted(ours - theirs))
            print("  only python-chess:", sorted(theirs - ours))
            sys.exit(1)
        checked += 1
        moves = list(board.legal_moves)
        if not moves or board.is_game_over(claim_draw=False):
            break
        board.push(rng.choice(moves))
    return checked


def perft(board, depth):
    if depth == 0:
        return 1
    n = 0
    for m in board.legal_moves:
        if depth == 1:
            n += 1
            continue
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def tavoliere_perft(exe, game, fen, depth):
    out = subprocess.run(
        [exe, "perft", game, "--fen", fen, "--depth", str(depth)],
        capture_output=True,
        text=True,
    )
    last = [l for l in out.stdout.splitlines() if l.startswith(f"{depth} ")]
    if out.returncode != 0 or not last:
        sys.exit(f"tavoliere perft failed on {fen}:\n{out.stderr}")
    return int(last[0].split()[1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tavoliere", default=str(ROOT / "target/release/tavoliere"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    exe = args.tavoliere
    chess_game = str(ROOT / "games/chess.toml")
    c960_game = str(ROOT / "games/chess960.toml")

    total = 0
    for i in range(args.games):
        start = (chess.STARTING_FEN, KIWIPETE, POSITION_4, POSITION_5)[i % 4]
        total += compare_game(exe, chess_game, chess.Board(start), args.plies, rng)
    print(f"chess: {total} positions, legal moves equal")

    table = {}
    for line in (ROOT / "games/chess960-starts.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            n, fen = line.split(" ", 1)
            table[int(n)] = fen
    assert len(table) == 960
    for n, fen in table.items():
        ref = chess.Board.from_chess960_pos(n)
        assert fen.split()[0] == ref.board_fen(), f"start {n}: {fen} != {ref.board_fen()}"
    print("chess960: the 960 start positions equal python-chess's from_chess960_pos")

    total = 0
    for _ in range(args.games):
        n = rng.randrange(960)
        total += compare_game(exe, c960_game, chess.Board(table[n], chess960=True), args.plies, rng)
    print(f"chess960: {total} positions from random starts, legal moves equal")

    sample = sorted(rng.sample(range(960), 40))
    for n in sample:
        fen = table[n]
        depth = 4 if n in sample[:3] else 3
        ours = tavoliere_perft(exe, c960_game, fen, depth)
        theirs = perft(chess.Board(fen, chess960=True), depth)
        if ours != theirs:
            sys.exit(f"chess960 start {n}: perft({depth}) {ours} != python-chess {theirs}")
    print(f"chess960: perft(3) of {len(sample)} starts, perft(4) of 3, equal: {sample}")


if __name__ == "__main__":
    main()
