#!/usr/bin/env python3
"""Learner steps per second at prsi for two, random opponents: the loops a learner runs, beside
OpenSpiel's crazy_eights driven the same ways, all measured in one run.

A learner step is one decision taken from Python (a uniformly random legal action here, so that
the figure is the environment's cost, not a network's): its observation and legal actions read,
an action id chosen, the step played. The loops:

- **plain**: `cardarena.Game` in a Python loop, every decision a learner step (self-play), the
  same work PettingZoo's loop does: `g.observation(seat)`, `g.legal_mask()`, a random legal id
  drawn from it (`numpy.flatnonzero`), `g.apply_id(id)`; **plain, ids** reads
  `g.action_ids()` instead of the mask;
- **PettingZoo**: `cardarena.pettingzoo.env("prsi")`'s AEC loop, `env.last()` and
  `env.step(random legal id)` for every agent's decision;
- **Gym**: `gymnasium.make("cardarena/Prsi-v0", opponents="random")`, the learner's steps
  (its opponent plays inside `step`, natively through `HouseBot`);
- **batched**: `cardarena.VectorEnv("prsi", N)`, one `step` for N learner steps (the opponent
  played natively), a random legal id per game chosen with NumPy from `legal_ids()`;
  **batched, from the masks** draws it from the masks instead (N × 354 random numbers a step),
  **batched, first legal** takes `masks.argmax(1)`, the environment's own cost with the least
  Python;
- **Gym vector**: `gymnasium.make_vec("cardarena/Prsi-v0", N, vectorization_mode=
  "vector_entry_point")`, the same as batched through Gymnasium's wrapper (its `legal_ids()`);
- **pyspiel**: OpenSpiel's crazy_eights (two players) in a Python loop, chance nodes sampled
  from Python: `legal_actions()` and `apply_action` per decision (**plain**), and with
  `observation_tensor()` and `legal_actions_mask()` read at each decision as well
  (**obs + mask**).

Each loop runs for --seconds, --reps times, interleaved so that a shared machine's load falls
on every figure alike; the table gives each figure's median and range. The ratios the issue
names: PettingZoo / plain (goal: at least 1/3), batched (goal: at least 1 M/s).

    python3 -m venv /tmp/venv-bench
    /tmp/venv-bench/bin/pip install "maturin>=1.9,<2" numpy "gymnasium>=1.1" "pettingzoo>=1.24" open_spiel
    (cd python && /tmp/venv-bench/bin/maturin build --release -o /tmp/wheels)
    /tmp/venv-bench/bin/pip install /tmp/wheels/cardarena-*.whl
    /tmp/venv-bench/bin/python python/bench/learners.py --reps 3
"""

import argparse
import random
import statistics
import sys
import time

import numpy

import cardarena

GAME = "prsi"
PLAYERS = 2


def timed(run_for, seconds):
    """Learner steps per second of `run_for(deadline)`, which plays until the clock passes
    `deadline` and returns its steps."""
    start = time.perf_counter()
    steps = run_for(start + seconds)
    return steps / (time.perf_counter() - start)


def plain(seconds, seed, ids=False):
    """`cardarena.Game` in a Python loop, every decision a learner step: observation, then a
    random legal id drawn from the mask (or, with `ids`, from `g.action_ids()`)."""
    uniform = random.Random(seed).random
    flatnonzero = numpy.flatnonzero
    clock = time.perf_counter

    def run_for(deadline):
        steps = 0
        k = 0
        while clock() < deadline:
            g = cardarena.Game(GAME, players=PLAYERS, seed=seed + k)
            k += 1
            while not g.is_over:
                g.observation(g.to_act)
                legal = g.action_ids() if ids else flatnonzero(g.legal_mask())
                g.apply_id(int(legal[int(uniform() * len(legal))]))
                steps += 1
        return steps

    return timed(run_for, seconds)


def pettingzoo(seconds, seed):
    """`cardarena.pettingzoo`'s AEC loop, every agent's decision a learner step."""
    from cardarena import pettingzoo as pz

    env = pz.env(GAME, players=PLAYERS)
    uniform = random.Random(seed).random
    flatnonzero = numpy.flatnonzero
    clock = time.perf_counter

    def run_for(deadline):
        steps = 0
        k = 0
        while clock() < deadline:
            env.reset(seed=seed + k)
            k += 1
            for _agent in env.agent_iter():
                observation, _reward, termination, truncation, _info = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = flatnonzero(observation["action_mask"])
                env.step(int(legal[int(uniform() * len(legal))]))
                steps += 1
        return steps

    return timed(run_for, seconds)


def gym(seconds, seed):
    """The Gymnasium single-agent environment against a random house bot."""
    import gymnasium
    import cardarena.gym  # noqa: F401  (registers the ids)

    env = gymnasium.make("cardarena/Prsi-v0", opponents="random")
    uniform = random.Random(seed).random
    flatnonzero = numpy.flatnonzero
    clock = time.perf_counter

    def run_for(deadline):
        steps = 0
        k = 0
        while clock() < deadline:
            _obs, info = env.reset(seed=seed + k)
            k += 1
            done = False
            while not done:
                legal = flatnonzero(info["action_mask"])
                _obs, _reward, done, _truncated, info = env.step(
                    int(legal[int(uniform() * len(legal))]))
                steps += 1
        return steps

    return timed(run_for, seconds)


