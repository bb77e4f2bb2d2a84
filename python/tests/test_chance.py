"""Chance nodes (a game's dice, `[chance.NAME]`): the pyspiel conventions,
OpenSpiel's own checks and algorithms on Einstein würfelt nicht, and the
PettingZoo environment rolling the dice itself."""

import pyspiel
from pettingzoo.test import api_test

import tavoliere
import tavoliere.pettingzoo
import tavoliere.spiel
from conftest import game_path

EINSTEIN = "einstein.toml"


def test_a_roll_is_a_chance_node_with_its_outcomes():
    game = tavoliere.load_game(game_path(EINSTEIN))
    assert game.max_chance_outcomes() == 6
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == -1
    outcomes = state.chance_outcomes()
    # As pyspiel numbers them: a chance node's outcomes are 0, 1, ...
    assert [a for a, _ in outcomes] == state.legal_actions() == list(range(6))
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"roll:{n}" for n in range(1, 7)]
    # Roll a 3: white (seat 1, it moves first) may move its cube 3 only.
    state.apply_action(outcomes[2][0])
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []
    assert state.current_player() == 1
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == [
        "e2-d3", "e2xd2", "e2xe3",
    ]
    # `roll 6`, OpenSpiel's text, reads as well once the turn is played.
    state.apply_action(state.string_to_action("e2-d3"))
    assert state.string_to_action("roll 6") == outcomes[5][0]


def test_perft_counts_the_rolls_as_openspiel_does():
    # OpenSpiel's einstein_wurfelt_nicht after its setup outcomes 0 and 0,
    # every chance node a ply of six children: 6, 18, 108, 324.
    state = tavoliere.load_game(game_path(EINSTEIN)).new_initial_state()
    assert [state.perft(d) for d in range(1, 5)] == [6, 18, 108, 324]


def test_openspiel_random_sim_test_on_a_game_with_dice():
    game = tavoliere.spiel.load_game(game_path(EINSTEIN), max_game_length=200)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 6
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_mcts_plays_through_the_dice():
    from open_spiel.python.algorithms import mcts

    game = tavoliere.spiel.load_game(game_path(EINSTEIN))
    state = game.new_initial_state()
    assert state.is_chance_node()
    bot = mcts.MCTSBot(game, 2, 50, mcts.RandomRolloutEvaluator(1, random_state=None))
    plies = 0
    while not state.is_terminal() and plies < 400:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-12
            state.apply_action(actions[plies % len(actions)])
        else:
            state.apply_action(bot.step(state))
        plies += 1
    assert state.is_terminal()
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_pettingzoo_rolls_the_dice_itself():
    api_test(tavoliere.pettingzoo.env(game_path(EINSTEIN)), num_cycles=300)

    def trajectory(seed):
        e = tavoliere.pettingzoo.env(game_path(EINSTEIN))
        e.reset(seed=seed)
        seen = []
        for agent in e.agent_iter():
            obs, reward, termination, truncation, info = e.last()
            if termination or truncation:
                e.step(None)
                continue
            legal = [a for a, m in enumerate(obs["action_mask"]) if m]
            # No agent is ever offered a roll: its actions are its moves.
            assert not e.unwrapped.state.is_chance_node()
            seen.append(legal[0])
            e.step(legal[0])
        return seen

    # The same seed, the same dice: the same game for the same choices.
    assert trajectory(7) == trajectory(7)


def test_backgammons_opening_roll_off_is_openspiels_first_chance_node():
    # games/backgammon-openspiel.toml: each side throws one die, a tie is
    # thrown again, the higher die starts and plays both: 6 * 5 = 30
    # outcomes, each 1/30, as OpenSpiel's backgammon's first chance node.
    game = tavoliere.load_game(game_path("backgammon-openspiel.toml"))
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions() == list(range(30))
    assert all(abs(p - 1 / 30) < 1e-12 for _, p in outcomes)
    texts = [state.action_to_string(a) for a, _ in outcomes]
    assert "roll:5-3" in texts and "roll:3-5" in texts and "roll:4-4" not in texts
    # White threw 5 and Black 3, or the other way round: the other starts.
    white_starts = state.clone()
    white_starts.apply_action(texts.index("roll:5-3"))
    state.apply_action(texts.index("roll:3-5"))
    assert not state.is_chance_node() and not white_starts.is_chance_node()
    assert {state.current_player(), white_starts.current_player()} == {0, 1}
    # Later rolls are the usual 21 throws.
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert len(state.chance_outcomes()) == 21
