"""Complete observations (``State.observation``): along seeded random
games of every shipped game, two states with the same observation have
the same legal actions (or chance outcomes) and the same end; the flat
``observation_tensor`` fails that where it leaves out castling rights, en
passant, a capture chain part played or a pending promotion. Planes of a
hand-made chess position, and the mover's view."""

import pathlib
import random
import re

import numpy as np
import pytest

import tavoliere
from conftest import ROOT

GAMES = tavoliere.shipped_games()
# States visited per game and the most actions of one random game: random
# games that end sooner start again with the next seed.
STATES = 4000
MAX_ACTIONS = 250


def what_follows(state):
    """What an observation must determine: the legal actions (a chance
    node's outcomes and probabilities), or the returns once over."""
    if state.is_terminal():
        return ("over", tuple(state.returns()))
    if state.is_chance_node():
        return ("chance", tuple(state.chance_outcomes()))
    return (state.current_player(), tuple(state.legal_actions()))


def random_action(state, rng):
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        return rng.choices(actions, probs)[0]
    return rng.choice(state.legal_actions())


def first_clash(game, observe, states=STATES, seed=1):
    """The first two states of seeded random games that share an
    observation but not what follows: ((what, moves), (what, moves)) or
    None."""
    seen = {}
    visited, g = 0, 0
    while visited < states:
        rng = random.Random(seed * 7919 + g)
        g += 1
        st = game.new_initial_state()
        for _ in range(MAX_ACTIONS):
            visited += 1
            key = observe(st)
            follows = what_follows(st)
            first = seen.setdefault(key, (follows, st))
            if first[0] != follows:
                return (first[0], first[1].history()), (follows, st.history())
            if st.is_terminal() or visited >= states:
                break
            st = st.clone()
            st.apply_action(random_action(st, rng))
    return None


def load(name):
    # Long enough that no random game here is cut: the cut is the
    # binding's, not the game's, and no observation shows it.
    return tavoliere.load_game(name, max_game_length=10 * MAX_ACTIONS)


@pytest.mark.parametrize("view", [False, True], ids=["absolute", "mover"])
@pytest.mark.parametrize("name", GAMES)
def test_equal_observations_have_equal_futures(name, view):
    game = load(name)
    clash = first_clash(game, lambda st: st.observation(view=view).tobytes())
    assert clash is None, f"{name}: one observation, two futures: {clash}"


def flat(st):
    return np.asarray(st.observation_tensor(), dtype=np.float32).tobytes()


@pytest.mark.parametrize("name", ["chess", "draughts"])
def test_the_flat_tensor_is_not_markov(name):
    """The same test finds states the flat tensor confuses: it leaves out
    castling rights, en passant and a move part played."""
    assert first_clash(load(name), flat) is not None


def test_the_flat_tensor_confuses_castling_rights_and_en_passant():
    """Whole moves only (no move part played): pairs of positions equal on
    the board, with the same side to move, but not in castling rights or
    en passant, so not in their legal moves."""
    game = load("chess")
    names = game.observation_planes()

    def after(moves):
        st = game.new_initial_state()
        for m in moves.split():
            st.apply_action(st.string_to_action(m))
        return st

    def sans(st):
        return {st.action_to_string(a) for a in st.legal_actions()}

    def plane(st, name):
        return st.observation()[names.index(name)]

    # The h1 rook went to g1 and came back: no castling on the king's side.
    moved = after("e4 e5 Nf3 Nc6 Bc4 Bc5 Rg1 Nf6 Rh1 Ng8")
    unmoved = after("e4 e5 Nf3 Nc6 Bc4 Bc5 Ng1 Nf6 Nf3 Ng8")
    assert flat(moved) == flat(unmoved)
    assert sans(unmoved) - sans(moved) == {"e1-g1"}  # O-O
    r, c = cells(game)["h1"]
    assert plane(unmoved, "flag:unmoved")[r, c] == 1 and plane(moved, "flag:unmoved")[r, c] == 0
    # d7-d5 beside the e5 pawn allows exd6; d6-d5 does not.
    double = after("e4 a5 e5 Nf6 Nf3 Ng8 Ng1 d5")
    single = after("e4 a6 e5 a5 Nf3 d6 Ng1 d5")
    assert flat(double) == flat(single)
    assert sans(double) - sans(single) == {"e5xd6"}
    r, c = cells(game)["d7"]
    assert plane(double, "last_from")[r, c] == 1 and plane(single, "last_from")[r, c] == 0


