#!/usr/bin/env python3
"""An independent Siege of Paris move counter (perft), to check the engine.

Written from shared/rules/siege-of-paris.md alone (with its binding
"Clarifications"), sharing nothing with the engine. Board: files a..l,
ranks 1..16, a1 dark (light iff file+rank is odd); the block d..i x 6..11 is
not made of squares but of 8 cells in the ring NW-N-NE-E-SE-S-SW-W, joined to
the board only by the gate links c8-W, c9-W, j8-E, j9-E. Turn order Yellow,
White, Yellow, Black. Attackers slide (no capture, no retreat, path empty),
enter W/E by a separate step from a gate square, then only step round the
ring. The defender steps (General 8 ways, Colonel orthogonal, Soldier
diagonal), captures unprotected attackers, enters from a gate square, steps
round the ring and exits onto an empty gate square. Three-per-colour limit
for defender soldiers outside; forced exit when pieces are outside and none
of them can move. End checks after every move: attackers' fortress goal
(2 soldiers + 1 officer, or 3 + 1), then the defender's capture goal
(24 soldiers and 6 officers gone); a defender with no move has lost, an
attacking side with no move plays "pass". perft counts move sequences
(passes and placement plies included); a finished game has no moves, so a
move that ends it counts at its own depth and nothing below.

    python3 tests/perft/siege_count.py fixed 5           # depths 1..5
    python3 tests/perft/siege_count.py free 4 --divide   # per first move
    python3 tests/perft/siege_count.py leave 5 --position "pieces ...; turn white"

Variants: fixed, free (placement plies G@cell then Co@cell), retreat,
mobility, threesoldiers, cerco (Portuguese rules), demand (capture on
demand: every attacker move also exists with suffix "!"), and the dossier's
last options over fixed: straight (S6: attacking colonel and captain only
straight ahead), general2 (S15: the defender's general slides 1-2), leave
(S11: an attacker in W or E may step out onto an empty gate square),
citadel (S13: drawn once attackers are inside and no defender piece is),
lastsoldier (S14: drawn once one attacking soldier is left, of both armies,
and it stands inside). --position starts from the engine's position text
(its `pieces` and `turn` sections only) instead of the start.

Counts from this script, depths 1..7 (time for one run to depth 6 / 7,
on one core):
  fixed          4  92  828  19044  188324  4454272   52250112   4 s / 55 s
  free           8  56  224   5152   38640   888720    7435624   1 s / 15 s
  retreat        4  92  828  19044  188324  4789980   56188080   6 s
  mobility       4  92  828  19044  188324  4454272   52250112   4 s
  threesoldiers  4  92  828  19044  188324  4454272   52250112   4 s
  cerco          4  88 1012  22264  287496  7014546  108045609   5 s
  demand         4 184 1656  76176  753296 35634176  417975136  19 s / ~3 min
  straight       4  68  612  10404  102884  1936640   22717440   1 s / 15 s
  general2       4  92 1058  24334  314134  7425497  114182700   5 s / 60 s
leave, citadel and lastsoldier equal fixed from the start (run to depth 6;
no attacker can reach the fortress, nor 23 soldiers be taken, within 7
plies); tests/perft/siege.toml counts them from positions where they matter
at once.
Depths 1-4 of fixed by hand: Yellow can only exit (W-c8 W-c9 E-j8 E-j9);
White then has 23 moves (11 forward steps of the rank-3 soldiers, 3 each for
d1 Cp, f1 G, h1 Co, j1 Cp; both lieutenants are blocked); Yellow then has 10
after a General exit (5 steps, re-entry, NW-W, SW-W, the Colonel's 2 exits)
and 8 after a Colonel exit, so 23 * 36 = 828; Black mirrors White (x 23).
The first capture comes at ply 7 (713 of them in fixed); that is why demand
is exactly 2^k times fixed up to depth 6 and falls 4 * 6440 short of 8 x
fixed at depth 7. Retreat first differs at depth 6 (White's second move).
Mobility and threesoldiers equal fixed to depth 7: from the start no
protection by a piece behind, and no 2-soldier fortress win, is reachable
that soon, so those two need positions deeper than this perft can reach.

Choices where the text leaves room (see the report that came with this file):
the "same army range" protection of cerco is judged on the board before the
capture (the capturing piece still stands on its square and blocks slides
through it); the end checks only need to run after an attacker enters the
fortress or the defender captures, since nothing else changes what they count.
"""
import sys

FILES = "abcdefghijkl"
ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
ALL8 = ORTH + DIAG
SQUARES = {(x, y) for x in range(1, 13) for y in range(1, 17)
           if not (4 <= x <= 9 and 6 <= y <= 11)}
