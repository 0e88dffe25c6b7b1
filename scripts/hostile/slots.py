#!/usr/bin/env python3
"""Issue 26, point 1: long polls and stalled bodies must not hold the server's connection places.

Against an already running `cardarena serve` on loopback:

    python3 scripts/hostile/slots.py --server http://127.0.0.1:PORT [--sources 1] [--seconds 20]

It opens a free table (a person against a house bot), then from --sources loopback addresses
(127.0.0.2, 127.0.0.3, ...; the load is spread over them) keeps --polls long polls
(`GET /api/tables/{token}?after=999999&wait=30`) and --stalled requests whose bodies never come
(a POST announcing 200 bytes that sends 10) open, opening each again as soon as the server closes
or answers it. Meanwhile 127.0.0.1 asks `GET /api/games` on a fresh connection every 50 ms and
times each answer (connect included; 10 s at most). Standard library only. Prints ONE JSON line:

    probes, p50_ms, p99_ms, max_ms, failed   the other address's requests during the flood
    failures                                 why the failed ones failed (status line or error)
    polls_open, stalled_open                 the attackers' connections open at the end
    refused                                  attacker connections answered 429 or closed at once
"""

import argparse
import json
import select
import socket
import statistics
import threading
import time
import urllib.parse

from common import call, raise_fd_limit


def open_table(server):
    status, table = call(server, "POST", "/api/tables",
                         {"game": "durak", "seats": ["person", "random"]})
    assert status == 201, table
    return table["seats"][0]["token"]


class Flood:
    """Keeps `count` connections of one kind open from the sources, reopening what closes."""

    def __init__(self, host, port, sources, count, request):
        self.host, self.port, self.sources = host, port, sources
        self.count, self.request = count, request
        self.open = {}  # socket -> source
        self.refused = 0
        self.next_source = 0

    def connect(self):
        source = self.sources[self.next_source % len(self.sources)]
        self.next_source += 1
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.bind((source, 0))
            sock.connect_ex((self.host, self.port))
        except OSError:
            sock.close()
            return
        self.open[sock] = [source, False]

    def step(self):
        while len(self.open) < self.count:
            self.connect()
        by_fd = {sock.fileno(): sock for sock in self.open}
        poller = select.poll()  # no limit on descriptor numbers, unlike select()
        for fd, sock in by_fd.items():
            poller.register(fd, select.POLLIN if self.open[sock][1] else select.POLLOUT)
        events = poller.poll(0)
        for fd, event in events:
            sock = by_fd[fd]
            if sock not in self.open or self.open[sock][1] or not event & select.POLLOUT:
                continue
            try:
                sock.send(self.request)
                self.open[sock][1] = True
            except OSError:
                self.close(sock, refused=True)
        readable = [by_fd[fd] for fd, event in events
                    if event & (select.POLLIN | select.POLLHUP | select.POLLERR)]
        for sock in readable:
            if sock not in self.open:
                continue
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            # An answer (a refusal, or a poll's end) or a close: either way, open another.
            self.close(sock, refused=data.startswith(b"HTTP/1.1 429") or not data)

    def close(self, sock, refused):
        self.refused += int(refused)
        self.open.pop(sock, None)
        sock.close()


def probe(host, port, timeout):
    started = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout, source_address=("127.0.0.1", 0)) as sock:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = b""
            while not data.startswith(b"HTTP/1.1 200") or b"\r\n\r\n" not in data:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
            ok = data.startswith(b"HTTP/1.1 200")
            why = None if ok else (data[:12].decode(errors="replace") or "closed")
    except OSError as error:
        ok, why = False, type(error).__name__
    return (time.monotonic() - started) * 1000, ok, why


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--sources", type=int, default=1, help="attacking loopback addresses")
    parser.add_argument("--polls", type=int, default=1000)
    parser.add_argument("--stalled", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    raise_fd_limit()
    url = urllib.parse.urlparse(args.server)
    host, port = url.hostname, url.port
    token = open_table(args.server)
    sources = [f"127.0.0.{2 + i}" for i in range(args.sources)]
    poll = f"GET /api/tables/{token}?after=999999&wait=30 HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    stalled = (
        b"POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 200\r\n\r\n{\"name\": \"st"
    )
    floods = [Flood(host, port, sources, args.polls, poll), Flood(host, port, sources, args.stalled, stalled)]
    stop = threading.Event()

    def attack():
        while not stop.is_set():
            for flood in floods:
                flood.step()
            time.sleep(0.005)

    attacker = threading.Thread(target=attack, daemon=True)
    attacker.start()
    time.sleep(2)  # the flood in place, the stalled bodies past their grace
    times, failed, failures = [], 0, {}
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline:
        ms, ok, why = probe(host, port, timeout=10)
        times.append(ms)
        failed += int(not ok)
        if why:
            failures[why] = failures.get(why, 0) + 1
        time.sleep(0.05)
    stop.set()
    attacker.join()
    times.sort()
    print(json.dumps({
        "sources": args.sources,
        "probes": len(times),
        "p50_ms": round(statistics.median(times), 1),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 1),
        "max_ms": round(times[-1], 1),
        "failed": failed,
        "failures": failures,
        "polls_open": len(floods[0].open),
        "stalled_open": len(floods[1].open),
        "refused": floods[0].refused + floods[1].refused,
    }))


if __name__ == "__main__":
    main()
