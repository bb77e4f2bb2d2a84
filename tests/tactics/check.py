#!/usr/bin/env python3
"""Confirms the tactics suites (tests/tactics/*.toml) with Fairy-Stockfish
(pyffish), an engine independent of ours, outside cargo test:

- every FEN is a valid position of the suite's `variant`;
- a `mate` position has a move after which the side to move is in check
  with no legal reply;
- a `take` position has a legal capture on that square, and after every
  such capture no reply lands there (the piece stands undefended).

A shogi FEN is the game's own (SFEN's fields), turned into
Fairy-Stockfish's (`board[hand] w 0 1`, its `w` the first player). The
first run makes .venv (git-ignored) with pyffish.

    python3 tests/tactics/check.py
"""

import re
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "perft"))
from reference_venv import run_inside  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    run_inside(__file__, "pyffish")


def reference_fen(variant, fen):
    if variant != "shogi":
        return fen
    board, side, hands, _ = fen.split()
    hands = re.sub(r"(\d+)(\D)", lambda m: m.group(2) * int(m.group(1)), hands)
    return f"{board}[{'-' if hands == '-' else hands}] {'w' if side == 'b' else 'b'} 0 1"


def problems(variant, position):
    fen = reference_fen(variant, position["fen"])
    if sf.validate_fen(fen, variant) != 1:
        return "not a valid position"
    legal = sf.legal_moves(variant, fen, [])
    if position.get("mate"):
        mates = [m for m in legal
                 if sf.gives_check(variant, fen, [m]) and not sf.legal_moves(variant, fen, [m])]
        return None if mates else "no mate in one"
    square = position["take"]
    takes = [m for m in legal if re.fullmatch(rf"[a-z]\d+{square}\+?", m)
             and sf.get_san(variant, fen, m).find("x") >= 0]
    if not takes:
        return f"no capture on {square}"
    for m in takes:
        replies = sf.legal_moves(variant, fen, [m])
        if any(re.fullmatch(rf"(?:[a-z]\d+|[A-Z+]+@){square}\+?", r) for r in replies):
            return f"{m} can be answered on {square}"
    return None


def main():
    failed = 0
    for suite in sorted(HERE.glob("*.toml")):
        data = tomllib.loads(suite.read_text())
        for position in data["position"]:
            problem = problems(data["variant"], position)
            if problem:
                failed += 1
                print(f"{suite.name}: {position['fen']}: {problem}")
        print(f"{suite.name}: {len(data['position'])} positions checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
