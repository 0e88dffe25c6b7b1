#!/bin/sh
# The postgres stand-in's entrypoint: the part of the official image's behaviour that
# docker-compose.postgres.yml relies on, written afresh for Debian's PostgreSQL packages.
#
# - Started as root, it makes $PGDATA (and the socket folder) the postgres user's and runs itself
#   again as that user.
# - On an empty $PGDATA it makes the cluster: superuser $POSTGRES_USER (default postgres) with
#   password $POSTGRES_PASSWORD (required unless POSTGRES_HOST_AUTH_METHOD=trust), database
#   $POSTGRES_DB (default: the user's name); connections over the socket are trusted, those over
#   TCP need the password (scram-sha-256, or $POSTGRES_HOST_AUTH_METHOD).
# - Then it runs `postgres` listening on every address, in this process (SIGINT stops it).
#
# While the cluster is being made, its temporary server listens on a private socket folder only,
# so that a healthcheck's pg_isready says "ready" only once the real server is up.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
export PGDATA

if [ "${1:-postgres}" != postgres ] && [ "${1#-}" = "${1:-}" ]; then
    exec "$@"  # another command (psql, bash): run it as it is
fi
if [ "${1:-}" = postgres ]; then shift; fi

if [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA" /var/run/postgresql
    chown postgres:postgres "$PGDATA" /var/run/postgresql
    chmod 0700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" postgres "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    user=${POSTGRES_USER:-postgres}
    db=${POSTGRES_DB:-$user}
    auth=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
    if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
        echo "postgres stand-in: set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust)" >&2
        exit 1
    fi
    pwfile=$(mktemp)
    printf '%s\n' "${POSTGRES_PASSWORD:-}" >"$pwfile"
    initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host="$auth" \
        --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    printf 'host all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
    socket=$(mktemp -d)
    pg_ctl -D "$PGDATA" -w -s -o "-c listen_addresses='' -k $socket" start
    if [ "$db" != postgres ]; then
        createdb -h "$socket" -U "$user" "$db"
    fi
    pg_ctl -D "$PGDATA" -w -s -m fast stop
    rmdir "$socket"
    echo "postgres stand-in: made the cluster, user $user, database $db" >&2
fi
exec postgres -c listen_addresses='*' "$@"
