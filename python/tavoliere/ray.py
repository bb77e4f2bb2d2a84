"""Self-play on a Ray cluster: ``tavoliere analyze``, split by game index
into tasks, and ``self_play``, which writes MCTS self-play examples
(observation, policy, value) as ``.npz`` shards for training.

    import ray, tavoliere.ray
    ray.init()                       # this machine; or ray.init(address="ray://HEAD:10001")
    print(tavoliere.ray.analyze("games/asalto.toml", games=10_000,
                                seats={"officers": "mcts:500"}, seed=1))

Game ``g`` of a run is played with a seed that depends only on the run's
seed and ``g`` (``tavoliere::analyze::game_seed``), so the games are the
same whichever task plays them, and the report equals the one ``tavoliere
analyze --games N --seed S`` prints on one machine. Every node of the
cluster needs the package installed and the game file at the same path (or
pass the game's text instead of a path).

    shards = tavoliere.ray.self_play("connect-four", "data/", games=1000,
                                     budget=200, seed=1, games_per_shard=50)
    # [("data/shard-00000.npz", 1234), ...]: each path with its examples' count
"""

import os

import numpy as _np
import ray as _ray

from . import analyze_games, analyze_report, seat_specs


@_ray.remote
def _play(path, seats, seed, start, end, max_plies):
    from tavoliere import analyze_games as play

    return play(path, seats, seed, start, end, max_plies, 1, points=True)


def analyze(path, games=100, seats=(), seed=1, max_plies=1000, tasks=None, json=False, address=None):
    """Plays ``games`` self-play games on Ray and returns the report of
    ``tavoliere analyze``. ``tasks`` (default: the cluster's CPUs × 4, at
    most one per game) ranges of games run as Ray tasks, one CPU each.
    ``address``: connect with ``ray.init(address=...)`` first when Ray is
    not yet initialised (``None`` starts or joins a local cluster)."""
    if not _ray.is_initialized():
        _ray.init(address=address)
    seats = seat_specs(seats)
    if os.path.isfile(path):
        path = os.path.abspath(path)
    # Fail here, with the game's diagnostics, rather than in every task.
    analyze_games(path, seats, seed, 0, 0, max_plies, 1)
    if tasks is None:
        tasks = 4 * int(_ray.cluster_resources().get("CPU", 1))
    tasks = max(1, min(tasks, games))
    bounds = [games * i // tasks for i in range(tasks + 1)]
    refs = [
        _play.remote(path, seats, seed, bounds[i], bounds[i + 1], max_plies)
        for i in range(tasks)
    ]
    results = []
    for part in _ray.get(refs):
        results.extend(part)
    return analyze_report(path, seats, results, json)


def _game_seed(seed, g):
    """The seed of game ``g`` of a run: the same whichever task plays it."""
    return (seed * 0x9E3779B97F4A7C15 + g * 0xBF58476D1CE4E5B9 + 1) % (1 << 63)


@_ray.remote
def _self_play_shard(path, directory, shard, start, end, budget, seed, temperature, greedy_after, max_plies):
    import tavoliere
    from tavoliere.selfplay import self_play as play

    game = tavoliere.load_game(path)
    rows = []
    for g in range(start, end):
        rows += play(game, budget, _game_seed(seed, g), temperature, greedy_after, max_plies)
    size = int(_np.prod(game.observation_tensor_shape()))
    obs = _np.array([r[0] for r in rows], dtype=_np.float32).reshape(len(rows), size)
    policy = _np.array([r[1] for r in rows], dtype=_np.float32).reshape(len(rows), game.num_distinct_actions())
    value = _np.array([r[2] for r in rows], dtype=_np.float32)
    out = os.path.join(directory, f"shard-{shard:05d}.npz")
    _np.savez(out, observations=obs, policies=policy, values=value)
    return out, len(rows)


def self_play(path, directory, games=100, budget=200, seed=1, games_per_shard=10, temperature=1.0,
              greedy_after=None, max_plies=None, address=None):
    """Plays ``games`` games of UCT self-play (``tavoliere.selfplay.self_play``:
    ``budget`` iterations a move, moves drawn by the visits, the most
    visited once ``greedy_after`` moves are played) as Ray tasks of
    ``games_per_shard`` games each, one CPU each. Each task writes
    ``directory/shard-KKKKK.npz``: ``observations`` (examples, observation
    size) float32, ``policies`` (examples, num_distinct_actions) float32
    (the search's visits, summing to 1 over the legal actions) and
    ``values`` (examples,) float32 (the game's final return for the player
    who moved). Game ``g`` is played with a seed of ``seed`` and ``g``
    only, so a run is the same for a seed whichever tasks play it. Returns
    ``[(path, examples), ...]`` in shard order."""
    if not _ray.is_initialized():
        _ray.init(address=address)
    if os.path.isfile(path):
        path = os.path.abspath(path)
    from . import load_game

    load_game(path)  # fail here, with the game's diagnostics
    os.makedirs(directory, exist_ok=True)
    directory = os.path.abspath(directory)
    per = max(1, games_per_shard)
    starts = list(range(0, games, per))
    refs = [
        _self_play_shard.remote(path, directory, k, s, min(s + per, games), budget, seed, temperature,
                                greedy_after, max_plies)
        for k, s in enumerate(starts)
    ]
    return [(p, n) for p, n in _ray.get(refs)]
