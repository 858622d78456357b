"""Every choice a player makes: who decides, and the legal actions with stable string ids."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    id: str  # stable, e.g. "move:right", "share:0.1.1"; used by humans, replays and JSON
    label: str  # what a person reads, e.g. "Move right onto the 7 of hearts"

    def to_data(self) -> dict[str, str]:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True, slots=True)
class Decision:
    seat: str
    prompt: str
    actions: tuple[Action, ...]
    _ids: dict[str, Action] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = {a.id: a for a in self.actions}
        if len(ids) != len(self.actions):
            raise ValueError(f"duplicate action ids in decision: {[a.id for a in self.actions]}")
        if not ids:
            raise ValueError("a decision needs at least one legal action")
        object.__setattr__(self, "_ids", ids)

    @classmethod
    def of(cls, seat: str, prompt: str, actions: Iterable[Action]) -> Decision:
        return cls(seat, prompt, tuple(actions))

    @property
    def ids(self) -> list[str]:
        return [a.id for a in self.actions]

    def __contains__(self, action_id: object) -> bool:
        return action_id in self._ids

    def get(self, action_id: str) -> Action | None:
        return self._ids.get(action_id)

    def to_data(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "prompt": self.prompt,
            "actions": [a.to_data() for a in self.actions],
        }


class IllegalAction(ValueError):
    """An action id that is not legal now. The state it was applied to is unchanged."""

    def __init__(self, action_id: str, decision: Decision) -> None:
        self.action_id = action_id
        self.legal = decision.ids
        shown = ", ".join(self.legal[:40]) + (" ..." if len(self.legal) > 40 else "")
        super().__init__(
            f"{action_id!r} is not a legal action for {decision.seat} now "
            f"({decision.prompt}); legal actions: {shown}"
        )


class GameOver(RuntimeError):
    """An action was applied to a finished game."""
