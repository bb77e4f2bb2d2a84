"""PettingZoo's own API test, and the Gymnasium wrapper."""

import pytest
from pettingzoo.test import api_test

import tavoliere
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


def shipped():
    return sorted(tavoliere.shipped_games())


@pytest.mark.parametrize("game", shipped())
def test_gymnasium_check_env(game):
    """Gymnasium's checker steps with unmasked samples: an illegal action
    ends the episode with the worst reward, never an exception."""
    from gymnasium.utils.env_checker import check_env

    env = SingleAgentEnv(game, seat=0, opponent="random", max_game_length=200)
    check_env(env, skip_render_check=False)


@pytest.mark.parametrize("game", shipped())
def test_pettingzoo_render_test(game):
    """``human`` prints and returns None; ``ansi`` returns the text."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: tavoliere.pettingzoo.env(game, max_game_length=200, render_mode=render_mode))


def test_an_illegal_action_ends_a_gym_episode_with_the_worst_reward():
    env = SingleAgentEnv("tic-tac-toe", seat=0, opponent="random")
    obs, info = env.reset(seed=1)
    # At the start every cell is free (9 actions, all legal): after a
    # move, its cell is not.
    first = next(a for a in range(env.action_space.n) if info["action_mask"][a])
    obs, reward, terminated, truncated, info = env.step(first)
    illegal = next(a for a in range(env.action_space.n) if not info["action_mask"][a])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
