"""Self-play data for Connect Four: (observation, policy, value) rows from
UCT searches in Rust, and a check that the searcher beats a random mover.

    python python/examples/connect_four_selfplay.py [--games 4] [--budget 300]

Each row: the observation (float32, ``game.observation_layout()``), the
policy (the search's visits over Connect Four's 7 actions, one per column),
and the value (the game's final return for the player who moved there).
Saved with ``--out FILE.npz`` as arrays ``observations``, ``policies``,
``values``, ready for a policy-value network.
"""

import argparse
import random

import numpy as np

import tavoliere
import tavoliere.selfplay as sp


def generate(game, games, budget, seed):
    rows = []
    for g in range(games):
        rows.extend(sp.self_play(game, budget=budget, seed=seed + g, greedy_after=10))
    obs, pol, val = zip(*rows)
    return np.stack(obs), np.stack(pol), np.asarray(val, dtype=np.float32)


def versus_random(game, games, budget, seed):
    """Games the visit-count searcher wins against a random mover, each
    side in turn: (wins, draws, losses)."""
    rng = random.Random(seed)
    wins = draws = losses = 0
    for g in range(games):
        me = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == me:
                for a in sp.mcts_move(state, budget=budget, seed=seed + 1000 * g + len(state.history())):
                    state.apply_action(a)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        r = state.returns()[me]
        wins, draws, losses = wins + (r > 0), draws + (r == 0), losses + (r < 0)
    return wins, draws, losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="save the rows as .npz")
    args = parser.parse_args()
    game = tavoliere.load_game("connect-four")
    obs, pol, val = generate(game, args.games, args.budget, args.seed)
    print(f"{len(val)} rows: observations {obs.shape}, policies {pol.shape}, values {val.shape}")
    if args.out:
        np.savez_compressed(args.out, observations=obs, policies=pol, values=val)
    w, d, l = versus_random(game, 20, args.budget, args.seed)
    print(f"against random, 20 games: {w} won, {d} drawn, {l} lost")


if __name__ == "__main__":
    main()
