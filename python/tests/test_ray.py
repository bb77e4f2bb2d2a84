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


def test_ray_self_play_writes_seeded_shards(tmp_path):
    import numpy as np

    import tavoliere.ray

    game = tavoliere.load_game("tic-tac-toe")
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        a = tavoliere.ray.self_play("tic-tac-toe", tmp_path / "a", games=5, budget=30, seed=4, games_per_shard=2)
        b = tavoliere.ray.self_play("tic-tac-toe", tmp_path / "b", games=5, budget=30, seed=4, games_per_shard=2)
    finally:
        ray.shutdown()
    # 5 games in shards of 2: three shards; a tic-tac-toe game has 5 to 9 moves.
    assert [p.rsplit("/", 1)[1] for p, _ in a] == ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"]
    assert 5 * 5 <= sum(n for _, n in a) <= 5 * 9
    assert [n for _, n in a] == [n for _, n in b]
    size = int(np.prod(game.observation_tensor_shape()))
    for (pa, n), (pb, _) in zip(a, b):
        da, db = np.load(pa), np.load(pb)
        obs, policy, value = da["observations"], da["policies"], da["values"]
        assert obs.shape == (n, size) and policy.shape == (n, game.num_distinct_actions()) and value.shape == (n,)
        # The same seed gives the same shards.
        for key in ("observations", "policies", "values"):
            assert np.array_equal(da[key], db[key])
        # Tic-tac-toe's returns are -1, 0 or 1 (a loss, a draw, a win).
        assert set(value.tolist()) <= {-1.0, 0.0, 1.0}
        np.testing.assert_allclose(policy.sum(axis=1), 1.0, rtol=1e-5)
        assert (policy >= 0).all()
        for o, p in zip(obs, policy):
            # A policy is positive only on the legal actions, the empty
            # squares (action k: square k), read from the observation: its
            # first 36 numbers are the pieces, (side, kind, square).
            occupied = o[:36].reshape(4, 9).any(axis=0)
            assert not occupied.all() and not p[occupied].any()
    # Shard 0 holds games 0 and 1, as the local self_play plays them.
    import tavoliere.selfplay as sp

    local = [r for g in (0, 1) for r in sp.self_play(game, 30, tavoliere.ray._game_seed(4, g))]
    d0 = np.load(a[0][0])
    assert len(local) == a[0][1]
    assert np.array_equal(d0["policies"], np.array([r[1] for r in local]))
    assert np.array_equal(d0["values"], np.array([r[2] for r in local], dtype=np.float32))
