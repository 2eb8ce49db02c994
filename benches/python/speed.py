"""The Python module beside OpenSpiel's, in one run (benches/python-openspiel.sh).

1. A Python-driven random playout of Pig to 30, step by step: the same
   loop over `tabula.load_game("pig(target=30)")` and over
   `pyspiel.load_game("pig(winscore=30)")` (the same rules, the same
   actions), best of REPEAT runs each, interleaved.
2. `tabula.simulate` from Python against the `tabula` command line: the
   same run (Pig to 30, GAMES games, one thread), the verb's own wall time
   in each report (games per second), best of REPEAT and the median of
   the pairs' ratios (each pair interleaved, the first in turn); and the whole
   Python call against the whole process (both with the verb's exact
   solve beside the games, its default).

   python speed.py TABULA_BIN [GAMES] [PLAYOUTS] [REPEAT]
"""

import json
import random
import subprocess
import sys
import time

import pyspiel

import tabula

tabula_bin = sys.argv[1]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 200_000
playouts = int(sys.argv[3]) if len(sys.argv) > 3 else 20_000
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 5


def playout_loop(game, n, seed):
    """n random games, Python choosing every action; (seconds, steps)."""
    rng = random.Random(seed)
    choice, random_ = rng.choice, rng.random
    steps = 0
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                r, acc = random_(), 0.0
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return time.perf_counter() - start, steps


ours = tabula.load_game("pig(target=30)")
theirs = pyspiel.load_game("pig(winscore=30)")
best = {"tabula": None, "pyspiel": None}
for r in range(repeat):
    for name, game in (("tabula", ours), ("pyspiel", theirs)):
        seconds, steps = playout_loop(game, playouts, 100 + r)
        ns = seconds / steps * 1e9
        if best[name] is None or ns < best[name][0]:
            best[name] = (ns, steps, seconds)
print(f"random playouts of Pig to 30 driven from Python, {playouts} games, best of {repeat}:")
for name in ("tabula", "pyspiel"):
    ns, steps, seconds = best[name]
    print(f"  {name:8} {ns:8.0f} ns a step  ({steps} steps, {seconds:.2f} s)")
print(f"  tabula / pyspiel, time a step: {best['tabula'][0] / best['pyspiel'][0]:.2f}")

spec = "pig(target=30)"
cli_best, py_best, py_call, cli_process = None, None, None, None
ratios = []


def run_cli():
    start = time.perf_counter()
    out = subprocess.run(
        [tabula_bin, "simulate", spec, "--games", str(games), "--threads", "1", "--seed", "3",
         "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)["wall_time_s"], time.perf_counter() - start


def run_python():
    start = time.perf_counter()
    report = tabula.simulate(spec, games=games, threads=1, seed=3)
    return report["wall_time_s"], time.perf_counter() - start


for r in range(repeat):
    # Interleaved, each first in turn, so a drift of the machine's load
    # falls on both alike; each pair's ratio is kept.
    if r % 2 == 0:
        (cli, process), (py, call) = run_cli(), run_python()
    else:
        (py, call), (cli, process) = run_python(), run_cli()
    ratios.append(cli / py)
    cli_process = process if cli_process is None else min(cli_process, process)
    cli_best = cli if cli_best is None else min(cli_best, cli)
    py_best = py if py_best is None else min(py_best, py)
    py_call = call if py_call is None else min(py_call, call)
print(f"simulate {spec}, {games} games, one thread, best of {repeat}:")
print(f"  command line        {games / cli_best:12.0f} games/s (the verb's wall time)")
print(f"  tabula.simulate     {games / py_best:12.0f} games/s (the verb's wall time)")
print(f"  command line        {games / cli_process:12.0f} games/s (the whole process, its exact solve beside)")
print(f"  tabula.simulate     {games / py_call:12.0f} games/s (the whole Python call, the same)")
print(f"  Python / command line, games per second: {cli_best / py_best:.3f} (the verb's time), "
      f"{cli_process / py_call:.3f} (whole)")
ratios.sort()
print(f"  Python / command line, pair by pair (the verb's time): median {ratios[len(ratios) // 2]:.3f}, "
      f"{ratios[0]:.3f} to {ratios[-1]:.3f} over {len(ratios)} pairs")
