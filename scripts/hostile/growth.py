#!/usr/bin/env python3
"""Issue 26, point 3: nothing a contestant controls grows without bound.

Against an already running `cardarena serve` on loopback (not in public mode):

    python3 scripts/hostile/growth.py --server http://127.0.0.1:PORT

1. Versions: registers a dial-out bot and asks for --versions new versions
   (`POST /api/bots/{id}/versions` with a note), as fast as it can; then weighs the bot's JSON,
   the first page of `GET /api/bots` and the bot's page.
2. Tables: --hogs client addresses, each in a network of its own (127.0.N.2), open tables until
   refused; then --newcomers addresses in other networks try one each.
Standard library only. Prints ONE JSON line:

    versions_asked, versions_made, versions_seconds, versions_refused_kind
    bot_json_bytes, bots_page_bytes, bot_page_bytes
    tables_by_hogs, hog_refusals (kinds), newcomers_seated (of --newcomers), newcomer_refusals
"""

import argparse
import json
import time
import uuid

from common import call


def versions(server, count):
    status, bot = call(server, "POST", "/api/bots",
                       {"name": "grower-" + uuid.uuid4().hex[:8], "game": "durak", "connect": True})
    assert status == 201, bot
    bot_id, token = bot["id"], bot["token"]
    made, refused, started = 0, None, time.monotonic()
    for i in range(count):
        status, answer = call(server, "POST", f"/api/bots/{bot_id}/versions",
                              {"note": f"version {i}: " + "x" * 180}, token=token)
        if status in (200, 201):
            made += 1
        else:
            refused = answer.get("error") if isinstance(answer, dict) else status
    seconds = time.monotonic() - started
    _, bot_json = call(server, "GET", f"/api/bots/{bot_id}")
    _, bots_page = call(server, "GET", "/api/bots")
    _, page = call(server, "GET", f"/bots/{bot_id}")
    return {
        "versions_asked": count,
        "versions_made": made,
        "versions_seconds": round(seconds, 2),
        "versions_refused_kind": refused,
        "bot_json_bytes": len(json.dumps(bot_json)),
        "bots_page_bytes": len(json.dumps(bots_page)),
        "bot_page_bytes": len(page) if isinstance(page, bytes) else len(json.dumps(page)),
    }


def open_table(server, source):
    status, answer = call(server, "POST", "/api/tables",
                          {"game": "durak", "seats": ["person", "random"]}, source=source)
    return status == 201, (answer.get("error") if isinstance(answer, dict) else status)


def tables(server, hogs, newcomers):
    opened, refusals = 0, {}
    for n in range(hogs):
        source = f"127.0.{n + 1}.2"
        for _ in range(100):
            ok, kind = open_table(server, source)
            if not ok:
                refusals[kind] = refusals.get(kind, 0) + 1
                break
            opened += 1
    seated, newcomer_refusals = 0, {}
    for n in range(newcomers):
        ok, kind = open_table(server, f"127.0.{100 + n}.2")
        seated += int(ok)
        if not ok:
            newcomer_refusals[kind] = newcomer_refusals.get(kind, 0) + 1
    return {
        "tables_by_hogs": opened,
        "hog_refusals": refusals,
        "newcomers_seated": seated,
        "newcomers": newcomers,
        "newcomer_refusals": newcomer_refusals,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--versions", type=int, default=2000)
    parser.add_argument("--hogs", type=int, default=20)
    parser.add_argument("--newcomers", type=int, default=10)
    args = parser.parse_args()
    figures = versions(args.server, args.versions)
    figures.update(tables(args.server, args.hogs, args.newcomers))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
