"""Issue 41's attacks on the server's CPU, measured while they run: strangers' tables of expert
house bots, and a flood of analyses. Stdlib only.

  thinking.py --server URL --pid PID --attack experts --sources 9
  thinking.py --server URL --pid PID --attack analyses --sources 14
  thinking.py --server URL --attack rotate   (the server trusting 127.0.0.1 as its proxy)

`experts`: each source address (its own /24 on loopback: 127.K.K.1) opens three bridge tables
of a person and five `expert:2000` (`expert` where the server refuses that without a token),
then leaves the person's seat, so the house bots think on their own. `analyses`: each source
first plays out bridge tables of house bots, then asks for their analyses and keeps asking as
its answers come (an attacker refilling its share). `rotate`: one client asks for 40 analyses,
each from another address of one IPv4 /24, then of one IPv6 /64 (through a proxy the server
trusts), and counts what was queued.

While the attack runs (--seconds), an unrelated client asks `GET /api/games` ten times a second
(p50, p99), a newcomer from another /24 plays out a short prsi table and times its analysis, and
the leaderboards' rated results (the demo's ladder: run the server with --demo) are counted
against as long a quiet spell before the attack. Prints one JSON line."""

import argparse
import json
import os
import threading
import time

from common import call, percentile

BRIDGE_SEATS = 6


def source(k):
    """The loopback address of source `k`, in a /24 of its own."""
    return f"127.{1 + k // 200}.{k % 200 + 1}.1"


def open_table(server, game, seats, client):
    """Opens a table from `client`: (status, the answer)."""
    return call(server, "POST", "/api/tables", {"game": game, "seats": seats}, source=client)


def leave(server, opened, client):
    """Leaves every person seat of an opened table."""
    for seat in opened.get("seats", []):
        call(server, "DELETE", f"/api/tables/{seat['token']}", source=client)


def finished(server, match_id, patience):
    """Waits until match `match_id` is finished (True) or `patience` s pass (False)."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        status, m = call(server, "GET", f"/api/matches/{match_id}")
        if status == 200 and m.get("status") == "finished":
            return True
        time.sleep(0.25)
    return False


def house_table(server, game, players, client):
    """A table of `game` played out by random house bots (its person leaves at once): the
    match's id, or None."""
    status, opened = open_table(server, game, ["person"] + ["random"] * (players - 1), client)
    if status != 201:
        return None
    leave(server, opened, client)
    return opened["match_id"]


def analysed_in(server, match_id, client, patience=300):
    """Asks for match `match_id`'s analysis from `client` and waits for it: seconds taken, or
    None when refused or not done within `patience`."""
    started = time.monotonic()
    path = f"/api/matches/{match_id}/analysis"
    status, answer = call(server, "POST", path, source=client)
    while time.monotonic() - started < patience:
        if status == 200 and isinstance(answer, dict) and answer.get("status") == "done":
            return round(time.monotonic() - started, 1)
        if status not in (200, 202):
            return None
        time.sleep(0.5)
        status, answer = call(server, "GET", path, source=client)
    return None


def rated_results(server):
    """Rated results on every game's leaderboard (each seat of each rated match counts)."""
    status, games = call(server, "GET", "/api/games")
    total = 0
    for game in games if status == 200 else []:
        status, board = call(server, "GET", f"/api/leaderboard?game={game['id']}")
        if status == 200:
            total += sum(row.get("matches", 0) for row in board.get("rows", []))
    return total


def threads_of(pid):
    """The server process's threads now."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return None


class Prober(threading.Thread):
    """Asks `GET /api/games` ten times a second from an address of no attacker."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.server, self.times, self.stop = server, [], threading.Event()

    def run(self):
        while not self.stop.is_set():
            started = time.monotonic()
            call(self.server, "GET", "/api/games", source="127.250.0.1")
            self.times.append((time.monotonic() - started) * 1000)
            time.sleep(max(0.0, 0.1 - (time.monotonic() - started)))


def experts(server, sources, stop):
    """The expert-table attack: three tables a source, their persons gone. Returns what was
    opened and refused."""
    opened, refused, budget = 0, {}, "expert:2000"
    for k in range(sources):
        client = source(k)
        for _ in range(3):
            status, answer = open_table(server, "bridge", ["person"] + [budget] * 5, client)
            if status == 400 and budget != "expert":
                budget = "expert"
                status, answer = open_table(server, "bridge", ["person"] + [budget] * 5, client)
            if status == 201:
                opened += 1
                leave(server, answer, client)
            else:
                kind = answer.get("error") if isinstance(answer, dict) else status
                refused[kind] = refused.get(kind, 0) + 1
    return {"tables_opened": opened, "tables_refused": refused, "budget": budget}


