#!/usr/bin/env python3
"""Uniform random play, decisions per second: cardarena's engines beside OpenSpiel's C++ loop.

OpenSpiel is measured through pyspiel: each game is one `pyspiel.evaluate_bots` call with a
uniform random bot in every seat, so the whole game (its chance nodes, the deal, included) runs in
C++; only the decisions (player nodes, not chance nodes) are counted, read from the finished
state's history outside the timed part. crazy_eights (default parameters, 5 players) stands beside
the shedding and trick games, gin_rummy (2 players) beside most.

cardarena is measured with `cardarena bench` (the engine alone, one core), run as a subprocess
for each binary named with --cardarena LABEL=PATH (a build from before a change beside one from
after it, say). Each repetition measures everything once, alternating ours and OpenSpiel's (and
the binaries' order from one repetition to the next), so that the machine's load falls on all
alike; the table gives each figure's median and range over the repetitions, the median and range
of the per-repetition ratio to OpenSpiel, and the load at the start of each repetition.
`cardarena bench --game` deals every game anew (as a contest does) and times only the play, the
loop `cargo bench -p cardarena-engine --bench random_play` measures too. On a shared machine run
it under `flock LOCKFILE ...`, the lock every benchmark there takes.

    python3 -m venv /tmp/venv-openspiel && /tmp/venv-openspiel/bin/pip install open_spiel
    cargo build --release --locked --bin cardarena
    /tmp/venv-openspiel/bin/python scripts/openspiel_speed.py \\
        --cardarena before=PATH-TO-AN-OLDER-BUILD --cardarena after=target/release/cardarena \\
        --reps 5

Without --cardarena only OpenSpiel's figures are printed.
"""

import argparse
import json
import os
import subprocess
import sys
import time

# Each cardarena game measured, with the `cardarena bench` arguments that set its size, and the
# OpenSpiel game it is compared with.
# Each cardarena game measured, with the `cardarena bench` arguments that set its size (about
# half a second of play each, so that a measurement is not a blink of the machine's load), and
# the OpenSpiel game it is compared with.
GAMES = [
    ("prsi", ["--games", "60000"], "crazy_eights"),
    ("durak-duel", ["--games", "80000"], "crazy_eights"),
    ("durak", ["--games", "100000"], "crazy_eights"),
    ("fifty-six", ["--games", "60000"], "crazy_eights"),
    ("bridge", ["--games", "8000"], "crazy_eights"),
    ("most", ["--games", "5000", "--options", '{"single_deal": true}'], "gin_rummy"),
]


def openspiel_rate(pyspiel, name, seconds, seed):
    """Decisions per second of uniform random play of OpenSpiel's `name` over about `seconds`."""
    game = pyspiel.load_game(name)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(players)]
    decisions = 0
    elapsed = 0.0
    games = 0
    while elapsed < seconds:
        start = time.perf_counter()
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed + games)
        elapsed += time.perf_counter() - start
        decisions += sum(1 for step in state.full_history() if step.player >= 0)
        games += 1
    return decisions / elapsed


def cardarena_rate(binary, game, args):
    """Decisions per second `cardarena bench` reports for `game`."""
    command = [binary, "bench", "--game", game, *args]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["decisions_per_sec"]


def median(values):
    """The median of a list of figures."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def figure(values, scale=1e6, digits=2):
    """The median of a list of figures and their range, in millions by default: "1.46 (1.42-1.50)"."""
    return f"{median(values) / scale:.{digits}f} ({span(values, scale, digits)})"


def span(values, scale=1e6, digits=2):
    """A range of figures as text, in millions by default: "1.42-1.50"."""
    low, high = min(values) / scale, max(values) / scale
    if f"{low:.{digits}f}" == f"{high:.{digits}f}":
        return f"{low:.{digits}f}"
    return f"{low:.{digits}f}-{high:.{digits}f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cardarena",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="a cardarena binary to measure, with its label in the table (repeatable)",
    )
    parser.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="seconds of OpenSpiel play per measurement (default 3)",
    )
    parser.add_argument(
        "--only", action="append", default=[], help="measure only this cardarena game"
    )
    opts = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        sys.exit("pyspiel is missing: pip install open_spiel (see the docstring)")

    binaries = []
    for item in opts.cardarena:
        label, sep, path = item.partition("=")
        if not sep:
            sys.exit(f"--cardarena takes LABEL=PATH, not {item!r}")
        binaries.append((label, path))
    games = [g for g in GAMES if not opts.only or g[0] in opts.only]
    theirs = sorted({g[2] for g in games})

    ours = {(label, g[0]): [] for label, _ in binaries for g in games}
    spiel = {name: [] for name in theirs}
    ratios = {(label, g[0]): [] for label, _ in binaries for g in games}
    loads = []
    for rep in range(opts.reps):
        loads.append(os.getloadavg()[0])
        print(f"rep {rep + 1}: load {loads[-1]:.2f}", file=sys.stderr)
        figures = {}
        for name in theirs:
            figures[name] = openspiel_rate(pyspiel, name, opts.seconds, 1000 * rep + 1)
            spiel[name].append(figures[name])
            print(f"rep {rep + 1}: openspiel {name} {figures[name] / 1e6:.3f} M/s", file=sys.stderr)
            for label, path in binaries if rep % 2 == 0 else binaries[::-1]:
                for game, args, other in games:
                    if other != name:
                        continue
                    rate = cardarena_rate(path, game, args)
                    ours[(label, game)].append(rate)
                    ratios[(label, game)].append(rate / figures[name])
                    print(f"rep {rep + 1}: {label} {game} {rate / 1e6:.3f} M/s", file=sys.stderr)

    print("Median (range) over the repetitions; each ratio is the median (range) of every")
    print("repetition's own ratio. Load (1-minute average) at the start of each repetition: "
          + ", ".join(f"{load:.2f}" for load in loads) + ".")
    print()
    print("| game | " + " | ".join(f"{label} (M decisions/s)" for label, _ in binaries)
          + " | OpenSpiel (M decisions/s) | " + " | ".join(f"{label} / OpenSpiel" for label, _ in binaries) + " |")
    print("| --- " * (2 + 2 * len(binaries)) + "|")
    for game, _, other in games:
        digits = 3 if other == "gin_rummy" else 2
        cells = [figure(ours[(label, game)], digits=digits) for label, _ in binaries]
        them = f"{figure(spiel[other], digits=digits)} ({other})"
        times = [
            f"{median(ratios[(label, game)]):.1f}× ({span(ratios[(label, game)], scale=1, digits=1)})"
            for label, _ in binaries
        ]
        print(f"| {game} | " + " | ".join(cells) + f" | {them} | " + " | ".join(times) + " |")
    if not binaries:
        for name in theirs:
            print(f"| {name} | {span(spiel[name], digits=3)} |")


if __name__ == "__main__":
    main()
