"""tests/extras.py's two kinds of extras match pyproject.toml and the Makefile: `make test`
requires every extra it installs, and only those (the baselines extra brings torch)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.extras import NOT_IN_MAKE_TEST, need

ROOT = Path(__file__).resolve().parent.parent


def makefile_extras() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.findall(r"pip install .*-e '\.\[([a-z,]+)\]'", text)
    assert len(found) == 1, f"expected one `pip install -e '.[...]'` in the Makefile: {found}"
    return set(found[0].split(","))


def test_every_extra_is_either_installed_by_make_or_named_as_left_out() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    made = makefile_extras()
    assert "baselines" in extras and "baselines" in NOT_IN_MAKE_TEST
    assert not made & NOT_IN_MAKE_TEST
    assert set(extras) - {"all"} == made | NOT_IN_MAKE_TEST
    assert not any("baselines" in spec or "torch" in spec for spec in extras["all"])


def test_a_left_out_extra_skips_even_when_every_extra_is_required(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEADTABLE_ALL_EXTRAS", "1")
    with pytest.raises(pytest.skip.Exception):
        need("deadtable_no_such_module", "not installed", extra="baselines")
    with pytest.raises(ImportError, match="broken install"):
        need("deadtable_no_such_module", "not installed", extra="rl")
