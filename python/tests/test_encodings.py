"""The fixed encodings for learning: action ids, the legal mask and the observation."""

import random

import numpy
import pytest

import cardarena
from conftest import TABLES

GAMES = {g["id"]: g for g in cardarena.games()}


@pytest.mark.parametrize("game,players", TABLES)
def test_ids_masks_and_observations_hold_their_shape_through_whole_games(game, players):
    rng = random.Random(players)
    g = cardarena.Game(game, players=players, seed=players)
    size = g.num_actions
    shape = g.observation_shape
    while not g.is_over:
        ids = g.action_ids()
        assert len(ids) == g.num_legal() == len(set(ids))
        assert all(0 <= i < size for i in ids)
        mask = g.legal_mask()
        assert mask.dtype == numpy.bool_ and mask.shape == (size,)
        assert sorted(numpy.flatnonzero(mask).tolist()) == sorted(ids)
        seat = rng.randrange(players)
        obs = g.observation(seat)
        assert obs.dtype == numpy.float32 and obs.shape == shape
        assert numpy.all((obs >= 0) & (obs <= 1))
        g.apply_id(ids[rng.randrange(len(ids))])
    assert g.action_ids() == [] and not g.legal_mask().any()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_view_encodes_the_same_and_hidden_cards_change_nothing(game):
    rng = random.Random(3)
    g = cardarena.Game(game, seed=3)
    checked = 0
    while not g.is_over and checked < 40:
        seat = rng.randrange(g.players)
        samples = [g.determinize(seat, s) for s in range(3)]
        assert len({str(s.table("all")) for s in samples}) > 1 or g.steps > 0
        for sample in samples:
            assert sample.view(seat) == g.view(seat)
            assert numpy.array_equal(sample.observation(seat), g.observation(seat))
        if g.to_act == seat:
            assert all(s.action_ids() == g.action_ids() for s in samples)
        g.apply(rng.randrange(g.num_legal()))
        checked += 1
    assert checked > 10


def test_an_id_names_the_same_move_in_every_state():
    # Durak's ids: attack with a card, beat with a card, take, done (docs/games/durak.md).
    g = cardarena.Game("durak", players=2, seed=1)
    by_id = dict(zip(g.action_ids(), g.legal_actions()))
    assert all(action["kind"] == "attack" for action in by_id.values())
    g.apply_id(next(iter(by_id)))
    kinds = {action["kind"] for action in g.legal_actions()}
    assert "take" in kinds
    take = g.action_ids()[[a["kind"] for a in g.legal_actions()].index("take")]
    assert take not in by_id


def test_an_id_that_is_not_legal_is_refused():
    g = cardarena.Game("prsi", seed=2)
    illegal = next(i for i in range(g.num_actions) if not g.legal_mask()[i])
    with pytest.raises(cardarena.IllegalAction, match="no legal action has id"):
        g.apply_id(illegal)
    with pytest.raises(cardarena.IllegalAction):
        g.apply_id(-1)
    with pytest.raises(TypeError):
        g.apply_id("3")
    with pytest.raises(ValueError):
        g.observation(7)
