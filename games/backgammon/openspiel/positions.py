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

import numpy
import pyspiel
from open_spiel.python.observation import make_observation


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


def finals(state, player, out, observation, halves=None):
    """Adds to `out` (the observation tensors' first 198 values, as bytes)
    every position the legal whole turns from `state` lead to.
    `observation` is OpenSpiel's observation buffer, written in place.
    `halves` holds the positions after a double's first half already
    followed: first halves that reach the same position (the same board,
    dice and player, so the same second halves) are followed once, which
    leaves `out` the same."""
    if halves is None:
        halves = set()
    tensor = observation.tensor
    for a in state.legal_actions():
        child = state.child(a)
        observation.set_from(child, 0)
        if not child.is_terminal() and child.current_player() == player:
            # The second half of a double.
            half = tensor.tobytes()
            if half not in halves:
                halves.add(half)
                finals(child, player, out, observation, halves)
        else:
            out.add(tensor[:198].tobytes())


# Weights of a point's four features (Tesauro's encoding) in its number of
# checkers: n = f0 + 2 f1 + 3 f2 + f3, plus 3 when f3 > 0.
WEIGHTS = numpy.array([1.0, 2.0, 3.0, 1.0])


def encode_all(tensors):
    """The 28-character positions of observation tensors (each the first
    198 float32 values, as bytes), as `encode_tensor` encodes one,
    computed for all of them at once."""
    t = numpy.frombuffer(b"".join(tensors), dtype=numpy.float32).reshape(len(tensors), 198)
    features = t[:, :192].astype(numpy.float64).reshape(len(t), 2, 24, 4)
    counts = features @ WEIGHTS + 3.0 * (features[:, :, :, 3] > 0)
    points = 63 + counts[:, 0, :] - counts[:, 1, :]
    rest = 48 + t[:, [192, 193, 195, 196]]
    codes = numpy.rint(numpy.concatenate([points, rest], axis=1)).astype(numpy.uint8)
    return [row.tobytes().decode("ascii") for row in codes]


def work(args):
    positions, seed = args
    game = pyspiel.load_game(
        "backgammon", {"scoring_type": "full_scoring", "max_player_turns": 100000}
    )
    observation = make_observation(game)
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
                finals(state, player, nxt, observation)
                lines.append(json.dumps({"p": encode(state), "seat": player, "dice": dice,
                                         "next": sorted(encode_all(list(nxt)))}))
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
