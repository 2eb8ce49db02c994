"""OpenSpiel's side of benches/pig-openspiel.sh: Pig to 50, two players,
a six-sided die, played by OpenSpiel (pip wheel `open-spiel`), timed.

    python openspiel.py GAMES always-roll evaluate_bots
    python openspiel.py GAMES STRATEGY python

STRATEGY is always-roll or hold-at-N (both seats). Prints one line of
key=value figures, as `cargo bench --bench pig_versus` does for tabula.

Loops:

evaluate_bots  OpenSpiel's C++ loop, `pyspiel.evaluate_bots(state, bots,
               seed)`, called once a game from Python with two
               `fixed_action_preference` bots (actions 0:1, roll where
               legal, else stop): always-roll only, the one strategy of
               this game its C++ bots can play. Also times the same
               Python loop around a call that plays nothing (a new initial
               state, the returns and the move number of a finished game)
               and prints it as python_ns_per_game: subtracting it leaves
               the C++ loop's own time (python_free_ns_per_game).
python         The fastest loop we could write for a strategy that looks
               at the turn total: Python drives OpenSpiel's C++ state with
               `apply_action`, asks `is_terminal` before each decision,
               rolls the die itself (uniform, `random.random`), and keeps
               the turn total and the scores from the actions it applied,
               as a bot informed of every action would.
"""

import random
import sys
import time

import pyspiel

TARGET = 50


def load():
    return pyspiel.load_game("pig", {"players": 2, "winscore": TARGET, "diceoutcomes": 6})


def clocks():
    """The wall clock and the process's processor time, in seconds."""
    return time.perf_counter(), time.process_time()


def since(start):
    """Wall and processor seconds since `start` (from `clocks`)."""
    wall, cpu = clocks()
    return wall - start[0], cpu - start[1]


def report(loop, strategy, games, elapsed, steps, steps_sq, first, draws, extra=""):
    seconds, cpu = elapsed
    mean = steps / games
    var = max(steps_sq / games - mean * mean, 0.0)
    print(
        f"openspiel loop={loop} strategy={strategy} games={games} seconds={seconds:.4f} "
        f"cpu_ns_per_game={cpu * 1e9 / games:.1f} "
        f"games_per_s={games / seconds:.0f} ns_per_game={seconds * 1e9 / games:.1f} "
        f"ns_per_step={seconds * 1e9 / games / mean:.2f} mean_steps={mean:.4f} "
        f"steps_se={(var / games) ** 0.5:.4f} first_wins={first / games:.5f} draws={draws}{extra}"
    )


def evaluate_bots(games, strategy):
    if strategy != "always-roll":
        sys.exit("evaluate_bots plays always-roll only")
    game = load()
    bots = [
        pyspiel.load_bot("fixed_action_preference", game, p, {"actions": "0:1"})
        for p in range(2)
    ]
    new_state = game.new_initial_state
    play = pyspiel.evaluate_bots
    # Warm up.
    for seed in range(100):
        play(new_state(), bots, seed)
    steps = steps_sq = first = draws = 0
    start = clocks()
    for seed in range(games):
        state = new_state()
        returns = play(state, bots, seed)
        m = state.move_number()
        steps += m
        steps_sq += m * m
        if returns[0] > 0:
            first += 1
        elif returns[0] == 0:
            draws += 1
    elapsed = since(start)
    # The same loop around a call that plays nothing.
    over = new_state()
    play(over, bots, 0)
    returns_of = over.returns
    moves_of = over.move_number
    s = s_sq = f = d = 0
    start = clocks()
    for seed in range(games):
        state = new_state()
        returns = returns_of()
        m = moves_of()
        s += m
        s_sq += m * m
        if returns[0] > 0:
            f += 1
        elif returns[0] == 0:
            d += 1
    python, python_cpu = since(start)
    seconds, cpu = elapsed
    extra = (
        f" python_ns_per_game={python * 1e9 / games:.1f}"
        f" python_free_ns_per_game={(seconds - python) * 1e9 / games:.1f}"
        f" python_free_games_per_s={games / (seconds - python):.0f}"
        f" python_free_cpu_ns_per_game={(cpu - python_cpu) * 1e9 / games:.1f}"
    )
    report("evaluate_bots", strategy, games, elapsed, steps, steps_sq, first, draws, extra)


def python_loop(games, strategy):
    hold_at = 1 << 30 if strategy == "always-roll" else int(strategy.removeprefix("hold-at-"))
    game = load()
    new_state = game.new_initial_state
    uniform = random.Random(1).random
    steps = steps_sq = first = draws = 0
    start = clocks()
    for _ in range(games):
        state = new_state()
        apply = state.apply_action
        terminal = state.is_terminal
        scores = [0, 0]
        seat = turn = 0
        while not terminal():
            if turn < hold_at and scores[seat] + turn < TARGET:
                apply(0)  # roll
                face = int(uniform() * 6)  # the chance outcome: face - 1
                apply(face)
                if face == 0:
                    turn = 0
                    seat ^= 1
                else:
                    turn += face + 1
            else:
                apply(1)  # stop
                scores[seat] += turn
                turn = 0
                seat ^= 1
        m = state.move_number()
        steps += m
        steps_sq += m * m
        returns = state.returns()
        if returns[0] > 0:
            first += 1
        elif returns[0] == 0:
            draws += 1
    report("python", strategy, games, since(start), steps, steps_sq, first, draws)


def main():
    games, strategy, loop = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    if loop == "evaluate_bots":
        evaluate_bots(games, strategy)
    elif loop == "python":
        python_loop(games, strategy)
    else:
        sys.exit(f"unknown loop {loop!r}")


if __name__ == "__main__":
    main()
