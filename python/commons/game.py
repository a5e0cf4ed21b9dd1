"""A pyspiel-like Game/State API over the engine."""

import random as _random

from .engine import EngineError, default_engine

CHANCE_PLAYER_ID = -1
TERMINAL_PLAYER_ID = -4


def _player_id(p):
    """The engine's player (a seat from 1, "chance" or "terminal") as
    pyspiel numbers it."""
    if p == "chance":
        return CHANCE_PLAYER_ID
    if p == "terminal":
        return TERMINAL_PLAYER_ID
    return int(p) - 1


def registered_names(engine=None):
    """The games' names."""
    engine = engine or default_engine()
    return [g["name"] for g in engine.call("games")["games"]]


def load_game(name, players=None, seed=0, options=None, engine=None, **params):
    """The game by its name or title ("source", "Breaking Head"), with
    ``players`` (default the game's minimum), the ``seed`` of its chance
    outcomes and its variant ``options``; as in pyspiel, parameters may
    also be given as keyword arguments (``players=4, seed=7``)."""
    engine = engine or default_engine()
    options = dict(options or {})
    for k, v in params.items():
        options[k.replace("_", "-")] = str(v)
    return Game(name, players, seed, options, engine)


def sample_chance(outcomes, rng=None):
    """Draw an action from chance_outcomes()'s (action, probability) pairs."""
    rng = rng or _random
    u = rng.random()
    for action, p in outcomes:
        if u < p:
            return action
        u -= p
    return outcomes[-1][0]


class Game:
    """A game and its configuration; new_initial_state makes its states."""

    def __init__(self, name, players, seed, options, engine):
        self.engine = engine
        req = {"game": name, "seed": seed, "options": options}
        if players is not None:
            req["players"] = players
        # A first state checks the configuration, says the game's name
        # and answers the shape requests.
        ans = engine.call("new", **req)
        self._probe = ans["state"]
        self.name = ans["game"]
        self.info = next(g for g in engine.call("games")["games"] if g["name"] == self.name)
        self.players = ans["players"]
        self.seed = seed
        self.options = options
        self._shape = engine.call("shape", state=self._probe)["shape"]
        self._num_actions = None

    def num_players(self):
        return self.players

    def observation_tensor_shape(self):
        return list(self._shape)

    def observation_tensor_size(self):
        n = 1
        for d in self._shape:
            n *= d
        return n

    def num_distinct_actions(self):
        """Every player action id is below it (the action mask's length)."""
        if self._num_actions is None:
            self._num_actions = self.engine.call("shape", state=self._probe).get(
                "num_distinct_actions"
            )
        return self._num_actions

    def new_initial_state(self, seed=None):
        """A new state at the start of the game; ``seed`` (default the
        game's) decides the chance outcomes drawn by State.sample_chance."""
        req = {"game": self.name, "players": self.players, "options": self.options,
               "seed": self.seed if seed is None else seed}
        ans = self.engine.call("new", **req)
        return State(self, ans["state"], ans["player"])

    def __str__(self):
        return "%s(players=%d)" % (self.name, self.players)


