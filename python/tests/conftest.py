"""Shared fixtures: the cardarena binary and a real server on a loopback port.

The server tests need the binary: CARDARENA_BIN names it (cli/tests/python_package.rs, which
runs this suite under `cargo test`, passes the one cargo built); without it, the repository's
target/debug/cardarena is used when present.
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import pytest

import cardarena

REPO = pathlib.Path(__file__).resolve().parents[2]

#: Every table of every game: (game, players) for each size the game seats.
TABLES = [
    (info["id"], players)
    for info in sorted(cardarena.games(), key=lambda g: g["id"])
    for players in range(info["players"]["min"], info["players"]["max"] + 1,
                         info["players"]["step"])
]


def binary():
    path = os.environ.get("CARDARENA_BIN") or str(REPO / "target" / "debug" / "cardarena")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no cardarena binary at {path}: build it, or set CARDARENA_BIN")
    return path


class Server:
    """A `cardarena serve` process on a free loopback port with its own SQLite file."""

    def __init__(self, workdir):
        self.log_path = pathlib.Path(workdir) / "server.log"
        self.log = open(self.log_path, "w")
        database = f"sqlite://{workdir}/cardarena.db"
        self.process = subprocess.Popen(
            [binary(), "serve", "--addr", "127.0.0.1:0", "--database-url", database,
             "--no-ladder"],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=workdir,
            env={**os.environ, "NO_COLOR": "1"},
        )
        deadline = time.monotonic() + 60
        self.url = None
        while self.url is None:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_path.read_text()}")
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start within 60 s")
            time.sleep(0.1)
            for line in self.log_path.read_text().splitlines():
                if line.startswith("leaderboard: http://"):
                    self.url = line.split("leaderboard: ", 1)[1].rstrip("/")

    def request(self, method, path, body=None, token=None):
        """The JSON answer to a request; raises for a status other than 2xx."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                text = answer.read()
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read()!r}") from error
        return json.loads(text) if text else None

    def wait_finished(self, match_id, seconds=120):
        """The match once it is over."""
        deadline = time.monotonic() + seconds
        while True:
            match = self.request("GET", f"/api/matches/{match_id}")
            if match["status"] not in ("queued", "running"):
                return match
            assert time.monotonic() < deadline, f"match {match_id} still {match['status']}"
            time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


@pytest.fixture(scope="session")
def server():
    with tempfile.TemporaryDirectory(prefix="cardarena-pytest-") as workdir:
        running = Server(workdir)
        try:
            yield running
        finally:
            running.stop()


class BotProcess:
    """A Python bot served through the kit (`cardarena.kit.run`) in a process of its own."""

    def __init__(self, args, env=None, ready="listening on ", cwd=None, script="served_bot.py"):
        """Starts the bot (`script`, a file of this folder, in the folder cwd, where the kit
        looks for its settings file .cardarena) and waits for its line that starts with `ready`
        (its address when it serves HTTP, "connected to " when it dials out)."""
        here = pathlib.Path(__file__).resolve().parent
        self.process = subprocess.Popen(
            [sys.executable, str(here / script), *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PORT": "0", **(env or {})}, cwd=cwd,
        )
        self.url = None
        seen = []
        while not (seen and seen[-1].startswith(ready)):
            line = self.process.stdout.readline()
            assert line, f"the bot exited: {''.join(seen)}"
            seen.append(line)
        if ready == "listening on ":
            self.url = seen[-1].split("listening on ", 1)[1].strip()
        # What it prints from here on, read as it comes so that the pipe never fills.
        self.printed = []
        self.reader = threading.Thread(target=lambda: self.printed.extend(self.process.stdout))
        self.reader.start()

    def wait_line(self, start, seconds=10):
        """The first line printed after `ready` that starts with start, waiting up to seconds."""
        deadline = time.monotonic() + seconds
        while True:
            found = [line for line in list(self.printed) if line.startswith(start)]
            if found:
                return found[0].rstrip("\n")
            assert time.monotonic() < deadline, f"no line {start!r} in {''.join(self.printed)}"
            time.sleep(0.05)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.reader.join()
