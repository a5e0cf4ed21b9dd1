"""The pyspiel-like API, and a random agent on one engine process."""

import random
import unittest

from helpers import GAMES, commons, random_playout


class API(unittest.TestCase):
    def test_one_process(self):
        pid = commons.default_engine().pid
        for name, players in GAMES:
            state = commons.load_game(name, players=players, seed=4).new_initial_state()
            random_playout(state, random.Random(4))
            self.assertTrue(state.is_terminal())
            self.assertEqual(commons.default_engine().pid, pid, "a second engine process started")

    def test_player_ids(self):
        state = commons.load_game("breaking-head", players=4, seed=1).new_initial_state()
        self.assertEqual(state.current_player(), commons.CHANCE_PLAYER_ID)
        self.assertTrue(state.is_chance_node())
        self.assertEqual(state.legal_actions(0), [])
        while state.is_chance_node():
            state.sample_chance()
        self.assertIn(state.current_player(), range(4))
        random_playout(state, random.Random(1))
        self.assertEqual(state.current_player(), commons.TERMINAL_PLAYER_ID)
        self.assertEqual(sorted(set(state.returns())) != [], True)

    def test_clone_is_independent(self):
        state = commons.load_game("source").new_initial_state()
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        self.assertEqual(len(state.history()), 0)
        self.assertEqual(len(clone.history()), 1)

    def test_illegal_move_refused(self):
        state = commons.load_game("source").new_initial_state()
        before = state.observation_string()
        with self.assertRaises(commons.EngineError) as e:
            state.apply_move("z99")
        self.assertIn("z99", str(e.exception))
        with self.assertRaises(commons.EngineError):
            state.apply_action(10 ** 6)
        self.assertEqual(state.observation_string(), before)

    def test_strings_and_tensors(self):
        for name, players in GAMES:
            game = commons.load_game(name, players=players, seed=2)
            state = game.new_initial_state()
            while state.is_chance_node():
                state.sample_chance()
            p = state.current_player()
            self.assertEqual(len(state.observation_tensor(p)), game.observation_tensor_size())
            self.assertIn(state.action_to_string(state.legal_actions()[0]), state.legal_moves())
            self.assertEqual(state.action_to_string(p, state.legal_actions()[0]), state.legal_moves()[0])
            self.assertEqual(state.string_to_action(state.legal_moves()[-1]), state.legal_actions()[-1])
            self.assertIsInstance(state.information_state_string(p), str)
            self.assertIsInstance(state.observation_json(p), dict)

    def test_resample_keeps_the_observation(self):
        state = commons.load_game("breaking-head", players=5, seed=3).new_initial_state()
        while state.is_chance_node():
            state.sample_chance()
        p = state.current_player()
        for seed in range(3):
            sample = state.resample_from_infostate(p, seed=seed)
            self.assertEqual(sample.observation_json(p), state.observation_json(p))
            self.assertEqual(sample.observation_tensor(p), state.observation_tensor(p))
        with self.assertRaises(commons.EngineError):
            commons.load_game("source").new_initial_state().resample_from_infostate(0)

    def test_undo(self):
        state = commons.load_game("source").new_initial_state()
        before = state.observation_string()
        place = [a for a, m in zip(state.legal_actions(), state.legal_moves()) if m != "end"][0]
        state.apply_action(place)
        state.undo()
        self.assertEqual(state.observation_string(), before)
        with self.assertRaises(commons.EngineError):
            state.undo()

    def test_bot(self):
        state = commons.load_game("3io", players=2, seed=1).new_initial_state()
        action = state.bot_action("greedy", seed=1)
        self.assertIn(action, state.legal_actions())
        state.bot_action("mcts:iterations=20,workers=1", seed=1, apply=True)
        self.assertEqual(len(state.history()), 1)
        with self.assertRaises(commons.EngineError):
            state.bot_action("wizard")

    def test_states_are_freed(self):
        game = commons.load_game("source")
        engine = commons.default_engine()
        before = engine.call("new", game="source")["state"]
        for _ in range(50):
            game.new_initial_state().clone()
        engine.call("player", state=before)  # sends the pending frees
        # The 100 states made above are gone: their handles answer so.
        for h in range(before + 1, before + 101):
            ans = engine.call_many([{"op": "player", "state": h}])[0]
            self.assertIn("unknown state", ans.get("error", ""), "state %d was not freed" % h)

    def test_game_names(self):
        names = commons.registered_names()
        for name, _ in GAMES:
            self.assertIn(name, names)
        self.assertEqual(commons.load_game("Breaking Head", players=3).name, "breaking-head")


if __name__ == "__main__":
    unittest.main()
