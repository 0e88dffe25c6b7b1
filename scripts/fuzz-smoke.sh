#!/usr/bin/env bash
# A short run of every fuzz target (fuzz/, see fuzz/README.md): each first runs its committed seed
# corpus (fuzz/corpus/TARGET/), then mutates for FUZZ_SECONDS (default 10) seconds; any crash,
# panic or broken invariant fails the script. New inputs go to a scratch folder, never into the
# committed corpus.
#
# With a nightly toolchain and cargo-fuzz installed, it runs `cargo +nightly fuzz run` (with
# AddressSanitizer). Without them (CI's machine has only the stable toolchain) it builds the fuzz
# crate on the default toolchain with the coverage instrumentation cargo-fuzz asks rustc for, but
# no sanitizer, and runs the libFuzzer binaries itself. FUZZ_STABLE=1 takes that path anyway.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${FUZZ_SECONDS:-10}
targets=(game_apply log_codec bot_answer dial_message)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if [ "${FUZZ_STABLE:-0}" != 1 ] && cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "--- cargo +nightly fuzz ($(cargo +nightly fuzz --version))"
    for target in "${targets[@]}"; do
        mkdir -p "$scratch/$target"
        echo "--- $target: seeds, then ${seconds} s"
        cargo +nightly fuzz run "$target" "$scratch/$target" "corpus/$target" -- \
            -max_total_time="$seconds" -artifact_prefix="$scratch/" -print_final_stats=1
    done
    exit 0
fi

# The flags cargo-fuzz 0.13 passes to rustc, less the sanitizer and the nightly-only ones. A
# --target of its own keeps them off build scripts and proc macros, as cargo-fuzz does.
host=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
-Cllvm-args=-sanitizer-coverage-stack-depth \
-Cllvm-args=-simplifycfg-branch-fold-threshold=0"
echo "--- build (stable, coverage instrumentation without a sanitizer: $(rustc --version))"
cargo build --locked --profile smoke --target "$host" --target-dir target/stable --bins
for target in "${targets[@]}"; do
    mkdir -p "$scratch/$target"
    echo "--- $target: seeds, then ${seconds} s"
    "target/stable/$host/smoke/$target" "$scratch/$target" "corpus/$target" \
        -max_total_time="$seconds" -artifact_prefix="$scratch/" -print_final_stats=1
done
