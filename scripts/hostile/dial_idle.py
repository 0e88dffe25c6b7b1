#!/usr/bin/env python3
"""Hostile scenario: idle dial-out connections and what each costs the server (issue 26, point 2).

Against an already running `cardarena serve`, it registers `--count`/4 dial-out bots (4
connections each, the most a bot may hold), opens `--count` WebSocket connections to
GET /api/bots/{id}/connect by hand (RFC 6455 handshake, stdlib sockets), leaves them idle for
`--settle` seconds and reads the server's RSS (VmRSS of `--pid`) before and after: the delta per
connection. Then `--partial` connections each send the header of a 60,000-byte frame and 100
bytes of it, and the script waits to see them closed (the documented 5 s deadline) and the RSS
they cost while held. The connections do not answer the health check's ping: the bots stay
paused, which changes nothing here.

Prints one JSON line. Stdlib only. Debug builds give figures that mean little.

  python3 scripts/hostile/dial_idle.py --server http://127.0.0.1:8080 --pid $(pgrep -n cardarena)
"""

import argparse
import base64
import json
import os
import socket
import time
import urllib.parse
import uuid

from common import call, raise_fd_limit, rss_kb


def connect(host, port, bot):
    """A connection to the bot's connect route, upgraded: the socket, or the refusal's status."""
    s = socket.create_connection((host, port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET /api/bots/{bot['id']}/connect HTTP/1.1\r\nhost: {host}\r\n"
            "connection: Upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\n"
            f"sec-websocket-key: {key}\r\nauthorization: Bearer {bot['token']}\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    status = head[9:12].decode(errors="replace")
    if status != "101":
        s.close()
        return status
    s.setblocking(False)
    return s


def closed(s):
    """Whether the server closed the connection (reading whatever it sent)."""
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def partial_frame():
    header = bytes([0x81, 0x80 | 126]) + (60_000).to_bytes(2, "big") + b"\0\0\0\0"
    return header + b"x" * 100


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--admin-token")
    parser.add_argument("--pid", type=int, help="the server's process id, for its RSS")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--partial", type=int, default=100)
    parser.add_argument("--settle", type=float, default=5)
    args = parser.parse_args()
    raise_fd_limit()
    server = args.server.rstrip("/")
    parsed = urllib.parse.urlparse(server)
    host, port = parsed.hostname, parsed.port or 80

    run = uuid.uuid4().hex[:6]
    bots = []
    for i in range((args.count + args.partial + 3) // 4):
        body = {"name": f"idle-{run}-{i}", "game": "durak", "connect": True}
        status, bot = call(server, "POST", "/api/bots", body)
        if status != 201:
            raise SystemExit(f"registering a dial-out bot: {status} {bot}")
        bots.append(bot)
    time.sleep(1)
    before = rss_kb(args.pid)
    sockets, refused = [], {}
    for i in range(args.count):
        got = connect(host, port, bots[i // 4])
        if isinstance(got, str):
            refused[got] = refused.get(got, 0) + 1
        else:
            sockets.append(got)
    time.sleep(args.settle)
    open_idle = sum(1 for s in sockets if not closed(s))
    idle_rss = rss_kb(args.pid)
    per_connection = None
    if before is not None and sockets:
        per_connection = round((idle_rss - before) * 1024 / len(sockets))

    # Connections holding a partial frame: their cost while held, and their end.
    partial = []
    for i in range(args.count, args.count + args.partial):
        got = connect(host, port, bots[i // 4])
        if not isinstance(got, str):
            got.setblocking(True)
            got.sendall(partial_frame())
            got.setblocking(False)
            partial.append(got)
    sent = time.monotonic()
    time.sleep(1)
    partial_rss = rss_kb(args.pid)
    per_partial = None
    if idle_rss is not None and partial:
        per_partial = round((partial_rss - idle_rss) * 1024 / len(partial))
    closed_after = None
    while time.monotonic() - sent < 30:
        if all(closed(s) for s in partial):
            closed_after = round(time.monotonic() - sent, 1)
            break
        time.sleep(0.2)

    for s in sockets + partial:
        s.close()
    time.sleep(args.settle)
    after = rss_kb(args.pid)
    print(json.dumps({
        "scenario": "dial_idle",
        "connections": len(sockets),
        "refused": refused,
        "open_after_settle": open_idle,
        "rss_before_mb": None if before is None else round(before / 1024, 1),
        "rss_idle_mb": None if idle_rss is None else round(idle_rss / 1024, 1),
        "bytes_per_idle_connection": per_connection,
        "partial_frames": len(partial),
        "bytes_per_partial_frame_connection": per_partial,
        "partial_closed_after_s": closed_after,
        "rss_after_close_mb": None if after is None else round(after / 1024, 1),
    }))


if __name__ == "__main__":
    main()
