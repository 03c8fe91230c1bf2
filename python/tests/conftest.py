"""Shared fixtures: the command line binary and the source tree, as ctest passes them."""
import os
import pathlib
import subprocess

import pytest


@pytest.fixture(scope="session")
def carcheck_binary():
    path = os.environ.get("CARCHECK_BINARY")
    assert path and os.path.exists(path), "CARCHECK_BINARY must name the built carcheck command"
    return path


@pytest.fixture(scope="session")
def source_dir():
    return pathlib.Path(os.environ.get("CARCHECK_SOURCE", pathlib.Path(__file__).parents[2]))


@pytest.fixture(scope="session")
def run_cli(carcheck_binary):
    """Runs the command line: (exit status, stdout, stderr)."""

    def run(*args):
        p = subprocess.run([carcheck_binary, *args], capture_output=True, text=True, check=False)
        return p.returncode, p.stdout, p.stderr

    return run
