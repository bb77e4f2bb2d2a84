#!/usr/bin/env python3
"""Backgammon against OpenSpiel's `backgammon` (default parameters: no
doubling cube, win/loss scoring): the ends of whole turns from random
positions, and random games replayed.

Outside `cargo test`: it installs OpenSpiel (PyPI `open_spiel`) into the
scratch virtualenv `.venv` at the top of the worktree (git-ignored) unless
it is there already.

OpenSpiel's conventions, and how games/backgammon.toml follows them.
Player 0 is x (white), player 1 o (black). OpenSpiel's point p (0..23) is
x's p-th point along its way (x moves up, o down): tavoliere's site
TRACK[p], White's track (a1..l1, then l2..a2). The bar is the hand
(`reserves white man N`), the checkers borne off the counter `borne`.

The mapping of moves. OpenSpiel's action is two checker moves (a "pass"
for a die that cannot be played); a double is played as two such actions
of the same player. tavoliere plays one die a move. The comparison is of
whole turns: from a position where a side is to play its dice, the set of
positions it can end its turn in. For OpenSpiel: every legal action, and
after the first action of a double every legal second action, the
positions after them kept when they play the most dice (OpenSpiel asks
for the most dice of each action, not of the four of a double: the
filter makes the two the same rule, and changes nothing for other
rolls). For tavoliere: tests/cases.rs plays every sequence of legal
moves until the turn passes (`turns` in a case), comparing the positions
by hash.

    python3 tests/perft/backgammon_compare.py --write [SEED]  # write the data file
    python3 tests/perft/backgammon_compare.py --speed         # random games per second
    python3 tests/perft/backgammon_compare.py --gammons [SEED] # the gammons' data file
    python3 tests/perft/backgammon_compare.py --opening [SEED] # the opening roll's data file

`--write` writes tests/cases/backgammon-openspiel.toml: 240 positions met
in OpenSpiel's random games (uniform random actions, chance by its
probabilities), at least 40 each with a double, a checker on the bar and
a side bearing off, with the ends of the turn (read by tests/cases.rs);
and 20 random games, their dice and moves written as tavoliere's moves
(each checker move in OpenSpiel's order), with OpenSpiel's winner.

`--gammons` writes tests/cases/backgammon-gammons-openspiel.toml: random
games of OpenSpiel's backgammon with `scoring_type = full_scoring` (a
gammon, the loser having borne off none, scores 2; a backgammon, the
loser also having a checker on the bar or in the winner's home board, 3),
10 won by each of 1, 2 and 3 points, replayed on
games/backgammon-gammons.toml with the winner and the points of
OpenSpiel's returns (`points` in a case).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_venv import ROOT, run_inside, spiel_speed  # noqa: E402

try:
    import pyspiel
except ImportError:
    run_inside(__file__, "open_spiel")

PATH = "games/backgammon.toml"
OUT = os.path.join(ROOT, "tests", "cases", "backgammon-openspiel.toml")
GAMMONS_PATH = "games/backgammon-gammons.toml"
GAMMONS_OUT = os.path.join(ROOT, "tests", "cases", "backgammon-gammons-openspiel.toml")
SIDES = ["white", "black"]
TRACK = [f"{f}1" for f in "abcdefghijkl"] + [f"{f}2" for f in "lkjihgfedcba"]
BAR, SCORE = 24, 25


# OpenSpiel's parameters: its defaults, or `scoring_type = full_scoring`
# for games/backgammon-gammons.toml (`--gammons`).
PARAMS = {}


def game():
    return pyspiel.load_game("backgammon", PARAMS)


def read(state):
    """Per player, 26 counts: points 0..23, the bar, borne off."""
    t = state.observation_tensor(0)
    out = []
    for p in range(2):
        counts = []
        for i in range(24):
            a, b, c, d = t[96 * p + 4 * i: 96 * p + 4 * i + 4]
            counts.append(int(a) + 2 * int(b) + 3 * int(c) + (3 + int(d) if d > 0 else 0))
        counts.append(int(t[192 + 3 * p]))
        counts.append(int(t[193 + 3 * p]))
        out.append(counts)
    return out


def text(counts, to_move=None, dice=()):
    """tavoliere's position text of OpenSpiel's counts."""
    pieces, stacks = [], []
    for p in range(2):
        sites = [TRACK[i] for i in range(24) if counts[p][i] > 0]
        if sites:
            pieces.append(f"{SIDES[p]} man {' '.join(sites)}")
        stacks += [f"{TRACK[i]} {counts[p][i]}" for i in range(24) if counts[p][i] > 1]
    parts = [f"pieces {', '.join(pieces)}"]
    if stacks:
        parts.append(f"stacks {', '.join(stacks)}")
    parts.append("reserves " + ", ".join(
        f"{SIDES[p]} man {counts[p][BAR]}, {SIDES[p]} borne {counts[p][SCORE]}" for p in range(2)))
    if to_move is not None:
        parts.append(f"turn {SIDES[to_move]} phase 2")
    if dice:
        parts.append("dice " + " ".join(map(str, dice)))
    return "; ".join(parts)


def dice_used(state, action):
    return sum(1 for m in state.spiel_move_to_checker_moves(state.current_player(), action)
               if m.pos >= 0)


def turn_ends(state):
    """The texts of the positions the player to move can end its turn in,
    OpenSpiel's way, kept when they play the most dice."""
    player = state.current_player()
    ends = {}
    for a in state.legal_actions():
        s = state.child(a)
        used = dice_used(state, a)
        if not s.is_terminal() and s.current_player() == player:
            for b in s.legal_actions():
                t = s.child(b)
                key = text(read(t)) + "; turn white"
                ends[key] = max(ends.get(key, 0), used + dice_used(s, b))
        else:
            key = text(read(s)) + "; turn white"
            ends[key] = max(ends.get(key, 0), used)
    most = max(ends.values())
    return sorted(k for k, v in ends.items() if v == most)


