#!/usr/bin/env python3
"""Soak test: `cardarena serve --demo` under misbehaving bots, viewers, dial-out bots and people at
tables for a while (an hour by default), watching the server's memory, file descriptors and
database size. Run by hand, not in CI; stdlib only; loopback only; it stops by itself.

    python3 scripts/soak.py --bin target/release/cardarena            # the hour
    python3 scripts/soak.py --bin target/debug/cardarena --minutes 3  # a short try

What runs beside the demo (its ladder and watched cup go on as usual):
- three misbehaving HTTP bots, each asked for practice matches against house bots every minute:
  one answers every turn with garbage, one answers after the deadline, one is registered at a
  port where nothing listens (connections refused);
- two dial-out bots: the Python starter kit (bots/kits/python/bot.py --connect), also asked for
  practice matches;
- viewers: SSE readers of the live feed of running matches, and readers of finished matches'
  frames;
- people at tables: a table opened through the API, played move by move as a person would
  (long-polling the seat's state), then another.

Every minute it samples the server's RSS and open fds (/proc/PID), the database's size (the
file and its -wal) and what the frames cache holds (/metrics) into soak.csv, and draws soak.svg from them. At the end it checks the goals:
RSS within 10% of its value at 10 minutes (at half time for runs under 20 minutes), open fds
flat (within 10% and 20 fds of that same sample), and no ERROR line in the server's log; it
prints the verdict and exits 1 when a goal is missed. RSS is compared as the mean of five
samples from minute 10 against the mean of the last five: the server gives freed memory back
every 30 s, so one sample may fall on a trough or a crest (a one-hour run's samples after
minute 40 ranged from 41 to 48 MB).
"""

import argparse
import csv
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

GAMES = ["durak", "prsi"]
STOP = threading.Event()
COUNTS = {}
COUNTS_LOCK = threading.Lock()


def count(what, n=1):
    with COUNTS_LOCK:
        COUNTS[what] = COUNTS.get(what, 0) + n


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Api:
    """A tiny JSON client of the server on loopback."""

    def __init__(self, port):
        self.port = port

    def call(self, method, path, body=None, token=None, timeout=40):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = "Bearer " + token
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = conn.getresponse()
            data = response.read()
            count(f"http {response.status}")
            try:
                return response.status, json.loads(data) if data else None
            except ValueError:
                return response.status, data
        except OSError:
            count("http failed")
            return None, None
        finally:
            conn.close()


# --- misbehaving HTTP bots --------------------------------------------------------------------

def bot_server(behaviour):
    """An HTTP bot on a free loopback port that answers pings well and turns as `behaviour` says:
    `garbage` (bytes that are no answer) or `late` (after the deadline)."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            length = int(self.headers.get("content-length") or 0)
            try:
                request = json.loads(self.rfile.read(length))
            except ValueError:
                request = {}
            kind = request.get("type")
            if kind == "turn" and behaviour == "garbage":
                out = random.choice([b"garbage", b"{\"action\": 42}", b"[1,2", b"\x00\xff",
                                     b"{\"action_index\": 999}"])
            elif kind == "turn" and behaviour == "late":
                STOP.wait(min(request.get("deadline_ms", 1000) / 1000 + 0.5, 5))
                out = b'{"action_index": 0}'
            else:
                out = b'{"pong": true}'
            try:
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)
            except OSError:
                pass

        def log_message(self, *args):
            pass

    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def register(api, name, game, url=None):
    body = {"name": name, "game": game}
    if url:
        body["url"] = url
    else:
        body["connect"] = True
    status, bot = api.call("POST", "/api/bots", body)
    if status != 201:
        raise SystemExit(f"registering {name}: {status} {bot}")
    return bot


def practice_loop(api, bots):
    """Every minute, asks each bot for a few practice matches against house bots."""
    while not STOP.is_set():
        for bot in bots:
            status, answer = api.call("POST", f"/api/bots/{bot['id']}/practice",
                                      {"matches": 4, "opponents": ["random"]}, token=bot["token"])
            if status == 202:
                count("practice matches", len(answer["match_ids"]))
                with COUNTS_LOCK:
                    MATCH_IDS.extend(answer["match_ids"])
                    del MATCH_IDS[:-200]
        STOP.wait(60)


MATCH_IDS = []


# --- viewers ----------------------------------------------------------------------------------

def known_matches(api):
    """Match ids from the practice asked for and the /matches page (the demo's)."""
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10)
    ids = []
    try:
        conn.request("GET", "/matches")
        page = conn.getresponse().read().decode("utf-8", "replace")
        ids = re.findall(r"/matches/([0-9a-f-]{36})", page)
    except OSError:
        pass
    finally:
        conn.close()
    with COUNTS_LOCK:
        ids += MATCH_IDS[-50:]
    return list(dict.fromkeys(ids))


