#!/usr/bin/env bash
# Chance-it's exact analysis against the figures it gave before the staged
# solver's compact sweep (benches/chance-it-pins/*.json, `tabula analyze
# chance-it --format json` of commit 91f9d6e): every number must agree to
# 1e-12 (today they agree to the bit). Prints each run's wall-clock time.
# Run from the root: benches/chance-it-same.sh
set -euo pipefail
cargo build --release --bin tabula
pins=benches/chance-it-pins
status=0
for args in "--rounds 10" "--rounds 100" "--dice 3d6 --rounds 14" "--dice 1d6 --rounds 12" "--dice 2d4 --rounds 8"; do
    name=$(echo "$args" | tr -d ' -')
    out=$(mktemp)
    TIMEFORMAT="analyze chance-it $args: %R s"
    # shellcheck disable=SC2086
    time target/release/tabula analyze chance-it $args --format json > "$out" 2>/dev/null
    verdict=$(python3 "$pins/compare.py" "$pins/$name.json" "$out") || status=1
    echo "$verdict"
    case "$verdict" in *FAIL*) status=1 ;; esac
    rm -f "$out"
done
exit $status
