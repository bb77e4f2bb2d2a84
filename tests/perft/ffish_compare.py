#!/usr/bin/env python3
"""Compare tavoliere's legal moves with Fairy-Stockfish's, move by move.

Outside `cargo test`: it installs pyffish (the Fairy-Stockfish Python
binding, PyPI `pyffish`) into a scratch virtualenv, `.venv` at the top of
the worktree (git-ignored), unless it is there already, and needs the
release binary (`cargo build --release`).

For each game it plays random games, drawing each move from
Fairy-Stockfish's legal moves, and at every position compares the two sets
of legal moves, both written as `from,to,promotes` or `K@to` (a drop).
Both programs walk the same moves from the start, so no position text is
translated. Where the games end differently (a rule one of them has and
the other does not), the walk stops and says so.

One difference is known and checked rather than reported: Fairy-Stockfish
(0.0.90) lets through some pawn drops that checkmate (its uchifuzume test
is partial; the playstrategy site filters them again after it). A pawn
drop only Fairy-Stockfish offers is accepted as such when Fairy-Stockfish
itself says it gives check and leaves no legal reply; the script counts them.

    python3 tests/perft/ffish_compare.py [GAMES_PER_VARIANT] [MAX_PLIES] [SEED]

Exit status 1 on the first difference, with the moves that lead to it.
"""

import os
import random
import re
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, ".venv")
BIN = os.path.join(ROOT, "target", "release", "tavoliere")

# (game file, Fairy-Stockfish variant)
GAMES = [
    ("games/shogi.toml", "shogi"),
    ("games/minishogi.toml", "minishogi"),
    ("games/shatranj.toml", "shatranj"),
    ("games/breakthrough.toml", "breakthrough"),
    ("games/makruk.toml", "makruk"),
]

# Games whose promotions have no `+`: any suffix is a promotion (shatranj's
# and makruk's pawn becomes a ferz, a met).
PLAIN_PROMOTIONS = ("shatranj.toml", "makruk.toml")


def ensure_pyffish():
    """Re-runs this script inside the scratch venv, with pyffish in it."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    subprocess.run([python, "-m", "pip", "install", "-q", "pyffish"], check=True)
    os.execv(python, [python] + sys.argv)


# Pawn drops that mate, offered by Fairy-Stockfish and refused by tavoliere.
MATING_DROPS = []

MOVE = re.compile(r"^([a-z]+\d+)[-x]([a-z]+\d+)(?:=(\S+))?$")


def tav_moves(game, texts):
    """tavoliere's legal moves after `texts`, as {normal form: text}."""
    out = subprocess.run(
        [BIN, "moves", game, "--moves", " ".join(texts)],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    moves = {}
    for text in out:
        if "@" in text:
            kind, to = text.split("@")
            key = f"{kind.upper()}@{to}"
        else:
            m = MOVE.match(text)
            assert m, f"unexpected move text {text!r}"
            frm, to, suffix = m.groups()
            # A promotion: a shogi kind `+X`, or any suffix in a game whose
            # promotions have no `+` (PLAIN_PROMOTIONS); a shogi piece
            # declining writes its own symbol, `=P`.
            promotes = bool(suffix) and (suffix.startswith("+") or game.endswith(PLAIN_PROMOTIONS))
            key = f"{frm},{to},{int(promotes)}"
        assert key not in moves, f"two moves read {key}"
        moves[key] = text
    return moves


def ff_key(uci):
    if "@" in uci:
        kind, to = uci.split("@")
        return f"{kind.upper()}@{to}"
    m = re.match(r"^([a-z]+\d+)([a-z]+\d+)(.?)$", uci)
    frm, to, suffix = m.groups()
    return f"{frm},{to},{int(suffix not in ('', '-', '='))}"


def walk(sf, game, variant, rng, max_plies):
    fen = sf.start_fen(variant)
    uci, texts, compared = [], [], 0
    for _ in range(max_plies):
        ff = sorted(sf.legal_moves(variant, fen, uci))
        ended = ff and (sf.is_immediate_game_end(variant, fen, uci)[0]
                        or sf.is_optional_game_end(variant, fen, uci)[0])
        tav = tav_moves(game, texts)
        if ended:
            return compared, "Fairy-Stockfish ends the game (a rule such as repetition)"
        ff_keys = {ff_key(m): m for m in ff}
        for key in sorted(set(ff_keys) - set(tav)):
            m = ff_keys[key]
            if (key.startswith("P@") and sf.gives_check(variant, fen, uci + [m])
                    and not sf.legal_moves(variant, fen, uci + [m])):
                del ff_keys[key]
                MATING_DROPS.append((game, " ".join(texts), key))
        if set(ff_keys) != set(tav):
            print(f"{game}: after {' '.join(texts) or 'the start'}")
            print("  only Fairy-Stockfish:", sorted(set(ff_keys) - set(tav)))
            print("  only tavoliere:", sorted(set(tav) - set(ff_keys)))
            sys.exit(1)
        compared += 1
        if not ff:
            return compared, "no legal move in both"
        key = rng.choice(sorted(ff_keys))
        uci.append(ff_keys[key])
        texts.append(tav[key])
    return compared, "ply limit"


def main():
    ensure_pyffish()
    import pyffish as sf

    n_games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    max_plies = int(sys.argv[2]) if len(sys.argv) > 2 else 80
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rng = random.Random(seed)
    for game, variant in GAMES:
        total, ends = 0, {}
        for _ in range(n_games):
            n, why = walk(sf, os.path.join(ROOT, game), variant, rng, max_plies)
            total += n
            ends[why] = ends.get(why, 0) + 1
        print(f"{game}: {total} positions, legal moves equal; walks ended by {ends}")
    for game, moves, drop in MATING_DROPS:
        print(f"{game}: {drop} mates (uchifuzume), offered by Fairy-Stockfish only, after {moves}")


if __name__ == "__main__":
    main()
