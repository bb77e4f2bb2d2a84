#!/usr/bin/env python3
"""The Royal Game of Ur (Finkel's rules) counted independently of
tavoliere: a small program written from the rules alone, whose legal
moves, chance perft and game results games/ur.toml must match.

No dependency: plain Python 3. Compare needs the release binary
(`cargo build --release`).

    python3 tests/perft/ur_reference.py [SEED]          # compare with tavoliere
    python3 tests/perft/ur_reference.py --write [SEED]  # rewrite the data files

The rules (Irving Finkel, the British Museum; Wikipedia "Royal Game of
Ur", Ludii "Ur"), on games/ur.toml's coordinates: each side has 7 men, off
the board at the start. A side's track is 14 squares, numbered 1 to 14:
its own row from d to a (1-4), the shared middle row a2 to h2 (5-12),
its own tail h then g (13-14); 15 is off the board. White's own row is
rank 1, Black's rank 3. The rosettes are the squares 4, 8 and 14 of a
track (a1 a3 d2 g1 g3). A turn: a roll of four binary dice, 0 to 4 with
weights 1 4 6 4 1; then one man moves exactly that many squares: a man
in hand (square 0) enters onto square n, a man on square s goes to s + n,
and bears off when s + n is 15 exactly (beyond is no move). It may not
land on its own man, nor on an enemy man on the shared rosette d2; an
enemy man landed on goes back to its owner's hand. Landing on a rosette
(not bearing off) gives the same side another turn; a roll of 0, or a
roll with no legal move, passes the turn. The side that has borne off
all seven has won.

Perft counts as tavoliere's does (and OpenSpiel's trees): a roll is a ply
whose children are its five outcomes; after a roll with no move the other
side rolls next. A finished game has no move.

Compare (the default): perft 1-10 from the start and 1-5 from 30 random
positions; along 100 random games (seeded dice and moves) the legal moves
at every position, and each game's end and winner. `--write` writes the
data the Rust tests read: tests/perft/ur.toml (perft cases, read by
tests/perft.rs) and tests/cases/ur-reference.toml (the legal moves of 200
random positions, each as a position text, and the results of 20 random
games; read by tests/cases.rs).
"""

import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The release binary, or another given by TAVOLIERE_BIN.
BIN = os.environ.get("TAVOLIERE_BIN", os.path.join(ROOT, "target", "release", "tavoliere"))
PATH = "games/ur.toml"
SIDES = ["white", "black"]
SHARED = ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]
TRACKS = [
    ["d1", "c1", "b1", "a1"] + SHARED + ["h1", "g1"],
    ["d3", "c3", "b3", "a3"] + SHARED + ["h3", "g3"],
]
ROSETTES = {4, 8, 14}
ROLLS = [(0, 1), (1, 4), (2, 6), (3, 4), (4, 1)]
MEN = 7
# A drop is written with the kind's symbol, whatever the side.
SYMBOL = ["M", "M"]
ORDER = [f"{f}{r}" for r in "123" for f in "abcdefgh"]


