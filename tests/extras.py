"""Optional dependencies in tests: skipped with the reason where an extra is not installed,
except under `make test` (DEADTABLE_ALL_EXTRAS=1), which installs every extra in the Makefile's
list: there a missing module is an error, so a broken install can never pass as a run of
skipped tests. Extras the Makefile does not install (NOT_IN_MAKE_TEST: `baselines`, which
brings torch) always skip where they are missing; tests/test_extras.py keeps both lists true."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

# pyproject extras that `make setup` leaves out (the Makefile's pip install line lists the rest)
NOT_IN_MAKE_TEST = frozenset({"baselines"})


def need(module: str, reason: str, extra: str | None = None) -> ModuleType:
    """`module`, imported; the calling test (or module) skipped with `reason` if it is not
    installed, unless every extra is required and `extra` (the one that brings `module`) is
    one `make test` installs."""
    if os.environ.get("DEADTABLE_ALL_EXTRAS") and extra not in NOT_IN_MAKE_TEST:
        try:
            return importlib.import_module(module)
        except ImportError as error:
            raise ImportError(f"{reason} (DEADTABLE_ALL_EXTRAS is set: `make test` installs "
                              f"every extra, so this is a broken install): {error}") from error
    return pytest.importorskip(module, reason=reason)
