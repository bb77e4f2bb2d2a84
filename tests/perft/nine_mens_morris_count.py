#!/usr/bin/env python3
"""Nine Men's Morris perft, written from the rules alone (Wikipedia's
"Nine men's morris"): 24 points on three concentric squares joined at the
midpoints of their sides, 16 lines of three points. Each side has nine men
in hand and places one per turn, White first, on an empty point; a side
whose hand is empty moves a man along a line to the adjacent empty point,
or, with exactly three men left, to any empty point ("flying"). A
placement or move that completes three men of the mover on one line (a
mill) is followed, in the same turn, by the removal of one enemy man that
is not in a mill, or of any enemy man if all of them are in mills; one
removal even when two mills form at once. A side with fewer than three men
once its hand is empty loses, and so does a side to move with no move.

Plies, as tavoliere counts them: a placement or a move is one ply, and the
removal after a mill is a ply of its own.

    python3 tests/perft/nine_mens_morris_count.py 5
    python3 tests/perft/nine_mens_morris_count.py 4 "pieces white man a1 d1, black man g7; reserves white man 0, black man 0; turn white"

A position is written as tavoliere prints one: `pieces SIDE man SITES, ...;
reserves white man N, black man N; turn SIDE [phase 2]` (phase 2: the side
to move removes an enemy man).
"""
import sys

# The 16 lines (mills), points named on a 7x7 grid.
MILLS = [
    "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4",
    "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d7 d6 d5",
    "d3 d2 d1", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
]
MILLS = [m.split() for m in MILLS]
POINTS = sorted({p for m in MILLS for p in m})
assert len(POINTS) == 24
ADJ = {p: set() for p in POINTS}
for a, b, c in MILLS:
    ADJ[a].add(b), ADJ[b].add(a), ADJ[b].add(c), ADJ[c].add(b)
MILLS_OF = {p: [m for m in MILLS if p in m] for p in POINTS}
OTHER = {"white": "black", "black": "white"}


def in_mill(board, p):
    side = board[p]
    return any(all(board[q] == side for q in m) for m in MILLS_OF[p])


def lost(board, hand, side):
    on_board = sum(1 for p in POINTS if board[p] == side)
    return hand[side] == 0 and on_board < 3


def moves(board, hand, side):
    empty = [p for p in POINTS if board[p] is None]
    if hand[side] > 0:
        return [(None, p) for p in empty]
    mine = [p for p in POINTS if board[p] == side]
    if len(mine) == 3:
        return [(a, b) for a in mine for b in empty]
    return [(a, b) for a in mine for b in sorted(ADJ[a]) if board[b] is None]


def removals(board, side):
    enemy = [p for p in POINTS if board[p] == OTHER[side]]
    free = [p for p in enemy if not in_mill(board, p)]
    return free or enemy


def over(board, hand):
    return lost(board, hand, "white") or lost(board, hand, "black")


def perft(board, hand, side, removing, depth):
    """Plies from a position: `side` to move; `removing`: its removal ply."""
    if depth == 0:
        return 1
    if removing:
        total = 0
        for p in removals(board, side):
            board[p] = None
            total += after_turn(board, hand, OTHER[side], depth - 1)
            board[p] = OTHER[side]
        return total
    total = 0
    for a, b in moves(board, hand, side):
        if a is None:
            hand[side] -= 1
        else:
            board[a] = None
        board[b] = side
        if over(board, hand):
            total += 1 if depth == 1 else 0
        elif in_mill(board, b) and any(board[p] == OTHER[side] for p in POINTS):
            total += perft(board, hand, side, True, depth - 1)
        else:
            total += after_turn(board, hand, OTHER[side], depth - 1)
        board[b] = None
        if a is None:
            hand[side] += 1
        else:
            board[a] = side
    return total


def after_turn(board, hand, side, depth):
    """The count below a position where `side` is to start its turn."""
    if depth == 0:
        return 1
    if over(board, hand):
        return 0
    return perft(board, hand, side, False, depth)


def parse(text):
    board = {p: None for p in POINTS}
    hand = {"white": 9, "black": 9}
    side, removing = "white", False
    for section in text.split(";"):
        words = section.replace(",", " ").split()
        if not words:
            continue
        if words[0] == "pieces":
            rest = section.strip()[len("pieces"):]
            for group in rest.split(","):
                g = group.split()
                if not g:
                    continue
                owner, _kind, sites = g[0], g[1], g[2:]
                for s in sites:
                    board[s] = owner
        elif words[0] == "reserves":
            for entry in section.strip()[len("reserves"):].split(","):
                owner, _kind, n = entry.split()
                hand[owner] = int(n)
        elif words[0] == "turn":
            side = words[1]
            removing = len(words) > 3 and words[2] == "phase" and words[3] == "2"
    return board, hand, side, removing


def main():
    depth = int(sys.argv[1])
    board, hand, side, removing = parse(sys.argv[2] if len(sys.argv) > 2 else "")
    for d in range(1, depth + 1):
        if over(board, hand):
            print(d, 0)
            continue
        print(d, perft(board, hand, side, removing, d))


if __name__ == "__main__":
    main()
