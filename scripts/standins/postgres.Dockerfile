# Stands in for postgres:15 (scripts/standins/README.md): Debian's PostgreSQL on the stand-in Debian
# base, with an entrypoint of its own (postgres-entrypoint.sh) doing what the compose file relies on
# of the official one: POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, the cluster in
# /var/lib/postgresql/data, pg_isready on the PATH.
ARG BASE
FROM ${BASE}
# No cluster of the package's own (the entrypoint makes it on the volume); the server's binaries
# on the PATH, as in the official image.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/no-main.conf \
    && apt-get update \
    && apt-get install -y --no-install-recommends postgresql \
    && rm -rf /var/lib/apt/lists/* \
    && ln -s /usr/lib/postgresql/*/bin/* /usr/local/bin/ \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
