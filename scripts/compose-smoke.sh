#!/usr/bin/env bash
# docker-compose, run for real (CI runs this after scripts/check-compose.py):
#
#   scripts/compose-smoke.sh
#
# 1. Starts dockerd when none answers (and stops it at the end).
# 2. Makes every image the compose files and the Dockerfile name available: pulled when the
#    daemon can, else built here under that name by scripts/standins/build.sh (no image registry
#    is reachable on CI's machines; scripts/standins/README.md tells what stands in for what).
# 3. docker-compose.yml: `up --build`, waits for the organiser's standings (its container exits 0
#    having printed them) and for the server's /readyz to answer 200, checks the leaderboard page
#    `/`, `down -v`.
# 4. The same laid over docker-compose.postgres.yml, with its two workers: once a worker plays a
#    match, `docker kill`s its container (paused first, so that the kill lands mid-match); the cup
#    must still finish, every match of it played, and the dead worker's matches played again
#    (they go back to the queue when their leases pass).
#
# The files are used as they are: the script only sets CARDARENA_PORT (a free port of this
# machine for the server's, instead of 8080) and CARDARENA_ADMIN_TOKEN (to ask /api/workers).
# Each run is a compose project of its own (-p cardarena-smoke-PID-...), brought down with its
# volumes and network on exit, however the script ends. Prints how long each step took.
# Environment: SMOKE_TIMEOUT (seconds for each cup, default 900), KEEP_WORK=1 (keep the folder of
# logs, kept anyway on failure).
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=${SMOKE_TIMEOUT:-900}
work=$(mktemp -d "${TMPDIR:-/tmp}/compose-smoke.XXXXXX")
project_prefix=cardarena-smoke-$$
projects=()   # "NAME FILE..." of every project brought up, brought down on exit
dockerd_pid=
export CARDARENA_ADMIN_TOKEN
CARDARENA_ADMIN_TOKEN=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')

say() { echo "compose-smoke: $*"; }
failure=
# die may run in a subshell (a $(...)), whose variables the script never sees: the reason is also
# written to a file that the exit handler reads.
die() {
    failure=$*
    echo "$*" >"$work/failure"
    say "error: $*" >&2
    exit 1
}
# Free space where Docker keeps its images and layers (a full disk once failed a stand-in's build).
disk_free() {
    local root
    root=$(docker info -f '{{.DockerRootDir}}' 2>/dev/null) || root=/var/lib
    df -h --output=avail "$root" 2>/dev/null | tail -n 1 | tr -d ' '
}
step_start=
step() {
    step_name=$1
    step_start=$SECONDS
    say "$step_name ..."
}
step_done() {
    say "$step_name: $((SECONDS - step_start)) s"
}

compose() {
    local name=$1
    shift
    local files=() file
    for file in $(project_files "$name"); do files+=(-f "$file"); done
    docker-compose -p "$name" "${files[@]}" "$@"
}
project_files() {
    local entry
    for entry in "${projects[@]}"; do
        if [ "${entry%% *}" = "$1" ]; then
            echo "${entry#* }"
            return
        fi
    done
}

finish() {
    local status=$? entry name
    trap - EXIT INT TERM
    [ -n "$failure" ] || [ ! -s "$work/failure" ] || failure=$(cat "$work/failure")
    [ -n "$failure" ] || [ ! -s "$work/failure.trace" ] || failure=$(head -n 1 "$work/failure.trace")
    [ "$status" -eq 0 ] || say "free space: $(disk_free)"
    for entry in "${projects[@]}"; do
        name=${entry%% *}
        if [ "$status" -ne 0 ]; then
            say "--- $name's containers"
            compose "$name" ps 2>&1 || true
            say "--- the last lines of $name's logs"
            compose "$name" logs --no-color --tail 40 2>&1 || true
        fi
        compose "$name" down -v --remove-orphans --timeout 10 >"$work/down-$name.log" 2>&1 \
            || say "warning: $name: down -v failed (log: $work/down-$name.log)"
    done
    if [ -n "$dockerd_pid" ]; then
        kill "$dockerd_pid" 2>/dev/null || true
        for _ in $(seq 100); do
            kill -0 "$dockerd_pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -9 "$dockerd_pid" 2>/dev/null || true
        wait "$dockerd_pid" 2>/dev/null || true
    fi
    if [ "$status" -ne 0 ]; then
        say "failed (exit $status) after ${SECONDS} s${failure:+: $failure}; logs in $work"
    elif [ "${KEEP_WORK:-}" = 1 ]; then
        say "logs in $work"
    else
        rm -rf "$work"
    fi
    exit "$status"
}
trap finish EXIT
# Any command that stops the script (set -e), in a subshell too, is named with its line.
set -o errtrace
trap 'echo "compose-smoke: line $LINENO: \`$BASH_COMMAND\` failed" >>"$work/failure.trace"; say "line $LINENO: \`$BASH_COMMAND\` failed" >&2' ERR
trap 'exit 130' INT
trap 'exit 143' TERM

