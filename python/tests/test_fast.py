"""The fast path of legal_actions and apply_action (a position whose legal
moves are all plain, one action each, looked up in tables made by the
action encoder itself) against the general path (every move encoded, then
searched), along random games of games that take one path, the other, or
both."""

import random

import pytest

import tavoliere
from tavoliere import _tavoliere

# Fast everywhere: steps, drops, drops that fall (Connect Four), removals
# (Morris), sowings (Kalah, Oware), barriers (Quoridor). Both paths:
# chains (draughts, Lasca), promotions and castling (chess, shogi),
# demands (siege-of-paris-demand), huffs (asalto-huff-claimed), chance
# and bearing off (backgammon), passes (Othello, Go).
FAST = [
    "tic-tac-toe",
    "connect-four",
    "breakthrough",
    "nine-mens-morris",
    "kalah",
    "oware",
    "hex-7",
    "quoridor",
]
MIXED = [
    "draughts",
    "lasca",
    "chess",
    "shogi",
    "siege-of-paris-demand",
    "asalto-huff-claimed",
    "backgammon",
    "othello",
    "go-9",
]


def check_game(name, seed, plies=200):
    """Plays a random game, comparing both paths at each position (every
    legal action and a few others); the positions the fast path listed."""
    game = tavoliere.load_game(name)
    n_actions = game.num_distinct_actions()
    rng = random.Random(seed)
    st = game.new_initial_state()
    fast = 0
    for _ in range(plies):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        others = [rng.randrange(n_actions) for _ in range(5)]
        candidates = legal + others + [n_actions + 3]
        (is_fast, fast_legal, fast_follow), (general_legal, general_follow) = _tavoliere._listing_check(
            st, candidates
        )
        assert fast_legal == general_legal, f"{name}: legal actions differ"
        assert fast_follow == general_follow, f"{name}: the moves the actions make differ"
        if not st.is_chance_node():
            assert legal == general_legal
        fast += is_fast
        illegal = [a for a in others if a not in legal]
        if illegal:
            before = st.history()
            with pytest.raises(ValueError, match="is not legal here|is not an outcome"):
                st.apply_action(illegal[0])
            assert st.history() == before
        st.apply_action(rng.choice(legal))
    return fast


@pytest.mark.parametrize("name", FAST)
def test_the_fast_path_equals_the_general_path(name):
    fast = sum(check_game(name, seed) for seed in range(3))
    assert fast > 0, f"{name}: the fast path never listed a position"


@pytest.mark.parametrize("name", MIXED)
def test_positions_off_the_fast_path_are_listed_as_before(name):
    for seed in range(2):
        check_game(name, seed)


def test_a_game_by_the_fast_path_replays_by_serialization():
    # Serialization replays the actions through apply_action: the same
    # positions, the same legal actions.
    game = tavoliere.load_game("nine-mens-morris")
    rng = random.Random(7)
    st = game.new_initial_state()
    while not st.is_terminal() and st.move_number() < 120:
        st.apply_action(rng.choice(st.legal_actions()))
    again = game.deserialize_state(st.serialize())
    assert str(again) == str(st)
    assert again.legal_actions() == st.legal_actions()
    assert again.move_history() == st.move_history()
