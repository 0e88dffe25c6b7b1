"""The batched environment, `cardarena.VectorEnv`, and its Gymnasium face,
`cardarena.gym.VectorEnv`: each environment's arrays are those of the game behind it, games end
and are dealt again, a seed replays the same games, and bad input is refused."""

import pickle

import gymnasium
import numpy
import pytest

import cardarena
from conftest import TABLES
import cardarena.gym



def random_ids(masks, rng):
    """One legal id per row of masks, uniformly at random."""
    return numpy.array([rng.choice(numpy.flatnonzero(row)) for row in masks], dtype=numpy.int64)


def check_rows(env, observations, masks):
    """Each environment's row is its game's: the learner to act, its observation and mask."""
    seats = env.seats()
    for i in range(env.num_envs):
        game = env.game_at(i)
        assert game.to_act == seats[i]
        assert numpy.array_equal(observations[i], game.observation(int(seats[i])))
        assert numpy.array_equal(masks[i], game.legal_mask())


@pytest.mark.parametrize("game,players", TABLES)
def test_every_row_is_its_games_and_games_end_and_deal_again(game, players):
    # Most as single deals: a whole match to 500 points takes longer than the test plays.
    options = {"single_deal": True} if game == "most" else None
    env = cardarena.VectorEnv(game, 6, players=players, seat=None, seed=players, options=options)
    assert env.observation_shape == cardarena.Game(game, players=players).observation_shape
    observations, masks = env.reset()
    assert observations.dtype == numpy.float32 and observations.shape == (6, *env.observation_shape)
    assert masks.dtype == numpy.bool_ and masks.shape == (6, env.num_actions)
    check_rows(env, observations, masks)
    rng = numpy.random.default_rng(players)
    ended = 0
    for step in range(400):
        before = [env.game_at(i) for i in range(env.num_envs)]
        ids = random_ids(masks, rng)
        observations, masks, rewards, ends = env.step(ids)
        assert rewards.dtype == numpy.float32 and ends.dtype == numpy.bool_
        assert numpy.all(rewards[~ends] == 0)
        for i in range(env.num_envs):
            # A game that ended was dealt again (a new seed); one that did not goes on.
            now = env.game_at(i)
            if ends[i]:
                assert now.seed != before[i].seed and 0.0 <= rewards[i] <= 1.0
                ended += 1
            else:
                assert now.seed == before[i].seed and now.steps > before[i].steps
        if step % 50 == 0:
            check_rows(env, observations, masks)
    check_rows(env, observations, masks)
    assert ended > 0, "no game ended in 400 steps"


def test_rewards_are_the_learners_place_values():
    """Against random opponents at prsi for two, a random learner wins about half its games; a
    game's reward is 1 or 0 (place values at two seats, no draw in prsi)."""
    env = cardarena.VectorEnv("prsi", 256, players=2, seat=None, seed=5)
    _, masks = env.reset()
    rng = numpy.random.default_rng(1)
    rewards = []
    while len(rewards) < 2000:
        _, masks, reward, ends = env.step(random_ids(masks, rng))
        rewards.extend(reward[ends].tolist())
    assert set(rewards) <= {0.0, 1.0}
    assert 0.45 < numpy.mean(rewards) < 0.55


def test_a_seed_replays_the_same_games_and_reset_deals_new_ones():
    first = cardarena.VectorEnv("durak", 16, players=3, seed=9, opponents=["greedy", "random"])
    second = cardarena.VectorEnv("durak", 16, players=3, seed=9, opponents=["greedy", "random"])
    a, mask_a = first.reset()
    b, _ = second.reset()
    assert numpy.array_equal(a, b)
    rng = numpy.random.default_rng(2)
    for _ in range(50):
        ids = random_ids(mask_a, rng)
        a, mask_a, reward_a, end_a = first.step(ids)
        b, _, reward_b, end_b = second.step(ids)
        assert numpy.array_equal(a, b) and numpy.array_equal(reward_a, reward_b)
        assert numpy.array_equal(end_a, end_b)
    again, _ = first.reset(9)
    fresh = cardarena.VectorEnv("durak", 16, players=3, seed=9, opponents=["greedy", "random"])
    assert numpy.array_equal(again, fresh.reset()[0])
    new, _ = first.reset()
    assert not numpy.array_equal(new, again)


