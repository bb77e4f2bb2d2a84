"""The games shipped inside the package: loaded by name wherever the
package is installed, their `extends` resolved among them."""

import os

import pytest

import tavoliere
from conftest import game_path


def test_every_game_of_the_folder_is_shipped():
    folder = os.path.dirname(game_path("chess.toml"))
    names = sorted(f[: -len(".toml")] for f in os.listdir(folder) if f.endswith(".toml"))
    assert sorted(tavoliere.shipped_games()) == names


def test_a_shipped_game_loads_by_name_from_anywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # Chess has 20 first moves, Connect Four 7, tic-tac-toe 9.
    for name, first_moves in [("chess", 20), ("connect-four.toml", 7), ("tic-tac-toe", 9)]:
        state = tavoliere.load_game(name).new_initial_state()
        assert len(state.legal_actions()) == first_moves, name


def test_a_shipped_variant_finds_its_base_among_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # Crazyhouse extends chess.toml: the same 20 first moves.
    state = tavoliere.load_game("crazyhouse").new_initial_state()
    assert len(state.legal_actions()) == 20


def test_an_unknown_name_is_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OSError):
        tavoliere.load_game("no-such-game")


def test_pyspiel_loads_a_shipped_game_by_name():
    from tavoliere import spiel

    game = spiel.load_game("tic-tac-toe")
    assert len(game.new_initial_state().legal_actions()) == 9
