"""Every choice a player makes: who decides, and the legal actions with stable string ids."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


class Action:
    """One legal choice: a stable id, what a person reads, and its arguments as data.

    `label` may be given as a function, called only when someone reads it: a board turn offers
    hundreds of moves, and simulation never reads a label. `args` carries the action's parts
    (verb, figure, space, target, ...) so an interface can group choices: pick a figure, then
    one of its highlighted spaces. Immutable."""

    __slots__ = ("id", "_label", "args")

    id: str  # stable, e.g. "move:right", "move:bill:7,3"; used by humans, replays and JSON
    args: Mapping[str, Any] | None
    _label: str | Callable[[], str]

    def __init__(self, id: str, label: str | Callable[[], str],
                 args: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "_label", label)
        object.__setattr__(self, "args", args)

    @property
    def label(self) -> str:
        """What a person reads, e.g. "Move right onto the 7 of hearts" (built when first read)."""
        label = self._label
        if not isinstance(label, str):
            label = label()
            object.__setattr__(self, "_label", label)
        return label

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __copy__(self) -> Action:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.id, self.label, self.args))  # the label built, to travel

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Action) and self.id == other.id
                and self.label == other.label and self.args == other.args)

    def __hash__(self) -> int:
        return hash((self.id, self.label))

    def __repr__(self) -> str:
        extra = "" if self.args is None else f", args={dict(self.args)!r}"
        return f"Action({self.id!r}, {self.label!r}{extra})"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "label": self.label}
        if self.args is not None:
            data["args"] = dict(self.args)
        return data


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
    """An action id that is not legal now. The state it was applied to is unchanged.

    `IllegalAction(action_id, decision)` writes the message; `IllegalAction(message)` takes
    one ready-made, as pickle and Gymnasium's AsyncVectorEnv rebuild an error that crossed
    processes (so every exception of the package must accept its message alone)."""

    def __init__(self, action_id: object, decision: Decision | None = None) -> None:
        if decision is None:
            self.action_id = ""
            self.legal: list[str] = []
            super().__init__(str(action_id))
            return
        self.action_id = str(action_id)
        self.legal = decision.ids
        shown = ", ".join(self.legal[:40]) + (" ..." if len(self.legal) > 40 else "")
        super().__init__(
            f"{action_id!r} is not a legal action for {decision.seat} now "
            f"({decision.prompt}); legal actions: {shown}"
        )


class GameOver(RuntimeError):
    """An action was applied to a finished game."""
