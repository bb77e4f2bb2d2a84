#!/usr/bin/env python3
"""Dots and boxes against OpenSpiel's `dots_and_boxes`: perft and the
outcomes of random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how games/dots-and-boxes.toml follows them.
Its defaults: num_rows = 2, num_cols = 2 (boxes), utility_margin = false
(a win is +1, a loss -1, equal boxes 0). Row 0 is the top. Action a <
(rows + 1) * cols is the horizontal line of row a // cols and column a %
cols; tavoliere names it by the square below it and `h` (`a2h` lies along
the top of a2), or, on the bottom rim, by the square above it and `s`
(`a1s`). The others, a - (rows + 1) * cols = row * (cols + 1) + column,
are the vertical lines: the square left of it and `v` (`a1v` lies along
the right side of a1), or, on the left rim, the square right of it and
`w` (`a1w`). Player 0 (red here) moves first; a line that closes a box
gives its player the box and the next move; the game ends when every line
is drawn, the player with more boxes winning, equal counts drawing.

    python3 tests/perft/dots_and_boxes_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/dots_and_boxes_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/dots_and_boxes_compare.py --speed         # random games per second

Compare (the default): perft 1-5 from the start, perft from 30 random
positions (taken from OpenSpiel's own random games at a random ply, every
other one in the last 6 plies, where boxes close and turns repeat; depths up
to 4 while OpenSpiel's tree stays small), and 100 random games:
OpenSpiel's uniform random moves replayed in tavoliere, whose game must
end on the same move with the same result. Exit status 1 on the first
difference.

`--write` writes the same data, taken from OpenSpiel alone, to
`tests/perft/dots-and-boxes.toml` (perft cases, read by tests/perft.rs)
and `tests/cases/dots-and-boxes-openspiel.toml` (the games' moves and
results, read by tests/cases.rs).

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
from reference_venv import ROOT, compare_main, run_inside, spiel_counts, spiel_perft, spiel_speed  # noqa: E402

try:
    import pyspiel
except ImportError:
    run_inside(__file__, "open_spiel")

BIN = os.path.join(ROOT, "target", "release", "tavoliere")
PATH = "games/dots-and-boxes.toml"
ROWS, COLS = 2, 2
SIDES = ["red", "blue"]
N_POSITIONS, N_GAMES = 30, 100
# OpenSpiel's perft is walked in Python: a depth is counted only while the
# previous one stays below this many nodes.
MAX_NODES = 20000


def line(action):
    """OpenSpiel's action as tavoliere's slot name."""
    horizontal = (ROWS + 1) * COLS
    if action < horizontal:
        row, col = divmod(action, COLS)
        file, above = chr(ord("a") + col), ROWS - row
        return f"{file}{above}h" if above >= 1 else f"{file}1s"
    row, col = divmod(action - horizontal, COLS + 1)
    rank = ROWS - row
    return f"{chr(ord('a') + col - 1)}{rank}v" if col >= 1 else f"a{rank}w"


def result(state):
    """`red won`, `blue won` or `draw`, as tavoliere words a finished game."""
    r = state.returns()
    if r[0] > 0:
        return "red won"
    if r[1] > 0:
        return "blue won"
    return "draw"


def random_game(game, rng):
    """A uniform random game: its actions and its result."""
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        actions.append(a)
        state.apply_action(a)
    return actions, result(state)


def reference(seed):
    """Start counts, positions (moves, counts), games (moves, result), all
    from OpenSpiel."""
    rng = random.Random(seed)
    game = pyspiel.load_game("dots_and_boxes")
    start = [spiel_perft(game.new_initial_state(), d) for d in range(1, 6)]
    positions = []
    while len(positions) < N_POSITIONS:
        actions, _ = random_game(game, rng)
        late = len(positions) % 2 == 1
        ply = rng.randrange(len(actions) - 6 if late else 1, len(actions))
        state = game.new_initial_state()
        for a in actions[:ply]:
            state.apply_action(a)
        positions.append(([line(a) for a in actions[:ply]], spiel_counts(state, 4, MAX_NODES)))
    games = []
    for _ in range(N_GAMES):
        actions, outcome = random_game(game, rng)
        games.append(([line(a) for a in actions], outcome))
    return start, positions, games


def tav_perft(moves, depth):
    out = subprocess.run(
        [BIN, "perft", PATH, "--depth", str(depth), "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_outcome(moves):
    """The outcome line of `show` after the moves, or the error."""
    run = subprocess.run(
        [BIN, "show", PATH, "--moves", " ".join(moves)], capture_output=True, text=True,
    )
    if run.returncode != 0:
        return run.stderr.strip()
    for text in run.stdout.splitlines():
        if " won" in text or "draw" in text or " to move" in text:
            return text.strip()
    return run.stdout


def compare(data, seed=None):
    start, positions, games = data
    ours = tav_perft([], len(start))
    if ours != start:
        sys.exit(f"{PATH}: perft from the start {ours}, OpenSpiel {start}")
    for moves, theirs in positions:
        ours = tav_perft(moves, len(theirs))
        if ours != theirs:
            sys.exit(f"{PATH} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
    for moves, outcome in games:
        text = tav_outcome(moves)
        if not text.endswith(outcome):
            sys.exit(f"{PATH} after {' '.join(moves)}: tavoliere says {text!r}, "
                     f"OpenSpiel: {outcome}")
        if tav_outcome(moves[:-1]).find(" to move") < 0:
            sys.exit(f"{PATH}: the game ends before {' '.join(moves)}")
    print(f"{PATH}: perft from the start {start}, {len(positions)} positions "
          f"and {len(games)} random games agree with OpenSpiel")


def write(data, seed):
    start, positions, games = data
    source = "OpenSpiel dots_and_boxes (defaults), tests/perft/dots_and_boxes_compare.py"
    perft_lines = [
        "# Dots and boxes perft against OpenSpiel's `dots_and_boxes` (pip `open_spiel`,",
        "# its defaults: 2x2 boxes), from the start and from random positions of",
        "# OpenSpiel's own random games (every other one in its last 6 plies, where",
        "# boxes close and a side draws again), given by the moves that reach them;",
        "# depths up to 4 while OpenSpiel's tree is small. Written by",
        f"# tests/perft/dots_and_boxes_compare.py --write {seed}, which reads every",
        "# count from OpenSpiel (its conventions: see the script).",
        "", "[[case]]", f'game = "{PATH}"', f"counts = {start}",
        f'source = "{source}, from the start"',
    ]
    for moves, theirs in positions:
        perft_lines += ["", "[[case]]", f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                        f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
    case_lines = [
        "# Random games of OpenSpiel's `dots_and_boxes` (pip `open_spiel`, its",
        "# defaults, uniform random moves), replayed: the last line ends the game,",
        "# with the result OpenSpiel gives. Written by",
        f"# tests/perft/dots_and_boxes_compare.py --write {seed} (its conventions:",
        "# see the script). Fields: tests/cases.rs.",
    ]
    for i, (moves, outcome) in enumerate(games):
        case_lines += ["", "[[case]]", f'text = "Dots and boxes, random game {i + 1}: {outcome}"',
                       f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                       f'outcome = "{outcome}"']
    for path, lines in [("tests/perft/dots-and-boxes.toml", perft_lines),
                        ("tests/cases/dots-and-boxes-openspiel.toml", case_lines)]:
        with open(os.path.join(ROOT, path), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"wrote {path}")


def speed(n=20000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    spiel_speed(pyspiel, BIN, "dots_and_boxes (2x2)",
                lambda: pyspiel.load_game("dots_and_boxes").new_initial_state(), PATH, n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
