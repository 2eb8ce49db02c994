#!/bin/sh
# The Python module beside OpenSpiel's wheel, measured in the same run
# (benches/python/speed.py): a Python-driven random playout step of Pig to
# 30 over `tabula` and over `pyspiel` (the same loop), and
# `tabula.simulate` from Python against the `tabula` command line's games
# per second. Figures only: nothing is asserted (the pytest suite of
# crates/front-ends/python checks that the two Pigs agree).
#
#   benches/python-openspiel.sh [GAMES] [PLAYOUTS] [REPEAT]
#
# The virtual environment is target/python-venv: the module is installed
# into it with the README's line (`pip install ./crates/front-ends/python`,
# minutes the first time), with open-spiel (pinned) beside it. Pinned to
# CPU $CPU (default 1) with taskset where there is one.
set -eu
cpu=${CPU:-1}
openspiel=2.0.2
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/target/python-venv"
command -v python3 >/dev/null || { echo "python-openspiel.sh: needs python3" >&2; exit 2; }
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('open_spiel') != '$openspiel')" 2>/dev/null; then
  "$venv/bin/pip" install --quiet "open-spiel==$openspiel"
fi
(cd "$root" && CARGO_TARGET_DIR="$root/target" "$venv/bin/pip" install --quiet ./crates/front-ends/python)
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin tabula
pin() { if command -v taskset >/dev/null; then taskset -c "$cpu" "$@"; else "$@"; fi; }
echo "tabula from Python beside OpenSpiel $openspiel, one thread (CPU $cpu), $(date -u '+%Y-%m-%d %H:%M') UTC"
pin "$venv/bin/python" "$root/benches/python/speed.py" "$root/target/release/tabula" "$@"
