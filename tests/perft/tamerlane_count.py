#!/usr/bin/env python3
"""An independent Tamerlane chess move counter (perft), to check the engine.

Written from shared/rules/tamerlane.md (sections 2.2-2.8, the open-question
defaults and the binding "Clarifications") and the Italian seed 002 alone,
sharing nothing with the engine. perft(d) = number of legal move sequences
of length d; a finished game (no legal move = loss, or a citadel-entry draw)
has no moves, so a move that ends it counts at its own depth only.

Method. Mailbox of 17 x 16 with 3 padding cells round the 11 x 10 field;
the citadels CW (east of k2, White's) and CB (west of a9, Black's) are two
extra sites outside the index arithmetic, so sliders and leapers never see
them; only royal steps use them (CW touches k1 k2 k3, CB touches a8 a9 a10).
Make/unmake with per-side piece dictionaries and royal sets. Legality: if
the mover has exactly one royal after the move it must not be attacked
(clarification 1); the attack test looks outward from the royal's site
(step pieces, pawns, leapers, rook rays, picket rays from distance 2,
giraffe paths walked back from the target: empty orthogonal run, empty
corner, giraffe diagonally behind it; royals standing on a citadel attack
the three adjacent squares; a citadel site is attacked only by its owner's
adventitious king next to it, and never when it holds that owner's own AK).
Shortcut: when the sole royal is not in check, an ordinary non-royal move
whose from-square lies on none of the royal's 8 rays cannot expose it
(giraffe paths to a square run along its orthogonal rays). A random-playout
fuzz checked the attack test against "some enemy pseudo-move captures
there" and the shortcut against the full test (770 000 checks).

Rules as implemented (kind names are the engine's):
- giraffe: diagonal step to an empty square, then outward (the two
  orthogonal directions pointing away from the start) >= 3 squares
  (>= 2 with ARRAY-giraffe2), squares before the target empty; picket:
  diagonal slider, blocked by a piece on the first square, moves/captures
  at distance >= 2; leapers E (2,2), C (1,3), W (2,0), N (1,2).
- pawns: one step forward to empty, capture diagonally forward; last rank
  promotes (=R =N =T =G =V =F =E =C =W, pawn_of_kings =PR). pawn_of_pawns
  arrives =S1 (parked_pawn_of_pawns: immobile, uncapturable, blocks, attacks
  nothing); pawn_of_pawns_1 arrives =S2 (moved to a3/k8 as pawn_of_pawns_2,
  same move) if that square is empty, else =S2w (waiting_pawn_of_pawns on the
  arrival square; later "k10-a3" when a3 is empty); pawn_of_pawns_2 arrives
  =AK. Stage-1 use "P@d5": parked pawn replaces the own pawn on d5 (which
  leaves the game) and becomes pawn_of_pawns_1 there, while that pawn has
  capturable enemy pieces (not parked/waiting) on both forward diagonals, or
  on one of them a piece with no legal move of its own if its side were to
  move (king swap not counted; a royal's citadel entry counts); check rule
  applies.
- king swap "K<>e2" (once per side): one royal that is the King: offered
  when in check or no other legal move; two or more royals: only when no
  other legal move. Partner: any other own piece on the main field except
  parked/waiting pawns of pawns, and except pawns when the King stands on
  their promotion rank; a sole King must not end attacked.
- citadels: own citadel only for an adventitious king (it may capture an
  enemy royal there: "k2xCW"); enemy citadel only for the senior royal
  (King, else prince, else adventitious king), only if empty: "a9-CB" draws
  (always legal, game over), and once per side "a9-CB<>e5" swaps the
  entering royal with an own prince/AK on the main field (play goes on).
  Royals may step out of a citadel. bnf1451: no citadels.

Usage:
    python3 tests/perft/tamerlane_count.py masculine 4        # depths 1..4
    python3 tests/perft/tamerlane_count.py bnf1451 3 --divide # per first move
    python3 tests/perft/tamerlane_count.py --position "pieces white king f2, \
        black king f9; turn white; used white king_swap" 2 [--divide] [--array A]
ARRAY: masculine, feminine, bnf1451, and any of them with -giraffe2.

Counts from the start (White first), depths 1..5; time of one run (all
depths up to 4 / up to 5) on one core:
  masculine            24  576  14518  365893  9709736   1.5 s / 38 s
  feminine             24  576  14494  364863  9633619   1.3 s / 31 s
  bnf1451              32  980  30641  936623 29553337   3.1 s / 102 s
  masculine-giraffe2   24  576  14518  365893  9709738   1.6 s / 39 s
(giraffe2 first differs at e3-e4 h8-h7 e4-e5 i9xe5, where d2xe5 - via
e3, 2 squares north - becomes possible.)

Depth 1 by hand. Masculine: 11 pawns a3..k3 step to rank 4 (11); camel c1
b4 d4, camel i1 h4 j4 (4; f2 is own, l2 is no square); knight b2 a4 c4
d1, knight j2 h1 i4 k4 (6); ferz e2 d1 f1 (2); king f2 f1 (1); everything
else is boxed in: elephants hit c3/i3, war engines e3 c1 g1 / g3 e1 i1,
rooks, vizier, giraffes (all four corners occupied), pickets (first square
own pawn or a rank-1 square with the edge beyond) = 24. Black mirrors it
and nothing interacts at ply 2: 24 * 24 = 576.
Feminine: 10 rank-3 pawns + f2-f3 (11), camels 4, knights 6 (d1, h1 empty),
vizier g1-h1 (1), war engines e2-e4, g2-g4 (2); king, ferz, giraffes,
pickets, rooks, elephants blocked = 24; again 576.
bnf1451: 11 pawn moves, camels 4, knights 6, vizier g1-h1, war engines
c2-c4, i2-i4, and each giraffe (e2, g2) goes via the empty f3 north to
f6 f7 f8 and xf9 (the f-file is open: f3 and f8 are empty), 4 each
(g2's other corner h1 leads into the i1 camel) = 32. At ply 2 Black has 32
except: after f2-f3 30 (each black giraffe loses one f-file square); after
a giraffe on f6 24, on f7 26 (its f-file runs die, e8xf7 g8xf7 appear), on
f8 23 (f9-f8 also blocked), xf9 34 (f9-f8 gone; c10xf9 g10xf9 i10xf9 new,
Kxf9 illegal: the g2 giraffe covers f9 via f3) -> 980.

Hand positions (perft(1), perft(2), depth-1 moves; every count below was
worked out by hand, move by move, and agrees with this script):
1. Promotion and pawn-of-pawns arrivals:
   "pieces white king a1, white pawn_of_rooks b9, white pawn_of_kings d9,
   white pawn_of_pawns_1 h9, white pawn_of_knights a3, black king k10,
   black knight c10, black elephant i10; turn white"        10, 78
   a1-a2 a1-b1 a1-b2 a3-a4 b9-b10=R b9xc10=R d9-d10=PR d9xc10=PR
   h9-h10=S2w h9xi10=S2w   (a3 is occupied, so the second arrival waits.)
   Black replies 9 each, but 3 after b9xc10=R (the i10 elephant is pinned
   by the new rook), 5 after d9xc10=PR, 7 after h9xi10=S2w.
2. Check, mate and stalemate with one royal:
   "pieces white king k8, white war_engine i8, white knight h9, black king
   k10; turn white"                                          12, 10
   h9-f10 h9-f8 h9-g7 h9-i7 h9-j10 h9-j8 i8-g8 i8-i10 i8-i6 k8-j7 k8-j8
   k8-k7   (k8-j9/k9 would touch the black king.) i8-i10 mates; i8-g8,
   i8-i6, k8-j8 stalemate (loss, 0 replies); k8-j7, k8-k7 leave 2 replies,
   the 6 knight moves 1 each.
3. Two royals, and a promotion to a second royal out of check:
   a) "pieces white king a1, white prince c1, white pawn_of_kings c9, black
   rook a8, black king k10, black ferz b10; turn white"      10, 237
   a1-a2 a1-b1 a1-b2 c1-b1 c1-b2 c1-c2 c1-d1 c1-d2 c9-c10=PR c9xb10=PR
   (a1-a2 steps onto the rook's file: legal with two royals; Black may
   then take a royal: a8xa2 / a8xa1 are among Black's 23/24 replies.)
   b) "pieces white king a1, white pawn_of_kings c9, black rook a8, black
   king k10, black ferz b10; turn white"                      4, 94
   a1-b1 a1-b2 c9-c10=PR c9xb10=PR   (in check: =PR makes a second royal
   and is legal though the king stays attacked; K<>c9 is offered but the
   king would stand on c9, attacked by the b10 ferz.)
4. King swap:
   a) in check: "pieces white king a1, white rook c3, white knight h5,
   black rook a8 b8, black king k10; turn white"              3, 88
   K<>c3 K<>h5 c3-a3   (replies 30, 30, 28)
   b) stalemate: "pieces white king a1, white pawn_of_rooks a2, black
   pawn_of_rooks a3, black rook b8, black king k10; turn white"  1, 22
   K<>a2
5. Citadel entry (two royals each side):
   "pieces white king a9, white prince e5, black king f10, black
   adventitious_king a8; turn white"                         15, 148
   a9-CB a9-CB<>e5 a9-a10 a9-b10 a9-b8 a9-b9 a9xa8 e5-d4 e5-d5 e5-d6 e5-e4
   e5-e6 e5-f4 e5-f5 e5-f6   (a9-CB is a draw: 0 replies; after the swap
   Black's AK can take the prince with a8xCB (11 replies); a8-CB (own
   citadel) is a Black reply elsewhere; after a9xa8 Black has 5.)
6. Pawn of pawns stages:
   a) "pieces white king f1, white parked_pawn_of_pawns j10, white
   pawn_of_rooks e5, white pawn_of_ferzes b9, black king f10, black knight
   d6 c8, black camel f6, black elephant a10, black waiting_pawn_of_pawns
   c1; turn white"                                           12, 322
   P@b9 P@e5 b9-b10=F b9xa10=F e5-e6 e5xd6 e5xf6 f1-e1 f1-e2 f1-f2 f1-g1
   f1-g2   (P@e5: e5 forks d6 and f6; P@b9: the a10 elephant has no move,
   c8 is its own knight. Black's 28 replies include the transfer c1-k8;
   22 after e5xd6, 20 after e5xf6.) Without the c8 knight P@b9 goes.
   b) "pieces white king f1, white pawn_of_pawns_1 c9, white
   pawn_of_pawns_2 d9, black king k10; turn white"             7, 21
   c9-c10=S2 d9-d10=AK f1-e1 f1-e2 f1-f2 f1-g1 f1-g2   (a3 is empty, so
   the second arrival goes straight to a3.)

Choices where the text leaves room are listed in the report that came with
this file; the main ones: "attacks" for P@ is pseudo-legal (enemy piece on
a forward diagonal, not parked/waiting); "no ordinary legal move" counts
the piece's own moves including a royal's citadel entry, not the king swap;
the King is the only piece that can swap (a sole prince cannot); a
citadel draw is legal even while in check; a position with zero royals
(set-up only) has no check rule until a promotion makes one royal.
"""
import sys