class Ur:
    """A position: per side the squares (1-14) of its men on the board,
    the men in hand and borne off; whose turn; the roll, once thrown."""

    def __init__(self):
        self.men = [set(), set()]
        self.hand = [MEN, MEN]
        self.home = [0, 0]
        self.side = 0
        self.roll = None

    def clone(self):
        c = Ur()
        c.men = [set(self.men[0]), set(self.men[1])]
        c.hand = list(self.hand)
        c.home = list(self.home)
        c.side = self.side
        c.roll = self.roll
        return c

    def winner(self):
        for s in (0, 1):
            if self.home[s] == MEN:
                return s
        return None

    def site_of(self, side, square):
        return TRACKS[side][square - 1]

    def occupant(self, site):
        for s in (0, 1):
            for q in self.men[s]:
                if self.site_of(s, q) == site:
                    return s
        return None

    def moves(self):
        """The legal moves after the roll: (from square, to square), 0 for
        the hand, 15 for off."""
        n, side, out = self.roll, self.side, []
        if not n:
            return out
        starts = sorted(self.men[side]) + ([0] if self.hand[side] else [])
        for q in starts:
            t = q + n
            if t == 15:
                out.append((q, t))
            elif t < 15:
                site = self.site_of(side, t)
                who = self.occupant(site)
                if who == side:
                    continue
                if who is not None and site == "d2":
                    continue
                out.append((q, t))
        return out

    def text(self, mv):
        q, t = mv
        if t == 15:
            return self.site_of(self.side, q) + "-off"
        to = self.site_of(self.side, t)
        if q == 0:
            return f"{SYMBOL[self.side]}@{to}"
        sep = "x" if self.occupant(to) is not None else "-"
        return self.site_of(self.side, q) + sep + to

    def legal_texts(self):
        """tavoliere's texts of the legal moves (outcomes at a roll)."""
        if self.winner() is not None:
            return []
        if self.roll is None:
            return [f"roll:{v}" for v, _ in ROLLS]
        return [self.text(m) for m in self.moves()]

    def throw(self, value):
        self.roll = value
        if not self.moves():
            self.pass_turn()

    def pass_turn(self):
        self.side, self.roll = 1 - self.side, None

    def play(self, mv):
        q, t = mv
        side = self.side
        if q == 0:
            self.hand[side] -= 1
        else:
            self.men[side].remove(q)
        if t == 15:
            self.home[side] += 1
        else:
            site = self.site_of(side, t)
            if self.occupant(site) == 1 - side:
                other = 1 - side
                self.men[other] = {x for x in self.men[other] if self.site_of(other, x) != site}
                self.hand[other] += 1
            self.men[side].add(t)
        if self.winner() is None and t in ROSETTES:
            self.roll = None
        else:
            self.pass_turn()

    def play_text(self, text):
        if self.roll is None:
            self.throw(int(text.split(":")[1]))
            return
        for m in self.moves():
            if self.text(m) == text:
                self.play(m)
                return
        raise ValueError(text)

    def position(self):
        """The position as tavoliere's position text."""
        groups = []
        for s in (0, 1):
            sites = sorted((self.site_of(s, q) for q in self.men[s]), key=ORDER.index)
            if sites:
                groups.append(f"{SIDES[s]} man " + " ".join(sites))
        parts = ["pieces " + ", ".join(groups)] if groups else ["pieces"]
        parts.append(
            "reserves "
            + ", ".join(f"{SIDES[s]} man {self.hand[s]}, {SIDES[s]} home {self.home[s]}" for s in (0, 1))
        )
        if self.roll is not None:
            parts.append(f"rolled dice {self.roll}")
        parts.append(f"turn {SIDES[self.side]}" + (" phase 2" if self.roll is not None else ""))
        return "; ".join(parts)


def perft(pos, depth):
    texts = pos.legal_texts()
    if depth == 1 or not texts:
        return len(texts)
    total = 0
    for t in texts:
        child = pos.clone()
        child.play_text(t)
        total += perft(child, depth - 1)
    return total


def random_game(rng, limit=None):
    """Seeded dice (by their weights) and uniform moves: the move texts, the
    position text and legal moves before each ply, and the winner."""
    pos, moves, seen = Ur(), [], []
    while pos.winner() is None and (limit is None or len(moves) < limit):
        texts = pos.legal_texts()
        seen.append((pos.position(), sorted(texts)))
        if pos.roll is None:
            value = rng.choices([v for v, _ in ROLLS], [w for _, w in ROLLS])[0]
            t = f"roll:{value}"
        else:
            t = rng.choice(texts)
        moves.append(t)
        pos.play_text(t)
    return moves, seen, pos.winner()


def reference(seed):
    rng = random.Random(seed)
    start = [perft(Ur(), d) for d in range(1, 11)]
    games = [random_game(rng) for _ in range(100)]
    positions = []
    while len(positions) < 30:
        moves, _, _ = random_game(rng, limit=rng.randrange(10, 160))
        pos = Ur()
        for m in moves:
            pos.play_text(m)
        # A position about to roll, the game not over.
        if pos.roll is not None or pos.winner() is not None:
            continue
        positions.append((pos.position(), [perft(pos, d) for d in range(1, 6)]))
    return start, positions, games


def tav(args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, check=True, cwd=ROOT).stdout


def tav_perft(where, depth):
    args = ["perft", PATH, "--depth", str(depth)]
    if where:
        args += ["--position", where]
    return [int(line.split()[1]) for line in tav(args).splitlines() if re.match(r"^\d+ \d+", line)]


