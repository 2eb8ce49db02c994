#!/bin/sh
# Side by side on one machine: seed 000's program in C (glibc rand() % 6,
# gcc -O2; benches/seed000/snakes.c) and `tabula simulate snakes` with
# every report collector on, both for the same number of games (default
# ten million). Prints each one's wall time, games per second and the
# ratio. Needs gcc; builds tabula in release first (not timed).
#
#   benches/seed-c.sh [GAMES]
set -eu
games=${1:-10000000}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v gcc >/dev/null || { echo "seed-c.sh: needs gcc" >&2; exit 2; }
gcc -O2 -o "$tmp/seed000" "$root/benches/seed000/snakes.c"
cargo build --release --quiet --bin tabula --manifest-path "$root/Cargo.toml"
now() { date +%s.%N; }
t0=$(now)
"$tmp/seed000" "$games" > "$tmp/c.txt"
t1=$(now)
"$root/target/release/tabula" simulate snakes --games "$games" --format json > "$tmp/tabula.json"
t2=$(now)
awk -v g="$games" -v t0="$t0" -v t1="$t1" -v t2="$t2" 'BEGIN {
  c = t1 - t0; t = t2 - t1
  printf "games:             %d\n", g
  printf "seed 000 in C:     %.2f s  %.3g games/s  %.0f ns/game\n", c, g / c, c / g * 1e9
  printf "tabula simulate:   %.2f s  %.3g games/s  %.0f ns/game\n", t, g / t, t / g * 1e9
  printf "tabula / seed:     %.1fx the throughput\n", c / t
}'
grep "mean throws" "$tmp/c.txt"
grep -o '"mean": *[0-9.]*' "$tmp/tabula.json" | head -1
