#!/usr/bin/env python3
"""CI's slow step: every test binary's slow tests (`#[ignore]`d, so the
README's test command stays quick), several binaries at once.

`cargo test -- --ignored` runs the binaries one after another, each with
its tests two at a time; a binary whose slow tests are one long test (the
documented maxima, Pig to 100 solved, backgammon against OpenSpiel: Python
on one core for a minute) then leaves a core idle while it runs. Here the
binaries the test build made run three at a time, the longest first (the
root suite builds the book's tutorial crates, about two and a half
minutes on 2 cores; its other slow tests run as a job of their own, see
SPLIT), each as cargo runs it (from its package's folder), and each job's
output is printed whole when it ends, with its time.

Skipped: the 5x5 proof's move-by-move check (3 minutes, 1.2 GB), run by
hand (book: noline).
"""

import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

SKIP = ["five_by_five_x_wins_checked_move_by_move"]
# Binaries run as two jobs, each with a filter of libtest's: the root
# suite's tests of the book wait for the tutorial crates' build (about two
# minutes of cargo holding the target folder), and its other slow tests
# (the hostile fuzzing, noline's 5 x 5 proofs, the exact chains: about a
# minute and a half) need no tutorial crate, so they run as a job of their
# own, not after the book's.
SPLIT = {("tabula", "suite"): [["book::"], ["--skip", "book::"]]}
# The longest first: (package, test target, filter) as measured in CI's
# logs.
FIRST = [("tabula", "suite", "book::"), ("tabula", "cli", ""), ("tabula", "backgammon", "")]
AT_ONCE = 3


# Examples a slow test runs, named to it by an environment variable (the
# test would otherwise ask cargo whether it is up to date, and wait on
# cargo's lock while another slow test builds the book's tutorial crates).
EXAMPLES = {("tabula-exact", "pig_optimal"): "TABULA_PIG_OPTIMAL"}


def binaries():
    """(package, target, executable, package folder) of every test binary."""
    out = subprocess.run(
        ["cargo", "test", "--release", "--workspace", "--tests", "--no-run",
         "--message-format=json"],
        stdout=subprocess.PIPE, check=True, text=True).stdout
    found = []
    for line in out.splitlines():
        m = json.loads(line)
        if m.get("reason") != "compiler-artifact" or not m.get("executable"):
            continue
        if not m["profile"]["test"]:
            continue
        # "path+file:///...#tabula-pig@0.1.0", or "...#0.1.0" where the
        # folder is named as the package.
        tail = m["package_id"].rsplit("#", 1)[-1]
        package = tail.split("@")[0] if "@" in tail else os.path.basename(
            os.path.dirname(m["manifest_path"]))
        found.append((package, m["target"]["name"], m["executable"],
                      os.path.dirname(m["manifest_path"])))
    return found


def examples():
    """The environment variables of EXAMPLES, each the example's executable
    (built by the test build: cargo finds it up to date)."""
    named = {}
    for (package, name), var in EXAMPLES.items():
        out = subprocess.run(
            ["cargo", "build", "--release", "-p", package, "--example", name,
             "--message-format=json"],
            stdout=subprocess.PIPE, check=True, text=True).stdout
        for line in out.splitlines():
            m = json.loads(line)
            if m.get("reason") == "compiler-artifact" and m.get("executable") \
                    and m["target"]["name"] == name:
                named[var] = m["executable"]
        if var not in named:
            raise SystemExit(f"error: cargo named no executable for the example {name}")
    return named


def slow_tests(exe, folder):
    """The names of a binary's ignored tests."""
    listed = subprocess.run([exe, "--list", "--ignored", "--format=terse"], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if listed.returncode != 0:
        return None, listed.stdout
    names = [l.rsplit(": ", 1)[0] for l in listed.stdout.splitlines() if l.endswith(": test")]
    return names, ""


def main():
    env = dict(os.environ, CARGO=shutil.which("cargo") or "cargo", **examples())
    jobs = []
    for package, target, exe, folder in binaries():
        names, error = slow_tests(exe, folder)
        if names is None:
            print(f"error: {exe} --list failed:\n{error}")
            return 1
        if [n for n in names if n.split("::")[-1] not in SKIP]:
            for extra in SPLIT.get((package, target), [[]]):
                jobs.append((package, target, exe, folder, extra))

    def rank(job):
        key = (job[0], job[1], " ".join(job[4]))
        return FIRST.index(key) if key in FIRST else len(FIRST)

    jobs.sort(key=rank)
    started = time.monotonic()

    def run(job):
        package, target, exe, folder, extra = job
        t0 = time.monotonic()
        args = [exe, "--ignored"] + [f"--skip={s}" for s in SKIP] + extra
        done = subprocess.run(args, cwd=folder, env=dict(env, CARGO_MANIFEST_DIR=folder),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        took = time.monotonic() - t0
        part = f" ({' '.join(extra)})" if extra else ""
        print(f"--- {os.path.relpath(folder)}: test target {target}{part}: {took:.0f} s "
              f"(ended {time.monotonic() - started:.0f} s in), exit {done.returncode}\n"
              f"{done.stdout}", flush=True)
        return done.returncode == 0, f"{os.path.relpath(folder)} {target}{part}"

    with ThreadPoolExecutor(AT_ONCE) as pool:
        results = list(pool.map(run, jobs))
    failed = [name for ok, name in results if not ok]
    print(f"the slow tests of {len({job[2] for job in jobs})} test binaries ({len(jobs)} jobs) took "
          f"{time.monotonic() - started:.0f} s")
    if failed:
        print("error: slow tests failed in: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
