#!/usr/bin/env python3
"""The binary's outward face as one JSON document, to compare two builds (issue 40: the crates were
split with no change of behaviour).

    python3 scripts/api-snapshot.py BINARY > snapshot.json
    diff <(python3 scripts/api-snapshot.py old/cardarena) <(python3 scripts/api-snapshot.py new/cardarena)

It records every command's `--help` (the commands and flags), and the answers of a server started
on a fresh SQLite file (`serve --no-ladder`): the OpenAPI document, the games and their schemas,
the empty leaderboards and lists, a bot registered, its page of the API and its owner's view,
a table dealt for a person and its seat's view (its status: the deal is random), and the documented JSON errors (unknown
ids, bad bodies, a missing or wrong token, a refused option). What a fresh server makes at random
(ids, tokens, secrets, seeds, times) is replaced by its kind, so two runs of one build print the
same document and two builds differ only where their answers do.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

BINARY = sys.argv[1]
COMMANDS = ["play", "serve", "worker", "replay", "analyse", "bench", "backup", "healthcheck"]

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
HEX = re.compile(r"\b[0-9a-f]{32,}\b")
PORT = re.compile(r"127\.0\.0\.1:\d+")
RANDOM_KEYS = {"seed", "created_ms", "started_ms", "finished_ms", "at_ms", "deadline_ms_left",
               "created_at", "updated_at", "registered_ms", "last_seen_ms", "time_left_ms",
               "expires_ms", "queued_ms", "request_id", "next_check_at",
               "status_detail"}


def scrub(value, key=None):
    """`value` with what a fresh server makes at random replaced by its kind."""
    if isinstance(value, dict):
        return {k: scrub(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if key in RANDOM_KEYS and value is not None:
        return f"<{type(value).__name__}>"
    if isinstance(value, str):
        value = UUID.sub("<uuid>", value)
        value = HEX.sub("<hex>", value)
        return PORT.sub("127.0.0.1:<port>", value)
    return value


def call(base, method, path, body=None, token=None):
    """One request: its status and its JSON (or the first 200 characters of its text)."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text[:200]


def main():
    out = {"help": {}}
    top = subprocess.run([BINARY, "--help"], capture_output=True, text=True)
    out["help"]["cardarena"] = top.stdout.replace(os.path.basename(BINARY), "cardarena")
    for command in COMMANDS:
        text = subprocess.run([BINARY, command, "--help"], capture_output=True, text=True).stdout
        out["help"][command] = text.replace(os.path.basename(BINARY), "cardarena")

    folder = tempfile.mkdtemp(prefix="cardarena-snapshot-")
    server = subprocess.Popen(
        [BINARY, "serve", "--addr", "127.0.0.1:0", "--database-url",
         f"sqlite://{folder}/snapshot.db", "--no-ladder"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        base = None
        for line in server.stdout:
            if line.startswith("leaderboard: "):
                base = line.split(": ", 1)[1].strip().rstrip("/")
                break
        answers = {}

        def record(name, method, path, body=None, token=None):
            status, value = call(base, method, path, body, token)
            answers[name] = {"request": f"{method} {scrub(path)}", "status": status,
                             "body": scrub(value)}
            return value

        record("openapi", "GET", "/api/openapi.json")
        games = record("games", "GET", "/api/games")
        for game in games:
            record(f"schema {game['id']}", "GET", f"/api/games/{game['id']}/schema")
            record(f"leaderboard {game['id']}", "GET", f"/api/leaderboard?game={game['id']}")
        record("bots, none", "GET", "/api/bots")
        record("tournaments, none", "GET", "/api/tournaments")
        record("workers without a token", "GET", "/api/workers")
        bot = record("register", "POST", "/api/bots",
                     {"name": "snapshot-bot", "game": "durak", "url": "http://127.0.0.1:9/"})
        bot_id, token = bot.get("id", "none"), bot.get("token", "none")
        record("bot", "GET", f"/api/bots/{bot_id}")
        record("bot's owner", "GET", f"/api/bots/{bot_id}/owner", token=token)
        record("bot's owner, wrong token", "GET", f"/api/bots/{bot_id}/owner", token="0" * 64)
        record("bot's versions", "GET", f"/api/bots/{bot_id}/versions")
        record("bots, one", "GET", "/api/bots?game=durak")
        record("register, same name", "POST", "/api/bots",
               {"name": "snapshot-bot", "game": "durak", "url": "http://127.0.0.1:9/"})
        record("register, unknown game", "POST", "/api/bots",
               {"name": "other", "game": "chess", "url": "http://127.0.0.1:9/"})
        record("register, not JSON", "POST", "/api/bots", b"{")
        record("register, missing field", "POST", "/api/bots", {"name": "x"})
        record("practice, bad options", "POST", f"/api/bots/{bot_id}/practice",
               {"against": ["random"], "options": {"jokers": 2}}, token=token)
        record("unknown bot", "GET", f"/api/bots/{'0' * 8}-0000-0000-0000-{'0' * 12}")
        record("unknown match", "GET", f"/api/matches/{'0' * 8}-0000-0000-0000-{'0' * 12}")
        record("unknown frames", "GET",
               f"/api/matches/{'0' * 8}-0000-0000-0000-{'0' * 12}/frames")
        record("unknown route", "GET", "/api/nothing")
        table = record("table", "POST", "/api/tables",
                       {"game": "durak", "seats": ["person", "random"]})
        seat = (table.get("seats") or [{}])[0] if isinstance(table, dict) else {}
        seat_token = seat.get("token") if isinstance(seat, dict) else None
        if seat_token:
            record("table seat", "GET", f"/api/tables/{seat_token}")
            # The deal is random, and with it who acts first and what the view holds.
            answers["table seat"]["body"] = "<the seat's view>"
        record("unknown table", "GET", "/api/tables/nothing")
        out["answers"] = answers
    finally:
        server.kill()
        server.wait()
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
