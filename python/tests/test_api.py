"""The OpenSpiel-like API: perft against the Rust counts, a seeded game
against the CLI's, observation shapes, serialization, errors."""

import random
import re
import subprocess
import tomllib

import pytest

import tavoliere
from conftest import ROOT, game_path

SEED_GAMES = ["quoridor.toml", "asalto.toml", "siege-of-paris.toml", "tamerlane.toml"]


def start_counts(game):
    """The perft counts of tests/perft/*.toml from the game's start (no
    `position` or `moves`): counts from independent counters or OpenSpiel."""
    for f in sorted((ROOT / "tests" / "perft").glob("*.toml")):
        for case in tomllib.loads(f.read_text()).get("case", []):
            if case["game"] == f"games/{game}" and "position" not in case and "moves" not in case:
                return case["counts"]
    raise AssertionError(f"no start perft for {game}")


def python_perft(state, depth):
    """perft through the Python API: whole moves, a chain being one move
    of several actions."""
    if depth == 0:
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        more = child.current_player() == state.current_player() and child.move_number() == state.move_number()
        total += python_perft(child, depth if more else depth - 1)
    return total


@pytest.mark.parametrize("game", SEED_GAMES)
def test_perft_equals_the_rust_counts(game):
    counts = start_counts(game)
    g = tavoliere.load_game(game_path(game))
    st = g.new_initial_state()
    # Batch perft in Rust: up to a few million nodes.
    for depth, expected in enumerate(counts, start=1):
        if expected > 3_000_000:
            break
        assert st.perft(depth) == expected, f"{game} perft({depth})"
    # The same counts through legal_actions and apply_action.
    for depth, expected in enumerate(counts, start=1):
        if expected > 20_000:
            break
        assert python_perft(st, depth) == expected, f"{game} Python perft({depth})"


@pytest.mark.parametrize("game", SEED_GAMES)
def test_a_seeded_random_game_equals_the_cli_game(game, cli):
    g = tavoliere.load_game(game_path(game), max_game_length=60)
    st = g.new_initial_state()
    seed = 11
    while not st.is_terminal():
        # `tavoliere play` seeds the move after k moves with seed + k.
        for a in st.agent_actions("random", seed + st.move_number()):
            st.apply_action(a)
    seats = []
    for name in g.player_names():
        seats += ["--computer", name]
    # The CLI plays on to the end: read its first moves, then stop it.
    cli_moves = []
    with subprocess.Popen(
        [cli, "play", game_path(game), "--seed", str(seed), *seats],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
    ) as p:
        for line in p.stdout:
            m = re.match(r"^\S+ plays (\S+)$", line)
            if m:
                cli_moves.append(m.group(1))
            if len(cli_moves) == 60 or line.startswith("record:"):
                break
        p.kill()
    assert st.move_history() == cli_moves


def test_observation_shapes():
    g = tavoliere.load_game(game_path("quoridor.toml"))
    layout = dict(g.observation_layout())
    # Quoridor: 2 sides, 81 squares, 128 wall slots, 10 walls in hand each.
    assert layout["pieces"][0] == 2 and layout["pieces"][2] == 81
    assert layout["barriers"][1] == 128
    size = sum(_prod(s) for s in layout.values())
    assert g.observation_tensor_shape() == [size]
    st = g.new_initial_state()
    t = st.observation_tensor()
    assert len(t) == size
    kinds = layout["pieces"][1]
    assert sum(t[: 2 * kinds * 81]) == 2  # one pawn each
    hands = t[2 * kinds * 81 + layout["barriers"][0] * 128 :][: _prod(layout["hands"])]
    assert sorted(hands)[-2:] == [10.0, 10.0]
    assert t[-2:] == [1.0, 0.0]
    for game in SEED_GAMES:
        g = tavoliere.load_game(game_path(game))
        st = g.new_initial_state()
        assert len(st.observation_tensor()) == g.observation_tensor_shape()[0]
        mask = st.legal_actions_mask()
        assert len(mask) == g.num_distinct_actions()
        assert [a for a, m in enumerate(mask) if m] == st.legal_actions()


def _prod(shape):
    n = 1
    for x in shape:
        n *= x
    return n


def test_strings_serialize_and_returns():
    g = tavoliere.load_game(game_path("quoridor.toml"))
    assert g.num_players() == 2
    st = g.new_initial_state()
    assert len(st.legal_actions()) == 131
    a = st.string_to_action("e2")
    assert st.action_to_string(a) == "e1-e2"
    assert st.string_to_action("e1-e2") == a
    st.apply_action(a)
    copy = g.deserialize_state(st.serialize())
    assert copy.serialize() == st.serialize() and str(copy) == str(st)
    with pytest.raises(ValueError):
        st.apply_action(a)  # white's move again, and illegal for black
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.current_player() == tavoliere.TERMINAL
    assert sorted(st.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_errors_carry_the_diagnostics():
    with pytest.raises(tavoliere.GameError) as e:
        tavoliere.load_game('name = "x"\n[board]\nfiles = 3\nranks = 3\nbogus = 1\n')
    assert "error" in str(e.value)


def test_batch_calls():
    g = tavoliere.load_game(game_path("asalto.toml"))
    st = g.new_initial_state()
    r = st.random_playouts(20, 5)
    assert r["playouts"] == 20 and r["plies"] > 0
    assert sum(r["wins"]) + r["draws"] == 20
    assert r == st.random_playouts(20, 5)
    actions = st.mcts_move(200, seed=3)
    for a in actions:
        st.apply_action(a)
    assert st.move_number() == 1


def test_a_capture_chain_is_one_action_per_landing():
    g = tavoliere.load_game(game_path("asalto.toml"), max_game_length=300)
    rng = random.Random(4)
    chains = 0
    for _ in range(30):
        before = chains
        st = g.new_initial_state()
        while not st.is_terminal():
            player, moves = st.current_player(), st.move_number()
            st.apply_action(rng.choice(st.legal_actions()))
            if st.move_number() == moves:
                # A landing of a chain not finished: the same player again.
                assert st.current_player() == player
                chains += 1
        assert len(st.history()) == st.move_number() + chains - before
        again = g.deserialize_state(st.serialize())
        assert again.move_history() == st.move_history()
    assert chains > 0
