#!/usr/bin/env bash
# Issue 26's figures, before and after, in one run: each scenario of scripts/hostile/ against a
# fresh `cardarena serve` (a new SQLite file, not public, no ladder) of each binary given, one
# after the other on this machine.
#
#   scripts/hostile/run.sh before=/path/to/old/cardarena after=target/release/cardarena
#
# Each scenario's JSON line is written to $OUT/LABEL-SCENARIO.json (OUT: a new temporary folder,
# printed) and echoed. Scenarios: slots (1 and 16 attacking addresses), growth, frames,
# dial_idle, database (a SQLite file another program locks), organiser (skipped where the binary
# has no organiser routes), and issue 41's registrations: registrations_rotate (public, behind a
# trusted proxy on loopback: /24 and /64 rotations), registrations_flood (one address, defaults)
# and registrations_unused (many networks, behind the proxy); and issue 41's thinking pool, each
# with the demo's ladder running (`serve --demo`): experts9 and experts30 (strangers' tables of
# expert house bots from 9 and 30 /24s), analyses14 (an analysis flood from 14) and
# analyses_rotate (analyses from 40 addresses of one /24 and one /64, behind the proxy).
# SCENARIOS="slots1 growth" runs only those.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/hostile.XXXXXX")}
scenarios=${SCENARIOS:-"slots1 slots16 growth frames dial_idle database organiser
    registrations_rotate registrations_flood registrations_unused
    experts9 experts30 analyses14 analyses_rotate"}
token=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
mkdir -p "$out"
echo "hostile: figures in $out"

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

pid=
stop_server() {
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        pid=
    fi
}
trap stop_server EXIT

# The flags a scenario's server is started with, beyond the common ones.
scenario_flags() {
    case $1 in
    registrations_rotate) echo "--no-ladder --public --trust-proxy 127.0.0.1" ;;
    registrations_unused) echo "--no-ladder --trust-proxy 127.0.0.1" ;;
    experts*|analyses14) echo "--demo" ;;
    analyses_rotate) echo "--no-ladder --trust-proxy 127.0.0.1" ;;
    *) echo "--no-ladder" ;;
    esac
}

# Starts BIN on a fresh database, with the flags of scenario SCENARIO: sets pid, url and db.
start_server() {
    local bin=$1 dir port flags
    flags=$(scenario_flags "$2")
    dir=$(mktemp -d "$out/server.XXXXXX")
    db=$dir/cardarena.db
    port=$(free_port)
    url=http://127.0.0.1:$port
    # $flags is split into its words on purpose.
    CARDARENA_ADMIN_TOKEN=$token "$bin" serve --addr "127.0.0.1:$port" \
        --database-url "sqlite://$db" $flags >"$dir/stdout.log" 2>"$dir/stderr.log" &
    pid=$!
    for _ in $(seq 100); do
        curl -fsS --noproxy '*' -o /dev/null "$url/api/games" 2>/dev/null && return
        sleep 0.1
    done
    echo "hostile: $bin did not start (log: $dir)" >&2
    exit 1
}

# The database scenario: a write while another program holds the SQLite file's write lock.
database_scenario() {
    python3 - "$db" "$url" <<'EOF'
import json, sqlite3, sys, time, urllib.error, urllib.request
db, url = sys.argv[1], sys.argv[2]
holder = sqlite3.connect(db, isolation_level=None, timeout=1)
holder.execute("BEGIN EXCLUSIVE")
body = json.dumps({"name": "locked-out", "game": "durak", "connect": True}).encode()
request = urllib.request.Request(url + "/api/bots", data=body,
                                 headers={"content-type": "application/json"})
started = time.monotonic()
try:
    status, kind = urllib.request.urlopen(request, timeout=60).status, None
except urllib.error.HTTPError as e:
    status, kind = e.code, json.load(e).get("error")
took = time.monotonic() - started
holder.execute("ROLLBACK")
holder.close()
print(json.dumps({"locked_write_status": status, "locked_write_error": kind,
                  "locked_write_ms": round(took * 1000)}))
EOF
}

run_scenario() {
    local scenario=$1
    case $scenario in
    slots1) python3 scripts/hostile/slots.py --server "$url" --sources 1 ;;
    slots16) python3 scripts/hostile/slots.py --server "$url" --sources 16 ;;
    growth) python3 scripts/hostile/growth.py --server "$url" ;;
    frames) python3 scripts/hostile/frames.py --server "$url" --pid "$pid" ;;
    dial_idle) python3 scripts/hostile/dial_idle.py --server "$url" --pid "$pid" ;;
    database) database_scenario ;;
    registrations_rotate) python3 scripts/hostile/registrations.py --server "$url" --mode rotate ;;
    registrations_flood)
        python3 scripts/hostile/registrations.py --server "$url" --mode flood --db "$db"
        ;;
    registrations_unused)
        python3 scripts/hostile/registrations.py --server "$url" --mode unused --count 1200
        ;;
    experts9) python3 scripts/hostile/thinking.py --server "$url" --pid "$pid" --attack experts --sources 9 ;;
    experts30) python3 scripts/hostile/thinking.py --server "$url" --pid "$pid" --attack experts --sources 30 ;;
    analyses14) python3 scripts/hostile/thinking.py --server "$url" --pid "$pid" --attack analyses --sources 14 ;;
    analyses_rotate) python3 scripts/hostile/thinking.py --server "$url" --attack rotate ;;
    organiser)
        curl -s --noproxy '*' "$url/api/openapi.json" | grep -q '/admin/bots/' \
            || { echo '{"skipped": "no organiser routes"}'; return; }
        python3 scripts/hostile/organiser.py --server "$url" --admin-token "$token"
        ;;
    *) echo "hostile: no scenario $scenario" >&2; exit 2 ;;
    esac
}

for labelled in "$@"; do
    label=${labelled%%=*}
    bin=${labelled#*=}
    for scenario in $scenarios; do
        start_server "$bin" "$scenario"
        line=$(run_scenario "$scenario" | tail -n 1) || line="{\"failed\": true}"
        stop_server
        echo "$line" >"$out/$label-$scenario.json"
        echo "$label $scenario $line"
    done
done
