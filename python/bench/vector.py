"""Speed of ``tavoliere.VectorEnv`` against the Python loop of the single
state API: random actions, each step giving the mover's-view observation
(numpy) and the legal actions, games started again as they end.

    python python/bench/vector.py [--seconds 3] [--n 256] [--games chess,connect-four]

Per game: steps per second (one step: one action in one game) and CPU
seconds per 10^5 steps (``time.process_time``: every thread of the
process) of (1) the Python loop (``legal_actions``, a random choice,
``apply_action``, ``observation(view=True)``) and (2) ``VectorEnv`` with
`n` games on 1 thread, and on 2, with `mask=False` and actions drawn by
``env.sample_actions()`` (uniform over each game's legal actions, in Rust:
the cheapest fair way, as the Python loop draws uniformly too), and (3)
``VectorEnv`` on 1 thread with the dense mask, actions drawn from it by
numpy (``(rng.random(mask.shape) * mask).argmax(axis=1)``), as before.
"""

import argparse
import random
import time

import numpy as np

import tavoliere

GAMES = "tic-tac-toe,connect-four,breakthrough,othello,chess,draughts,quoridor,backgammon"


def python_loop(game, seconds):
    rng = random.Random(1)
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    st = game.new_initial_state()
    while time.perf_counter() - wall < seconds:
        for _ in range(100):
            if st.is_terminal():
                st = game.new_initial_state()
            actions = st.legal_actions()
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            st.apply_action(actions[rng.randrange(len(actions))])
            st.observation(view=True)
            steps += 1
    return steps, time.perf_counter() - wall, time.process_time() - cpu


def vector_loop(game, seconds, n, threads):
    env = tavoliere.VectorEnv(game, n, seed=1, view=True, threads=threads, mask=False)
    env.reset()
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        env.step(env.sample_actions())
        steps += n
    return steps, time.perf_counter() - wall, time.process_time() - cpu


def vector_mask_loop(game, seconds, n):
    env = tavoliere.VectorEnv(game, n, seed=1, view=True, threads=1)
    rng = np.random.default_rng(1)
    obs, rewards, terminated, truncated, mask, player = env.reset()
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
        obs, rewards, terminated, truncated, mask, player = env.step(actions)
        steps += n
    return steps, time.perf_counter() - wall, time.process_time() - cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--n", type=int, default=256)
    ap.add_argument("--games", default=GAMES)
    args = ap.parse_args()
    print(
        f"{'game':14} {'python loop':>22} {'sample_actions 1 thread':>24} {'2 threads':>22}"
        f" {'numpy mask 1 thread':>22}  speed-up 1 thread (steps/s, CPU); numpy mask"
    )
    for name in args.games.split(","):
        game = tavoliere.load_game(name)
        rows = [python_loop(game, args.seconds)]
        rows += [vector_loop(game, args.seconds, args.n, t) for t in (1, 2)]
        rows.append(vector_mask_loop(game, args.seconds, args.n))
        rates = [s / w for s, w, _ in rows]
        cpus = [c / s * 1e5 for s, _, c in rows]
        cells = [f"{r:>10,.0f}/s {c:>6.2f} cpu" for r, c in zip(rates, cpus)]
        print(
            f"{name:14} {cells[0]:>22} {cells[1]:>24} {cells[2]:>22} {cells[3]:>22}"
            f"  {rates[1] / rates[0]:.1f}x, {cpus[0] / cpus[1]:.1f}x; {rates[3] / rates[0]:.1f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
