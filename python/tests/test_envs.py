"""PettingZoo's own API test, and the Gymnasium wrapper."""

import pytest
from pettingzoo.test import api_test

import tavoliere.pettingzoo
from tavoliere.gym import SingleAgentEnv
from conftest import game_path


@pytest.mark.parametrize("game", ["quoridor.toml", "asalto.toml", "tic-tac-toe.toml"])
def test_pettingzoo_api(game):
    api_test(tavoliere.pettingzoo.env(game_path(game), max_game_length=200), num_cycles=300)


def test_gymnasium_against_random():
    env = SingleAgentEnv(game_path("tic-tac-toe.toml"), seat=1, opponent="random")
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)
