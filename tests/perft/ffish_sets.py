#!/usr/bin/env python3
"""Legal-move sets of Fairy-Stockfish (pyffish) along seeded random games,
kept as reference data that `cargo test` reads (tests/ffish_sets.rs), and
compared with tavoliere's here.

Outside `cargo test`: it installs pyffish (PyPI `pyffish`, the Python
binding of Fairy-Stockfish) in the scratch virtualenv `.venv`
(tests/perft/reference_venv.py) and needs the release binary (`cargo
build --release`).

For each game it plays random games from the variant's start, each move
drawn uniformly from pyffish's legal moves with a seeded generator. At
every position pyffish's legal moves are written in tavoliere's notation
by this script alone, from pyffish's own board (its FEN): `a3-b4`, `a3xb4`
when the square reached holds a piece, `e5-e5=F` for a promotion,
`K@e1` for a drop, `pass` for a pass (pyffish's king move to its own
square in a game that passes). A walk stops where pyffish ends the game
(`is_immediate_game_end`, `is_optional_game_end`) or after the ply limit;
where it ends at once (janggi's bikjang, two passes), that position's set
is empty, and tavoliere must have ended the game too.

    python3 tests/perft/ffish_sets.py [--games 8] [--plies 60] [--seed 1]
        [--only sittuyin] [--write] [--perft 3]

Without `--write`, each position's set is compared with `tavoliere moves
GAME --moves ...` and the first difference is printed (exit status 1).
With `--write`, the sets go to tests/refdata/ffish/VARIANT.json. `--perft
N` prints pyffish's perft 1..N from the start and from the FENs below.
"""

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_venv import run_inside  # noqa: E402

try:
    import pyffish as sf
except ImportError:
    run_inside(__file__, "pyffish")

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "target" / "release" / "tavoliere"

# variant -> (game file, the FENs of Fairy-Stockfish's tests/perft.sh, a
# game that passes writes `pass`)
GAMES = {
    "sittuyin": ("games/sittuyin.toml", [
        "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72",
        "2r5/6k1/6p1/3s2P1/3npR2/8/p2N2F1/3K4[] w - - 1 50",
        "8/6s1/5P2/3n4/pR2K2S/1P6/1k4p1/8[] w - - 1 50",
        "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1",
    ], False),
    "grand": ("games/grand.toml", [
        "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3",
        "r5k2r/1nb1P1abn1/3p6/1P8/10/10/10/2p7/1NBQK1A1N1/R8R w - - 0 1",
    ], False),
    "janggi": ("games/janggi.toml", [
        "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
        "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
    ], True),
}


# variant -> each side's ranks where a pawn's move may decline to promote:
# pyffish writes such a move without a suffix, tavoliere with the pawn's
# own symbol (`b7-b8=P`).
DECLINES = {"grand": {"P": range(8, 10), "p": range(2, 4)}}
# Variants whose pawns take en passant.
EN_PASSANT = {"grand"}


def board_of(fen):
    """{square name: piece letter} of a FEN's board."""
    squares = {}
    rows = fen.split(" ")[0].split("[")[0].split("/")
    n_ranks = len(rows)
    for i, row in enumerate(rows):
        rank = n_ranks - i
        file, digits = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                file += int(digits)
                digits = ""
            if ch == " ":
                break
            if ch in "+~":
                continue
            squares[f"{chr(ord('a') + file)}{rank}"] = ch
            file += 1
    return squares


def split_uci(uci):
    """pyffish's `e2e4`, `g7g7f`, `a9a10` as (from, to, suffix)."""
    i = 1
    while uci[i].isdigit():
        i += 1
    j = i + 1
    while j < len(uci) and uci[j].isdigit():
        j += 1
    return uci[:i], uci[i:j], uci[j:]


def written(uci, board, passes, variant=None):
    """A pyffish move in tavoliere's notation, read from pyffish's board."""
    if "@" in uci:
        kind, to = uci.split("@")
        return f"{kind.upper()}@{to}"
    frm, to, suffix = split_uci(uci)
    if passes and frm == to and not suffix:
        return "pass"
    # En passant: a pawn's diagonal step to an empty square takes.
    passant = variant in EN_PASSANT and board.get(frm) in ("P", "p") and frm[0] != to[0]
    sep = "x" if to != frm and (to in board or passant) else "-"
    text = f"{frm}{sep}{to}"
    if suffix:
        text += "=" + suffix.upper()
    zone = DECLINES.get(variant, {}).get(board.get(frm))
    if not suffix and zone and int(to[1:]) in zone:
        text += "=P"
    return text


