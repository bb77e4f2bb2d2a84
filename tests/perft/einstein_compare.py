#!/usr/bin/env python3
"""Einstein würfelt nicht against OpenSpiel's `einstein_wurfelt_nicht`:
perft through chance positions, the legal moves along random games with
the same dice forced on both, and the games' results.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how games/einstein.toml follows them. The
board is 5x5, row 0 at the top, column 0 at the left: row r, column c is
tavoliere's site `"abcde"[c] + str(5 - r)`. Player 0 is black (top-left
corner, moves e, s, se), player 1 white (bottom-right, moves w, n, nw).
The game starts with two chance nodes of 720 outcomes each, black's cubes
and then white's: outcome i is the i-th permutation of 1..6 in
lexicographic order, laid on the corner's sites row by row from the top
left (black: a5 b5 c5 a4 b4 a3; white: e3 d2 e2 c1 d1 e1). einstein.toml
starts from outcome 0 for both; any other setup is given to tavoliere as a
position text (`pieces ...; turn white`). Then each turn is a chance node
`roll N` (action N - 1, probability 1/6 each), which tavoliere writes
`roll:N`, followed by the mover's action, ranked in the mixed base
(row, column, direction, capture) over (5, 5, 6, 2): directions 0..2 are
black's (down-right, down, right), 3..5 white's (up, up-left, left); the
capture bit is set when the target square is occupied (by either side).
White moves first. Perft counts a chance node as a ply whose children are
its outcomes in both programs, so the counts compare as they are.

    python3 tests/perft/einstein_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/einstein_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/einstein_compare.py --speed         # random games per second

Compare (the default): perft 1-7 from einstein.toml's start, perft 1-5
from 30 random positions (a random setup each, given as a position text,
then a random number of OpenSpiel's random plies, chance included), and
100 random games from random setups: at every position along each game
the legal moves (or, at a chance node, the outcomes) of OpenSpiel and
tavoliere must be the same set, and the game must end on the same ply with
the same winner. Exit status 1 on the first difference.

`--write` writes the same kind of data, taken from OpenSpiel alone, to
`tests/perft/einstein.toml` (perft cases, read by tests/perft.rs) and
`tests/cases/einstein-openspiel.toml` (the games' moves, results and the
legal moves of a position along each, read by tests/cases.rs).

`--speed` times, in one run and in CPU time, uniform random games in
OpenSpiel's C++ (`pyspiel.evaluate_bots` with two
`make_uniform_random_bot`s, chance sampled by OpenSpiel) and tavoliere's
`bench --threads 1`.
"""

import itertools
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
PATH = "games/einstein.toml"
NAMES = ["one", "two", "three", "four", "five", "six"]
SIDES = ["black", "white"]
PERMS = list(itertools.permutations(range(1, 7)))
# OpenSpiel's kDirRowOffsets and kDirColOffsets, direction by direction.
DIRS = list(zip([1, 1, 0, -1, -1, 0], [1, 0, 1, 0, -1, -1]))


def site(r, c):
    return "abcde"[c] + str(5 - r)


def action_text(state, action):
    """OpenSpiel's action as tavoliere writes it."""
    if state.is_chance_node():
        return f"roll:{action + 1}"
    cap = action % 2
    rest = action // 2
    d = rest % 6
    rest //= 6
    c = rest % 5
    r = rest // 5
    dr, dc = DIRS[d]
    return site(r, c) + ("x" if cap else "-") + site(r + dr, c + dc)


def setup(game, black, white):
    state = game.new_initial_state()
    state.apply_action(black)
    state.apply_action(white)
    return state


def position_text(black, white):
    """A setup as tavoliere's position text (white rolls first)."""
    parts = []
    b_sites = ["a5", "b5", "c5", "a4", "b4", "a3"]
    w_sites = ["e3", "d2", "e2", "c1", "d1", "e1"]
    for side, perm, sites in (("black", PERMS[black], b_sites), ("white", PERMS[white], w_sites)):
        for n, s in zip(perm, sites):
            parts.append(f"{side} {NAMES[n - 1]} {s}")
    return "pieces " + ", ".join(parts) + "; turn white"


def actions(state):
    if state.is_chance_node():
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def perft(state, depth):
    if state.is_terminal():
        return 0
    acts = actions(state)
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def random_game(state, rng):
    """From `state`, uniform random moves and uniform dice: the moves (as
    tavoliere's texts), the legal sets along the way and the result."""
    moves, legal = [], []
    while not state.is_terminal():
        acts = actions(state)
        legal.append(sorted(action_text(state, a) for a in acts))
        a = rng.choice(acts)
        moves.append(action_text(state, a))
        state.apply_action(a)
    r = state.returns()
    return moves, legal, f"{SIDES[0 if r[0] > 0 else 1]} won"


def reference(seed):
    rng = random.Random(seed)
    game = pyspiel.load_game("einstein_wurfelt_nicht")
    start = [perft(setup(game, 0, 0), d) for d in range(1, 8)]
    positions = []
    for _ in range(30):
        b, w = rng.randrange(720), rng.randrange(720)
        state = setup(game, b, w)
        moves, _, _ = random_game(state.clone(), rng)
        ply = rng.randrange(0, len(moves))
        for m in moves[:ply]:
            acts = actions(state)
            state.apply_action(next(a for a in acts if action_text(state, a) == m))
        positions.append((position_text(b, w), moves[:ply], [perft(state, d) for d in range(1, 6)]))
    games = []
    for _ in range(100):
        b, w = rng.randrange(720), rng.randrange(720)
        moves, legal, result = random_game(setup(game, b, w), rng)
        games.append((position_text(b, w), moves, legal, result))
    return start, positions, games


