"""From the JSON view a bot is sent to the encodings: `cardarena.encode`, `cardarena.action_ids`
and `Game.from_view`, checked against the in-process encodings of the same states; and pickling
of games and house bots."""

import json
import pickle
import random

import numpy
import pytest

import cardarena
from conftest import TABLES



def as_sent(value):
    """`value` as a bot parses it from the server's JSON."""
    return json.loads(json.dumps(value))


def players_of(game, players, seed):
    """Seat choosers for a game: random for even seeds, the game's greedy house bot else."""
    if seed % 2 == 0:
        rng = random.Random(seed)
        return lambda g: rng.randrange(g.num_legal())
    bots = [cardarena.HouseBot(game, "greedy", seed=seed + s) for s in range(players)]
    return lambda g: bots[g.to_act].choose(g)


@pytest.mark.parametrize("game,players", TABLES)
def test_a_sent_view_encodes_as_the_game_does_at_every_decision(game, players):
    decisions = 0
    for seed in range(4):
        g = cardarena.Game(game, players=players, seed=seed)
        choose = players_of(game, players, seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act
            view = as_sent(g.view(seat))
            legal = as_sent(g.legal_actions())
            obs = cardarena.encode(game, view, players)
            assert obs.dtype == numpy.float32 and obs.shape == g.observation_shape
            assert numpy.array_equal(obs, g.observation(seat))
            assert numpy.array_equal(cardarena.encode(game, view), obs)
            assert cardarena.action_ids(game, view, legal) == g.action_ids()
            # A seat that is not to act: its view encodes as its observation too.
            other = rng.randrange(players)
            assert numpy.array_equal(cardarena.encode(game, as_sent(g.view(other))),
                                     g.observation(other))
            g.apply(choose(g))
            decisions += 1
    assert decisions > 20


@pytest.mark.parametrize("game,players", TABLES)
def test_a_game_from_a_view_shows_that_view_and_plays_on(game, players):
    g = cardarena.Game(game, players=players, seed=11)
    rng = random.Random(3)
    checked = 0
    while not g.is_over:
        if rng.random() < 0.2:
            seat = g.to_act
            view = as_sent(g.view(seat))
            sample = cardarena.Game.from_view(view, seed=5)
            assert sample.id == game and sample.players == players
            assert as_sent(sample.view(seat)) == view
            assert sample.legal_actions() == g.legal_actions()
            assert numpy.array_equal(sample.observation(seat), g.observation(seat))
            same = cardarena.Game.from_view(view, 5, game=game)
            assert same.view(seat) == sample.view(seat)
            assert [same.view(s) for s in range(players)] == \
                [sample.view(s) for s in range(players)]
            while not sample.is_over:
                sample.apply(rng.randrange(sample.num_legal()))
            checked += 1
        g.apply(rng.randrange(g.num_legal()))
    assert checked > 0


def test_a_view_that_is_not_the_games_is_a_value_error():
    g = cardarena.Game("prsi", players=2, seed=1)
    view = g.view(g.to_act)
    with pytest.raises(ValueError, match="not a view of durak"):
        cardarena.encode("durak", view)
    with pytest.raises(ValueError, match="players is 3 but the view shows 2 hands"):
        cardarena.encode("prsi", view, 3)
    with pytest.raises(ValueError, match="no hand_sizes"):
        cardarena.encode("prsi", {"seat": 0})
    with pytest.raises(ValueError, match="prsi seats 2 to"):
        cardarena.encode("prsi", {**view, "hand_sizes": [1] * 9})
    with pytest.raises(ValueError, match="not actions of prsi"):
        cardarena.action_ids("prsi", view, [{"kind": "fly"}])
    with pytest.raises(cardarena.SetupError, match="no game \"chess\""):
        cardarena.encode("chess", view)
    with pytest.raises(ValueError, match="no game's view"):
        cardarena.Game.from_view({"hello": 1})
    # A view no table shows: an error, not a crash.
    with pytest.raises(ValueError, match="view is of seat 7, but its table has seats 0 to 1"):
        cardarena.encode("prsi", {**view, "seat": 7})
    with pytest.raises(ValueError, match="seat 7"):
        cardarena.Game.from_view({**view, "seat": 7}, game="prsi")
    with pytest.raises(ValueError, match="not a view of prsi"):
        cardarena.Game.from_view({**view, "hand": ["ZZ"]}, game="prsi")


@pytest.mark.parametrize("game,players", TABLES)
def test_a_pickled_game_is_the_same_game(game, players):
    g = cardarena.Game(game, players=players, seed=21)
    rng = random.Random(21)
    for _ in range(rng.randrange(5, 40)):
        if g.is_over:
            break
        g.apply(rng.randrange(g.num_legal()))
    copy = pickle.loads(pickle.dumps(g))
    assert (copy.id, copy.players, copy.seed, copy.steps) == (game, players, 21, g.steps)
    for seat in range(players):
        assert copy.view(seat) == g.view(seat)
        assert numpy.array_equal(copy.observation(seat), g.observation(seat))
    assert copy.legal_actions() == g.legal_actions()
    # Both go on alike.
    while not g.is_over:
        index = rng.randrange(g.num_legal())
        g.apply(index)
        copy.apply(index)
    assert copy.outcome() == g.outcome()
    # A game rebuilt from a view pickles too.
    fresh = cardarena.Game(game, players=players, seed=4)
    sample = fresh.determinize(fresh.to_act, 9)
    sample.apply(0)
    again = pickle.loads(pickle.dumps(sample))
    assert [again.view(s) for s in range(players)] == [sample.view(s) for s in range(players)]


def test_a_pickled_house_bot_is_the_bot_as_made():
    bot = cardarena.HouseBot("durak", "expert:5", seed=8)
    copy = pickle.loads(pickle.dumps(bot))
    assert (copy.game, copy.id, copy.seed) == ("durak", "expert:5", 8)
    # The same seed, the same choices on the same game.
    g = cardarena.Game("durak", players=2, seed=3)
    first = cardarena.HouseBot("durak", "random", seed=8)
    second = pickle.loads(pickle.dumps(first))
    assert first.choose(g) == second.choose(g)


def test_a_pickle_that_is_not_a_game_is_refused():
    with pytest.raises(ValueError, match="not a pickled cardarena game"):
        cardarena._native._restore_game("{}")
