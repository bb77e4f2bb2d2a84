#!/usr/bin/env python3
"""Independent count of perft(1) and perft(2) from the start of the Quoridor family.

Written without the engine, from the rules: at depth 2 no single wall can
cut a pawn off, so every free slot is legal. The number of slots a wall
rules out is itself plus the slots it overlaps (same orientation, anchors
adjacent along its length) plus the one it crosses (same anchor).
Checked against OpenSpiel's counts in tests/refdata/quoridor.json for 9x9,
7x7 and 11x11, then used for the games that have no reference counts.
"""
import sys

def slots(files, ranks, orients=("h", "v")):
    out = []
    for x in range(files - 1):
        for y in range(ranks - 1):
            for o in orients:
                out.append((x, y, o))
    return out

def conflicts(w, all_slots):
    x, y, o = w
    n = 0
    for (a, b, p) in all_slots:
        if (a, b) == (x, y):
            n += 1                      # itself, or the crossing wall
        elif p == o and o == "h" and b == y and abs(a - x) == 1:
            n += 1                      # overlap along a rank
        elif p == o and o == "v" and a == x and abs(b - y) == 1:
            n += 1                      # overlap along a file
    return n

def covers(w):
    """The square pairs a wall separates."""
    x, y, o = w
    if o == "h":
        return {((x, y), (x, y + 1)), ((x + 1, y), (x + 1, y + 1))}
    return {((x, y), (x + 1, y)), ((x, y + 1), (x + 1, y + 1))}

def steps(files, ranks, pawn, diagonal):
    """Squares a lone pawn can step to, with the square pairs each step needs open."""
    px, py = pawn
    dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if diagonal:
        dirs += [(1, 1), (1, -1), (-1, -1), (-1, 1)]
    out = []
    for dx, dy in dirs:
        tx, ty = px + dx, py + dy
        if not (0 <= tx < files and 0 <= ty < ranks):
            continue
        if dx and dy:
            # Diagonal: open while one of the two L-routes is open.
            routes = [[((px, py), (px + dx, py)), ((px + dx, py), (tx, ty))],
                      [((px, py), (px, py + dy)), ((px, py + dy), (tx, ty))]]
        else:
            routes = [[((px, py), (tx, ty))]]
        out.append(routes)
    return out

def norm(pair):
    return tuple(sorted(pair))

def open_steps(routes_list, walls):
    closed = {norm(p) for w in walls for p in covers(w)}
    return sum(1 for routes in routes_list
               if any(all(norm(p) not in closed for p in r) for r in routes))

def two_player(files, ranks, first, second, diagonal=False):
    s = slots(files, ranks)
    a = steps(files, ranks, first, diagonal)
    b = steps(files, ranks, second, diagonal)
    d1 = len(a) + len(s)
    d2 = len(a) * (len(b) + len(s))
    d2 += sum(open_steps(b, [w]) + len(s) - conflicts(w, s) for w in s)
    return d1, d2

def seals(files, ranks, walls):
    """Whether the walls cut the board in two: a flood fill from a1 along
    open orthogonal lines misses some square."""
    closed = {norm(p) for w in walls for p in covers(w)}
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        x, y = todo.pop()
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            t = (x + dx, y + dy)
            if 0 <= t[0] < files and 0 <= t[1] < ranks and t not in seen \
                    and norm(((x, y), t)) not in closed:
                seen.add(t)
                todo.append(t)
    return len(seen) < files * ranks

def clash(w, v):
    """Whether two walls overlap or cross (so both cannot stand)."""
    x, y, o = w
    a, b, p = v
    if (a, b) == (x, y):
        return True
    if p == o == "h" and b == y and abs(a - x) == 1:
        return True
    return p == o == "v" and a == x and abs(b - y) == 1

def sealed_pairs(files, ranks):
    """Ordered pairs of walls (the first player's, then the second's) that
    may stand together and seal off a region: the depth-2 sequences that a
    rule forbidding sealed regions (Q5's other reading) removes."""
    s = slots(files, ranks)
    return sum(1 for w in s for v in s if not clash(w, v) and seals(files, ranks, [w, v]))

if __name__ == "__main__":
    print("quoridor 9x9", two_player(9, 9, (4, 0), (4, 8)))            # OpenSpiel: 131, 16677
    print("7x7", two_player(7, 7, (3, 0), (3, 6)))                     # OpenSpiel: 75, 5357
    print("11x11 orthogonal", two_player(11, 11, (5, 0), (5, 10)))     # OpenSpiel: 203, 40445
    print("quoridor kid", two_player(7, 7, (3, 0), (3, 6)))            # walls in hand do not matter at depth 2
    print("pinko pallino", two_player(11, 11, (5, 0), (5, 10), diagonal=True))
    # Q5's other reading: perft(2) less the wall pairs that seal a region.
    d1, d2 = two_player(9, 9, (4, 0), (4, 8))
    print("quoridor no sealed regions", (d1, d2 - sealed_pairs(9, 9)))
