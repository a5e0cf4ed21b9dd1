"""Commons from Python: the five Commons games through ``commons engine``.

Standard library only. The package starts one ``commons engine`` process
(the binary named by the environment variable ``COMMONS_BIN``, else
``commons`` on ``PATH``) and speaks its JSON-lines protocol
(docs/engine.md). It offers two shapes researchers know:

* a pyspiel-like ``Game``/``State`` API::

      import commons
      game = commons.load_game("source")
      state = game.new_initial_state()
      while not state.is_terminal():
          if state.is_chance_node():
              action = commons.sample_chance(state.chance_outcomes())
          else:
              action = random.choice(state.legal_actions())
          state.apply_action(action)
      print(state.returns())

  Players are numbered from 0 as in pyspiel; ``current_player()`` is
  ``CHANCE_PLAYER_ID`` (-1) at a chance node and ``TERMINAL_PLAYER_ID``
  (-4) at the end.

* an environment in the PettingZoo AEC shape, ``commons.env.AECEnv``
  (``reset``, ``agent_iter``, ``last``, ``step``, an ``action_mask`` in
  each observation), without PettingZoo.
"""

from .engine import Engine, EngineError, default_engine, close_default_engine
from .game import (
    CHANCE_PLAYER_ID,
    TERMINAL_PLAYER_ID,
    Game,
    State,
    load_game,
    registered_names,
    sample_chance,
)
from .env import AECEnv

__all__ = [
    "AECEnv",
    "CHANCE_PLAYER_ID",
    "Engine",
    "EngineError",
    "Game",
    "State",
    "TERMINAL_PLAYER_ID",
    "close_default_engine",
    "default_engine",
    "load_game",
    "registered_names",
    "sample_chance",
]
