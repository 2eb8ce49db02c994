"""tabula's games through OpenSpiel's Python game interface.

>>> from tabula import openspiel
>>> game = openspiel.load_game("noline(dim=3)")   # a pyspiel.Game
>>> from open_spiel.python.algorithms import mcts  # OpenSpiel's MCTS bot plays it

``load_game(spec)`` wraps a tabula game in a ``pyspiel.Game`` subclass whose
states are ``pyspiel.State`` subclasses, as OpenSpiel's own Python games
(``open_spiel/python/games``) are written: every OpenSpiel algorithm that
works on Python games (MCTS, ``evaluate_bots``, random play, ...) works on
it. Needs ``open-spiel`` (``pip install open-spiel==2.0.2``).

What OpenSpiel's ``GameInfo`` asks that a tabula game does not say is an
argument of ``load_game``, with a documented default:

- ``num_distinct_actions`` and ``max_chance_outcomes``: the game's own
  numbering where it has one (Pig's 2 and 6); otherwise an action is an
  index into a state's legal moves, and the bound is ``FALLBACK_ACTIONS``.
- ``utility``: ``GENERAL_SUM`` (a zero-sum game may say ``ZERO_SUM``);
  ``min_utility``/``max_utility``: -1 and 1 (tabula scores a win 1).
- ``max_game_length``: ``FALLBACK_LENGTH``.
"""

from __future__ import annotations

import json
from typing import Any, Optional, Union

import pyspiel

import tabula

FALLBACK_ACTIONS = 4096
"""The bound on actions of a game that does not number them."""
FALLBACK_LENGTH = 100_000
"""The bound on a game's length, which tabula does not know."""


def _parameter(value: Any) -> Union[bool, int, float, str]:
    """A parameter as OpenSpiel's GameParameter takes it."""
    if isinstance(value, (bool, int, float, str)):
        return value
    return json.dumps(value)


class TabulaGame(pyspiel.Game):
    """A tabula game as a ``pyspiel.Game``."""

    def __init__(
        self,
        game: Union[str, tabula.Game],
        *,
        num_distinct_actions: Optional[int] = None,
        max_chance_outcomes: Optional[int] = None,
        utility: Optional[Any] = None,
        min_utility: float = -1.0,
        max_utility: float = 1.0,
        max_game_length: int = FALLBACK_LENGTH,
    ) -> None:
        inner = tabula.load_game(game) if isinstance(game, str) else game
        players = inner.num_players()
        params = {k: _parameter(v) for k, v in inner.get_parameters().items()}
        game_type = pyspiel.GameType(
            short_name=f"tabula_{inner.name}",
            long_name=f"tabula {inner.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=utility or pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=players,
            min_num_players=players,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification=params,
        )
        game_info = pyspiel.GameInfo(
            num_distinct_actions=num_distinct_actions
            or inner.num_distinct_actions()
            or FALLBACK_ACTIONS,
            max_chance_outcomes=max_chance_outcomes
            or inner.max_chance_outcomes()
            or FALLBACK_ACTIONS,
            num_players=players,
            min_utility=min_utility,
            max_utility=max_utility,
            utility_sum=0.0,
            max_game_length=max_game_length,
        )
        super().__init__(game_type, game_info, params)
        self.tabula = inner

    def new_initial_state(self) -> "TabulaState":
        """The first state."""
        return TabulaState(self, self.tabula.new_initial_state())

    def __str__(self) -> str:
        return self.tabula.spec


class TabulaState(pyspiel.State):
    """A tabula state as a ``pyspiel.State``: each method asks the tabula
    state it holds (OpenSpiel copies it with ``copy.deepcopy``)."""

    def __init__(self, game: TabulaGame, state: Optional[tabula.State] = None) -> None:
        super().__init__(game)
        self.tabula = state if state is not None else game.tabula.new_initial_state()

    def current_player(self) -> int:
        """The player to move, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        return self.tabula.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.tabula.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance's outcomes with their probabilities."""
        return self.tabula.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.tabula.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.tabula.action_to_string(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.tabula.is_terminal()

    def returns(self) -> list[float]:
        """Each player's return (zeros before the end)."""
        return self.tabula.returns()

    def __str__(self) -> str:
        return str(self.tabula)


def load_game(spec: Union[str, tabula.Game], **info: Any) -> TabulaGame:
    """The tabula game ``spec`` names (``"pig(target=30)"``) as a
    ``pyspiel.Game``; ``info`` sets what its ``GameInfo`` says beyond what
    tabula knows (see the module's documentation)."""
    return TabulaGame(spec, **info)
