"""A Gymnasium single-agent environment: one seat of a tavoliere game,
against a fixed opponent (``random`` or ``mcts:ITERATIONS``, played in
Rust).

    from tavoliere.gym import SingleAgentEnv
    env = SingleAgentEnv("games/quoridor.toml", seat=0, opponent="random")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])

Observations are ``State.observation(seat, view=True)``: the complete
observation, planes ``Game.observation_planes(view=True)`` over the board,
from the seat's view; ``info``
carries ``action_mask`` and ``legal_actions``. The reward is the game's
return for the seat, at the end. An illegal action (one outside the mask,
as Gymnasium's ``check_env`` and unmasked samplers send) ends the episode
at once with the game's lowest return as the reward and
``info["illegal_action"]`` set, the position unchanged; sample with the
mask (``env.action_space.sample(info["action_mask"])``) to avoid it.
"""

import numpy as np
import gymnasium as gym
from gymnasium import spaces

from . import load_game


class SingleAgentEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, path, seat=0, opponent="random", max_game_length=1000, render_mode=None):
        self.game = load_game(path, max_game_length)
        names = self.game.player_names()
        self.seat = names.index(seat) if isinstance(seat, str) else int(seat)
        self.opponent = opponent
        self.render_mode = render_mode
        shape = self.game.observation_shape()
        self.observation_space = spaces.Box(0.0, np.finfo(np.float32).max, shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state = None
        self._seed = 0
        # The reward of an illegal action: the seat's worst return.
        wins = self.game.win_returns()
        self._worst = min((r[self.seat] for r in wins), default=0.0)

    def _obs(self):
        obs = self.state.observation(self.seat, view=True)
        legal = [] if self.state.is_terminal() else self.state.legal_actions()
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        mask[legal] = 1
        return obs, {"action_mask": mask, "legal_actions": legal}

    def _opponents(self):
        """The fixed opponent plays until it is the seat's turn or the end."""
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            self._seed += 1
            for a in self.state.agent_actions(self.opponent, self._seed):
                self.state.apply_action(a)

    def _end(self):
        st = self.state
        if not st.is_terminal():
            return 0.0, False, False
        reward = st.returns()[self.seat]
        cut = st.move_number() >= self.game.max_game_length() and reward == 0.0
        return reward, not cut, cut

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self._seed = int(self.np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state()
        self._opponents()
        return self._obs()

    def step(self, action):
        if self.state.is_terminal() or int(action) not in self.state.legal_actions():
            obs, info = self._obs()
            info["illegal_action"] = True
            return obs, self._worst, True, False, info
        self.state.apply_action(int(action))
        self._opponents()
        reward, terminated, truncated = self._end()
        obs, info = self._obs()
        return obs, reward, terminated, truncated, info

    def render(self):
        return str(self.state)
