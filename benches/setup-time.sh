#!/bin/sh
# A new user's first minutes, timed: a fresh clone of this repository (HEAD
# by default) with an empty cargo home (so every crate is downloaded) and an
# empty target folder, then the README's two commands and a `tabula`
# command, each under /usr/bin/time. Prints wall seconds and peak memory of
# each, and whether the `tabula` command compiled anything.
#
#   benches/setup-time.sh [REV] [WORKDIR]
#
# WORKDIR (default a new temporary folder) holds the clone, the cargo home
# and the logs; it is kept, to read the logs (it takes a few GB). The
# toolchain itself comes from rustup as usual. Run it on a quiet machine.
set -eu
rev=${1:-HEAD}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${2:-$(mktemp -d)}
command -v /usr/bin/time >/dev/null 2>&1 || [ -x /usr/bin/time ] \
    || { echo "setup-time.sh: needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
rm -rf "$work/clone" "$work/cargo-home"
mkdir -p "$work"
git clone --quiet "$root" "$work/clone"
git -C "$work/clone" checkout --quiet "$rev"
cd "$work/clone"
# An empty cargo home: the registry index and every crate are fetched anew.
# rustup's toolchain is found as before (RUSTUP_HOME is left alone).
export CARGO_HOME="$work/cargo-home"
export CARGO_TERM_COLOR=never

step() {
    name=$1
    shift
    /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" \
        || { echo "setup-time.sh: '$*' failed; see $work/$name.err" >&2; exit 1; }
    set -- $(cat "$work/$name.time")
    printf '%-44s %7.1f s  %5d MB peak\n' "$label" "$1" $(($2 / 1024))
}

echo "revision $(git rev-parse --short HEAD), $(nproc) cores, in $work"
label='cargo run --release --example snakes'
step example cargo run --release --example snakes
label='cargo test --release --workspace'
step test cargo test --release --workspace
label='cargo run --release --bin tabula -- list'
step tabula cargo run --release --bin tabula -- list
if grep -q Compiling "$work/tabula.err"; then
    echo "the tabula command compiled: $(grep Compiling "$work/tabula.err" | awk '{print $2}' | tr '\n' ' ')"
else
    echo "the tabula command compiled nothing"
fi