# ---------------------------------------------------------------- geometry --
FILES = "abcdefghijk"
W = 17                      # padded row width: x = -2..14 -> column x + 2
CW, CB = 272, 273           # the two citadel sites, outside index arithmetic
NSITES = 274
OFF, EMPTY = -1, 0


def sq(x, y):
    return (y + 2) * W + (x + 2)


def xy(i):
    return i % W - 2, i // W - 2


MAIN = [sq(x, y) for y in range(1, 11) for x in range(1, 12)]
MAINSET = set(MAIN)
NAME = {}
for _i in MAIN:
    _x, _y = xy(_i)
    NAME[_i] = FILES[_x - 1] + str(_y)
NAME[CW] = "CW"
NAME[CB] = "CB"
SITE = {v: k for k, v in NAME.items()}

ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
KNIGHT_O = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
CAMEL_O = [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)]
ELEPH_O = [(2, 2), (2, -2), (-2, -2), (-2, 2)]
WAR_O = [(2, 0), (0, 2), (-2, 0), (0, -2)]


def on(x, y):
    return 1 <= x <= 11 and 1 <= y <= 10


def offsets(i, offs):
    x, y = xy(i)
    return [sq(x + dx, y + dy) for dx, dy in offs if on(x + dx, y + dy)]


def ray(i, d):
    x, y = xy(i)
    out = []
    k = 1
    while on(x + d[0] * k, y + d[1] * k):
        out.append(sq(x + d[0] * k, y + d[1] * k))
        k += 1
    return out