command -v docker >/dev/null || die "docker is missing (apt-get install docker.io)"
command -v docker-compose >/dev/null || die "docker-compose is missing (apt-get install docker-compose)"

# 1. The daemon.
step "dockerd"
if ! docker info >/dev/null 2>&1; then
    command -v dockerd >/dev/null || die "no Docker daemon answers and dockerd is missing"
    # `init: true` runs the daemon's docker-init; Debian's docker.io has it as tini.
    init=$(command -v docker-init || command -v tini-static || command -v tini || true)
    dockerd ${init:+--init-path "$init"} >"$work/dockerd.log" 2>&1 &
    dockerd_pid=$!
    for _ in $(seq 150); do
        docker info >/dev/null 2>&1 && break
        kill -0 "$dockerd_pid" 2>/dev/null || { tail -n 20 "$work/dockerd.log"; die "dockerd exited"; }
        sleep 0.2
    done
    docker info >/dev/null 2>&1 || die "dockerd did not answer within 30 s"
    say "started dockerd (log: $work/dockerd.log)"
fi
step_done

# 2. The images: the services' (but the one built from the Dockerfile) and the Dockerfile's bases.
step "images"
mapfile -t images < <(
    docker-compose -f docker-compose.yml -f docker-compose.postgres.yml config \
        | /usr/bin/python3 -c '
import sys, yaml
services = (yaml.safe_load(sys.stdin)["services"] or {}).values()
built = {s.get("image") for s in services if "build" in s}
for image in {s.get("image") for s in services} - built - {None}:
    print(image)'
    sed -n 's/^ARG [A-Z_]*IMAGE=//p' Dockerfile
)
mapfile -t images < <(printf '%s\n' "${images[@]}" | sort -u)
say "${images[*]}"
say "free space: $(disk_free) (Docker's root: $(docker info -f '{{.DockerRootDir}}' 2>/dev/null))"
scripts/standins/build.sh "${images[@]}"
step_done

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits for the organiser's container to exit, then checks it exited 0 with the standings.
wait_for_standings() {
    local name=$1 id state deadline=$((SECONDS + timeout))
    id=$(compose "$name" ps -q organiser)
    [ -n "$id" ] || die "$name: no organiser container"
    while :; do
        state=$(docker inspect --format '{{.State.Status}} {{.State.ExitCode}}' "$id")
        [ "${state% *}" = exited ] && break
        [ "$SECONDS" -lt "$deadline" ] || die "$name: the organiser is still $state after ${timeout} s"
        sleep 1
    done
    docker logs "$id" >"$work/organiser-$name.log" 2>&1
    [ "${state#* }" = 0 ] || die "$name: the organiser exited ${state#* } (log: $work/organiser-$name.log)"
    grep -q '^final standings:' "$work/organiser-$name.log" \
        || die "$name: the organiser printed no standings (log: $work/organiser-$name.log)"
    sed -n '/^final standings:/,$p' "$work/organiser-$name.log"
}

# Waits until GET URL answers 200.
wait_for_ready() {
    local url=$1 deadline=$((SECONDS + 120))
    until curl -fsS --noproxy '*' -o /dev/null --max-time 5 "$url" 2>/dev/null; do
        [ "$SECONDS" -lt "$deadline" ] || die "$url did not answer 200 within 120 s"
        sleep 1
    done
}

# The contest's tournament, as the API shows it: finished, every match of every stage played.
check_tournament() {
    local server=$1
    python3 - "$server" <<'EOF'
import json, sys, urllib.request
server = sys.argv[1]
name = json.load(open("scripts/contest.json"))["tournament"]["name"]
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
listed = json.load(opener.open(f"{server}/api/tournaments", timeout=10))
ids = [t["id"] for t in listed if t["name"] == name]
if len(ids) != 1:
    sys.exit(f"compose-smoke: {len(ids)} tournaments named {name!r}")
view = json.load(opener.open(f"{server}/api/tournaments/{ids[0]}", timeout=10))
bad = [f"stage {s['index']}: {s['status']}, {s['matches']}" for s in view["stages"]
       if s["status"] != "finished" or s["matches"]["failed"] or s["matches"]["cancelled"]]
if view["status"] != "finished" or bad:
    sys.exit(f"compose-smoke: the tournament is {view['status']}: {'; '.join(bad)}")
print(f"compose-smoke: {name!r} finished,", ", ".join(
    f"stage {s['index']} {s['matches']['finished']} matches" for s in view["stages"]))
EOF
}

# The leaderboard page: the game's board, and the contest's tournament among the finished ones
# (its bots play no rated match, so they are on no board).
check_page() {
    local server=$1
    curl -fsS --noproxy '*' --max-time 10 "$server/" >"$work/page.html" \
        || die "GET $server/ failed"
    python3 - "$work/page.html" <<'EOF'
import html, json, sys
page = open(sys.argv[1]).read()
contest = json.load(open("scripts/contest.json"))
name, game = contest["tournament"]["name"], contest["tournament"]["game"]
wanted = {
    "the heading": "<h1>Leaderboard</h1>",
    f"the board of {game}": f"<h2 id=\"game-{game}\">",
    f"{name!r} finished": f">{html.escape(name)}</a> <span class=\"note\">{game}, finished<",
}
missing = [what for what, text in wanted.items() if text not in page]
if missing:
    sys.exit(f"compose-smoke: the leaderboard page lacks {', '.join(missing)}")
print(f"compose-smoke: the leaderboard page shows {', '.join(wanted)}")
EOF
}

