"""cardarena.play and the house bots, natively."""

import pytest

import cardarena
from view_bots import LowCard, first_legal


def test_house_bots_choose_legal_actions_and_the_expert_takes_a_budget():
    g = cardarena.Game("durak-duel", seed=1)
    bots = [cardarena.HouseBot("durak-duel", "greedy", seed=1),
            cardarena.HouseBot("durak-duel", "expert:5", seed=1)]
    while not g.is_over:
        index = bots[g.to_act].choose(g)
        assert 0 <= index < g.num_legal()
        g.apply(index)
    with pytest.raises(cardarena.SetupError, match="no house bot"):
        cardarena.HouseBot("prsi", "reference")
    # A budget the expert does not have says which it has.
    with pytest.raises(cardarena.SetupError, match=r"expert:N thinks N ms a move, N one of 5, 10"):
        cardarena.HouseBot("prsi", "expert:7")
    with pytest.raises(ValueError, match="plays seat"):
        bots[0].choose(_at_seat_1())
    with pytest.raises(ValueError, match="plays durak"):
        cardarena.HouseBot("durak", "greedy").choose(cardarena.Game("prsi"))


def _at_seat_1():
    """A durak-duel game with seat 1 to act."""
    g = cardarena.Game("durak-duel", seed=1)
    while g.to_act != 1:
        g.apply(0)
    return g


def test_play_tables_every_entry_with_its_interval():
    results = cardarena.play("prsi", seats=[LowCard(), "random"], games=40, seed=3)
    rows = results.rows
    assert [r["name"] for r in rows] == ["low-card", "random"]
    assert [r["bot"] for r in rows] == ["python", "random"]
    for r in rows:
        assert r["games"] == 40 and r["wins"] + r["losses"] + r["draws"] == 40
        low, high = r["interval"]
        assert 0 <= low <= r["loss_rate"] <= high <= 1
    assert rows[0]["wins"] == rows[1]["losses"]
    text = results.table()
    assert text.splitlines()[0].split()[:3] == ["name", "bot", "games"]
    assert "low-card" in text and "95% interval" in text


def test_the_same_seed_plays_the_same_games_and_seats_rotate():
    first = cardarena.play("durak", seats=["greedy", first_legal, "random"], games=9, seed=5)
    again = cardarena.play("durak", seats=["greedy", first_legal, "random"], games=9, seed=5)
    assert first.rows == again.rows
    assert first.rows[1]["name"] == "first_legal"


def test_a_function_returning_a_pair_or_a_numpy_int_is_an_answer():
    import numpy

    said = cardarena.play("durak-duel", seats=[lambda v, l: (0, "hi"), "random"], games=2)
    numpy_bot = cardarena.play("durak-duel", seats=[lambda v, l: numpy.int64(0), "random"])
    assert said.rows[0]["games"] == 2 and numpy_bot.rows[0]["games"] == 1


def test_a_bot_that_answers_badly_raises():
    with pytest.raises(cardarena.IllegalAction, match="outside"):
        cardarena.play("prsi", seats=[lambda v, l: 99, "random"])
    with pytest.raises(TypeError):
        cardarena.play("prsi", seats=[lambda v, l: "first", "random"])
    with pytest.raises(ZeroDivisionError):
        cardarena.play("prsi", seats=[lambda v, l: 1 // 0, "random"])
    with pytest.raises(TypeError, match="neither"):
        cardarena.play("prsi", seats=[42, "random"])
    with pytest.raises(cardarena.SetupError):
        cardarena.play("prsi", seats=["random", "nobody"])
    with pytest.raises(cardarena.SetupError):
        cardarena.play("durak-duel", seats=["random"] * 3)


def test_random_playouts_run_natively():
    stats = cardarena.random_playouts("fifty-six", 50, seed=1)
    assert stats["games"] == 50 and stats["decisions"] > 50 * 30
    assert stats["decisions_per_sec"] > 0
    again = cardarena.random_playouts("fifty-six", 50, seed=1)
    assert again["decisions"] == stats["decisions"]
    with pytest.raises(cardarena.SetupError):
        cardarena.random_playouts("fifty-six", 1, players=5)
