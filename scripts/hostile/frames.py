#!/usr/bin/env python3
"""Hostile scenario: many readers of one long match's frames (issue 26, point 2).

Against an already running `cardarena serve` (not public: the script's own bot answers on
loopback), it makes the longest match it can -- practice matches of a bot it serves itself, which
plays the first legal action, against the house bots of `--game` at the game's largest table,
keeping the longest of `--tries` -- or takes `--match ID`, then measures:

  (a) `--readers` slow readers of its frames at once, each from its own loopback address
      (127.0.x.y) reading a few KB a second without gzip: the server's RSS (VmRSS of `--pid`)
      before, at its peak during, and `--settle` seconds after they are gone;
  (b) the p50/p99 latency of an unrelated call (GET /api/games) alone, then while `--loopers`
      clients (each from its own address) read the frames in a loop, without gzip and with it.

Prints one JSON line. Stdlib only. Debug builds give figures that mean little.

  python3 scripts/hostile/frames.py --server http://127.0.0.1:8080 --pid $(pgrep -n cardarena)
"""

import argparse
import http.client
import http.server
import json
import multiprocessing
import os
import socket
import threading
import time
import urllib.parse
import uuid

from common import call, percentile, raise_fd_limit, rss_mb


class FirstLegal(http.server.BaseHTTPRequestHandler):
    """A bot playing the first legal action of every turn."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        body = b'{"action_index": 0}'
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def longest_match(server, game_id, tries):
    """Plays `tries` practice matches at the game's largest table; the longest's id and steps."""
    bot_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FirstLegal)
    threading.Thread(target=bot_server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{bot_server.server_address[1]}/bot"
    status, games = call(server, "GET", "/api/games")
    game = next(g for g in games if g["id"] == game_id)
    name = f"frames-{uuid.uuid4().hex[:8]}"
    status, bot = call(server, "POST", "/api/bots", {"name": name, "url": url, "game": game_id})
    if status != 201:
        raise SystemExit(f"registering a bot: {status} {bot}")
    seats = game["players"]["max"]
    opponents = [game["house_bots"][0]] * (seats - 1)
    body = {"matches": tries, "opponents": opponents}
    status, queued = call(server, "POST", f"/api/bots/{bot['id']}/practice", body, bot["token"])
    if status != 202:
        raise SystemExit(f"practice: {status} {queued}")
    best = (None, -1)
    for match_id in queued["match_ids"]:
        while True:
            _, m = call(server, "GET", f"/api/matches/{match_id}")
            if m["status"] not in ("queued", "running"):
                break
            time.sleep(0.5)
        if m["status"] == "finished" and len(m["actions"]) > best[1]:
            best = (match_id, len(m["actions"]))
    bot_server.shutdown()
    return best


def address(block, n):
    """The n-th loopback address of a block (127.<block>.x.y), for a client of its own."""
    n += 2
    return f"127.{block}.{n // 250}.{n % 250 + 1}"


def slow_reader(host, port, path, source, stop, statuses, rate):
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
        s.bind((source, 0))
        s.settimeout(30)
        s.connect((host, port))
        s.sendall(f"GET {path} HTTP/1.1\r\nhost: {host}\r\n\r\n".encode())
        first = s.recv(4096)
        statuses.append(first[9:12].decode(errors="replace"))
        while not stop.is_set():
            if not s.recv(rate):
                break
            stop.wait(1.0)
        s.close()
    except OSError as e:
        statuses.append(type(e).__name__)


def probe_latencies(host, port, seconds):
    """Latencies in ms of GET /api/games, one every 10 ms, on one kept-alive connection."""
    out = []
    end = time.monotonic() + seconds
    conn = http.client.HTTPConnection(host, port, timeout=30)
    while time.monotonic() < end:
        start = time.perf_counter()
        conn.request("GET", "/api/games")
        conn.getresponse().read()
        out.append((time.perf_counter() - start) * 1000)
        time.sleep(0.01)
    conn.close()
    return out


def looper(host, port, path, source, stop, gzip, counts):
    headers = {"accept-encoding": "gzip"} if gzip else {}
    conn = None
    while not stop.is_set():
        try:
            if conn is None:
                conn = http.client.HTTPConnection(host, port, timeout=60, source_address=(source, 0))
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            counts.append(response.status)
            if response.status == 429:
                time.sleep(0.1)
        except (OSError, http.client.HTTPException):
            conn = None
            counts.append("error")
            time.sleep(0.1)


def loopers(host, port, path, count, gzip, block, stop, results):
    """`count` looping clients until `stop` is set, then their statuses into `results`. Runs in
    a process of its own, so that their threads never hold the probe's interpreter lock, and at
    the lowest priority: on a machine of few cores, their own reading would otherwise take the
    CPU from the server and the probe alike, and the figure would time this machine's scheduler
    rather than the server (clients in earnest read from other machines)."""
    os.nice(19)
    done = threading.Event()
    counts = []
    threads = [
        threading.Thread(target=looper, args=(host, port, path, address(block, i), done, gzip, counts))
        for i in range(count)
    ]
    for t in threads:
        t.start()
    stop.wait()
    done.set()
    for t in threads:
        t.join()
    results.put(counts)


def loop_phase(host, port, path, count, seconds, gzip, block):
    """The probe's latencies while `count` clients loop on the frames, and their statuses. The
    loopers run in another process: in this one, their threads would take turns with the probe
    for Python's lock and the figure would time the script, not the server."""
    spawn = multiprocessing.get_context("spawn")
    stop, results = spawn.Event(), spawn.Queue()
    process = spawn.Process(target=loopers, args=(host, port, path, count, gzip, block, stop, results))
    process.start()
    time.sleep(1.5)
    latencies = probe_latencies(host, port, seconds)
    stop.set()
    counts = results.get()
    process.join()
    return latencies, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--admin-token")
    parser.add_argument("--pid", type=int, help="the server's process id, for its RSS")
    parser.add_argument("--match", help="a finished match to read instead of making one")
    parser.add_argument("--game", default="most")
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--readers", type=int, default=250)
    parser.add_argument("--rate", type=int, default=4096, help="bytes a slow reader reads a second")
    parser.add_argument("--hold", type=float, default=20, help="seconds the slow readers stay")
    parser.add_argument("--settle", type=float, default=5)
    parser.add_argument("--loopers", type=int, default=16)
    parser.add_argument("--loop-secs", type=float, default=10)
    args = parser.parse_args()
    raise_fd_limit()
    server = args.server.rstrip("/")
    parsed = urllib.parse.urlparse(server)
    host, port = parsed.hostname, parsed.port or 80

    if args.match:
        _, m = call(server, "GET", f"/api/matches/{args.match}")
        match_id, steps = args.match, len(m.get("actions") or [])
    else:
        match_id, steps = longest_match(server, args.game, args.tries)
    path = f"/api/matches/{match_id}/frames"
    conn = http.client.HTTPConnection(host, port, timeout=120)
    conn.request("GET", path)
    plain = len(conn.getresponse().read())
    conn.request("GET", path, headers={"accept-encoding": "gzip"})
    zipped = len(conn.getresponse().read())
    conn.close()

    # (a) slow readers.
    baseline = rss_mb(args.pid)
    stop = threading.Event()
    statuses = []
    readers = [
        threading.Thread(
            target=slow_reader,
            args=(host, port, path, address(1, i), stop, statuses, args.rate),
            daemon=True,
        )
        for i in range(args.readers)
    ]
    for t in readers:
        t.start()
    peak = baseline
    end = time.monotonic() + args.hold
    while time.monotonic() < end:
        now = rss_mb(args.pid)
        if now is not None and (peak is None or now > peak):
            peak = now
        time.sleep(0.25)
    stop.set()
    for t in readers:
        t.join(timeout=10)
    time.sleep(args.settle)
    after = rss_mb(args.pid)
    reader_statuses = {s: statuses.count(s) for s in sorted(set(statuses))}

    # (b) an unrelated call, alone and while clients loop on the frames.
    idle = probe_latencies(host, port, min(args.loop_secs, 5))
    plain_lat, plain_counts = loop_phase(host, port, path, args.loopers, args.loop_secs, False, 2)
    gzip_lat, gzip_counts = loop_phase(host, port, path, args.loopers, args.loop_secs, True, 3)

    print(json.dumps({
        "scenario": "frames",
        "match": match_id,
        "steps": steps,
        "frames_bytes": plain,
        "frames_gzip_bytes": zipped,
        "readers": args.readers,
        "reader_statuses": reader_statuses,
        "rss_baseline_mb": baseline,
        "rss_peak_mb": peak,
        "rss_after_mb": after,
        "games_p50_ms_alone": percentile(idle, 50),
        "games_p99_ms_alone": percentile(idle, 99),
        "games_p50_ms_loopers_plain": percentile(plain_lat, 50),
        "games_p99_ms_loopers_plain": percentile(plain_lat, 99),
        "games_p50_ms_loopers_gzip": percentile(gzip_lat, 50),
        "games_p99_ms_loopers_gzip": percentile(gzip_lat, 99),
        "frames_reads_plain": {str(s): plain_counts.count(s) for s in set(plain_counts)},
        "frames_reads_gzip": {str(s): gzip_counts.count(s) for s in set(gzip_counts)},
    }))


if __name__ == "__main__":
    main()
