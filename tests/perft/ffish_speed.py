#!/usr/bin/env python3
"""perft speed of a tavoliere game against pyffish (Fairy-Stockfish's
Python binding, installed in the git-ignored .venv), in CPU seconds.

pyffish has no perft of its own: it is walked through its API, as the
comparison scripts do (`get_fen` down to the last ply's parents,
`legal_moves` counted there), so its time includes the Python calls and a
FEN written and read per node; tavoliere's is `tavoliere perft` (the
game's loading included).

    cargo build --release
    python3 tests/perft/ffish_speed.py games/seirawan.toml seirawan 4
"""

import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import run_inside  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    run_inside(__file__, "pyffish")

ROOT = Path(__file__).resolve().parents[2]


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    game, variant, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    exe = sys.argv[4] if len(sys.argv) > 4 else str(ROOT / "target/release/tavoliere")
    start = time.process_time()
    nodes = perft(variant, sf.start_fen(variant), depth)
    ffish = time.process_time() - start
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([exe, "perft", game, "--depth", str(depth)], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    ours = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"pyffish {variant} perft({depth}) = {nodes}: {ffish:.2f} s CPU")
    print(f"tavoliere {game}: {out.stdout.strip().splitlines()[-1]}: {ours:.2f} s CPU")
    print(f"tavoliere / pyffish: {ours / ffish:.3f}")


if __name__ == "__main__":
    main()
