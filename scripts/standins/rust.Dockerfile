# Stands in for rust:1.95-slim-trixie (scripts/standins/README.md): the stand-in Debian base with
# what the official image installs (gcc, libc6-dev, ca-certificates), this machine's Rust
# toolchain (build.sh puts its bin/ and lib/ in the context as toolchain/), and a cargo registry
# holding every crate Cargo.lock names (registry/, fetched by build.sh on this machine), used
# offline: the build reaches no crates.io, so it needs no certificate of this machine's.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
ENV RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo PATH=/usr/local/cargo/bin:$PATH
COPY toolchain /usr/local/rustup/toolchains/standin
RUN mkdir -p /usr/local/cargo/bin \
    && ln -s /usr/local/rustup/toolchains/standin/bin/* /usr/local/cargo/bin/ \
    && rustc --version && cargo --version
# Last, so that a new Cargo.lock rebuilds this layer only.
COPY registry /usr/local/cargo/registry
ENV CARGO_NET_OFFLINE=true
# CI's budget (45 minutes on 2 cores, the test suite included) has no room for the release
# profile's optimisation: the stand-in builds the Dockerfile's `cargo build --release` unoptimised,
# without line tables and without the release profile's fat LTO in one codegen unit (a long link
# on one core). Every step of the Dockerfile runs as a user's does; only the binary is slower and
# larger, which the smoke's few matches do not notice.
ENV CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