def analyses(server, sources, stop):
    """The analysis flood: each source's played-out bridge tables, asked for again and again
    until `stop`. Returns the requests accepted and refused."""
    matches = {}
    for k in range(sources):
        client = source(k)
        matches[client] = []
        for _ in range(5):
            match_id = house_table(server, "bridge", BRIDGE_SEATS, client)
            if match_id and finished(server, match_id, 120):
                matches[client].append(match_id)
    tally = {"accepted": 0}

    def flood(client, ids):
        while not stop.is_set():
            for match_id in ids:
                status, answer = call(server, "POST", f"/api/matches/{match_id}/analysis",
                                      source=client)
                if status in (200, 202):
                    tally["accepted"] += 1
                else:
                    kind = answer.get("error") if isinstance(answer, dict) else status
                    tally[kind] = tally.get(kind, 0) + 1
            stop.wait(1.0)

    for client, ids in matches.items():
        threading.Thread(target=flood, args=(client, ids), daemon=True).start()
    time.sleep(3)
    return {"flood_matches": sum(len(ids) for ids in matches.values()), "requests": tally}


def rotate(server):
    """Analyses asked for from 40 addresses of one /24 and of one /64: how many were queued."""
    matches = []
    for k in range(28):
        client = f"198.51.{k}.9"
        for _ in range(3):
            status, opened = call(server, "POST", "/api/tables",
                                  {"game": "prsi", "seats": ["person", "random"]},
                                  forwarded=client)
            if status == 201:
                for seat in opened["seats"]:
                    call(server, "DELETE", f"/api/tables/{seat['token']}", forwarded=client)
                matches.append(opened["match_id"])
    for match_id in matches:
        finished(server, match_id, 60)
    figures = {"matches": len(matches)}
    for family, address in (("v4", "203.0.113.{}"), ("v6", "2001:db8:0:7::{:x}")):
        queued, refused = 0, {}
        for k, match_id in enumerate(matches[:40] if family == "v4" else matches[40:80]):
            status, answer = call(server, "POST", f"/api/matches/{match_id}/analysis",
                                  forwarded=address.format(k + 1))
            if status in (200, 202):
                queued += 1
            else:
                kind = answer.get("error") if isinstance(answer, dict) else status
                refused[kind] = refused.get(kind, 0) + 1
        figures[f"{family}_queued_of_40"] = queued
        figures[f"{family}_refused"] = refused
    return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--pid", type=int)
    parser.add_argument("--attack", choices=["experts", "analyses", "rotate"], required=True)
    parser.add_argument("--sources", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    server = args.server
    if args.attack == "rotate":
        print(json.dumps({"attack": "rotate", **rotate(server)}))
        return

    # The newcomer's short match, played before the attack starts.
    newcomer = "127.251.0.1"
    short = house_table(server, "prsi", 2, newcomer)
    finished(server, short, 120)
    quiet = Prober(server)
    before = rated_results(server)
    quiet.start()
    time.sleep(args.seconds / 2)
    quiet.stop.set()
    quiet.join()
    quiet_pace = (rated_results(server) - before) / (args.seconds / 2) * 60

    stop = threading.Event()
    attack = {"experts": experts, "analyses": analyses}[args.attack](server, args.sources, stop)
    prober = Prober(server)
    before = rated_results(server)
    started = time.monotonic()
    prober.start()
    newcomer_s = analysed_in(server, short, newcomer, patience=args.seconds)
    time.sleep(max(0.0, args.seconds - (time.monotonic() - started)))
    threads = threads_of(args.pid)
    load = os.getloadavg()[0]
    pace = (rated_results(server) - before) / (time.monotonic() - started) * 60
    stop.set()
    prober.stop.set()
    prober.join()
    print(json.dumps({
        "attack": args.attack,
        "sources": args.sources,
        **attack,
        "games_p50_ms_quiet": percentile(quiet.times, 50),
        "games_p99_ms_quiet": percentile(quiet.times, 99),
        "games_p50_ms": percentile(prober.times, 50),
        "games_p99_ms": percentile(prober.times, 99),
        "newcomer_analysis_s": newcomer_s,
        "rated_results_per_min_quiet": round(quiet_pace, 1),
        "rated_results_per_min": round(pace, 1),
        "server_threads": threads,
        "load_1min": round(load, 1),
    }))


if __name__ == "__main__":
    main()
