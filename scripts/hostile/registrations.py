#!/usr/bin/env python3
"""Issue 41: registration is bounded in every mode, and counted by network.

Against an already running `cardarena serve` on loopback:

    python3 scripts/hostile/registrations.py --server http://127.0.0.1:PORT --mode MODE [--db PATH]

Modes (each registers dial-out bots, which need no URL, as fast as it can):

- `rotate` (a server with `--public --trust-proxy 127.0.0.1`): --count registrations, each from
  another address of one IPv4 /24 (203.0.113.N in X-Forwarded-For), then of one IPv6 /64
  (2001:db8:41:1::N), then directly from --count loopback source addresses (127.0.0.N, N from 2);
  then one registration from an address of another network.
- `flood` (a server as it starts by default, not public): one address registers for --seconds;
  then `GET /api/bots?limit=200` is timed and the database weighed (--db, with its WAL).
- `unused` (not public, `--trust-proxy 127.0.0.1`): --count registrations spread over
  --networks /24s (203.0.N.1), so that no network's rate refuses them, only a cap on bots that
  never answered.

Standard library only. Prints ONE JSON line with, per part, how many were allowed, how many
refused and the refusals' kinds (error: count).
"""

import argparse
import json
import os
import time
import uuid
from collections import Counter

from common import call


def register(server, forwarded=None, source=None):
    """One registration: (allowed, the refusal's kind or None)."""
    name = "r-" + uuid.uuid4().hex[:12]
    status, answer = call(server, "POST", "/api/bots",
                          {"name": name, "game": "durak", "connect": True},
                          source=source, forwarded=forwarded)
    if status == 201:
        return True, None
    kind = answer.get("error") if isinstance(answer, dict) else None
    return False, f"{status} {kind}"


def tally(attempts):
    """Allowed and refused counts, and the refusals' kinds, of (allowed, kind) pairs."""
    allowed = sum(1 for ok, _ in attempts if ok)
    kinds = Counter(kind for ok, kind in attempts if not ok)
    return {"allowed": allowed, "refused": len(attempts) - allowed, "kinds": dict(kinds)}


def rotate(server, count):
    v4 = [register(server, forwarded=f"203.0.113.{n}") for n in range(1, count + 1)]
    v6 = [register(server, forwarded=f"2001:db8:41:1::{n:x}") for n in range(1, count + 1)]
    direct = [register(server, source=f"127.0.0.{n}") for n in range(2, count + 2)]
    other_ok, other_kind = register(server, forwarded="198.51.100.7")
    return {
        "v4_slash24_via_proxy": tally(v4),
        "v6_slash64_via_proxy": tally(v6),
        "v4_slash24_direct": tally(direct),
        "another_network": "allowed" if other_ok else other_kind,
    }


def weigh(db):
    """The database's bytes with its WAL, or None without a path."""
    if not db:
        return None
    return sum(os.path.getsize(p) for p in (db, db + "-wal") if os.path.exists(p))


def flood(server, seconds, db):
    attempts, started = [], time.monotonic()
    while time.monotonic() - started < seconds:
        attempts.append(register(server))
    took = time.monotonic() - started
    started = time.monotonic()
    status, _ = call(server, "GET", "/api/bots?limit=200")
    listed_ms = (time.monotonic() - started) * 1000
    result = tally(attempts)
    result.update({
        "seconds": round(took, 1),
        "list_status": status,
        "list_200_ms": round(listed_ms, 1),
        "database_bytes": weigh(db),
    })
    return {"one_address_flood": result}


def unused(server, count, networks):
    attempts = [register(server, forwarded=f"203.0.{n % networks}.1") for n in range(count)]
    return {"unused_from_many_networks": tally(attempts)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--mode", choices=["rotate", "flood", "unused"], required=True)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--networks", type=int, default=8)
    parser.add_argument("--db")
    args = parser.parse_args()
    if args.mode == "rotate":
        result = rotate(args.server, args.count)
    elif args.mode == "flood":
        result = flood(args.server, args.seconds, args.db)
    else:
        result = unused(args.server, args.count, args.networks)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
