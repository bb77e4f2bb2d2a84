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


@pytest.mark.parametrize("name", ["tic-tac-toe", "chess", "backgammon", "kalah"])
def test_the_sparse_legal_actions_and_the_sampler(name):
    game = tavoliere.load_game(name, max_game_length=60)
    n = 6
    env = tavoliere.VectorEnv(game, n, seed=3)
    _, _, _, _, mask, _ = env.reset()
    for _ in range(120):
        flat, offsets = env.legal_actions()
        assert flat.dtype == np.int64 and offsets.shape == (n + 1,) and offsets[0] == 0
        actions = env.sample_actions()
        assert actions.shape == (n,) and actions.dtype == np.int64
        for i in range(n):
            legal = env.state(i).legal_actions()
            # Against the single-state API and the dense mask.
            assert list(flat[offsets[i] : offsets[i + 1]]) == legal
            assert list(np.flatnonzero(mask[i])) == legal
            assert actions[i] in legal
        _, _, _, _, mask, _ = env.step(actions)


def sampled(name, seed, steps=40, mask=True):
    env = tavoliere.VectorEnv(tavoliere.load_game(name), 4, seed=seed, mask=mask)
    env.reset()
    out = []
    for _ in range(steps):
        actions = env.sample_actions()
        out.append(actions.tolist())
        env.step(actions)
    return out, [env.state(i).history() for i in range(4)]


def test_the_sampler_is_seeded():
    assert sampled("backgammon", 5) == sampled("backgammon", 5)
    assert sampled("backgammon", 5) == sampled("backgammon", 5, mask=False)
    assert sampled("connect-four", 5) != sampled("connect-four", 6)


def test_without_the_mask_step_returns_none_for_it():
    game = tavoliere.load_game("connect-four")
    env = tavoliere.VectorEnv(game, 3, seed=1, mask=False)
    obs, rewards, terminated, truncated, mask, player = env.reset()
    assert mask is None and obs.shape == (3, *game.observation_shape())
    flat, offsets = env.legal_actions()
    assert list(offsets) == [0, 7, 14, 21]
    _, _, _, _, mask, _ = env.step(env.sample_actions())
    assert mask is None


def test_the_sampler_and_sparse_actions_before_any_reset():
    game = tavoliere.load_game("tic-tac-toe")
    env = tavoliere.VectorEnv(game, 2, seed=1)
    flat, offsets = env.legal_actions()
    assert list(offsets) == [0, 9, 18]  # the nine empty squares
    assert list(flat[:9]) == list(flat[9:]) == game.new_initial_state().legal_actions()
    env.step(env.sample_actions())
    assert all(len(env.state(i).history()) == 1 for i in range(2))