DIAG1 = {i: offsets(i, DIAG) for i in MAIN}
ORTH1 = {i: offsets(i, ORTH) for i in MAIN}
ADJ8 = {i: offsets(i, ORTH + DIAG) for i in MAIN}
KNIGHT = {i: offsets(i, KNIGHT_O) for i in MAIN}
CAMEL = {i: offsets(i, CAMEL_O) for i in MAIN}
ELEPH = {i: offsets(i, ELEPH_O) for i in MAIN}
WAR = {i: offsets(i, WAR_O) for i in MAIN}
ORAYS = {i: [r for r in (ray(i, d) for d in ORTH) if r] for i in MAIN}
DRAYS = {i: [r for r in (ray(i, d) for d in DIAG) if r] for i in MAIN}
LINES = {i: set(t for r in ORAYS[i] + DRAYS[i] for t in r) for i in MAIN}
LINES[CW] = set()
LINES[CB] = set()
# Pawns: side 0 (white) moves to higher ranks, side 1 (black) to lower.
DIR = (1, -1)
LAST = (10, 1)
FWD = [{}, {}]
PCAP = [{}, {}]             # squares a pawn of side S on i attacks
PFROM = [{}, {}]            # squares from which a pawn of side S attacks i
for _s in (0, 1):
    for _i in MAIN:
        _x, _y = xy(_i)
        _d = DIR[_s]
        FWD[_s][_i] = sq(_x, _y + _d) if on(_x, _y + _d) else None
        PCAP[_s][_i] = offsets(_i, [(-1, _d), (1, _d)])
        PFROM[_s][_i] = offsets(_i, [(-1, -_d), (1, -_d)])
