#!/usr/bin/env python3
"""Ataxx against Fairy-Stockfish's `ataxx` (pyffish): legal moves along
random games, perft, and the outcomes of random games.

Outside `cargo test`: it installs pyffish (PyPI `pyffish`) into the scratch
virtualenv `.venv` at the top of the worktree (git-ignored) unless it is
there already, and needs the release binary (`cargo build --release`).

Fairy-Stockfish's conventions, and how games/ataxx.toml follows them: the
squares have the same names (a1 at White's lower left; White, `P`, moves
first from a7 and g1). A clone is a drop, `P@f2` whatever the side: here
`S@f2`; a jump `g1e1`: here `g1-e1`; a pass, offered only when a side has
no other move, is a stone's square twice (`a4a4`): here `pass`. A side to
move with no legal move at all (no stone left, or a full board) has lost
or won by the count of stones (`game_result`, from its side).
Fairy-Stockfish also lets a draw be claimed on a threefold repetition
(`is_optional_game_end`), which games/ataxx.toml does not have; a random
game that reaches one is played on, as `legal_moves` goes on.

    python3 tests/perft/ataxx_compare.py [SEED]          # compare with tavoliere
    python3 tests/perft/ataxx_compare.py --write [SEED]  # rewrite the data files
    python3 tests/perft/ataxx_compare.py --speed         # random games per second

Compare (the default): perft 1-3 from the start; perft from 40 random
positions, taken from Fairy-Stockfish's own random games at a random ply
(every other one in the last 12 plies, so that full boards, passes and
lost stones are in reach), depths up to 3 while its tree stays small (about 20,000 nodes); the
set of legal moves at every ply of 6 random games; and 100 random games
(Fairy-Stockfish's uniform random moves replayed in tavoliere, whose game
must end on the same move with the same result). Exit status 1 on the
first difference.

`--write` writes the same perft and game data, taken from Fairy-Stockfish
alone, to `tests/perft/ataxx.toml` (read by tests/perft.rs) and
`tests/cases/ataxx-ffish.toml` (read by tests/cases.rs).

`--speed` times random games in Fairy-Stockfish through pyffish (Python
calls per move, not its C++ alone) and tavoliere's `bench --threads 1`.
"""

import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_venv import ROOT, bench_cpu, compare_main, run_inside  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    run_inside(__file__, "pyffish")

V = "ataxx"
BIN = os.path.join(ROOT, "target", "release", "tavoliere")
PATH = "games/ataxx.toml"
SIDES = {"w": "white", "b": "black"}
MAX_NODES = 20000
MAX_PLIES = 2000


def text(move):
    """Fairy-Stockfish's move as tavoliere's."""
    if "@" in move:
        return "S@" + move.split("@")[1]
    if move[:2] == move[2:4]:
        return "pass"
    m = re.match(r"([a-g]\d)([a-g]\d)", move)
    return f"{m.group(1)}-{m.group(2)}"


def perft(fen, depth):
    moves = sf.legal_moves(V, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(sf.get_fen(V, fen, [m]), depth - 1) for m in moves)


def counts(fen, most):
    """perft 1, 2, ... up to `most`, while the next depth's tree (guessed
    from the last two) stays below MAX_NODES nodes."""
    out = []
    for depth in range(1, most + 1):
        out.append(perft(fen, depth))
        if out[-1] == 0 or out[-1] * out[-1] // max(1, out[-2] if depth > 1 else 1) > MAX_NODES:
            break
    return out


def result(fen):
    """The result of a finished game: the winner's side, or "draw"."""
    value = sf.game_result(V, fen, [])
    mover = fen.split()[1]
    if value == 0:
        return "draw"
    other = "b" if mover == "w" else "w"
    return SIDES[mover] if value > 0 else SIDES[other]


def random_game(rng):
    """A uniform random game: its moves and its result."""
    start = sf.start_fen(V)
    fen, moves = start, []
    while len(moves) < MAX_PLIES:
        legal = sf.legal_moves(V, fen, [])
        if not legal:
            return moves, result(fen)
        m = rng.choice(legal)
        moves.append(m)
        fen = sf.get_fen(V, fen, [m])
    return moves, None


def fen_after(moves):
    return sf.get_fen(V, sf.start_fen(V), moves)


def reference(seed):
    rng = random.Random(seed)
    start = counts(sf.start_fen(V), 3)
    positions = []
    while len(positions) < 40:
        moves, res = random_game(rng)
        if res is None:
            continue
        late = len(positions) % 2 == 1
        ply = rng.randrange(max(1, len(moves) - 12) if late else 1, len(moves))
        positions.append(([text(m) for m in moves[:ply]], counts(fen_after(moves[:ply]), 3)))
    games = []
    while len(games) < 100:
        moves, res = random_game(rng)
        if res is not None:
            games.append(([text(m) for m in moves], res))
    return start, positions, games


def tav(args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, cwd=ROOT)


