#!/bin/sh
# Usage: with-secret.sh SECRET_FILE COMMAND [ARG...]
#
# Waits until SECRET_FILE exists (scripts/organise.py writes it when it registers the bot), then
# runs COMMAND with CARDARENA_SECRET set to its contents, in this process (exec): the starter
# kits then refuse requests that cardarena did not sign. Used for the kit bots by
# scripts/local-tournament.sh and docker-compose.yml. POSIX sh, so that it runs in the slim
# Python and Node.js images. WITH_SECRET_TIMEOUT (seconds, default 600) bounds the wait.
set -eu
if [ "$#" -lt 2 ]; then
    echo "usage: $0 SECRET_FILE COMMAND [ARG...]" >&2
    exit 64
fi
file=$1
shift
limit=${WITH_SECRET_TIMEOUT:-600}
start=$(date +%s)
said=
while [ ! -s "$file" ]; do
    if [ -z "$said" ]; then
        echo "waiting for the bot's secret in $file (the organiser writes it on registering)" >&2
        said=1
    fi
    if [ $(($(date +%s) - start)) -ge "$limit" ]; then
        echo "no secret in $file after ${limit} s" >&2
        exit 1
    fi
    sleep 0.2
done
CARDARENA_SECRET=$(cat "$file")
export CARDARENA_SECRET
exec "$@"
