#!/usr/bin/env python3
"""Runs the tournament of scripts/contest.json on a cardarena server, as an organiser would.

Used by scripts/local-tournament.sh (processes on loopback) and by docker-compose.yml's
`organiser` service (containers), so that both describe the same contest. Python 3.9+, standard
library only. The steps, each safe to repeat (a second run reuses what the first one made):

  1. wait for the server;
  2. register each bot of contest.json for the tournament's game at the URL given with --bot
     (or reuse the registration kept in --state), and write its secret to SECRETS/NAME/secret,
     where the bot's process waits for it (scripts/with-secret.sh);
  3. wait until each bot answers a request signed with its secret;
  4. create the tournament (or find it by name), enter the bots with their owners' tokens and
     start it with the organiser's token;
  5. with --wait: follow it until it is finished (advancing each stage when the tournament does
     not advance by itself) and print every stage's standings.

    CARDARENA_ADMIN_TOKEN=... scripts/organise.py --server http://127.0.0.1:8080 \\
        --bot python-kit=http://127.0.0.1:9001/ --bot js-kit=http://127.0.0.1:9002/ \\
        --bot python-kit-2=http://127.0.0.1:9003/ --secrets DIR --state DIR --wait 300

The organiser's token comes from CARDARENA_ADMIN_TOKEN or, when that is unset, from the file
named by --admin-token-file (waited for). Exit status: 0 when done, 1 on an error or a timeout,
2 when --strict finds a fault, a skipped bot or a failed match in the finished tournament.
"""

import argparse
import hashlib
import hmac
import http.client
import json
import os
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
# Requests go to the server and the bots directly, never through a proxy from the environment.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Failure(Exception):
    """Something the organiser cannot get past; the message says what, for people."""


def say(*parts):
    print("organiser:", *parts, flush=True)


