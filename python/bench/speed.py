#!/usr/bin/env python3
"""Uniform random play from Python, decisions per second: cardarena beside pyspiel and RLCard.

Everything is measured in one run. Each repetition goes through the games one after another and,
for each, measures OpenSpiel and RLCard just before cardarena's figures, so that the load of a
shared machine falls on the figures of a ratio alike; the table gives each figure's median and
range over the repetitions, and the median and range of the per-repetition ratios.

For each of cardarena's six games at its usual table (the sizes and options of
scripts/openspiel_speed.py: most as single deals, bridge as whole matches):

- **apply**: a Python loop of one native call per decision,
  `while not g.is_over: g.apply(int(uniform() * g.num_legal()))`, `uniform` being a bound
  `random.Random(seed).random` (the cheapest uniform draw in Python; every loop here uses it);
- **mask**: the loop an RL agent runs: `ids = np.flatnonzero(g.legal_mask())` (the fixed action
  space as a NumPy array) and `g.apply_id(ids[int(uniform() * len(ids))])`;
- **pyspiel**: OpenSpiel's crazy_eights (default parameters, 5 players) driven the same way from
  Python, `state.apply_action(legal[int(uniform() * len(legal))])` on
  `legal = state.legal_actions()`, its chance nodes (the deal, the draws) sampled from Python with
  `pyspiel.sample_action(state.chance_outcomes(), uniform())` (about 53 chance nodes to 77
  decisions a game); only player decisions count. Beside most, gin_rummy (the pair of
  scripts/openspiel_speed.py) is measured too and given below the table;
- **RLCard**: RLCard's closest game driven the same way at the game object (its judge's legal
  actions and `game.step`, the equivalent of `apply`; `env.step` would add an observation per
  step): uno beside the shedding games (prsi, durak, durak-duel, and bridge, a shedding game
  here), RLCard's contract bridge beside fifty-six (a trick game with an auction), gin-rummy
  beside most (a rummy);
- **batched**: `cardarena.random_playouts(game, n)`, whole games natively in one call, `n` sized
  to take about --seconds;
- **native**: the engine alone, `cardarena bench --game G` run as a subprocess (the figures of
  scripts/openspiel_speed.py).

The goals (issue 29): apply / pyspiel at least 3 in every game, batched / native at least 0.5.
A decision is one choice of the seat to act; whatever the engine plays by itself is not counted.
Each Python loop's time includes the deal (`cardarena.Game(...)`, `new_initial_state()` and its
chance nodes, `init_game()`), as the native figures do.

    python3 -m venv /tmp/venv-speed
    /tmp/venv-speed/bin/pip install "maturin>=1.9,<2" numpy open_spiel rlcard
    /tmp/venv-speed/bin/pip install ./python          # a release build of the module
    cargo build --release --bin cardarena
    /tmp/venv-speed/bin/python python/bench/speed.py --reps 3 --cardarena target/release/cardarena

The table (markdown) goes to stdout, one JSON line per measurement to --json (stderr shows
progress). Without --cardarena, or without pyspiel or RLCard installed, those columns are left
out.
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

import numpy as np

import cardarena

# Each game: its id, its options, the `cardarena bench` arguments that size the native run, and
# the RLCard game beside it.
GAMES = [
    ("prsi", None, ["--games", "20000"], "uno"),
    ("durak-duel", None, ["--games", "20000"], "uno"),
    ("durak", None, ["--games", "50000"], "uno"),
    ("fifty-six", None, ["--games", "20000"], "bridge"),
    ("bridge", None, ["--games", "5000"], "uno"),
    ("most", {"single_deal": True}, ["--games", "300"], "gin-rummy"),
]

# The OpenSpiel game scripts/openspiel_speed.py sets beside a game where it is not crazy_eights:
# measured too, and given below the table.
PAIRED = {"most": "gin_rummy"}


def timed(play_one, seconds):
    """Decisions per second over whole games played by `play_one(k)` (which returns the game's
    decisions) until `seconds` have passed."""
    decisions = 0
    elapsed = 0.0
    k = 0
    clock = time.perf_counter
    while elapsed < seconds:
        start = clock()
        decisions += play_one(k)
        elapsed += clock() - start
        k += 1
    return decisions / elapsed


def apply_loop(game, options, seconds, seed):
    """Decisions per second of `g.apply(int(uniform() * g.num_legal()))` from Python."""
    uniform = random.Random(seed).random
    Game = cardarena.Game

    def play_one(k):
        g = Game(game, seed=seed + k, options=options)
        apply = g.apply
        num_legal = g.num_legal
        while not g.is_over:
            apply(int(uniform() * num_legal()))
        return g.steps

    return timed(play_one, seconds)


def mask_loop(game, options, seconds, seed):
    """Decisions per second of the RL loop: `g.legal_mask()`, a random legal id, `g.apply_id`."""
    uniform = random.Random(seed).random
    flatnonzero = np.flatnonzero
    Game = cardarena.Game

    def play_one(k):
        g = Game(game, seed=seed + k, options=options)
        legal_mask = g.legal_mask
        apply_id = g.apply_id
        while not g.is_over:
            ids = flatnonzero(legal_mask())
            apply_id(int(ids[int(uniform() * len(ids))]))
        return g.steps

    return timed(play_one, seconds)


def pyspiel_loop(pyspiel, name, seconds, seed):
    """Decisions per second of OpenSpiel's `name` played from Python: `legal_actions()` and
    `apply_action` per decision, chance outcomes sampled in Python by their probabilities."""
    game = pyspiel.load_game(name)
    uniform = random.Random(seed).random
    sample_action = pyspiel.sample_action

    def play_one(_k):
        state = game.new_initial_state()
        apply_action = state.apply_action
        legal_actions = state.legal_actions
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                apply_action(sample_action(state.chance_outcomes(), uniform())[0])
            else:
                legal = legal_actions()
                apply_action(legal[int(uniform() * len(legal))])
                decisions += 1
        return decisions

    return timed(play_one, seconds)


def rlcard_loop(rlcard, name, seconds, seed):
    """Decisions per second of RLCard's `name` played from Python at the game object: its legal
    actions and `game.step` per decision (what `apply` is to cardarena), no observation built."""
    env = rlcard.make(name, config={"seed": seed})
    game = env.game
    uniform = random.Random(seed).random
    if name == "uno":
        legal_actions = game.get_legal_actions
    elif name == "bridge":
        legal_actions = game.judger.get_legal_actions
    else:  # gin-rummy
        legal_actions = game.judge.get_legal_actions

    def play_one(_k):
        game.init_game()
        decisions = 0
        while not game.is_over():
            legal = legal_actions()
            game.step(legal[int(uniform() * len(legal))])
            decisions += 1
        return decisions

    return timed(play_one, seconds)


def batched_rate(game, options, games, seed):
    """Decisions per second `cardarena.random_playouts` reports for `games` games."""
    return cardarena.random_playouts(game, games, seed=seed, options=options)["decisions_per_sec"]


def native_rate(binary, game, options, args):
    """Decisions per second `cardarena bench` reports for `game`."""
    command = [binary, "bench", "--game", game, *args]
    if options:
        command += ["--options", json.dumps(options)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["decisions_per_sec"]


def batch_size(game, options, seconds):
    """How many games `random_playouts` plays in about `seconds`."""
    n = 20
    while True:
        took = cardarena.random_playouts(game, n, options=options)["seconds"]
        if took >= 0.2:
            return max(1, int(n * seconds / took))
        n *= 4


def cell(values, scale=1e6):
    """A figure's median and range in millions: "1.42 (1.30-1.50)"."""
    digits = 3 if statistics.median(values) / scale < 1 else 2
    med = f"{statistics.median(values) / scale:.{digits}f}"
    low, high = f"{min(values) / scale:.{digits}f}", f"{max(values) / scale:.{digits}f}"
    return med if low == high else f"{med} ({low}-{high})"


