#!/usr/bin/env python3
"""An independent English draughts move counter, for tests/perft/draughts.toml.

Written from the rules alone (the WCDF rules of English draughts), sharing
nothing with the engine: 8x8, play on the dark squares, Black (rows 1-3)
moves first. A man steps one square diagonally forward, a king one square
diagonally either way. A man jumps forward only, a king either way, over an
adjacent enemy piece to the empty square beyond, and goes on jumping while
it can; the pieces jumped leave at the end (they are not jumped twice and
still block). Capturing is compulsory. A man that ends its move on the far
row becomes a king; as it jumps forward only, it cannot jump on from there.
A side with no move loses (the game is over: no moves). Two jump sequences
with the same piece, end square and set of pieces taken are one move.

    python3 tests/perft/draughts_count.py 8
    python3 tests/perft/draughts_count.py 6 "POSITION"

POSITION is written as the engine's positions write pieces, e.g.
"pieces black man a3 c3, black king e5, white man d6; turn white".
"""
import sys

def dark(f, r):
    return (f + r) % 2 == 0

def start():
    board = {}
    for f in range(1, 9):
        for r in range(1, 9):
            if dark(f, r) and r <= 3:
                board[(f, r)] = "b"
            if dark(f, r) and r >= 6:
                board[(f, r)] = "w"
    return board

def on(p):
    return 1 <= p[0] <= 8 and 1 <= p[1] <= 8

def dirs(piece):
    if piece == "b":
        return [(1, 1), (-1, 1)]
    if piece == "w":
        return [(1, -1), (-1, -1)]
    return [(1, 1), (-1, 1), (1, -1), (-1, -1)]

def enemy(piece, other):
    return other is not None and other.lower() != piece.lower()

def jumps(board, p, piece):
    out = []
    def go(at, taken):
        went_on = False
        for dx, dy in dirs(piece):
            over, land = (at[0] + dx, at[1] + dy), (at[0] + 2 * dx, at[1] + 2 * dy)
            if not on(land) or over in taken or not enemy(piece, board.get(over)):
                continue
            if land != p and land in board:
                continue
            went_on = True
            go(land, taken + (over,))
        if not went_on and taken:
            out.append((p, at, taken))
    go(p, ())
    seen, distinct = set(), []
    for m in out:
        key = (m[1], frozenset(m[2]))
        if key not in seen:
            seen.add(key)
            distinct.append(m)
    return distinct

def legal(board, side):
    steps, caps = [], []
    for p, piece in sorted(board.items()):
        if piece.lower() != side:
            continue
        caps += jumps(board, p, piece)
        for dx, dy in dirs(piece):
            q = (p[0] + dx, p[1] + dy)
            if on(q) and q not in board:
                steps.append((p, q, ()))
    return caps if caps else steps

def play(board, mv):
    p, q, taken = mv
    b = dict(board)
    piece = b.pop(p)
    for t in taken:
        del b[t]
    if piece == "b" and q[1] == 8:
        piece = "B"
    if piece == "w" and q[1] == 1:
        piece = "W"
    b[q] = piece
    return b

def perft(board, side, depth):
    moves = legal(board, side)
    if depth == 1:
        return len(moves)
    other = "w" if side == "b" else "b"
    return sum(perft(play(board, m), other, depth - 1) for m in moves)

def parse(text):
    pieces, turn = text.split(";")
    pieces = pieces.strip().removeprefix("pieces")
    board = {}
    for group in pieces.split(","):
        words = group.split()
        side, kind, sites = words[0][0], words[1], words[2:]
        for s in sites:
            p = ("abcdefgh".index(s[0]) + 1, int(s[1:]))
            board[p] = side.upper() if kind == "king" else side
    return board, turn.split()[-1][0]

if __name__ == "__main__":
    board, side = (start(), "b") if len(sys.argv) < 3 else parse(sys.argv[2])
    for d in range(1, int(sys.argv[1]) + 1):
        print(d, perft(board, side, d))