RING = ["NW", "N", "NE", "E", "SE", "S", "SW", "W"]
RING_NB = {c: (RING[(i - 1) % 8], RING[(i + 1) % 8]) for i, c in enumerate(RING)}
GATE = {(3, 8): "W", (3, 9): "W", (10, 8): "E", (10, 9): "E"}   # square -> cell
EXITS = {"W": [(3, 8), (3, 9)], "E": [(10, 8), (10, 9)]}        # cell -> squares

def ray(p, d):
    """Up to 3 real squares from p in direction d (stops at edge or fortress block)."""
    out = []
    for k in range(1, 4):
        q = (p[0] + d[0] * k, p[1] + d[1] * k)
        if q not in SQUARES:
            break
        out.append(q)
    return out

RAYS = {p: {d: ray(p, d) for d in ALL8} for p in SQUARES}

def name(loc):
    return loc if isinstance(loc, str) else FILES[loc[0] - 1] + str(loc[1])

def sq(s):
    return (FILES.index(s[0]) + 1, int(s[1:]))

def light(p):
    return (p[0] + p[1]) % 2 == 1

def move_text(m):
    if m is None:
        return "pass"
    if m[0] == "@":
        return m[1] + "@" + m[2]
    frm, to, cap, dem = m
    return name(frm) + ("x" if cap else "-") + name(to) + ("!" if dem else "")


KINDS = {"defender_general": "G", "defender_colonel": "Co", "defender_soldier": "S",
         "general": "G", "colonel": "Co", "captain": "Cp", "lieutenant": "L", "soldier": "S"}
SIDES = {"yellow": "Y", "white": "W", "black": "B"}
# `turn` of a position: a side's first place in the order Y W Y B, or the
# engine's index (three prelude turns, then the order from 4).
TURNS = {"yellow": 0, "white": 1, "black": 3, "4": 0, "5": 1, "6": 2, "7": 3}


def parse_position(text):
    """The engine's position text, as far as these counts need it: the
    sections `pieces SIDE KIND SITE ..., ...` and `turn SIDE|N`, nothing
    else (no reserves: the placements are over)."""
    board, ply = {}, None
    for section in text.split(";"):
        words = section.split()
        if not words:
            continue
        if words[0] == "pieces":
            for group in " ".join(words[1:]).split(","):
                side, kind, *sites = group.split()
                for s in sites:
                    loc = s if s in RING else sq(s)
                    assert loc in SQUARES or loc in RING, s
                    board[loc] = (SIDES[side], KINDS[kind])
        elif words[0] == "turn":
            ply = TURNS[words[1]]
        else:
            sys.exit("unsupported position section: " + section)
    assert ply is not None, "a position needs its turn"
    return board, ply


