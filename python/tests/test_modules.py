"""Bot modules at a seat of cardarena.play, played as `cardarena play` plays them.

The modules are the sandbox's C test bot (sandbox/tests/bots/bot.c), built by clang and wrapped
by cli/tests/python_package.rs before pytest runs, in the folder CARDARENA_TEST_MODULES names:
bot.wasm (answers the first legal action and says a number drawn from its WASI randomness and
how many requests it has seen), loop.wasm (built with -DLOOP: loops without end on every turn)
and core.wasm (the plain bot's core module, not wrapped).
"""

import os
import pathlib
import subprocess

import pytest

import cardarena
from conftest import binary

GAMES = {"durak": 3, "durak-duel": 2, "bridge": 3, "most": 3, "prsi": 2, "fifty-six": 4}


@pytest.fixture(scope="module")
def modules():
    folder = os.environ.get("CARDARENA_TEST_MODULES")
    if not folder:
        pytest.fail("CARDARENA_TEST_MODULES names no folder: cli/tests/python_package.rs builds "
                    "the test modules (bot.wasm, loop.wasm, core.wasm) and sets it")
    return pathlib.Path(folder)


def cardarena_play(game, seats, games, seed, *extra):
    """`cardarena play`'s standard output for these seats, each a (name, bot) pair."""
    args = [binary(), "play", "--game", game, "--games", str(games), "--seed", str(seed)]
    for name, bot in seats:
        args += ["--seat", f"{name}={bot}"]
    done = subprocess.run(args + list(extra), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_module_plays_every_game_without_a_fault(modules):
    bot = str(modules / "bot.wasm")
    for game, players in GAMES.items():
        seats = [bot] + ["random"] * (players - 1)
        results = cardarena.play(game, seats=seats, games=players, seed=11)
        row = results.rows[0]
        assert (row["name"], row["bot"]) == ("bot", bot), game
        assert row["games"] == players and row["faults"] == 0, (game, results)
        assert results.faults == [], game
        assert results.table().splitlines()[0].split()[-1] == "faults", game


def test_a_seed_replays_the_same_games_each_in_a_fresh_instance_seeded_from_the_game(modules):
    seats = [modules / "bot.wasm", "greedy"]
    first = cardarena.play("prsi", seats=seats, games=6, seed=1, log=True)
    again = cardarena.play("prsi", seats=seats, games=6, seed=1, log=True)
    other = cardarena.play("prsi", seats=seats, games=6, seed=2, log=True)
    assert first.games == again.games and first.rows == again.rows
    assert [g["log"] for g in other.games] != [g["log"] for g in first.games]
    said = [[text for _, _, text in g["says"]] for g in first.games]
    assert all(said), "the module said something in every game"
    # match_start is its first request and its first turn the second: a fresh instance each game.
    assert all(texts[0].endswith(" 2") for texts in said), said
    drawn = [texts[0].split()[0] for texts in said]
    assert len(set(drawn)) == len(drawn), f"each game's instance draws its own numbers: {drawn}"
    other_drawn = [g["says"][0][2].split()[0] for g in other.games]
    assert other_drawn != drawn
    assert [g["seed"] for g in first.games][0] == 1
    assert first.games[0]["names"] == ["bot", "greedy"]
    assert first.games[1]["names"] == ["greedy", "bot"], "seats rotate"


def test_a_seed_plays_the_same_games_as_cardarena_play(modules):
    bot = modules / "bot.wasm"
    ours = cardarena.play("durak", seats=[bot, "greedy", "random"], games=5, seed=7, log=True)
    seats = [("bot", bot), ("greedy", "greedy"), ("random", "random")]
    table = cardarena_play("durak", seats, 5, 7)
    assert table.startswith(ours.table()), f"{table}\n{ours.table()}"
    assert f"bot ({bot}): no faults" in table
    logged = cardarena_play("durak", seats, 5, 7, "--log")
    assert logged.startswith("".join(g["log"] for g in ours.games))


def test_a_module_out_of_fuel_faults_and_the_run_goes_on(modules):
    looping = str(modules / "loop.wasm")
    results = cardarena.play("prsi", seats=[looping, "greedy"], games=3, seed=4)
    loop, greedy = results.rows
    assert (loop["games"], loop["faults"], loop["losses"]) == (3, 3, 3), results
    assert (greedy["games"], greedy["faults"], greedy["wins"]) == (3, 0, 3), results
    assert [f["game"] for f in results.faults] == [1, 2, 3]
    for fault in results.faults:
        assert fault["name"] == "loop" and fault["entry"] == 0 and fault["kind"] == "timeout"
        assert "used all its fuel (5000000000 units)" in fault["detail"], fault
        assert fault["decision"] >= 1
    assert results.faults[1]["seat"] == 1, "the module sat at seat 1 in the second game"
    table = cardarena_play("prsi", [("loop", looping), ("greedy", "greedy")], 3, 4)
    assert table.startswith(results.table()), f"{table}\n{results.table()}"
    assert "faults of loop" in table and "3 in 3 games (timeout 3)" in table
    # A smaller deadline is a smaller budget.
    quick = cardarena.play("prsi", seats=[looping, "greedy"], seed=4, deadline_ms=10)
    assert "(50000000 units)" in quick.faults[0]["detail"]


def test_a_core_module_or_a_file_that_is_no_module_raises_saying_why(modules, tmp_path):
    with pytest.raises(ValueError, match="core WebAssembly module, not a component"):
        cardarena.play("prsi", seats=[str(modules / "core.wasm"), "random"])
    text = tmp_path / "notes.wasm"
    text.write_text("not wasm at all")
    with pytest.raises(ValueError, match="not valid WebAssembly"):
        cardarena.play("prsi", seats=[text, "random"])
    with pytest.raises(FileNotFoundError, match="cannot read"):
        cardarena.play("prsi", seats=[str(tmp_path / "missing.wasm"), "random"])
    with pytest.raises(ValueError, match="deadline_ms"):
        cardarena.play("prsi", seats=[modules / "bot.wasm", "random"], deadline_ms=5)
