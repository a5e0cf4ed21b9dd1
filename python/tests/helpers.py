"""Shared pieces of the tests: the games and a random playout."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import commons  # noqa: E402

# Each game with a player count to test it at (its minimum and one more
# where it has more).
GAMES = [
    ("source", 2),
    ("3io", 2),
    ("3io", 4),
    ("breaking-head", 3),
    ("breaking-head", 6),
    ("open-science-alliance", 2),
    ("open-science-alliance", 4),
    ("open-source-board-game", 2),
]


def random_playout(state, rng, max_moves=3000, trace=None):
    """Play state to its end (or max_moves) at random; chance outcomes
    drawn with their probabilities. trace, a list, gets (player, legal
    moves, action) before each action."""
    n = 0
    while not state.is_terminal() and n < max_moves:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            total = sum(p for _, p in outcomes)
            assert abs(total - 1) < 1e-9, "chance probabilities sum to %r" % total
            action = commons.sample_chance(outcomes, rng)
            if trace is not None:
                trace.append(("chance", None, action))
        else:
            actions = state.legal_actions()
            action = rng.choice(actions)
            if trace is not None:
                trace.append((state.current_player(), state.legal_moves(), action))
        state.apply_action(action)
        n += 1
    return n
