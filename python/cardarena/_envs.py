"""What the PettingZoo and Gymnasium environments share: deal seeds, the mask, the text render.

It imports neither library, so that each environment module needs only its own.
"""

import json

import numpy

#: The largest deal seed drawn (the engine takes any u64; this stays a NumPy int64).
SEED_BOUND = 2**63 - 1


def draw_seed(rng):
    """A deal (or house bot) seed drawn from NumPy generator `rng`."""
    return int(rng.integers(SEED_BOUND))


def int8_mask(game):
    """The legal mask of the seat to act as 0/1 int8 (what Gymnasium's masked `sample` takes)."""
    return game.legal_mask().view(numpy.int8)  # the bool mask's 0 and 1 bytes, not copied


def render_text(game):
    """The whole table in a few lines of text: who is to act, every field of the table snapshot
    (all cards face up), and the legal moves by action id."""
    if game.is_over:
        values = ", ".join(f"{v:g}" for v in game.place_values())
        state = f"over, place values {values}"
    else:
        state = f"player_{game.to_act} to act"
    lines = [f"{game.id}, {game.players} players, step {game.steps}: {state}"]
    for key, value in game.table("all").items():
        lines.append(f"  {key}: {_text(value)}")
    if not game.is_over:
        moves = [f"{i}: {game.describe(n)}" for n, i in enumerate(game.action_ids())]
        lines.append("  legal moves (id: move): " + "; ".join(moves))
    return "\n".join(lines)


def _text(value):
    """A JSON value of the table snapshot in short text; a pile of cards as its cards."""
    if isinstance(value, dict) and set(value) == {"cards", "down"}:
        cards = " ".join(value["cards"]) or "-"
        return cards + (f" (+{value['down']} face down)" if value["down"] else "")
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_text(v)}" for k, v in value.items()) + "}"
    return value if isinstance(value, str) else json.dumps(value)


def render(env, heading=""):
    """An environment's render(): its game's table in text (after `heading`), printed in "human"
    mode and returned in "ansi" mode; a warning and None without a render mode."""
    if env.render_mode is None:
        import gymnasium

        gymnasium.logger.warn("render() was called without a render_mode")
        return None
    if env.game is None:
        text = f"{env._id}: not dealt yet (call reset)"
    else:
        text = heading + render_text(env.game)
    if env.render_mode == "ansi":
        return text
    print(text)
    return None
