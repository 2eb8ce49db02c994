"""OpenSpiel's side of tabula's backgammon conformance test
(games/backgammon/tests/openspiel.rs): plays random games of OpenSpiel's
`backgammon` (pip wheel `open-spiel`, full scoring) with random dice and
random legal actions, and writes, as JSON lines,

  {"p": POSITION, "seat": S, "dice": [A, B], "next": [POSITION, ...]}

for each position where a seat is to play a roll (the start of a turn),
with every position its legal whole turns lead to (a double is two
OpenSpiel actions of two dice each: both are followed), and

  {"p": POSITION, "returns": [R0, R1]}

for each finished game. A POSITION is 28 characters: OpenSpiel's points 0
to 23 as chr(63 + n), n the checkers of X (positive) or O (negative),
then X's bar, X's borne off, O's bar, O's borne off as chr(48 + n).

    python positions.py POSITIONS SEED WORKERS > out.jsonl
"""

import json
import multiprocessing
import random
import sys

import pyspiel


def encode(state):
    return encode_tensor(state.observation_tensor(0))


def _count(f):
    return int(f[0] + 2 * f[1] + 3 * f[2] + (3 + f[3] if f[3] > 0 else 0))


# A point's four features (Tesauro's encoding) to its number of checkers.
COUNT = {}
for _n in range(16):
    _f = (float(_n == 1), float(_n == 2), float(_n == 3), float(max(_n - 3, 0)))
    COUNT[_f] = _n
    assert _count(_f) == _n


def encode_tensor(t):
    """The 28-character position from an observation tensor (a tuple)."""
    t = tuple(t)
    points = "".join(
        chr(63 + COUNT[t[4 * i: 4 * i + 4]] - COUNT[t[96 + 4 * i: 100 + 4 * i]]) for i in range(24)
    )
    # Bar and borne off: X's (the tensor's player 0) then O's.
    return points + "".join(chr(48 + int(t[k])) for k in (192, 193, 195, 196))


def finals(state, player, out, halves=None):
    """Adds to `out` (observation tensors, as tuples) every position the
    legal whole turns from `state` lead to. `halves` holds the positions
    after a double's first half already followed: first halves that reach
    the same position (the same board, dice and player, so the same
    second halves) are followed once, which leaves `out` the same."""
    if halves is None:
        halves = set()
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if not child.is_terminal() and child.current_player() == player:
            # The second half of a double.
            half = tuple(child.observation_tensor(0))
            if half not in halves:
                halves.add(half)
                finals(child, player, out, halves)
        else:
            out.add(tuple(child.observation_tensor(0)[:198]))


def work(args):
    positions, seed = args
    game = pyspiel.load_game(
        "backgammon", {"scoring_type": "full_scoring", "max_player_turns": 100000}
    )
    rng = random.Random(seed)
    lines = []
    count = 0
    while count < positions:
        state = game.new_initial_state()
        mover = None
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                mover = None
                continue
            player = state.current_player()
            if mover != player:
                # The start of a turn.
                t = state.observation_tensor(0)
                dice = sorted([int(t[198]), int(t[199])], reverse=True)
                nxt = set()
                finals(state, player, nxt)
                lines.append(json.dumps({"p": encode(state), "seat": player, "dice": dice,
                                         "next": sorted(encode_tensor(t) for t in nxt)}))
                count += 1
                mover = player
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        lines.append(json.dumps({"p": encode(state), "returns": state.returns()}))
    return "\n".join(lines)


def main():
    positions, seed, workers = (int(a) for a in sys.argv[1:4])
    per = -(-positions // workers)
    with multiprocessing.Pool(workers) as pool:
        for chunk in pool.imap(work, [(per, seed * 1000 + w) for w in range(workers)]):
            sys.stdout.write(chunk + "\n")


if __name__ == "__main__":
    main()
