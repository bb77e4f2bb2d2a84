#!/usr/bin/env python3
"""Havannah against OpenSpiel's `havannah`: perft and the outcomes of
random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how tavoliere's files follow them. A board of
base n is stored as a square of side d = 2n - 1 whose cell (x, y) is on the
board when x - y is between -(n - 1) and n - 1; action `a` is the cell
x = a % d, y = a // d, written `c5` for x = 2, y = 4. tavoliere names the
square of file x and rank y + 1 so (the rest of the square are holes), so
a move is the same text: action 62 on base 8 is `h5`, the drop `S@h5`. A
cell touches (x +- 1, y), (x, y +- 1), (x + 1, y + 1) and (x - 1, y - 1):
in tavoliere's compass, `orth | ne | sw`. Player 0 (drawn `O`, White here)
moves first. A group wins with two of the six corners (a bridge), three of
the six edges, corners not counting as edges (a fork), or a ring: OpenSpiel
looks for a loop of the group's stones without sharp turns, tavoliere for
a cell the group cuts off from the board's edge (`encloses >= 1`). A full
board without either is a draw. OpenSpiel's `swap` is false by default,
and these files have no swap rule.

    python3 tests/perft/havannah_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/havannah_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/havannah_compare.py --speed         # random games per second

Compare (the default): perft from the start of base 8 (depths 1-2) and base
4 (1-3), perft from random positions (30 of base 8, 20 of base 4; taken
from OpenSpiel's own random games, at a random ply, every other one in the
last 12 plies so that wins are in reach; depths up to 3 while OpenSpiel's
tree stays small), and random games (100 of base 8, 100 of base 4):
OpenSpiel's uniform random moves replayed in tavoliere, whose game must
end on the same move with the same winner, or the same draw. It prints
how the random games were won: a bridge or a fork when the winning group
holds two corners or three edges (counted here), a ring otherwise.
Exit status 1 on the first difference.

`--write` writes the same data, taken from OpenSpiel alone, to
`tests/perft/havannah.toml` (perft cases, read by tests/perft.rs) and
`tests/cases/havannah-openspiel.toml` (the games' moves and outcomes, read
by tests/cases.rs).

`--speed` times, in one run and in CPU time, uniform random games of base 8
in OpenSpiel's C++ (`pyspiel.evaluate_bots` with two
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
    # (base, game file, start depth, random positions, random games)
    (8, "games/havannah.toml", 2, 30, 100),
    (4, "games/havannah-4.toml", 3, 20, 100),
]
SIDES = ["white", "black"]
# OpenSpiel's perft is walked in Python: a depth is counted only while the
# previous one stays below this many nodes.
MAX_NODES = 20000


def cell(base, action):
    """OpenSpiel's action as tavoliere's drop: column letter, row number."""
    d = 2 * base - 1
    return f"S@{chr(ord('a') + action % d)}{action // d + 1}"


def perft(state, depth):
    return spiel_perft(state, depth)


def counts(state, most):
    """perft 1, 2, ... up to `most`, stopping when the tree grows large."""
    return spiel_counts(state, most, MAX_NODES)


def random_game(game, rng):
    """A uniform random game: its actions and its outcome (0, 1 or None
    for a draw)."""
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        actions.append(a)
        state.apply_action(a)
    r = state.returns()
    return actions, (0 if r[0] > 0 else 1 if r[1] > 0 else None)


def how_won(base, actions):
    """What the winning group (of the last stone) holds, counted here from
    OpenSpiel's definitions of corners and edges: 'bridge', 'fork', or
    'ring' when it has neither (OpenSpiel then found a ring)."""
    d, m, e = 2 * base - 1, base - 1, 2 * base - 2
    mine = {(a % d, a // d) for a in actions[len(actions) - 1::-2]}
    last = (actions[-1] % d, actions[-1] // d)
    group, todo = {last}, [last]
    while todo:
        x, y = todo.pop()
        for dx, dy in ((-1, -1), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 0)):
            n = (x + dx, y + dy)
            if n in mine and n not in group:
                group.add(n)
                todo.append(n)
    corners = {(0, 0), (m, 0), (e, m), (e, e), (m, e), (0, m)}
    edges = set()
    for x, y in group - corners:
        edges |= {i for i, on in enumerate((y == 0, x - y == m, x == e, y == e, y - x == m, x == 0))
                  if on}
    if len(group & corners) >= 2:
        return "bridge"
    if len(edges) >= 3:
        return "fork"
    return "ring"


def outcome_text(winner):
    return "draw" if winner is None else f"{SIDES[winner]} won"


def reference(seed):
    """Per game: start counts, positions (moves, counts), games (moves,
    outcome, how won), all from OpenSpiel."""
    rng = random.Random(seed)
    data = []
    for base, path, start_depth, n_positions, n_games in GAMES:
        game = pyspiel.load_game("havannah", {"board_size": base})
        start = [perft(game.new_initial_state(), d) for d in range(1, start_depth + 1)]
        positions = []
        while len(positions) < n_positions:
            actions, _ = random_game(game, rng)
            late = len(positions) % 2 == 1
            ply = rng.randrange(max(1, len(actions) - 12) if late else 1, len(actions))
            state = game.new_initial_state()
            for a in actions[:ply]:
                state.apply_action(a)
            positions.append(([cell(base, a) for a in actions[:ply]], counts(state, 3)))
        games = []
        for _ in range(n_games):
            actions, winner = random_game(game, rng)
            kind = None if winner is None else how_won(base, actions)
            games.append(([cell(base, a) for a in actions], outcome_text(winner), kind))
        data.append(((base, path), start, positions, games))
    return data


def tav_perft(path, moves, depth):
    out = subprocess.run(
        [BIN, "perft", path, "--depth", str(depth), "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_show(path, moves):
    """The output of `show` after the moves, or the error."""
    run = subprocess.run(
        [BIN, "show", path, "--moves", " ".join(moves)], capture_output=True, text=True,
    )
    return run.stdout if run.returncode == 0 else run.stderr.strip()


def outcome_line(text):
    for line in text.splitlines():
        if " won" in line or "draw" in line or " to move" in line:
            return line.strip()
    return text


def compare(data, seed=None):
    for (_, path), start, positions, games in data:
        ours = tav_perft(path, [], len(start))
        if ours != start:
            sys.exit(f"{path}: perft from the start {ours}, OpenSpiel {start}")
        for moves, theirs in positions:
            ours = tav_perft(path, moves, len(theirs))
            if ours != theirs:
                sys.exit(f"{path} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
        ways = {}
        for moves, outcome, kind in games:
            shown = tav_show(path, moves)
            line = outcome_line(shown)
            if not line.endswith(outcome):
                sys.exit(f"{path} after {' '.join(moves)}: tavoliere says {line!r}, "
                         f"OpenSpiel: {outcome}")
            if outcome_line(tav_show(path, moves[:-1])).find(" to move") < 0:
                sys.exit(f"{path}: the game ends before {' '.join(moves)}")
            ways[kind or "draw"] = ways.get(kind or "draw", 0) + 1
        print(f"{path}: perft from the start {start}, {len(positions)} positions "
              f"and {len(games)} random games agree with OpenSpiel "
              f"({', '.join(f'{n} {k}' for k, n in sorted(ways.items()))})")


def write(data, seed):
    perft_lines = [
        "# Havannah perft against OpenSpiel's `havannah` (pip `open_spiel`), from",
        "# the start and from random positions of OpenSpiel's own random games",
        "# (every other one in its last 12 plies, so that wins are in reach), given",
        "# by the moves that reach them; depths up to 3 while OpenSpiel's tree is",
        f"# small. Written by tests/perft/havannah_compare.py --write {seed}, which",
        "# reads every count from OpenSpiel (its conventions: see the script).",
    ]
    case_lines = [
        "# Random games of OpenSpiel's `havannah` (pip `open_spiel`, uniform random",
        "# moves), replayed: the last move ends the game, won by the side OpenSpiel",
        "# says (or drawn), by the ring, bridge or fork the script counts from",
        "# OpenSpiel's corners and edges. Written by tests/perft/havannah_compare.py",
        f"# --write {seed} (its conventions: see the script). Fields: tests/cases.rs.",
    ]
    for (base, path), start, positions, games in data:
        source = f"OpenSpiel havannah(board_size={base}), tests/perft/havannah_compare.py"
        perft_lines += ["", "[[case]]", f'game = "{path}"', f"counts = {start}",
                        f'source = "{source}, from the start"']
        for moves, theirs in positions:
            perft_lines += ["", "[[case]]", f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                            f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
        for i, (moves, outcome, kind) in enumerate(games):
            how = "a draw" if kind is None else f"{outcome.split()[0]} makes a {kind}"
            case_lines += ["", "[[case]]",
                           f'text = "Havannah base {base}, random game {i + 1}: {how} on ply '
                           f'{len(moves)}"',
                           f'game = "{path}"', f'moves = "{" ".join(moves)}"',
                           f'outcome = "{outcome}"']
    for rel, lines in (("tests/perft/havannah.toml", perft_lines),
                       ("tests/cases/havannah-openspiel.toml", case_lines)):
        with open(os.path.join(ROOT, rel), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"wrote {rel}")


def speed(n=2000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    spiel_speed(pyspiel, BIN, "havannah base 8", lambda: pyspiel.load_game("havannah").new_initial_state(), "games/havannah.toml", n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
