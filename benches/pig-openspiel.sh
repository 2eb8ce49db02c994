#!/bin/sh
# Side by side on one machine, one thread each: Pig to 50 (two players,
# a six-sided die) played by OpenSpiel and by tabula's simulation harness,
# both seats always rolling and both holding at 20, for the same number
# of games (default 200,000). Prints each one's games per second per
# thread, the ratio, and the figures that show both play the same game:
# the mean number of steps (decisions and rolls) per game and how often
# the first player wins, with standard errors.
#
#   benches/pig-openspiel.sh [GAMES]
#
# OpenSpiel is its pip wheel, `open-spiel` (pinned below), installed into
# a virtual environment under target/openspiel-venv on the first run
# (needs python3 with venv and pip, and the network once). Its loops are
# in benches/pig/openspiel.py: always-roll through OpenSpiel's C++ loop
# `pyspiel.evaluate_bots` with two `fixed_action_preference` bots (called
# once a game from Python; the Python around the call is timed apart and
# subtracted too), hold-at-20 through the fastest loop we could write
# (Python driving OpenSpiel's C++ state), since no C++ bot of the wheel
# plays it; the same Python loop plays always-roll too, to show what
# Python costs. tabula's side is `cargo bench --bench pig_versus` (built
# first, not timed), its best of five runs, and the book's tutorial Pig
# through its own `simulate` verb (as a user runs it), best of three.
# Both are pinned to CPU
# $CPU (default 1) with taskset where there is one. Beside the wall
# clock, each side reports its processor time (Linux).
set -eu
games=${1:-200000}
cpu=${CPU:-1}
openspiel=2.0.2
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/target/openspiel-venv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null || { echo "pig-openspiel.sh: needs python3" >&2; exit 2; }
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('open_spiel') != '$openspiel')" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "open-spiel==$openspiel"
fi
cargo bench --quiet --manifest-path "$root/Cargo.toml" -p tabula-benches --bench pig_versus --no-run
pin() { if command -v taskset >/dev/null; then taskset -c "$cpu" "$@"; else "$@"; fi; }
tabula() {
  pin cargo bench --quiet --manifest-path "$root/Cargo.toml" -p tabula-benches --bench pig_versus -- \
    --games "$games" --strategy "$1" --repeat 5
}
spiel() { pin "$venv/bin/python" "$root/benches/pig/openspiel.py" "$games" "$1" "$2"; }
# The book's tutorial Pig (book/tutorials/pig: rules, agents and one
# `register_game!`, no command code) through its own `tabula simulate`,
# the generic verb with its default report, as a user runs it: its
# agents as the registry builds them (`PolicyAgent`s behind `dyn`), its
# dice through the default `sample_chance`. Always rolling is
# `hold-at-100` (never holds before 50). Best of three of the verb's own
# `wall_time_s` (the games, not the start-up).
CARGO_TARGET_DIR="$root/target" cargo build --quiet --release \
  --manifest-path "$root/book/tutorials/Cargo.toml" -p pig
