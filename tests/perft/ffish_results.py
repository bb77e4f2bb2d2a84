#!/usr/bin/env python3
"""Game results of Fairy-Stockfish (pyffish) at the end of seeded random
games that its material counting decides, kept as reference data that
`cargo test` reads (tests/ffish_sets.rs, `janggi_counting_results`), and
compared with tavoliere's here.

Outside `cargo test`: it installs pyffish in the scratch virtualenv `.venv`
(tests/perft/reference_venv.py) and needs the release binary (`cargo
build --release`).

Each game is played from the variant's start, each move drawn with a
seeded generator: a pass with probability `--pass-rate` where one is
legal, else uniformly among pyffish's legal moves (and, in the last
`--limit-games` games, never a pass where another move is legal) (written in tavoliere's
notation as tests/perft/ffish_sets.py writes them). A game is kept when
pyffish ends it by a rule that counts the material:

- at once (`is_immediate_game_end`): a pass that keeps the generals
  facing (bikjang), or two passes in a row;
- by its move limit (`is_optional_game_end` after 100 plies without a
  capture: Fairy-Stockfish's fifty-move rule, adjudicated by counting).

Games that end otherwise (checkmate, repetition) or reach `--plies` are
dropped. The winner is pyffish's `game_result`-style value (from the side
to move) turned into a side's name.

    python3 tests/perft/ffish_results.py [--games 40] [--plies 400]
        [--seed 1] [--pass-rate 0.05] [--limit-games 0] [--write]

Without `--write`, each kept game is replayed with `tavoliere moves GAME
--moves ...` (which must list no move at the end) and `tavoliere play`'s
result is not read: the Rust test reads the outcome. With `--write`, the
games go to tests/refdata/ffish/janggi-counting.json.
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

from ffish_sets import board_of, written  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "target" / "release" / "tavoliere"

VARIANT = "janggi"
GAME = "games/janggi-counting.toml"
# Fairy-Stockfish's White and Black.
SIDES = {"w": "blue", "b": "red"}


def play(rng, plies, pass_rate):
    """One random game: its moves (tavoliere's notation), and how it ended
    (the winner and why), or None when not by a counted rule."""
    fen = sf.start_fen(VARIANT)
    uci, texts = [], []
    quiet = 0
    for _ in range(plies):
        current = sf.get_fen(VARIANT, fen, uci)
        to_move = SIDES[current.split()[1]]
        other = SIDES["b" if to_move == SIDES["w"] else "w"]
        end, value = sf.is_immediate_game_end(VARIANT, fen, uci)
        why = "two passes" if texts[-2:] == ["pass", "pass"] else "bikjang"
        if not end and quiet >= 100:
            end, value = sf.is_optional_game_end(VARIANT, fen, uci)
            why = "100 plies without a capture"
        if end:
            if value == 0:
                return texts, "draw", why
            return texts, to_move if value > 0 else other, why
        if sf.is_optional_game_end(VARIANT, fen, uci)[0]:
            return None  # repetition
        legal = sorted(sf.legal_moves(VARIANT, fen, uci))
        if not legal:
            return None  # checkmate
        board = board_of(current)
        named = {written(m, board, True): m for m in legal}
        if "pass" in named and rng.random() < pass_rate:
            text = "pass"
        elif pass_rate < 0 and len(named) > 1:
            text = rng.choice(sorted(set(named) - {"pass"}))
        else:
            text = rng.choice(sorted(named))
        quiet = 0 if "x" in text else quiet + 1
        uci.append(named[text])
        texts.append(text)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pass-rate", type=float, default=0.05)
    ap.add_argument("--limit-games", type=int, default=0)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kept, tried, whys = [], 0, {}
    while len(kept) < args.games + args.limit_games:
        tried += 1
        # The last games never pass: they end by the move limit.
        rate = args.pass_rate if len(kept) < args.games else -1
        game = play(rng, args.plies, rate)
        if game is None:
            continue
        texts, winner, why = game
        whys[why] = whys.get(why, 0) + 1
        kept.append({"moves": " ".join(texts), "winner": winner, "why": why})
        if not args.write:
            left = subprocess.run(
                [str(BIN), "moves", GAME, "--moves", " ".join(texts)],
                capture_output=True, text=True, check=True, cwd=ROOT,
            ).stdout.split()
            if left:
                print(f"tavoliere goes on after {' '.join(texts)}")
                sys.exit(1)
    winners = {}
    for g in kept:
        winners[g["winner"]] = winners.get(g["winner"], 0) + 1
    print(f"{len(kept)} games kept of {tried}: {whys}, winners {winners}")
    if args.write:
        out = ROOT / "tests" / "refdata" / "ffish" / "janggi-counting.json"
        data = {
            "source": f"pyffish {'.'.join(map(str, sf.version()))} `{VARIANT}`, "
                      f"tests/perft/ffish_results.py --games {args.games} --plies {args.plies} "
                      f"--seed {args.seed} --pass-rate {args.pass_rate} "
                      f"--limit-games {args.limit_games} --write",
            "game": GAME,
            "games": kept,
        }
        out.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