def live_viewer(api):
    """Follows the live feed of a match for up to a minute, then another."""
    while not STOP.is_set():
        ids = known_matches(api)
        if not ids:
            STOP.wait(2)
            continue
        conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=20)
        try:
            conn.request("GET", f"/api/matches/{random.choice(ids)}/live",
                         headers={"accept": "text/event-stream"})
            response = conn.getresponse()
            count("live streams")
            until = time.monotonic() + 60
            while not STOP.is_set() and time.monotonic() < until:
                line = response.readline()
                if not line:
                    break
                if line.startswith(b"event:"):
                    count("live events")
                    if line.strip() == b"event: end":
                        break
        except OSError:
            count("live broken")
        finally:
            conn.close()
        STOP.wait(1)


def frames_reader(api):
    """Reads the frames of a random known match every few seconds."""
    while not STOP.is_set():
        ids = known_matches(api)
        if ids:
            status, _ = api.call("GET", f"/api/matches/{random.choice(ids)}/frames")
            if status == 200:
                count("frames read")
        STOP.wait(3)


# --- people at tables -------------------------------------------------------------------------

def person(api):
    """Opens a table against a house bot and plays it as a person, move by move, then another."""
    while not STOP.is_set():
        game = random.choice(GAMES)
        status, table = api.call("POST", "/api/tables",
                                 {"game": game, "seats": ["person", "random"]})
        if status != 201:
            count(f"tables refused {status}")
            STOP.wait(10)
            continue
        count("tables opened")
        token = table["seats"][0]["token"]
        query = ""
        while not STOP.is_set():
            status, state = api.call("GET", f"/api/tables/{token}{query}")
            if status != 200 or not isinstance(state, dict):
                count(f"table reads refused {status}")
                STOP.wait(1)
                continue
            query = f"?after={state['version']}&wait=10"
            if state["type"] == "match_end":
                count("tables finished")
                break
            if state["type"] == "turn":
                STOP.wait(random.uniform(0.2, 1.5))
                choices = len(state.get("legal_actions") or [None])
                status, _ = api.call("POST", f"/api/tables/{token}",
                                     {"action_index": random.randrange(choices)})
                count("person moves" if status == 200 else f"person moves refused {status}")
                query = ""


# --- sampling ---------------------------------------------------------------------------------

def sample(pid, db, api):
    """One row's figures: the server's RSS, open fds, database size, and what its frames cache
    holds (from /metrics: a bounded cache filling up is warm-up, not a leak)."""
    with open(f"/proc/{pid}/status") as f:
        rss_kb = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    size = sum(os.path.getsize(p) for p in (db, db + "-wal") if os.path.exists(p))
    _, metrics = api.call("GET", "/metrics", timeout=10)
    text = metrics.decode(errors="replace") if isinstance(metrics, bytes) else ""
    found = re.search(r"^cardarena_frames_cache_bytes (\S+)$", text, re.M)
    cache_kb = round(float(found.group(1)) / 1024) if found else 0
    return {"rss_kb": rss_kb, "fds": fds, "db_bytes": size, "frames_cache_kb": cache_kb}


def signal_group(process, sig):
    """Sends `sig` to `process` and everything it started (its own process group)."""
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        pass


