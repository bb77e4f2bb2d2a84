"""Shared helpers: the repository's root, its games, and the CLI binary."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def game_path(name):
    return str(ROOT / "games" / name)


@pytest.fixture(scope="session")
def cli():
    """The `tavoliere` binary: $TAVOLIERE_BIN, or built by cargo."""
    path = os.environ.get("TAVOLIERE_BIN")
    if not path:
        subprocess.run(["cargo", "build", "--quiet", "--bin", "tavoliere"], cwd=ROOT, check=True)
        path = str(ROOT / "target" / "debug" / "tavoliere")
    return path