def most_dice(state):
    """The legal actions that let the whole turn play the most dice (all of
    them but for the first half of a double), each with the dice it plays."""
    player = state.current_player()
    scored = []
    for a in state.legal_actions():
        used = dice_used(state, a)
        s = state.child(a)
        more = 0
        if not s.is_terminal() and s.current_player() == player:
            more = max(dice_used(s, b) for b in s.legal_actions())
        scored.append((a, used, used + more))
    most = max(t for _, _, t in scored)
    return [(a, u) for a, u, t in scored if t == most]


def checker_text(state, player, m, counts):
    """One checker move of OpenSpiel as tavoliere writes it."""
    if m.pos < 0:
        return None
    track = TRACK if player == 0 else TRACK[::-1]
    # The index along the player's own track, 0 for its first point.
    if m.pos == BAR or m.pos > 23:
        frm = -1
    else:
        frm = m.pos if player == 0 else 23 - m.pos
    to = frm + m.num
    if to > 23:
        return f"{track[frm]}-off"
    opp_at = to if player == 0 else 23 - to
    hit = counts[1 - player][opp_at] == 1
    if frm < 0:
        return f"M@{track[to]}"
    return f"{track[frm]}{'x' if hit else '-'}{track[to]}"


def roll_text(state, outcome):
    label = state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)
    pair = label.split("(roll: ")[1][:2]
    a, b = sorted(pair)
    return f"roll:{a}-{b}"


def dice_rolled(state):
    """The dice OpenSpiel's state has just rolled, lowest first (a double
    four times), read from its observation."""
    d0, d1 = state.observation_tensor(0)[198:200]
    dice = sorted([int(d0), int(d1)])
    return dice * 2 if dice[0] == dice[1] else dice


