"""The PettingZoo AEC environments (cardarena.pettingzoo) of every game at every table."""

import functools
import random
import subprocess
import sys

import numpy
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import cardarena
from cardarena import pettingzoo as cz
from conftest import TABLES

GAMES = sorted(g["id"] for g in cardarena.games())


def play_out(env, seed, rng):
    """Plays one episode with random legal actions; returns each agent's reward as `last()`
    gave it at its dead step, and the agents selected while the game went on."""
    env.reset(seed=seed)
    final, selected = {}, []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        assert not truncation
        if termination:
            final[agent] = reward
            env.step(None)
            continue
        assert reward == 0
        game = env.unwrapped.game
        assert agent == f"player_{game.to_act}"
        assert numpy.flatnonzero(observation["action_mask"]).tolist() == sorted(game.action_ids())
        selected.append(agent)
        env.step(rng.choice(numpy.flatnonzero(observation["action_mask"]).tolist()))
    return final, selected


# PettingZoo's classic games with {"observation", "action_mask"} observations are let off these
# two warnings by name; ours are the same shape.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("game,players", TABLES)
def test_api_test_passes_at_every_table(game, players):
    env = cz.env(game, players=players)
    api_test(env, num_cycles=1000)
    assert env.unwrapped.metadata["name"] == f"cardarena_{game.replace('-', '_')}_v0"
    assert env.possible_agents == [f"player_{s}" for s in range(players)]


@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game):
    seed_test(lambda: cz.env(game), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_episode_ends_with_every_seats_place_value(game):
    env = cz.env(game)
    rng = random.Random(game)
    final, selected = play_out(env, seed=11, rng=rng)
    players = len(env.possible_agents)
    assert sorted(final) == sorted(env.possible_agents) and env.agents == []
    values = env.unwrapped.game.place_values()
    assert [final[a] for a in env.possible_agents] == values
    assert sum(values) == pytest.approx(players / 2)
    assert all(0 <= v <= 1 for v in values)
    assert len(selected) == env.unwrapped.game.steps


def test_one_agent_may_act_several_times_in_a_row():
    # Most: a seat draws, then discards (docs/games/most.md); Durak: an attacker throws in.
    for game in ("most", "durak"):
        _, selected = play_out(cz.env(game), seed=2, rng=random.Random(2))
        assert any(a == b for a, b in zip(selected, selected[1:])), game


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_deals_and_plays_the_same(game):
    def observations(env, seed):
        env.reset(seed=seed)
        rng = random.Random(0)
        seen = []
        for agent in env.agent_iter(300):
            observation, _, termination, _, _ = env.last()
            seen.append((agent, observation["observation"].tobytes(),
                         observation["action_mask"].tobytes()))
            mask = numpy.flatnonzero(observation["action_mask"]).tolist()
            env.step(None if termination else rng.choice(mask))
        return seen

    first, second = cz.env(game), cz.env(game)
    assert observations(first, 5) == observations(second, 5)
    assert observations(first, 5) == observations(first, 5)
    assert observations(first, 5) != observations(first, 6)
    first.reset()
    second.reset()
    assert first.unwrapped.game.seed != second.unwrapped.game.seed


@pytest.mark.parametrize("game", GAMES)
def test_an_observation_never_changes_with_the_cards_its_agent_cannot_see(game):
    env = cz.env(game)
    env.reset(seed=4)
    raw = env.unwrapped
    rng = random.Random(4)
    resampled = 0
    for _ in range(40):
        game_now = raw.game
        if game_now.is_over:
            break
        for agent in raw.possible_agents:
            seat = int(agent.split("_")[1])
            seen = env.observe(agent)
            for sample_seed in range(3):
                raw.game = game_now.determinize(seat, sample_seed)
                resampled += raw.game.table("all") != game_now.table("all")
                again = env.observe(agent)
                assert numpy.array_equal(again["observation"], seen["observation"])
                assert numpy.array_equal(again["action_mask"], seen["action_mask"])
            raw.game = game_now
            if agent != env.agent_selection:
                assert not seen["action_mask"].any()
        env.step(rng.choice(numpy.flatnonzero(env.last()[0]["action_mask"]).tolist()))
    assert resampled > 0, "no sample dealt other hidden cards: the check proved nothing"


def test_an_action_that_is_not_legal_raises_and_changes_nothing():
    env = cz.env("prsi")
    env.reset(seed=3)
    mask = env.last()[0]["action_mask"]
    illegal = int(numpy.flatnonzero(mask == 0)[0])
    before = env.unwrapped.game.table("all")
    for action in (illegal, -1, env.action_space(env.agent_selection).n):
        with pytest.raises(cardarena.IllegalAction, match="no legal action has id"):
            env.step(action)
    assert env.unwrapped.game.table("all") == before
    with pytest.raises(ValueError, match="None is only for terminated agents"):
        env.step(None)


def test_render_prints_or_returns_the_table(capsys):
    env = cz.env("durak", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("durak, 3 players, step 0: player_0 to act")
    assert "trump_suit" in text and "legal moves (id: move)" in text
    human = cz.env("durak", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
    with pytest.raises(ValueError, match="render_mode"):
        cz.env("durak", render_mode="rgb_array")
    render_test(functools.partial(cz.env, "most"))


def test_the_games_options_reach_every_deal_and_bad_ones_are_setup_errors():
    env = cz.env("bridge", players=3, options={"target": 50})
    for seed in (1, 2):
        env.reset(seed=seed)
        assert env.unwrapped.game.table("all")["target"] == 50
    with pytest.raises(cardarena.SetupError):
        cz.env("durak-duel", players=3)
    with pytest.raises(cardarena.SetupError):
        cz.env("bridge", options={"target": "high"})


def test_importing_cardarena_needs_neither_library():
    code = (
        "import sys, cardarena\n"
        "assert 'pettingzoo' not in sys.modules and 'gymnasium' not in sys.modules\n"
        "assert cardarena.pettingzoo.env and 'pettingzoo' in sys.modules\n"
        "assert cardarena.gym.SingleAgentEnv\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd="/")


def test_the_wrapper_still_enforces_the_order_of_calls():
    """`env()`'s wrapper reads the environment directly for speed; PettingZoo's order checks
    still hold: nothing before reset, a step between two agents of the loop."""
    env = cz.env("prsi")
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        env.agent_selection
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        env.last()
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    with pytest.raises(Exception, match="reset"):
        env.agent_iter()
    env.reset(seed=1)
    agents = iter(env.agent_iter())
    assert next(agents) == env.agent_selection == env.unwrapped.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
    _, _, _, _, _ = env.last()
    env.step(int(numpy.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert next(agents) == env.unwrapped.agent_selection
    mask = env.last()[0]["action_mask"]
    assert mask.dtype == numpy.int8 and set(numpy.unique(mask)) <= {0, 1}
