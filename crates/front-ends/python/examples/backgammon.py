"""Backgammon in OpenSpiel's numbering, and a position of one's own."""
import tabula

# ANCHOR: numbering
game = tabula.load_game("backgammon(points=win)")  # OpenSpiel's default scoring
state = game.new_initial_state()
print(len(state.chance_outcomes()), state.chance_outcomes()[0])  # the opening's 30 throws
state.apply_action(0)  # X throws 2, O throws 1: X plays 2-1
print(state.current_player(), len(state.legal_actions()), state.legal_actions()[:5])
print([state.action_to_string(0, a) for a in (0, 676, 52)])
state.apply_action(484)  # 8/6/5
state.apply_action(33)  # O throws 4-4: two decisions of two checkers
state.apply_action(state.legal_actions()[0])
print(state.current_player(), state.history())
# ANCHOR_END: numbering

# ANCHOR: position
game = tabula.load_game("backgammon")
state = game.deserialize_state("X 6:2 5:2 bar; O 1:13 2:2; X to play 6-5")
print([(a, state.action_to_string(0, a)) for a in state.legal_actions()])
print(state.serialize())
print(state.action_to_string(0, game.agent_action(state, "pipcount")))
try:
    game.deserialize_state("X 6:5 8:11; O 1:2; X to roll")
except ValueError as wrong:
    print("ValueError:", wrong)
# ANCHOR_END: position