def test_an_illegal_id_is_refused_and_plays_nothing():
    env = cardarena.VectorEnv("prsi", 4, seed=1)
    observations, masks = env.reset()
    ids = random_ids(masks, numpy.random.default_rng(0))
    bad = ids.copy()
    bad[2] = numpy.flatnonzero(~masks[2])[0]
    steps = [env.game_at(i).steps for i in range(4)]
    with pytest.raises(cardarena.IllegalAction, match="environment 2: action id"):
        env.step(bad)
    assert [env.game_at(i).steps for i in range(4)] == steps
    with pytest.raises(cardarena.IllegalAction, match="3 actions for 4 environments"):
        env.step(ids[:3])
    with pytest.raises(cardarena.IllegalAction):
        env.step([-1, 0, 0, 0])
    env.step(ids.astype(numpy.int32))  # any integer array, or a list
    with pytest.raises(ValueError, match="num_envs is 0"):
        cardarena.VectorEnv("prsi", 0)
    with pytest.raises(cardarena.SetupError, match='no house bot "nobody"'):
        cardarena.VectorEnv("prsi", 2, opponents="nobody")
    with pytest.raises(ValueError, match="2 opponents at a table of 2"):
        cardarena.VectorEnv("prsi", 2, opponents=["random", "greedy"])
    with pytest.raises(ValueError, match="seat 5 is not at the table"):
        cardarena.VectorEnv("prsi", 2, seat=5)


def test_the_game_behind_an_environment_pickles():
    env = cardarena.VectorEnv("bridge", 3, players=4, seed=3, opponents="greedy")
    _, masks = env.reset()
    env.step(random_ids(masks, numpy.random.default_rng(3)))
    game = env.game_at(1)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.view(0) == game.view(0) and copy.steps == game.steps
    with pytest.raises(ValueError, match="environment 3 is not one of the 3"):
        env.game_at(3)


def test_the_gymnasium_vector_env_steps_and_resets_in_the_same_step():
    env = gymnasium.make_vec("cardarena/Prsi-v0", num_envs=8,
                             vectorization_mode="vector_entry_point")
    assert isinstance(env.unwrapped, cardarena.gym.VectorEnv)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    observations, info = env.reset(seed=4)
    assert env.observation_space.contains(observations)
    assert info["action_mask"].shape == (8, env.single_action_space.n)
    rng = numpy.random.default_rng(4)
    ended = 0
    for _ in range(200):
        actions = random_ids(env.unwrapped.action_masks(), rng)
        ids, counts = env.unwrapped.legal_ids()
        assert all(a in row[:n] for a, row, n in zip(actions, ids, counts))
        assert env.action_space.contains(actions)
        observations, rewards, terminations, truncations, info = env.step(actions)
        assert env.observation_space.contains(observations)
        assert not truncations.any()
        ended += int(terminations.sum())
    assert ended > 0
    env.close()


def test_legal_ids_are_the_masks_ids():
    env = cardarena.VectorEnv("durak", 32, players=4, seed=6, seat=None)
    _, masks = env.reset()
    rng = numpy.random.default_rng(6)
    for _ in range(30):
        ids, counts = env.legal_ids()
        assert ids.dtype == numpy.int64 and ids.shape[0] == 32 and counts.shape == (32,)
        for row, count, mask in zip(ids, counts, masks):
            assert sorted(row[:count].tolist()) == numpy.flatnonzero(mask).tolist()
            assert numpy.all(row[count:] == -1)
        choice = ids[numpy.arange(32), (rng.random(32) * counts).astype(numpy.int64)]
        _, masks, _, _ = env.step(choice)