def random_games(rng, n_positions, n_games):
    """Positions met in random games (with the dice to play) and whole
    random games as tavoliere's moves."""
    positions, games = [], []
    while len(positions) < n_positions or len(games) < n_games:
        state = game().new_initial_state()
        first = None
        moves = []
        dice = []
        half = False
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                o = rng.choices(outcomes, probs)[0]
                moves.append(roll_text(state, o))
                state.apply_action(o)
                if first is None:
                    # Who starts, as OpenSpiel's first roll says.
                    first = state.current_player()
                dice = dice_rolled(state)
                half = False
                continue
            player = state.current_player()
            counts = read(state)
            to_play = dice[2:] if half else dice
            actions = most_dice(state)
            if rng.random() < 0.25 and actions[0][1] > 0 and n_positions > 0:
                positions.append((text(counts, player, to_play), turn_ends(state), counts))
            a = rng.choice([a for a, _ in actions])
            cms = state.spiel_move_to_checker_moves(player, a)
            for m in cms:
                t = checker_text(state, player, m, counts)
                if t is not None:
                    moves.append(t)
                    # Play it on the counts, for the next checker's hit.
                    apply_counts(counts, player, m)
            state.apply_action(a)
            if not state.is_terminal() and state.current_player() == player:
                half = True
        if state.move_number() > 3000 or max(state.returns()) == 0:
            continue
        winner = 0 if state.returns()[0] > 0 else 1
        games.append((first, moves, winner, int(abs(state.returns()[0]))))
    return positions, games


def apply_counts(counts, player, m):
    own = counts[player]
    if m.pos == BAR or m.pos > 23:
        own[BAR] -= 1
        frm = -1 if player == 0 else 24
    else:
        own[m.pos] -= 1
        frm = m.pos
    to = frm + m.num if player == 0 else frm - m.num
    if to < 0 or to > 23:
        own[SCORE] += 1
        return
    if counts[1 - player][to] == 1:
        counts[1 - player][to] = 0
        counts[1 - player][BAR] += 1
    own[to] += 1


def pick(positions, rng):
    """240 positions: at least 40 each with dice to play four times, a
    checker on the bar of the side to move, and a side bearing off."""
    def kinds(p):
        t, _, counts = p
        side = 0 if "turn white" in t else 1
        return ("double" if t.count("dice") and len(t.split("dice ")[1].split()) == 4 else None,
                "bar" if counts[side][BAR] > 0 else None,
                "off" if sum(counts[side][18:24] if side == 0 else counts[side][0:6])
                + counts[side][SCORE] == 15 else None)
    chosen = []
    for k in range(3):
        group = [p for p in positions if kinds(p)[k] and p not in chosen]
        chosen += rng.sample(group, min(40, len(group)))
    rest = [p for p in positions if p not in chosen]
    chosen += rng.sample(rest, 240 - len(chosen))
    return chosen


def start_text(first):
    state = game().new_initial_state()
    return text(read(state), first) .replace(" phase 2", "")


def case(text, game, fields=(), lists=()):
    """One `[[case]]` of a cases file: its text and game, then each
    `key = "value"` of `fields`, then each list of strings of `lists`
    (`turns`, `chance`), as (name, items)."""
    lines = ["[[case]]", f'text = "{text}"', f'game = "{game}"']
    lines += [f'{key} = "{value}"' for key, value in fields]
    for name, items in lists:
        lines += [f"{name} = [", *[f'  "{item}",' for item in items], "]"]
    return lines + [""]