class Siege:
    def __init__(self, variant, position=None):
        self.variant = variant
        cerco = variant == "cerco"
        self.protection = {"mobility": "mobility", "cerco": "army"}.get(variant, "behind")
        self.need_soldiers = 3 if variant in ("threesoldiers", "cerco") else 2
        self.demand = variant == "demand"
        # Attacker geometry: (side, kind) -> (allowed unit directions, range).
        self.geom = {}
        for side, fwd in (("W", 1), ("B", -1)):
            base = {"G": (ALL8, 3), "Co": (ORTH, 2), "Cp": (ORTH, 1),
                    "L": (DIAG, 2), "S": (DIAG, 1)}
            if cerco or variant == "straight":
                base["Co"] = ([(0, fwd)], 2)
                base["Cp"] = ([(0, fwd)], 1)
            for kind, (dirs, rng) in base.items():
                if variant != "retreat":
                    dirs = [d for d in dirs if d[1] * fwd >= 0]   # no backward rank step
                self.geom[(side, kind)] = (dirs, rng)
        self.dgeom = {"G": (ALL8, 2 if cerco or variant == "general2" else 1),
                      "Co": (ORTH, 1), "S": (DIAG, 1)}
        self.leave = variant == "leave"
        # Setup.
        b = {}
        if cerco:   # option B
            for s in "b1 d1 f1 h1 j1 l1 a2 c2 e2 g2 i2 k2".split():
                b[sq(s)] = ("W", "S")
            for s in "b16 d16 f16 h16 j16 l16 a15 c15 e15 g15 i15 k15".split():
                b[sq(s)] = ("B", "S")
            offs = [("a", "L"), ("c", "Cp"), ("e", "G"), ("g", "Co"), ("i", "Cp"), ("k", "L")]
            for f, k in offs:
                b[sq(f + "1")] = ("W", k)
                b[sq(f + "16")] = ("B", k)
        else:       # option A
            offs = [("b", "L"), ("d", "Cp"), ("f", "G"), ("h", "Co"), ("j", "Cp"), ("l", "L")]
            for f, k in offs:
                b[sq(f + "1")] = ("W", k)
                b[sq(f + "16")] = ("B", k)
            for s in "a2 c2 e2 g2 i2 k2 b3 d3 f3 h3 j3 l3".split():
                b[sq(s)] = ("W", "S")
            for s in "a15 c15 e15 g15 i15 k15 b14 d14 f14 h14 j14 l14".split():
                b[sq(s)] = ("B", "S")
        self.setup = 0
        if variant == "free":
            self.setup = 2          # two placement plies before the cycle
        else:
            b["W"] = ("Y", "G")
            b["E"] = ("Y", "Co")
            for c in ("NW", "N", "NE", "SE", "S", "SW"):
                b[c] = ("Y", "S")
        self.board = b
        self.start_ply = 0
        if position is not None:
            self.board, self.start_ply = parse_position(position)
            self.setup = 0

    # ---- protection -------------------------------------------------------
    def can_reach(self, piece, d, k):
        """Whether attacking piece can move k squares in direction d (path checked by caller)."""
        dirs, rng = self.geom[piece]
        return k <= rng and d in dirs

    def protected(self, t, u):
        """Whether the attacker on square t is protected against a capture moving in direction u."""
        board = self.board
        if self.protection == "army":
            side = board[t][0]
            for d in ALL8:
                # A piece at t - k*d that would move by d onto t; the first piece met blocks.
                back = (-d[0], -d[1])
                for k, q in enumerate(RAYS[t][back], 1):
                    piece = board.get(q)
                    if piece is None:
                        continue
                    if piece[0] == side and self.can_reach(piece, d, k):
                        return True
                    break
            return False
        behind = (t[0] + u[0], t[1] + u[1])
        if behind not in SQUARES:
            return False
        piece = board.get(behind)
        if piece is None or piece[0] == "Y":
            return False
        if self.protection == "behind":
            return True
        return self.can_reach(piece, (-u[0], -u[1]), 1)   # mobility

    # ---- move generation --------------------------------------------------
    def attacker_moves(self, side):
        board = self.board
        moves = []
        for p, piece in board.items():
            if piece[0] != side:
                continue
            if isinstance(p, str):                       # inside: ring steps only
                for c in RING_NB[p]:
                    if c not in board:
                        moves.append((p, c, False, False))
                if self.leave:                           # S11: out onto an empty gate square
                    for q in EXITS.get(p, ()):
                        if q not in board:
                            moves.append((p, q, False, False))
                continue
            dirs, rng = self.geom[piece]
            for d in dirs:
                for q in RAYS[p][d][:rng]:
                    if q in board:
                        break
                    moves.append((p, q, False, False))
            g = GATE.get(p)
            if g is not None and g not in board:         # entry, separate step
                moves.append((p, g, False, False))
        if not moves:
            return [None]                                # pass
        if self.demand:
            moves = moves + [(a, b, c, True) for (a, b, c, _) in moves]
        return moves

    def defender_moves(self, demanded):
        board = self.board
        light_out = dark_out = 0
        for p, piece in board.items():
            if piece == ("Y", "S") and not isinstance(p, str):
                if light(p):
                    light_out += 1
                else:
                    dark_out += 1
        outside, inside, exits = [], [], []
        any_outside = False
        for p, piece in board.items():
            if piece[0] != "Y":
                continue
            kind = piece[1]
            if isinstance(p, str):
                for c in RING_NB[p]:
                    if c not in board:
                        inside.append((p, c, False, False))
                for q in EXITS.get(p, ()):
                    if q in board:
                        continue
                    # Colour limit: only a soldier's exit can add a soldier
                    # outside (diagonal steps keep the colour, entries remove one).
                    if kind == "S" and (light_out if light(q) else dark_out) >= 3:
                        continue
                    exits.append((p, q, False, False))
                continue
            any_outside = True
            dirs, rng = self.dgeom[kind]
            for d in dirs:
                for q in RAYS[p][d][:rng]:
                    target = board.get(q)
                    if target is None:
                        outside.append((p, q, False, False))
                        continue
                    if target[0] != "Y" and not self.protected(q, d):
                        outside.append((p, q, True, False))
                    break
            g = GATE.get(p)
            if g is not None and g not in board:
                outside.append((p, g, False, False))
        if any_outside and not outside:
            moves = exits                                # forced exit
        else:
            moves = outside + inside + exits
        if demanded:
            caps = [m for m in moves if m[2]]
            if caps:
                moves = caps
        return moves

    def legal(self, ply, demanded):
        if ply % 2 == 0:
            return self.defender_moves(demanded)
        return self.attacker_moves("W" if ply % 4 == 1 else "B")

    # ---- make / unmake / end ----------------------------------------------
    def make(self, m):
        frm, to, cap, _ = m
        board = self.board
        captured = board.get(to) if cap else None
        board[to] = board.pop(frm)
        return captured

    def unmake(self, m, captured):
        frm, to, _, _ = m
        board = self.board
        board[frm] = board.pop(to)
        if captured is not None:
            board[to] = captured

    def ends(self, m):
        """Whether the game is over after move m (just made)."""
        frm, to, cap, _ = m
        board = self.board
        if isinstance(to, str) and board[to][0] != "Y":
            soldiers = officers = 0
            for c in RING:
                piece = board.get(c)
                if piece is not None and piece[0] != "Y":
                    if piece[1] == "S":
                        soldiers += 1
                    else:
                        officers += 1
            if soldiers >= self.need_soldiers and officers >= 1:
                return True
        if self.variant == "citadel" and isinstance(to, str) != isinstance(frm, str):
            # S13: after a piece came in or went out, attackers inside and
            # no defender piece.
            inside = {board[c][0] for c in RING if c in board}
            if inside and "Y" not in inside:
                return True
        if self.variant == "lastsoldier" and (cap or isinstance(to, str)):
            # S14: one attacking soldier left (both armies), standing inside.
            left = [p for p, piece in board.items() if piece[0] != "Y" and piece[1] == "S"]
            if len(left) == 1 and isinstance(left[0], str):
                return True
        if cap:
            soldiers = officers = 0
            for piece in board.values():
                if piece[0] != "Y":
                    if piece[1] == "S":
                        soldiers += 1
                    else:
                        officers += 1
            if soldiers == 0 and officers <= 6:     # 24 soldiers and >= 6 officers captured
                return True
        return False

    # ---- placement plies (free setup) -------------------------------------
    def placements(self):
        kind = "G" if self.setup == 2 else "Co"
        return [("@", kind, c) for c in RING if c not in self.board]

    def place(self, m):
        self.board[m[2]] = ("Y", m[1])
        self.setup -= 1
        filled = []
        if self.setup == 0:
            for c in RING:
                if c not in self.board:
                    self.board[c] = ("Y", "S")
                    filled.append(c)
        return filled

    def unplace(self, m, filled):
        for c in filled:
            del self.board[c]
        del self.board[m[2]]
        self.setup += 1

    # ---- perft ------------------------------------------------------------
    def perft(self, depth, ply=None, demanded=False):
        if ply is None:
            ply = self.start_ply
        if depth == 0:
            return 1
        if self.setup:
            moves = self.placements()
            if depth == 1:
                return len(moves)
            total = 0
            for m in moves:
                filled = self.place(m)
                total += self.perft(depth - 1, 0, False)
                self.unplace(m, filled)
            return total
        moves = self.legal(ply, demanded)
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            if m is None:
                total += self.perft(depth - 1, ply + 1, False)
                continue
            captured = self.make(m)
            if not self.ends(m):
                total += self.perft(depth - 1, ply + 1, m[3])
            self.unmake(m, captured)
        return total

    def divide(self, depth):
        out = []
        if self.setup:
            for m in self.placements():
                filled = self.place(m)
                out.append((move_text(m), self.perft(depth - 1, 0, False)))
                self.unplace(m, filled)
            return sorted(out)
        ply = self.start_ply
        for m in self.legal(ply, False):
            if m is None:
                out.append(("pass", self.perft(depth - 1, ply + 1, False)))
                continue
            captured = self.make(m)
            if depth == 1:
                n = 1
            else:
                n = 0 if self.ends(m) else self.perft(depth - 1, ply + 1, m[3])
            self.unmake(m, captured)
            out.append((move_text(m), n))
        return sorted(out)


VARIANTS = ("fixed", "free", "retreat", "mobility", "threesoldiers", "cerco", "demand",
            "straight", "general2", "leave", "citadel", "lastsoldier")

if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in VARIANTS:
        sys.exit("usage: siege_count.py {%s} DEPTH [--divide] [--position TEXT]"
                 % "|".join(VARIANTS))
    variant, depth = sys.argv[1], int(sys.argv[2])
    rest = sys.argv[3:]
    position = rest[rest.index("--position") + 1] if "--position" in rest else None
    game = Siege(variant, position)
    if "--divide" in rest:
        for text, n in game.divide(depth):
            print(text, n)
    else:
        for d in range(1, depth + 1):
            print("depth %d: %d" % (d, game.perft(d)))