def tav_moves(where):
    return sorted(tav(["moves", PATH, "--position", where]).split())


def tav_outcome(moves):
    out = tav(["show", PATH, "--moves", " ".join(moves)])
    for line in out.splitlines():
        if " won" in line or " to move" in line or " to roll" in line:
            return line.strip()
    return out


def compare(data, seed=None):
    start, positions, games = data
    ours = tav_perft(None, len(start))
    if ours != start:
        sys.exit(f"{PATH}: perft from the start {ours}, reference {start}")
    for where, theirs in positions:
        ours = tav_perft(where, len(theirs))
        if ours != theirs:
            sys.exit(f"{where}: perft {ours}, reference {theirs}")
    plies = 0
    for moves, seen, winner in games:
        for where, theirs in seen:
            ours = tav_moves(where)
            if ours != theirs:
                sys.exit(f"{where}: tavoliere {ours}, reference {theirs}")
            plies += 1
        line = tav_outcome(moves)
        if not line.endswith(f"{SIDES[winner]} won"):
            sys.exit(f"after {' '.join(moves)}: tavoliere says {line!r}, reference: {SIDES[winner]} won")
    print(f"{PATH}: perft 1-{len(start)} from the start {start}, perft 1-5 from {len(positions)} random "
          f"positions, the legal moves at {plies} positions of {len(games)} random games and "
          "their results agree with the reference")


def write(data, seed):
    start, positions, games = data
    source = "tests/perft/ur_reference.py (written from Finkel's rules)"
    perft_lines = [
        "# The Royal Game of Ur's chance perft (a roll is a ply whose children",
        "# are its five outcomes) from the start and from random positions,",
        f"# counted by tests/perft/ur_reference.py --write {seed}, a program",
        "# written from the rules alone (see the script).",
        "", "[[case]]", f'game = "{PATH}"', f"counts = {start}", f'source = "{source}, from the start"',
    ]
    for where, theirs in positions:
        perft_lines += ["", "[[case]]", f'game = "{PATH}"', f'position = "{where}"',
                        f"counts = {theirs}", f'source = "{source}, a random position"']
    case_lines = [
        "# The Royal Game of Ur against tests/perft/ur_reference.py, a program",
        "# written from Finkel's rules alone: the legal moves of 200 positions",
        "# met in its random games (seeded dice by their weights, uniform",
        "# moves), and the results of 20 of its random games. Written by",
        f"# tests/perft/ur_reference.py --write {seed}. Fields: tests/cases.rs.",
    ]
    rng = random.Random(seed + 1)
    n = 0
    for i, (moves, seen, winner) in enumerate(games):
        if i < 20:
            case_lines += ["", "[[case]]",
                           f'text = "Ur, reference game {i + 1}: {SIDES[winner]} won on ply {len(moves)}"',
                           f'game = "{PATH}"', f'moves = "{" ".join(moves)}"',
                           f'outcome = "{SIDES[winner]} won"']
        # Two positions of each game, after a roll (a move to choose).
        chosen = [j for j, (where, _) in enumerate(seen) if "rolled" in where and "phase 2" in where]
        for j in sorted(rng.sample(chosen, 2)):
            where, legal = seen[j]
            n += 1
            case_lines += ["", "[[case]]",
                           f'text = "Ur, reference position {n} (game {i + 1}, ply {j + 1})"',
                           f'game = "{PATH}"', f'position = "{where}"',
                           f'legal = "{" ".join(legal)}"', f"count = {len(legal)}"]
    with open(os.path.join(ROOT, "tests/perft/ur.toml"), "w") as f:
        f.write("\n".join(perft_lines) + "\n")
    print("wrote tests/perft/ur.toml")
    with open(os.path.join(ROOT, "tests/cases/ur-reference.toml"), "w") as f:
        f.write("\n".join(case_lines) + "\n")
    print(f"wrote tests/cases/ur-reference.toml ({n} positions)")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seed = int(args[0]) if args else 1
    data = reference(seed)
    if "--write" in sys.argv:
        write(data, seed)
    else:
        compare(data, seed)


if __name__ == "__main__":
    main()