def tav(args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, check=True).stdout


def tav_perft(where, moves, depth):
    args = ["perft", PATH, "--depth", str(depth)]
    if where:
        args += ["--position", where]
    if moves:
        args += ["--moves", " ".join(moves)]
    return [int(line.split()[1]) for line in tav(args).splitlines() if re.match(r"^\d+ \d+", line)]


def tav_moves(where, moves):
    args = ["moves", PATH, "--position", where]
    if moves:
        args += ["--moves", " ".join(moves)]
    return sorted(tav(args).split())


def tav_outcome(where, moves):
    out = tav(["show", PATH, "--position", where, "--moves", " ".join(moves)])
    for line in out.splitlines():
        if " won" in line or " to move" in line or " to roll" in line:
            return line.strip()
    return out


def compare(data, seed=None):
    start, positions, games = data
    ours = tav_perft(None, [], len(start))
    if ours != start:
        sys.exit(f"{PATH}: perft from the start {ours}, OpenSpiel {start}")
    for where, moves, theirs in positions:
        ours = tav_perft(where, moves, len(theirs))
        # A finished game counts no moves in either program.
        ours += [0] * (len(theirs) - len(ours))
        if ours != theirs:
            sys.exit(f"{where} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
    plies = 0
    for where, moves, legal, result in games:
        for i, theirs in enumerate(legal):
            ours = tav_moves(where, moves[:i])
            if ours != theirs:
                sys.exit(f"{where} after {' '.join(moves[:i])}: tavoliere {ours}, OpenSpiel {theirs}")
            plies += 1
        line = tav_outcome(where, moves)
        if not line.endswith(result):
            sys.exit(f"{where} after {' '.join(moves)}: tavoliere says {line!r}, OpenSpiel: {result}")
    print(f"{PATH}: perft 1-{len(start)} from the start {start}, perft from {len(positions)} random "
          f"positions, the legal moves at {plies} positions of {len(games)} random games and "
          "their results agree with OpenSpiel")


def write(data, seed):
    start, positions, games = data
    source = "OpenSpiel einstein_wurfelt_nicht, tests/perft/einstein_compare.py"
    perft_lines = [
        "# Einstein würfelt nicht perft against OpenSpiel's `einstein_wurfelt_nicht`",
        "# (pip `open_spiel`): a roll is a ply whose children are its six outcomes,",
        "# in both. From einstein.toml's start (OpenSpiel's setup outcomes 0 and 0)",
        "# and from random setups (position texts) after random plies of",
        f"# OpenSpiel's. Written by tests/perft/einstein_compare.py --write {seed},",
        "# which reads every count from OpenSpiel (its conventions: see the script).",
        "", "[[case]]", f'game = "{PATH}"', f"counts = {start}", f'source = "{source}, from the start"',
    ]
    for where, moves, theirs in positions:
        while theirs and theirs[-1] == 0:
            theirs = theirs[:-1]
        if not theirs:
            continue
        perft_lines += ["", "[[case]]", f'game = "{PATH}"', f'position = "{where}"']
        if moves:
            perft_lines.append(f'moves = "{" ".join(moves)}"')
        perft_lines += [f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
    case_lines = [
        "# Random games of OpenSpiel's `einstein_wurfelt_nicht` (pip `open_spiel`,",
        "# uniform random setups, dice and moves), replayed: the last move ends the",
        "# game with the result OpenSpiel gives, and the legal moves at a random",
        "# ply of each are OpenSpiel's. Written by",
        f"# tests/perft/einstein_compare.py --write {seed} (its conventions: see",
        "# the script). Fields: tests/cases.rs.",
    ]
    rng = random.Random(seed + 1)
    for i, (where, moves, legal, result) in enumerate(games):
        case_lines += ["", "[[case]]",
                       f'text = "Einstein, random game {i + 1}: {result} on ply {len(moves)}"',
                       f'game = "{PATH}"', f'position = "{where}"',
                       f'moves = "{" ".join(moves)}"', f'outcome = "{result}"']
        ply = rng.randrange(len(moves))
        case_lines += ["", "[[case]]",
                       f'text = "Einstein, random game {i + 1}: the legal moves on ply {ply + 1}"',
                       f'game = "{PATH}"', f'position = "{where}"']
        if ply:
            case_lines.append(f'moves = "{" ".join(moves[:ply])}"')
        case_lines += [f'legal = "{" ".join(legal[ply])}"', f"count = {len(legal[ply])}"]
    with open(os.path.join(ROOT, "tests/perft/einstein.toml"), "w") as f:
        f.write("\n".join(perft_lines) + "\n")
    print("wrote tests/perft/einstein.toml")
    with open(os.path.join(ROOT, "tests/cases/einstein-openspiel.toml"), "w") as f:
        f.write("\n".join(case_lines) + "\n")
    print("wrote tests/cases/einstein-openspiel.toml")


def speed(n=20000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    spiel_speed(pyspiel, BIN, "einstein_wurfelt_nicht (from setup 0/0)", lambda: setup(pyspiel.load_game("einstein_wurfelt_nicht"), 0, 0), PATH, n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
