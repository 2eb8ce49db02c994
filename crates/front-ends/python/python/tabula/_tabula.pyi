"""The native part of ``tabula`` (PyO3): games and states in OpenSpiel's shape."""

from typing import Union, Any, Optional

CHANCE_PLAYER_ID: int
"""pyspiel's ``PlayerId.CHANCE``: -1."""
TERMINAL_PLAYER_ID: int
"""pyspiel's ``PlayerId.TERMINAL``: -4."""

def games() -> list[str]:
    """The names of the registered games, sorted."""

def load_game(spec: str) -> Game:
    """The game a spec string names (``"pig(target=30)"``, or a bare name for
    its defaults). ValueError for an unknown game or parameter, or a value
    out of range."""

def run_verb(verb: str, spec: str, options: Optional[dict[str, Any]] = None) -> str:
    """Runs a verb that returns a report; the report as the command line's JSON."""

def options(verb: str, name: str) -> list[tuple[str, str, str]]:
    """A verb's options for a game: (id, the command line's name, help)."""

class Game:
    """A game with its parameters: pyspiel's ``Game``."""

    @property
    def name(self) -> str:
        """The registered name."""
    @property
    def spec(self) -> str:
        """The spec string with every parameter."""
    def num_players(self) -> int: ...
    def get_parameters(self) -> dict[str, Any]: ...
    def num_distinct_actions(self) -> Optional[int]:
        """How many actions the moves are numbered with, where the game numbers
        them; None where an action is an index into a state's legal moves."""
    def max_chance_outcomes(self) -> Optional[int]: ...
    def new_initial_state(self) -> State: ...
    def deserialize_state(self, text: str) -> State:
        """The state ``State.serialize()`` wrote (the actions from the start)."""
    def agent_action(self, state: State, agent: str, seed: int = 0) -> int:
        """The action tabula's agent ``agent`` (``"mcts-200"``) takes at ``state``."""
    def seat_name(self, seat: int) -> str: ...

class State:
    """A state: pyspiel's ``State``."""

    def current_player(self) -> int:
        """The player to move; -1 for chance, -4 when the game is over."""
    def is_chance_node(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def is_simultaneous_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """The legal actions in increasing order (chance's outcomes at a chance node)."""
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def string_to_action(self, player_or_text: Union[int, str], text: Optional[str] = None) -> int:
        """The (first) action of a move typed in the game's notation."""
    def sampled_chance(self, seed: int = 0) -> Optional[int]:
        """An outcome drawn by the game where chance's outcomes are not listed."""
    def apply_action(self, action: int) -> None:
        """Applies an action; ValueError if it is not legal."""
    def action_to_string(self, *args: int) -> str:
        """``action_to_string(player, action)`` or ``action_to_string(action)``."""
    def returns(self) -> list[float]: ...
    def player_return(self, player: int) -> float: ...
    def rewards(self) -> list[float]: ...
    def num_players(self) -> int: ...
    def history(self) -> list[int]: ...
    def move_number(self) -> int: ...
    def serialize(self) -> str: ...
    def clone(self) -> State: ...
    def get_game(self) -> Game: ...
    def picture(self) -> Optional[str]:
        """The game's picture of the position (SVG), where it draws one."""
