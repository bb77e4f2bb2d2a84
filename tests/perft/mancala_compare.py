#!/usr/bin/env python3
"""Oware (abapa) and Kalah against OpenSpiel's `oware` and `mancala`: perft
and the outcomes of random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how tavoliere's files follow them. Oware:
house h of 0..11, player 0's houses 0..5 left to right, player 1's 6..11
right to left on the far row, sown in increasing order; player 0's action
a is house a, player 1's is house 6 + a. games/oware.toml names the near
row a1..f1 (South, player 0, moves first) and the far row f2..a2 for
houses 6..11, so house 0 is `a1`, house 6 `f2`, house 11 `a2`; a move is
written as the site it sows from. Kalah: OpenSpiel's `mancala` board is
14 sites, 0 player 1's store, 1..6 player 0's pits, 7 player 0's store,
8..13 player 1's pits, sown in increasing order (past the enemy store); an
action is the pit's index. games/kalah.toml: pits 1..6 are `a1`..`f1`,
8..13 are `f2`..`a2`, store 7 is `S` (South's), store 0 is `N`.

    python3 tests/perft/mancala_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/mancala_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/mancala_compare.py --speed         # random games per second

Compare (the default): perft 1-6 from the start, perft from 30 random
positions of each game (taken from OpenSpiel's own random games at a random
ply, every other one in the last 12 plies; depths up to 4 while OpenSpiel's
tree stays small; Kalah's every other one given as a position text, not as
moves), and 100 random games of each: OpenSpiel's uniform random moves
replayed in tavoliere, whose game must end on the same move with the same
result. Exit status 1 on the first difference.

`--write` writes the same data, taken from OpenSpiel alone, to
`tests/perft/mancala.toml` (perft cases, read by tests/perft.rs) and
`tests/cases/mancala-openspiel.toml` (the games' moves and results, read by
tests/cases.rs).

`--speed` times, in one run and in CPU time, uniform random games in
OpenSpiel's C++ (`pyspiel.evaluate_bots` with two
`make_uniform_random_bot`s) and tavoliere's `bench --threads 1`.
"""

import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_venv import ROOT, compare_main, run_inside, spiel_speed  # noqa: E402

try:
    import pyspiel
except ImportError:
    run_inside(__file__, "open_spiel")

BIN = os.path.join(ROOT, "target", "release", "tavoliere")
# (OpenSpiel game, game file, title, random positions, random games)
GAMES = [
    ("oware", "games/oware.toml", "Oware", 30, 100),
    ("mancala", "games/kalah.toml", "Kalah", 30, 100),
]
SIDES = ["south", "north"]
MAX_NODES = 20000


def site(name, player, action):
    """OpenSpiel's action as the site tavoliere sows from."""
    if name == "oware":
        house = action if player == 0 else 6 + action
    else:
        house = action - 1 if action < 7 else action - 2
    return "abcdef"[house] + "1" if house < 6 else "fedcba"[house - 6] + "2"


def position_text(state):
    """An OpenSpiel `mancala` state as tavoliere's position text."""
    board = [int(v) for v in state.observation_tensor(0)]
    names = ["N"] + [f"{c}1" for c in "abcdef"] + ["S"] + [f"{c}2" for c in "fedcba"]
    seeds = ", ".join(f"{n} {v}" for n, v in zip(names, board) if v > 0)
    return f"pieces; turn {SIDES[state.current_player()]}; seeds {seeds}"


def perft(state, depth):
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def counts(state, most):
    out = []
    for depth in range(1, most + 1):
        out.append(perft(state, depth))
        if out[-1] > MAX_NODES or out[-1] == 0:
            break
    return out


def random_game(game, rng):
    """A uniform random game: (player, action) pairs and the result."""
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        moves.append((state.current_player(), a))
        state.apply_action(a)
    r = state.returns()
    return moves, ("draw" if r[0] == r[1] else f"{SIDES[0 if r[0] > 0 else 1]} won")


def reference(seed):
    rng = random.Random(seed)
    data = []
    for name, path, title, n_positions, n_games in GAMES:
        game = pyspiel.load_game(name)
        texts = lambda moves: [site(name, p, a) for p, a in moves]  # noqa: E731
        start = counts(game.new_initial_state(), 6)
        positions = []
        while len(positions) < n_positions:
            moves, _ = random_game(game, rng)
            late = len(positions) % 2 == 1
            ply = rng.randrange(max(1, len(moves) - 12) if late else 1, len(moves))
            state = game.new_initial_state()
            for _, a in moves[:ply]:
                state.apply_action(a)
            as_text = name == "mancala" and late
            where = position_text(state) if as_text else None
            positions.append((texts(moves[:ply]), where, counts(state, 4)))
        games = []
        for _ in range(n_games):
            moves, result = random_game(game, rng)
            games.append((texts(moves), result))
        data.append(((name, path, title), start, positions, games))
    return data


