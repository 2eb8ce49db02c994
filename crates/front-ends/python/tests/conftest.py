"""Shared set-up: where the `tabula` command line is (to compare reports)."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[4]


@pytest.fixture(scope="session")
def tabula_bin():
    """The command line built from this checkout (`cargo build --release`),
    or `$TABULA_BIN`; the tests that compare with it are skipped without it."""
    path = os.environ.get("TABULA_BIN") or str(ROOT / "target" / "release" / "tabula")
    if not (os.path.exists(path) or shutil.which(path)):
        pytest.skip(f"no tabula command at {path}: cargo build --release first")
    return path
