#!/usr/bin/env python3
# The board designer's edit latency per rule set, side by side (issue 55, item 3):
#   python3 benches/designer-latency.py target/release/tabula games/snakes/boards/classic.ron 1,2
# Side by side on the designer's API: each of 60 edits (a ladder's top
# moved, cycling) is asked under every rule set in turn, so that the
# machine's load falls on all of them alike; medians and the ratio to
# overshoot's median for the same players; p90 and the worst edit beside it.
import json, subprocess, sys, time, urllib.request, statistics, re
exe, board_path = sys.argv[1], sys.argv[2]
players_list = [int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else "1,2").split(",")]
rules_list = ["overshoot", "exact", "bounce", "six-again", "sixes-home", "bump"]
p = subprocess.Popen([exe, "serve", "--addr", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True)
addr = p.stdout.readline().strip().split()[-1].rstrip("/")
host = addr.split("//")[1]
board = open(board_path).read()
def ask(text, players):
    body = json.dumps({"board": text, "players": players}).encode()
    r = urllib.request.Request(addr + "/game/snakes/designer/api/analyze", data=body, method="POST",
        headers={"Content-Type": "application/json", "Origin": addr, "Host": host})
    t = time.perf_counter()
    with urllib.request.urlopen(r) as f:
        ans = json.loads(f.read())
    return (time.perf_counter() - t) * 1000, ans
for players in players_list:
    times = {r: [] for r in rules_list}
    for i in range(60):
        top = 30 + (i % 8)
        for rules in rules_list:
            text = re.sub(r'rules: "[^"]*"', f'rules: "{rules}"', board).replace("(9, 31)", f"(9, {top})")
            dt, ans = ask(text, players)
            assert ans.get("ok") is True, ans
            times[rules].append(dt)
    base = statistics.median(times["overshoot"])
    for rules in rules_list:
        ts = sorted(times[rules])
        m = statistics.median(ts)
        print(f"players {players}  {rules:11s} median {m:6.1f} ms  p90 {ts[int(0.9*len(ts))-1]:6.1f} ms  worst {ts[-1]:6.1f} ms  {m/base:4.2f}x overshoot", flush=True)
p.terminate()
