"""A tavoliere game as an OpenSpiel game: ``pyspiel`` algorithms accept it.

    import tavoliere.spiel
    game = tavoliere.spiel.load_game("games/tic-tac-toe.toml")
    state = game.new_initial_state()          # a pyspiel.State
    from open_spiel.python.algorithms import mcts
    bot = mcts.MCTSBot(game, 2, 200, mcts.RandomRolloutEvaluator(1))

``load_game`` compiles the file, makes a ``pyspiel.GameType`` and
``pyspiel.GameInfo`` for it and registers it with ``pyspiel.register_game``
under a short name of its own (``tavoliere_<name>_<hash of the text>``), so
``pyspiel.load_game(game.get_type().short_name)``, ``str(game)`` and
``pyspiel.deserialize_game_and_state`` work too, with the parameter
``max_game_length``. ``Game`` and ``State`` pickle: a game carries its file's
text (and path), a state its game and its actions, so a state unpickles in
another process (``ray.put(state)``).

Conventions (perfect information; chance nodes where the game rolls):

- ``max_game_length`` counts actions (a capture chain is one action per
  landing): the game is cut, a draw, after that many actions.
- Returns: 1 for each seat of the winning team, -1 for every other seat, 0
  for all on a draw or a cut. Two-player games are ``ZERO_SUM``
  (``utility_sum`` 0). A game of more players is ``ZERO_SUM`` when every
  win sums to zero (two teams of equal size), else ``GENERAL_SUM`` with
  ``utility_sum`` ``None`` (4-player Quoridor: a win sums to -2).
- ``str(state)`` and ``observation_string``: the board, the side to move
  and the actions of a capture chain part played; ``observation_tensor``:
  the flat tensor of ``tavoliere.Game.observation_layout``.
  ``information_state_string``: the actions from the start (perfect
  recall); ``information_state_tensor``: the observation tensor.
- A game with ``[chance.NAME]`` events is ``EXPLICIT_STOCHASTIC``: at a
  roll, ``current_player()`` is ``pyspiel.PlayerId.CHANCE`` (-1),
  ``is_chance_node()`` holds and ``chance_outcomes()`` lists each
  outcome's action with its probability; ``apply_action`` of one plays
  that roll. ``max_chance_outcomes`` is the most outcomes of one event.
- ``undo_action`` is not provided: OpenSpiel keeps a Python game's history
  on its C++ side, which Python cannot shorten.
"""

import ctypes
import hashlib
import os
import re

import numpy as np
import pyspiel

from . import TERMINAL, _tavoliere

__all__ = ["Game", "State", "load_game"]

DEFAULT_MAX_GAME_LENGTH = 1000

# Compiled games by (path, text, max_game_length), shared by the states of
# a process: an unpickled state does not compile its game again.
_COMPILED = {}


def _compile(path, text, max_game_length):
    key = (path, text, max_game_length)
    game = _COMPILED.get(key)
    if game is None:
        # From the path when its file still holds the text (so `extends`
        # finds its base beside it), else from the text.
        source = text
        if path is not None and os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                if f.read() == text:
                    source = path
        # Plies never outnumber actions: the Rust cut never comes first.
        game = _tavoliere.load_game(source, max_game_length=max_game_length)
        _COMPILED[key] = game
    return game


def _read(path_or_text):
    """(absolute path or None, text) of a game given by path or text."""
    if os.path.isfile(path_or_text):
        with open(path_or_text, encoding="utf-8") as f:
            return os.path.abspath(path_or_text), f.read()
    if "\n" in path_or_text or "=" in path_or_text:
        return None, path_or_text
    # A game shipped with the package, by name: the Rust side finds it.
    name = path_or_text[: -len(".toml")] if path_or_text.endswith(".toml") else path_or_text
    if name in _tavoliere.shipped_games():
        return None, path_or_text
    raise OSError(f"cannot read {path_or_text}: no such file")


def _short_name(rules_name, text):
    slug = re.sub(r"[^a-z0-9]+", "_", rules_name.lower()).strip("_") or "game"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"tavoliere_{slug}_{digest}"


def load_game(path_or_text, max_game_length=DEFAULT_MAX_GAME_LENGTH):
    """A ``pyspiel.Game`` of a tavoliere game file (a path, or its text).

    ``max_game_length`` is in actions. Errors raise ``tavoliere.GameError``
    with the diagnostics of ``tavoliere validate``.
    """
    path, text = _read(path_or_text)
    return _make_game(path, text, int(max_game_length))


# Games made, by (path, text, max_game_length): one registration each.
_GAMES = {}


def _make_game(path, text, max_game_length):
    key = (path, text, max_game_length)
    if key not in _GAMES:
        _GAMES[key] = _new_game(path, text, max_game_length)
    return _GAMES[key]


