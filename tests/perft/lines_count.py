#!/usr/bin/env python3
"""Independent perft of tic-tac-toe and 7x6 Connect Four, from the rules alone.

Written without the engine: a board is a dict of squares, a move puts the
mover's mark on an empty square (tic-tac-toe) or on the lowest empty square
of a column that is not full (Connect Four); a move that makes N of the
mover's marks in a row (across, up, or along either diagonal) ends the game,
and so does a full board. A finished game has no moves.

    python3 tests/perft/lines_count.py            # both games, default depths
    python3 tests/perft/lines_count.py c4 8       # Connect Four to depth 8

Tic-tac-toe gives 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872;
Connect Four 7, 49, 343, 2401, 16807, 117649, 823536 (the public counts),
then 5673234 at depth 8 (`c4 8`, about a minute), matching
tests/perft/lines.toml.
"""
import sys

AXES = ((1, 0), (0, 1), (1, 1), (1, -1))


def won(board, files, ranks, x, y, n):
    me = board[(x, y)]
    for dx, dy in AXES:
        run = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while 0 <= cx < files and 0 <= cy < ranks and board.get((cx, cy)) == me:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if run >= n:
            return True
    return False


def moves(board, files, ranks, gravity):
    if gravity:
        for x in range(files):
            for y in range(ranks):
                if (x, y) not in board:
                    yield x, y
                    break
    else:
        for x in range(files):
            for y in range(ranks):
                if (x, y) not in board:
                    yield x, y


def perft(board, files, ranks, n, gravity, side, depth):
    if depth == 0:
        return 1
    total = 0
    for x, y in list(moves(board, files, ranks, gravity)):
        board[(x, y)] = side
        if depth == 1:
            total += 1
        elif not won(board, files, ranks, x, y, n):
            total += perft(board, files, ranks, n, gravity, 1 - side, depth - 1)
        del board[(x, y)]
    return total


GAMES = {"ttt": (3, 3, 3, False, 9), "c4": (7, 6, 4, True, 7)}

if __name__ == "__main__":
    names = [sys.argv[1]] if len(sys.argv) > 1 else list(GAMES)
    for name in names:
        files, ranks, n, gravity, depth = GAMES[name]
        if len(sys.argv) > 2:
            depth = int(sys.argv[2])
        counts = [perft({}, files, ranks, n, gravity, 0, d) for d in range(1, depth + 1)]
        print(name, counts)
