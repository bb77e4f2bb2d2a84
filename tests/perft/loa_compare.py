#!/usr/bin/env python3
"""Lines of Action against OpenSpiel's `lines_of_action`: perft and the
outcomes of random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how `games/lines-of-action.toml` follows them:
row 0 is rank 1, column 0 file a, so an action's text, `b1-b3` or `b1xh7`
(from, `-` or `x` for a capture, to), is tavoliere's notation of the same
move. Player 0 (`x`) is Black, on b1-g1 and b8-g8, and moves first; player
1 (`o`) is White, on a2-a7 and h2-h7. After a move OpenSpiel looks, in this
order, for its ply limit (1,000 plies: a draw), a board seen before in the
game (a draw, whoever is to move), the mover's checkers in one group (the
mover wins), the opponent's (the opponent wins), and then for a legal move
of the side to move (none: it loses); the game file's end rules and
`no_moves` say the same.

    python3 tests/perft/loa_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/loa_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/loa_compare.py --speed         # random games per second

Compare (the default): perft from the start (depths 1-3), perft from 30
random positions (taken from OpenSpiel's own random games, at a random
ply, every other one in the last 12 plies so that the ends are in reach;
depths up to 3 while OpenSpiel's tree stays small), and 100 random games:
OpenSpiel's uniform random moves replayed in tavoliere, whose game must end
on the same move with the same winner, or the same draw. It prints how the
random games ended. Exit status 1 on the first difference.

`--write` writes the same data, taken from OpenSpiel alone, to
`tests/perft/lines-of-action.toml` (perft cases, read by tests/perft.rs)
and `tests/cases/lines-of-action-openspiel.toml` (the games' moves and
outcomes, read by tests/cases.rs).

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
PATH = "games/lines-of-action.toml"
START_DEPTH = 3
N_POSITIONS = 30
N_GAMES = 100
SIDES = ["black", "white"]
# OpenSpiel's perft is walked in Python: a depth is counted only while the
# previous one stays below this many nodes.
MAX_NODES = 5000


def perft(state, depth):
    return spiel_perft(state, depth)


def counts(state, most):
    """perft 1, 2, ... up to `most`, stopping when the tree grows large."""
    return spiel_counts(state, most, MAX_NODES)


def random_game(game, rng):
    """A uniform random game: its moves (as text), its outcome (0, 1 or
    None for a draw) and how it ended."""
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(state.current_player(), a))
        state.apply_action(a)
    r = state.returns()
    winner = 0 if r[0] > 0 else 1 if r[1] > 0 else None
    if winner is None:
        how = "ply limit" if len(moves) >= game.max_game_length() else "repeated board"
    else:
        board = str(state).splitlines()[:8]
        joined = any(connected(board, c) for c in "xo")
        how = "connection" if joined else "no legal move"
    return moves, winner, how


def connected(board, piece):
    """Whether the checkers drawn `piece` on OpenSpiel's board text (rank 8
    first, each row after its rank number) form one group, counted here."""
    cells = {(r, c) for r, row in enumerate(board) for c, ch in enumerate(row[1:]) if ch == piece}
    if not cells:
        return False
    first = next(iter(cells))
    group, todo = {first}, [first]
    while todo:
        r, c = todo.pop()
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                n = (r + dr, c + dc)
                if n in cells and n not in group:
                    group.add(n)
                    todo.append(n)
    return len(group) == len(cells)


def state_after(game, moves):
    state = game.new_initial_state()
    for m in moves:
        state.apply_action(state.string_to_action(m))
    return state


def outcome_text(winner):
    return "draw" if winner is None else f"{SIDES[winner]} won"


def reference(seed):
    """Start counts, positions (moves, counts), games (moves, outcome, how),
    all from OpenSpiel."""
    rng = random.Random(seed)
    game = pyspiel.load_game("lines_of_action")
    start = [perft(game.new_initial_state(), d) for d in range(1, START_DEPTH + 1)]
    positions = []
    while len(positions) < N_POSITIONS:
        moves, _, _ = random_game(game, rng)
        late = len(positions) % 2 == 1
        ply = rng.randrange(max(1, len(moves) - 12) if late else 1, len(moves))
        state = state_after(game, moves[:ply])
        positions.append((moves[:ply], counts(state, 3)))
    games = [random_game(game, rng) for _ in range(N_GAMES)]
    return start, positions, games


def tav_perft(moves, depth):
    out = subprocess.run(
        [BIN, "perft", PATH, "--depth", str(depth), "--moves", " ".join(moves)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_show(moves):
    """The output of `show` after the moves, or the error."""
    run = subprocess.run(
        [BIN, "show", PATH, "--moves", " ".join(moves)], capture_output=True, text=True,
        cwd=ROOT,
    )
    return run.stdout if run.returncode == 0 else run.stderr.strip()


def outcome_line(text):
    for line in text.splitlines():
        if " won" in line or "draw" in line or " to move" in line:
            return line.strip()
    return text


def compare(data, seed=None):
    start, positions, games = data
    ours = tav_perft([], len(start))
    if ours != start:
        sys.exit(f"{PATH}: perft from the start {ours}, OpenSpiel {start}")
    for moves, theirs in positions:
        ours = tav_perft(moves, len(theirs))
        if ours != theirs:
            sys.exit(f"{PATH} after {' '.join(moves)}: perft {ours}, OpenSpiel {theirs}")
    ways = {}
    for moves, winner, how in games:
        outcome = outcome_text(winner)
        line = outcome_line(tav_show(moves))
        if not line.endswith(outcome):
            sys.exit(f"{PATH} after {' '.join(moves)}: tavoliere says {line!r}, "
                     f"OpenSpiel: {outcome} ({how})")
        if outcome_line(tav_show(moves[:-1])).find(" to move") < 0:
            sys.exit(f"{PATH}: the game ends before {' '.join(moves)}")
        key = f"{outcome} by {how}" if winner is not None else f"draw by {how}"
        ways[key] = ways.get(key, 0) + 1
    print(f"{PATH}: perft from the start {start}, {len(positions)} positions "
          f"and {len(games)} random games agree with OpenSpiel "
          f"({', '.join(f'{n} {k}' for k, n in sorted(ways.items()))})")


def write(data, seed):
    start, positions, games = data
    source = "OpenSpiel lines_of_action, tests/perft/loa_compare.py"
    perft_lines = [
        "# Lines of Action perft against OpenSpiel's `lines_of_action` (pip",
        "# `open_spiel`), from the start and from random positions of OpenSpiel's",
        "# own random games (every other one in its last 12 plies, so that the ends",
        "# are in reach), given by the moves that reach them; depths up to 3 while",
        f"# OpenSpiel's tree is small. Written by tests/perft/loa_compare.py --write {seed},",
        "# which reads every count from OpenSpiel (its conventions: see the script).",
        "", "[[case]]", f'game = "{PATH}"', f"counts = {start}",
        f'source = "{source}, from the start"',
    ]
    for moves, theirs in positions:
        perft_lines += ["", "[[case]]", f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                        f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
    case_lines = [
        "# Random games of OpenSpiel's `lines_of_action` (pip `open_spiel`, uniform",
        "# random moves), replayed: the last move ends the game, won by the side",
        "# OpenSpiel says (or drawn). Written by tests/perft/loa_compare.py",
        f"# --write {seed} (its conventions: see the script). Fields: tests/cases.rs.",
    ]
    for i, (moves, winner, how) in enumerate(games):
        outcome = outcome_text(winner)
        case_lines += ["", "[[case]]",
                       f'text = "Lines of Action, random game {i + 1}: {outcome} by {how} on '
                       f'ply {len(moves)}"',
                       f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                       f'outcome = "{outcome}"']
    for rel, lines in (("tests/perft/lines-of-action.toml", perft_lines),
                       ("tests/cases/lines-of-action-openspiel.toml", case_lines)):
        with open(os.path.join(ROOT, rel), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"wrote {rel}")


def speed(n=500):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    start = pyspiel.load_game("lines_of_action").new_initial_state
    spiel_speed(pyspiel, BIN, "lines_of_action", start, PATH, n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
