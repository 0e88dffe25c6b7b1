"""A "trained" linear policy over the observation served through the kit as the README says, in
three lines: the kit hands the strategy its Turn, whose observation and action ids are the ones
the policy was trained on offline. Its weights are drawn from a seed (the game's action space
and observation length come from the Game): what matters here is that the same numbers choose
the same move on the server and offline. With RECORD set, each turn's observation, ids and
chosen id are appended to that file, one JSON line each."""

import json
import os
import sys

import numpy

import cardarena
import cardarena.kit


class Linear:
    """Scores each action id as a row of weights times the observation; plays the best legal."""

    def __init__(self, game, players, seed=7):
        probe = cardarena.Game(game, players=players)
        rng = numpy.random.default_rng(seed)
        self.weights = rng.standard_normal((probe.num_actions, probe.observation_shape[0]))

    def best(self, observation, ids):
        """The legal id (among ids) with the highest score."""
        scores = self.weights[ids] @ observation
        return ids[int(numpy.argmax(scores))]


if __name__ == "__main__":
    policy = Linear(os.environ["GAME"], int(os.environ["PLAYERS"]))
    record = os.environ.get("RECORD")

    def act(view, legal_actions, turn):
        chosen = policy.best(turn.observation, turn.action_ids)
        if record:
            line = {"observation": turn.observation.tolist(), "ids": turn.action_ids,
                    "chosen": chosen, "seat": turn["seat"]}
            with open(record, "a") as out:
                out.write(json.dumps(line) + "\n")
        return turn.index_of(chosen)

    cardarena.kit.run(act, sys.argv[1:])
