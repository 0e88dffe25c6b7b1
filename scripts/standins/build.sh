#!/usr/bin/env bash
# Usage: scripts/standins/build.sh IMAGE...
#
# Makes each IMAGE available to the Docker daemon: an image already there is kept (a stand-in of
# an older recipe is rebuilt), one the daemon can pull is pulled, and any other is built here as a
# stand-in under that very name, from Debian's packages (README.md beside this script says which
# and why). Knows debian:*, python:*, node:*, postgres:* and rust:*; the Debian release is the one
# the tag names (trixie in rust:1.95-slim-trixie), else STANDIN_SUITE (default trixie).
#
# Needs root (debootstrap), docker, debootstrap and, for rust:*, this machine's cargo and rustc.
# Environment: STANDIN_MIRROR (default http://deb.debian.org/debian), STANDIN_CACHE (the cargo
# registry kept between runs; default ~/.cache/cardarena-standins).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
mirror=${STANDIN_MIRROR:-http://deb.debian.org/debian}
cache=${STANDIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cardarena-standins}
label=org.cardarena.standin
scratch=()  # temporary folders, removed on exit

say() { echo "standins: $*" >&2; }
die() {
    say "error: $*"
    exit 1
}

[ "$#" -gt 0 ] || die "usage: $0 IMAGE..."
cleanup() {
    local dir
    for dir in "${scratch[@]}"; do
        unmount_all "$dir"
        rm -rf "$dir"
    done
}
trap cleanup EXIT
# Any change to these recipes rebuilds the stand-ins made from them.
recipe=$(cat "$here"/*.Dockerfile "$here"/*.sh | sha256sum | cut -c1-16)

# The label of a local image: "-" when it has none (a real image), "" when there is no image.
label_of() {
    local value
    value=$(docker image inspect --format "{{ index .Config.Labels \"$label\" }}" "$1" \
        2>/dev/null) || return 0
    case $value in "" | "<no value>") echo - ;; *) echo "$value" ;; esac
}

suite_of() {
    case $1 in
        *bookworm*) echo bookworm ;;
        *trixie*) echo trixie ;;
        *forky*) echo forky ;;
        *) echo "${STANDIN_SUITE:-trixie}" ;;
    esac
}

# cardarena-standin/debian:SUITE, made once with debootstrap; every stand-in derives from it.
base() {
    local suite=$1 name=cardarena-standin/debian:$1 work
    [ "$(label_of "$name")" = "$recipe" ] && return 0
    command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
    say "debootstrap --variant=minbase $suite ($mirror)"
    work=$(mktemp -d "${TMPDIR:-/tmp}/standin-base.XXXXXX")
    scratch+=("$work")
    debootstrap --variant=minbase "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { tail -n 20 "$work/debootstrap.log" >&2; die "debootstrap failed"; }
    unmount_all "$work/rootfs"
    # The official images' sources (deb822), package lists left out as theirs are.
    rm -f "$work/rootfs/etc/apt/sources.list"
    {
        printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\n' \
            "$mirror" "$suite" "$suite"
        printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n'
        printf 'Types: deb\nURIs: %s-security\nSuites: %s-security\nComponents: main\n' \
            "$mirror" "$suite"
        printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    } >"$work/rootfs/etc/apt/sources.list.d/debian.sources"
    rm -rf "$work/rootfs/var/lib/apt/lists/"* "$work/rootfs/var/cache/apt/"*.bin \
        "$work/rootfs/var/cache/apt/archives/"*.deb
    tar -C "$work/rootfs" -c . | docker import --change 'CMD ["bash"]' - "$name-rootfs" >/dev/null
    # A label marks it (and what derives from it) as a stand-in, of this recipe.
    echo "FROM $name-rootfs" | quietly docker build --label "$label=$recipe" -t "$name" -
    docker rmi "$name-rootfs" >/dev/null
}

# Unmounts whatever debootstrap left mounted under a root, deepest first.
unmount_all() {
    local point
    [ -d "$1" ] || return 0
    awk -v r="$1" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r \
        | while read -r point; do umount -l "$point" || true; done
}

# The rust stand-in's context: this machine's toolchain and a registry holding Cargo.lock's crates.
rust_context() {
    local context=$1 sysroot
    sysroot=$(rustc --print sysroot)
    mkdir -p "$context/toolchain"
    for part in bin lib libexec etc; do
        [ -e "$sysroot/$part" ] || continue
        cp -al "$sysroot/$part" "$context/toolchain/" 2>/dev/null \
            || cp -a "$sysroot/$part" "$context/toolchain/"
    done
    # Fetched with this machine's certificates, into a cargo home of its own (kept, so a second
    # run fetches only what a new Cargo.lock adds).
    mkdir -p "$cache"
    CARGO_HOME=$cache/cargo-home cargo fetch --locked --quiet --manifest-path "$root/Cargo.toml"
    mkdir -p "$context/registry"
    for part in index cache; do
        cp -al "$cache/cargo-home/registry/$part" "$context/registry/" 2>/dev/null \
            || cp -a "$cache/cargo-home/registry/$part" "$context/registry/"
    done
    cp "$here/rust.Dockerfile" "$context/Dockerfile"
}

# Runs a command quietly: its output is shown only when it fails.
quietly() {
    local log
    log=$(mktemp)
    if "$@" >"$log" 2>&1; then
        rm -f "$log"
    else
        tail -n 30 "$log" >&2
        rm -f "$log"
        die "failed: $*"
    fi
}

# Builds the stand-in for one image, under its name.
standin() {
    local image=$1 kind=${1%%:*} suite want context version
    case $kind in
        debian | python | node | postgres | rust) ;;
        *) die "no stand-in for $image (only debian, python, node, postgres and rust)" ;;
    esac
    suite=$(suite_of "$image")
    want=$recipe
    if [ "$kind" = rust ]; then
        version=$(rustc --version | cut -d' ' -f2)
        # A new toolchain or Cargo.lock makes another stand-in.
        want=$(printf '%s\n%s\n' "$recipe" "$version" | cat - "$root/Cargo.lock" | sha256sum \
            | cut -c1-16)
        case $image in
            rust:"$version"-* | rust:"${version%.*}"-*) ;;
            *) say "warning: $image stands in with this machine's rustc $version" ;;
        esac
    fi
    [ "$(label_of "$image")" = "$want" ] && return 0
    base "$suite"
    say "building a stand-in for $image"
    case $kind in
        debian) docker tag "cardarena-standin/debian:$suite" "$image" ;;
        python | node | postgres)
            quietly docker build --build-arg "BASE=cardarena-standin/debian:$suite" \
                --label "$label=$want" -f "$here/$kind.Dockerfile" -t "$image" "$here"
            ;;
        rust)
            context=$(mktemp -d "${TMPDIR:-/tmp}/standin-rust.XXXXXX")
            scratch+=("$context")
            rust_context "$context"
            quietly docker build --build-arg "BASE=cardarena-standin/debian:$suite" \
                --label "$label=$want" -t "$image" "$context"
            ;;
    esac
}

for image in "$@"; do
    start=$SECONDS
    case $(label_of "$image") in
        -) say "$image: here already" ;;
        "") if docker pull -q "$image" >/dev/null 2>&1; then
                say "$image: pulled"
            else
                standin "$image"
                say "$image: stand-in built in $((SECONDS - start)) s"
            fi ;;
        *) standin "$image"
           say "$image: stand-in ready in $((SECONDS - start)) s" ;;
    esac
done
