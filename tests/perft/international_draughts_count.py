#!/usr/bin/env python3
"""An independent international draughts move counter, for
tests/perft/international-draughts.toml.

Written from the FMJD rules alone, sharing nothing with the engine: 10x10,
play on the dark squares (a1 dark), White (ranks 1-4) moves first. A man
steps one square diagonally forward; it takes forward and backward, jumping
an adjacent enemy piece to the empty square just beyond. A king moves any
distance along a diagonal over empty squares; it takes an enemy piece at
any distance on a diagonal (the squares before it empty), landing on any
empty square beyond it (before the next piece). A piece goes on taking
while it can; the pieces taken stay on the board until the move ends (not
jumped twice, and they block). Only the moves that take the most pieces
are legal (a king counts as one). A man is crowned only if it ends its
move on the far row. A side with no move loses (no moves). Two captures
with the same piece, end square and set of pieces taken are one move.

    python3 tests/perft/international_draughts_count.py 6
    python3 tests/perft/international_draughts_count.py 4 "POSITION"

POSITION is written as the engine's positions write pieces, e.g.
"pieces white man a1 c3, white king e5, black man d6; turn white".
"""
import sys

N = 10
FILES = "abcdefghij"
DIAGS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]

def name(p):
    return FILES[p[0] - 1] + str(p[1])

def pt(s):
    return (FILES.index(s[0]) + 1, int(s[1:]))

def on(p):
    return 1 <= p[0] <= N and 1 <= p[1] <= N

def start():
    board = {}
    for f in range(1, N + 1):
        for r in range(1, N + 1):
            if (f + r) % 2 == 0 and r <= 4:
                board[(f, r)] = "w"
            if (f + r) % 2 == 0 and r >= 7:
                board[(f, r)] = "b"
    return board

def side_of(piece):
    return piece.lower()

def captures(board, p):
    """Every complete capture sequence of the piece on p: (p, end, taken)."""
    piece = board[p]
    king = piece.isupper()
    me = side_of(piece)
    out = []

    def occupied(q):
        return q != p and q in board

    def go(at, taken):
        went_on = False
        for dx, dy in DIAGS:
            q = (at[0] + dx, at[1] + dy)
            if king:
                while on(q) and not occupied(q):
                    q = (q[0] + dx, q[1] + dy)
            if not on(q) or not occupied(q):
                continue
            if q in taken or side_of(board[q]) == me:
                continue
            land = (q[0] + dx, q[1] + dy)
            while on(land) and not occupied(land):
                went_on = True
                go(land, taken + (q,))
                if not king:
                    break
                land = (land[0] + dx, land[1] + dy)
        if not went_on and taken:
            out.append((p, at, taken))

    go(p, ())
    return out

def steps(board, p):
    piece = board[p]
    out = []
    if piece.isupper():
        for dx, dy in DIAGS:
            q = (p[0] + dx, p[1] + dy)
            while on(q) and q not in board:
                out.append((p, q, ()))
                q = (q[0] + dx, q[1] + dy)
    else:
        dy = 1 if piece == "w" else -1
        for dx in (1, -1):
            q = (p[0] + dx, p[1] + dy)
            if on(q) and q not in board:
                out.append((p, q, ()))
    return out

def legal(board, side):
    caps = []
    for p, piece in sorted(board.items()):
        if side_of(piece) == side:
            caps += captures(board, p)
    if caps:
        most = max(len(c[2]) for c in caps)
        seen, out = set(), []
        for c in caps:
            key = (c[0], c[1], frozenset(c[2]))
            if len(c[2]) == most and key not in seen:
                seen.add(key)
                out.append(c)
        return out
    out = []
    for p, piece in sorted(board.items()):
        if side_of(piece) == side:
            out += steps(board, p)
    return out

def play(board, mv):
    p, q, taken = mv
    b = dict(board)
    piece = b.pop(p)
    for t in taken:
        del b[t]
    if piece == "w" and q[1] == N:
        piece = "W"
    if piece == "b" and q[1] == 1:
        piece = "B"
    b[q] = piece
    return b

def perft(board, side, depth):
    moves = legal(board, side)
    if depth == 1:
        return len(moves)
    other = "b" if side == "w" else "w"
    return sum(perft(play(board, m), other, depth - 1) for m in moves)

def parse(text):
    """'pieces white man a1 c3, white king e5, black man d6; turn white'"""
    pieces, turn = text.split(";")
    pieces = pieces.strip().removeprefix("pieces")
    board = {}
    for group in pieces.split(","):
        words = group.split()
        side, kind, sites = words[0], words[1], words[2:]
        for s in sites:
            c = side[0]
            board[pt(s)] = c.upper() if kind == "king" else c
    return board, turn.split()[-1][0]

if __name__ == "__main__":
    depth = int(sys.argv[1])
    board, side = (start(), "w") if len(sys.argv) < 3 else parse(sys.argv[2])
    for d in range(1, depth + 1):
        print(d, perft(board, side, d))
