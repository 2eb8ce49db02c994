#!/bin/sh
# Side by side on one machine, one thread each: uniformly random
# backgammon played by OpenSpiel (its C++ game and C++ `uniform_random`
# bots, driven by `pyspiel.evaluate_bots`, one call a game: as fast as its
# wheel allows) and by tabula (`tabula simulate backgammon --agents
# random,random --threads 1`, the generic verb with the harness, as a
# user runs it, best of three). Prints each side's games per second and
# processor time per game, the ratio, and the first seat's win share on
# both sides (the same game: about a half).
#
#   benches/backgammon-openspiel.sh [GAMES]      (default 20,000)
#
# OpenSpiel is its pip wheel, `open-spiel` (pinned below), installed into
# a virtual environment under target/openspiel-venv on the first run
# (needs python3 with venv and pip, and the network once). The move
# generation alone is `cargo bench --bench backgammon`.
set -eu
games=${1:-20000}
cpu=${CPU:-1}
openspiel=2.0.2
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/target/openspiel-venv"
command -v python3 >/dev/null || { echo "backgammon-openspiel.sh: needs python3" >&2; exit 2; }
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('open_spiel') != '$openspiel')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "open-spiel==$openspiel"
fi
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin tabula
pin() { if command -v taskset >/dev/null; then taskset -c "$cpu" "$@"; else "$@"; fi; }
spiel=$(pin "$venv/bin/python" "$root/benches/backgammon/openspiel.py" "$games")
tabula=$(pin python3 - "$root/target/release/tabula" "$games" <<'PY'
import json, resource, subprocess, sys
tabula, games = sys.argv[1:]
best = None
for _ in range(3):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = json.loads(subprocess.run(
        [tabula, "simulate", "backgammon", "--agents", "random,random", "--games", games,
         "--threads", "1", "--max-states", "0", "--format", "json"],
        check=True, capture_output=True, text=True).stdout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    run = (out["wall_time_s"], cpu, out["seats"][0]["win_share"])
    best = run if best is None or run[0] < best[0] else best
wall, cpu, first = best
n = int(games)
print(f"tabula games={n} seconds={wall:.3f} games_per_s={n / wall:.1f} "
      f"cpu_us_per_game={cpu * 1e6 / n:.1f} first_wins={first:.4f}")
PY
)
echo "Uniformly random backgammon, $games games, one thread each (CPU $cpu), $(date -u '+%Y-%m-%d %H:%M') UTC"
printf '%s\n%s\n' "$spiel" "$tabula" | awk '
  { delete f; for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
  $1 == "openspiel" { og = f["games_per_s"]; oc = f["cpu_us_per_game"]; ow = f["first_wins"] }
  $1 == "tabula" { tg = f["games_per_s"]; tc = f["cpu_us_per_game"]; tw = f["first_wins"] }
  END {
    printf "  OpenSpiel, C++ bots via evaluate_bots  %9.0f games/s  %8.1f us of processor a game  first seat wins %.4f\n", og, oc, ow
    printf "  tabula simulate, random agents         %9.0f games/s  %8.1f us of processor a game  first seat wins %.4f\n", tg, tc, tw
    printf "  tabula / OpenSpiel: %.1fx the games per second (processor time %.1fx; tabula counts its start-up)\n", tg / og, oc / tc
  }'
