"""cardarena.Game: every game at every table size, its errors, copies and samples."""

import copy
import random

import pytest

import cardarena

GAMES = {g["id"]: g for g in cardarena.games()}


def table_sizes(game):
    players = GAMES[game]["players"]
    return list(range(players["min"], players["max"] + 1, players["step"]))


def play_out(game, rng):
    """Plays `game` to its end at random; the number of actions."""
    steps = 0
    while not game.is_over:
        game.apply(rng.randrange(game.num_legal()))
        steps += 1
    return steps


def test_the_six_games_are_listed_with_their_tables_and_house_bots():
    assert sorted(GAMES) == ["bridge", "durak", "durak-duel", "fifty-six", "most", "prsi"]
    for game in GAMES.values():
        assert {"random", "greedy", "expert"} <= set(game["house_bots"])
        assert game["players"]["min"] <= game["players"]["default"] <= game["players"]["max"]
    assert GAMES["fifty-six"]["partnerships"] and table_sizes("fifty-six") == [4, 6]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_table_size_plays_to_an_outcome_and_the_same_seed_deals_the_same(game):
    for players in table_sizes(game):
        for seed in range(3):
            g = cardarena.Game(game, players=players, seed=seed)
            assert g.players == players and g.to_act is not None and g.num_legal() > 0
            again = cardarena.Game(game, players=players, seed=seed)
            assert g.view(g.to_act) == again.view(again.to_act)
            steps = play_out(g, random.Random(seed))
            assert g.is_over and g.to_act is None and g.steps == steps
            assert g.legal_actions() == [] and g.num_legal() == 0
            outcome = g.outcome()
            assert len(outcome["seats"]) == players
            values = g.place_values()
            assert abs(sum(values) - players / 2) < 1e-9


def test_a_view_shows_only_the_seats_own_hand():
    g = cardarena.Game("durak", players=3, seed=11)
    views = [g.view(seat) for seat in range(3)]
    hands = [set(v["hand"]) for v in views]
    assert all(len(h) == 6 for h in hands)
    assert not (hands[0] & hands[1]) and not (hands[1] & hands[2])
    assert all(v["seat"] == seat for seat, v in enumerate(views))
    assert all("hands" not in v for v in views)


def test_actions_are_played_by_index_or_as_json_and_illegal_ones_change_nothing():
    g = cardarena.Game("durak", players=2, seed=3)
    legal = g.legal_actions()
    first = g.clone()
    first.apply(legal[0])
    second = g.clone()
    second.apply(0)
    assert first.view(0) == second.view(0) and first.steps == second.steps == 1
    before = g.view(0)
    with pytest.raises(cardarena.IllegalAction, match="out of range"):
        g.apply(len(legal))
    with pytest.raises(cardarena.IllegalAction):
        g.apply(-1)
    with pytest.raises(cardarena.IllegalAction, match="not an action of durak"):
        g.apply({"kind": "fly"})
    with pytest.raises(cardarena.IllegalAction):
        g.apply({"kind": "attack", "card": "2C"})  # a card not in the hand
    with pytest.raises(cardarena.IllegalAction):
        g.apply({"kind": "attack", "card": {"nested": [1, 2, 3]}})
    assert g.view(0) == before and g.steps == 0
    assert isinstance(g.describe(0), str) and g.describe(0) == g.describe(legal[0])


def test_a_finished_game_refuses_actions():
    g = cardarena.Game("prsi", seed=5)
    play_out(g, random.Random(5))
    with pytest.raises(cardarena.GameOver):
        g.apply(0)
    with pytest.raises(cardarena.GameOver):
        g.describe(0)
    assert issubclass(cardarena.GameOver, cardarena.Error)


def test_setup_errors_are_exceptions():
    with pytest.raises(cardarena.SetupError, match="no game"):
        cardarena.Game("chess")
    with pytest.raises(cardarena.SetupError, match="players"):
        cardarena.Game("durak-duel", players=3)
    with pytest.raises(cardarena.SetupError, match="players"):
        cardarena.Game("fifty-six", players=5)
    with pytest.raises(cardarena.SetupError, match="bad options"):
        cardarena.Game("prsi", options={"seven_draw": "many"})
    with pytest.raises(cardarena.SetupError, match="bad options"):
        cardarena.Game("bridge", options={"no_such_option": 1})
    with pytest.raises((ValueError, OverflowError, TypeError)):
        cardarena.Game("durak", seed=-1)
    with pytest.raises(ValueError, match="seat 9"):
        cardarena.Game("durak").view(9)
    # A negative seat is a ValueError as the README says, not a conversion's OverflowError.
    for ask in (lambda g: g.view(-1), lambda g: g.observation(-1),
                lambda g: g.determinize(-1, 7), lambda g: g.table(-1)):
        with pytest.raises(ValueError, match="seat -1 is not at the table: the seats are 0 to 2"):
            ask(cardarena.Game("durak", players=3))