# Giraffe moves: (corner, [outward ray 1, outward ray 2]) per diagonal.
GMOVE = {}
for _i in MAIN:
    _x, _y = xy(_i)
    lst = []
    for dx, dy in DIAG:
        if not on(_x + dx, _y + dy):
            continue
        c = sq(_x + dx, _y + dy)
        lst.append((c, [r for r in (ray(c, (dx, 0)), ray(c, (0, dy))) if r]))
    GMOVE[_i] = lst
# Giraffe attacks on i: walk back from i along -u; at distance j the square t
# would be the corner, and the giraffe stands diagonally behind it.
GATT = {}
for _i in MAIN:
    _x, _y = xy(_i)
    seqs = []
    for ux, uy in ORTH:
        seq = []
        j = 1
        while on(_x - ux * j, _y - uy * j):
            tx, ty = _x - ux * j, _y - uy * j
            gs = []
            for px, py in ((uy, ux), (-uy, -ux)):      # the two perpendiculars
                gx, gy = tx - ux - px, ty - uy - py
                if on(gx, gy):
                    gs.append(sq(gx, gy))
            seq.append((j, sq(tx, ty), gs))
            j += 1
        if seq:
            seqs.append(seq)
    GATT[_i] = seqs
# Citadels: CW touches k1 k2 k3, CB touches a8 a9 a10.
CIT_ADJ = {CW: [sq(11, 1), sq(11, 2), sq(11, 3)], CB: [sq(1, 8), sq(1, 9), sq(1, 10)]}
CIT_OWNER = {CW: 0, CB: 1}
START_PP = (sq(1, 3), sq(11, 8))   # pawn of pawns start squares a3 / k8

# ------------------------------------------------------------------ pieces --
KINDS = ["", "king", "prince", "adventitious_king", "ferz", "vizier", "giraffe",
         "picket", "knight", "rook", "elephant", "camel", "war_engine",
         "pawn_of_pawns", "pawn_of_war_engines", "pawn_of_camels",
         "pawn_of_elephants", "pawn_of_ferzes", "pawn_of_kings",
         "pawn_of_viziers", "pawn_of_giraffes", "pawn_of_pickets",
         "pawn_of_knights", "pawn_of_rooks", "pawn_of_pawns_1",
         "pawn_of_pawns_2", "parked_pawn_of_pawns", "waiting_pawn_of_pawns"]
KIND = {n: k for k, n in enumerate(KINDS) if n}
(KING, PRINCE, AK, FERZ, VIZIER, GIRAFFE, PICKET, KNIGHTK, ROOK, ELEPHANT,
 CAMELK, WARK, PP0) = range(1, 14)
PP1, PP2, PARKED, WAITING = 24, 25, 26, 27
PAWNS = set(range(13, 26))          # kinds that move and capture as pawns
ROYALK = (KING, PRINCE, AK)
# pawn kind -> (piece kind it becomes, suffix); pawn of pawns handled apart
PROMO = {14: (WARK, "=W"), 15: (CAMELK, "=C"), 16: (ELEPHANT, "=E"),
         17: (FERZ, "=F"), 18: (PRINCE, "=PR"), 19: (VIZIER, "=V"),
         20: (GIRAFFE, "=G"), 21: (PICKET, "=T"), 22: (KNIGHTK, "=N"),
         23: (ROOK, "=R"), PP0: (PARKED, "=S1"), PP2: (AK, "=AK")}


def pc(side, kind):
    return (side << 5) | kind


ISROY = [False] * 64
CAPT = [False] * 64                 # capturable (on the main board)
ISPAWN = [False] * 64
for _s in (0, 1):
    for _k in range(1, 28):
        p = pc(_s, _k)
        ISROY[p] = _k in ROYALK
        CAPT[p] = _k not in (PARKED, WAITING)
        ISPAWN[p] = _k in PAWNS
