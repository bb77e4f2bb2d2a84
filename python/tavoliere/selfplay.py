"""Self-play for learning: search policies as training targets, a search
guided by your own network, and (observation, policy, value) examples.

    import tavoliere, tavoliere.selfplay as sp
    game = tavoliere.load_game("connect-four")
    state = game.new_initial_state()
    policy, value = sp.mcts_policy(game, state, budget=200)  # UCT in Rust, no GIL
    examples = sp.self_play(game, budget=200, seed=1)        # [(observation, policy, value)]

A policy is a numpy vector over ``game.num_distinct_actions()``: the share
of the search's visits of each legal action (for a capture chain, of its
first landing; the chain's later landings are chosen by the same search).
A value is a return for the player to move, from -1 (a loss) to 1 (a win).

Your own network can guide the search instead of random playouts
(AlphaZero's PUCT): ``evaluator`` takes a batch of observations, a float32
array of shape ``(batch, observation size)``, and returns the priors, shape
``(batch, num_distinct_actions)`` (masked to the legal actions and
normalised here), and the values, shape ``(batch,)``, each for the player
to move in its observation::

    policy, value = sp.puct_policy(game, state, evaluator, simulations=100)
"""

import math
import random

import numpy as np


def _distribution(visits, temperature):
    v = np.asarray(visits, dtype=np.float64)
    if temperature == 0 or v.sum() == 0:
        p = np.zeros_like(v)
        p[int(np.argmax(v))] = 1.0
        return p
    v = v ** (1.0 / temperature)
    return v / v.sum()


def mcts_policy(game, state, budget=200, seed=0, threads=1, temperature=1.0):
    """UCT search (``budget`` iterations per thread, random playouts, in
    Rust without the GIL): ``(policy, value)``, the visits of the legal
    actions as a distribution (``temperature`` 0: the most visited, 1: in
    proportion), the root's mean return for the player to move."""
    moves, visits, value = state.mcts_policy(budget, seed, threads)
    policy = np.zeros(game.num_distinct_actions(), dtype=np.float32)
    for seq, p in zip(moves, _distribution(visits, temperature)):
        policy[seq[0]] += p
    return policy, value


def mcts_move(state, budget=200, seed=0, threads=1, temperature=0.0, rng=None):
    """The actions of a move chosen by its visits (the most visited with
    ``temperature`` 0, else drawn in proportion), with the policy and value
    of ``mcts_policy``'s search; apply the actions in order."""
    moves, visits, value = state.mcts_policy(budget, seed, threads)
    p = _distribution(visits, temperature)
    rng = rng or random.Random(seed)
    i = int(np.argmax(p)) if temperature == 0 else rng.choices(range(len(moves)), weights=p)[0]
    return moves[i]


def _chance(state, rng):
    outcomes = state.chance_outcomes()
    actions = [a for a, _ in outcomes]
    return rng.choices(actions, weights=[p for _, p in outcomes])[0]


