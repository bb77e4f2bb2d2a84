#!/usr/bin/env python3
"""Quoridor random playouts: tavoliere against OpenSpiel, in one run.

OpenSpiel's Quoridor is hand-written C++; `pyspiel.evaluate_bots` with two
uniform random bots plays whole games in C++, so Python costs little. Both
play the standard game (9x9, 10 walls each, 2 players) with a 324-ply cap
(OpenSpiel's max_game_length), on one thread; the rate is games per CPU
second of this process (OpenSpiel) and per second of tavoliere's
single-threaded `bench`.

    pip install open-spiel
    python3 benches/openspiel_quoridor.py [--seconds 5]
"""

import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def openspiel_rate(seconds):
    import pyspiel

    game = pyspiel.load_game("quoridor")
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(2)]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    return games / (time.process_time() - start), game.max_game_length()


def tavoliere_rate(seconds, cap):
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    out = subprocess.run(
        [
            str(ROOT / "target/release/tavoliere"),
            "bench",
            "games/quoridor.toml",
            "--max-plies",
            str(cap),
            "--seconds",
            str(seconds),
            "--json",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    report = json.loads(out)
    return report["playouts_per_s"], report["mean_length"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    try:
        theirs, cap = openspiel_rate(args.seconds)
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install open-spiel")
    ours, length = tavoliere_rate(args.seconds, cap)
    print(f"OpenSpiel quoridor:  {theirs:9.0f} playouts per CPU second ({cap}-ply cap)")
    print(f"tavoliere quoridor:  {ours:9.0f} playouts per second (mean length {length:.1f} plies)")
    print(f"ratio:               {ours / theirs:9.2f}x")


if __name__ == "__main__":
    main()
