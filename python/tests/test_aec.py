"""The AEC environment's contract: each agent's turn, masks, rewards
summing to the returns."""

import random
import unittest

from helpers import GAMES, commons


class AECContract(unittest.TestCase):
    def test_random_agents(self):
        for name, players in GAMES:
            with self.subTest(game=name, players=players):
                env = commons.AECEnv(name, players=players, seed=3)
                env.reset(seed=5)
                rng = random.Random(players)
                self.assertEqual(env.agents, ["player_%d" % i for i in range(players)])
                total = {a: 0.0 for a in env.possible_agents}
                done_seen = set()
                moves = 0
                for agent in env.agent_iter():
                    obs, reward, term, trunc, info = env.last()
                    total[agent] += reward
                    self.assertEqual(len(obs["action_mask"]), env.num_actions())
                    size = 1
                    for d in env.observation_shape(agent):
                        size *= d
                    self.assertEqual(len(obs["observation"]), size)
                    if term or trunc:
                        self.assertNotIn(agent, done_seen, "an agent visited twice after the end")
                        done_seen.add(agent)
                        self.assertEqual(sum(obs["action_mask"]), 0)
                        env.step(None)
                        continue
                    # It is this agent's turn in the game itself.
                    self.assertEqual(env.state.current_player(), env.possible_agents.index(agent))
                    legal = [a for a, ok in enumerate(obs["action_mask"]) if ok]
                    self.assertEqual(legal, env.state.legal_actions())
                    # Another agent's mask is empty.
                    for other in env.possible_agents:
                        if other != agent:
                            self.assertEqual(sum(env.observe(other)["action_mask"]), 0)
                    env.step(rng.choice(legal))
                    moves += 1
                self.assertEqual(done_seen, set(env.possible_agents))
                self.assertEqual(env.agents, [])
                returns = env.state.returns()
                for i, a in enumerate(env.possible_agents):
                    self.assertAlmostEqual(total[a], returns[i], msg="%s's rewards" % a)
                self.assertGreater(moves, 0)

    def test_step_after_end_wants_none(self):
        env = commons.AECEnv("source", seed=1)
        env.reset()
        rng = random.Random(1)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                with self.assertRaises(commons.EngineError):
                    env.step(0)
                env.step(None)
            else:
                env.step(rng.choice([a for a, ok in enumerate(obs["action_mask"]) if ok]))

    def test_truncation(self):
        env = commons.AECEnv("3io", players=2, seed=1, max_cycles=5)
        env.reset()
        rng = random.Random(2)
        steps = 0
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                self.assertTrue(trunc)
                self.assertEqual(reward, 0)
                env.step(None)
                continue
            env.step(rng.choice([a for a, ok in enumerate(obs["action_mask"]) if ok]))
            steps += 1
        self.assertEqual(steps, 5)


if __name__ == "__main__":
    unittest.main()
