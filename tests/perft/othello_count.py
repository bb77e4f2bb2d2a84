#!/usr/bin/env python3
"""Othello perft, written from the rules alone (World Othello Federation):
black moves first from d5 e4 (black) and d4 e5 (white); a disc must
outflank at least one line of enemy discs in one of eight directions, and
every outflanked line turns; a side with no placement passes (a pass is a
move), and when neither side can place the game is over (no moves).

    python3 tests/perft/othello_count.py 9
"""
import sys

DIRS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def flips(board, me, x, y):
    out = []
    for dx, dy in DIRS:
        line = []
        i, j = x + dx, y + dy
        while 0 <= i < 8 and 0 <= j < 8 and board[j][i] == -me:
            line.append((i, j))
            i, j = i + dx, j + dy
        if line and 0 <= i < 8 and 0 <= j < 8 and board[j][i] == me:
            out.extend(line)
    return out


def placements(board, me):
    res = []
    for y in range(8):
        for x in range(8):
            if board[y][x] == 0:
                f = flips(board, me, x, y)
                if f:
                    res.append((x, y, f))
    return res


def perft(board, me, depth):
    if depth == 0:
        return 1
    moves = placements(board, me)
    if not moves:
        if not placements(board, -me):
            return 0  # game over
        return perft(board, -me, depth - 1) if depth > 1 else 1
    if depth == 1:
        return len(moves)
    total = 0
    for x, y, f in moves:
        board[y][x] = me
        for i, j in f:
            board[j][i] = me
        total += perft(board, -me, depth - 1)
        board[y][x] = 0
        for i, j in f:
            board[j][i] = -me
    return total


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    board = [[0] * 8 for _ in range(8)]
    # Ranks from 1 (index 0); black = 1, white = -1.
    board[3][4] = board[4][3] = 1   # e4, d5
    board[3][3] = board[4][4] = -1  # d4, e5
    for d in range(1, depth + 1):
        print(d, perft(board, 1, d))


main()
