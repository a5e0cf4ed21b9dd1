"""Random games of every game through the package agree move for move
with commons replay of the record they make."""

import json
import os
import random
import subprocess
import tempfile
import unittest

from helpers import GAMES, commons, random_playout


def decode_all(text):
    """The JSON values of text, one after another (the trace's lines,
    then the indented summary)."""
    dec, i, out = json.JSONDecoder(), 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        value, i = dec.raw_decode(text, i)
        out.append(value)


class ReplayAgrees(unittest.TestCase):
    def test_every_game(self):
        binary = commons.engine.engine_binary()
        for name, players in GAMES:
            for seed in (1, 2):
                with self.subTest(game=name, players=players, seed=seed):
                    game = commons.load_game(name, players=players, seed=seed)
                    state = game.new_initial_state()
                    trace = []
                    random_playout(state, random.Random(seed * 100 + players), trace=trace)
                    self.assertTrue(state.is_terminal(), "the game did not end")
                    record = state.record()
                    self.assertEqual(len(record["moves"]), len(trace))
                    with tempfile.TemporaryDirectory() as d:
                        path = os.path.join(d, "game.json")
                        with open(path, "w") as f:
                            json.dump(record, f)
                        out = subprocess.run(
                            [binary, "replay", "--trace", path],
                            capture_output=True, text=True, check=False,
                        )
                    self.assertEqual(out.returncode, 0, out.stderr)
                    lines = decode_all(out.stdout)
                    steps, summary = lines[:-1], lines[-1]
                    self.assertEqual(len(steps), len(trace))
                    for i, (step, (player, legal, _)) in enumerate(zip(steps, trace)):
                        self.assertEqual(step["move"], record["moves"][i], "move %d" % i)
                        if player == "chance":
                            self.assertEqual(step["player"], "chance", "move %d" % i)
                        else:
                            self.assertEqual(step["player"], player + 1, "move %d" % i)
                            self.assertEqual(step["legal"], legal, "move %d: the legal moves" % i)
                    self.assertTrue(summary["terminal"])
                    self.assertEqual(summary["returns"], state.returns())


if __name__ == "__main__":
    unittest.main()