def tav_perft(moves, depth):
    out = tav(["perft", PATH, "--depth", str(depth), "--moves", " ".join(moves)])
    if out.returncode != 0:
        sys.exit(out.stderr)
    return [int(line.split()[1]) for line in out.stdout.splitlines() if re.match(r"^\d+ \d+", line)]


def tav_outcome(moves):
    run = tav(["show", PATH, "--moves", " ".join(moves)])
    if run.returncode != 0:
        return run.stderr.strip()
    for line in run.stdout.splitlines():
        if " won" in line or "draw" in line or " to move" in line:
            return line.strip()
    return run.stdout


def expected_line(res):
    return "draw" if res == "draw" else f"{res} won"


def compare_moves(rng, n_games):
    """The sets of legal moves at every ply of random games."""
    plies = 0
    for _ in range(n_games):
        moves, _ = random_game(rng)
        for ply in range(len(moves) + 1):
            theirs = sorted(text(m) for m in sf.legal_moves(V, fen_after(moves[:ply]), []))
            run = tav(["moves", PATH, "--moves", " ".join(text(m) for m in moves[:ply])])
            ours = sorted(run.stdout.split())
            if ours != theirs:
                sys.exit(f"after {' '.join(text(m) for m in moves[:ply])}:\n"
                         f"  tavoliere only: {sorted(set(ours) - set(theirs))}\n"
                         f"  Fairy-Stockfish only: {sorted(set(theirs) - set(ours))}")
            plies += 1
    return plies


def compare(data, seed):
    start, positions, games = data
    ours = tav_perft([], len(start))
    if ours != start:
        sys.exit(f"perft from the start {ours}, Fairy-Stockfish {start}")
    for moves, theirs in positions:
        ours = tav_perft(moves, len(theirs))
        if ours != theirs:
            sys.exit(f"after {' '.join(moves)}: perft {ours}, Fairy-Stockfish {theirs}")
    plies = compare_moves(random.Random(seed + 1000), 6)
    for moves, res in games:
        line = tav_outcome(moves)
        if not line.endswith(expected_line(res)):
            sys.exit(f"after {' '.join(moves)}: tavoliere says {line!r}, Fairy-Stockfish: {res}")
        if tav_outcome(moves[:-1]).find(" to move") < 0:
            sys.exit(f"the game ends before the last of {' '.join(moves)}")
    passes = sum(m.count("pass") for m, _ in games)
    print(f"{PATH}: perft from the start {start}, {len(positions)} positions, the legal moves "
          f"of {plies} positions along 6 random games, and {len(games)} random games "
          f"({passes} passes) agree with Fairy-Stockfish")


def write(data, seed):
    start, positions, games = data
    source = "Fairy-Stockfish ataxx (pyffish), tests/perft/ataxx_compare.py"
    lines = [
        "# Ataxx perft against Fairy-Stockfish's `ataxx` (pip `pyffish`), from the start",
        "# and from random positions of its own random games (every other one in its",
        "# last 12 plies), given by the moves that reach them; depths up to 3 while its",
        f"# tree is small. Written by tests/perft/ataxx_compare.py --write {seed}, which",
        "# reads every count from Fairy-Stockfish (its conventions: see the script).",
        "", "[[case]]", f'game = "{PATH}"', f"counts = {start}",
        f'source = "{source}, from the start"',
    ]
    for moves, theirs in positions:
        lines += ["", "[[case]]", f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                  f"counts = {theirs}", f'source = "{source}, {len(moves)} random plies"']
    with open(os.path.join(ROOT, "tests/perft/ataxx.toml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    cases = [
        "# Random games of Fairy-Stockfish's `ataxx` (pip `pyffish`, uniform random",
        "# moves), replayed: the last move ends the game with the result it gives.",
        f"# Written by tests/perft/ataxx_compare.py --write {seed} (its conventions:",
        "# see the script). Fields: tests/cases.rs.",
    ]
    for i, (moves, res) in enumerate(games[:30]):
        what = "a draw" if res == "draw" else f"{res} wins"
        cases += ["", "[[case]]",
                  f'text = "Ataxx, random game {i + 1}: {what} on ply {len(moves)}"',
                  f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                  f'outcome = "{expected_line(res)}"']
    with open(os.path.join(ROOT, "tests/cases/ataxx-ffish.toml"), "w") as f:
        f.write("\n".join(cases) + "\n")
    print("wrote tests/perft/ataxx.toml and tests/cases/ataxx-ffish.toml")


def speed(n=200):
    """Random games per CPU second through pyffish, and tavoliere's."""
    rng = random.Random(1)
    t0 = time.process_time()
    for _ in range(n):
        random_game(rng)
    spent = time.process_time() - t0
    print(f"Fairy-Stockfish through pyffish (legal_moves and get_fen per ply): {n} random "
          f"games in {spent:.2f} s of CPU: {n / spent:.1f} games per CPU second")
    bench_cpu(BIN, PATH, n)


def main():
    compare_main(reference, compare, write, speed)


if __name__ == "__main__":
    main()
