#!/usr/bin/env python3
"""Hex and Y against OpenSpiel's `hex` and `y`: perft and the outcomes of
random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how tavoliere's files follow them. Hex: cell
action `a` is column `a % n` and row `a // n`, written `c5` for column c,
row 5, rows counted from 1 on OpenSpiel's top edge; tavoliere names the
same cell `c5` (rank 5), so a move is the same text: action 46 on 11x11 is
`c5`, the drop `S@c5`. Player 0 (`x`, Black) moves first and joins row 1
to row n (ranks 1 and n); player 1 (`o`, White) joins column a to the last
column (files a and k). A cell touches (col +-1, same row), (same col,
row +-1), (col + 1, row - 1) and (col - 1, row + 1): in tavoliere's
compass, `orth | nw | se`. OpenSpiel's `hex` has no swap rule by default
(its parameter `swap` is false), and neither have these files. Y: cell
(x, y), x + y < n, is action `x + y * n`, written `c5` for x = 2, y = 4,
as tavoliere names the square of file x and rank y + 1 (the squares
beyond the triangle's slope are holes); the same six neighbours; player 0
(drawn `O`, White here) moves first; the sides are x = 0 (file a), y = 0
(rank 1) and x + y = n - 1; no pie rule.

    python3 tests/perft/hex_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/hex_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/hex_compare.py --speed         # random games per second

Compare (the default): perft 1-3 from the start of Hex 11x11 and 7x7 and Y
19, perft from random positions (30 of 11x11, 10 of 7x7, 20 of Y; taken
from OpenSpiel's own random games, at a random ply, every other one in the
last 12 plies so that wins are in reach; depths up to 3 while OpenSpiel's
tree stays small), and random games (100 of 11x11, 50 of 7x7, 50 of Y):
OpenSpiel's uniform random moves replayed in tavoliere, whose game must
end on the same move with the same winner. Exit status 1 on the first
difference.

`--write` writes the same data, taken from OpenSpiel alone, to
`tests/perft/hex.toml` and `tests/perft/y.toml` (perft cases, read by
tests/perft.rs) and `tests/cases/hex-openspiel.toml` and
`tests/cases/y-openspiel.toml` (the games' moves and winners, read by
tests/cases.rs).

`--speed` times, in one run and in CPU time, uniform random games of 11x11
Hex in OpenSpiel's C++ (`pyspiel.evaluate_bots` with two
`make_uniform_random_bot`s) and tavoliere's `bench --threads 1`.
"""

import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_venv import ROOT, compare_main, run_inside, spiel_counts, spiel_perft, spiel_speed  # noqa: E402

try:
    import pyspiel
except ImportError:
    run_inside(__file__, "open_spiel")

BIN = os.path.join(ROOT, "target", "release", "tavoliere")
GAMES = [
    # (OpenSpiel game, size, game file, random positions, random games, data files)
    ("hex", 11, "games/hex.toml", 30, 100, ("hex", "hex-openspiel")),
    ("hex", 7, "games/hex-7.toml", 10, 50, ("hex", "hex-openspiel")),
    ("y", 19, "games/y.toml", 20, 50, ("y", "y-openspiel")),
]
# Player 0 and 1 of each game, as the files name the sides.
SIDES = {"hex": ["black", "white"], "y": ["white", "black"]}
TITLE = {"hex": "Hex", "y": "Y"}
EDGES = {"hex": "edges", "y": "three sides"}
# OpenSpiel's perft is walked in Python: a depth is counted only while the
# previous one stays below this many nodes.
MAX_NODES = 20000


def cell(size, action):
    """OpenSpiel's action as tavoliere's drop: column letter, row number."""
    return f"S@{chr(ord('a') + action % size)}{action // size + 1}"


def perft(state, depth):
    return spiel_perft(state, depth)


def counts(state, most):
    """perft 1, 2, ... up to `most`, stopping when the tree grows large."""
    return spiel_counts(state, most, MAX_NODES)


def random_game(game, rng):
    """A uniform random game: its actions and its winner (0 or 1)."""
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        actions.append(a)
        state.apply_action(a)
    returns = state.returns()
    return actions, (0 if returns[0] > 0 else 1)