def self_play(game, budget=200, seed=0, temperature=1.0, greedy_after=None, max_plies=None):
    """One game of UCT self-play: a list of ``(observation, policy,
    value)``, one per move chosen, the observation float32, the policy the
    search's visits (moves drawn by it, the most visited once
    ``greedy_after`` moves are played), the value the game's final return
    for the player who moved there."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    rows = []
    plies = 0
    while not state.is_terminal() and (max_plies is None or plies < max_plies):
        if state.is_chance_node():
            state.apply_action(_chance(state, rng))
            continue
        t = 0.0 if greedy_after is not None and plies >= greedy_after else temperature
        moves, visits, _ = state.mcts_policy(budget, rng.getrandbits(63))
        policy = np.zeros(game.num_distinct_actions(), dtype=np.float32)
        shares = _distribution(visits, 1.0)
        for seq, p in zip(moves, shares):
            policy[seq[0]] += p
        chosen = _distribution(visits, t)
        i = int(np.argmax(chosen)) if t == 0 else rng.choices(range(len(moves)), weights=chosen)[0]
        obs = np.asarray(state.observation_tensor(), dtype=np.float32)
        rows.append((obs, policy, state.current_player()))
        for a in moves[i]:
            state.apply_action(a)
        plies += 1
    returns = state.returns()
    return [(obs, policy, float(returns[player])) for obs, policy, player in rows]


class _Node:
    __slots__ = ("player", "actions", "priors", "visits", "total", "children", "terminal")

    def __init__(self):
        self.children = {}
        self.actions = None


def puct_policy(game, state, evaluator, simulations=100, c_puct=1.5, batch=8, seed=0, temperature=1.0):
    """AlphaZero's search guided by ``evaluator`` (see the module's
    documentation), ``simulations`` leaves evaluated, ``batch`` at a time
    (with virtual loss): ``(policy, value)`` as ``mcts_policy`` gives them.
    Every action is a step of the search, so a capture chain's landings
    are searched one by one; chance nodes are sampled."""
    rng = random.Random(seed)
    n_actions = game.num_distinct_actions()
    root = _Node()
    root_player = state.current_player()

    def expand(node, st, prior_row):
        legal = st.legal_actions()
        node.player = st.current_player()
        node.actions = legal
        p = np.asarray(prior_row, dtype=np.float64)[legal] if prior_row is not None else np.ones(len(legal))
        p = np.maximum(p, 0)
        node.priors = p / p.sum() if p.sum() > 0 else np.full(len(legal), 1.0 / len(legal))
        node.visits = np.zeros(len(legal))
        node.total = np.zeros(len(legal))

    def select(node):
        n = node.visits.sum()
        u = node.total / np.maximum(node.visits, 1) + c_puct * node.priors * math.sqrt(n + 1) / (1 + node.visits)
        return int(np.argmax(u))

    def leaf_value(st, player):
        """The terminal return for `player`."""
        return st.returns()[player]

    done = 0
    while done < simulations:
        pending = []
        for _ in range(min(batch, simulations - done)):
            st = state.clone()
            node, path = root, []
            while True:
                if st.is_terminal():
                    pending.append((path, st, None, None))
                    break
                while st.is_chance_node():
                    st.apply_action(_chance(st, rng))
                if st.is_terminal():
                    pending.append((path, st, None, None))
                    break
                if node.actions is None:
                    pending.append((path, st, node, st.current_player()))
                    break
                i = select(node)
                # Virtual loss: the next descents of this batch look elsewhere.
                node.visits[i] += 1
                node.total[i] -= 1
                path.append((node, i))
                a = node.actions[i]
                st.apply_action(a)
                node = node.children.setdefault(a, _Node())
            done += 1
        to_eval = [(k, item) for k, item in enumerate(pending) if item[2] is not None]
        values = {}
        if to_eval:
            obs = np.stack([np.asarray(item[1].observation_tensor(), dtype=np.float32) for _, item in to_eval])
            priors, vals = evaluator(obs)
            priors = np.asarray(priors).reshape(len(to_eval), n_actions)
            for (k, (path, st, node, player)), row, v in zip(to_eval, priors, np.asarray(vals).reshape(-1)):
                if node.actions is None:
                    expand(node, st, row)
                values[k] = (player, float(v))
        for k, (path, st, node, player) in enumerate(pending):
            for parent, i in path:
                parent.total[i] += 1  # the virtual loss undone
                if k in values:
                    who, v = values[k]
                    parent.total[i] += v if parent.player == who else -v
                else:
                    parent.total[i] += leaf_value(st, parent.player)
    if root.actions is None:
        raise ValueError("puct_policy: the game is over")
    policy = np.zeros(n_actions, dtype=np.float32)
    policy[root.actions] = _distribution(root.visits, temperature)
    n = root.visits.sum()
    value = float(root.total.sum() / n) if n else 0.0
    return policy, value if root_player >= 0 else 0.0


__all__ = ["mcts_move", "mcts_policy", "puct_policy", "self_play"]
