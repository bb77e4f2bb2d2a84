#!/usr/bin/env python3
"""Perft from a FEN with pieces in hand, counted by established
implementations, outside cargo test, for tests/perft/crazyhouse.toml,
tests/perft/shogi.toml and tests/perft/atomic.toml (plain Python, no
tavoliere code):

- crazyhouse: python-chess's CrazyhouseBoard, from the FEN with its
  pocket in brackets (`.../R3K2R[Pnp] b KQ - 0 9`);
- atomic: python-chess's AtomicBoard, from a FEN;
- shogi and minishogi: Fairy-Stockfish through pyffish, from an SFEN
  (`board side hands ply`, USI). pyffish does not read SFEN, so the SFEN
  is turned into Fairy-Stockfish's FEN first: the hands as a pocket in
  brackets (`2P` as `PP`), the side letter swapped (SFEN's `b`, sente,
  moving first, is Fairy-Stockfish's `w`); `get_fen(..., sfen=True)` of
  that FEN must give the SFEN back, which checks the conversion. A pawn
  drop that mates is legal to Fairy-Stockfish and not to the JSA's rules
  (uchifuzume) nor to tavoliere: such drops are left out of the count,
  as tests/perft/ffish_compare.py does.

The first run makes a virtualenv in .venv (git-ignored) and installs
python-chess and pyffish there.

    python3 tests/perft/fen_perft.py crazyhouse "FEN" 3
    python3 tests/perft/fen_perft.py atomic "FEN" 3
    python3 tests/perft/fen_perft.py shogi "SFEN" 3
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import board_perft, run_inside  # noqa: E402

try:
    import chess.variant
except ImportError:
    run_inside(__file__, "chess")
try:
    import pyffish
except ImportError:
    run_inside(__file__, "pyffish")


def hand(text):
    """An SFEN hands field as {letter: count}."""
    out = {}
    for count, letter in re.findall(r"(\d*)([A-Za-z])", text):
        out[letter] = out.get(letter, 0) + int(count or 1)
    return out


def sfen_to_ffish(sfen):
    """An SFEN as Fairy-Stockfish's FEN: pocket in brackets, sides swapped."""
    board, side, hands, _ply = sfen.split()
    pocket = "".join(letter * n for letter, n in hand(hands).items())
    return f"{board}[{pocket}] {'w' if side == 'b' else 'b'} - - 0 1"


def shogi_moves(variant, fen, played):
    """Fairy-Stockfish's legal moves, less the pawn drops that mate."""
    out = []
    for m in pyffish.legal_moves(variant, fen, played):
        after = played + [m]
        if (m.startswith("P@") and pyffish.gives_check(variant, fen, after)
                and not pyffish.legal_moves(variant, fen, after)):
            continue
        out.append(m)
    return out


def shogi_perft(variant, fen, played, depth):
    moves = shogi_moves(variant, fen, played)
    if depth == 1:
        return len(moves)
    return sum(shogi_perft(variant, fen, played + [m], depth - 1) for m in moves)


def main():
    variant, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for d in range(1, depth + 1):
        if variant in ("crazyhouse", "atomic"):
            cls = {"crazyhouse": chess.variant.CrazyhouseBoard, "atomic": chess.variant.AtomicBoard}
            board = cls[variant](fen)
            assert board.is_valid(), board.status()
            n = board_perft(board, d)
        else:
            ff = sfen_to_ffish(fen)
            back = pyffish.get_fen(variant, ff, [], False, True)
            # Fairy-Stockfish writes the hands in an order of its own.
            same = back.split()[:2] == fen.split()[:2] and hand(back.split()[2]) == hand(fen.split()[2])
            assert same, (back, fen)
            n = shogi_perft(variant, ff, [], d)
        print(f"depth {d}: {n}", flush=True)


if __name__ == "__main__":
    main()
