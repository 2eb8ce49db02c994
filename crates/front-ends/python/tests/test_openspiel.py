"""Against the peer, in the same run: tabula's Pig agrees with OpenSpiel's
step by step, and OpenSpiel's algorithms play tabula's games through
`tabula.openspiel`."""

import json
import os
import random

import numpy as np
import pytest

import tabula

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

from tabula import openspiel  # noqa: E402

GAMES = int(os.environ.get("TABULA_CONFORMANCE_GAMES", "2000"))


def test_pig_to_30_agrees_with_openspiels_pig_along_random_games():
    ours = tabula.load_game("pig(target=30)")
    theirs = pyspiel.load_game("pig(winscore=30)")
    assert ours.num_players() == theirs.num_players()
    assert ours.num_distinct_actions() == theirs.num_distinct_actions()
    assert ours.max_chance_outcomes() == theirs.max_chance_outcomes()
    rng = random.Random(56)
    counts = {"games": 0, "steps": 0, "states": 0, "chance_nodes": 0, "terminal": 0}
    for _ in range(GAMES):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while True:
            counts["states"] += 1
            assert a.current_player() == b.current_player(), b.history()
            assert a.is_terminal() == b.is_terminal()
            assert a.is_chance_node() == b.is_chance_node()
            assert a.returns() == b.returns()
            if a.is_terminal():
                counts["terminal"] += 1
                assert a.legal_actions() == []
                break
            assert a.legal_actions() == b.legal_actions(), b.history()
            legal = a.legal_actions()
            if a.is_chance_node():
                counts["chance_nodes"] += 1
                ours_outcomes, theirs_outcomes = a.chance_outcomes(), b.chance_outcomes()
                assert [o for o, _ in ours_outcomes] == [o for o, _ in theirs_outcomes]
                assert [p for _, p in ours_outcomes] == pytest.approx([p for _, p in theirs_outcomes])
                action = rng.choice(legal)
            else:
                action = rng.choice(legal)
            player = a.current_player()
            assert a.action_to_string(player, action) == b.action_to_string(player, action)
            a.apply_action(action)
            b.apply_action(action)
            counts["steps"] += 1
        assert sorted(a.returns()) == [-1.0, 1.0]
        counts["games"] += 1
    print("pig conformance:", json.dumps(counts))
    assert counts["games"] == GAMES and counts["terminal"] == GAMES


BACKGAMMON_GAMES = int(os.environ.get("TABULA_BACKGAMMON_GAMES", "200"))


@pytest.mark.parametrize(
    "ours_spec, theirs_spec",
    [
        # OpenSpiel's default scoring counts every win 1: tabula's points=win.
        ("backgammon(points=win)", "backgammon"),
        # tabula's default counts gammons and backgammons: OpenSpiel's full_scoring.
        ("backgammon", "backgammon(scoring_type=full_scoring)"),
    ],
)
def test_backgammon_agrees_with_openspiels_along_random_games(ours_spec, theirs_spec):
    ours = tabula.load_game(ours_spec)
    theirs = pyspiel.load_game(theirs_spec)
    assert ours.num_players() == theirs.num_players()
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 1352
    assert ours.max_chance_outcomes() == theirs.max_chance_outcomes() == 36
    rng = random.Random(55 if ours_spec.endswith("(points=win)") else 56)
    counts = {"games": 0, "steps": 0, "states": 0, "chance_nodes": 0, "terminal": 0,
              "first_halves_tabula_refuses": 0, "openspiel_turn_limit": 0}
    for _ in range(BACKGAMMON_GAMES):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while True:
            counts["states"] += 1
            if b.is_terminal() and not a.is_terminal():
                # OpenSpiel's max_player_turns (500) ends the game: a draw.
                assert b.returns() == [0.0, 0.0]
                counts["openspiel_turn_limit"] += 1
                break
            assert a.current_player() == b.current_player(), b.history()
            assert a.is_terminal() == b.is_terminal()
            assert a.is_chance_node() == b.is_chance_node()
            assert a.returns() == b.returns(), b.history()
            if a.is_terminal():
                counts["terminal"] += 1
                assert a.legal_actions() == []
                break
            legal = a.legal_actions()
            if a.is_chance_node():
                counts["chance_nodes"] += 1
                assert dict(a.chance_outcomes()) == pytest.approx(dict(b.chance_outcomes()))
            elif set(legal) != set(b.legal_actions()):
                # The one rule apart: OpenSpiel's first half of a double may
                # leave dice unplayable; tabula's always lets all be played.
                assert set(legal) < set(b.legal_actions()), b.history()
                assert b.history()[-1] >= 30, "a double was thrown, and this is its first half"
                counts["first_halves_tabula_refuses"] += 1
            action = rng.choice(legal)
            a.apply_action(action)
            b.apply_action(action)
            counts["steps"] += 1
        counts["games"] += 1
    print(f"{ours_spec} against {theirs_spec}:", json.dumps(counts))
    assert counts["games"] == BACKGAMMON_GAMES
    assert counts["terminal"] + counts["openspiel_turn_limit"] == BACKGAMMON_GAMES


def test_the_adapter_is_a_pyspiel_game_with_its_type_and_info():
    game = openspiel.load_game("pig(target=30)")
    assert isinstance(game, pyspiel.Game)
    assert game.get_type().short_name == "tabula_pig"
    assert game.num_distinct_actions() == 2 and game.max_chance_outcomes() == 6
    assert game.num_players() == 2
    assert game.get_parameters() == {"target": 30, "players": 2, "horizon": 1000}
    state = game.new_initial_state()
    assert isinstance(state, pyspiel.State)
    assert state.legal_actions() == [0, 1]
    state.apply_action(0)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    copied = state.clone()
    state.apply_action(0)
    assert copied.history() == [0] and state.history() == [0, 0]
    assert state.current_player() == 1
    assert openspiel.load_game("noline(dim=3)").num_distinct_actions() == openspiel.FALLBACK_ACTIONS


def test_openspiels_mcts_bot_plays_noline_3_through_the_adapter():
    game = openspiel.load_game("noline(dim=3)")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=200, evaluator=evaluator, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 7),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2
    # Both seats of noline 3 x 3 with MCTS: a whole game, each move legal.
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=100, evaluator=evaluator, random_state=rng)
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.is_terminal() and len(state.returns()) == 2


@pytest.mark.parametrize("spec", ["pig(target=30)", "chance-it", "backgammon", "seega", "noline(dim=5)"])
def test_openspiels_random_play_evaluation_runs_on_tabulas_games(spec):
    game = openspiel.load_game(spec)
    rng = np.random.RandomState(1)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(players)]
    for _ in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == players


def test_mcts_plays_pig_with_chance_through_the_adapter():
    game = openspiel.load_game("pig(target=20)")
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=50, evaluator=evaluator, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 3),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
