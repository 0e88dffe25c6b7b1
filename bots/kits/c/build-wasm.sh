#!/bin/sh
# Builds a C bot into a bot module for cardarena: build-wasm.sh SOURCE.c OUT.wasm
#
# Needs clang with the wasm32-wasi target and wasi-libc (Debian: apt install clang lld wasi-libc
# libclang-rt-dev-wasm32) and the cardarena binary (CARDARENA, or `cardarena` on the PATH),
# which wraps clang's core module into the bot world's component and checks it as the server
# checks an upload.
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 SOURCE.c OUT.wasm" >&2
    exit 2
fi
source=$1
out=$2
cardarena=${CARDARENA:-cardarena}
core=$(mktemp "${TMPDIR:-/tmp}/bot-core.XXXXXX.wasm")
trap 'rm -f "$core"' EXIT
clang --target=wasm32-wasi -O2 -mexec-model=reactor -D_GNU_SOURCE -o "$core" "$source"
"$cardarena" module wrap "$core" "$out"
