#!/usr/bin/env python3
"""Copenhagen Hnefatafl perft (11x11), written from the rules text alone
(https://aagenielsen.dk/copenhagen_rules.php, rules 1 to 7, 9, 12):

- Black's 24 attackers move first against White's king (on the throne,
  f6) and 12 defenders; every piece moves like a rook.
- Only the king may stop on the throne or a corner; any piece may pass
  over the empty throne.
- A piece other than the king is taken when the mover's piece lands next
  to it and the square beyond, on the same rank or file, holds an enemy
  of the victim, or is a corner, or is the throne (always hostile to
  attackers; hostile to defenders only while empty). The king captures.
- The king is taken when the mover's attacker lands next to him and each
  of his four neighbours is an attacker or the throne; never on an edge.
- White wins with the king on a corner, Black by taking the king.
- A side with no move loses (not met at these depths).

Not counted, as games/hnefatafl.toml leaves them out: shieldwall, exit
fort, encirclement, repetition.

    python3 tests/perft/hnefatafl_count.py 3
    python3 tests/perft/hnefatafl_count.py 3 "pieces black warrior e7, white king f7; turn white"

A position is read in the textual form of games/README.md, as far as this
game needs it: `pieces SIDE KIND SITE..., ...; turn SIDE`.
"""
import sys

N = 11
THRONE = (5, 5)
CORNERS = {(0, 0), (10, 0), (0, 10), (10, 10)}
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def sq(name):
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def start():
    board = {}
    for s in ("a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 "
              "d1 e1 f1 g1 h1 f2 d11 e11 f11 g11 h11 f10").split():
        board[sq(s)] = "a"
    for s in "f4 f5 f7 f8 d6 e6 g6 h6 e5 g5 e7 g7".split():
        board[sq(s)] = "d"
    board[THRONE] = "K"
    return board


def read_position(text):
    """`pieces black warrior e7 g7, white king f7; turn black`."""
    board, side = {}, "black"
    for part in text.split(";"):
        words = part.replace(",", " , ").split()
        if words[0] == "turn":
            side = words[1]
            continue
        assert words[0] == "pieces", part
        owner = kind = None
        expect_owner = True
        for w in words[1:]:
            if w == ",":
                expect_owner = True
            elif expect_owner:
                owner, kind, expect_owner = w, None, False
            elif kind is None:
                kind = w
            else:
                board[sq(w)] = "K" if kind == "king" else ("a" if owner == "black" else "d")
    return board, side


def team(piece):
    return "black" if piece == "a" else "white"


def on_board(x, y):
    return 0 <= x < N and 0 <= y < N


def legal(board, side):
    for (x, y), p in list(board.items()):
        if team(p) != side:
            continue
        for dx, dy in STEPS:
            i, j = x + dx, y + dy
            while on_board(i, j) and (i, j) not in board:
                if p == "K" or not ((i, j) == THRONE or (i, j) in CORNERS):
                    yield (x, y), (i, j)
                i, j = i + dx, j + dy


def hostile_to(victim, board, site):
    """Whether `site` closes a sandwich against a `victim` ("a" or "d")."""
    if not on_board(*site):
        return False
    if site in CORNERS:
        return True
    p = board.get(site)
    if site == THRONE:
        # Empty: hostile to all; holding the king: an enemy of attackers.
        return p is None or victim == "a"
    return p is not None and team(p) != team(victim)


def king_taken(board, king):
    x, y = king
    if x in (0, N - 1) or y in (0, N - 1):
        return False
    for dx, dy in STEPS:
        n = (x + dx, y + dy)
        if n != THRONE and board.get(n) != "a":
            return False
    return True


def play(board, side, mv):
    b = dict(board)
    frm, to = mv
    b[to] = b.pop(frm)
    x, y = to
    for dx, dy in STEPS:
        n = (x + dx, y + dy)
        victim = b.get(n)
        if victim is None or team(victim) == side:
            continue
        if victim == "K":
            if king_taken(b, n):
                del b[n]
        elif hostile_to(victim, b, (x + 2 * dx, y + 2 * dy)):
            del b[n]
    return b


def finished(board):
    kings = [s for s, p in board.items() if p == "K"]
    return not kings or kings[0] in CORNERS


def perft(board, side, depth):
    if finished(board):
        return 0
    other = "white" if side == "black" else "black"
    if depth == 1:
        return sum(1 for _ in legal(board, side))
    return sum(perft(play(board, side, m), other, depth - 1)
               for m in legal(board, side))


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    b, side = read_position(sys.argv[2]) if len(sys.argv) > 2 else (start(), "black")
    for d in range(1, depth + 1):
        print(d, perft(b, side, d), flush=True)
