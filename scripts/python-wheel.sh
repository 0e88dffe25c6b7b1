#!/usr/bin/env bash
# The Python package as a wheel, checked where Rust is not: builds the abi3 wheel with
# `maturin build --release` into target/wheels/, installs it with plain pip into a fresh virtual
# environment whose PATH holds no cargo and no rustc, and runs the package's pytest suite against
# it there (the server tests with CARDARENA_BIN, default target/debug/cardarena; the bot-module
# tests are left to cli/tests/python_package.rs, which builds their modules with clang).
#
#   bash scripts/python-wheel.sh            # the wheel's path is the last line printed
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "--- maturin (from PyPI, in a virtual environment of its own)"
"$python" -m venv "$work/build"
"$work/build/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.9,<2"

echo "--- maturin build --release (an abi3 wheel: one file for CPython 3.9 and later)"
rm -f target/wheels/cardarena-*.whl
(cd python && CARGO_TARGET_DIR="$repo/target" "$work/build/bin/maturin" build --release --strip --locked \
    --out "$repo/target/wheels")
wheel=$(ls target/wheels/cardarena-*.whl)
case "$wheel" in
    *-abi3-*) ;;
    *) echo "the wheel $wheel is not abi3" >&2; exit 1 ;;
esac
ls -l "$wheel"

echo "--- a fresh virtual environment with no Rust toolchain on its PATH"
"$python" -m venv "$work/user"
(
    export PATH="$work/user/bin"
    unset CARGO_HOME RUSTUP_HOME CARGO_TARGET_DIR
    if command -v cargo || command -v rustc; then
        echo "cargo or rustc is still on the PATH" >&2
        exit 1
    fi
    pip install --quiet --disable-pip-version-check --only-binary=:all: "$wheel" \
        "pytest>=7" "jsonschema>=4" "pettingzoo>=1.24" "gymnasium>=1.1"
    python -c 'import cardarena; print("cardarena", cardarena.__version__, "from", cardarena.__file__)'

    echo "--- the package's tests against the installed wheel"
    cd "$work"
    CARDARENA_BIN="${CARDARENA_BIN:-$repo/target/debug/cardarena}" python -m pytest -q \
        -p no:cacheprovider "$repo/python/tests" --ignore="$repo/python/tests/test_modules.py"
)
echo "$repo/$wheel"
