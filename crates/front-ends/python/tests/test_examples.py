"""The book's chapter "From Python" includes the scripts in examples/ and
what they print (examples/NAME.out): each runs here, and prints exactly
that."""

import importlib.util
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_an_example_prints_what_the_chapter_shows(script):
    if "openspiel" in script and importlib.util.find_spec("pyspiel") is None:
        pytest.skip("needs open-spiel")
    out = subprocess.run(
        [sys.executable, script], cwd=EXAMPLES, check=True, capture_output=True, text=True
    ).stdout
    assert out == (EXAMPLES / script.replace(".py", ".out")).read_text()
