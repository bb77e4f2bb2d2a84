#!/usr/bin/env python3
"""An independent Asalto move counter, for tests/perft/asalto.toml.

Written from shared/rules/asalto.md alone, sharing nothing with the engine:
soldiers move by the dossier's explicit table (section 4.4) outside the
fortress and along any line inside it; officers step, or jump soldiers in
maximal chains (captured soldiers stay on the board until the chain ends and
cannot be jumped twice; the starting point counts as empty; chains with the
same final point and the same soldiers taken are one move); an officer that
takes fewer than the most available is huffed (the mover if it could have
taken the most, else the other officer). End checks after each move: fewer
than 9 soldiers, 9 soldiers in the fortress, then the side to move has no
move (it loses). perft counts move sequences; a finished game has no moves.

    python3 tests/perft/asalto_count.py fixed 4     # officers on c5 and e5
    python3 tests/perft/asalto_count.py place 5     # with the placement plies
    python3 tests/perft/asalto_count.py place 6 claim   # A10: huffs claimed
    python3 tests/perft/asalto_count.py fixed 8 claim-as-move

With `claim` (open question A10, the soldiers' choice): the officer that
would be huffed stays on the board; on their next turn the soldiers may
remove it (one ply, `huff`) and then move again, or move without claiming,
which lets the right lapse. With `claim-as-move` the removal is the
soldiers' whole move, and the officers move next.
"""
import sys

FILES = "abcdefg"

def name(p):
    return FILES[p[0] - 1] + str(p[1])

def pt(s):
    return (FILES.index(s[0]) + 1, int(s[1:]))

POINTS = {(f, r) for f in range(1, 8) for r in range(1, 8) if 3 <= f <= 5 or 3 <= r <= 5}
FORTRESS = {(f, r) for f in (3, 4, 5) for r in (5, 6, 7)}
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]

def line(p, q):
    """Whether a line joins neighbouring points p and q."""
    if p not in POINTS or q not in POINTS:
        return False
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx and dy:
        return (p[0] + p[1]) % 2 == 0
    return True

TABLE = ("a5:b5 b5:c5 f5:e5 g5:f5 a4:a5 b4:b5,c5,a5 c4:c5 d4:d5,e5,c5 e4:e5 "
         "f4:f5,g5,e5 g4:g5 a3:a4,b4 b3:b4 c3:c4,d4,b4 d3:d4 e3:e4,f4,d4 f3:f4 "
         "g3:g4,f4 c2:c3 d2:d3,e3,c3 e2:e3 c1:c2,d2 d1:d2 e1:e2,d2")
SOLDIER_OUT = {pt(a): [pt(b) for b in bs.split(",")] for a, bs in (x.split(":") for x in TABLE.split())}

def soldier_moves(board, p):
    if p in FORTRESS:
        targets = [(p[0] + dx, p[1] + dy) for dx, dy in DIRS]
        targets = [q for q in targets if q in FORTRESS and line(p, q)]
    else:
        targets = SOLDIER_OUT.get(p, [])
    return [(p, (q,), ()) for q in targets if q not in board]

def officer_moves(board, p):
    moves = [(p, (q,), ()) for q in ((p[0] + dx, p[1] + dy) for dx, dy in DIRS)
             if line(p, q) and q not in board]
    chains = []
    def jump(at, stops, taken):
        went_on = False
        for dx, dy in DIRS:
            over, land = (at[0] + dx, at[1] + dy), (at[0] + 2 * dx, at[1] + 2 * dy)
            if not (line(at, over) and line(over, land)):
                continue
            if board.get(over) != "S" or over in taken:
                continue
            if land != p and (land in board):
                continue
            went_on = True
            jump(land, stops + (land,), taken + (over,))
        if not went_on and taken:
            chains.append((p, stops, taken))
    jump(p, (), ())
    # Two chains with the same effect are one move: the same origin, the
    # same final point and the same set of soldiers taken (a round trip
    # d6xf4xd4xd6 and d6xd4xf4xd6 takes the same three soldiers and ends
    # where it began). The board after them is the same, so a player has
    # no choice between them; the first found stands for the others.
    seen, distinct = set(), []
    for c in chains:
        effect = (c[1][-1], frozenset(c[2]))
        if effect not in seen:
            seen.add(effect)
            distinct.append(c)
    return moves + distinct

def legal(board, side):
    out = []
    for p, piece in sorted(board.items()):
        if side == "S" and piece == "S":
            out += soldier_moves(board, p)
        if side == "O" and piece == "O":
            out += officer_moves(board, p)
    return out

CLAIM = False
AS_MOVE = False

def play(board, side, mv, moves):
    """The board after a move, and the officer left to huff (claim mode)."""
    frm, stops, taken = mv
    b = dict(board)
    if side == "O" and moves is not None:
        most = max(len(m[2]) for m in moves)
        if len(taken) < most:
            best = {}
            for m in moves:
                best[m[0]] = max(best.get(m[0], 0), len(m[2]))
            victim = None
            if best.get(frm, 0) == most:
                victim = stops[-1]
            else:
                others = [o for o in sorted(best) if o != frm and best[o] == most]
                victim = others[0] if others else None
        else:
            victim = None
    else:
        victim = None
    piece = b.pop(frm)
    for t in taken:
        del b[t]
    b[stops[-1]] = piece
    if victim is not None and not CLAIM:
        del b[victim]
        victim = None
    return b, victim

def over(board, side_to_move, huffable=None):
    soldiers = sum(1 for v in board.values() if v == "S")
    if soldiers < 9:
        return True
    if all(board.get(f) == "S" for f in FORTRESS):
        return True
    return huffable is None and not legal(board, side_to_move)

def perft(board, side, depth, hand, huffable=None):
    if depth == 0:
        return 1
    total = 0
    if huffable is not None:
        # The claim: the officer leaves, and the soldiers move again (or,
        # as their move, the officers move next).
        b = dict(board)
        del b[huffable]
        after = ("O" if side == "S" else "S") if AS_MOVE else side
        if depth == 1:
            total += 1
        elif not over(b, after):
            total += perft(b, after, depth - 1, 0)
    if hand:
        # Placement plies: an officer on any empty fortress point.
        for f in sorted(FORTRESS):
            if f not in board:
                b = dict(board)
                b[f] = "O"
                total += perft(b, "O" if hand > 1 else "S", depth - 1, hand - 1)
        return total
    moves = legal(board, side)
    other = "O" if side == "S" else "S"
    for mv in moves:
        b, victim = play(board, side, mv, moves)
        if depth == 1:
            total += 1
        elif not over(b, other, victim):
            total += perft(b, other, depth - 1, 0, victim)
    return total

def start():
    board = {}
    for p in POINTS:
        if p not in FORTRESS:
            board[p] = "S"
    return board

if __name__ == "__main__":
    mode, depth = sys.argv[1], int(sys.argv[2])
    CLAIM = sys.argv[3:] in (["claim"], ["claim-as-move"])
    AS_MOVE = sys.argv[3:] == ["claim-as-move"]
    for d in range(1, depth + 1):
        if mode == "fixed":
            b = start()
            b[pt("c5")] = "O"
            b[pt("e5")] = "O"
            print(d, perft(b, "S", d, 0))
        else:
            print(d, perft(start(), "O", d, 2))
