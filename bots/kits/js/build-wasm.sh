#!/bin/sh
# Builds the JavaScript kit's bot (bot.js, or your copy of it) into a bot module for cardarena:
#
#     build-wasm.sh SOURCE.js OUT.wasm
#
# The file is built as it is: the same bot.js that `node bot.js` serves over HTTP. It is wrapped
# in a small CommonJS shim (module, exports, a require that hands out stand-ins for node:http,
# node:https and node:crypto, which a module never calls, and an empty process) and compiled with
# componentize-qjs, QuickJS made a component (README.md says why this one). The module's `handle`
# calls the file's exported answerRequest, as the HTTP server does, and Math.random is seeded at
# its first call from WASI's random numbers, which the server seeds from the match.
#
# Needs componentize-qjs, pinned in package.json: run `npm ci` in this folder once (or point
# COMPONENTIZE_QJS at the tool). The bot world's WIT comes from `cardarena module wit` (CARDARENA
# names the binary, default `cardarena` on the PATH) unless CARDARENA_WIT names a file; the
# module is then checked with `cardarena module check`, as the server checks an upload, when the
# binary is there (CARDARENA_NO_CHECK=1 skips it).
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 SOURCE.js OUT.wasm" >&2
    exit 2
fi
source=$1
out=$2
kit=$(cd "$(dirname "$0")" && pwd)
cardarena=${CARDARENA:-cardarena}

tool=${COMPONENTIZE_QJS:-}
if [ -z "$tool" ]; then
    if [ -x "$kit/node_modules/.bin/componentize-qjs" ]; then
        tool=$kit/node_modules/.bin/componentize-qjs
    elif command -v componentize-qjs >/dev/null 2>&1; then
        tool=componentize-qjs
    else
        echo "$0: componentize-qjs is not installed: run \`npm ci\` in $kit (Node.js 18+ and npm)" >&2
        exit 1
    fi
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bot-js.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/wit/deps"

if [ -n "${CARDARENA_WIT:-}" ]; then
    cp "$CARDARENA_WIT" "$work/wit/bot.wit"
elif ! "$cardarena" module wit >"$work/wit/bot.wit"; then
    echo "$0: cannot get the bot world from \`$cardarena module wit\`: set CARDARENA to the" \
        "cardarena binary, or CARDARENA_WIT to the WIT file (sandbox/wit/bot.wit)" >&2
    exit 1
fi

# The bot world, and WASI's random numbers for the script: QuickJS seeded its own Math.random
# once, when componentize-qjs ran the script at build time, so it would draw the same numbers in
# every match. (The QuickJS runtime imports WASI 0.2.12 itself.)
cat >"$work/wit/bot-js.wit" <<'WIT'
world bot-js {
  include bot;
  import wasi:random/random@0.2.12;
}
WIT
cat >"$work/wit/deps/random.wit" <<'WIT'
package wasi:random@0.2.12;

interface random {
  get-random-bytes: func(len: u64) -> list<u8>;
  get-random-u64: func() -> u64;
}
WIT

# The entry point: the shim, the bot's file whole (its #! line blanked, which is only allowed at
# the very start of a script), and the export.
{
    cat <<'JS'
// Made by build-wasm.sh: the bot's CommonJS file, run as a module of the bot world.
import * as wasiRandom from "wasi:random/random@0.2.12";

const cardarena = (() => {
  const module = { exports: {} };
  const unavailable = (name) =>
    new Proxy({}, {
      get: (_, key) => () => {
        throw new Error(`${name}.${String(key)} is not available in a bot module`);
      },
    });
  const require = (name) => unavailable(name);
  require.main = null; // not run by node: the server part does not start
  const process = {
    env: {},
    argv: [],
    versions: {},
    on() {},
    exit(code) {
      throw new Error(`process.exit(${code}) in a bot module`);
    },
  };
  // QuickJS has no console: its output goes nowhere, as a module's does (the kit logs a failed
  // chooseAction before it plays at random, and must not fail there).
  const quiet = () => {};
  const console = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet };
  (function (module, exports, require, process, console) {
JS
    sed '1s/^#!.*//' "$source"
    cat <<'JS'

  })(module, module.exports, require, process, console);
  return module.exports;
})();

if (typeof cardarena.answerRequest !== "function") {
  throw new Error("the bot's file does not export answerRequest (module.exports)");
}

// Math.random from 16 bytes of the host's randomness, which the server seeds from the match:
// SFC32, seeded at the instance's first call, that is once a match.
function seedMathRandom() {
  const bytes = wasiRandom.getRandomBytes(16);
  const word = (at) =>
    (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
  let [a, b, c, d] = [word(0), word(4), word(8), word(12)];
  Math.random = function random() {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) Math.random();
}

let seeded = false;

// The bot world's export: the request's JSON in, the answer's JSON out. A request the bot
// cannot answer gets {} (for a turn, the server counts it as a fault).
export function handle(request) {
  if (!seeded) {
    seedMathRandom();
    seeded = true;
  }
  try {
    return JSON.stringify(cardarena.answerRequest(JSON.parse(request)));
  } catch (error) {
    return "{}";
  }
}
JS
} >"$work/module.js"

"$tool" --wit "$work/wit" --world bot-js --js "$work/module.js" --sync --output "$out"

if [ "${CARDARENA_NO_CHECK:-}" != 1 ] && command -v "$cardarena" >/dev/null 2>&1; then
    "$cardarena" module check "$out"
else
    echo "$out: built (not checked: no cardarena binary)"
fi
