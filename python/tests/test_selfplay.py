"""Self-play primitives: UCT visit counts as policy targets, the search
guided by an evaluator, and the Connect Four example."""

import pathlib
import sys

import numpy as np

import tavoliere
import tavoliere.selfplay as sp

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))
import connect_four_selfplay as example  # noqa: E402


def test_mcts_policy_is_a_distribution_over_legal_actions():
    game = tavoliere.load_game("connect-four")
    state = game.new_initial_state()
    policy, value = sp.mcts_policy(game, state, budget=200, seed=3)
    assert policy.shape == (game.num_distinct_actions(),) == (7,)
    assert abs(policy.sum() - 1) < 1e-5
    assert set(np.flatnonzero(policy)) <= set(state.legal_actions())
    assert -1 <= value <= 1
    moves, visits, _ = state.mcts_policy(200, 3)
    # One search of 200 iterations visits its root moves 200 times.
    assert sum(visits) == 200 and len(moves) == 7


def test_mcts_sees_a_win_in_one():
    # Red has three in column a (a1, a2, a3) and moves: a4 wins.
    game = tavoliere.load_game("connect-four")
    state = game.new_initial_state()
    for a in [0, 1, 0, 1, 0, 1]:
        state.apply_action(a)
    policy, value = sp.mcts_policy(game, state, budget=500, seed=1, temperature=0)
    assert policy[0] == 1
    assert value > 0.5


def test_self_play_rows():
    game = tavoliere.load_game("tic-tac-toe")
    rows = sp.self_play(game, budget=50, seed=2)
    assert rows
    obs, pol, val = rows[0]
    assert obs.dtype == np.float32 and obs.shape == tuple(game.observation_tensor_shape())
    assert pol.shape == (9,) and abs(pol.sum() - 1) < 1e-5
    # Values are the final returns of the player who moved, alternating.
    assert all(v in (-1.0, 0.0, 1.0) for _, _, v in rows)
    assert all(a == -b for (_, _, a), (_, _, b) in zip(rows, rows[1:]))


def test_puct_with_a_uniform_evaluator_batches_and_finds_the_win():
    game = tavoliere.load_game("tic-tac-toe")
    n = game.num_distinct_actions()
    batches = []

    def uniform(observations):
        batches.append(observations.shape)
        return np.ones((len(observations), n)), np.zeros(len(observations))

    state = game.new_initial_state()
    # x on a1, b1 (o on a2, b2): c1 wins for x.
    for text in ["a1", "a2", "b1", "b2"]:
        state.apply_action(state.string_to_action(text))
    policy, _ = sp.puct_policy(game, state, uniform, simulations=200, batch=4, temperature=0)
    assert state.action_to_string(int(np.argmax(policy))) == state.action_to_string(
        state.string_to_action("c1")
    )
    assert all(b[1] == game.observation_tensor_shape()[0] for b in batches)
    assert max(b[0] for b in batches) > 1


def test_example_rows_and_the_searcher_beats_random():
    game = tavoliere.load_game("connect-four")
    obs, pol, val = example.generate(game, games=1, budget=100, seed=1)
    assert len(obs) == len(pol) == len(val) > 6
    assert pol.shape[1] == 7
    # A generous bound: UCT with 300 iterations beats a random mover at
    # Connect Four nearly always.
    wins, _, _ = example.versus_random(game, 20, 300, seed=5)
    assert wins >= 16, wins