ROYSET = [set(pc(s, k) for k in ROYALK) for s in (0, 1)]
DG1 = [ROYSET[s] | {pc(s, FERZ)} for s in (0, 1)]
OR1 = [ROYSET[s] | {pc(s, VIZIER)} for s in (0, 1)]
PAWNSET = [set(pc(s, k) for k in PAWNS) for s in (0, 1)]

# ------------------------------------------------------------------ arrays --
WHITE_SETUP = {
    "masculine": "elephant a1 k1, camel c1 i1, war_engine e1 g1, rook a2 k2, "
                 "knight b2 j2, picket c2 i2, giraffe d2 h2, ferz e2, king f2, vizier g2, "
                 "pawn_of_pawns a3, pawn_of_war_engines b3, pawn_of_camels c3, "
                 "pawn_of_elephants d3, pawn_of_ferzes e3, pawn_of_kings f3, "
                 "pawn_of_viziers g3, pawn_of_giraffes h3, pawn_of_pickets i3, "
                 "pawn_of_knights j3, pawn_of_rooks k3",
    "feminine": "elephant a1 k1, camel c1 i1, ferz e1, king f1, vizier g1, rook a2 k2, "
                "knight b2 j2, picket c2 i2, giraffe d2 h2, war_engine e2 g2, "
                "pawn_of_kings f2, "
                "pawn_of_pawns a3, pawn_of_war_engines b3, pawn_of_camels c3, "
                "pawn_of_elephants d3, pawn_of_ferzes e3, "
                "pawn_of_viziers g3, pawn_of_giraffes h3, pawn_of_pickets i3, "
                "pawn_of_knights j3, pawn_of_rooks k3",
    "bnf1451": "elephant a1 k1, camel c1 i1, ferz e1, king f1, vizier g1, rook a2 k2, "
               "knight b2 j2, war_engine c2 i2, picket d2 h2, giraffe e2 g2, "
               "pawn_of_kings f2, "
               "pawn_of_pawns a3, pawn_of_war_engines b3, pawn_of_camels c3, "
               "pawn_of_elephants d3, pawn_of_ferzes e3, "
               "pawn_of_viziers g3, pawn_of_giraffes h3, pawn_of_pickets i3, "
               "pawn_of_knights j3, pawn_of_rooks k3",
}


def start_text(array):
    """The start position in the text form (Black = White rotated 180 deg)."""
    groups = []
    for grp in WHITE_SETUP[array].split(","):
        kind, *sites = grp.split()
        groups.append("white " + kind + " " + " ".join(sites))
        rot = []
        for s in sites:
            x, y = FILES.index(s[0]) + 1, int(s[1:])
            rot.append(FILES[12 - x - 1] + str(11 - y))
        groups.append("black " + kind + " " + " ".join(rot))
    return "pieces " + ", ".join(groups) + "; turn white"