def call(method, url, body=None, token=None, headers=None, data=None, timeout=10):
    """One HTTP request; returns (status, parsed JSON or None). Raises OSError when unreachable."""
    if body is not None:
        data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with OPENER.open(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, None


def expect(what, answer, *ok):
    """The JSON of an answer whose status is one of ok; a Failure naming what otherwise."""
    status, body = answer
    if status not in ok:
        raise Failure(f"{what}: HTTP {status} {json.dumps(body) if body is not None else ''}")
    return body


def wait_for(what, probe, timeout, every=0.2):
    """Calls probe() until it returns something other than None, for at most timeout seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            result = probe()
            if result is not None:
                return result
        except (OSError, http.client.HTTPException) as error:
            last = error
        if time.monotonic() > deadline:
            raise Failure(f"gave up waiting for {what} after {timeout:g} s"
                          + (f" ({last})" if last else ""))
        time.sleep(every)


def write_private(path, text):
    """Writes text to path (mode 0600) all at once: a reader never sees half a file."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(text)
    os.replace(temporary, path)


def read_json(path):
    try:
        with open(path) as file:
            return json.load(file)
    except FileNotFoundError:
        return None


class Organiser:
    def __init__(self, args, contest):
        self.server = args.server.rstrip("/")
        self.contest = contest
        self.game = contest["tournament"]["game"]
        self.secrets = args.secrets
        self.state = args.state
        self.timeout = args.timeout
        self.urls = dict(args.bot)
        names = [bot["name"] for bot in contest["bots"]]
        if sorted(self.urls) != sorted(names):
            raise Failure(f"give --bot NAME=URL for exactly the bots of the contest: {names}")
        self.bots = {}  # name -> {"id", "token", "secret", "url"}
        self.admin_token = None
        self.admin_token_file = args.admin_token_file

    def api(self, path):
        return f"{self.server}/api{path}"

    # 1. The server and the organiser's token.
    def wait_for_server(self):
        wait_for(f"the server at {self.server}",
                 lambda: call("GET", self.api("/games"), timeout=2)[0] == 200 or None,
                 self.timeout)
        token = os.environ.get("CARDARENA_ADMIN_TOKEN", "").strip()
        if not token and self.admin_token_file:
            token = wait_for(f"the organiser's token in {self.admin_token_file}",
                             lambda: (read_text(self.admin_token_file) or None), self.timeout)
        if not token:
            raise Failure("no organiser token: set CARDARENA_ADMIN_TOKEN or give --admin-token-file")
        # The organiser's routes check the token before anything else: advancing no tournament
        # answers 404 to the organiser, 401 or 403 to anyone else.
        status, _ = call("POST", self.api("/tournaments/none/advance"), token=token)
        if status in (401, 403):
            raise Failure("the server refuses the organiser's token (is it the server's"
                          " CARDARENA_ADMIN_TOKEN?)")
        self.admin_token = token
        say(f"server {self.server} is up")

    # 2. Registrations.
    def register(self):
        for bot in self.contest["bots"]:
            name, url = bot["name"], self.urls[bot["name"]]
            path = os.path.join(self.state, "bots", f"{name}.json")
            known = read_json(path)
            if known and call("GET", self.api(f"/bots/{known['id']}"))[0] == 200:
                if known["url"] != url:
                    expect(f"moving {name} to {url}",
                           call("PATCH", self.api(f"/bots/{known['id']}"), {"url": url},
                                token=known["token"]), 200)
                    known["url"] = url
                    write_private(path, json.dumps(known))
                say(f"{name}: registered already ({known['id']})")
            else:
                status, body = call("POST", self.api("/bots"),
                                    {"name": name, "url": url, "game": self.game})
                if status == 409:
                    raise Failure(
                        f"the name {name} is taken on this server, and {path} does not hold its"
                        " token: start from a fresh database (docker-compose down -v) or rename"
                        " the bot in scripts/contest.json")
                body = expect(f"registering {name}", (status, body), 201)
                known = {"id": body["id"], "token": body["token"], "secret": body["secret"],
                         "url": url}
                write_private(path, json.dumps(known))
                say(f"{name}: registered as {known['id']} at {url}")
            write_private(os.path.join(self.secrets, name, "secret"), known["secret"] + "\n")
            self.bots[name] = known

    # 3. The bots, up and holding their secrets.
    def wait_for_bots(self):
        for name, bot in self.bots.items():
            # Any HTTP answer to a GET means the bot listens.
            wait_for(f"{name} at {bot['url']}",
                     lambda: call("GET", bot["url"], timeout=2)[0], self.timeout)
            # A signed request of a type the bot does not play (bots answer those with {}): a 401
            # means the bot runs with another secret, and would forfeit every match.
            body = json.dumps({"protocol": 1, "type": "organiser_check"}).encode()
            signature = "sha256=" + hmac.new(bot["secret"].encode(), body,
                                             hashlib.sha256).hexdigest()
            status, _ = call("POST", bot["url"], data=body,
                             headers={"X-Cardarena-Signature": signature})
            if status == 401:
                raise Failure(f"{name} refuses requests signed with its secret: it runs with"
                              " another CARDARENA_SECRET")
            say(f"{name}: up at {bot['url']}")

    # 4. The tournament.
    def tournament(self):
        spec = self.contest["tournament"]
        path = os.path.join(self.state, "tournament.json")
        known = read_json(path)
        tid = None
        if known:
            status, body = call("GET", self.api(f"/tournaments/{known['id']}"))
            if status == 200 and body["name"] == spec["name"]:
                tid = known["id"]
        else:
            listed = expect("listing tournaments", call("GET", self.api("/tournaments")), 200)
            same = [t["id"] for t in listed if t["name"] == spec["name"]]
            if same:
                tid = same[0]
        if tid is None:
            tid = expect("creating the tournament",
                         call("POST", self.api("/tournaments"), spec, token=self.admin_token),
                         201)["id"]
            say(f"created the tournament {spec['name']!r}: {tid}")
        else:
            say(f"the tournament {spec['name']!r} exists: {tid}")
        write_private(path, json.dumps({"id": tid}))
        view = self.view(tid)
        if view["status"] == "open":
            for name, bot in self.bots.items():
                status, body = call("POST", self.api(f"/tournaments/{tid}/entries"),
                                    {"bot_id": bot["id"]}, token=bot["token"])
                if status == 409 and (body or {}).get("error") == "already_entered":
                    continue
                expect(f"entering {name}", (status, body), 201)
                say(f"entered {name}")
            status, body = call("POST", self.api(f"/tournaments/{tid}/start"),
                                token=self.admin_token)
            if not (status == 409 and (body or {}).get("error") == "already_started"):
                expect("starting the tournament", (status, body), 200)
                say("started the tournament")
        else:
            entered = {e["bot_id"] for e in view["entries"]}
            missing = [n for n, b in self.bots.items() if b["id"] not in entered]
            if missing:
                say(f"warning: the tournament started without {', '.join(missing)}")
        return tid

    def view(self, tid):
        return expect("reading the tournament", call("GET", self.api(f"/tournaments/{tid}")), 200)

    # 5. Following it to the end.
    def follow(self, tid, timeout):
        deadline = time.monotonic() + timeout
        shown = None
        while True:
            try:
                view = self.view(tid)
            except (OSError, http.client.HTTPException) as error:
                # The server restarting, say: it carries on where it was, so wait for it.
                if time.monotonic() > deadline:
                    raise Failure(f"the server stopped answering: {error}") from error
                say(f"the server does not answer ({error}); trying again")
                time.sleep(2)
                continue
            progress = [(s["status"], s["matches"]["finished"] + s["matches"]["failed"]
                         + s["matches"]["cancelled"], sum(s["matches"].values()))
                        for s in view["stages"]]
            if progress != shown:
                shown = progress
                say("stages: " + ", ".join(f"{s['kind']} {status} {done}/{total}"
                                           for s, (status, done, total)
                                           in zip(view["stages"], progress)))
            if view["status"] == "finished":
                return view
            current = view["current_stage"]
            if (not view["auto_advance"] and current is not None
                    and view["stages"][current]["status"] == "finished"):
                status, body = call("POST", self.api(f"/tournaments/{tid}/advance"),
                                    token=self.admin_token)
                if status != 409:
                    expect("advancing the tournament", (status, body), 200)
                    say(f"advanced to stage {body['stage']}")
            if time.monotonic() > deadline:
                raise Failure(f"the tournament was not finished after {timeout:g} s")
            time.sleep(0.5)


def read_text(path):
    try:
        with open(path) as file:
            return file.read().strip()
    except FileNotFoundError:
        return ""


def describe(stage):
    spec = stage["spec"]
    if stage["kind"] == "house":
        what = f"house: every entrant against {', '.join(spec['opponents'])}"
    elif stage["kind"] == "gauntlet":
        what = f"gauntlet: every entrant against the best {spec['top']}"
    else:
        what = f"final: the best {spec['top']}, {spec['deals']} duplicate deals"
    counts = stage["matches"]
    return (f"stage {stage['index']} ({what}): {stage['status']}, {counts['finished']} matches"
            + (f", {counts['failed']} failed" if counts["failed"] else ""))


def table(standings):
    lines = [f"{'rank':>4}  {'bot':<20} {'matches':>7} {'mean':>6} {'ci95':>7} {'faults':>6}"]
    for row in standings:
        ci = "" if row["ci95"] is None else f"±{row['ci95']:.3f}"
        lines.append(f"{row['rank']:>4}  {row['name']:<20} {row['matches']:>7} {row['mean']:>6.3f}"
                     f" {ci:>7} {row['faults']:>6}" + ("  skipped" if row["skipped"] else ""))
    return "\n".join(lines)


def ties(standings):
    """Lines saying which bots tie: the same mean result, so their order is decided by the
    server's tie-breaks (the higher total, then the name), not by a better mean."""
    groups = {}
    for row in standings:
        if not row["skipped"] and row["matches"]:
            groups.setdefault(round(row["mean"], 9), []).append(row)
    lines = []
    for mean, rows in groups.items():
        if len(rows) < 2:
            continue
        names = " and ".join(r["name"] for r in rows)
        ranks = ", ".join(str(r["rank"]) for r in rows)
        if len({round(r["total"], 9) for r in rows}) == 1:
            why = "the same total too, so only their names order them"
        else:
            why = "the one with the higher total (more matches) is ranked first"
        lines.append(f"tie: {names} have the same mean result {mean:.3f} (ranks {ranks}); {why}")
    return lines


def report(view, server):
    print(f"\n{view['name']} ({view['game']}): {view['status']}  "
          f"{server}/tournaments/{view['id']}")
    for stage in view["stages"]:
        print(f"\n{describe(stage)}")
        print(table(stage["standings"]))
        for line in ties(stage["standings"]):
            print(line)
    final = view["stages"][-1]
    print("\nfinal standings:")
    print(table(final["standings"]))
    for line in ties(final["standings"]):
        print(line)
    rows = [r for r in final["standings"] if not r["skipped"] and r["matches"]]
    if rows:
        best = [r for r in rows if round(r["mean"], 9) == round(rows[0]["mean"], 9)]
        if len(best) == 1:
            print(f"winner: {best[0]['name']}")
        else:
            names = " and ".join(r["name"] for r in best)
            print(f"no outright winner: {names} tie for first; {best[0]['name']} is ranked "
                  "first only by a tie-break")
    sys.stdout.flush()


def problems(view):
    """What --strict refuses in a finished tournament: faults, skips and failed matches."""
    found = []
    for stage in view["stages"]:
        if stage["matches"]["failed"] or stage["matches"]["cancelled"]:
            found.append(f"stage {stage['index']}: {stage['matches']['failed']} failed and"
                         f" {stage['matches']['cancelled']} cancelled matches")
        for row in stage["standings"]:
            if row["faults"] or row["skipped"]:
                found.append(f"stage {stage['index']}: {row['name']} faulted in"
                             f" {row['faults']} matches" + (", skipped" if row["skipped"] else ""))
        if not stage["standings"]:
            found.append(f"stage {stage['index']}: no standings")
    return found


def bot_url(text):
    name, sep, url = text.partition("=")
    if not sep or not name or not url.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=http://HOST:PORT/")
    return name, url


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--contest", default=os.path.join(HERE, "contest.json"),
                        help="the tournament and its bots (default: scripts/contest.json)")
    parser.add_argument("--bot", action="append", type=bot_url, default=[], metavar="NAME=URL",
                        help="where the server reaches each bot of the contest")
    parser.add_argument("--secrets", required=True,
                        help="each bot's secret goes to SECRETS/NAME/secret")
    parser.add_argument("--state", required=True,
                        help="where the bots' tokens and the tournament's id are kept")
    parser.add_argument("--admin-token-file",
                        help="the organiser's token, when CARDARENA_ADMIN_TOKEN is unset")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds to wait for the server, the token file and each bot")
    parser.add_argument("--wait", type=float, metavar="SECONDS",
                        help="follow the tournament until it is finished and print standings")
    parser.add_argument("--strict", action="store_true",
                        help="with --wait: exit 2 on any fault, skipped bot or failed match")
    args = parser.parse_args()
    try:
        with open(args.contest) as file:
            contest = json.load(file)
        organiser = Organiser(args, contest)
        organiser.wait_for_server()
        organiser.register()
        organiser.wait_for_bots()
        tid = organiser.tournament()
        say(f"follow it at {organiser.server}/tournaments/{tid}")
        if args.wait is None:
            return 0
        view = organiser.follow(tid, args.wait)
    except Failure as failure:
        say(f"error: {failure}")
        return 1
    except (OSError, http.client.HTTPException) as error:
        say(f"error: {error}")
        return 1
    report(view, organiser.server)
    found = problems(view) if args.strict else []
    for problem in found:
        say(f"strict: {problem}")
    return 2 if found else 0


if __name__ == "__main__":
    sys.exit(main())