# Kills a worker's container in the middle of its matches: pauses each worker in turn (it can then
# neither finish a match nor claim one) and kills the paused one as soon as GET /api/workers shows
# it holding a match, else lets it go on. Prints the container's name and the matches it held.
kill_busy_worker() {
    local name=$1 server=$2 deadline=$((SECONDS + timeout)) id host held ids
    mapfile -t ids < <(compose "$name" ps -q worker)
    [ "${#ids[@]}" -ge 2 ] || die "$name: ${#ids[@]} worker containers, not 2"
    while :; do
        for id in "${ids[@]}"; do
            host=$(docker inspect --format '{{.Config.Hostname}}' "$id")
            # A worker restarting (its restart policy) cannot be paused: try the other one.
            if ! docker pause "$id" >/dev/null 2>"$work/pause.err"; then
                say "could not pause $host: $(cat "$work/pause.err")" >&2
                continue
            fi
            held=$(curl -fsS --noproxy '*' --max-time 5 \
                -H "Authorization: Bearer $CARDARENA_ADMIN_TOKEN" "$server/api/workers" \
                2>/dev/null | python3 -c '
import json, sys
print(sum(w["playing"] for w in json.load(sys.stdin)["workers"] if w["host"] == sys.argv[1]))' \
                "$host" 2>/dev/null || echo 0)
            if [ "${held:-0}" -gt 0 ]; then
                docker kill "$id" >/dev/null
                echo "$(docker inspect --format '{{.Name}}' "$id" | sed 's|^/||') $held"
                return
            fi
            docker unpause "$id" >/dev/null || die "$name: could not unpause $host"
        done
        [ "$SECONDS" -lt "$deadline" ] || die "$name: no worker played a match within ${timeout} s"
        sleep 0.2
    done
}

# Checks that matches the bots played were claimed again (`attempt` > 1) after the kill: played
# from their start by the other worker once the dead one's leases had passed. The tournament can
# end before that (the dead worker may have held a ladder match only), so it waits for a lease's
# 30 s and the match's replay, asking every 3 s for up to 90 s.
check_replayed() {
    local name=$1 server=$2 deadline=$((SECONDS + 90))
    until replayed_once "$name" "$server" 2>"$work/replayed.err"; do
        [ "$SECONDS" -lt "$deadline" ] || die "$(cat "$work/replayed.err")"
        sleep 3
    done
}

# One look for a bot's match played again (see check_replayed).
replayed_once() {
    local name=$1 server=$2
    compose "$name" logs --no-color 2>/dev/null | grep -o 'match [0-9a-f-]\{36\} (' \
        | cut -d' ' -f2 | sort -u | python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
ids = sys.stdin.read().split()
again = [i for i in ids
         if json.load(opener.open(f"{sys.argv[1]}/api/matches/{i}", timeout=10))["attempt"] > 1]
if not again:
    sys.exit(f"compose-smoke: none of the bots\x27 {len(ids)} matches was played again")
print(f"compose-smoke: {len(again)} of the bots\x27 {len(ids)} matches were played again after"
      " the kill")' "$server"
}

# 3. and 4.: one compose project.
run() {
    local label=$1 kill_worker=$2 name port server killed
    shift 2
    name=$project_prefix-$label
    projects+=("$name $*")
    port=$(free_port)
    server=http://127.0.0.1:$port
    step "$label: up --build"
    CARDARENA_PORT=$port compose "$name" up --build -d >"$work/up-$name.log" 2>&1 \
        || { tail -n 40 "$work/up-$name.log"; die "$name: up --build failed (log: $work/up-$name.log)"; }
    step_done
    if [ "$kill_worker" = 1 ]; then
        step "$label: a worker playing a match, killed"
        killed=$(kill_busy_worker "$name" "$server")
        say "killed ${killed% *}, which held ${killed##* } running matches"
        step_done
    fi
    step "$label: the organiser's standings"
    wait_for_standings "$name"
    check_tournament "$server"
    [ "$kill_worker" = 0 ] || check_replayed "$name" "$server"
    step_done
    step "$label: /readyz"
    wait_for_ready "$server/readyz"
    step_done
    step "$label: the leaderboard page"
    check_page "$server"
    step_done
    step "$label: down -v"
    compose "$name" down -v --remove-orphans --timeout 10 >"$work/down-$name.log" 2>&1 \
        || die "$name: down -v failed (log: $work/down-$name.log)"
    projects=("${projects[@]:0:${#projects[@]}-1}")
    step_done
}

run sqlite 0 docker-compose.yml
run postgres 1 docker-compose.yml docker-compose.postgres.yml
say "done in ${SECONDS} s"