# -------------------------------------------------------------------- game --
# Moves (tuples, first field the type):
#   (0, from, to, newpiece, suffix, capture)     ordinary move / promotion
#   (1, from, to, start, capture)                second arrival, transferred (=S2)
#   (2, parked, pawn_square)                     stage-1 use  P@d5
#   (3, waiting, start)                          waiting pawn's transfer
#   (4, king, partner)                           king swap    K<>e2
#   (5, from, citadel)                           citadel entry, draw
#   (6, from, citadel, partner)                  citadel entry with swap
class Game:
    def __init__(self, text, citadels=True, gmin=3):
        self.citadels = citadels
        self.gmin = gmin
        self.b = [OFF] * NSITES
        for i in MAIN:
            self.b[i] = EMPTY
        if citadels:
            self.b[CW] = EMPTY
            self.b[CB] = EMPTY
        self.plist = [{}, {}]
        self.roy = [set(), set()]
        self.used = [False] * 4          # white ks, white cs, black ks, black cs
        self.turn = 0
        self.over = False
        self.citnear = {}
        self.adj = dict(ADJ8)
        if citadels:
            for c, lst in CIT_ADJ.items():
                self.adj[c] = list(lst)
                for t in lst:
                    self.citnear[t] = c
        for sec in text.split(";"):
            sec = sec.strip()
            if not sec:
                continue
            head, _, rest = sec.partition(" ")
            if head == "pieces":
                for grp in rest.split(","):
                    w = grp.split()
                    if not w:
                        continue
                    side = ("white", "black").index(w[0])
                    for s in w[2:]:
                        i = SITE[s]
                        if self.b[i] != EMPTY:
                            raise ValueError("bad or occupied site " + s)
                        self.set(i, pc(side, KIND[w[1]]))
            elif head == "turn":
                self.turn = ("white", "black").index(rest.strip())
            elif head == "used":
                for grp in rest.split(","):
                    w = grp.split()
                    if w:
                        side = ("white", "black").index(w[0])
                        self.used[side * 2 + ("king_swap", "citadel_swap").index(w[1])] = True
            else:
                raise ValueError("unknown section " + head)

    # ---- board updates (keep piece lists and royal sets in step) -------------
    def set(self, i, new):
        b = self.b
        old = b[i]
        if old > 0:
            del self.plist[old >> 5][i]
            if ISROY[old]:
                self.roy[old >> 5].discard(i)
        b[i] = new
        if new > 0:
            self.plist[new >> 5][i] = new
            if ISROY[new]:
                self.roy[new >> 5].add(i)

    def make(self, m):
        t = m[0]
        b = self.b
        st = self.set
        flags = (self.used[:], self.over)
        if t == 0:
            f, to = m[1], m[2]
            undo = ((to, b[to]), (f, b[f]))
            st(to, m[3])
            st(f, EMPTY)
        elif t == 1:
            f, to, s0 = m[1], m[2], m[3]
            pawn = b[f]
            undo = ((s0, b[s0]), (to, b[to]), (f, pawn))
            st(to, EMPTY)
            st(f, EMPTY)
            st(s0, pc(pawn >> 5, PP2))
        elif t == 2:
            pk, ps = m[1], m[2]
            side = b[pk] >> 5
            undo = ((pk, b[pk]), (ps, b[ps]))
            st(ps, pc(side, PP1))
            st(pk, EMPTY)
        elif t == 3:
            w, s0 = m[1], m[2]
            side = b[w] >> 5
            undo = ((w, b[w]), (s0, b[s0]))
            st(s0, pc(side, PP2))
            st(w, EMPTY)
        elif t == 4:
            k, p = m[1], m[2]
            kp, pp = b[k], b[p]
            undo = ((k, kp), (p, pp))
            self.used[(kp >> 5) * 2] = True
            st(k, pp)
            st(p, kp)
        elif t == 5:
            f, c = m[1], m[2]
            undo = ((c, b[c]), (f, b[f]))
            st(c, b[f])
            st(f, EMPTY)
            self.over = True
        else:
            f, c, p = m[1], m[2], m[3]
            rp, pp = b[f], b[p]
            undo = ((c, b[c]), (f, rp), (p, pp))
            self.used[(rp >> 5) * 2 + 1] = True
            st(f, EMPTY)
            st(c, pp)
            st(p, rp)
        self.turn ^= 1
        return undo, flags

    def unmake(self, u):
        undo, flags = u
        for i, old in reversed(undo):
            self.set(i, old)
        self.used, self.over = flags
        self.turn ^= 1

    # ---- attacks --------------------------------------------------------------
    def attacked(self, s, A):
        """Does side A attack site s (clarification 2, 8)?"""
        b = self.b
        if s >= CW:
            if CIT_OWNER[s] != A:
                return False          # an adventitious king in its own citadel
            ak = pc(A, AK)
            for t in CIT_ADJ[s]:
                if b[t] == ak:
                    return True
            return False
        dg = DG1[A]
        for t in DIAG1[s]:
            if b[t] in dg:
                return True
        o1 = OR1[A]
        for t in ORTH1[s]:
            if b[t] in o1:
                return True
        ps = PAWNSET[A]
        for t in PFROM[A][s]:
            if b[t] in ps:
                return True
        p = pc(A, KNIGHTK)
        for t in KNIGHT[s]:
            if b[t] == p:
                return True
        p = pc(A, CAMELK)
        for t in CAMEL[s]:
            if b[t] == p:
                return True
        p = pc(A, ELEPHANT)
        for t in ELEPH[s]:
            if b[t] == p:
                return True
        p = pc(A, WARK)
        for t in WAR[s]:
            if b[t] == p:
                return True
        p = pc(A, ROOK)
        for r in ORAYS[s]:
            for t in r:
                q = b[t]
                if q:
                    if q == p:
                        return True
                    break
        p = pc(A, PICKET)
        for r in DRAYS[s]:
            first = True
            for t in r:
                q = b[t]
                if q:
                    if q == p and not first:
                        return True
                    break
                first = False
        p = pc(A, GIRAFFE)
        gmin = self.gmin
        for seq in GATT[s]:
            for j, t, gs in seq:
                if b[t]:
                    break
                if j >= gmin:
                    for g in gs:
                        if b[g] == p:
                            return True
        c = self.citnear.get(s)
        if c is not None and b[c] in ROYSET[A]:
            return True
        return False

    # ---- move generation --------------------------------------------------------
    def senior(self, S):
        kinds = set(self.b[i] & 31 for i in self.roy[S])
        for k in ROYALK:
            if k in kinds:
                return k
        return None

    def piece_moves(self, s, p, S, out):
        """Pseudo-legal moves of piece p (side S) on site s, appended to out."""
        b = self.b
        k = p & 31
        if k <= AK:
            for t in self.adj[s]:
                q = b[t]
                if q == 0:
                    out.append((0, s, t, p, "", False))
                elif q > 0 and q >> 5 != S and CAPT[q]:
                    out.append((0, s, t, p, "", True))
            c = self.citnear.get(s)
            if c is not None:
                q = b[c]
                if CIT_OWNER[c] == S:
                    if k == AK:
                        if q == 0:
                            out.append((0, s, c, p, "", False))
                        elif q > 0 and q >> 5 != S:
                            out.append((0, s, c, p, "", True))
                elif q == 0 and k == self.senior(S):
                    out.append((5, s, c))
                    if not self.used[S * 2 + 1]:
                        for r in self.roy[S]:
                            if r != s and r < CW and b[r] & 31 in (PRINCE, AK):
                                out.append((6, s, c, r))
            return
        if k in PAWNS:
            last = LAST[S]
            t = FWD[S][s]
            targets = []
            if t is not None and b[t] == 0:
                targets.append((t, False))
            for t in PCAP[S][s]:
                q = b[t]
                if q > 0 and q >> 5 != S and CAPT[q]:
                    targets.append((t, True))
            for t, cap in targets:
                if t // W - 2 != last:
                    out.append((0, s, t, p, "", cap))
                elif k == PP1:
                    s0 = START_PP[S]
                    if b[s0] == 0:
                        out.append((1, s, t, s0, cap))
                    else:
                        out.append((0, s, t, pc(S, WAITING), "=S2w", cap))
                else:
                    nk, suf = PROMO[k]
                    out.append((0, s, t, pc(S, nk), suf, cap))
            return
        if k == PARKED:
            return
        if k == WAITING:
            s0 = START_PP[S]
            if b[s0] == 0:
                out.append((3, s, s0))
            return
        if k == ROOK or k == PICKET:
            rays = ORAYS[s] if k == ROOK else DRAYS[s]
            for r in rays:
                first = k == PICKET
                for t in r:
                    q = b[t]
                    if first:
                        first = False
                        if q:
                            break
                        continue
                    if q == 0:
                        out.append((0, s, t, p, "", False))
                    else:
                        if q >> 5 != S and CAPT[q]:
                            out.append((0, s, t, p, "", True))
                        break
            return
        if k == GIRAFFE:
            gmin = self.gmin
            for c, rays in GMOVE[s]:
                if b[c]:
                    continue
                for r in rays:
                    n = 0
                    for t in r:
                        n += 1
                        q = b[t]
                        if n < gmin:
                            if q:
                                break
                            continue
                        if q == 0:
                            out.append((0, s, t, p, "", False))
                        else:
                            if q >> 5 != S and CAPT[q]:
                                out.append((0, s, t, p, "", True))
                            break
            return
        if k == FERZ:
            tl = DIAG1[s]
        elif k == VIZIER:
            tl = ORTH1[s]
        elif k == KNIGHTK:
            tl = KNIGHT[s]
        elif k == CAMELK:
            tl = CAMEL[s]
        elif k == ELEPHANT:
            tl = ELEPH[s]
        else:
            tl = WAR[s]
        for t in tl:
            q = b[t]
            if q == 0:
                out.append((0, s, t, p, "", False))
            elif q >> 5 != S and CAPT[q]:
                out.append((0, s, t, p, "", True))

    def legal_filter(self, pseudo, S):
        """Keep the moves that do not leave a sole royal of S attacked."""
        roy = self.roy[S]
        if len(roy) >= 2:
            return list(pseudo)             # own moves never lose a royal
        if not roy:                         # only possible in a set-up position
            res = []
            for m in pseudo:
                u = self.make(m)
                ok = len(roy) != 1 or not self.attacked(next(iter(roy)), 1 - S)
                self.unmake(u)
                if ok:
                    res.append(m)
            return res
        r0 = next(iter(roy))
        incheck = self.attacked(r0, 1 - S)
        lines = LINES[r0]
        res = []
        for m in pseudo:
            if m[0] == 5:
                res.append(m)               # entering ends the game: always legal
                continue
            if m[0] == 0 and not incheck and m[1] != r0 and m[1] not in lines:
                res.append(m)               # nothing can be uncovered
                continue
            u = self.make(m)
            ok = len(roy) != 1 or not self.attacked(next(iter(roy)), 1 - S)
            self.unmake(u)
            if ok:
                res.append(m)
        return res

    def has_ordinary_move(self, s):
        """Could the piece on s make a legal move if its side were to move?"""
        p = self.b[s]
        S = p >> 5
        out = []
        self.piece_moves(s, p, S, out)
        return bool(self.legal_filter(out, S))

    def stage1_moves(self, S, out):
        parked = [i for i, p in self.plist[S].items() if p & 31 == PARKED]
        if not parked:
            return
        b = self.b
        for s, p in list(self.plist[S].items()):
            if not ISPAWN[p] or s >= CW:
                continue
            hit = [t for t in PCAP[S][s] if b[t] > 0 and b[t] >> 5 != S and CAPT[b[t]]]
            if len(hit) >= 2 or (len(hit) == 1 and not self.has_ordinary_move(hit[0])):
                for pk in parked:
                    out.append((2, pk, s))

    def legal_moves(self):
        if self.over:
            return []
        S = self.turn
        pseudo = []
        for s, p in list(self.plist[S].items()):
            self.piece_moves(s, p, S, pseudo)
        self.stage1_moves(S, pseudo)
        res = self.legal_filter(pseudo, S)
        # King swap (clarification 3).
        if not self.used[S * 2]:
            roy = self.roy[S]
            kings = [i for i in roy if self.b[i] & 31 == KING]
            if kings:
                if len(roy) == 1:
                    offer = not res or self.attacked(kings[0], 1 - S)
                else:
                    offer = not res
                if offer:
                    for k in kings:
                        ky = k // W - 2
                        for s, p in list(self.plist[S].items()):
                            kd = p & 31
                            if s == k or s >= CW or kd in (PARKED, WAITING):
                                continue
                            if ISPAWN[p] and ky == LAST[S]:
                                continue
                            m = (4, k, s)
                            if len(roy) == 1:
                                u = self.make(m)
                                ok = not self.attacked(s, 1 - S)
                                self.unmake(u)
                                if not ok:
                                    continue
                            res.append(m)
        return res

    # ---- counting -----------------------------------------------------------
    def perft(self, depth):
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        n = 0
        for m in moves:
            u = self.make(m)
            n += self.perft(depth - 1)
            self.unmake(u)
        return n

    def text(self, m):
        t = m[0]
        if t == 0:
            return NAME[m[1]] + ("x" if m[5] else "-") + NAME[m[2]] + m[4]
        if t == 1:
            return NAME[m[1]] + ("x" if m[4] else "-") + NAME[m[2]] + "=S2"
        if t == 2:
            n = sum(1 for p in self.plist[self.turn].values() if p & 31 == PARKED)
            return ("P" if n == 1 else "P" + NAME[m[1]]) + "@" + NAME[m[2]]
        if t == 3:
            return NAME[m[1]] + "-" + NAME[m[2]]
        if t == 4:
            return "K<>" + NAME[m[2]]
        if t == 5:
            return NAME[m[1]] + "-" + NAME[m[2]]
        return NAME[m[1]] + "-" + NAME[m[2]] + "<>" + NAME[m[3]]

    def divide(self, depth):
        out = []
        for m in self.legal_moves():
            txt = self.text(m)
            u = self.make(m)
            out.append((txt, self.perft(depth - 1)))
            self.unmake(u)
        return sorted(out)


