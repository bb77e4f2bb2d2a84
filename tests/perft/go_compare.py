#!/usr/bin/env python3
"""Go against OpenSpiel's `go`: perft and the outcomes of random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how games/go-9.toml and games/go.toml follow
them: point action `a` is row `a // n`, column `a % n`; OpenSpiel writes
it with the column's letter skipping `i` (`j` is the ninth column) and the
row from 1. tavoliere names the same point by the column's letter without
the skip and the row as rank: action 9 on 9x9 is OpenSpiel's `a2` and
tavoliere's drop `S@a2`; action 8 is OpenSpiel's `j1` and tavoliere's
`S@i1`. Action n*n is the pass, `pass` in both. Player 0 is Black and moves
first. Komi 7.5, Tromp-Taylor area scoring, no suicide, the ko point (a
move may not recreate the position before the opponent's move), a non-pass
move that brings back any earlier board ends the game drawn (OpenSpiel's
superko), and the game ends after two passes in a row or after n*n*2
plies.

    python3 tests/perft/go_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/go_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/go_compare.py --speed         # random games per second

Compare (the default): perft 1-2 (3 where OpenSpiel's tree stays small)
from the start of 9x9 and 19x19 and from random positions of OpenSpiel's
own random games (every other one right after a move that took a single
stone, where a ko may stand), and random games (120 of 9x9, 10 of 19x19):
OpenSpiel's uniform random moves replayed in tavoliere, whose game must
end on the same move with the same result. Exit status 1 on the first
difference. `--write` writes the 9x9 data to `tests/perft/go.toml` (perft
cases, read by tests/perft.rs) and `tests/cases/go-openspiel.toml` (the
games, read by tests/cases.rs), a part small enough for debug-build tests.
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
    # (size, game file, random positions, random games, how many are written)
    (9, "games/go-9.toml", 30, 120, (20, 40)),
    (19, "games/go.toml", 6, 10, (0, 0)),
]
SIDES = ["black", "white"]
MAX_NODES = 3000


def move(size, action):
    """OpenSpiel's action as tavoliere's move."""
    if action == size * size:
        return "pass"
    return f"S@{chr(ord('a') + action % size)}{action // size + 1}"


def perft(state, depth):
    return spiel_perft(state, depth)


def counts(state, most):
    """perft 1, 2, ... up to `most`, stopping when the tree grows large."""
    return spiel_counts(state, most, MAX_NODES)


def stones(state):
    board = str(state)
    return board.count("X"), board.count("O")


def random_game(game, rng, size):
    """A uniform random game: its actions, the plies right after a single
    stone was taken, and its result (the winner's name, or "draw")."""
    state = game.new_initial_state()
    actions, single = [], []
    while not state.is_terminal():
        before = stones(state)
        a = rng.choice(state.legal_actions())
        actions.append(a)
        state.apply_action(a)
        after = stones(state)
        if sum(before) - sum(after) == 0 and a != size * size:
            single.append(len(actions))
    r = state.returns()
    result = "draw" if r[0] == 0 else SIDES[0 if r[0] > 0 else 1]
    return actions, single, result


def reference(seed):
    rng = random.Random(seed)
    data = []
    for size, path, n_positions, n_games, kept in GAMES:
        game = pyspiel.load_game("go", {"board_size": size})
        start = counts(game.new_initial_state(), 3)
        positions = []
        while len(positions) < n_positions:
            actions, single, _ = random_game(game, rng, size)
            if len(positions) % 2 == 1 and single:
                ply = rng.choice(single)
            else:
                ply = rng.randrange(1, len(actions))
            state = game.new_initial_state()
            for a in actions[:ply]:
                state.apply_action(a)
            if state.is_terminal():
                continue
            positions.append(([move(size, a) for a in actions[:ply]], counts(state, 3)))
        games = []
        for _ in range(n_games):
            actions, _, result = random_game(game, rng, size)
            games.append(([move(size, a) for a in actions], result))
        data.append(((size, path, kept), start, positions, games))
    return data


def tav_perft(path, moves, depth):
    out = subprocess.run(
        [BIN, "perft", path, "--depth", str(depth), "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True,
    ).stdout
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


def expected(result):
    return "draw" if result == "draw" else f"{result} won"


def compare(data, seed=None):
    bad = 0
    for (size, path, _), start, positions, games in data:
        ours = tav_perft(path, [], len(start))
        if ours != start:
            sys.exit(f"{path}: perft from the start {ours}, OpenSpiel {start}")
        for moves, theirs in positions:
            ours = tav_perft(path, moves, len(theirs))
            if ours != theirs:
                sys.exit(f"{path} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
        for moves, result in games:
            line = tav_outcome(path, moves)
            if not line.endswith(expected(result)):
                print(f"{path} after {len(moves)} plies {' '.join(moves)}: tavoliere says "
                      f"{line!r}, OpenSpiel: {expected(result)}")
                bad += 1
                continue
            if tav_outcome(path, moves[:-1]).find(" to move") < 0:
                sys.exit(f"{path}: the game ends before {' '.join(moves)}")
        print(f"{path}: perft from the start {start}, {len(positions)} positions "
              f"and {len(games)} random games compared with OpenSpiel, {bad} differ")
    if bad:
        sys.exit(1)


def write(data, seed):
    perft_lines = [
        "# Go 9x9 perft against OpenSpiel's `go` (pip `open_spiel`), from the start",
        "# and from random positions of OpenSpiel's own random games (every other",
        "# one right after a move that took a single stone), given by the moves",
        f"# that reach them. Written by tests/perft/go_compare.py --write {seed},",
        "# which reads every count from OpenSpiel (its conventions: see the script).",
    ]
    case_lines = [
        "# Random games of OpenSpiel's `go` on 9x9 (pip `open_spiel`, uniform random",
        "# moves), replayed: the last move ends the game with OpenSpiel's result.",
        f"# Written by tests/perft/go_compare.py --write {seed} (its conventions: see",
        "# the script). Fields: tests/cases.rs.",
    ]
    for (size, path, (n_pos, n_games)), start, positions, games in data:
        if not n_pos:
            continue
        source = f"OpenSpiel go(board_size={size}), tests/perft/go_compare.py"
        perft_lines += ["", "[[case]]", f'game = "{path}"', f"counts = {start}",
                        f'source = "{source}, from the start"']
        for moves, theirs in positions[:n_pos]:
            perft_lines += ["", "[[case]]", f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                            f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
        for i, (moves, result) in enumerate(games[:n_games]):
            case_lines += ["", "[[case]]",
                           f'text = "Go {size}, random game {i + 1}: {expected(result)} after '
                           f'{len(moves)} plies"',
                           f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                           f'outcome = "{expected(result)}"']
    with open(os.path.join(ROOT, "tests/perft/go.toml"), "w") as f:
        f.write("\n".join(perft_lines) + "\n")
    with open(os.path.join(ROOT, "tests/cases/go-openspiel.toml"), "w") as f:
        f.write("\n".join(case_lines) + "\n")
    print("wrote tests/perft/go.toml and tests/cases/go-openspiel.toml")


def speed(n=2000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    spiel_speed(pyspiel, BIN, "go 9x9", lambda: pyspiel.load_game("go", {"board_size": 9}).new_initial_state(), "games/go-9.toml", n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
