"""`tavoliere.analyze` reports the points won where end rules give them,
as `tavoliere analyze` does (tests/agents.rs works the games out)."""

import json
import subprocess

import pytest

import tavoliere
from conftest import ROOT

GAMBLE = str(ROOT / "tests" / "games" / "points-gamble.toml")
PLAIN = str(ROOT / "tests" / "games" / "points-gamble-plain.toml")
SEATS = {"white": "mcts:300"}


def test_analyze_reports_the_points_of_the_wins():
    # Every White win is a heads won for 3 points; a tails is a draw.
    report = json.loads(tavoliere.analyze(GAMBLE, games=40, seats=SEATS, seed=7, max_plies=100, json=True))
    wins = report["wins"]["white"]["games"]
    assert wins > 0
    assert report["points"]["white"]["total"] == 3 * wins
    assert report["points"]["black"]["total"] == 0
    text = tavoliere.analyze(GAMBLE, games=40, seats=SEATS, seed=7, max_plies=100)
    assert f"points won: white {3 * wins} ({3 * wins / 40:.2f} a game), black 0 (0.00 a game)" in text


def test_analyze_equals_the_cli_on_a_game_of_points(cli):
    text = tavoliere.analyze(GAMBLE, games=20, seats=SEATS, seed=3, max_plies=100)
    out = subprocess.run(
        [cli, "analyze", GAMBLE, "--games", "20", "--seat", "white=mcts:300", "--seed", "3",
         "--max-plies", "100", "--threads", "1"],
        capture_output=True, text=True, check=True, timeout=300,
    ).stdout
    assert text == out


def test_a_game_without_points_reports_none():
    text = tavoliere.analyze(PLAIN, games=10, seats=SEATS, seed=7, max_plies=100)
    assert "points" not in text
    assert "points" not in tavoliere.analyze(PLAIN, games=10, seats=SEATS, seed=7, max_plies=100, json=True)


def test_results_keep_three_items_unless_points_are_asked_for():
    three = tavoliere.analyze_games(GAMBLE, ["white=random"], 1, 0, 4)
    assert all(len(r) == 3 for r in three)
    four = tavoliere.analyze_games(GAMBLE, ["white=random"], 1, 0, 4, points=True)
    assert [r[:3] for r in four] == three
    assert all(r[3] in (0, 3) for r in four)
    with pytest.raises(ValueError, match="not 2 items"):
        tavoliere.analyze_report(GAMBLE, [], [(0, 1)])
