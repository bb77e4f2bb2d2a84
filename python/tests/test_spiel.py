"""tavoliere.spiel against OpenSpiel itself: its C++ random_sim_test and a
Python random simulation (clone independence, serialization and pickle
round trips) on every shipped game, its Python algorithms (MCTSBot,
alpha_beta_search, evaluate_bots, nash_conv) on tic-tac-toe, the values
compared with pyspiel's own tic_tac_toe."""

import pickle
import subprocess
import sys
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import tavoliere.spiel  # noqa: E402
from conftest import ROOT, game_path  # noqa: E402
from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, exploitability, mcts, minimax  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

GAMES = sorted(p.name for p in (ROOT / "games").glob("*.toml"))
TTT = game_path("tic-tac-toe.toml")

# Per game: the C++ simulation's game is cut after this many actions, and
# the Python one stops after this many seconds (the file stays under ~2 min).
CPP_SIM_ACTIONS = 24
PY_SIM_SECONDS = 0.4


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test(name):
    """OpenSpiel's own C++ checks (testing::RandomSimTest): legal action
    masks, clones, observation and information state strings and tensors,
    serialization through game and state strings, returns in range."""
    game = tavoliere.spiel.load_game(game_path(name), max_game_length=CPP_SIM_ACTIONS)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_random_sim_test_plays_tic_tac_toe_to_the_end():
    game = tavoliere.spiel.load_game(TTT)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def check_round_trips(game, state):
    """Serialization by OpenSpiel's strings, by the state's own string and by
    pickle give back the same state, history and legal actions."""
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    again = game.deserialize_state(state.serialize())
    unpickled = pickle.loads(pickle.dumps(state))
    for other in (state2, again, unpickled):
        assert str(other) == str(state)
        assert other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()
        assert other.is_terminal() == state.is_terminal()


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation_with_round_trips(name):
    game = tavoliere.spiel.load_game(game_path(name), max_game_length=400)
    n = game.num_players()
    assert game.get_type().max_num_players == game.get_type().min_num_players == n
    assert game.min_utility() < game.max_utility()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert game.utility_sum() == 0.0
    rng = np.random.RandomState(7)
    state = game.new_initial_state()
    assert not state.is_simultaneous_node()
    if game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC:
        assert not state.is_chance_node()
        assert state.chance_outcomes() == []
    shape = game.observation_tensor_shape()
    deadline = time.monotonic() + PY_SIM_SECONDS
    actions, next_check = 0, 1
    while not state.is_terminal() and time.monotonic() < deadline:
        if actions >= next_check:
            check_round_trips(game, state)
            next_check *= 2
        if state.is_chance_node():
            # A roll (a game with dice): an outcome drawn, no player's turn.
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        player = state.current_player()
        assert 0 <= player < n
        legal = state.legal_actions()
        assert legal == sorted(legal) and legal
        assert state.legal_actions(player) == legal
        for other in range(n):
            if other != player:
                assert state.legal_actions(other) == []
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        assert sum(state.legal_actions_mask()) == len(legal)
        assert len(state.observation_tensor(player)) == int(np.prod(shape))
        assert state.observation_string(player) == str(state)
        assert state.information_state_string(player) == " ".join(
            str(a) for a in state.history()
        )
        assert state.rewards() == [0.0] * n
        action = int(rng.choice(legal))
        # Clones are independent: playing on one leaves the other as it was.
        before, history = str(state), state.history()
        clone = state.clone()
        child = state.child(action)
        assert str(state) == before and state.history() == history
        clone.apply_action(action)
        state.apply_action(action)
        assert str(clone) == str(state) == str(child)
        assert clone.history() == state.history() == child.history() == history + [action]
        assert state.history_str() == ", ".join(str(a) for a in state.history())
        actions += 1
    check_round_trips(game, state)
    if state.is_terminal():
        assert state.legal_actions() == []
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        returns = state.returns()
        assert state.rewards() == returns
        for p in range(n):
            assert state.player_return(p) == returns[p]
            assert game.min_utility() <= returns[p] <= game.max_utility()
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(returns) == 0.0


def test_max_game_length_counts_actions():
    """The game is cut, a draw, after max_game_length actions."""
    game = tavoliere.spiel.load_game(game_path("quoridor.toml"), max_game_length=7)
    assert game.max_game_length() == 7
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 7
    assert state.returns() == [0.0, 0.0]


