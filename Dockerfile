# The cardarena server: `cardarena` built in release mode, on a slim Debian. The pages' templates
# and static files (web/, askama and include_str!), the contestants' docs it serves at /docs
# (docs/, the games' RULES.md) and the database migrations (store/migrations/, sqlx::migrate!) are
# compiled into the binary, so the binary is all the image needs.
#
#   docker build -t cardarena .
#   docker run --rm -p 127.0.0.1:8080:8080 -v cardarena-data:/data cardarena serve \
#       --addr 0.0.0.0:8080 --database-url sqlite:///data/cardarena.db --demo
#
# docker-compose.yml runs it beside the starter-kit bots; docs/running-a-contest.md tells how.
# The builder's Debian release must match the runtime's (the binary links glibc dynamically).
ARG RUST_IMAGE=rust:1.95-slim-trixie
ARG RUNTIME_IMAGE=debian:trixie-slim

FROM ${RUST_IMAGE} AS builder
WORKDIR /build
COPY Cargo.toml Cargo.lock ./
COPY engine engine
COPY bots bots
COPY sandbox sandbox
COPY rating rating
COPY store store
COPY contest contest
COPY web web
COPY cli cli
COPY testkit testkit
COPY docs docs
RUN cargo build --release --locked --bin cardarena \
    && cp target/release/cardarena /usr/local/bin/cardarena

FROM ${RUNTIME_IMAGE}
# ca-certificates: bots may be https:// URLs. The server runs as a user of its own; /data (the
# SQLite file and its key), /admin-token (the organiser's token) and /key (the key file on
# PostgreSQL, shared with the workers: docker-compose.postgres.yml) are volumes it owns.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --no-create-home --home-dir /data cardarena \
    && mkdir -p /data /admin-token /key \
    && chown cardarena:cardarena /data /admin-token /key \
    && chmod 0700 /admin-token
COPY --from=builder /usr/local/bin/cardarena /usr/local/bin/cardarena
COPY docker/server-entrypoint.sh /usr/local/bin/cardarena-entrypoint
RUN chmod 0755 /usr/local/bin/cardarena-entrypoint
USER cardarena
WORKDIR /data
VOLUME ["/data", "/admin-token"]
EXPOSE 8080
# The server stops cleanly on SIGINT (Ctrl-C), which `docker stop` then sends.
STOPSIGNAL SIGINT
ENTRYPOINT ["cardarena-entrypoint"]
CMD ["serve", "--addr", "0.0.0.0:8080", "--database-url", "sqlite:///data/cardarena.db"]