def tavoliere_moves(game, texts):
    out = subprocess.run(
        [str(BIN), "moves", game, "--moves", " ".join(texts)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout.split()
    return set(out)


def walk(variant, rng, plies, compare):
    """One random game: the moves played (tavoliere's notation) and the
    legal-move set of each position before them, and why it stopped."""
    game, _, passes = GAMES[variant]
    fen = sf.start_fen(variant)
    uci, texts, sets = [], [], []
    why = "ply limit"
    for _ in range(plies):
        if sf.is_immediate_game_end(variant, fen, uci)[0]:
            # The game is over: no legal move (tavoliere's must be over too).
            sets.append([])
            if compare and tavoliere_moves(game, texts):
                print(f"{variant}: tavoliere goes on after {' '.join(texts)}")
                sys.exit(1)
            why = "Fairy-Stockfish ends the game at once (bikjang, two passes)"
            break
        if sf.is_optional_game_end(variant, fen, uci)[0]:
            why = "Fairy-Stockfish ends the game (repetition, counting)"
            break
        board = board_of(sf.get_fen(variant, fen, uci))
        legal = sorted(sf.legal_moves(variant, fen, uci))
        named = {written(m, board, passes, variant): m for m in legal}
        assert len(named) == len(legal), f"two moves written alike: {legal}"
        sets.append(sorted(named))
        if compare:
            ours = tavoliere_moves(game, texts)
            if ours != set(named):
                print(f"{variant}: after {' '.join(texts) or 'the start'}")
                print("  only Fairy-Stockfish:", sorted(set(named) - ours))
                print("  only tavoliere:", sorted(ours - set(named)))
                sys.exit(1)
        if not legal:
            why = "no legal move"
            break
        text = rng.choice(sorted(named))
        uci.append(named[text])
        texts.append(text)
    else:
        # The last position's set, after the last move.
        board = board_of(sf.get_fen(variant, fen, uci))
        named = [written(m, board, passes, variant) for m in sf.legal_moves(variant, fen, uci)]
        if sf.is_immediate_game_end(variant, fen, uci)[0]:
            sets.append([])
        elif not sf.is_optional_game_end(variant, fen, uci)[0]:
            sets.append(sorted(named))
    return texts, sets, why


def perft(variant, fen, depth, moves=()):
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, depth - 1, [*moves, m]) for m in legal)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--perft", type=int, default=0)
    args = ap.parse_args()
    variants = [args.only] if args.only else list(GAMES)
    for variant in variants:
        game, fens, _ = GAMES[variant]
        if args.perft:
            for fen in [sf.start_fen(variant), *fens]:
                t0 = time.process_time()
                counts = [perft(variant, fen, d) for d in range(1, args.perft + 1)]
                print(f"{variant} {fen}: {counts} ({time.process_time() - t0:.1f} s CPU)")
            continue
        rng = random.Random(args.seed)
        walks, total, ends = [], 0, {}
        for _ in range(args.games):
            texts, sets, why = walk(variant, rng, args.plies, not args.write)
            walks.append({"moves": " ".join(texts), "legal": [" ".join(x) for x in sets]})
            total += len(sets)
            ends[why] = ends.get(why, 0) + 1
        print(f"{variant}: {total} positions, walks ended by {ends}")
        if args.write:
            out = ROOT / "tests" / "refdata" / "ffish" / f"{variant}.json"
            out.parent.mkdir(parents=True, exist_ok=True)
            data = {
                "source": f"pyffish {'.'.join(map(str, sf.version()))} `{variant}`, "
                          f"tests/perft/ffish_sets.py --only {variant} --games {args.games} "
                          f"--plies {args.plies} --seed {args.seed} --write",
                "game": game,
                "walks": walks,
            }
            out.write_text(json.dumps(data, indent=1) + "\n")
            print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