def random_legal(rng):
    """A chooser of one uniformly random legal id per row of a mask, in NumPy."""

    def choose(masks):
        return (rng.random(masks.shape, dtype=numpy.float32) * masks).argmax(1)

    return choose


def first_legal(masks):
    """The first legal id of each row of a mask."""
    return masks.argmax(1)


def from_legal_ids(env, rng):
    """A chooser of one uniformly random legal id per game, from `env.legal_ids()`."""
    rows = numpy.arange(env.num_envs)

    def choose(_masks):
        ids, counts = env.legal_ids()
        return ids[rows, (rng.random(len(counts)) * counts).astype(numpy.int64)]

    return choose


def batched(num_envs, choose_with):
    """`cardarena.VectorEnv`, `num_envs` learner steps a call."""

    def measure(seconds, seed):
        env = cardarena.VectorEnv(GAME, num_envs, players=PLAYERS, seed=seed)
        choose = choose_with(env, numpy.random.default_rng(seed))
        clock = time.perf_counter

        def run_for(deadline):
            _obs, masks = env.reset()
            steps = 0
            while clock() < deadline:
                _obs, masks, _rewards, _ends = env.step(choose(masks))
                steps += num_envs
            return steps

        return timed(run_for, seconds)

    return measure


def gym_vector(num_envs):
    """`gymnasium.make_vec` of cardarena's vector entry point."""

    def measure(seconds, seed):
        import gymnasium
        import cardarena.gym  # noqa: F401

        env = gymnasium.make_vec("cardarena/Prsi-v0", num_envs=num_envs,
                                 vectorization_mode="vector_entry_point")
        choose = from_legal_ids(env.unwrapped, numpy.random.default_rng(seed))
        clock = time.perf_counter

        def run_for(deadline):
            _obs, info = env.reset(seed=seed)
            steps = 0
            while clock() < deadline:
                _obs, _rewards, _ends, _truncs, info = env.step(choose(info["action_mask"]))
                steps += num_envs
            return steps

        return timed(run_for, seconds)

    return measure


def pyspiel_loop(with_observation):
    """OpenSpiel's crazy_eights for two in a Python loop; with `with_observation`, the
    observation tensor and the legal mask read at every decision."""

    def measure(seconds, seed):
        import pyspiel

        game = pyspiel.load_game("crazy_eights", {"players": PLAYERS})
        uniform = random.Random(seed).random
        sample_action = pyspiel.sample_action
        clock = time.perf_counter

        def run_for(deadline):
            steps = 0
            while clock() < deadline:
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.apply_action(sample_action(state.chance_outcomes(), uniform())[0])
                        continue
                    if with_observation:
                        state.observation_tensor()
                        state.legal_actions_mask()
                    legal = state.legal_actions()
                    state.apply_action(legal[int(uniform() * len(legal))])
                    steps += 1
            return steps

        return timed(run_for, seconds)

    return measure


def cell(values):
    """A figure's median and range in millions a second: "1.42 (1.30-1.50)"."""
    med = statistics.median(values) / 1e6
    digits = 3 if med < 1 else 2
    low, high = min(values) / 1e6, max(values) / 1e6
    text = f"{med:.{digits}f}"
    return text if f"{low:.{digits}f}" == f"{high:.{digits}f}" else \
        f"{text} ({low:.{digits}f}-{high:.{digits}f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds a loop (default 2)")
    parser.add_argument("--num-envs", type=int, default=4096,
                        help="games a batched step (default 4096)")
    opts = parser.parse_args()
    loops = [
        ("plain", plain),
        ("plain, ids", lambda seconds, seed: plain(seconds, seed, ids=True)),
        ("PettingZoo", pettingzoo),
        ("Gym", gym),
        (f"batched ({opts.num_envs} games)", batched(opts.num_envs, from_legal_ids)),
        (f"batched, from the masks ({opts.num_envs} games)",
         batched(opts.num_envs, lambda _env, rng: random_legal(rng))),
        (f"batched, first legal ({opts.num_envs} games)",
         batched(opts.num_envs, lambda _env, _rng: first_legal)),
        (f"Gym vector ({opts.num_envs} games)", gym_vector(opts.num_envs)),
    ]
    try:
        import pyspiel  # noqa: F401

        loops += [("pyspiel crazy_eights, plain", pyspiel_loop(False)),
                  ("pyspiel crazy_eights, obs + mask", pyspiel_loop(True))]
    except ImportError:
        print("pyspiel is missing (pip install open_spiel): no pyspiel rows", file=sys.stderr)
    figures = {name: [] for name, _ in loops}
    for rep in range(opts.reps):
        for name, measure in loops:
            rate = measure(opts.seconds, 1000 * rep + 1)
            figures[name].append(rate)
            print(f"rep {rep + 1}: {name}: {rate / 1e6:.3f} M/s", file=sys.stderr)
    print(f"| loop ({GAME}, {PLAYERS} players, random opponents) | learner steps (M/s) |")
    print("| --- | --- |")
    for name, _ in loops:
        print(f"| {name} | {cell(figures[name])} |")
    for raw in ("plain", "plain, ids"):
        ratio = [p / r for p, r in zip(figures["PettingZoo"], figures[raw])]
        print(f"\nPettingZoo / {raw}: {statistics.median(ratio):.2f} "
              f"({min(ratio):.2f}-{max(ratio):.2f})")


if __name__ == "__main__":
    main()
