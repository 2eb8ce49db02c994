"""OpenSpiel's MCTS bot on tabula's noline, through tabula.openspiel."""
import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from tabula import openspiel

# ANCHOR: mcts
game = openspiel.load_game("noline(dim=3)")  # a pyspiel.Game
rng = np.random.RandomState(3)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
bots = [
    mcts.MCTSBot(game, uct_c=2.0, max_simulations=300, evaluator=evaluator, random_state=rng),
    pyspiel.make_uniform_random_bot(1, 7),
]
wins = 0
for _ in range(10):
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    wins += returns[0] > returns[1]
print(type(game).__mro__[1].__name__, game.get_type().short_name, game.num_players())
print("MCTS won", wins, "of 10 against random play")
# ANCHOR_END: mcts