def svg(rows, path):
    """Stacked line charts (RSS MB, open fds, database MB, frames cache MB) against minutes, as
    SVG."""
    width, height, pad = 720, 180, 50
    series = [("RSS (MB)", [r["rss_kb"] / 1024 for r in rows], "#c0392b"),
              ("open fds", [r["fds"] for r in rows], "#2471a3"),
              ("database + WAL (MB)", [r["db_bytes"] / 1e6 for r in rows], "#1e8449"),
              ("frames cache (MB)", [r["frames_cache_kb"] / 1024 for r in rows], "#7d3c98")]
    minutes = [r["minute"] for r in rows]
    span = max(max(minutes, default=1), 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height * len(series)}" font-family="sans-serif" font-size="12">',
             f'<rect width="100%" height="100%" fill="white"/>']
    for i, (title, values, colour) in enumerate(series):
        top = i * height
        low, high = min(values, default=0), max(values, default=1)
        low, high = min(low, 0), high * 1.1 or 1
        x = lambda m: pad + (width - 2 * pad) * m / span
        y = lambda v: top + height - 30 - (height - 60) * (v - low) / (high - low)
        parts.append(f'<text x="{pad}" y="{top + 18}" font-weight="bold">{title}</text>')
        parts.append(f'<line x1="{pad}" y1="{top + height - 30}" x2="{width - pad}" '
                     f'y2="{top + height - 30}" stroke="#888"/>')
        parts.append(f'<line x1="{pad}" y1="{top + 30}" x2="{pad}" y2="{top + height - 30}" '
                     f'stroke="#888"/>')
        for v in (low, (low + high) / 2, high):
            parts.append(f'<text x="{pad - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.3g}</text>')
        for m in sorted({0, span // 2, span}):
            parts.append(f'<text x="{x(m):.1f}" y="{top + height - 14}" '
                         f'text-anchor="middle">{m} min</text>')
        points = " ".join(f"{x(m):.1f},{y(v):.1f}" for m, v in zip(minutes, values))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{points}"/>')
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts))


