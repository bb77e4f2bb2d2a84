#!/usr/bin/env python3
"""The 960 start positions of Chess960 as FEN, by Scharnagl's numbering
(Reinhard Scharnagl, "Fischerandom Chess", 2004; the numbering FIDE's
Laws of Chess, Guidelines III, and chessprogramming.org use): plain
Python, no tavoliere code.

Number N (0-959): N mod 4 puts the light-squared bishop on b, d, f or h;
(N div 4) mod 4 the dark-squared one on a, c, e or g; (N div 16) mod 6
the queen on the 1st..6th empty square; N div 96 (0-9) the two knights
on the empty squares of the pair (1,2) (1,3) (1,4) (1,5) (2,3) (2,4)
(2,5) (3,4) (3,5) (4,5); the rook, king, rook fill the last three.
Number 518 is the standard array, RNBQKBNR.

    python3 tests/perft/chess960_starts.py > games/chess960-starts.txt
"""

KNIGHTS = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]


def back_rank(n):
    rank = [None] * 8
    n, light = divmod(n, 4)
    rank[2 * light + 1] = "B"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"
    n, queen = divmod(n, 6)
    empty = [i for i in range(8) if rank[i] is None]
    rank[empty[queen]] = "Q"
    empty = [i for i in range(8) if rank[i] is None]
    for k in KNIGHTS[n]:
        rank[empty[k]] = "N"
    empty = [i for i in range(8) if rank[i] is None]
    for i, piece in zip(empty, "RKR"):
        rank[i] = piece
    return "".join(rank)


def fen(n):
    row = back_rank(n)
    return f"{row.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{row} w KQkq - 0 1"


if __name__ == "__main__":
    assert back_rank(518) == "RNBQKBNR"
    print("# Chess960 start positions, Scharnagl's numbering: N and its FEN.")
    print("# Written by tests/perft/chess960_starts.py; read with")
    print("#   tavoliere show games/chess960.toml --fen \"$(grep '^518 ' games/chess960-starts.txt | cut -d' ' -f2-)\"")
    for n in range(960):
        print(n, fen(n))
