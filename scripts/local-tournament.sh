#!/usr/bin/env bash
# A whole contest on this machine, without Docker: the same topology as docker-compose.yml.
#
#   scripts/local-tournament.sh                                # builds the release binary first
#   CARDARENA_BIN=target/debug/cardarena scripts/local-tournament.sh
#   scripts/local-tournament.sh --keep                         # the server stays up at the end
#   scripts/local-tournament.sh --postgres                     # on PostgreSQL, with 2 workers
#   scripts/local-tournament.sh --postgres=postgres://u:p@host/db
#
# Starts `cardarena serve --demo` on a free loopback port with a temporary SQLite file and an
# organiser token of its own, starts the starter-kit bots of scripts/contest.json (Python and
# JavaScript) on free loopback ports, and runs scripts/organise.py, which registers the bots
# (each kit starts once its secret is written: scripts/with-secret.sh), creates the contest's
# three-stage tournament, enters the bots, starts it, follows it to the end and prints the
# standings, saying plainly where two bots tie. Exits 0 when the tournament finished with no
# fault, no skipped bot and no failed match; otherwise prints the logs' tails and exits non-zero.
# Every process it started is stopped on exit.
#
# With --keep (or KEEP_SERVER=1) the server and the bots stay up once the tournament is over, so
# the printed links keep working (the matches, the standings, the demo cup beside them) until
# Ctrl-C, which stops them all and exits 0.
#
# With --postgres the same contest runs as docs/scaling.md describes: `serve --no-play` and two
# `cardarena worker` processes on one PostgreSQL database, sharing a key file. --postgres=URL uses
# that (empty) database; plain --postgres starts a throw-away cluster in the temporary folder with
# Debian's initdb and pg_ctl (as the postgres user when run as root) and stops it on exit.
#
# Needs python3 (3.9+) and node (18+). Environment: CARDARENA_BIN (a built `cardarena`; unset:
# `cargo build --release`, found where cargo puts it: CARGO_TARGET_DIR, say), TOURNAMENT_TIMEOUT
# (seconds to finish, default 300), KEEP_WORK=1 (keep the temporary folder with the database and
# the logs; it is kept anyway on failure), KEEP_SERVER=1 (as --keep).
set -euo pipefail
keep=${KEEP_SERVER:-0}
postgres=
for arg in "$@"; do
    case $arg in
        --keep) keep=1 ;;
        --postgres) postgres=cluster ;;
        --postgres=*) postgres=${arg#--postgres=} ;;
        -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "local-tournament: unknown argument $arg (try --help)" >&2; exit 2 ;;
    esac
done
cd "$(dirname "$0")/.."
root=$PWD
timeout=${TOURNAMENT_TIMEOUT:-300}
export PYTHONUNBUFFERED=1

work=$(mktemp -d "${TMPDIR:-/tmp}/cardarena-local.XXXXXX")
pids=()   # stopped in this order: the organiser, the server, the bots
logs=()

say() { echo "local-tournament: $*"; }

stop() {
    local pid
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        # Up to 5 s to go, then killed.
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    pids=()
}

finish() {
    local status=$?
    trap - EXIT INT TERM
    if [ "$status" -ne 0 ]; then
        # The logs as they are at the failure, before stopping the processes adds to them.
        local log
        for log in "${logs[@]}"; do
            echo "--- last lines of $log"
            tail -n 30 "$log" || true
        done
    fi
    stop
    stop_cluster
    if [ "$status" -ne 0 ]; then
        say "failed (exit $status) after ${SECONDS} s; the database and the logs are in $work"
    elif [ "${KEEP_WORK:-}" = 1 ]; then
        say "the database and the logs are in $work"
    else
        rm -rf "$work"
    fi
    exit "$status"
}
cluster_dir=
stop_cluster() {
    [ -n "$cluster_dir" ] || return 0
    as_postgres "$pg_bin/pg_ctl" -D "$cluster_dir/data" -m immediate stop >/dev/null 2>&1 || true
    cluster_dir=
}
# Runs a PostgreSQL tool as the postgres user when this is root (initdb refuses root).
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

die() {
    say "error: $*" >&2
    exit 1
}

for tool in python3 node; do
    command -v "$tool" >/dev/null || die "$tool is needed (the bots are the Python and JavaScript kits)"
done

# The binary.
if [ -n "${CARDARENA_BIN:-}" ]; then
    bin=$CARDARENA_BIN
else
    say "building the release binary (set CARDARENA_BIN to use one already built)"
    cargo build --release --locked --bin cardarena
    # Where cargo put it: CARGO_TARGET_DIR, a config's build.target-dir, or target/.
    target_dir=$(cargo metadata --format-version 1 --no-deps --locked \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
    bin=$target_dir/release/cardarena
fi
[ -x "$bin" ] || die "no executable $bin"
case $bin in /*) ;; *) bin=$root/$bin ;; esac

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The database: a SQLite file, or PostgreSQL (a throw-away cluster unless a URL was given).
database=sqlite://$work/cardarena.db
serve_args=()
if [ "$postgres" = cluster ]; then
    pg_bin=$(dirname "$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb | tail -n 1)")
    [ -x "$pg_bin/initdb" ] || die "--postgres needs PostgreSQL's initdb (apt-get install postgresql)"
    cluster_dir=$work/postgres
    mkdir -p "$cluster_dir"
    [ "$(id -u)" != 0 ] || chown postgres "$work" "$cluster_dir"
    pg_port=$(free_port)
    as_postgres "$pg_bin/initdb" -D "$cluster_dir/data" -U postgres -A trust >"$work/initdb.log" 2>&1 \
        || die "initdb failed (log: $work/initdb.log)"
    as_postgres "$pg_bin/pg_ctl" -D "$cluster_dir/data" -l "$cluster_dir/postgres.log" -w \
        -o "-p $pg_port -k $cluster_dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
        || die "the PostgreSQL cluster did not start (log: $cluster_dir/postgres.log)"
    postgres=postgres://postgres@127.0.0.1:$pg_port/postgres
    say "a throw-away PostgreSQL cluster on port $pg_port"
fi
if [ -n "$postgres" ]; then
    database=$postgres
    serve_args=(--no-play --key-file "$work/cardarena.key")
fi

# The server, on a free port (port 0: it prints the one it got) with an organiser token chosen
# here.
admin_token=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
server_log=$work/server.log
logs+=("$server_log")
NO_COLOR=1 CARDARENA_ADMIN_TOKEN=$admin_token "$bin" serve --addr 127.0.0.1:0 \
    --database-url "$database" "${serve_args[@]}" --demo >"$server_log" 2>&1 &
pids+=("$!")
server_pid=$!
addr=
deadline=$((SECONDS + 60))
while [ -z "$addr" ]; do
    kill -0 "$server_pid" 2>/dev/null || die "the server exited"
    [ "$SECONDS" -lt "$deadline" ] || die "the server did not start within 60 s"
    sleep 0.1
    addr=$(sed -n 's|^leaderboard: http://\(.*\)/$|\1|p' "$server_log")
done
server=http://$addr
say "server at $server (log: $server_log)"

# On PostgreSQL, two workers play the matches; the server made the key file they share.
if [ -n "$postgres" ]; then
    for n in 1 2; do
        log=$work/worker-$n.log
        logs+=("$log")
        NO_COLOR=1 "$bin" worker --database-url "$database" --key-file "$work/cardarena.key" \
            >"$log" 2>&1 &
        pids+=("$!")
        say "worker $n (log: $log)"
    done
fi

# The bots of the contest, each on a free loopback port, waiting for its secret.
mapfile -t bots < <(python3 -c '
import json, sys
for bot in json.load(open(sys.argv[1]))["bots"]:
    print(bot["name"], bot["kit"])
' scripts/contest.json)
[ "${#bots[@]}" -gt 0 ] || die "no bots in scripts/contest.json"
mapfile -t ports < <(python3 -c '
import socket, sys
held = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    held.append(s)
print("\n".join(str(s.getsockname()[1]) for s in held))
' "${#bots[@]}")
[ "${#ports[@]}" -eq "${#bots[@]}" ] || die "could not find free ports"

bot_args=()
for i in "${!bots[@]}"; do
    read -r name kit <<<"${bots[$i]}"
    port=${ports[$i]}
    case $kit in
        python) command=(python3 "$root/bots/kits/python/bot.py") ;;
        js) command=(node "$root/bots/kits/js/bot.js") ;;
        *) die "unknown kit $kit for $name in scripts/contest.json" ;;
    esac
    log=$work/$name.log
    logs+=("$log")
    PORT=$port HOST=127.0.0.1 WITH_SECRET_TIMEOUT=120 \
        sh scripts/with-secret.sh "$work/secrets/$name/secret" "${command[@]}" >"$log" 2>&1 &
    pids+=("$!")
    bot_args+=(--bot "$name=http://127.0.0.1:$port/")
    say "$name ($kit kit) on port $port (log: $log)"
done

# The organiser: registrations, secrets, the tournament, its standings. In the background, so
# that a signal reaches the traps at once; stopped first.
CARDARENA_ADMIN_TOKEN=$admin_token python3 scripts/organise.py --server "$server" \
    "${bot_args[@]}" --secrets "$work/secrets" --state "$work/state" \
    --timeout 60 --wait "$timeout" --strict &
organiser=$!
pids=("$organiser" "${pids[@]}")
status=0
wait "$organiser" || status=$?
pids=("${pids[@]:1}")  # reaped: its id is no longer ours to signal
[ "$status" -eq 0 ] || exit "$status"
say "done in ${SECONDS} s"
if [ "$keep" = 1 ]; then
    say "the server stays up at $server/ (the links above keep working); Ctrl-C stops it"
    trap 'exit 0' INT TERM
    wait "$server_pid" || true
    die "the server exited on its own (log: $server_log)"
fi
