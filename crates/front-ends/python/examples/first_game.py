"""A game from a spec string, played through OpenSpiel's names."""
import random

import tabula

# ANCHOR: load
print(tabula.games())
game = tabula.load_game("pig(target=30)")  # the command line's spec string
print(game.spec, game.num_players(), game.get_parameters())
print(game.num_distinct_actions(), game.max_chance_outcomes())
# ANCHOR_END: load

# ANCHOR: play
state = game.new_initial_state()
print(state.current_player(), state.legal_actions())  # seat 0: roll 0, stop 1
state.apply_action(0)  # roll
print(state.current_player(), state.is_chance_node())  # -1: chance moves
print(state.chance_outcomes()[:2])  # (action, probability): a 1, a 2, ...
state.apply_action(4)  # a 5
print(state.action_to_string(0, 1), "/", state)
# ANCHOR_END: play

# ANCHOR: playout
rng = random.Random(1)
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probabilities)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
print(len(state.history()), "actions;", state.returns())
# ANCHOR_END: playout

# ANCHOR: text
text = state.serialize()  # the actions from the start
again = game.deserialize_state(" ".join(text.split()[:7]))
print(again.history(), again.legal_actions())
copy = again.clone()
copy.apply_action(again.legal_actions()[0])
print(len(again.history()), len(copy.history()))
try:
    again.apply_action(7)
except ValueError as refused:
    print("ValueError:", refused)
# ANCHOR_END: text
