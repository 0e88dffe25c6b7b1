"""LowCard served through the starter kit's protocol code (cardarena.kit.run), as a contestant
would serve it: HTTP by default (PORT, HOST), or dialling out with --connect. With RECORD set,
every turn's view, legal actions and choice is appended to that file, one JSON line each."""

import json
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cardarena.kit  # noqa: E402
from view_bots import LowCard  # noqa: E402


class Recording:
    """Wraps a bot and writes down each turn it is asked."""

    def __init__(self, bot, path):
        self.bot = bot
        self.path = path
        self.lock = threading.Lock()

    def act(self, view, legal_actions):
        choice = self.bot.act(view, legal_actions)
        line = json.dumps({"view": view, "legal_actions": legal_actions, "choice": choice})
        with self.lock, open(self.path, "a") as record:
            record.write(line + "\n")
        return choice


if __name__ == "__main__":
    record = os.environ.get("RECORD")
    bot = Recording(LowCard(), record) if record else LowCard()
    cardarena.kit.run(bot, sys.argv[1:])
