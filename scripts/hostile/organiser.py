#!/usr/bin/env python3
"""Issue 26, point 4: an organiser stops an abusive bot.

Against an already running `cardarena serve` (not in public mode: the bot is served on
loopback), with its admin token:

    python3 scripts/hostile/organiser.py --server http://127.0.0.1:PORT --admin-token T

It serves a slow bot (every turn taken 300 ms late-ish), registers it, waits until it is active,
queues practice for it, and then, as the organiser: pauses it (the owner tries to resume it and
to practise), watches it for --watch seconds, disqualifies it, reinstates it and deletes it.
Standard library only. Prints ONE JSON line of figures on stdout:

    pause_ms, disqualify_ms, delete_ms   how long each action's request took
    started_after_pause                  matches whose first request reached the bot after the
                                         pause was answered (0 wanted)
    pings_while_held                     pings the bot got while paused (0 wanted)
    owner_resume_lifted                  whether the owner's resume lifted the pause (false wanted)
    practice_refused                     the owner's practice while held: the error kind ("held")
    on_leaderboard_disqualified          whether the disqualified bot was on the leaderboard
    token_dead_after_delete              whether the owner's token stopped working (true wanted)
    ok                                   all of the above as wanted
"""

import argparse
import http.server
import json
import threading
import time
import uuid

from common import call


class Bot(http.server.BaseHTTPRequestHandler):
    """A bot that answers pings and takes 300 ms over each turn, recording what it gets."""

    lock = threading.Lock()
    pings = []  # times
    first_seen = {}  # match id -> time of its first request

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            body = {}
        now = time.monotonic()
        with Bot.lock:
            if body.get("type") == "ping":
                Bot.pings.append(now)
            match_id = body.get("match_id")
            if match_id and match_id not in Bot.first_seen:
                Bot.first_seen[match_id] = now
        if body.get("type") == "turn":
            time.sleep(0.3)
        answer = json.dumps({"action_index": 0}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="e.g. http://127.0.0.1:8080")
    parser.add_argument("--admin-token", required=True)
    parser.add_argument("--watch", type=float, default=10.0, help="seconds to watch a paused bot")
    args = parser.parse_args()
    server, admin = args.server.rstrip("/"), args.admin_token

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Bot)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/" % httpd.server_address[1]

    name = "abuser-" + uuid.uuid4().hex[:8]
    status, bot = call(server, "POST", "/api/bots", {"name": name, "url": url, "game": "durak"})
    assert status == 201, (status, bot)
    bot_id, owner = bot["id"], bot["token"]
    deadline = time.monotonic() + 30
    while call(server, "GET", "/api/bots/" + bot_id)[1]["status"] != "active":
        assert time.monotonic() < deadline, "the bot did not become active"
        time.sleep(0.1)
    practice = {"matches": 20, "opponents": ["greedy"]}
    status, answer = call(server, "POST", "/api/bots/%s/practice" % bot_id, practice, owner)
    assert status == 202, (status, answer)
    time.sleep(1.0)

    def act(action, reason):
        start = time.monotonic()
        status, answer = call(server, "POST", "/api/admin/bots/%s/%s" % (bot_id, action),
                              {"reason": reason, "by": "organiser.py"}, admin)
        assert status in (200, 204), (action, status, answer)
        return answer, time.monotonic() - start

    _, pause_s = act("pause", "takes every turn to the deadline")
    paused_at = time.monotonic()
    status, answer = call(server, "PATCH", "/api/bots/" + bot_id, {"active": True}, owner)
    owner_resume_lifted = not (status == 200 and answer["status_reason"] == "organiser")
    status, answer = call(server, "POST", "/api/bots/%s/practice" % bot_id, practice, owner)
    practice_refused = answer.get("error") if isinstance(answer, dict) else None
    time.sleep(args.watch)
    with Bot.lock:
        started_after = sum(1 for at in Bot.first_seen.values() if at > paused_at)
        pings_held = sum(1 for at in Bot.pings if at > paused_at)

    _, disqualify_s = act("disqualify", "kept abusing the server")
    _, board = call(server, "GET", "/api/leaderboard?game=durak")
    on_board = any(row["bot_id"] == bot_id for row in board["rows"])
    act("reinstate", "a second chance")
    _, delete_s = act("delete", "out for good")
    status, _ = call(server, "POST", "/api/bots/%s/practice" % bot_id, practice, owner)
    token_dead = status == 401

    figures = {
        "pause_ms": round(pause_s * 1000, 1),
        "disqualify_ms": round(disqualify_s * 1000, 1),
        "delete_ms": round(delete_s * 1000, 1),
        "watched_s": args.watch,
        "started_after_pause": started_after,
        "pings_while_held": pings_held,
        "owner_resume_lifted": owner_resume_lifted,
        "practice_refused": practice_refused,
        "on_leaderboard_disqualified": on_board,
        "token_dead_after_delete": token_dead,
    }
    figures["ok"] = (started_after == 0 and pings_held == 0 and not owner_resume_lifted
                     and practice_refused == "held" and not on_board and token_dead)
    print(json.dumps(figures))
    httpd.shutdown()


if __name__ == "__main__":
    main()