def test_utility_sum_of_a_four_player_game():
    """Quoridor for four: one seat wins (+1), three lose (-1 each): not
    zero-sum, so GENERAL_SUM and no utility_sum."""
    game = tavoliere.spiel.load_game(game_path("quoridor-4p.toml"))
    assert game.num_players() == 4
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0


def test_loadable_by_pyspiel_under_its_short_name():
    game = tavoliere.spiel.load_game(TTT)
    again = pyspiel.load_game(game.get_type().short_name, {"max_game_length": 5})
    assert again.max_game_length() == 5
    assert again.num_distinct_actions() == game.num_distinct_actions()


def test_a_pickled_state_unpickles_in_another_process():
    game = tavoliere.spiel.load_game(game_path("draughts.toml"))
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    code = "import pickle, sys, tavoliere.spiel; s = pickle.load(sys.stdin.buffer); print(s.history(), end='')"
    out = subprocess.run(
        [sys.executable, "-c", code],
        input=pickle.dumps(state),
        capture_output=True,
        cwd="/",
        check=True,
    ).stdout.decode()
    assert out == str(state.history())


def play(state, bots):
    return evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))


def test_mcts_beats_random_at_tic_tac_toe():
    game = tavoliere.spiel.load_game(TTT)
    wins = losses = 0
    for i in range(20):
        seat = i % 2
        bot = mcts.MCTSBot(
            game,
            uct_c=2,
            max_simulations=100,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
            random_state=np.random.RandomState(100 + i),
        )
        rand = uniform_random.UniformRandomBot(1 - seat, np.random.RandomState(200 + i))
        bots = [bot, rand] if seat == 0 else [rand, bot]
        returns = play(game.new_initial_state(), bots)
        wins += returns[seat] > 0
        losses += returns[seat] < 0
    # MCTS with 100 simulations rarely loses to random; a generous bound.
    assert wins >= 12 and losses <= 3, (wins, losses)


def test_the_cpp_mcts_bot_beats_random_at_tic_tac_toe():
    """OpenSpiel's C++ MCTSBot and evaluate_bots take the game too."""
    game = tavoliere.spiel.load_game(TTT)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    wins = 0
    for i in range(10):
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 100, 1000, 1, i, False)
        returns = pyspiel.evaluate_bots(
            game.new_initial_state(), [bot, pyspiel.make_uniform_random_bot(1, i)], i
        )
        wins += returns[0] > 0
    assert wins >= 7, wins


def test_evaluate_bots_on_a_four_player_game():
    game = tavoliere.spiel.load_game(game_path("quoridor-4p.toml"), max_game_length=60)
    bots = [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(4)]
    returns = play(game.new_initial_state(), bots)
    assert len(returns) == 4 and all(r in (-1.0, 0.0, 1.0) for r in returns)


def test_alpha_beta_search_solves_tic_tac_toe():
    """Tic-tac-toe is a draw with perfect play (value 0, as pyspiel's own
    tic_tac_toe); after X in a corner and O on an adjacent edge, X wins."""
    game = tavoliere.spiel.load_game(TTT)
    reference = pyspiel.load_game("tic_tac_toe")
    value, _ = minimax.alpha_beta_search(game)
    expected, _ = minimax.alpha_beta_search(reference)
    assert value == expected == 0.0
    state = game.new_initial_state()
    inner = state.tavoliere_state
    for move in ("a1", "b1"):
        state.apply_action(inner.string_to_action(move))
    ref = reference.new_initial_state()
    for cell in (6, 7):  # pyspiel's cells: row 2 (bottom), columns 0 and 1
        ref.apply_action(cell)
    value, _ = minimax.alpha_beta_search(game, state)
    expected, _ = minimax.alpha_beta_search(reference, ref)
    assert value == expected == 1.0


def test_nash_conv_of_the_uniform_policy_equals_pyspiels():
    game = tavoliere.spiel.load_game(TTT)
    reference = pyspiel.load_game("tic_tac_toe")
    ours = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    theirs = exploitability.nash_conv(reference, policy.UniformRandomPolicy(reference))
    assert abs(ours - theirs) < 1e-9, (ours, theirs)
