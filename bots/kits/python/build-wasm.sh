#!/bin/sh
# Builds the Python kit's bot (bot.py, or your copy of it) into a bot module for cardarena:
#
#     build-wasm.sh SOURCE.py OUT.wasm
#
# The file is built as it is: the same bot.py that `python3 bot.py` serves over HTTP. A small
# wrapper imports it and makes the bot world's `handle` call its answer_request, as the HTTP
# server does; componentize-py compiles both, with CPython itself, into a WebAssembly component.
# Other modules of yours that SOURCE imports are found beside it (and in BOT_PYTHON_PATH, folders
# separated by `:`); only what is imported goes into the module.
#
# Needs componentize-py, pinned in requirements-wasm.txt: `pip install -r requirements-wasm.txt`
# (in a virtual environment: COMPONENTIZE_PY names the tool, else `componentize-py` on the PATH or
# in .venv/ beside this script). The bot world's WIT comes from `cardarena module wit` (CARDARENA
# names the binary, default `cardarena` on the PATH) unless CARDARENA_WIT names a file; the module
# is then checked with `cardarena module check`, as the server checks an upload, when the binary
# is there (CARDARENA_NO_CHECK=1 skips it).
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 SOURCE.py OUT.wasm" >&2
    exit 2
fi
source=$1
out=$2
kit=$(cd "$(dirname "$0")" && pwd)
cardarena=${CARDARENA:-cardarena}

tool=${COMPONENTIZE_PY:-}
if [ -z "$tool" ]; then
    if command -v componentize-py >/dev/null 2>&1; then
        tool=componentize-py
    elif [ -x "$kit/.venv/bin/componentize-py" ]; then
        tool=$kit/.venv/bin/componentize-py
    else
        echo "$0: componentize-py is not installed: python3 -m venv $kit/.venv &&" \
            "$kit/.venv/bin/pip install -r $kit/requirements-wasm.txt" >&2
        exit 1
    fi
fi

name=$(basename "$source" .py)
case $name in
    wit_world | cardarena_module | *[!A-Za-z0-9_]* | [0-9]*)
        echo "$0: $source: name the file as a Python module (letters, digits, _), not $name" >&2
        exit 2
        ;;
esac
folder=$(cd "$(dirname "$source")" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/bot-py.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ -n "${CARDARENA_WIT:-}" ]; then
    cp "$CARDARENA_WIT" "$work/bot.wit"
elif ! "$cardarena" module wit >"$work/bot.wit"; then
    echo "$0: cannot get the bot world from \`$cardarena module wit\`: set CARDARENA to the" \
        "cardarena binary, or CARDARENA_WIT to the WIT file (sandbox/wit/bot.wit)" >&2
    exit 1
fi

cat >"$work/cardarena_module.py" <<EOF
"""Made by build-wasm.sh: the bot in $name.py as a module of the bot world."""

import json
import os
import random

import wit_world

import $name as bot

# componentize-py runs the imports above at build time and keeps their state in the module, the
# random generator's included: every match would draw the same numbers. Reseeded from the host's
# randomness (seeded from the match) at the first call of each instance, that is of each match.
seeded = False


class WitWorld(wit_world.WitWorld):
    def handle(self, request: str) -> str:
        global seeded
        if not seeded:
            random.seed(os.urandom(32))
            seeded = True
        try:
            return json.dumps(bot.answer_request(json.loads(request)))
        except Exception:
            # What the bot cannot answer gets {} (for a turn, the server counts it as a fault).
            return "{}"
EOF

# The folders imports are found in, as the tool's arguments.
set -- -p "$work" -p "$folder"
if [ -n "${BOT_PYTHON_PATH:-}" ]; then
    old_ifs=$IFS
    IFS=:
    for extra in $BOT_PYTHON_PATH; do set -- "$@" -p "$extra"; done
    IFS=$old_ifs
fi
"$tool" --quiet --wit-path "$work/bot.wit" --world bot componentize "$@" \
    cardarena_module --output "$out"

if [ "${CARDARENA_NO_CHECK:-}" != 1 ] && command -v "$cardarena" >/dev/null 2>&1; then
    "$cardarena" module check "$out"
else
    echo "$out: built (not checked: no cardarena binary)"
fi