def verdict(rows, log_path):
    """The goals, each (name, passed, detail)."""
    at = min(10, len(rows) // 2)
    base = rows[at]
    last = rows[-1]
    window = max(1, min(5, (len(rows) - at) // 2))
    first_rss = sum(r["rss_kb"] for r in rows[at:at + window]) / window
    last_rss = sum(r["rss_kb"] for r in rows[-window:]) / window
    rss_change = (last_rss - first_rss) / first_rss
    fd_change = last["fds"] - base["fds"]
    with open(log_path, errors="replace") as f:
        lines = (re.sub(r"\x1b\[[0-9;]*m", "", line).rstrip() for line in f)
        errors = [line for line in lines if re.search(r"\bERROR\b", line)]
    return [
        ("rss", abs(rss_change) <= 0.10,
         f"{first_rss / 1024:.1f} MB over minutes {base['minute']} to "
         f"{rows[at + window - 1]['minute']}, {last_rss / 1024:.1f} MB over the last {window} "
         f"({rss_change:+.1%}; one sample each: {base['rss_kb'] / 1024:.1f} and "
         f"{last['rss_kb'] / 1024:.1f} MB); the frames cache "
         f"{base['frames_cache_kb'] / 1024:.1f} MB, then {last['frames_cache_kb'] / 1024:.1f} MB"),
        ("fds", abs(fd_change) <= max(20, base["fds"] // 10),
         f"{base['fds']} at minute {base['minute']}, {last['fds']} at the end"),
        ("log", not errors, f"{len(errors)} ERROR lines" + (f", first: {errors[0][:300]}"
                                                           if errors else "")),
    ]


def main():
    # Stopped early (kill, Ctrl-C), the run still stops its server and bots: the `finally`
    # below runs on SIGTERM as it does on SIGINT.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("CARDARENA_BIN",
                                                        "target/release/cardarena"),
                        help="the cardarena binary (default $CARDARENA_BIN or "
                             "target/release/cardarena)")
    parser.add_argument("--minutes", type=int, default=60, help="how long (default 60)")
    parser.add_argument("--out", help="where to write soak.csv, soak.svg and the server's log "
                                      "(default a new temporary folder, kept)")
    parser.add_argument("--frames-cache-mb", type=int,
                        help="the server's --frames-cache-mb (default: the server's own, 32); a "
                             "small one fills within minutes, so what grows after is not it")
    parser.add_argument("--kit", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      "..", "bots", "kits", "python", "bot.py"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="cardarena-soak-")
    out = args.out or work
    os.makedirs(out, exist_ok=True)
    db = os.path.join(work, "soak.db")
    port = free_port()
    log_path = os.path.join(out, "server.log")
    log = open(log_path, "w")
    server = subprocess.Popen(
        [args.bin, "serve", "--demo", "--addr", f"127.0.0.1:{port}",
         "--database-url", f"sqlite://{db}", "--tables-per-hour", "100000",
         "--max-tables-per-client", "10"]
        + (["--frames-cache-mb", str(args.frames_cache_mb)] if args.frames_cache_mb else []),
        stdout=log, stderr=subprocess.STDOUT,
        # A group of its own, stopped whole: --bin may be a wrapper (heaptrack, perf) that runs
        # the server as its child.
        start_new_session=True)
    api = Api(port)
    children = []
    try:
        for _ in range(100):
            if api.call("GET", "/api/games", timeout=2)[0] == 200:
                break
            if server.poll() is not None:
                raise SystemExit(f"the server stopped: see {log_path}")
            time.sleep(0.2)
        garbage, late = bot_server("garbage"), bot_server("late")
        tag = str(port)
        bots = [
            register(api, f"garbage-{tag}", "durak", f"http://127.0.0.1:{garbage.server_port}/"),
            register(api, f"late-{tag}", "prsi", f"http://127.0.0.1:{late.server_port}/"),
            register(api, f"refused-{tag}", "durak", f"http://127.0.0.1:{free_port()}/"),
        ]
        for i, game in enumerate(GAMES):
            bot = register(api, f"dial-{i}-{tag}", game)
            bots.append(bot)
            # Its settings in its environment, as the kit reads them: no token in the arguments.
            settings = {"CARDARENA_SERVER": f"http://127.0.0.1:{port}",
                        "CARDARENA_BOT_ID": bot["id"], "CARDARENA_TOKEN": bot["token"]}
            children.append(subprocess.Popen(
                [sys.executable, args.kit, "--connect", "--connections", "2"],
                env={**os.environ, **settings},
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        workers = [lambda: practice_loop(api, bots)] + [lambda: live_viewer(api)] * 4 \
            + [lambda: frames_reader(api)] * 2 + [lambda: person(api)] * 2
        for work_fn in workers:
            threading.Thread(target=work_fn, daemon=True).start()

        rows = []
        csv_path, svg_path = os.path.join(out, "soak.csv"), os.path.join(out, "soak.svg")
        start = time.monotonic()
        for minute in range(args.minutes + 1):
            if server.poll() is not None:
                raise SystemExit(f"the server stopped (exit {server.returncode}): see {log_path}")
            row = {"minute": minute, **sample(server.pid, db, api)}
            rows.append(row)
            rss_kb, fds, size = row["rss_kb"], row["fds"], row["db_bytes"]
            with open(csv_path, "w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=list(rows[0]))
                writer.writeheader()
                writer.writerows(rows)
            svg(rows, svg_path)
            print(f"minute {minute}: RSS {rss_kb / 1024:.1f} MB, {fds} fds, "
                  f"database {size / 1e6:.2f} MB, frames cache "
                  f"{row['frames_cache_kb'] / 1024:.1f} MB; {dict(sorted(COUNTS.items()))}",
                  flush=True)
            if minute < args.minutes:
                time.sleep(max(0, start + 60 * (minute + 1) - time.monotonic()))
    finally:
        STOP.set()
        for child in children:
            child.terminate()
        signal_group(server, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            signal_group(server, signal.SIGKILL)
        log.close()
        for child in children:
            child.wait(5)
        for path in (db, db + "-wal", db + "-shm", db + ".key"):
            if os.path.exists(path):
                os.remove(path)
        if args.out:
            shutil.rmtree(work, ignore_errors=True)
    goals = verdict(rows, log_path)
    for name, passed, detail in goals:
        print(f"{'PASS' if passed else 'FAIL'} {name}: {detail}")
    print(f"csv {csv_path}, plot {svg_path}, log {log_path}")
    sys.exit(0 if all(passed for _, passed, _ in goals) else 1)


if __name__ == "__main__":
    main()