def _new_game(path, text, max_game_length):
    inner = _compile(path, text, max_game_length)
    n = inner.num_players()
    wins = inner.win_returns()
    zero_sum = all(abs(sum(r)) < 1e-12 for r in wins)
    game_type = pyspiel.GameType(
        short_name=_short_name(inner.name(), text),
        long_name=f"tavoliere {inner.name()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if inner.max_chance_outcomes() > 0
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"max_game_length": DEFAULT_MAX_GAME_LENGTH},
    )

    def create(params=None):
        length = int((params or {}).get("max_game_length", max_game_length))
        return _make_game(path, text, length)

    # OpenSpiel's registry is a C++ static: it drops its reference to the
    # creator after the interpreter is finalized, and freeing a Python
    # object then aborts the process. The creator lives as long as the
    # process anyway: one reference more keeps it from being freed then.
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(create))
    pyspiel.register_game(game_type, create)
    return Game(game_type, path, text, max_game_length)


def _rebuild_game(path, text, max_game_length):
    return _make_game(path, text, max_game_length)


def _rebuild_state(source, actions):
    state = _make_game(*source).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


class Game(pyspiel.Game):
    """A tavoliere game as a ``pyspiel.Game``; ``tavoliere_game`` is the
    compiled ``tavoliere.Game`` under it."""

    def __init__(self, game_type, path, text, max_game_length):
        self._source = (path, text, max_game_length)
        self.tavoliere_game = inner = _compile(path, text, max_game_length)
        wins = inner.win_returns()
        zero_sum = game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        values = [v for r in wins for v in r] + [0.0]
        info = pyspiel.GameInfo(
            num_distinct_actions=inner.num_distinct_actions(),
            max_chance_outcomes=inner.max_chance_outcomes(),
            num_players=inner.num_players(),
            min_utility=min(values),
            max_utility=max(values),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_game_length,
        )
        super().__init__(game_type, info, {"max_game_length": max_game_length})

    def new_initial_state(self):
        return State(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        history = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.tavoliere_game, history)

    def __reduce__(self):
        return (_rebuild_game, self._source)


class _Box:
    """A State's only attribute: the Rust state, the actions applied and
    the most allowed. OpenSpiel's ``clone`` deep-copies a state's
    ``__dict__`` and its ``serialize`` pickles it."""

    __slots__ = ("source", "inner", "length", "limit")

    def __init__(self, source, inner, length):
        self.source, self.inner, self.length = source, inner, length
        self.limit = source[2]

    def __deepcopy__(self, memo):
        return _Box(self.source, self.inner.clone(), self.length)

    def __reduce__(self):
        return (_rebuild_box, (self.source, self.inner.history()))


def _rebuild_box(source, actions):
    inner = _compile(*source).new_initial_state()
    for a in actions:
        inner.apply_action(a)
    return _Box(source, inner, len(actions))


# The Rust state's current player once the game is over is OpenSpiel's.
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
assert _TERMINAL == TERMINAL


class State(pyspiel.State):
    """A position of a tavoliere game as a ``pyspiel.State``."""

    def __init__(self, game):
        super().__init__(game)
        self._box = _Box(game._source, game.tavoliere_game.new_initial_state(), 0)

    @property
    def tavoliere_state(self):
        """The ``tavoliere.State`` under this state."""
        return self._box.inner

    def current_player(self):
        box = self._box
        if box.length >= box.limit:
            return _TERMINAL
        return box.inner.current_player()

    def _legal_actions(self, player):
        return self._box.inner.legal_actions()

    def _apply_action(self, action):
        box = self._box
        box.inner.apply_action(int(action))
        box.length += 1

    def _action_to_string(self, player, action):
        return self._box.inner.action_to_string(int(action))

    def is_terminal(self):
        box = self._box
        return box.length >= box.limit or box.inner.is_terminal()

    def returns(self):
        return self._box.inner.returns()

    def rewards(self):
        if self.is_terminal():
            return self.returns()
        return [0.0] * self.num_players()

    def chance_outcomes(self):
        return self._box.inner.chance_outcomes()

    def is_chance_node(self):
        return self.current_player() == pyspiel.PlayerId.CHANCE

    def __str__(self):
        return _position(self._box.inner)

    def __reduce__(self):
        return (_rebuild_state, (self._box.source, self._box.inner.history()))

    def __deepcopy__(self, memo):
        return self.clone()

    def __copy__(self):
        return self.clone()


class _Observer:
    """OpenSpiel's PyObserver: the position (string and planes), or,
    for perfect recall, the actions from the start with the same tensor."""

    def __init__(self, game, history):
        self._history = history
        shape = game.observation_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state._box.inner.observation(player).ravel()

    def string_from(self, state, player):
        inner = state._box.inner
        if self._history:
            return " ".join(str(a) for a in inner.history())
        return _position(inner)


def _position(inner):
    """The board, the side to move and the landings of a chain in
    progress."""
    text = f"{inner}\nto move: {inner.side_to_move()}"
    pending = inner.pending()
    if pending:
        text += "\nchain so far: " + " ".join(str(a) for a in pending)
    return text

