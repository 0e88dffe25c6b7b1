#!/usr/bin/env bash
# The queue's benchmark (issue 16, docs/scaling.md): matches per second through one process on
# SQLite and through one, two and four `cardarena worker` processes on PostgreSQL, side by side in
# one run, with bots that think a few milliseconds per decision.
#
#   scripts/scaling-bench.sh                         # builds the release binary first
#   CARDARENA_BIN=target/release/cardarena scripts/scaling-bench.sh
#   scripts/scaling-bench.sh --matches 800 --think-ms 5
#
# Each configuration is one `cardarena bench --queue` (cli/src/bench_queue.rs) on a
# database of its own: a SQLite file in a temporary folder, or a fresh database of a throw-away
# PostgreSQL cluster that this script starts in that folder, on a free loopback port, with
# Debian's initdb and pg_ctl (run as the postgres user when this is root, since initdb refuses
# root), and stops on exit. The cluster runs with fsync=off, since nothing in it is kept: the
# figures show the queue's and the queries' costs, not this machine's disk (SQLite's WAL at
# synchronous=NORMAL does not sync each commit either); a production PostgreSQL syncs its commits.
# Every process of a run shares this machine's cores: the bench (with the bots), the workers and
# PostgreSQL.
#
# The cluster loads pg_stat_statements: after each PostgreSQL run the script reads how long that
# run's statements took in all, and how much of it went to the statements that take the store's
# advisory locks (time spent waiting for them, since taking a free one costs microseconds); each
# run's ten slowest statements are kept in its folder (KEEP_WORK=1 keeps it).
#
# Each run's CPU time is counted too: the bench's (its bots, and the workers it starts and waits
# for) and the cluster's (the postmaster and every backend), from the start of the run to its
# end, setting up and reading back included. The table gives it per match, and the matches a
# second this machine's cores could carry at that cost were they given to nothing else.
#
# Arguments go to every run: --matches M (default 400), --think-ms T (2), --max-matches S (16
# slots per process), --game G (durak); but --runs N (1) runs every configuration N times, in
# turn (SQLite, 1, 2, 4 workers, then again), --no-sqlite leaves the SQLite run out, and
# --pg-workers "4" (a list, default "1 2 4") says which PostgreSQL runs to make. Prints
# each run's JSON line, then a table with each configuration's median, its spread (lowest and
# highest) and its median against SQLite and against one worker; a run that fails is shown as
# failed and the script exits 1 at the end.
# Environment: CARDARENA_BIN (a built `cardarena`; unset: `cargo build --release`), KEEP_WORK=1
# (keep the temporary folder with the databases and logs).
set -euo pipefail
runs=1
sqlite=1
worker_runs='1 2 4'
args=()
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        --workers* | --database-url* | --queue) echo "scaling-bench: $1 is set per run" >&2; exit 2 ;;
        --runs) runs=${2:?--runs needs a number}; shift ;;
        --runs=*) runs=${1#--runs=} ;;
        --no-sqlite) sqlite= ;;
        --pg-workers) worker_runs=${2:?--pg-workers needs a list}; shift ;;
        *) args+=("$1") ;;
    esac
    shift
done
case $runs in '' | *[!0-9]* | 0) echo "scaling-bench: --runs takes a number from 1" >&2; exit 2 ;; esac
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
[ -x /usr/bin/time ] || die "GNU time is needed as /usr/bin/time (apt-get install time)"
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
    -o "-p $pg_port -k $cluster -c listen_addresses=127.0.0.1 -c fsync=off \
        -c shared_preload_libraries=pg_stat_statements" start >/dev/null \
    || die "the PostgreSQL cluster did not start (log: $cluster/postgres.log)"
say "a throw-away PostgreSQL cluster (fsync off) on port $pg_port"
# SQL on the cluster's `postgres` database, unaligned and without headers.
psql_postgres() {
    "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -X -q -A -t -v ON_ERROR_STOP=1 "$@"
}
psql_postgres -c "CREATE EXTENSION pg_stat_statements" >/dev/null \
    || die "pg_stat_statements did not load"

