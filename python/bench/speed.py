"""Speed of tavoliere's Python loop side by side with OpenSpiel's pyspiel,
on every game both have: random games played from Python, one call of
``is_terminal``, ``legal_actions`` and ``apply_action`` per action (at a
chance node, the same calls: a uniform outcome), timed in CPU seconds of
the process (``time.process_time``); then, with ``--batch``, tavoliere's
batch calls on Quoridor (random_playouts, perft, mcts_move).

    python python/bench/speed.py [--seconds 2] [--rounds 2] [--games tic_tac_toe,chess] [--batch]

Run it with the Python that has tavoliere installed. The pyspiel loop runs
in this process when pyspiel imports here (the test pins install it) and
its version plays the game by the rules (`RULES_SINCE`), else in a scratch
virtualenv (target/spiel-venv, the newer OPEN_SPIEL) made for it, in a
subprocess.
Both run the same loop; per game they take turns, `--rounds` times each
(tavoliere, pyspiel, tavoliere, ...), and the best round of each is kept,
as the machine's load varies. The rate is actions per CPU second; the
mean actions per game are printed beside it (where they differ, so do the
rules or the draw cuts, and a game's mix of positions).
"""

import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPIEL_VENV = ROOT / "target" / "spiel-venv"
OPEN_SPIEL = "open_spiel==2.0.2"

# The first OpenSpiel release that plays the game by its rules, for the
# games older ones get wrong. Ultimate tic-tac-toe: up to 1.6.0 (the test
# pins' 1.5 among them) the game ends, drawn, as soon as any one small board
# is won or full (about 30 actions a game instead of 67); before 2.0.1 a
# board chosen freely can take the wrong player's mark
# (tests/perft/uttt_compare.py).
RULES_SINCE = {"ultimate_tic_tac_toe": (2, 0, 1)}

# OpenSpiel's name (with parameters) and tavoliere's shipped game, for the
# same game. OpenSpiel 1.5 has no Gomoku.
PAIRS = {
    "tic_tac_toe": "tic-tac-toe",
    "connect_four": "connect-four",
    "breakthrough": "breakthrough",
    "nine_mens_morris": "nine-mens-morris",
    "chess": "chess",
    "othello": "othello",
    "checkers": "draughts",
    "quoridor": "quoridor",
    "backgammon": "backgammon",
    "oware": "oware",
    "mancala": "kalah",
    "hex": "hex",
    "hex(board_size=7)": "hex-7",
    "havannah": "havannah",
    "havannah(board_size=4)": "havannah-4",
    "y": "y",
    "go(board_size=9)": "go-9",
    "go": "go",
    "dots_and_boxes": "dots-and-boxes",
    "ultimate_tic_tac_toe": "ultimate-tic-tac-toe",
}

LOOP = r'''
import random, time
def loop(new_state, seconds):
    """(actions per CPU second, games, mean actions per game)."""
    rng = random.Random(1)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        st = new_state()
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return actions / (time.process_time() - start), games, actions / games
'''

SPIEL_MAIN = r'''
import json, sys
import pyspiel
names, seconds = json.loads(sys.argv[1])
out = {}
for name in names:
    game = pyspiel.load_game(name)
    out[name] = loop(game.new_initial_state, seconds)
print(json.dumps(out))
'''


def spiel_python():
    py = SPIEL_VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(SPIEL_VENV)], check=True)
    if subprocess.run([str(py), "-c", "import pyspiel"], capture_output=True).returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", OPEN_SPIEL], check=True)
    return str(py)


def version(text):
    return tuple(int(p) for p in text.split(".")[:3] if p.isdigit())


def pyspiel_loop(name, seconds):
    """The loop's result on OpenSpiel's game `name`: in this process when
    pyspiel imports and is recent enough for the game, else in the scratch
    virtualenv."""
    try:
        import importlib.metadata

        import pyspiel

        if version(importlib.metadata.version("open_spiel")) < RULES_SINCE.get(name, ()):
            raise ImportError
    except ImportError:
        code = LOOP + SPIEL_MAIN
        arg = json.dumps([[name], seconds])
        out = subprocess.run(
            [spiel_python(), "-c", code, arg], capture_output=True, text=True, check=True
        )
        return json.loads(out.stdout.strip().splitlines()[-1])[name]
    namespace = {}
    exec(LOOP, namespace)
    return namespace["loop"](pyspiel.load_game(name).new_initial_state, seconds)


def batch_calls(tavoliere):
    game = tavoliere.load_game(str(ROOT / "games" / "quoridor.toml"))
    st = game.new_initial_state()
    print("\ntavoliere batch calls on Quoridor (Rust, GIL released, one thread):")
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of a round")
    ap.add_argument("--rounds", type=int, default=2, help="rounds per game and side")
    ap.add_argument("--games", default=",".join(PAIRS), help="OpenSpiel names, comma-separated")
    ap.add_argument("--batch", action="store_true", help="also time the batch calls")
    args = ap.parse_args()
    import tavoliere

    names = args.games.split(",")
    unknown = [n for n in names if n not in PAIRS]
    if unknown:
        sys.exit(f"no pair for {', '.join(unknown)}: one of {', '.join(PAIRS)}")
    namespace = {}
    exec(LOOP, namespace)
    print(
        f"Python loop (is_terminal, legal_actions, apply_action), random games, "
        f"best of {args.rounds} rounds of {args.seconds:g} CPU s per game and side:"
    )
    print(f"{'OpenSpiel game':24} {'tavoliere/s':>12} {'pyspiel/s':>12} {'ratio':>6}  mean actions")
    for name in names:
        game = tavoliere.load_game(PAIRS[name])
        mine, theirs = [], []
        for _ in range(args.rounds):
            mine.append(namespace["loop"](game.new_initial_state, args.seconds))
            theirs.append(pyspiel_loop(name, args.seconds))
        (rate, _, length), (srate, _, slength) = max(mine), max(theirs)
        print(
            f"{name:24} {rate:>12,.0f} {srate:>12,.0f} {rate / srate:>6.2f}"
            f"  {length:.1f} / {slength:.1f}",
            flush=True,
        )
    if args.batch:
        batch_calls(tavoliere)


if __name__ == "__main__":
    main()
