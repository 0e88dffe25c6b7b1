#!/usr/bin/env bash
# The edit-compile-test loop, measured (issue 40): from a warm debug build, the wall time of
# `cargo build` and of running one page test after an edit of a page template, of a store query
# and of an engine rule. A benchmark run by hand, not a test:
#
#   bash scripts/bench-inner-loop.sh [CHECKOUT] [REPEATS]
#
# CHECKOUT (default: this repository) may be another worktree, such as the commit before the
# crates were split (`git worktree add /tmp/before 583570c`), so that both layouts are measured
# on one machine. Each edit changes the file's text, not only its time (rustc's incremental cache
# hashes the text, so a `touch` rebuilds almost nothing): a comment appended to the template, a
# space added to the first SQL string of the store's standings, a letter added to the first
# message of durak's turn rules. Each build is timed after an edit, and the edit is then undone
# (itself an edit, timed by the next step), so the tree is left as it was. The page test is the
# leaderboard's (it starts the server in process, plays matches and reads the page); its time
# includes the test binary's build, as a developer's `cargo test` does.
set -euo pipefail
checkout="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
repeats="${2:-2}"
cd "$checkout"

# The files an edit changes and the page test, in whichever layout the checkout has.
template=web/templates/leaderboard.html
rule=engine/src/games/durak/turns.rs
test_name=the_leaderboard_lists_the_rated_bots_best_first
if [ -f web/tests/main.rs ]; then
    query=store/src/standings.rs
    page_test=(cargo test -q -p cardarena-web --test web -- --exact "pages::$test_name")
elif [ -f web/Cargo.toml ]; then
    query=store/src/standings.rs
    page_test=(cargo test -q -p cardarena-web --test pages -- --exact "$test_name")
else
    query=server/src/store/standings.rs
    page_test=(cargo test -q -p cardarena-server --test pages -- --exact "$test_name")
fi

# The wall time of a command, in seconds; its output is dropped, its failure stops the run.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'
}

# Changes the text of $1 as its kind of edit does ($2: template, query or rule).
edit() {
    case "$2" in
        template) printf '<!-- edited -->\n' >>"$1" ;;
        query) sed -i '0,/"SELECT /s//"SELECT  /' "$1" ;;
        rule) sed -i '0,/illegal(format!("{card} is/s//illegal(format!("{card} iss/' "$1" ;;
    esac
}

echo "# $(git -C "$checkout" log -1 --format='%h %s' | cut -c1-72)"
echo "# warming: cargo test --workspace --no-run, cargo build, the page test"
cargo test --workspace --no-run -q >/dev/null 2>&1
cargo build -q >/dev/null 2>&1
"${page_test[@]}" >/dev/null 2>&1

printf '%-10s %-12s %s\n' edit step seconds
for kind in template query rule; do
    file="${!kind}"
    original="$(mktemp)"
    cp "$file" "$original"
    for _ in $(seq "$repeats"); do
        edit "$file" "$kind"
        cmp -s "$original" "$file" && { echo "the $kind edit changed nothing in $file" >&2; exit 1; }
        printf '%-10s %-12s %s\n' "$kind" "cargo build" "$(seconds cargo build -q)"
        cp "$original" "$file"
        printf '%-10s %-12s %s\n' "$kind" "page test" "$(seconds "${page_test[@]}")"
    done
    rm "$original"
done
