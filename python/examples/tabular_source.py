"""A tabular learning agent for Source, in pure Python, through the
commons package: Monte-Carlo control over (colour to move, action points
left, action) triples, which learns which points of the board are worth
taking for each colour, trained
against the random bot and measured against random and greedy.

    COMMONS_BIN=./commons python3 python/examples/tabular_source.py [--train N] [--eval M] [--seed S]

It prints the agent's mean return (1 a win, 0 a loss, 0.5 a draw) over
M games against each bot, half of them as seat 1 and half as seat 2,
before and after training (before: the untrained agent, which plays
uniformly at random among the legal moves). docs/engine.md quotes a run.
"""

import argparse
import os
import random
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import commons  # noqa: E402


class TabularAgent:
    """Q[((colour, ap), action)]: the mean final return after playing
    action with colour to move and ap action points left. Epsilon-greedy while training; ties broken
    at random."""

    def __init__(self, rng, epsilon=0.2):
        self.q = defaultdict(float)
        self.n = defaultdict(int)
        self.rng = rng
        self.epsilon = epsilon

    @staticmethod
    def key(state):
        obs = state.observation_json(state.current_player())
        return obs["to_move"], obs["ap"]

    def act(self, state, explore):
        actions = state.legal_actions()
        if explore and self.rng.random() < self.epsilon:
            return self.rng.choice(actions), self.key(state)
        k = self.key(state)
        best = max(self.q[(k, a)] for a in actions)
        return self.rng.choice([a for a in actions if self.q[(k, a)] == best]), k

    def learn(self, episode, ret):
        for k, a in episode:
            self.n[(k, a)] += 1
            self.q[(k, a)] += (ret - self.q[(k, a)]) / self.n[(k, a)]


def play(game, agent, seat, opponent, seed, explore):
    """One game, the agent in seat (0 or 1); returns its return and its
    (key, action) pairs."""
    state = game.new_initial_state(seed=seed)
    episode = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        elif state.current_player() == seat:
            a, k = agent.act(state, explore)
            episode.append((k, a))
            state.apply_action(a)
        else:
            state.bot_action(opponent, seed=seed + len(episode), apply=True)
    return state.returns()[seat], episode


def evaluate(game, agent, opponent, games, seed):
    total = 0.0
    for i in range(games):
        r, _ = play(game, agent, i % 2, opponent, seed + i, explore=False)
        total += r
    return total / games


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", type=int, default=300, help="training games against random")
    ap.add_argument("--eval", type=int, default=100, help="games against each bot to measure")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game = commons.load_game("source")
    agent = TabularAgent(rng)
    before = {b: evaluate(game, agent, b, args.eval, 10**6) for b in ("random", "greedy")}
    for i in range(args.train):
        r, episode = play(game, agent, i % 2, "random", args.seed * 10**5 + i, explore=True)
        agent.learn(episode, r)
    after = {b: evaluate(game, agent, b, args.eval, 10**6) for b in ("random", "greedy")}
    print("source, tabular Monte-Carlo agent, %d training games against random, %d games against each bot"
          % (args.train, args.eval))
    for b in ("random", "greedy"):
        print("  against %-6s  mean return before training %.3f, after %.3f" % (b, before[b], after[b]))
    print("  table entries: %d" % len(agent.q))


if __name__ == "__main__":
    main()
