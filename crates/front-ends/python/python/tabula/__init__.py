"""tabula from Python: every tabula game in OpenSpiel's shape.

>>> import tabula
>>> game = tabula.load_game("pig(target=30)")
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 1]

``tabula.games()`` lists the registered games; ``tabula.load_game(spec)``
takes the command line's spec strings and gives a :class:`Game` whose
states (:class:`State`) have pyspiel's methods. ``tabula.simulate``,
``tabula.analyze`` and ``tabula.tournament`` run the command line's verbs
and return their JSON reports as dicts, with the same keys; lists of
numbers (distributions), and tables of them (rows of numbers all as long), come
as NumPy arrays when NumPy is installed (``arrays=False`` keeps lists;
NumPy is optional and not imported until a report asks for it). ``tabula.openspiel`` presents the games
to OpenSpiel's algorithms (it needs ``open-spiel``).
"""

from __future__ import annotations

import json
from typing import Any

from ._tabula import (
    CHANCE_PLAYER_ID,
    TERMINAL_PLAYER_ID,
    Game,
    State,
    games,
    load_game,
    options,
    run_verb,
)

__all__ = [
    "CHANCE_PLAYER_ID",
    "TERMINAL_PLAYER_ID",
    "Game",
    "State",
    "analyze",
    "games",
    "load_game",
    "options",
    "report",
    "simulate",
    "tournament",
]


def _arrays(value: Any) -> Any:
    """Lists of numbers as NumPy arrays, through dicts and lists."""
    try:
        import numpy
    except ImportError:  # NumPy is optional: lists stay lists.
        return value

    def numbers(v: Any) -> bool:
        return (
            isinstance(v, list)
            and bool(v)
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
        )

    def convert(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: convert(x) for k, x in v.items()}
        if numbers(v):
            return numpy.asarray(v)
        if (
            isinstance(v, list)
            and v
            and all(numbers(x) for x in v)
            and len({len(x) for x in v}) == 1
        ):
            return numpy.asarray(v)  # a table: rows of numbers, all as long
        if isinstance(v, list):
            return [convert(x) for x in v]
        return v

    return convert(value)


def report(verb: str, spec: str, arrays: bool = True, **options: Any) -> dict:
    """Runs ``tabula VERB SPEC --option value ...`` through the registry
    (the verb's own options, by their names: ``games=1000``,
    ``max_states=10**6``, ``agents=["hold-at-20", "random"]``) and returns
    its report as the command line's ``--format json`` gives it, as a
    dict. Lists of numbers become NumPy arrays when NumPy is installed,
    unless ``arrays=False``.

    Raises ValueError for a bad spec or option, RuntimeError when the run
    fails, with the framework's message.
    """
    parsed = json.loads(run_verb(verb, spec, options))
    return _arrays(parsed) if arrays else parsed


def simulate(spec: str, arrays: bool = True, **options: Any) -> dict:
    """``tabula simulate SPEC ...``: its JSON report as a dict."""
    return report("simulate", spec, arrays=arrays, **options)


def analyze(spec: str, arrays: bool = True, **options: Any) -> dict:
    """``tabula analyze SPEC ...``: its JSON report as a dict."""
    return report("analyze", spec, arrays=arrays, **options)


def tournament(spec: str, arrays: bool = True, **options: Any) -> dict:
    """``tabula tournament SPEC ...``: its JSON report as a dict."""
    return report("tournament", spec, arrays=arrays, **options)
