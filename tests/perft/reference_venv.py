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
