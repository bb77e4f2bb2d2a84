#!/usr/bin/env python3
"""Compares a chess-like game of tavoliere with Fairy-Stockfish, position by
position, by FEN, outside cargo test.

Random games are played with pyffish (the Python binding of
Fairy-Stockfish, PyPI `pyffish`, installed in the git-ignored `.venv`): at
every position, pyffish writes its FEN, and the legal moves tavoliere lists
for that FEN (`tavoliere moves --fen`) must equal pyffish's
(`legal_moves`), written as UCI: `e2-e4` and `e2xe4` are `e2e4`, a
promotion `e7-e8=C` is `e7e8c`, castling (`O-O`, `O-O-O`) the king's move
to the square it lands on. A walk stops where the side to move has no move
(in both), where the halfmove clock reaches 100 (tavoliere's chess draws
there at once, Fairy-Stockfish on a claim), or after `--plies`.

    cargo build --release
    python3 tests/perft/ffish_fen_compare.py games/capablanca.toml capablanca \\
        [--games 20] [--plies 150] [--seed 1] [--perft 3] [--dump FILE]

With `--dump`, every position compared and pyffish's legal moves are
written to FILE as JSON (tests/refdata/ffish-fen/*.json), which cargo test
(tests/ffish_positions.rs) compares with tavoliere's again.
"""

import argparse
import json
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


def king_square(fen, white):
    """The square of the side's king in a FEN's board field."""
    rows = fen.split()[0].split("/")
    for r, row in enumerate(rows):
        f, digits = 0, ""
        for c in row + " ":
            if c.isdigit():
                digits += c
                continue
            f += int(digits or 0)
            digits = ""
            if c == ("K" if white else "k"):
                return f"{chr(ord('a') + f)}{len(rows) - r}"
            f += 1
    raise ValueError(f"no king in {fen}")


def to_uci(text, fen, castled):
    """tavoliere's move text as UCI; `castled` the files the king lands on
    castling (queenside, kingside)."""
    text, _, left = text.partition("/")
    if text in ("O-O", "O-O-O"):
        frm = king_square(fen, fen.split()[1] == "w")
        file = castled[1] if text == "O-O" else castled[0]
        text = f"{frm}-{file}{frm[1:]}"
    text, _, promotion = text.partition("=")
    frm, to = text.replace("x", "-").split("-")
    if len(left) > 1:
        # A piece left on a castling partner's origin (`e1-g1/Hh1`):
        # Fairy-Stockfish writes the partner's move onto the king (`h1e1h`).
        return f"{left[1:]}{frm}{left[0].lower()}"
    return f"{frm}{to}{promotion.lower()}{left.lower()}"


def tavoliere_moves(exe, game, fen, castled):
    out = subprocess.run([exe, "moves", game, "--fen", fen], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"tavoliere failed on {fen}:\n{out.stderr}")
    return {to_uci(t, fen, castled) for t in out.stdout.split()}


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("variant")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft", type=int, default=0)
    ap.add_argument("--castled", default="ci", help="the files a castling king lands on")
    ap.add_argument("--tavoliere", default=str(ROOT / "target/release/tavoliere"))
    ap.add_argument("--start", action="append", default=[], help="a FEN to start games from too (repeatable)")
    ap.add_argument("--dump", help="write the positions and pyffish's moves to this JSON file")
    args = ap.parse_args()
    start = sf.start_fen(args.variant)
    if args.perft:
        print(f"pyffish {args.variant} perft:", [perft(args.variant, start, d) for d in range(1, args.perft + 1)])
    rng = random.Random(args.seed)
    positions = 0
    dumped = []
    starts = [start, *args.start]
    for g in range(args.games):
        start = starts[g % len(starts)]
        uci = []
        for _ in range(args.plies):
            fen = sf.get_fen(args.variant, start, uci)
            if int(fen.split()[-2]) >= 100:
                break
            ours = tavoliere_moves(args.tavoliere, args.game, fen, args.castled)
            theirs = set(sf.legal_moves(args.variant, start, uci))
            if ours != theirs:
                print(f"DIFFERENCE at {fen} (after {' '.join(uci) or 'the start'})")
                print("  only tavoliere:", sorted(ours - theirs))
                print("  only Fairy-Stockfish:", sorted(theirs - ours))
                sys.exit(1)
            positions += 1
            dumped.append({"fen": fen, "legal": sorted(theirs)})
            if not theirs:
                break
            uci.append(rng.choice(sorted(theirs)))
    if args.dump:
        data = {
            "game": args.game,
            "source": f"pyffish {'.'.join(map(str, sf.version()))} `{args.variant}` legal_moves, "
            f"tests/perft/ffish_fen_compare.py --games {args.games} --plies {args.plies} --seed {args.seed}"
            + "".join(f" --start '{f}'" for f in args.start),
            "positions": dumped,
        }
        # One position a line.
        head = json.dumps({k: v for k, v in data.items() if k != "positions"})[:-1]
        lines = ",\n".join(json.dumps(p) for p in dumped)
        Path(args.dump).write_text(f'{head}, "positions": [\n{lines}\n]}}\n')
    print(f"{args.game}: {args.games} games, {positions} positions, legal moves equal to Fairy-Stockfish's {args.variant}")


if __name__ == "__main__":
    main()
