"""Read-only fields over plain slots, for the immutable values made every step.

A class that refuses assignment with its own `__setattr__` must set its slots through the
slots' descriptors (a call each); one whose public fields are `read_only` properties has no
`__setattr__` of its own, so its constructor stores its private slots plainly, and a field
is still never assigned or deleted (FrozenInstanceError, as a frozen dataclass says). A read
goes through the property (attrgetter, in C): for values read less often than made.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any


def read_only(slot: str, name: str) -> property:
    """Public field `name`, kept in the private `slot`: read, never assigned or deleted."""

    def assign(self: Any, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def delete(self: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    return property(attrgetter(slot), assign, delete)
