#!/usr/bin/env python3
"""Random playouts: tavoliere against OpenSpiel's C++, in one run.

OpenSpiel's games are hand-written C++; `pyspiel.evaluate_bots` with two
uniform random bots plays whole games in C++, so Python costs little. Each
pair below plays the same game; tavoliere's games are capped at OpenSpiel's
`max_game_length` (counted as a draw, as OpenSpiel ends them). Both run on
one thread, one game after another; the rate is games per CPU second of
this process (OpenSpiel) and of tavoliere's one-thread `bench` process.
The mean game lengths are printed beside the rates: where they differ, so
do the rules (OpenSpiel's draw rules, say), and the ratio means less.

    python3 benches/openspiel_playouts.py [--seconds 3] [--games quoridor,nine_mens_morris]

OpenSpiel is installed into the scratch virtualenv `.venv` of the
comparison scripts (tests/perft/reference_venv.py) when missing.
"""

import argparse
import json
import pathlib
import resource
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "perft"))

# OpenSpiel's name (with parameters) and tavoliere's file, for the same game.
PAIRS = {
    "quoridor": "games/quoridor.toml",
    "nine_mens_morris": "games/nine-mens-morris.toml",
    "tic_tac_toe": "games/tic-tac-toe.toml",
    "connect_four": "games/connect-four.toml",
    "breakthrough": "games/breakthrough.toml",
    "othello": "games/othello.toml",
    "checkers": "games/draughts.toml",
    "chess": "games/chess.toml",
}


def openspiel_rate(name, seconds):
    """Games per CPU second (whole games in C++), the game's cap, and the
    mean length in plies of 200 more games played apart, untimed."""
    import random

    import pyspiel

    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    rate = games / (time.process_time() - start)
    rng, plies = random.Random(1), 0
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                plies += 1
    return rate, game.max_game_length(), plies / 200


def tavoliere_rate(path, seconds, cap):
    """Games per CPU second of tavoliere's one-thread bench (the child's
    user and system time, its start and the game's compiling included),
    and its mean length in plies."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [
            str(ROOT / "target/release/tavoliere"),
            "bench",
            path,
            "--max-plies",
            str(cap),
            "--seconds",
            str(seconds),
            "--threads",
            "1",
            "--json",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    report = json.loads(out)
    return report["playouts"] / cpu, report["mean_length"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(PAIRS))
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        from reference_venv import run_inside

        run_inside(__file__, "open_spiel")
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    print(f"{'game':18} {'OpenSpiel g/CPU-s':>18} {'plies':>7} {'tavoliere g/CPU-s':>18} {'plies':>7} {'ratio':>7}")
    for name in args.games.split(","):
        theirs, cap, their_length = openspiel_rate(name, args.seconds)
        ours, length = tavoliere_rate(PAIRS[name], args.seconds, cap)
        print(f"{name:18} {theirs:18.0f} {their_length:7.1f} {ours:18.0f} {length:7.1f} {ours / theirs:6.2f}x")


if __name__ == "__main__":
    main()