lines=$work/results.jsonl
: >"$lines"
failed=0
# The CPU seconds the cluster has used so far: the postmaster's, its exited children's (which it
# waited for) and its live children's.
pg_cpu() {
    python3 - "$(head -n 1 "$cluster/data/postmaster.pid")" <<'PY'
import os, sys
postmaster, total = sys.argv[1], 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        continue
    fields = stat[stat.rindex(")") + 2:].split()  # from the state, the 3rd field
    if pid == postmaster:
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    elif fields[1] == postmaster:
        total += int(fields[11]) + int(fields[12])
print(total / os.sysconf("SC_CLK_TCK"))
PY
}
# One run: its name, its database's URL, its number of workers, then the bench's arguments.
run() {
    local name=$1 url=$2 workers=$3 line stats pg_before cpu
    shift 3
    say "$name"
    pg_before=$(pg_cpu)
    if line=$(/usr/bin/time -f '%U %S' -o "$work/$name.time" \
        "$bin" bench --queue --database-url "$url" --workers "$workers" "$@" \
        2>"$work/$name.log"); then
        cpu=$(python3 -c 'import sys; u, s = open(sys.argv[1]).read().split()[-2:]
print(f"{{\"bench\": {float(u) + float(s):.2f}, \"postgres\": {float(sys.argv[3]) - float(sys.argv[2]):.2f}}}")' \
            "$work/$name.time" "$pg_before" "$(pg_cpu)")
        stats=$(statements "$name" "$url") || stats=
        [ -n "$stats" ] || say "$name: pg_stat_statements could not be read"
        echo "$line ${stats:-} $cpu"
        printf '{"run": "%s", "workers": %s, "report": %s, "statements": %s, "cpu": %s}\n' \
            "$name" "$workers" "$line" "${stats:-null}" "$cpu" >>"$lines"
    else
        say "$name failed: $(tail -n 3 "$work/$name.log")"
        printf '{"run": "%s", "workers": %s, "report": null}\n' "$name" "$workers" >>"$lines"
        failed=1
    fi
}
# The statements of the run just made on the database of `url` (none for SQLite), as JSON: their
# time in all and the time of those that take the store's advisory locks, in seconds; the ten
# slowest are written to the run's folder. pg_stat_statements is reset for the next run.
statements() {
    local name=$1 url=$2
    case $url in postgres*) ;; *) echo null; return ;; esac
    local db="(SELECT oid FROM pg_database WHERE datname = '${url##*/}')"
    psql_postgres -F ' | ' -c "SELECT round(total_exec_time::numeric, 1) AS ms, calls,
            left(regexp_replace(query, '\s+', ' ', 'g'), 140)
        FROM pg_stat_statements WHERE dbid = $db ORDER BY total_exec_time DESC LIMIT 10" \
        >"$work/$name.statements" || true
    psql_postgres -c "SELECT json_build_object(
            'seconds', round(COALESCE(SUM(total_exec_time), 0)::numeric / 1000, 2),
            'lock_seconds', round(COALESCE(SUM(total_exec_time)
                FILTER (WHERE query LIKE '%pg_advisory_xact_lock%'), 0)::numeric / 1000, 2))
        FROM pg_stat_statements WHERE dbid = $db"
    psql_postgres -c "SELECT pg_stat_statements_reset()" >/dev/null
}
# A new, empty database of the cluster: its URL.
fresh_database() {
    "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres "$1" && echo "postgres://postgres@127.0.0.1:$pg_port/$1"
}
psql_postgres -c "SELECT pg_stat_statements_reset()" >/dev/null
for round in $(seq 1 "$runs"); do
    suffix=
    [ "$runs" = 1 ] || suffix="-run$round"
    if [ -n "$sqlite" ]; then
        run "sqlite-1-process$suffix" "sqlite://$work/bench$round.db" 0 ${args[@]+"${args[@]}"}
    fi
    for workers in $worker_runs; do
        url=$(fresh_database "bench_${workers}_$round") || die "createdb bench_${workers}_$round failed"
        run "postgres-$workers-workers$suffix" "$url" "$workers" ${args[@]+"${args[@]}"}
    done
done

python3 - "$lines" <<'PY'
import json, os, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
configs = {}
for row in rows:
    name = row["run"].split("-run")[0]
    configs.setdefault(name, []).append(row)
def median(values):
    return statistics.median(values) if values else None
speed = {name: median([r["report"]["matches_per_sec"] for r in runs if r["report"]])
         for name, runs in configs.items()}
base = speed.get("sqlite-1-process")
cores = os.cpu_count()
one = speed.get("postgres-1-workers")
print()
print(f"{'run':<20} {'slots':>5} {'runs':>4} {'matches/s':>9} {'spread':>13} {'decisions/s':>11}"
      f" {'vs SQLite':>9} {'vs 1 wkr':>8} {'stmt s':>7} {'lock s':>7} {'lock %':>6}"
      f" {'cpu ms/m':>8} {'ceiling':>7}")
for name, runs in configs.items():
    good = [r for r in runs if r["report"]]
    if not good:
        print(f"{name:<20} failed")
        continue
    reports = [r["report"] for r in good]
    mps = [r["matches_per_sec"] for r in reports]
    slots = reports[0]["slots"] * max(reports[0]["workers"], 1)
    spread = f"{min(mps):.1f}-{max(mps):.1f}"
    dps = median([r["decisions_per_sec"] for r in reports])
    ratio = lambda b: f"{speed[name] / b:.2f}x" if b else "-"
    stats = [r["statements"] for r in good if r.get("statements")]
    if stats:
        stmt = median([s["seconds"] for s in stats])
        lock = median([s["lock_seconds"] for s in stats])
        share = median([100 * s["lock_seconds"] / s["seconds"] for s in stats if s["seconds"]])
        db = f" {stmt:>7.1f} {lock:>7.1f} {share:>5.1f}%"
    else:
        db = f" {'-':>7} {'-':>7} {'-':>6}"
    cpu = median([1000 * (r["cpu"]["bench"] + r["cpu"]["postgres"]) / r["report"]["finished"]
                  for r in good if r.get("cpu") and r["report"]["finished"]])
    db += f" {cpu:>8.1f} {cores * 1000 / cpu:>7.0f}" if cpu else f" {'-':>8} {'-':>7}"
    failed = len(runs) - len(good)
    note = f"  ({failed} failed)" if failed else ""
    print(f"{name:<20} {slots:>5} {len(good):>4} {speed[name]:>9.1f} {spread:>13} {dps:>11.0f}"
          f" {ratio(base):>9} {ratio(one):>8}{db}{note}")
r = next((row["report"] for row in rows if row["report"]), None)
if r:
    print(f"\n{r['think_ms']} ms per contestant decision, {r['slots']} slots per process,"
          f" {r['matches']} matches a run; medians of the runs, spread = lowest-highest;"
          f" lock s = time in the statements taking the store's advisory locks;"
          f" cpu ms/m = CPU per match (bench, bots, workers, PostgreSQL); ceiling = the"
          f" matches/s {cores} cores carry at that cost")
PY
exit "$failed"
