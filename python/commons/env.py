"""An environment in the PettingZoo AEC shape, without PettingZoo.

    env = AECEnv("3io", players=3, seed=1)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = random.choice([a for a, ok in enumerate(mask) if ok])
        env.step(action)

Agents are "player_0" ... "player_{n-1}" (seat 1 is player_0). Chance
nodes never reach the agents: the environment draws them from its seed
(State.sample_chance). Each observation is a dict: "observation" (the
agent's observation tensor, a list of floats of the game's shape,
flattened) and "action_mask" (a list of 0/1 of length
num_distinct_actions). Rewards are given at the end: each agent's
return, once, so that an agent's rewards sum to its return. As in
PettingZoo, after the game ends every agent is visited once more with
termination True and must step None; it then leaves ``agents``.
"""

from .engine import EngineError
from .game import load_game


class AECEnv:
    metadata = {"name": "commons", "is_parallelizable": False}

    def __init__(self, game, players=None, seed=0, options=None, engine=None, max_cycles=None):
        self.game = load_game(game, players=players, seed=seed, options=options, engine=engine)
        self.possible_agents = ["player_%d" % i for i in range(self.game.num_players())]
        self.max_cycles = max_cycles
        self.seed = seed
        self.state = None
        self.agents = []

    def num_actions(self):
        return self.game.num_distinct_actions()

    def action_space(self, agent):
        """The size of the agent's discrete action space."""
        return self.num_actions()

    def observation_shape(self, agent):
        return self.game.observation_tensor_shape()

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = self.seed
        self.seed = seed + 1  # the next reset plays another game
        self.state = self.game.new_initial_state(seed=seed)
        self._resolve_chance()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._finished = False
        self._select()

    def _resolve_chance(self):
        while self.state.is_chance_node():
            self.state.sample_chance()

    def _select(self):
        if self.state.is_terminal() or self._finished:
            # Visit the agents still in, in order, once each.
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        i = self.possible_agents.index(agent)
        mask = [0] * self.num_actions()
        if self.state.is_player_node() and self.state.current_player() == i and not self._finished:
            for a in self.state.legal_actions():
                mask[a] = 1
        return {"observation": self.state.observation_tensor(i), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter=2 ** 63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise EngineError("%s's game is over: step None" % agent)
            self.agents.remove(agent)
            del self.rewards[agent]
            self._select()
            return
        # The reward an agent saw in last() is consumed by its step.
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(action)
        self._steps += 1
        self._resolve_chance()
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = r
                self._cumulative_rewards[a] += r
                self.terminations[a] = True
        elif self.max_cycles is not None and self._steps >= self.max_cycles:
            self._finished = True
            for a in self.agents:
                self.truncations[a] = True
        self._select()

    def render(self):
        return str(self.state)

    def close(self):
        self.state = None
