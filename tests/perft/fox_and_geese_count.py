#!/usr/bin/env python3
"""Fox and geese perft (games/fox-and-geese.toml), written from the rules
alone, with its own board and chain search:

- The 33-point cross: points (x, y), 0-based, where 2 <= x <= 4 or
  2 <= y <= 4, within 7x7. Lines join orthogonal neighbours; diagonal
  lines join two points only when both have x + y even (the centre's
  parity, counting files and ranks from 1 as the game file does: a1 is
  (0, 0) here, so even here too).
- The fox (on d4, moving first) steps along a line to an empty point, or
  jumps a goose along a line to the empty point just beyond, and goes on
  jumping while it can; a goose jumped once is not jumped again, and the
  geese jumped leave when the move ends (so they still block landing).
  Only whole chains are moves; two chains with the same final point and
  the same geese taken are one move, whatever their stops (the board after
  them is the same: the player has no choice between them).
- A goose steps to an empty point: north, north-east, north-west, east or
  west, along a line.
- The fox wins when 5 geese or fewer remain; a side that cannot move
  loses (a finished game has no moves).

    python3 tests/perft/fox_and_geese_count.py 6
"""
import sys

POINTS = {(x, y) for x in range(7) for y in range(7) if 2 <= x <= 4 or 2 <= y <= 4}
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def line(a, d):
    """The point one step from a along d, if a line joins them."""
    b = (a[0] + d[0], a[1] + d[1])
    if b not in POINTS:
        return None
    if d in DIAG and ((a[0] + a[1]) % 2 or (b[0] + b[1]) % 2):
        return None
    return b


def sq(name):
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def fox_moves(fox, geese):
    """Each move as (stops, geese taken): a step has one stop and takes
    nothing; a chain of jumps has a stop per jump."""
    out = set()
    for d in ORTH + DIAG:
        b = line(fox, d)
        if b is not None and b not in geese:
            out.add(((b,), frozenset()))

    def chain(at, taken, stops):
        went_on = False
        for d in ORTH + DIAG:
            over = line(at, d)
            if over is None or over not in geese or over in taken:
                continue
            land = line(over, d)
            # The fox's own starting point is empty while it jumps.
            if land is None or land in geese:
                continue
            went_on = True
            chain(land, taken | {over}, stops + (land,))
        if not went_on and taken:
            effect = (stops[-1], frozenset(taken))
            if effect not in effects:
                effects.add(effect)
                out.add((stops, frozenset(taken)))

    effects = set()
    chain(fox, frozenset(), ())
    return list(out)


def goose_moves(geese, fox):
    out = []
    for g in geese:
        for d in [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)]:
            b = line(g, d)
            if b is not None and b not in geese and b != fox:
                out.append((g, b))
    return out


def perft(fox, geese, fox_to_move, depth):
    if len(geese) <= 5:
        return 0
    if fox_to_move:
        moves = fox_moves(fox, geese)
        if depth == 1:
            return len(moves)
        total = 0
        for stops, taken in moves:
            total += perft(stops[-1], geese - taken, False, depth - 1)
        return total
    moves = goose_moves(geese, fox)
    if depth == 1:
        return len(moves)
    return sum(perft(fox, (geese - {g}) | {b}, True, depth - 1) for g, b in moves)


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    fox = sq("d4")
    geese = frozenset(sq(s) for s in "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3".split())
    for d in range(1, depth + 1):
        print(d, perft(fox, geese, True, d), flush=True)
