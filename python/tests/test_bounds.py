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
