"""Arguments out of range and hostile inputs: a Python error, never a
crash, a wrap-around or a quoted file."""

import pytest

import tavoliere
from tavoliere import _tavoliere
from conftest import game_path


def test_perft_depth_is_bounded():
    st = tavoliere.load_game(game_path("asalto.toml")).new_initial_state()
    with pytest.raises(ValueError):
        st.perft(2**32 - 1)
    with pytest.raises(ValueError):
        st.perft(65)
    assert st.perft(1) > 0


def test_thread_counts_are_bounded():
    st = tavoliere.load_game(game_path("asalto.toml")).new_initial_state()
    with pytest.raises(ValueError):
        st.random_playouts(2, 1, threads=10**9)
    with pytest.raises(ValueError):
        st.mcts_move(10, threads=10**9)


def test_a_winner_out_of_range_is_refused():
    path = game_path("asalto.toml")
    seats = []
    with pytest.raises(ValueError):
        _tavoliere.analyze_report(path, seats, [(256, 10, 100)])


def test_a_base_that_is_not_a_game_is_not_quoted(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:hunter2:/root\n")
    with pytest.raises(tavoliere.GameError) as e:
        tavoliere.load_game(f'extends = "{secret}"\n')
    assert "hunter2" not in str(e.value)
    assert "not a game file" in str(e.value)


def test_a_lattice_of_captures_raises_a_game_error():
    """Asalto with its soldiers on every point whose file and rank are not
    both odd and an officer on c3 to move: its capture chains branch at
    every jump, and listing them stops at the chain budget, quickly."""
    import re
    import time

    with open(game_path("asalto.toml")) as f:
        text = f.read()
    text = text.replace("reserve = { officer = 2 }\n", "")
    text = text[: text.index("# The officers place")] + text[text.index("# Checked in this order") :]
    text = text.replace('order = ["soldiers", "officers"]', 'order = ["officers", "soldiers"]')
    lattice = "d1 c2 d2 e2 b3 d3 f3 a4 b4 c4 d4 e4 f4 g4 b5 d5 f5 c6 d6 e6 d7"
    text = re.sub(
        r'soldiers = "soldier: [^"]*"',
        f'soldiers = "soldier: {lattice}"\nofficers = "officer: c3"',
        text,
    )
    st = tavoliere.load_game(text).new_initial_state()
    start = time.monotonic()
    with pytest.raises(tavoliere.GameError) as e:
        st.legal_actions()
    assert "too many capture chains" in str(e.value)
    assert time.monotonic() - start < 10
    # Playouts and self-play from that start stop at the budget as well,
    # rather than report games whose moves may be wrong.
    with pytest.raises(tavoliere.GameError) as e:
        st.random_playouts(2, 50)
    assert "too many capture chains" in str(e.value)
    with pytest.raises(tavoliere.GameError) as e:
        tavoliere.analyze(text, games=2)
    assert "too many capture chains" in str(e.value)
    assert time.monotonic() - start < 30
