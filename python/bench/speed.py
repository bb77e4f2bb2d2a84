"""Speed of tavoliere from Python, side by side with OpenSpiel's pyspiel
on Quoridor: a Python loop of legal_actions + apply_action (random moves),
then tavoliere's batch calls (random_playouts, perft, mcts_move).

    python python/bench/speed.py [--seconds 5]

Run it with the Python that has tavoliere installed. pyspiel is installed
by this script into its own scratch virtualenv (target/spiel-venv), never
into tavoliere's, and its loop runs there, in a subprocess.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPIEL_VENV = ROOT / "target" / "spiel-venv"
OPEN_SPIEL = "open_spiel==1.5"

LOOP = r'''
import random, sys, time
def loop(new_state, seconds):
    rng = random.Random(1)
    plies = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = new_state()
        while not st.is_terminal():
            actions = st.legal_actions()
            st.apply_action(actions[rng.randrange(len(actions))])
            plies += 1
        games += 1
    return plies / (time.perf_counter() - start), games
'''


def spiel_python():
    py = SPIEL_VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(SPIEL_VENV)], check=True)
    if subprocess.run([str(py), "-c", "import pyspiel"], capture_output=True).returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", OPEN_SPIEL], check=True)
    return str(py)


def pyspiel_loop(seconds):
    code = LOOP + (
        "import pyspiel, json\n"
        "g = pyspiel.load_game('quoridor')\n"
        f"r, n = loop(g.new_initial_state, {seconds})\n"
        "print(json.dumps([r, n]))\n"
    )
    out = subprocess.run([spiel_python(), "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    import tavoliere

    namespace = {}
    exec(LOOP, namespace)
    game = tavoliere.load_game(str(ROOT / "games" / "quoridor.toml"))
    rate, games = namespace["loop"](game.new_initial_state, args.seconds)
    print(f"Python loop, legal_actions + apply_action, Quoridor (random moves, {args.seconds:g} s each):")
    print(f"  tavoliere  {rate:>12,.0f} plies/s  ({games} games)")
    spiel_rate, spiel_games = pyspiel_loop(args.seconds)
    print(f"  pyspiel    {spiel_rate:>12,.0f} plies/s  ({spiel_games} games, {OPEN_SPIEL})")
    print(f"  ratio      {rate / spiel_rate:>12.2f}x")

    st = game.new_initial_state()
    print("\ntavoliere batch calls (Rust, GIL released, one thread):")
    t = time.perf_counter()
    r = st.random_playouts(2000, 1)
    dt = time.perf_counter() - t
    print(f"  random_playouts(2000, 1)  {r['plies'] / dt:>14,.0f} plies/s")
    t = time.perf_counter()
    nodes = st.perft(3)
    dt = time.perf_counter() - t
    print(f"  perft(3) = {nodes}    {nodes / dt:>14,.0f} nodes/s")
    t = time.perf_counter()
    st.mcts_move(2000, seed=1)
    dt = time.perf_counter() - t
    print(f"  mcts_move(2000)           {2000 / dt:>14,.0f} iterations/s")


if __name__ == "__main__":
    main()