def reference(seed):
    """Per game: start counts, positions (moves, counts), games (moves,
    winner), all from OpenSpiel."""
    rng = random.Random(seed)
    data = []
    for name, size, path, n_positions, n_games, files in GAMES:
        game = pyspiel.load_game(name, {"board_size": size})
        start = [perft(game.new_initial_state(), d) for d in (1, 2, 3)]
        positions = []
        while len(positions) < n_positions:
            actions, _ = random_game(game, rng)
            late = len(positions) % 2 == 1
            ply = rng.randrange(max(1, len(actions) - 12) if late else 1, len(actions))
            state = game.new_initial_state()
            for a in actions[:ply]:
                state.apply_action(a)
            positions.append(([cell(size, a) for a in actions[:ply]], counts(state, 3)))
        games = []
        for _ in range(n_games):
            actions, winner = random_game(game, rng)
            games.append(([cell(size, a) for a in actions], SIDES[name][winner]))
        data.append(((name, size, path, files), start, positions, games))
    return data


def tav_perft(path, moves, depth):
    out = subprocess.run(
        [BIN, "perft", path, "--depth", str(depth), "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_outcome(path, moves):
    """The outcome line of `show` after the moves, or the error."""
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
    for (_, _, path, _), start, positions, games in data:
        ours = tav_perft(path, [], len(start))
        if ours != start:
            sys.exit(f"{path}: perft from the start {ours}, OpenSpiel {start}")
        for moves, theirs in positions:
            ours = tav_perft(path, moves, len(theirs))
            if ours != theirs:
                sys.exit(f"{path} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
        for moves, winner in games:
            line = tav_outcome(path, moves)
            if not line.endswith(f"{winner} won"):
                sys.exit(f"{path} after {' '.join(moves)}: tavoliere says {line!r}, "
                         f"OpenSpiel: {winner} won")
            if tav_outcome(path, moves[:-1]).find(" to move") < 0:
                sys.exit(f"{path}: the game ends before {' '.join(moves)}")
        print(f"{path}: perft from the start {start}, {len(positions)} positions "
              f"and {len(games)} random games agree with OpenSpiel")


def write(data, seed):
    perft_files, case_files = {}, {}
    for (name, size, path, (perft_file, case_file)), start, positions, games in data:
        perft_lines = perft_files.setdefault(perft_file, [
            f"# {TITLE[name]} perft against OpenSpiel's `{name}` (pip `open_spiel`), from",
            "# the start and from random positions of OpenSpiel's own random games",
            "# (every other one in its last 12 plies, so that wins are in reach), given",
            "# by the moves that reach them; depths up to 3 while OpenSpiel's tree is",
            f"# small. Written by tests/perft/hex_compare.py --write {seed}, which reads",
            "# every count from OpenSpiel (its conventions: see the script).",
        ])
        case_lines = case_files.setdefault(case_file, [
            f"# Random games of OpenSpiel's `{name}` (pip `open_spiel`, uniform random",
            "# moves), replayed: the last move ends the game, won by the side OpenSpiel",
            f"# says. Written by tests/perft/hex_compare.py --write {seed} (its",
            "# conventions: see the script). Fields: tests/cases.rs.",
        ])
        source = f"OpenSpiel {name}(board_size={size}), tests/perft/hex_compare.py"
        perft_lines += ["", "[[case]]", f'game = "{path}"', f"counts = {start}",
                        f'source = "{source}, from the start"']
        for moves, theirs in positions:
            perft_lines += ["", "[[case]]", f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                            f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
        for i, (moves, winner) in enumerate(games):
            case_lines += ["", "[[case]]",
                           f'text = "{TITLE[name]} {size}, random game {i + 1}: {winner} joins its '
                           f'{EDGES[name]} on ply {len(moves)}"',
                           f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                           f'outcome = "{winner} won"']
    for stem, lines in perft_files.items():
        with open(os.path.join(ROOT, f"tests/perft/{stem}.toml"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"wrote tests/perft/{stem}.toml")
    for stem, lines in case_files.items():
        with open(os.path.join(ROOT, f"tests/cases/{stem}.toml"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"wrote tests/cases/{stem}.toml")


def speed(n=5000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    spiel_speed(pyspiel, BIN, "11x11 Hex", lambda: pyspiel.load_game("hex").new_initial_state(), "games/hex.toml", n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