def ratio_cell(values):
    """A ratio's median and range: "4.1× (3.9-4.4)"."""
    med = f"{statistics.median(values):.1f}"
    low, high = f"{min(values):.1f}", f"{max(values):.1f}"
    return f"{med}×" if low == high else f"{med}× ({low}-{high})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="seconds of play per Python-loop and batched measurement (default 1)",
    )
    parser.add_argument("--cardarena", metavar="PATH", help="a cardarena binary, for `bench`")
    parser.add_argument("--only", action="append", default=[], help="measure only this game")
    parser.add_argument("--json", metavar="FILE", help="write one JSON line per measurement here")
    opts = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel is missing (pip install open_spiel): no pyspiel column", file=sys.stderr)
    try:
        import rlcard
    except ImportError:
        rlcard = None
        print("rlcard is missing (pip install rlcard): no RLCard column", file=sys.stderr)
    log = open(opts.json, "w") if opts.json else None

    games = [g for g in GAMES if not opts.only or g[0] in opts.only]
    sizes = {g[0]: batch_size(g[0], g[1], opts.seconds) for g in games}
    figures = {}  # (column, game) -> [the figure of each repetition]

    def record(rep, column, game, rate, against=None):
        figures.setdefault((column, game), []).append(rate)
        line = {"rep": rep + 1, "column": column, "game": game, "decisions_per_sec": round(rate)}
        if against:
            line["against"] = against
        print(json.dumps(line), file=sys.stderr)
        if log:
            print(json.dumps(line), file=log, flush=True)

    for rep in range(opts.reps):
        seed = 1000 * rep + 1
        # Alternate: for each game, OpenSpiel and RLCard just before ours, so that each ratio
        # compares figures measured moments apart.
        for game, options, args, theirs in games:
            if pyspiel:
                record(rep, "pyspiel", game, pyspiel_loop(pyspiel, "crazy_eights", opts.seconds, seed),
                       "crazy_eights")
                if game in PAIRED:
                    rate = pyspiel_loop(pyspiel, PAIRED[game], opts.seconds, seed)
                    record(rep, "pyspiel-paired", game, rate, PAIRED[game])
            if rlcard:
                record(rep, "rlcard", game, rlcard_loop(rlcard, theirs, opts.seconds, seed), theirs)
            record(rep, "apply", game, apply_loop(game, options, opts.seconds, seed))
            record(rep, "mask", game, mask_loop(game, options, opts.seconds, seed))
            record(rep, "batched", game, batched_rate(game, options, sizes[game], seed))
            if opts.cardarena:
                record(rep, "native", game, native_rate(opts.cardarena, game, options, args))

    def per_rep(column, game):
        return figures.get((column, game), [])

    def ratios(top, bottom):
        return [t / b for t, b in zip(top, bottom)]

    head = ["game", "apply (M/s)", "mask (M/s)"]
    if pyspiel:
        head += ["pyspiel crazy_eights (M/s)"]
    if rlcard:
        head += ["RLCard (M/s)"]
    head += ["batched (M/s)"]
    if opts.cardarena:
        head += ["native (M/s)"]
    if pyspiel:
        head += ["apply / pyspiel", "mask / pyspiel"]
    if rlcard:
        head += ["apply / RLCard"]
    if opts.cardarena:
        head += ["batched / native"]
    print("| " + " | ".join(head) + " |")
    print("| --- " * len(head) + "|")
    for game, _, _, theirs in games:
        row = [game, cell(per_rep("apply", game)), cell(per_rep("mask", game))]
        if pyspiel:
            row.append(cell(per_rep("pyspiel", game)))
        if rlcard:
            row.append(f"{cell(per_rep('rlcard', game))} ({theirs})")
        row.append(cell(per_rep("batched", game)))
        if opts.cardarena:
            row.append(cell(per_rep("native", game)))
        if pyspiel:
            row.append(ratio_cell(ratios(per_rep("apply", game), per_rep("pyspiel", game))))
            row.append(ratio_cell(ratios(per_rep("mask", game), per_rep("pyspiel", game))))
        if rlcard:
            row.append(ratio_cell(ratios(per_rep("apply", game), per_rep("rlcard", game))))
        if opts.cardarena:
            row.append(ratio_cell(ratios(per_rep("batched", game), per_rep("native", game))))
        print("| " + " | ".join(row) + " |")
    for game, other in PAIRED.items():
        paired = per_rep("pyspiel-paired", game)
        if paired:
            print(f"\n{game} beside pyspiel's {other} (the pair of scripts/openspiel_speed.py): "
                  f"{cell(paired)} M/s, apply / pyspiel "
                  f"{ratio_cell(ratios(per_rep('apply', game), paired))}")
    if log:
        log.close()


if __name__ == "__main__":
    main()
