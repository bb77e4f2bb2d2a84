"""The scratch virtualenv of the comparison scripts: `.venv` at the
project's root (git-ignored), where each script's reference implementation
is installed from PyPI, never as a dependency of the crate; and the perft
of a python-chess board, which two of them count."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / ".venv"


def run_inside(script, package):
    """Runs `script` again under .venv's Python, after making the virtualenv
    if it is missing and installing `package` into it; exits if the package
    still cannot be imported there."""
    if os.environ.get("REFERENCE_VENV"):
        sys.exit(f"{package} did not install in .venv")
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", package], check=True)
    env = dict(os.environ, REFERENCE_VENV="1")
    os.execve(str(python), [str(python), script, *sys.argv[1:]], env)


def board_perft(board, depth):
    """perft of a python-chess board (any variant), the last ply counted."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += board_perft(board, depth - 1)
        board.pop()
    return total


def bench_cpu(binary, path, n):
    """`tavoliere bench PATH --playouts N --threads 1` in CPU seconds (the
    game's loading included), printed with what the bench reports."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [binary, "bench", path, "--playouts", str(n), "--threads", "1"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"tavoliere bench {path} --playouts {n} --threads 1: {cpu:.2f} s of CPU "
          f"(loading the game included): {n / cpu:.0f} games per CPU second; it reports")
    print("  " + out.strip().replace("\n", "\n  "))


def spiel_speed(pyspiel, binary, label, start, path, n):
    """Random games per CPU second of OpenSpiel's C++ (`evaluate_bots`, two
    uniform random bots, from the states `start()` makes) and of
    tavoliere's bench of `path`, in one run."""
    import time

    bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in (0, 1)]
    t0 = time.process_time()
    for i in range(n):
        pyspiel.evaluate_bots(start(), bots, i)
    spent = time.process_time() - t0
    print(f"OpenSpiel {label} (C++ evaluate_bots, uniform random bots): {n} games "
          f"in {spent:.2f} s of CPU: {n / spent:.0f} games per CPU second")
    bench_cpu(binary, path, n)


def compare_main(reference, compare, write, speed):
    """A comparison script's command line: `[SEED] [--write | --speed]`."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seed = int(args[0]) if args else 1
    if "--speed" in sys.argv:
        speed()
        return
    data = reference(seed)
    if "--write" in sys.argv:
        write(data, seed)
    else:
        compare(data, seed)


def spiel_perft(state, depth):
    """OpenSpiel perft: legal move sequences of `depth` plies from a pyspiel
    state; a finished game has no legal move."""
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += spiel_perft(child, depth - 1)
    return total


def spiel_counts(state, most, max_nodes, perft=spiel_perft):
    """OpenSpiel perft 1, 2, ... up to `most` (by `perft`), stopping once a
    count passes `max_nodes`."""
    out = []
    for depth in range(1, most + 1):
        out.append(perft(state, depth))
        if out[-1] > max_nodes:
            break
    return out