ARRAYS = ("masculine", "feminine", "bnf1451")


def parse_array(name):
    gmin = 3
    if name.endswith("-giraffe2"):
        name, gmin = name[:-len("-giraffe2")], 2
    if name not in ARRAYS:
        sys.exit("unknown array " + name)
    return name, gmin


def main(argv):
    usage = ("usage: tamerlane_count.py ARRAY DEPTH [--divide]\n"
             "       tamerlane_count.py --position TEXT DEPTH [--divide] [--array ARRAY]")
    args = list(argv)
    divide = "--divide" in args
    args = [a for a in args if a != "--divide"]
    array = "masculine"
    if "--array" in args:
        j = args.index("--array")
        array = args[j + 1]
        del args[j:j + 2]
    if args and args[0] == "--position":
        if len(args) != 3:
            sys.exit(usage)
        text, depth = args[1], int(args[2])
        name, gmin = parse_array(array)
    else:
        if len(args) != 2:
            sys.exit(usage)
        name, gmin = parse_array(args[0])
        text, depth = start_text(name), int(args[1])
    game = Game(text, citadels=name != "bnf1451", gmin=gmin)
    if divide:
        for txt, n in game.divide(depth):
            print(txt, n)
    else:
        for d in range(1, depth + 1):
            print("depth %d: %d" % (d, game.perft(d)))


if __name__ == "__main__":
    main(sys.argv[1:])