verb() {
  # Best of three runs of the verb's own `wall_time_s` (the games, not the
  # start-up); the processor time is the process's whole (start-up
  # included), from its resource usage.
  pin python3 - "$root/target/release/pig" "$1" "$games" <<'PY'
import json, resource, subprocess, sys
pig, agent, games = sys.argv[1:]
walls, cpus = [], []
for _ in range(3):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([pig, "simulate", "pig", "--agents", f"{agent},{agent}", "--games", games,
                          "--threads", "1", "--max-states", "0", "--target", "50", "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    walls.append(json.loads(out)["wall_time_s"])
    cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
print(f"verb games={games} wall_s={min(walls)} cpu_ns_per_game={min(cpus) / int(games) * 1e9:.1f}")
PY
}

spiel always-roll evaluate_bots > "$tmp/always-roll.spiel"
spiel always-roll python >> "$tmp/always-roll.spiel"
tabula always-roll > "$tmp/always-roll.tabula"
spiel hold-at-20 python > "$tmp/hold-at-20.spiel"
tabula hold-at-20 > "$tmp/hold-at-20.tabula"
verb hold-at-100 >> "$tmp/always-roll.tabula"
verb hold-at-20 >> "$tmp/hold-at-20.tabula"

echo "Pig to 50, two players, $games games, one thread each (CPU $cpu), $(date -u '+%Y-%m-%d %H:%M') UTC"
echo "Wall-clock games per second; in brackets, the processor time of a game (ns), less"
echo "disturbed by other work on a shared machine."
for s in always-roll hold-at-20; do
  cat "$tmp/$s.spiel" "$tmp/$s.tabula" | awk -v s="$s" '
    { delete f; for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
    function line(name, gps, ns, step, cpu) {
      printf "  %-36s %10.0f games/s %9.0f ns/game %7.1f ns/step  (%.0f)\n", name, gps, ns, step, cpu
    }
    $1 == "openspiel" {
      o++; name[o] = "OpenSpiel, " f["loop"] " loop"; g[o] = f["games_per_s"]; ns[o] = f["ns_per_game"]
      st[o] = f["ns_per_step"]; cpu[o] = f["cpu_ns_per_game"]
      if (o == 1) {
        sm = f["mean_steps"]; sse = f["steps_se"]; sw = f["first_wins"]; sd = f["draws"]; n = f["games"]
        pf = f["python_free_games_per_s"]; pfns = f["python_free_ns_per_game"]; pfcpu = f["python_free_cpu_ns_per_game"]
      }
    }
    $1 == "tabula" {
      k++; tg[k] = f["games_per_s"]; c = f["cpu_ns_per_game"]
      if (tc == "" || c < tc) tc = c
      tm = f["mean_steps"]; tse = f["steps_se"]; tw = f["first_wins"]; td = f["draws"]
    }
    $1 == "verb" { vg = f["games"] / f["wall_s"]; vc = f["cpu_ns_per_game"] }
    END {
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (tg[j] > tg[i]) { t = tg[i]; tg[i] = tg[j]; tg[j] = t }
      best = tg[1]; med = tg[int((k + 1) / 2)]
      printf "\n%s\n", s
      line(name[1], g[1], ns[1], st[1], cpu[1])
      if (pf != "") line("  the same less the Python around it", pf, pfns, pfns / sm, pfcpu)
      for (i = 2; i <= o; i++) line(name[i], g[i], ns[i], st[i], cpu[i])
      line("tabula harness, best of " k, best, 1e9 / best, 1e9 / best / tm, tc)
      printf "  tabula / %s: %.1fx the games per second", name[1], best / g[1]
      if (pf != "") printf ", %.1fx less the Python", best / pf
      printf "; processor time %.1fx", cpu[1] / tc
      if (pfcpu != "") printf ", %.1fx less the Python", pfcpu / tc
      printf " (tabula median run %.1fx)\n", med / g[1]
      if (vg != "") {
        line("tutorial Pig, `simulate` verb, best of 3", vg, 1e9 / vg, 1e9 / vg / tm, vc)
        printf "  the verb / %s: %.1fx the games per second", name[1], vg / g[1]
        if (pf != "") printf ", %.1fx less the Python", vg / pf
        printf "; processor time %.1fx", cpu[1] / vc
        if (pfcpu != "") printf ", %.1fx less the Python", pfcpu / vc
        printf "\n"
      }
      wse = sqrt(sw * (1 - sw) / n); twse = sqrt(tw * (1 - tw) / n)
      printf "  mean steps a game:  OpenSpiel %.3f +- %.3f, tabula %.3f +- %.3f (%+.1f standard errors)\n", sm, sse, tm, tse, (tm - sm) / sqrt(sse ^ 2 + tse ^ 2)
      printf "  first player wins:  OpenSpiel %.4f +- %.4f, tabula %.4f +- %.4f (%+.1f standard errors)\n", sw, wse, tw, twse, (tw - sw) / sqrt(wse ^ 2 + twse ^ 2)
      printf "  draws (horizon):    OpenSpiel %d, tabula %d\n", sd, td
    }'
done
