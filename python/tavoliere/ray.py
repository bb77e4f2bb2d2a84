"""Self-play analysis on a Ray cluster: ``tavoliere analyze``, split by
game index into tasks.

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
"""

import os

import ray as _ray

from . import analyze_games, analyze_report, seat_specs


@_ray.remote
def _play(path, seats, seed, start, end, max_plies):
    from tavoliere import analyze_games as play

    return play(path, seats, seed, start, end, max_plies, 1)


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
