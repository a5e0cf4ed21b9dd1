"""The learning example runs and reports its measurement."""

import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "tabular_source.py")


class Example(unittest.TestCase):
    def test_tabular_source(self):
        out = subprocess.run(
            [sys.executable, EXAMPLE, "--train", "20", "--eval", "4"],
            capture_output=True, text=True, check=False,
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        for bot in ("random", "greedy"):
            m = re.search(r"against %s\s+mean return before training ([\d.]+), after ([\d.]+)" % bot, out.stdout)
            self.assertIsNotNone(m, out.stdout)
            for v in m.groups():
                self.assertTrue(0 <= float(v) <= 1, out.stdout)


if __name__ == "__main__":
    unittest.main()