def cells(game):
    return dict(zip(game.site_names(), game.observation_cells()))


def test_chess_planes_of_a_hand_made_position():
    game = load("chess")
    names = game.observation_planes()
    assert game.observation_shape() == (len(names), 8, 8)
    at = cells(game)
    st = game.new_initial_state()
    # Rh1-g1-h1 loses the rook's castling right; d7-d5 beside e5 allows
    # exd6 en passant.
    for m in "e4 a6 Nf3 Nf6 e5 Ng8 Rg1 a5 Rh1 d5".split():
        st.apply_action(st.string_to_action(m))
    obs = st.observation()
    plane = {n: obs[i] for i, n in enumerate(names)}

    def marked(name):
        return sorted(s for s, (r, c) in at.items() if plane[name][r, c])

    assert at["a8"] == (0, 0) and at["h1"] == (7, 7)
    assert marked("flag:unmoved") == ["a1", "a8", "e1", "e8", "h8"]
    assert marked("last_from") == ["d7"] and marked("last_to") == ["d5"]
    assert marked("white:pawn") == ["a2", "b2", "c2", "d2", "e5", "f2", "g2", "h2"]
    assert marked("black:king") == ["e8"]
    assert plane["to_move:white"].min() == 1 and plane["to_move:black"].max() == 0
    # The en passant capture is legal, and the planes tell it.
    assert "e5xd6" in [st.action_to_string(a) for a in st.legal_actions()]


def test_the_mover_s_view_turns_the_board_and_relabels_the_sides():
    game = load("chess")
    names = game.observation_planes(view=True)
    assert "own:king" in names and "opp:king" in names and "to_move:black" in names
    st = game.new_initial_state()
    st.apply_action(st.string_to_action("e4"))
    mine = st.observation(view=True)
    plain = st.observation()
    r, c = dict(zip(game.site_names(), game.observation_cells()))["e8"]
    own_king = mine[names.index("own:king")]
    # Black's king on e8 is at the bottom of black's view, on the e-file.
    assert own_king[7 - r, c] == 1 and own_king.sum() == 1
    # White's view of the start is the absolute one; black's view of its
    # own men mirrors white's of white's.
    assert np.array_equal(game.new_initial_state().observation(view=True), game.new_initial_state().observation())
    assert np.array_equal(mine[names.index("own:pawn")][::-1], plain[game.observation_planes().index("black:pawn")])
    # From white's view (player 0) while black is to move.
    assert np.array_equal(st.observation(player=0, view=True), plain)


def test_a_capture_chain_part_played_is_seen():
    game = load("draughts")
    names = game.observation_planes()
    # Find a chain part played along a random game.
    rng = random.Random(3)
    for _ in range(50):
        st = game.new_initial_state()
        while not st.is_terminal():
            before = st.observation()
            st.apply_action(rng.choice(st.legal_actions()))
            if st.pending():
                obs = st.observation()
                assert obs[names.index("pending")].min() == len(st.pending())
                assert obs[names.index("pending_at")].sum() == 1
                assert not np.array_equal(before, obs)
                return
    pytest.fail("no capture chain in 50 random games")


def test_the_plane_names_are_documented():
    readme = (ROOT / "README.md").read_text()
    python = readme[readme.index("## Python") :]
    words = set()
    for name in GAMES:
        game = tavoliere.load_game(name)
        for view in (False, True):
            for plane in game.observation_planes(view=view):
                parts = plane.split(":")
                words.add(re.sub(r"\d+$", "", parts[0]))
    sides = {
        plane.split(":")[1]
        for name in GAMES
        for plane in tavoliere.load_game(name).observation_planes()
        if plane.startswith("to_move:")
    }
    for w in sorted(words - sides - {"own", "opp"}):
        assert f"`{w}" in python, f"plane `{w}` is not in README's Python section"
