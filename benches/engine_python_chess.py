"""`tavoliere engine` driven by python-chess's `chess.engine.SimpleEngine`,
as a GUI or lichess-bot drives a UCI engine and XBoard a CECP one: short
games of chess and of crazyhouse (python-chess's `CrazyhouseBoard`,
`UCI_Variant` in UCI, `variant crazyhouse` in CECP), tavoliere against
itself and against a random mover. python-chess judges every move
the engine answers (it refuses an illegal `bestmove`), plays the random
side's moves, and after each game the perft of the final position is
counted by both (`go perft 2` against python-chess's own move generator).

    python3 benches/engine_python_chess.py [--plies 40] [--movetime 50]

It makes the git-ignored `.venv` at the project's root and installs
python-chess there (tests/perft/reference_venv.py), and builds the release
binary. Not run by `cargo test` or CI: it needs PyPI.
"""

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "perft"))
from reference_venv import ROOT, board_perft, run_inside  # noqa: E402

try:
    import chess
    import chess.engine
    import chess.variant
except ImportError:
    run_inside(__file__, "chess")


def engine_perft(binary, game, board, depth):
    """`go perft DEPTH` in a fresh engine process: the total it prints."""
    root = board.root()
    moves = " ".join(m.uci() for m in board.move_stack)
    lines = [
        "uci",
        f"position fen {root.fen()}" + (f" moves {moves}" if moves else ""),
        f"go perft {depth}",
        "quit",
    ]
    out = subprocess.run(
        [str(binary), "engine", str(game), "--threads", "1"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    for line in out.splitlines():
        if line.startswith("Nodes searched: "):
            return int(line.split(": ")[1])
    raise SystemExit(f"no perft total from the engine:\n{out}")


def play(engine, board, plies, movetime, opponent):
    """Plays up to `plies` plies; `opponent` is "self" or "random" (the
    random mover takes black). Returns the moves and the engine's time."""
    rng = random.Random(1)
    spent = 0.0
    while not board.is_game_over() and len(board.move_stack) < plies:
        if opponent == "random" and board.turn == chess.BLACK:
            board.push(rng.choice(list(board.legal_moves)))
            continue
        start = time.perf_counter()
        result = engine.play(board, chess.engine.Limit(time=movetime / 1000))
        spent += time.perf_counter() - start
        # python-chess has already refused a move it does not find legal.
        assert result.move in board.legal_moves, result.move
        board.push(result.move)
    return spent


def main():
    args = argparse.ArgumentParser()
    args.add_argument("--plies", type=int, default=40)
    args.add_argument("--movetime", type=int, default=50, help="milliseconds a move")
    args = args.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    binary = ROOT / "target" / "release" / "tavoliere"
    game = ROOT / "games" / "chess.toml"
    cases = [
        ("uci", "chess", chess.Board, "self"),
        ("uci", "chess", chess.Board, "random"),
        ("uci", "crazyhouse", chess.variant.CrazyhouseBoard, "self"),
        ("uci", "crazyhouse", chess.variant.CrazyhouseBoard, "random"),
        ("xboard", "chess", chess.Board, "self"),
        ("xboard", "crazyhouse", chess.variant.CrazyhouseBoard, "random"),
    ]
    failed = 0
    for protocol, name, Board, opponent in cases:
        board = Board()
        command = [str(binary), "engine", str(game), "--threads", "1"]
        if protocol == "uci":
            engine = chess.engine.SimpleEngine.popen_uci(command)
        else:
            # CECP: python-chess sends `variant NAME` from the board's
            # `xboard_variant`, after checking the engine's `variants`.
            engine = chess.engine.SimpleEngine.popen_xboard(command)
        try:
            # python-chess sets UCI_Variant itself from the board's
            # `uci_variant`, after checking the engine lists it.
            spent = play(engine, board, args.plies, args.movetime, opponent)
        finally:
            engine.quit()
        variant_game = ROOT / "games" / f"{name}.toml"
        theirs = board_perft(board, 2) if not board.is_game_over() else 0
        ours = engine_perft(binary, variant_game, board, 2) if not board.is_game_over() else 0
        verdict = "ok" if ours == theirs else "DIFFERENT"
        failed += ours != theirs
        print(
            f"{protocol:<6} {name:<10} vs {opponent:<6} {len(board.move_stack):>3} plies, "
            f"{spent:.1f} s of engine time, result {board.result(claim_draw=True)}; "
            f"perft(2) at the end: engine {ours}, python-chess {theirs} {verdict}"
        )
        print("  " + " ".join(m.uci() for m in board.move_stack))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
