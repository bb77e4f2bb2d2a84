"""tavoliere for Python: every data-file board game, in OpenSpiel's conventions.

    import tavoliere
    game = tavoliere.load_game("quoridor")      # a shipped game, or a path, or a file's text
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Submodules: ``tavoliere.pettingzoo`` (AEC environment), ``tavoliere.gym``
(Gymnasium single-agent wrapper), ``tavoliere.ray`` (self-play analysis on
a Ray cluster), ``tavoliere.selfplay`` (search policies and values as
training targets, a search guided by your network, self-play rows).
"""

from ._tavoliere import (
    Game,
    GameError,
    State,
    VectorEnv,
    analyze_games,
    analyze_report,
    load_game,
    shipped_games,
)

#: ``State.current_player()`` once the game is over, as in OpenSpiel.
TERMINAL = -4


def analyze(path, games=100, seats=(), seed=1, max_plies=1000, threads=1, json=False):
    """Self-play on this machine: the report of ``tavoliere analyze``.

    ``seats`` is a list of ``NAME=PLAYER`` (``random``, ``mcts``,
    ``mcts:ITERATIONS``), or a dict ``{NAME: PLAYER}``.
    """
    seats = seat_specs(seats)
    results = analyze_games(path, seats, seed, 0, games, max_plies, threads, points=True)
    return analyze_report(path, seats, results, json)


def seat_specs(seats):
    """``NAME=PLAYER`` strings from a dict or a list of them."""
    if isinstance(seats, dict):
        return [f"{name}={player}" for name, player in seats.items()]
    return list(seats)


__all__ = [
    "Game",
    "GameError",
    "State",
    "TERMINAL",
    "VectorEnv",
    "analyze",
    "analyze_games",
    "analyze_report",
    "load_game",
    "shipped_games",
]
