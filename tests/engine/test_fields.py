"""Read-only fields over plain slots (engine/fields.py): Decision's and Event's public fields
refuse assignment and deletion as a frozen dataclass's do, and neither takes other
attributes; their constructors store plainly (no __setattr__ of their own)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.events import Event

VALUES = [
    (Decision("survivor", "Where?", (Action("wait", "Wait"),)), ("seat", "prompt")),
    (Event("Bill moves.", "MOVEMENT", ("north",)), ("text", "cite", "seats")),
]


@pytest.mark.parametrize(("value", "fields"), VALUES, ids=["decision", "event"])
def test_public_fields_are_read_only_and_no_other_attribute_is_taken(
        value: Any, fields: tuple[str, ...]) -> None:
    assert "__setattr__" not in vars(type(value))  # what lets the constructor store plainly
    for name in fields:
        before = getattr(value, name)
        with pytest.raises(dataclasses.FrozenInstanceError,
                           match=f"cannot assign to field '{name}'"):
            setattr(value, name, "changed")
        with pytest.raises(dataclasses.FrozenInstanceError,
                           match=f"cannot delete field '{name}'"):
            delattr(value, name)
        assert getattr(value, name) == before
    with pytest.raises(AttributeError):
        value.extra = 1
