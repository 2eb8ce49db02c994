"""The module's OpenSpiel-shaped API over every registered game."""

import copy
import random

import pytest

import tabula


def test_games_lists_every_registered_game():
    games = tabula.games()
    assert games == sorted(games)
    for name in ["backgammon", "chance-it", "noline", "pig", "snakes"]:
        assert name in games


def test_load_game_takes_the_command_lines_spec_strings():
    game = tabula.load_game("pig(target=30)")
    assert game.name == "pig"
    assert game.spec == "pig(target=30, players=2, horizon=1000)"
    assert game.num_players() == 2
    assert game.get_parameters() == {"target": 30, "players": 2, "horizon": 1000}
    assert game.num_distinct_actions() == 2
    assert game.max_chance_outcomes() == 6
    assert tabula.load_game("pig").get_parameters()["target"] == 100


@pytest.mark.parametrize(
    "spec, message",
    [
        ("pog", 'unknown game "pog"'),
        ("pig(tarjet=3)", 'unknown parameter "tarjet"'),
        ("pig(target=0)", "parameter target: 0 is not allowed"),
        ("pig(target=30", "pig(target=30"),
    ],
)
def test_a_bad_spec_is_a_value_error_with_the_frameworks_message(spec, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        tabula.load_game(spec)


def test_pig_plays_as_openspiel_numbers_it():
    state = tabula.load_game("pig(target=30)").new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1]
    assert [state.action_to_string(0, a) for a in (0, 1)] == ["roll", "stop"]
    state.apply_action(0)
    assert state.is_chance_node() and state.current_player() == tabula.CHANCE_PLAYER_ID == -1
    assert state.chance_outcomes() == [(a, 1 / 6) for a in range(6)]
    assert state.action_to_string(-1, 3) == "Roll 4"
    state.apply_action(3)
    assert str(state) == "Scores: 0 0, Turn total: 4\nCurrent player: 0\n"
    with pytest.raises(ValueError, match="action 9 is not legal here; the legal actions are 0, 1"):
        state.apply_action(9)
    state.apply_action(1)
    assert state.current_player() == 1 and state.returns() == [0.0, 0.0]
    assert state.history() == [0, 3, 1] and state.serialize() == "0 3 1"


def test_a_state_read_from_text_lists_its_legal_moves():
    game = tabula.load_game("pig(target=30)")
    state = game.deserialize_state("0 5 0 5")
    assert state.legal_actions() == [0, 1]
    assert "Turn total: 12" in str(state)
    with pytest.raises(ValueError):
        game.deserialize_state("0 9")
    with pytest.raises(ValueError, match="is not a state"):
        game.deserialize_state("roll")


def test_clone_is_a_copy_of_its_own():
    state = tabula.load_game("pig(target=30)").new_initial_state()
    copied = state.clone()
    deep = copy.deepcopy(state)
    state.apply_action(0)
    assert copied.history() == [] and deep.history() == []
    assert copied.get_game().spec == state.get_game().spec


@pytest.mark.parametrize("name", tabula.games())
def test_every_game_plays_at_random_through_the_api(name):
    game = tabula.load_game(name)
    rng = random.Random(7)
    for _ in range(3):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 200:
            legal = state.legal_actions()
            if not legal:  # a game whose choices are not listed (cruising's helm)
                break
            assert legal == sorted(set(legal))
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert [a for a, _ in outcomes] == legal
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                action = rng.choices(legal, [p for _, p in outcomes])[0]
            else:
                assert 0 <= state.current_player() < game.num_players()
                action = rng.choice(legal)
            assert state.action_to_string(state.current_player(), action)
            state.apply_action(action)
            steps += 1
            again = game.deserialize_state(state.serialize())
            assert again.legal_actions() == state.legal_actions()
            assert str(again) == str(state)
        if state.is_terminal():
            assert state.current_player() == tabula.TERMINAL_PLAYER_ID == -4
            assert len(state.returns()) == game.num_players()
            assert state.legal_actions() == []


def test_tabulas_own_agents_choose_from_python():
    game = tabula.load_game("noline(dim=3)")
    state = game.new_initial_state()
    action = game.agent_action(state, "type1", seed=1)
    assert action in state.legal_actions()


def test_backgammon_reads_a_position_of_ones_own_and_lists_its_moves():
    game = tabula.load_game("backgammon")
    state = game.deserialize_state("X 6:2 5:2 bar; O 1:13 2:2; X to play 6-5")
    assert state.current_player() == 0 and state.history() == []
    moves = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert moves and all(m.startswith("bar/") for m in moves)
    assert "bar/19 6/1" in moves
    # Written back in the same notation, then `|` and the actions since.
    assert state.serialize() == "X bar 6:2 5:2; O 2:2 1:13; X to play 6-5"
    state.apply_action(state.legal_actions()[0])
    again = game.deserialize_state(state.serialize())
    assert again.serialize() == state.serialize() and str(again) == str(state)
    assert again.is_chance_node()
    # A tabula agent chooses there as anywhere.
    chosen = game.agent_action(game.deserialize_state("X 6:2 5:2 bar; O 1:13 2:2; X to play 6-5"), "pipcount")
    assert chosen in game.deserialize_state("X 6:2 5:2 bar; O 1:13 2:2; X to play 6-5").legal_actions()
    # The actions from the start still read as pyspiel's form does.
    assert game.deserialize_state("0 484").history() == [0, 484]


@pytest.mark.parametrize(
    "text, message",
    [
        ("X 6:16; O 6:5; X to roll", "a count is 1 to 15"),
        ("X 6:5 8:11; O 1:2; X to roll", "X has 16 checkers"),
        ("X 6:5; O 19:2; X to roll", "holds checkers of both seats"),
        ("X 6:5; O 6:5", "write X's checkers; O's checkers; who moves"),
        ("X 6:5; O 6:5; X to play 7-1", "two faces 1 to 6"),
        ("X 26:1; O 6:5; O to roll", "a point is 1 to 24"),
        ("0 484 zz", "is not a position"),
    ],
)
def test_a_malformed_position_is_a_value_error_saying_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        tabula.load_game("backgammon").deserialize_state(text)


def test_cruising_is_played_by_typed_helms_and_drawn_gusts():
    state = tabula.load_game("cruising").new_initial_state()
    assert state.legal_actions() == []
    helm = state.string_to_action("45 30")
    assert state.string_to_action(0, "45 30") == helm
    assert state.action_to_string(0, helm) == "45.0 30.0"
    state.apply_action(helm)
    assert state.is_chance_node() and state.chance_outcomes() == []
    gust = state.sampled_chance(seed=3)
    assert gust is not None and state.action_to_string(-1, gust).startswith("wind draws")
    state.apply_action(gust)
    assert state.is_player_node()
    with pytest.raises(ValueError, match="number of degrees"):
        state.string_to_action("north 30")
