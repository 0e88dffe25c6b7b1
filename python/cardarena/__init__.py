"""cardarena's six card games at native speed, for training and testing bots offline.

    import cardarena
    g = cardarena.Game("durak", players=3, seed=7)
    while not g.is_over:
        g.apply(0)                      # an index into g.legal_actions(), or an action dict
    print(g.outcome())

The views, legal actions and outcomes are the JSON values a bot is sent by the server (as Python
dicts and lists), so a bot written against them here plays unchanged on the server through the
kit (`cardarena.kit`). Each game also has a fixed action space and an observation vector for
learning (`num_actions`, `legal_mask()`, `observation(seat)`: docs/games/<game>.md), read from
the JSON view a bot is sent as well (`encode`, `action_ids`, `Game.from_view`), many games
stepped at once natively for learners (`VectorEnv`), PettingZoo
and Gymnasium environments (`cardarena.pettingzoo`, `cardarena.gym`), its house bots run natively
(`HouseBot`) and local tournaments (`play`), where a seat may be a WebAssembly bot module played
as the server plays one.
"""

import importlib

from cardarena._native import (
    __version__,
    Error,
    Game,
    GameOver,
    HouseBot,
    IllegalAction,
    Results,
    SetupError,
    VectorEnv,
    action_ids,
    encode,
    games,
    play,
    random_playouts,
)

__all__ = [
    "__version__",
    "Error",
    "Game",
    "GameOver",
    "HouseBot",
    "IllegalAction",
    "Results",
    "SetupError",
    "VectorEnv",
    "action_ids",
    "encode",
    "games",
    "play",
    "random_playouts",
]


def __getattr__(name):
    """`cardarena.pettingzoo` and `cardarena.gym`, imported on first use: `import cardarena`
    needs neither PettingZoo nor Gymnasium."""
    if name in ("pettingzoo", "gym"):
        return importlib.import_module(f"cardarena.{name}")
    raise AttributeError(f"module 'cardarena' has no attribute {name!r}")
