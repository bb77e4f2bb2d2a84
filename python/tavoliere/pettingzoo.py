"""A PettingZoo AEC environment over any tavoliere game.

    from tavoliere.pettingzoo import env
    e = env("games/quoridor.toml")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        mask = obs["action_mask"]
        action = None if termination or truncation else e.action_space(agent).sample(mask)
        e.step(action)

Agents are the game's seats. Each observation is a dict: ``observation``
(``State.observation(player, view=True)``: the complete observation, planes
``Game.observation_planes(view=True)`` over the board, from the agent's
view) and ``action_mask`` (1 for each legal action of the agent to move,
zeros for the others). A game cut at
``max_game_length`` plies is truncated for every agent. A game with dice
(``[chance.NAME]``) rolls them inside the environment, by their
probabilities, with a generator seeded by ``reset(seed=...)``: agents only
ever see their own moves.
"""

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import load_game


def env(path, max_game_length=1000, render_mode=None):
    """The AEC environment of a game file (or game text), wrapped with
    PettingZoo's order enforcing checks."""
    e = raw_env(path, max_game_length=max_game_length, render_mode=render_mode)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "tavoliere", "is_parallelizable": False}

    def __init__(self, path, max_game_length=1000, render_mode=None):
        super().__init__()
        self.game = load_game(path, max_game_length)
        self.metadata = dict(self.metadata, name=f"tavoliere_{self.game.name()}")
        self.render_mode = render_mode
        self.possible_agents = list(self.game.player_names())
        n = self.game.num_distinct_actions()
        shape = self.game.observation_shape()
        high = np.finfo(np.float32).max
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        obs = self.state.observation(self.possible_agents.index(agent), view=True)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask[self.state.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed=None, options=None):
        # The environment's own draws (a game's dice): seeded by `seed`.
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _roll(self):
        """Plays the chance nodes (a game's dice) ahead: no agent chooses a
        roll, the environment draws it by its probabilities."""
        while self.state.is_chance_node():
            outcomes = self.state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            self.state.apply_action(self._rng.choices(actions, weights)[0])

    def _select(self):
        self._roll()
        player = self.state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._roll()
        if self.state.is_terminal():
            returns = self.state.returns()
            cut = self.state.move_number() >= self.game.max_game_length() and not any(returns)
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = not cut
                self.truncations[a] = cut
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """``ansi``: the board as text; ``human``: printed (returns None)."""
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
