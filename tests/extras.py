"""Optional dependencies in tests: skipped with the reason where an extra is not installed,
except under `make test` (DEADTABLE_ALL_EXTRAS=1), which installs every extra: there a missing
module is an error, so a broken install can never pass as a run of skipped tests."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str, reason: str) -> ModuleType:
    """`module`, imported; the calling test (or module) skipped with `reason` if it is not
    installed, unless every extra is required."""
    if os.environ.get("DEADTABLE_ALL_EXTRAS"):
        try:
            return importlib.import_module(module)
        except ImportError as error:
            raise ImportError(f"{reason} (DEADTABLE_ALL_EXTRAS is set: `make test` installs "
                              f"every extra, so this is a broken install): {error}") from error
    return pytest.importorskip(module, reason=reason)
