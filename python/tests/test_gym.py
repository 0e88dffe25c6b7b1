"""The Gymnasium single-agent environment (cardarena.gym): the learner against house bots."""

import gymnasium
import numpy
import pytest
from gymnasium.utils.env_checker import check_env

import cardarena
from cardarena import gym as cg

INFO = {g["id"]: g for g in cardarena.games()}
GAMES = sorted(INFO)


def play_random(env, seed, rng):
    """One episode of a learner playing uniformly among its legal ids; returns the rewards."""
    observation, info = env.reset(seed=seed)
    rewards, done = [], False
    while not done:
        game = env.unwrapped.game
        assert game.to_act == env.unwrapped.seat
        assert numpy.array_equal(observation, game.observation(env.unwrapped.seat))
        assert numpy.array_equal(info["action_mask"].astype(bool), env.unwrapped.action_masks())
        action = rng.choice(numpy.flatnonzero(info["action_mask"]))
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
        rewards.append(reward)
    return rewards


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes_for_the_registered_environment(game):
    env = gymnasium.make(cg.env_id(game))
    check_env(env.unwrapped)
    assert env.unwrapped.players == INFO[game]["players"]["default"]


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes_at_the_smallest_and_largest_table_with_a_random_seat(game):
    for players in {INFO[game]["players"]["min"], INFO[game]["players"]["max"]}:
        env = gymnasium.make(cg.env_id(game), players=players, seat=None)
        check_env(env.unwrapped)
        assert env.unwrapped.players == players


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_episode_pays_the_learners_place_value_at_the_end(game):
    env = cg.SingleAgentEnv(game, seat=None)
    rng = numpy.random.default_rng(1)
    for seed in range(3):
        rewards = play_random(env, seed, rng)
        game_over = env.unwrapped.game
        assert game_over.is_over
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == game_over.place_values()[env.unwrapped.seat]
        assert not env.unwrapped.action_masks().any()
        with pytest.raises(cardarena.GameOver, match="call reset"):
            env.step(0)


def test_a_random_seat_takes_every_seat_and_a_fixed_one_stays():
    def seats(env):
        found = set()
        for seed in range(20):
            env.reset(seed=seed)
            found.add(env.unwrapped.seat)
        return found

    assert seats(cg.SingleAgentEnv("bridge", seat=None)) == {0, 1, 2, 3}
    assert seats(cg.SingleAgentEnv("bridge", seat=2)) == {2}


def test_the_same_seed_replays_the_same_episode():
    def episode(env, seed):
        observation, info = env.reset(seed=seed)
        seen, done = [observation.tobytes()], False
        while not done:
            observation, reward, done, _, info = env.step(numpy.flatnonzero(info["action_mask"])[0])
            seen.append((observation.tobytes(), reward))
        return env.unwrapped.seat, seen

    first = cg.SingleAgentEnv("durak", seat=None)
    second = cg.SingleAgentEnv("durak", seat=None)
    assert episode(first, 8) == episode(second, 8)
    assert episode(first, 8) == episode(first, 8)
    assert episode(first, 8) != episode(first, 9)


def test_the_opponents_are_the_named_house_bots():
    # A learner choosing at random against one greedy house bot, then against one random one.
    def mean_reward(opponent):
        env = cg.SingleAgentEnv("durak-duel", opponents=[opponent], seat=None)
        env.reset(seed=0)
        assert [bot.id for bot in env.unwrapped.bots.values()] == [opponent]
        rng = numpy.random.default_rng(2)
        return numpy.mean([play_random(env, seed, rng)[-1] for seed in range(60)])

    against_greedy, against_random = mean_reward("greedy"), mean_reward("random")
    assert against_greedy < 0.25, against_greedy
    assert 0.3 < against_random < 0.7, against_random


def test_each_opponent_sits_at_its_own_seat_in_order():
    # Durak at three: the greedy seat places better than the random one over many deals.
    env = cg.SingleAgentEnv("durak", opponents=["greedy", "random"], seat=None)
    rng = numpy.random.default_rng(3)
    totals = {"greedy": 0.0, "random": 0.0}
    for seed in range(60):
        play_random(env, seed, rng)
        seats = {bot.id: seat for seat, bot in env.unwrapped.bots.items()}
        assert sorted(seats.values()) == [s for s in range(3) if s != env.unwrapped.seat]
        assert seats["greedy"] < seats["random"]
        values = env.unwrapped.game.place_values()
        for bot, seat in seats.items():
            totals[bot] += values[seat]
    assert totals["greedy"] > totals["random"] + 10, totals


def test_an_illegal_id_loses_at_once_or_raises_when_asked_to():
    env = cg.SingleAgentEnv("prsi")
    observation, info = env.reset(seed=5)
    illegal = int(numpy.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not env.action_masks().any()
    with pytest.raises(cardarena.GameOver):
        env.step(illegal)

    strict = cg.SingleAgentEnv("prsi", illegal_reward=None)
    _, info = strict.reset(seed=5)
    before = strict.game.table("all")
    for action in (illegal, -1, strict.action_space.n):
        with pytest.raises(cardarena.IllegalAction, match="no legal action has id"):
            strict.step(action)
    assert strict.game.table("all") == before
    strict.step(numpy.flatnonzero(info["action_mask"])[0])


def test_opponents_must_fit_the_table():
    assert cg.SingleAgentEnv("bridge").opponents == ["greedy", "random", "greedy"]
    assert cg.SingleAgentEnv("most", opponents="random", players=4).opponents == ["random"] * 3
    assert cg.SingleAgentEnv("durak", opponents=["greedy"]).players == 2
    with pytest.raises(ValueError, match="name one per other seat"):
        cg.SingleAgentEnv("durak", opponents=["greedy"], players=3)
    with pytest.raises(cardarena.SetupError, match="no house bot"):
        cg.SingleAgentEnv("durak", opponents=["nobody"])
    with pytest.raises(ValueError, match="seat 3"):
        cg.SingleAgentEnv("durak", seat=3)
    env = cg.SingleAgentEnv("most", options={"target": 200})
    env.reset(seed=1)
    assert env.game.table("all")["target"] == 200


def test_every_game_is_registered_and_renders():
    ids = {cg.env_id(game) for game in GAMES}
    assert {"cardarena/DurakDuel-v0", "cardarena/FiftySix-v0"} <= ids <= set(gymnasium.registry)
    env = gymnasium.make("cardarena/Bridge-v0", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("the learner is player_0\nbridge, 3 players")
