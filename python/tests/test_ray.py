"""Self-play on Ray equals `tavoliere analyze` on one machine."""

import subprocess

import pytest

import tavoliere
from conftest import game_path

ray = pytest.importorskip("ray")


def test_ray_analyze_equals_the_cli(cli):
    import tavoliere.ray

    path = game_path("asalto.toml")
    seats = {"officers": "mcts:20"}
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        distributed = tavoliere.ray.analyze(path, games=24, seats=seats, seed=9, max_plies=300, tasks=5)
    finally:
        ray.shutdown()
    local = tavoliere.analyze(path, games=24, seats=seats, seed=9, max_plies=300, threads=2)
    assert distributed == local
    out = subprocess.run(
        [cli, "analyze", path, "--games", "24", "--seat", "officers=mcts:20", "--seed", "9",
         "--max-plies", "300", "--threads", "2"],
        capture_output=True, text=True, check=True, timeout=300,
    ).stdout
    assert distributed == out
