"""The computer players against each other, at equal time per move: the
player the strengths choose (`auto:MSms`: alpha-beta where the search has
something to read, pieces' values or a goal's distance, else Monte Carlo
tree search: `Agent::for_game`) against plain MCTS, in the
shipped games players meet most. Each seat of a game is played by the new
player in turn, the other seats by MCTS; the report gives the new player's
score (wins + half the draws) with a 95% Wilson interval.

    python3 benches/tournament.py [--games 20] [--ms 100] [GAME ...]

It builds the release binary and runs `tavoliere analyze` (which plays the
games in parallel); it needs nothing else. Not run by `cargo test` or CI:
at 100 ms a move it takes about a minute a game file.
"""

import argparse
import json
import math
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = [
    "chess", "shogi", "xiangqi", "draughts", "othello", "connect-four",
    "quoridor", "tamerlane", "asalto", "siege-of-paris",
]


def seats(game):
    """The seat names of a game file (its sides when it names no seats)."""
    path = ROOT / "games" / f"{game}.toml"
    data = tomllib.loads(path.read_text())
    listed = data.get("seats")
    if listed:
        return [s["name"] for s in listed]
    if "sides" not in data:
        # A variant that keeps its base's sides.
        return seats((path.parent / data["extends"]).stem)
    return list(data["sides"])


def wilson(k, n):
    if n == 0:
        return (0.0, 100.0)
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def main():
    args = argparse.ArgumentParser()
    args.add_argument("--games", type=int, default=20, help="games per seat")
    args.add_argument("--ms", type=int, default=100, help="milliseconds a move, each player")
    args.add_argument("game", nargs="*", default=GAMES)
    args = args.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    binary = str(ROOT / "target" / "release" / "tavoliere")
    for game in args.game:
        new = f"auto:{args.ms}ms"
        old = f"mcts:{args.ms}ms"
        score, played = 0.0, 0
        for seat in seats(game):
            command = [binary, "analyze", f"games/{game}.toml", "--games", str(args.games),
                       "--max-plies", "300", "--json", "--seed", "7"]
            for other in seats(game):
                command += ["--seat", f"{other}={new if other == seat else old}"]
            out = json.loads(subprocess.run(command, cwd=ROOT, check=True,
                                            capture_output=True, text=True).stdout)
            score += out["wins"][seat]["games"] + out["draws"]["games"] / 2
            played += out["games"]
        low, high = wilson(score, played)
        print(f"{game:<15} {new:<18} vs {old:<12} scores {100 * score / played:5.1f}% "
              f"({low:.1f}-{high:.1f}) over {played} games", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
