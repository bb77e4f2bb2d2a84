#!/usr/bin/env python3
"""Brandubh perft (Dragonheel's Lair, version 1), written from the rules
alone: 7x7, Black's 8 warriors move first against White's king and 4
warriors; every piece moves like a rook; only the king may stop on the
throne (d4) or a corner, any piece may pass over the empty throne; a piece
(the king too) is taken when the mover encloses it, orthogonally, between
the moving piece and another enemy piece or a corner; the king captures;
White wins with the king on a corner, Black by taking the king; a side
that cannot move draws (no moves).

    python3 tests/perft/brandubh_count.py 4
"""
import sys

N = 7
THRONE = (3, 3)
CORNERS = {(0, 0), (6, 0), (0, 6), (6, 6)}
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def side_of(p):
    return None if p is None else ("white" if p in ("W", "K") else "black")


def moves(board, side):
    out = []
    for (x, y), p in board.items():
        if side_of(p) != side:
            continue
        for dx, dy in DIRS:
            i, j = x + dx, y + dy
            while 0 <= i < N and 0 <= j < N and (i, j) not in board:
                if p == "K" or ((i, j) != THRONE and (i, j) not in CORNERS):
                    out.append(((x, y), (i, j)))
                i, j = i + dx, j + dy
    return out


def play(board, side, mv):
    b = dict(board)
    src, dst = mv
    p = b.pop(src)
    b[dst] = p
    x, y = dst
    for dx, dy in DIRS:
        a = (x + dx, y + dy)
        c = (x + 2 * dx, y + 2 * dy)
        if a in b and side_of(b[a]) not in (None, side):
            inside = 0 <= c[0] < N and 0 <= c[1] < N
            if inside and (side_of(b.get(c)) == side or c in CORNERS):
                del b[a]
    return b


def over(board):
    for s, p in board.items():
        if p == "K" and s in CORNERS:
            return True
    return "K" not in board.values()


def perft(board, side, depth):
    if over(board):
        return 0 if depth > 0 else 1
    if depth == 0:
        return 1
    ms = moves(board, side)
    if depth == 1:
        return len(ms)
    other = "white" if side == "black" else "black"
    return sum(perft(play(board, side, m), other, depth - 1) for m in ms)


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    f = lambda s: ("abcdefg".index(s[0]), int(s[1]) - 1)
    board = {f(s): "B" for s in "d1 d2 d6 d7 a4 b4 f4 g4".split()}
    board.update({f(s): "W" for s in "d3 d5 c4 e4".split()})
    board[f("d4")] = "K"
    for d in range(1, depth + 1):
        print(d, perft(board, "black", d))


main()