def tav_perft(path, moves, where, depth):
    args = [BIN, "perft", path, "--depth", str(depth)]
    args += ["--position", where] if where else ["--moves", " ".join(moves)]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [int(line.split()[1]) for line in out.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_outcome(path, moves):
    run = subprocess.run(
        [BIN, "show", path, "--moves", " ".join(moves)], capture_output=True, text=True,
    )
    if run.returncode != 0:
        return run.stderr.strip()
    for line in run.stdout.splitlines():
        if " won" in line or "draw" in line or " to move" in line:
            return line.strip()
    return run.stdout


def compare(data, seed=None):
    for (_, path, _), start, positions, games in data:
        ours = tav_perft(path, [], None, len(start))
        if ours != start:
            sys.exit(f"{path}: perft from the start {ours}, OpenSpiel {start}")
        for moves, where, theirs in positions:
            ours = tav_perft(path, moves, where, len(theirs))
            # tavoliere counts a finished game's moves as none, as OpenSpiel.
            if ours[: len(theirs)] != theirs and not (theirs == [0] and not ours):
                sys.exit(f"{path} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
        for moves, result in games:
            line = tav_outcome(path, moves)
            if not line.endswith(result):
                sys.exit(f"{path} after {' '.join(moves)}: tavoliere says {line!r}, "
                         f"OpenSpiel: {result}")
            if tav_outcome(path, moves[:-1]).find(" to move") < 0:
                sys.exit(f"{path}: the game ends before {' '.join(moves)}")
        print(f"{path}: perft from the start {start}, {len(positions)} positions "
              f"and {len(games)} random games agree with OpenSpiel")


def write(data, seed):
    perft_lines = [
        "# Oware (abapa) and Kalah perft against OpenSpiel's `oware` and `mancala`",
        "# (pip `open_spiel`), from the start and from random positions of",
        "# OpenSpiel's own random games (every other one in its last 12 plies),",
        "# given by the moves that reach them (half of Kalah's by a position text);",
        "# depths up to 4 while OpenSpiel's tree is small. Written by",
        f"# tests/perft/mancala_compare.py --write {seed}, which reads every count",
        "# from OpenSpiel (its conventions: see the script).",
    ]
    case_lines = [
        "# Random games of OpenSpiel's `oware` and `mancala` (pip `open_spiel`,",
        "# uniform random moves), replayed: the last move ends the game with the",
        f"# result OpenSpiel gives. Written by tests/perft/mancala_compare.py --write {seed}",
        "# (its conventions: see the script). Fields: tests/cases.rs.",
    ]
    for (name, path, title), start, positions, games in data:
        source = f"OpenSpiel {name}, tests/perft/mancala_compare.py"
        perft_lines += ["", "[[case]]", f'game = "{path}"', f"counts = {start}",
                        f'source = "{source}, from the start"']
        for moves, where, theirs in positions:
            if theirs == [0]:
                continue
            perft_lines += ["", "[[case]]", f'game = "{path}"']
            if where:
                perft_lines.append(f'position = "{where}"')
            else:
                perft_lines.append(f'moves = "{" ".join(moves)}"')
            perft_lines += [f"counts = {theirs}",
                            f'source = "{source}, {len(moves)} random plies"']
        for i, (moves, result) in enumerate(games):
            case_lines += ["", "[[case]]",
                           f'text = "{title}, random game {i + 1}: {result} on ply {len(moves)}"',
                           f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                           f'outcome = "{result}"']
    with open(os.path.join(ROOT, "tests/perft/mancala.toml"), "w") as f:
        f.write("\n".join(perft_lines) + "\n")
    print("wrote tests/perft/mancala.toml")
    with open(os.path.join(ROOT, "tests/cases/mancala-openspiel.toml"), "w") as f:
        f.write("\n".join(case_lines) + "\n")
    print("wrote tests/cases/mancala-openspiel.toml")


def speed(n=20000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    for name, path, _, _, _ in GAMES:
        spiel_speed(pyspiel, BIN, name, pyspiel.load_game(name).new_initial_state, path, n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
