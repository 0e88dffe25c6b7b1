"""The turn the kit hands a strategy of three parameters: with the package, a `cardarena.turn.Turn`
whose encodings are the game's; without it (the kit alone, standard library only), the request
itself."""

import json
import pathlib
import subprocess
import sys

import numpy

import cardarena
import cardarena.kit
from cardarena.turn import Turn

KIT = pathlib.Path(cardarena.kit.__file__).resolve()


def a_turn(game="durak-duel", seed=3):
    """A turn request as the server sends it, and the game it was taken from."""
    g = cardarena.Game(game, seed=seed)
    g.apply(0)
    seat = g.to_act
    request = json.loads(json.dumps({
        "protocol": 1, "type": "turn", "match_id": "m", "attempt": 1, "game": game,
        "seat": seat, "turn": 2, "deadline_ms": 1000, "time_bank_ms": 0,
        "view": g.view(seat), "legal_actions": g.legal_actions(),
    }))
    return request, g


def test_a_strategy_of_three_parameters_gets_the_turn_and_its_encodings():
    request, g = a_turn()
    seen = {}

    def act(view, legal_actions, turn):
        seen["turn"] = turn
        return turn.index_of(turn.action_ids[-1])

    cardarena.kit.strategy = act
    try:
        answer = cardarena.kit.answer_turn(request)
    finally:
        cardarena.kit.strategy = None
    turn = seen["turn"]
    assert isinstance(turn, Turn) and turn == request
    assert numpy.array_equal(turn.observation, g.observation(g.to_act))
    assert turn.action_ids == g.action_ids()
    assert answer == {"action_index": len(request["legal_actions"]) - 1}
    assert turn.from_view(4).view(g.to_act) == g.view(g.to_act)


def test_a_strategy_of_two_parameters_is_called_as_before():
    request, _ = a_turn()
    cardarena.kit.strategy = lambda view, legal_actions: 0
    try:
        assert cardarena.kit.answer_turn(request) == {"action_index": 0}
    finally:
        cardarena.kit.strategy = None


def test_the_kit_alone_hands_the_request_itself():
    """Without the package (`python -S`: no site-packages), the kit still runs a strategy of three
    parameters, handing it the request as a dict."""
    request, _ = a_turn()
    script = (
        "import importlib.util, json, sys\n"
        f"spec = importlib.util.spec_from_file_location('bot', {str(KIT)!r})\n"
        "bot = importlib.util.module_from_spec(spec); spec.loader.exec_module(bot)\n"
        "bot.strategy = lambda view, legal, turn: (print(type(turn).__name__, turn['seat']), 0)[1]\n"
        "print(json.dumps(bot.answer_turn(json.loads(sys.stdin.read()))))\n"
    )
    out = subprocess.run([sys.executable, "-S", "-c", script], input=json.dumps(request),
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == f"dict {request['seat']}"
    assert json.loads(out[1]) == {"action_index": 0}
