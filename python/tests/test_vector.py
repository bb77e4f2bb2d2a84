"""``tavoliere.VectorEnv``: N games stepped in Rust give what the single
state API gives for the same actions (observations, masks, players,
rewards, ends and restarts), chance outcomes included."""

import random

import numpy as np
import pytest

import tavoliere

GAMES = ["tic-tac-toe", "connect-four", "chess", "draughts", "quoridor", "backgammon", "ur", "kalah"]


def sync(single, target):
    """Plays on `single` the chance outcomes the env drew after it (its
    history a prefix of `target`'s)."""
    done = single.history()
    assert target[: len(done)] == done
    for a in target[len(done) :]:
        assert single.is_chance_node(), "the env played an action that is not chance's"
        single.apply_action(a)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", GAMES)
def test_the_env_steps_as_the_single_states(name, threads):
    game = tavoliere.load_game(name, max_game_length=80)
    n = 5
    env = tavoliere.VectorEnv(game, n, seed=7, view=True, threads=threads)
    obs, rewards, terminated, truncated, mask, player = env.reset()
    shape = game.observation_shape()
    assert obs.shape == (n, *shape) and obs.dtype == np.float32
    assert mask.shape == (n, env.num_actions()) and mask.dtype == np.bool_
    assert rewards.shape == (n, game.num_players())
    singles = [game.new_initial_state() for _ in range(n)]
    for i, st in enumerate(singles):
        sync(st, env.state(i).history())
    rng = random.Random(1)
    ended = 0
    for _ in range(300):
        for i, st in enumerate(singles):
            assert np.array_equal(obs[i], st.observation(view=True)), f"game {i}"
            assert list(np.flatnonzero(mask[i])) == st.legal_actions()
            assert player[i] == st.current_player()
        actions = np.array([rng.choice(st.legal_actions()) for st in singles])
        obs, rewards, terminated, truncated, mask, player = env.step(actions)
        for i, st in enumerate(singles):
            st.apply_action(int(actions[i]))
            new = env.state(i)
            if terminated[i] or truncated[i]:
                ended += 1
                if st.is_chance_node():
                    # Cut at the most plies after chance outcomes the env
                    # drew and did not keep.
                    assert truncated[i] and not rewards[i].any()
                else:
                    assert st.is_terminal()
                    assert list(rewards[i]) == st.returns()
                    cut = st.move_number() >= 80 and not any(st.returns())
                    assert bool(truncated[i]) == cut and bool(terminated[i]) != cut
                singles[i] = st = game.new_initial_state()
                sync(st, new.history())
            else:
                assert not rewards[i].any()
                sync(st, new.history())
    assert ended > 0


def test_an_illegal_action_moves_no_game():
    game = tavoliere.load_game("tic-tac-toe")
    env = tavoliere.VectorEnv(game, 3, seed=1)
    obs, *_ = env.reset()
    with pytest.raises(ValueError, match="not legal in game 2"):
        env.step(np.array([0, 1, 99]))
    with pytest.raises(ValueError, match="3 integers"):
        env.step(np.array([0, 1]))
    assert all(env.state(i).history() == [] for i in range(3))
    obs2, *_ = env.step([0, 1, 2])
    assert [env.state(i).history() for i in range(3)] == [[0], [1], [2]]
