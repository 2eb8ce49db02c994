"""The verbs' reports as dicts: the command line's JSON, key for key."""

import json
import subprocess

import pytest

import tabula

# What differs from one run to the next: the clock.
TIMES = {"games_per_s", "longest_call_ms"}


def cli(tabula_bin, *args):
    out = subprocess.run(
        [tabula_bin, *args, "--format", "json"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out)


def without_times(value):
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in TIMES and "time" not in k}  # noqa: E501
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def test_simulate_gives_the_command_lines_report(tabula_bin):
    ours = tabula.simulate("pig(target=30)", games=2000, seed=5, threads=1, arrays=False)
    theirs = cli(tabula_bin, "simulate", "pig(target=30)", "--games", "2000", "--seed", "5", "--threads", "1")
    assert list(ours) == list(theirs)
    assert without_times(ours) == without_times(theirs)


def test_analyze_and_tournament_give_the_command_lines_reports(tabula_bin):
    ours = tabula.analyze("pig(target=12, horizon=0)", arrays=False)
    theirs = cli(tabula_bin, "analyze", "pig(target=12, horizon=0)")
    assert without_times(ours) == without_times(theirs)
    options = dict(agents=["hold-at-10", "hold-at-20", "random"], games=40, seed=3)
    ours = tabula.tournament("pig(target=20)", arrays=False, **options)
    theirs = cli(
        tabula_bin, "tournament", "pig(target=20)",
        "--agents", "hold-at-10,hold-at-20,random", "--games", "40", "--seed", "3",
    )
    assert without_times(ours) == without_times(theirs)


def test_lists_of_numbers_come_as_numpy_arrays():
    numpy = pytest.importorskip("numpy")
    report = tabula.simulate("snakes", games=500, seed=1, threads=1)
    plain = tabula.simulate("snakes", games=500, seed=1, threads=1, arrays=False)
    assert isinstance(report["squares"]["landings"], numpy.ndarray)
    assert report["squares"]["landings"].shape == (101,)
    assert report["shortest_game"]["jumps"].shape == (3, 2)  # a table
    assert report["squares"]["landings"].tolist() == plain["squares"]["landings"]
    assert isinstance(plain["squares"]["landings"], list)


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="games"):
        tabula.simulate("pig", games="many")
    with pytest.raises(ValueError, match="no command"):
        tabula.report("fly", "pig")
    with pytest.raises(ValueError, match="given twice"):
        tabula.simulate("pig(target=30)", target=40)
