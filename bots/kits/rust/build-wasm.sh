#!/bin/sh
# Builds this crate into a bot module for cardarena:
#
#     build-wasm.sh OUT.wasm
#
# cargo builds the crate for wasm32-unknown-unknown (RUST_WASM_TARGET picks another: wasm32-wasi
# or wasm32-wasip1) into a core module, and `cardarena module wrap` makes it the bot world's
# component and checks it as the server checks an upload.
#
# The toolchain: the `cargo` and `rustc` on the PATH when they have the target (rustup: `rustup
# target add wasm32-unknown-unknown`), else Debian's (apt install rustc libstd-rust-dev-wasm32
# cargo librust-serde-json-dev), offline against Debian's packages of the crates. CARDARENA names
# the cardarena binary (default `cardarena` on the PATH); CARGO_TARGET_DIR where cargo builds
# (default target/ here).
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 OUT.wasm" >&2
    exit 2
fi
out=$1
kit=$(cd "$(dirname "$0")" && pwd)
cardarena=${CARDARENA:-cardarena}
target=${RUST_WASM_TARGET:-wasm32-unknown-unknown}
build=${CARGO_TARGET_DIR:-$kit/target}

# Whether rustc $1 has the standard library of $target.
has_target() {
    sysroot=$("$1" --print sysroot 2>/dev/null) && [ -d "$sysroot/lib/rustlib/$target" ]
}

if command -v cargo >/dev/null 2>&1 && has_target rustc; then
    set -- cargo
elif [ -x /usr/bin/cargo ] && has_target /usr/bin/rustc; then
    set -- env RUSTC=/usr/bin/rustc /usr/bin/cargo
    if ls -d /usr/share/cargo/registry/serde_json-* >/dev/null 2>&1; then
        # Debian's crates, as its packages installed them: no network needed.
        set -- "$@" --config 'source.crates-io.replace-with="debian"' \
            --config 'source.debian.directory="/usr/share/cargo/registry"' --offline
    fi
else
    echo "$0: no Rust toolchain with the $target target: rustup target add $target, or (Debian)" \
        "apt install rustc libstd-rust-dev-wasm32 cargo librust-serde-json-dev" >&2
    exit 1
fi

"$@" build --release --target "$target" --manifest-path "$kit/Cargo.toml" --target-dir "$build"

if ! command -v "$cardarena" >/dev/null 2>&1; then
    echo "$0: the cardarena binary wraps the core module: put it on the PATH or set CARDARENA" >&2
    exit 1
fi
"$cardarena" module wrap "$build/$target/release/cardarena_bot.wasm" "$out"