def write(seed):
    rng = random.Random(seed)
    positions, games = random_games(rng, 4000, 20)
    chosen = pick(positions, rng)
    lines = [
        "# Backgammon against OpenSpiel's `backgammon` (pip `open_spiel`, default",
        "# parameters: no cube, win/loss scoring): the ends of whole turns from 240",
        "# positions of its random games (at least 40 each with a double, a checker",
        "# on the bar and bearing off), and 20 random games replayed with",
        "# OpenSpiel's winner. Written by tests/perft/backgammon_compare.py --write",
        f"# {seed} (its conventions: see the script). Fields: tests/cases.rs.",
        "",
    ]
    for i, (first, moves, winner, _) in enumerate(games[:20]):
        lines += case(
            f"Backgammon, OpenSpiel random game {i + 1}: {SIDES[winner]} won",
            PATH,
            [
                ("position", start_text(first)),
                ("moves", " ".join(moves)),
                ("outcome", f"{SIDES[winner]} won"),
            ],
        )
    for i, (t, ends, _) in enumerate(chosen):
        lines += case(
            f"Backgammon, OpenSpiel position {i + 1}: {len(ends)} ends of the turn",
            PATH,
            [("position", t)],
            [("turns", ends)],
        )
    with open(OUT, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {OUT}: {len(chosen)} positions, 20 games")


def write_gammons(seed):
    """tests/cases/backgammon-gammons-openspiel.toml: random games of
    OpenSpiel's backgammon with `scoring_type = full_scoring`, 10 won by
    each of 1, 2 (a gammon) and 3 points (a backgammon), replayed on
    games/backgammon-gammons.toml with OpenSpiel's winner and points."""
    PARAMS["scoring_type"] = "full_scoring"
    rng = random.Random(seed)
    chosen = {1: [], 2: [], 3: []}
    while min(len(g) for g in chosen.values()) < 10:
        _, games = random_games(rng, 0, 1)
        first, moves, winner, points = games[0]
        if len(chosen[points]) < 10:
            chosen[points].append((first, moves, winner, points))
    lines = [
        "# Backgammon with gammons and backgammons against OpenSpiel's `backgammon`",
        "# with `scoring_type = full_scoring` (pip `open_spiel`): 30 random games,",
        "# 10 won by each of 1, 2 and 3 points, replayed with OpenSpiel's winner and",
        "# the points of its returns. Written by tests/perft/backgammon_compare.py",
        f"# --gammons {seed} (its conventions: see the script). Fields: tests/cases.rs.",
        "",
    ]
    games = [g for p in (1, 2, 3) for g in chosen[p]]
    for i, (first, moves, winner, points) in enumerate(games):
        lines += [
            "[[case]]",
            f'text = "Backgammon with gammons, OpenSpiel random game {i + 1}: '
            f'{SIDES[winner]} won {points} point{"s" if points > 1 else ""}"',
            f'game = "{GAMMONS_PATH}"',
            f'position = "{start_text(first)}"',
            f'moves = "{" ".join(moves)}"',
            f'outcome = "{SIDES[winner]} won"',
            f"points = {points}",
            "",
        ]
    with open(GAMMONS_OUT, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {GAMMONS_OUT}: {len(games)} games")


OPENING_PATH = "games/backgammon-openspiel.toml"
OPENING_OUT = os.path.join(ROOT, "tests", "cases", "backgammon-opening-openspiel.toml")


def opening_text(state, outcome):
    """OpenSpiel's first chance outcome as games/backgammon-openspiel.toml
    writes its roll-off, each side's die in the turn order (`roll:5-3`:
    White threw 5, Black 3), and the player who starts. OpenSpiel's outcome
    gives the starter and the two dice; the starter's die is the higher."""
    child = state.child(outcome)
    starter = child.current_player()
    lo, hi = sorted(int(d) for d in child.observation_tensor(0)[198:200])
    white, black = (hi, lo) if starter == 0 else (lo, hi)
    return f"roll:{white}-{black}", starter


def chance_list(state, name):
    """The chance outcomes of `state` as `MOVE PROBABILITY` strings; the
    outcomes one move stands for summed (OpenSpiel lists 1-2 and 2-1 apart,
    each 1/36; tavoliere's `roll:1-2` is both, 1/18)."""
    summed = {}
    for a, p in state.chance_outcomes():
        summed[name(state, a)] = summed.get(name(state, a), 0.0) + p
    return [f"{m} {p!r}" for m, p in summed.items()]


def games_from_start(rng, n_games, n_turns):
    """Random games of OpenSpiel from its initial state (uniform random
    actions among those that play the most dice, chance by its
    probabilities): per game its moves as tavoliere's, OpenSpiel's winner,
    the ends of the first `n_turns` turns (with the moves before each),
    and the chance outcomes of its second roll (with the moves before it)."""
    games = []
    while len(games) < n_games:
        state = game().new_initial_state()
        moves, turns, second = [], [], None
        dice, half = [], False
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                o = rng.choices(outcomes, probs)[0]
                if not moves:
                    moves.append(opening_text(state, o)[0])
                else:
                    if second is None:
                        second = (" ".join(moves), chance_list(state, lambda _, a: roll_text(state, a)))
                    moves.append(roll_text(state, o))
                state.apply_action(o)
                dice = dice_rolled(state)
                half = False
                continue
            player = state.current_player()
            counts = read(state)
            if not half and len(turns) < n_turns:
                turns.append((" ".join(moves), SIDES[player], turn_ends(state)))
            actions = most_dice(state)
            a = rng.choice([a for a, _ in actions])
            for m in state.spiel_move_to_checker_moves(player, a):
                t = checker_text(state, player, m, counts)
                if t is not None:
                    moves.append(t)
                    apply_counts(counts, player, m)
            state.apply_action(a)
            half = not state.is_terminal() and state.current_player() == player
        if state.move_number() > 3000 or max(state.returns()) == 0:
            continue
        winner = 0 if state.returns()[0] > 0 else 1
        games.append((moves, winner, turns, second))
    return games


def write_opening(seed):
    """tests/cases/backgammon-opening-openspiel.toml: OpenSpiel's first
    chance node (30 outcomes, no double, the higher die starts and plays
    both dice) against games/backgammon-openspiel.toml's roll-off: the
    outcomes and their probabilities, the starter and the ends of its turn
    after each; then 20 random games from the initial state replayed with
    OpenSpiel's winner, the ends of the first 6 turns of the first 10, and
    the chance outcomes of each one's second roll."""
    rng = random.Random(seed)
    start = game().new_initial_state()
    lines = [
        "# Backgammon's opening roll against OpenSpiel's `backgammon` (pip `open_spiel`,",
        "# default parameters): its first chance node (30 outcomes, no double; the higher",
        "# die starts and plays both dice) against games/backgammon-openspiel.toml's",
        "# roll-off, and 20 random games from the initial state. Written by",
        f"# tests/perft/backgammon_compare.py --opening {seed} (its conventions: see the",
        "# script). Fields: tests/cases.rs.",
        "",
    ]
    lines += case(
        "Backgammon, OpenSpiel opening: 30 outcomes, each 1/30",
        OPENING_PATH,
        lists=[("chance", chance_list(start, lambda s, a: opening_text(s, a)[0]))],
    )
    for a, _ in start.chance_outcomes():
        roll, starter = opening_text(start, a)
        ends = turn_ends(start.child(a))
        lines += case(
            f"Backgammon, OpenSpiel opening {roll}: {SIDES[starter]} starts, "
            f"{len(ends)} ends of the turn",
            OPENING_PATH,
            [("moves", roll), ("to_move", SIDES[starter])],
            [("turns", ends)],
        )
    for i, (moves, winner, turns, second) in enumerate(games_from_start(rng, 20, 6)):
        lines += case(
            f"Backgammon, OpenSpiel game {i + 1} from the start: {SIDES[winner]} won",
            OPENING_PATH,
            [("moves", " ".join(moves)), ("outcome", f"{SIDES[winner]} won")],
        )
        if i >= 10:
            continue
        before, outcomes = second
        lines += case(
            f"Backgammon, OpenSpiel game {i + 1} from the start: its second roll",
            OPENING_PATH,
            [("moves", before)],
            [("chance", outcomes)],
        )
        for j, (before, side, ends) in enumerate(turns):
            lines += case(
                f"Backgammon, OpenSpiel game {i + 1} from the start, turn {j + 1}: "
                f"{len(ends)} ends",
                OPENING_PATH,
                [("moves", before), ("to_move", side)],
                [("turns", ends)],
            )
    with open(OPENING_OUT, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {OPENING_OUT}")


def main():
    args = sys.argv[1:]
    seed = int(next((a for a in args if a.isdigit()), "1"))
    if "--opening" in args:
        write_opening(seed)
        return
    if "--gammons" in args:
        write_gammons(seed)
        return
    if "--speed" in args:
        binary = os.path.join(ROOT, "target", "release", "tavoliere")
        spiel_speed(pyspiel, binary, "backgammon", lambda: game().new_initial_state(), PATH, 2000)
        return
    write(seed)


if __name__ == "__main__":
    main()
