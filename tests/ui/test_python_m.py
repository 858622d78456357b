"""`python -m deadtable` and `python -m deadtable.ui.cli` are the `deadtable` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["deadtable", "deadtable.ui.cli"])
def test_python_m_runs_the_command(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "games", "--json"],
                          capture_output=True, text=True, check=True, timeout=120)
    assert "left-4-dead" in {game["id"] for game in json.loads(done.stdout)}