def test_the_version_is_the_packages():
    import importlib.metadata
    assert cardarena.__version__ == importlib.metadata.version("cardarena")
    assert cardarena.__version__.count(".") == 2
    with pytest.raises(ValueError, match="no eye"):
        cardarena.Game("durak").table("sideways")


def test_options_change_the_game():
    short = cardarena.Game("bridge", options={"single_deal": True}, seed=1)
    play_out(short, random.Random(1))
    assert short.is_over


def test_a_clone_goes_on_alone():
    g = cardarena.Game("most", seed=2)
    c = g.clone()
    assert copy.copy(g).view(0) == copy.deepcopy(g).view(0) == g.view(0)
    c.apply(0)
    assert c.steps == 1 and g.steps == 0


def test_the_table_shows_hands_to_the_eyes_that_may_see_them():
    g = cardarena.Game("durak-duel", seed=4)
    everything = g.table("all")
    mine = g.table(0)
    public = g.table("public")
    assert g.table() == everything
    assert everything["to_act"] == mine["to_act"] == public["to_act"] == g.to_act
    assert everything != public


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_sample_keeps_the_seats_view_and_deals_the_rest_afresh(game):
    g = cardarena.Game(game, seed=9)
    rng = random.Random(9)
    for _ in range(5):
        g.apply(rng.randrange(g.num_legal()))
    seat = g.to_act
    samples = [g.determinize(seat, s) for s in range(8)]
    assert all(s.view(seat) == g.view(seat) for s in samples)
    assert all(s.legal_actions() == g.legal_actions() for s in samples)
    others = {str(s.table("all")) for s in samples}
    assert len(others) > 1, "eight samples dealt the hidden cards alike"


def junk(rng, depth=0):
    """A random Python value of the kinds JSON has, and some it has not."""
    kinds = ["int", "str", "float", "none", "bool", "bytes"]
    if depth < 3:
        kinds += ["list", "dict", "dict"]
    kind = rng.choice(kinds)
    if kind == "int":
        return rng.choice([0, -1, 2**70, rng.randrange(-50, 50)])
    if kind == "str":
        return rng.choice(["attack", "beat", "take", "play", "AS", "10H", "", "\udcff", "x" * 500])
    if kind == "float":
        return rng.choice([0.5, float("nan"), float("inf")])
    if kind == "none":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "bytes":
        return b"\x00\xff"
    if kind == "list":
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["kind", "card", "cards", "suit", "points", "index", "meld", "jokers", "attack"]
    return {rng.choice(keys): junk(rng, depth + 1) for _ in range(rng.randrange(4))}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_junk_from_a_caller_is_an_exception_and_changes_nothing(game):
    rng = random.Random(game)
    g = cardarena.Game(game, seed=1)
    refused = 0
    for _ in range(300):
        if g.is_over:
            break
        value = junk(rng)
        steps, view = g.steps, g.view(0)
        try:
            g.apply(value)
        except (cardarena.Error, ValueError, TypeError, OverflowError):
            refused += 1
            assert (g.steps, g.view(0)) == (steps, view)
        else:
            # an int that is a legal index, or a legal action's JSON: one step played
            assert g.steps == steps + 1
        try:
            g.describe(value)
        except (cardarena.Error, ValueError, TypeError, OverflowError):
            pass
    assert refused > 100
    for bad in (junk(rng) for _ in range(50)):
        for call in (lambda v: cardarena.Game(game, options=v),
                     lambda v: cardarena.Game(game, players=v),
                     lambda v: g.view(v), lambda v: g.table(v), lambda v: g.apply_id(v),
                     lambda v: g.observation(v), lambda v: g.determinize(v, v)):
            try:
                call(bad)
            except (cardarena.Error, ValueError, TypeError, OverflowError):
                pass
