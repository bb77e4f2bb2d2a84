#!/usr/bin/env python3
"""An independent Lasca move counter, for tests/perft/lasca.toml.

Written from the rules of Lasca (Emanuel Lasker, 1911; lasca.org's rules,
Wikipedia's "Lasca"), sharing nothing with the engine. 7x7, play on the 25
dark squares (a1 dark); White (ranks 1-3, 11 men) moves first, Black from
ranks 5-7. A square holds a column: a list of pieces, top first, each a
side and a rank (man or officer). The top piece commands the column and
moves all of it: a man one square diagonally forward, an officer one square
diagonally either way, to an empty square. A column captures by jumping a
diagonally adjacent column whose top is the enemy's to the empty square
beyond (a man forward only); the top piece of the column jumped is taken at
once and put at the bottom of the capturing column, the rest stays where it
was. The capturer goes on jumping while it can, never jumping the same
square twice in one move (on a short leap a jumped square is never a
landing square, so nothing else needs saying); capturing is compulsory, any
sequence may be chosen. A man on top that lands on the far row becomes an
officer and the move ends. A side with no move loses. Moves that leave the
same position are one move.

    python3 tests/perft/lasca_count.py 6
    python3 tests/perft/lasca_count.py 5 "POSITION"

POSITION is written as the engine's positions are, e.g. "pieces white man
a1, black officer c3; under c3 black man white man; turn black" (`under`
lists the pieces under each column's top, from the top down).
"""
import sys

N = 7

def start():
    board = {}
    for f in range(1, N + 1):
        for r in range(1, N + 1):
            if (f + r) % 2 == 0 and r <= 3:
                board[(f, r)] = (("w", "man"),)
            if (f + r) % 2 == 0 and r >= 5:
                board[(f, r)] = (("b", "man"),)
    return board

def on(p):
    return 1 <= p[0] <= N and 1 <= p[1] <= N

def dirs(top):
    side, rank = top
    if rank == "officer":
        return [(1, 1), (-1, 1), (1, -1), (-1, -1)]
    return [(1, 1), (-1, 1)] if side == "w" else [(1, -1), (-1, -1)]

def crowned(top, p):
    side, rank = top
    return rank == "man" and p[1] == (N if side == "w" else 1)

def promote(column):
    return ((column[0][0], "officer"),) + column[1:]

def captures(board, p):
    """Every position a capture sequence from p leaves."""
    out = []
    def go(b, at, jumped):
        column = b[at]
        went_on = False
        if not (jumped and crowned(column[0], at)):
            for dx, dy in dirs(column[0]):
                over, land = (at[0] + dx, at[1] + dy), (at[0] + 2 * dx, at[1] + 2 * dy)
                if not on(land) or over in jumped or land in b:
                    continue
                victim = b.get(over)
                if victim is None or victim[0][0] == column[0][0]:
                    continue
                went_on = True
                nb = dict(b)
                del nb[at]
                rest = victim[1:]
                if rest:
                    nb[over] = rest
                else:
                    del nb[over]
                nb[land] = column + (victim[0],)
                go(nb, land, jumped | {over})
        if not went_on and jumped:
            if crowned(column[0], at):
                b = dict(b)
                b[at] = promote(column)
            out.append(b)
    go(board, p, frozenset())
    return out

def key(board):
    return tuple(sorted(board.items()))

def legal(board, side):
    """The positions after each legal move of `side`, one per distinct one."""
    steps, caps = [], []
    for p, column in sorted(board.items()):
        if column[0][0] != side:
            continue
        seen = set()
        for b in captures(board, p):
            if key(b) not in seen:
                seen.add(key(b))
                caps.append(b)
        for dx, dy in dirs(column[0]):
            q = (p[0] + dx, p[1] + dy)
            if on(q) and q not in board:
                b = dict(board)
                del b[p]
                b[q] = promote(column) if crowned(column[0], q) else column
                steps.append(b)
    return caps if caps else steps

def perft(board, side, depth):
    moves = legal(board, side)
    if depth == 1:
        return len(moves)
    other = "b" if side == "w" else "w"
    return sum(perft(b, other, depth - 1) for b in moves)

def site(s):
    return ("abcdefg".index(s[0]) + 1, int(s[1:]))

def parse(text):
    board, side = {}, None
    for section in text.split(";"):
        words = section.replace(",", " , ").split()
        if not words:
            continue
        if words[0] == "turn":
            side = words[1][0]
        elif words[0] == "pieces":
            for group in " ".join(words[1:]).split(","):
                w = group.split()
                for s in w[2:]:
                    board[site(s)] = ((w[0][0], w[1]),)
        elif words[0] == "under":
            for group in " ".join(words[1:]).split(","):
                w = group.split()
                below = tuple((w[i][0], w[i + 1]) for i in range(1, len(w), 2))
                board[site(w[0])] = board[site(w[0])] + below
    return board, side

if __name__ == "__main__":
    board, side = (start(), "w") if len(sys.argv) < 3 else parse(sys.argv[2])
    for d in range(1, int(sys.argv[1]) + 1):
        print(d, perft(board, side, d), flush=True)
