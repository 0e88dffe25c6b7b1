#!/bin/sh
# The cardarena image's entrypoint: settles the organiser's token, then runs `cardarena "$@"`.
#
# The token is CARDARENA_ADMIN_TOKEN when it is set, else the one kept in
# $CARDARENA_ADMIN_TOKEN_FILE (default /admin-token/token), else a new random one kept there.
# Either way it ends up in that file, on a volume that docker-compose.yml shares (read-only) with
# the organiser service; read it with `docker-compose exec server cat /admin-token/token`.
set -eu
file=${CARDARENA_ADMIN_TOKEN_FILE:-/admin-token/token}
umask 077
if [ -z "${CARDARENA_ADMIN_TOKEN:-}" ]; then
    if [ ! -s "$file" ]; then
        od -An -tx1 -N32 /dev/urandom | tr -d ' \n' >"$file.new"
        mv "$file.new" "$file"
        echo "cardarena: made a new organiser token in $file" >&2
    fi
    CARDARENA_ADMIN_TOKEN=$(cat "$file")
    export CARDARENA_ADMIN_TOKEN
elif [ "$(cat "$file" 2>/dev/null || true)" != "$CARDARENA_ADMIN_TOKEN" ]; then
    printf '%s' "$CARDARENA_ADMIN_TOKEN" >"$file.new"
    mv "$file.new" "$file"
fi
exec cardarena "$@"