class State:
    """One state of a game, held by the engine under a handle."""

    def __init__(self, game, handle, player):
        self.game = game
        self.engine = game.engine
        self.handle = handle
        self._player = player
        self._legal = None  # (ids, moves) while the state is unchanged

    def __del__(self):
        handle, self.handle = self.handle, None
        if handle is not None:
            self.engine.free_later(handle)

    def _changed(self, player):
        self._player = player
        self._legal = None

    def _fetch_legal(self):
        if self._legal is None:
            ans = self.engine.call("legal", state=self.handle)
            self._legal = (ans["actions"], ans["moves"])
        return self._legal

    def current_player(self):
        return _player_id(self._player)

    def is_chance_node(self):
        return self._player == "chance"

    def is_terminal(self):
        return self._player == "terminal"

    def is_player_node(self):
        return not (self.is_chance_node() or self.is_terminal())

    def legal_actions(self, player=None):
        """The legal actions (ids) of the player to move; [] for another
        player, and the outcomes' actions at a chance node."""
        if player is not None and player != self.current_player():
            return []
        return list(self._fetch_legal()[0])

    def legal_actions_mask(self, player=None):
        mask = [0] * self.game.num_distinct_actions()
        if self.is_chance_node():
            return mask
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def legal_moves(self):
        """The legal actions' notation, in the order of legal_actions()."""
        return list(self._fetch_legal()[1])

    def action_to_string(self, player_or_action, action=None):
        """The notation of an action at this state (pyspiel's signature:
        action_to_string(action) or action_to_string(player, action))."""
        if action is None:
            action = player_or_action
        ids, moves = self._fetch_legal()
        try:
            return moves[ids.index(action)]
        except ValueError:
            pass
        for a, m in zip(*self._chance_moves()):
            if a == action:
                return m
        raise EngineError("action %d is not legal here" % action)

    def _chance_moves(self):
        if not self.is_chance_node():
            return [], []
        ans = self.engine.call("chance", state=self.handle)
        return ans["actions"], ans["moves"]

    def string_to_action(self, move):
        ids, moves = self._fetch_legal()
        if move in moves:
            return ids[moves.index(move)]
        raise EngineError("move %r is not legal here" % move)

    def apply_action(self, action):
        """Play a legal action (or a chance outcome at a chance node)."""
        ans = self.engine.call("apply", state=self.handle, action=int(action))
        self._changed(ans["player"])

    def apply_move(self, move):
        """Play a move in the game's notation."""
        ans = self.engine.call("apply", state=self.handle, move=move)
        self._changed(ans["player"])

    def chance_outcomes(self):
        """[(action, probability)] at a chance node, [] elsewhere."""
        if not self.is_chance_node():
            return []
        ans = self.engine.call("chance", state=self.handle)
        return list(zip(ans["actions"], ans["probs"]))

    def sample_chance(self, seed=None, apply=True):
        """Draw a chance outcome from the state's seed (or ``seed``); play
        it unless apply is False. Returns the action."""
        req = {"state": self.handle, "apply": apply}
        if seed is not None:
            req["seed"] = seed
        ans = self.engine.call("sample", **req)
        if apply:
            self._changed(ans["player"])
        return ans["action"]

    def returns(self):
        return self.engine.call("returns", state=self.handle)["returns"]

    def rewards(self):
        """The returns at the end, zeros before (the games score at the end)."""
        return self.returns()

    def observation_tensor(self, player=None):
        if player is None:
            player = self.current_player()
        return self.engine.call("observation", state=self.handle, seat=player + 1, form="tensor")["tensor"]

    def observation_string(self, player=None):
        seat = "spectator" if player is None else player + 1
        return self.engine.call("observation", state=self.handle, seat=seat, form="text")["text"]

    def observation_json(self, player=None):
        seat = "spectator" if player is None else player + 1
        return self.engine.call("observation", state=self.handle, seat=seat, form="json")["observation"]

    def information_state_string(self, player=None):
        if player is None:
            player = self.current_player()
        return self.engine.call("information_state", state=self.handle, seat=player + 1)["text"]

    def clone(self):
        ans = self.engine.call("clone", state=self.handle)
        c = State(self.game, ans["state"], self._player)
        c._legal = self._legal
        return c

    def resample_from_infostate(self, player, seed=None):
        """A state drawn among those consistent with what ``player`` knows
        (hidden-information games; pyspiel's resample_from_infostate)."""
        req = {"state": self.handle, "seat": player + 1}
        if seed is not None:
            req["seed"] = seed
        ans = self.engine.call("resample", **req)
        player_now = self.engine.call("player", state=ans["state"])["player"]
        return State(self.game, ans["state"], player_now)

    def undo(self, n=1):
        """Take back the last n moves, where the game's undo rule allows."""
        ans = self.engine.call("undo", state=self.handle, n=n)
        self._changed(ans["player"])

    def record(self):
        """The game's record (a dict, docs/records.md), chance written out."""
        return self.engine.call("record", state=self.handle)["record"]

    def history(self):
        return list(self.record()["moves"])

    def bot_action(self, spec, seed=None, apply=False):
        """The move a bot spec ("greedy", "mcts:iterations=200") chooses."""
        req = {"state": self.handle, "bot": spec, "apply": apply}
        if seed is not None:
            req["seed"] = seed
        ans = self.engine.call("bot", **req)
        if apply:
            self._changed(ans["player"])
        return ans["action"]

    def __str__(self):
        return self.observation_string(None)
