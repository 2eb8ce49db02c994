#!/usr/bin/env bash
# Chance-it's exact analysis by the framework's staged solver against the
# hand-written solver the game had before it (commit c856d3f^), run one
# after the other in the same minutes, so that a machine shared with
# other work slows both alike. Builds the old commit's `tabula` in a
# scratch directory (its own target directory, the first time only), and
# prints each run's wall-clock and user time, then the medians and their
# ratio (the goal of issue 36: within 1.5 times).
# Run from the root: benches/chance-it-vs-hand-written.sh [RUNS]
set -euo pipefail
runs=${1:-3}
old=${OLD_TREE:-${TMPDIR:-/tmp}/tabula-chance-it-hand-written}
if [ ! -x "$old/target/release/tabula" ]; then
    mkdir -p "$old"
    git archive c856d3f^ | tar -x -C "$old"
    (cd "$old" && cargo build --release --bin tabula)
fi
cargo build --release --bin tabula
new=target/release/tabula
times=$(mktemp)
for args in "--rounds 10" "--rounds 100" "--dice 3d6 --rounds 14"; do
    for _ in $(seq "$runs"); do
        for who in hand-written staged; do
            bin=$new
            [ "$who" = hand-written ] && bin="$old/target/release/tabula"
            # shellcheck disable=SC2086
            /usr/bin/time -f "%e %U" -o "$times.one" "$bin" analyze chance-it $args --format json > /dev/null
            read -r wall user < "$times.one"
            echo "$args|$who|$wall|$user" | tee -a "$times"
        done
    done
done
python3 - "$times" <<'EOF'
import statistics, sys
rows = [line.strip().split("|") for line in open(sys.argv[1]) if line.strip()]
for args in dict.fromkeys(r[0] for r in rows):
    med = {}
    for who in ("hand-written", "staged"):
        walls = [float(r[2]) for r in rows if r[0] == args and r[1] == who]
        users = [float(r[3]) for r in rows if r[0] == args and r[1] == who]
        med[who] = statistics.median(walls)
        print(f"{args:24} {who:13} median {med[who]:.3f} s wall, {statistics.median(users):.2f} s user")
    print(f"{args:24} ratio {med['staged'] / med['hand-written']:.2f}")
EOF
rm -f "$times" "$times.one"
