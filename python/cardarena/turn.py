"""The turn the kit (`cardarena.kit`) hands a strategy of three parameters,
`strategy(view, legal_actions, turn)`: the turn request as the server sent it (a dict: `game`,
`seat`, `view`, `legal_actions`, `deadline_ms`, `match_id`…) with what a policy trained on this
package reads, computed on first use from the view itself, so a served policy gets the numbers
it was trained on:

    def act(view, legal_actions, turn):
        return turn.index_of(policy.best_id(turn.observation, turn.action_ids))
    cardarena.kit.run(act)
"""

import functools

import cardarena

__all__ = ["Turn"]


class Turn(dict):
    """The turn request, with its encodings (see the module's documentation)."""

    @functools.cached_property
    def observation(self):
        """The view's observation: `cardarena.encode`, equal to `Game.observation(seat)` in the
        match's game."""
        return cardarena.encode(self["game"], self["view"])

    @functools.cached_property
    def action_ids(self):
        """The legal actions' ids, in their order: `Game.action_ids()` at this turn."""
        return cardarena.action_ids(self["game"], self["view"], self["legal_actions"])

    def index_of(self, action_id):
        """The index in legal_actions of the action whose id is `action_id` (ValueError when no
        legal action has it)."""
        return self.action_ids.index(int(action_id))

    def from_view(self, seed=0):
        """A game rebuilt from the view, the cards it hides dealt at random from `seed`:
        `Game.from_view`."""
        return cardarena.Game.from_view(self["view"], seed, game=self["game"])
