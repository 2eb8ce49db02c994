"""OpenSpiel's side of benches/backgammon-openspiel.sh: uniformly random
backgammon (OpenSpiel's `backgammon`, pip wheel `open-spiel`), timed.

    python openspiel.py GAMES

Plays GAMES games through OpenSpiel's C++ loop `pyspiel.evaluate_bots`
(called once a game from Python) with two `uniform_random` C++ bots: each
decision a legal action drawn uniformly (an action is two dice; a double
is two actions), chance sampled in C++. Prints one line of key=value
figures: games per second, processor time per game, mean turns and
actions per game, the first seat's win share.
"""

import sys
import time

import pyspiel


def main():
    games = int(sys.argv[1])
    game = pyspiel.load_game("backgammon", {"scoring_type": "full_scoring"})
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(2)]
    for seed in range(20):  # warm up
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
    wins = points = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        wins += returns[0] > 0
        points += returns[0]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"openspiel games={games} seconds={wall:.3f} games_per_s={games / wall:.1f} "
        f"cpu_us_per_game={cpu * 1e6 / games:.1f} first_wins={wins / games:.4f} "
        f"first_mean_points={points / games:.4f}"
    )


if __name__ == "__main__":
    main()
