#!/usr/bin/env python3
"""Ultimate tic-tac-toe against OpenSpiel's `ultimate_tic_tac_toe`: perft
and the outcomes of random games.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already, and needs the release binary (`cargo build --release`).

OpenSpiel's conventions, and how games/ultimate-tic-tac-toe.toml follows
them. Small board `b` (0 to 8) is row `b // 3`, column `b % 3` of the big
grid, rows counted from the top; cell `c` of a small board is row `c // 3`,
column `c % 3` of it, from its top. Cell `c` of board `b` is the square of
file `3 * (b % 3) + c % 3` (a = 0) and of rank `9 - (3 * (b // 3) + c // 3)`:
OpenSpiel's top row is rank 9. Player 0 (`x`) moves first: the side
`crosses`, whose drops are written `X@e5`; player 1 the `noughts`, `O@e5`.
When the player may choose the board (at the start, or when the board the
last move sends to is won or full), OpenSpiel takes two actions, the board
and then the cell; tavoliere one move, the cell. The counts below are
OpenSpiel's moves counted so: a board choice and the cell after it are one
move, every other cell action one move.

    python3 tests/perft/uttt_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/uttt_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/uttt_compare.py --speed         # random games per second

Compare (the default): perft 1-4 from the start, perft from 40 random
positions (taken from OpenSpiel's own random games at a random ply, every
other one in the last 12 plies so that won boards and free choices are in
reach; depths up to 3 while OpenSpiel's tree stays small), and 150 random
games: OpenSpiel's uniform random actions replayed in tavoliere, whose game
must end on the same move with the same result (a win of the same side, or a
draw); along the first 100 of them, the set of legal moves at every ply
(`tavoliere moves`) must be OpenSpiel's. Exit status 1 on the first
difference.

`--write` writes the same data, taken from OpenSpiel alone, to
`tests/perft/uttt.toml` (perft cases, read by tests/perft.rs) and
`tests/cases/uttt-openspiel.toml` (read by tests/cases.rs): each game's
moves and outcome, and for each game the whole set of legal moves at one
random ply of it (`count` and `legal`: the same number, all of them legal).

The rules are the standard ones (Wikipedia's, above) from OpenSpiel 1.6.1
on. Older releases differ: up to 1.6.0 (`open_spiel==1.5` among them) the
game ends in a draw as soon as any one small board is won or full
(`AllLocalStatesTerminal` used `std::any_of`, fixed by pull request #1343
to `std::all_of`), so random games last about 30 actions instead of 67, all
drawn; and before 2.0.1 a board chosen freely that was played before can
take the other player's mark (fixed in commit f7fa522,
`FreeMoveUsesMetaCurrentPlayerRegression`). Compare and write with 2.0.1 or
later.

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
from reference_venv import ROOT, compare_main, run_inside, spiel_counts, spiel_speed  # noqa: E402

try:
    import pyspiel
except ImportError:
    run_inside(__file__, "open_spiel")

BIN = os.path.join(ROOT, "target", "release", "tavoliere")
PATH = "games/ultimate-tic-tac-toe.toml"
SIDES = ["crosses", "noughts"]
SYMBOL = ["X", "O"]
MAX_NODES = 20000


def choosing(state):
    """Whether the player is to choose the small board (OpenSpiel's
    `Forced board: any`)."""
    return str(state).rstrip().endswith("Forced board: any")


def moves(state):
    """The moves of the player to move, as (board, cell) pairs, each with
    the OpenSpiel actions that play it."""
    if state.is_terminal():
        return []
    if choosing(state):
        out = []
        for b in state.legal_actions():
            child = state.clone()
            child.apply_action(b)
            out += [((b, c), (b, c)) for c in child.legal_actions()]
        return out
    board = forced_board(state)
    return [((board, c), (c,)) for c in state.legal_actions()]


def forced_board(state):
    return int(re.search(r"Forced board: (\d)", str(state)).group(1))


def text(player, board, cell):
    """OpenSpiel's (board, cell) as tavoliere's drop."""
    file = 3 * (board % 3) + cell % 3
    rank = 9 - (3 * (board // 3) + cell // 3)
    return f"{SYMBOL[player]}@{chr(ord('a') + file)}{rank}"


def play(state, actions):
    for a in actions:
        state.apply_action(a)


def perft(state, depth):
    ms = moves(state)
    if depth == 1:
        return len(ms)
    total = 0
    for _, actions in ms:
        child = state.clone()
        play(child, actions)
        total += perft(child, depth - 1)
    return total


def counts(state, most):
    """perft 1, 2, ... up to `most`, stopping when the tree grows large."""
    return spiel_counts(state, most, MAX_NODES, perft)


def random_game(game, rng):
    """A uniform random game of OpenSpiel actions: its moves as text and
    its result (the winner's side, or "draw")."""
    state = game.new_initial_state()
    texts = []
    while not state.is_terminal():
        player = state.current_player()
        if choosing(state):
            b = rng.choice(state.legal_actions())
            state.apply_action(b)
        else:
            b = forced_board(state)
        c = rng.choice(state.legal_actions())
        state.apply_action(c)
        texts.append(text(player, b, c))
    returns = state.returns()
    result = "draw" if returns[0] == 0 else SIDES[0 if returns[0] > 0 else 1]
    return texts, result


def replay(game, texts):
    """The OpenSpiel state after the moves, given as text."""
    state = game.new_initial_state()
    for t in texts:
        file, rank = ord(t[2]) - ord("a"), int(t[3:])
        row = 9 - rank
        board, cell = (row // 3) * 3 + file // 3, (row % 3) * 3 + file % 3
        play(state, (board, cell) if choosing(state) else (cell,))
    return state


def reference(seed):
    rng = random.Random(seed)
    game = pyspiel.load_game("ultimate_tic_tac_toe")
    start = counts(game.new_initial_state(), 4)
    positions = []
    while len(positions) < 40:
        texts, _ = random_game(game, rng)
        late = len(positions) % 2 == 1
        ply = rng.randrange(max(1, len(texts) - 12) if late else 1, len(texts))
        positions.append((texts[:ply], counts(replay(game, texts[:ply]), 3)))
    games = [random_game(game, rng) for _ in range(150)]
    sets = []
    for texts, _ in games:
        ply = rng.randrange(len(texts))
        sets.append((texts[:ply], legal_texts(replay(game, texts[:ply]))))
    return start, positions, games, sets


def legal_texts(state):
    """OpenSpiel's legal moves, as tavoliere's drops, sorted."""
    player = state.current_player()
    return sorted(text(player, b, c) for (b, c), _ in moves(state))


def tav_perft(moves_, depth):
    out = subprocess.run(
        [BIN, "perft", PATH, "--depth", str(depth), "--moves", " ".join(moves_)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_outcome(moves_):
    run = subprocess.run(
        [BIN, "show", PATH, "--moves", " ".join(moves_)],
        capture_output=True, text=True, cwd=ROOT,
    )
    if run.returncode != 0:
        return run.stderr.strip()
    for line in run.stdout.splitlines():
        if " won" in line or "draw" in line or " to move" in line:
            return line.strip()
    return run.stdout


def tav_moves(moves_):
    out = subprocess.run(
        [BIN, "moves", PATH, "--moves", " ".join(moves_)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    return sorted(out.split())


def compare_sets(game, games, sets):
    """The legal moves at every ply of the first 100 games, and at the
    plies the data files check."""
    plies = 0
    for texts, _ in games[:100]:
        for ply in range(len(texts)):
            theirs = legal_texts(replay(game, texts[:ply]))
            if tav_moves(texts[:ply]) != theirs:
                sys.exit(f"after {' '.join(texts[:ply])}: legal moves {tav_moves(texts[:ply])}, "
                         f"OpenSpiel {theirs}")
            plies += 1
    for moves_, theirs in sets:
        if tav_moves(moves_) != theirs:
            sys.exit(f"after {' '.join(moves_)}: legal moves differ from OpenSpiel's {theirs}")
    return plies


def expected_line(result):
    return "draw" if result == "draw" else f"{result} won"


def compare(data, seed=None):
    start, positions, games, sets = data
    ours = tav_perft([], len(start))
    if ours != start:
        sys.exit(f"perft from the start {ours}, OpenSpiel {start}")
    for moves_, theirs in positions:
        ours = tav_perft(moves_, len(theirs))
        if ours != theirs:
            sys.exit(f"after {' '.join(moves_)}: perft {ours}, OpenSpiel {theirs}")
    draws = 0
    for moves_, result in games:
        line = tav_outcome(moves_)
        if not line.endswith(expected_line(result)):
            sys.exit(f"after {' '.join(moves_)}: tavoliere says {line!r}, OpenSpiel: {result}")
        if tav_outcome(moves_[:-1]).find(" to move") < 0:
            sys.exit(f"the game ends before the last of {' '.join(moves_)}")
        draws += result == "draw"
    plies = compare_sets(pyspiel.load_game("ultimate_tic_tac_toe"), games, sets)
    print(f"{PATH}: perft from the start {start}, {len(positions)} positions, "
          f"{len(games)} random games ({draws} draws) and the legal moves at "
          f"{plies} plies of 100 of them agree with OpenSpiel")


def write(data, seed):
    start, positions, games, sets = data
    source = "OpenSpiel ultimate_tic_tac_toe, tests/perft/uttt_compare.py"
    lines = [
        "# Ultimate tic-tac-toe perft against OpenSpiel's `ultimate_tic_tac_toe` (pip",
        "# `open_spiel`), from the start and from random positions of OpenSpiel's own",
        "# random games (every other one in its last 12 plies), given by the moves",
        "# that reach them; depths up to 3 while OpenSpiel's tree is small. A free",
        "# choice of board and the cell after it, two actions in OpenSpiel, count as",
        f"# one move. Written by tests/perft/uttt_compare.py --write {seed}, which",
        "# reads every count from OpenSpiel (its conventions: see the script).",
        "", "[[case]]", f'game = "{PATH}"', f"counts = {start}",
        f'source = "{source}, from the start"',
    ]
    for moves_, theirs in positions:
        lines += ["", "[[case]]", f'game = "{PATH}"', f'moves = "{" ".join(moves_)}"',
                  f"counts = {theirs}", f'source = "{source}, {len(moves_)} random plies"']
    with open(os.path.join(ROOT, "tests/perft/uttt.toml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    cases = [
        "# Random games of OpenSpiel's `ultimate_tic_tac_toe` (pip `open_spiel` 2.0.2,",
        "# uniform random actions), replayed: the last move ends the game with the",
        "# result OpenSpiel gives; then, for each game, OpenSpiel's whole set of legal",
        "# moves at one random ply of it. Written by tests/perft/uttt_compare.py",
        f"# --write {seed} (its conventions: see the script). Fields: tests/cases.rs.",
    ]
    for i, (moves_, result) in enumerate(games):
        what = "a draw" if result == "draw" else f"{result} win"
        cases += ["", "[[case]]",
                  f'text = "Ultimate tic-tac-toe, random game {i + 1}: {what} on ply {len(moves_)}"',
                  f'game = "{PATH}"', f'moves = "{" ".join(moves_)}"',
                  f'outcome = "{expected_line(result)}"']
    for i, (moves_, theirs) in enumerate(sets):
        cases += ["", "[[case]]",
                  f'text = "Ultimate tic-tac-toe, random game {i + 1}: the legal moves after '
                  f'{len(moves_)} plies"',
                  f'game = "{PATH}"', f'moves = "{" ".join(moves_)}"',
                  f"count = {len(theirs)}", f'legal = "{" ".join(theirs)}"']
    with open(os.path.join(ROOT, "tests/cases/uttt-openspiel.toml"), "w") as f:
        f.write("\n".join(cases) + "\n")
    print("wrote tests/perft/uttt.toml and tests/cases/uttt-openspiel.toml")


def speed(n=5000):
    """Random games per CPU second, OpenSpiel's and tavoliere's, in one run."""
    spiel_speed(pyspiel, BIN, "ultimate_tic_tac_toe", lambda: pyspiel.load_game("ultimate_tic_tac_toe").new_initial_state(), PATH, n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
