#!/usr/bin/env bash
# The queue's benchmark (issue 16, docs/scaling.md): matches per second through one process on
# SQLite and through one, two and four `cardarena worker` processes on PostgreSQL, side by side in
# one run, with bots that think a few milliseconds per decision.
#
#   scripts/scaling-bench.sh                         # builds the release binary first
#   CARDARENA_BIN=target/release/cardarena scripts/scaling-bench.sh
#   scripts/scaling-bench.sh --matches 800 --think-ms 5
#
# Each configuration is one `cardarena bench --queue` (server/src/cli/bench_queue.rs) on a
# database of its own: a SQLite file in a temporary folder, or a fresh database of a throw-away
# PostgreSQL cluster that this script starts in that folder, on a free loopback port, with
# Debian's initdb and pg_ctl (run as the postgres user when this is root, since initdb refuses
# root), and stops on exit. The cluster runs with fsync=off, since nothing in it is kept: the
# figures show the queue's and the queries' costs, not this machine's disk (SQLite's WAL at
# synchronous=NORMAL does not sync each commit either); a production PostgreSQL syncs its commits.
# Every process of a run shares this machine's cores: the bench (with the bots), the workers and
# PostgreSQL.
#
# Arguments go to every run: --matches M (default 400), --think-ms T (2), --max-matches S (16
# slots per process), --game G (durak). Prints each run's JSON line, then a table; a run that
# fails is shown as failed and the script exits 1 at the end.
# Environment: CARDARENA_BIN (a built `cardarena`; unset: `cargo build --release`), KEEP_WORK=1
# (keep the temporary folder with the databases and logs).
set -euo pipefail
for arg in "$@"; do
    case $arg in
        -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        --workers* | --database-url* | --queue) echo "scaling-bench: $arg is set per run" >&2; exit 2 ;;
    esac
done
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/cardarena-scaling.XXXXXX")
say() { echo "scaling-bench: $*" >&2; }
die() {
    say "error: $*"
    exit 1
}

cluster=
# Runs a PostgreSQL tool as the postgres user when this is root (initdb refuses root).
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
finish() {
    local status=$?
    trap - EXIT INT TERM
    if [ -n "$cluster" ]; then
        as_postgres "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    if [ "$status" -ne 0 ] || [ "${KEEP_WORK:-}" = 1 ]; then
        say "the databases and logs are in $work"
    else
        rm -rf "$work"
    fi
    exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

command -v python3 >/dev/null || die "python3 is needed (it prints the table)"
if [ -n "${CARDARENA_BIN:-}" ]; then
    bin=$CARDARENA_BIN
else
    say "building the release binary (set CARDARENA_BIN to use one already built)"
    cargo build --release --locked --bin cardarena >&2
    bin=${CARGO_TARGET_DIR:-target}/release/cardarena
fi
[ -x "$bin" ] || die "no executable $bin"
case $bin in /*) ;; *) bin=$root/$bin ;; esac

# The throw-away cluster.
# Debian's PostgreSQL folder, where createdb is too (a link to initdb elsewhere is followed).
initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | tail -n 1 || true)
pg_bin=$(dirname "$(readlink -f "${initdb:-$(command -v initdb)}")")
[ -x "$pg_bin/initdb" ] || die "PostgreSQL's initdb is needed (apt-get install postgresql)"
cluster=$work/postgres
mkdir -p "$cluster"
[ "$(id -u)" != 0 ] || chown postgres "$work" "$cluster"
pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_postgres "$pg_bin/initdb" -D "$cluster/data" -U postgres -A trust >"$work/initdb.log" 2>&1 \
    || die "initdb failed (log: $work/initdb.log)"
as_postgres "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/postgres.log" -w \
    -o "-p $pg_port -k $cluster -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
    || die "the PostgreSQL cluster did not start (log: $cluster/postgres.log)"
say "a throw-away PostgreSQL cluster (fsync off) on port $pg_port"

lines=$work/results.jsonl
: >"$lines"
failed=0
# One run: its name, its database's URL, its number of workers, then the bench's arguments.
run() {
    local name=$1 url=$2 workers=$3 line
    shift 3
    say "$name"
    if line=$("$bin" bench --queue --database-url "$url" --workers "$workers" "$@" \
        2>"$work/$name.log"); then
        echo "$line"
        printf '{"run": "%s", "report": %s}\n' "$name" "$line" >>"$lines"
    else
        say "$name failed: $(tail -n 3 "$work/$name.log")"
        printf '{"run": "%s", "report": null}\n' "$name" >>"$lines"
        failed=1
    fi
}
# A new, empty database of the cluster: its URL.
fresh_database() {
    "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres "$1" && echo "postgres://postgres@127.0.0.1:$pg_port/$1"
}
run sqlite-1-process "sqlite://$work/bench.db" 0 "$@"
for workers in 1 2 4; do
    url=$(fresh_database "bench_$workers") || die "createdb bench_$workers failed"
    run "postgres-$workers-workers" "$url" "$workers" "$@"
done

python3 - "$lines" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
base = next((r["report"]["matches_per_sec"] for r in rows if r["report"]
             and r["report"]["backend"] == "sqlite"), None)
print()
print(f"{'run':<20} {'slots':>5} {'matches':>7} {'seconds':>8} {'matches/s':>10} {'decisions/s':>12} {'vs SQLite':>9}")
for row in rows:
    r = row["report"]
    if r is None:
        print(f"{row['run']:<20} failed")
        continue
    slots = r["slots"] * max(r["workers"], 1)
    ratio = f"{r['matches_per_sec'] / base:.2f}x" if base else "-"
    print(f"{row['run']:<20} {slots:>5} {r['matches']:>7} {r['seconds']:>8.2f}"
          f" {r['matches_per_sec']:>10.1f} {r['decisions_per_sec']:>12.0f} {ratio:>9}")
r = next((row["report"] for row in rows if row["report"]), None)
if r:
    print(f"\n{r['think_ms']} ms per contestant decision, {r['slots']} slots per process")
PY
exit "$failed"
