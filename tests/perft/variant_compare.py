#!/usr/bin/env python3
"""Compares tavoliere's lichess variants with python-chess's `chess.variant`,
an established implementation, outside cargo test:

- legal moves, position by position, along seeded random games from the
  start of each variant (and, for antichess and horde, from the other
  positions of python-chess's published perft files), each position loaded
  into tavoliere by FEN (`tavoliere moves --fen`) and the two sets of
  (from, to, promotion) compared, castling as the king's move;
- where python-chess ends the game (`is_variant_end`, checkmate,
  stalemate) or a draw can be claimed (threefold repetition, fifty moves:
  tavoliere's chess draws at once), the walk stops, and tavoliere, given the moves played from
  the start (`--moves`, so that rules reading the last move see it), must
  end it too, with the same result (who won, or a draw);
- perft from the start of each variant against python-chess's own perft
  (`--depth`, 3 by default).

games/antichess.toml ~ AntichessBoard (GiveawayBoard without castling), king-of-the-hill.toml ~
KingOfTheHillBoard, horde.toml ~ HordeBoard, racing-kings.toml ~
RacingKingsBoard, three-check.toml ~ ThreeCheckBoard (its FEN's `3+3`
field, the checks left, read by tavoliere too). The other positions of a
variant are compared by perft too, at the same depth. The first run makes
.venv (git-ignored) with python-chess.

    cargo build --release
    python3 tests/perft/variant_compare.py [--games 30] [--plies 80] [--seed 1] [--only three-check]
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import board_perft, run_inside  # noqa: E402

try:
    import chess.variant
except ImportError:
    run_inside(__file__, "chess")

from chess_compare import as_pairs, reference_pairs, tavoliere_moves, tavoliere_perft  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# Atomic positions of tests/perft/atomic.toml, beside python-chess's own.
ATOMIC_FENS = [
    "4r3/8/8/8/8/8/3k4/4K2R w K - 0 1",
    "4k3/3pp3/8/8/B7/8/8/4K2r w - - 0 1",
    "4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
    "4k3/8/8/8/8/8/3pQ3/4K3 w - - 0 1",
]

# (game file, python-chess board class, extra start positions)
VARIANTS = [
    ("games/antichess.toml", chess.variant.AntichessBoard,
     ["8/1p6/8/8/8/8/P7/8 w - - 0 1", "8/2p5/8/8/8/8/P7/8 w - - 0 1"]),
    ("games/king-of-the-hill.toml", chess.variant.KingOfTheHillBoard, []),
    ("games/horde.toml", chess.variant.HordeBoard,
     ["4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
      "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1"]),
    ("games/racing-kings.toml", chess.variant.RacingKingsBoard, []),
    # python-chess's examples/perft/atomic.perft (programfox-1, -2), and
    # positions of tests/perft/atomic.toml: kings side by side, a blast
    # that wins out of check, en passant's blast, castling beside the
    # enemy king.
    ("games/atomic.toml", chess.variant.AtomicBoard,
     ["rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
      "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1"] + ATOMIC_FENS),
    # python-chess's examples/perft/3check.perft: one check left each.
    ("games/three-check.toml", chess.variant.ThreeCheckBoard,
     ["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1"]),
]


# The results of the games python-chess ended, and tavoliere too.
ENDINGS = []


def pair(board, move):
    """python-chess's move as (from, to, promotion), castling as the king's
    move, as `reference_pairs` writes it."""
    return next(p for p in reference_pairs_of(board, [move]))


def reference_pairs_of(board, moves):
    for m in moves:
        to = m.to_square
        if board.is_castling(m):
            file = 6 if board.is_kingside_castling(m) else 2
            to = chess.square(file, chess.square_rank(m.from_square))
        promotion = chess.piece_symbol(m.promotion) if m.promotion else ""
        yield (chess.square_name(m.from_square), chess.square_name(to), promotion)


def ending(exe, game, fen, texts):
    """tavoliere's moves after `texts` played from `fen`, and what it says of
    the game's end (its standard error)."""
    out = subprocess.run([exe, "moves", game, "--fen", fen, "--moves", " ".join(texts)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"tavoliere failed after {texts} from {fen}:\n{out.stderr}")
    return out.stdout.split(), out.stderr.strip()


def walk(exe, game, board, plies, rng):
    """Random play from `board`, comparing every position until python-chess
    ends the game; there, the moves played from the start in tavoliere must
    end it too, with the same result. The positions compared."""
    start, texts, checked = board.fen(), [], 0
    for _ in range(plies):
        # Threefold repetition and the fifty-move rule end the game at once
        # in tavoliere, on a claim in python-chess: a draw, unless the game
        # has just ended otherwise.
        claim = board.is_repetition(3) or board.halfmove_clock >= 100
        if board.is_variant_end() or not any(board.legal_moves) or claim:
            left, why = ending(exe, game, start, texts)
            over = board.is_variant_end() or not any(board.legal_moves)
            result = board.result() if over else "1/2-1/2"
            winner = {"1-0": "white won", "0-1": "black won", "1/2-1/2": "draw"}[result]
            if left or winner not in why:
                print(f"{game}: python-chess ends the game ({result}) at {board.fen()}")
                print(f"  tavoliere after {' '.join(texts)}: {len(left)} moves; {why}")
                sys.exit(1)
            ENDINGS.append(result)
            break
        fen = board.fen()
        found = tavoliere_moves(exe, game, fen)
        ours = as_pairs(board, found)
        theirs = reference_pairs(board)
        if ours != theirs:
            print(f"{game}: MISMATCH at {fen}")
            print("  only tavoliere:", sorted(ours - theirs))
            print("  only python-chess:", sorted(theirs - ours))
            sys.exit(1)
        checked += 1
        move = rng.choice(list(board.legal_moves))
        texts.append(next(t for t in found if as_pairs(board, [t]) == {pair(board, move)}))
        board.push(move)
    return checked


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--tavoliere", default=str(ROOT / "target/release/tavoliere"))
    ap.add_argument("--only", help="the variants whose file name contains this")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for game, cls, extra in VARIANTS:
        if args.only and args.only not in game:
            continue
        path = str(ROOT / game)
        starts = [cls.starting_fen] + extra
        total = 0
        for i in range(args.games):
            total += walk(args.tavoliere, path, cls(starts[i % len(starts)]), args.plies, rng)
        print(f"{game}: {total} positions from {args.games} random games, legal moves equal;"
              f" {len(ENDINGS)} games ended, the same way in both ({', '.join(sorted(set(ENDINGS)))})")
        ENDINGS.clear()
        for fen in starts:
            for d in range(1, args.depth + 1):
                ours = tavoliere_perft(args.tavoliere, path, fen, d)
                theirs = board_perft(cls(fen), d)
                if ours != theirs:
                    sys.exit(f"{game}: perft({d}) of {fen}: {ours} != python-chess {theirs}")
        print(f"{game}: perft 1..{args.depth} from the start and the {len(extra)} other"
              f" positions equal python-chess's")


if __name__ == "__main__":
    main()
