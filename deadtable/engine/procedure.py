"""Multi-step procedures as data: a stack of frames in the state, each at a named step.

A board game's round holds turns, a turn holds a figure's move and attack, an attack holds its
rolls and, now and then, another seat's answer (a reaction window). Each of these is a
**frame**: a small slots dataclass with a registered `KIND`, a `step` named as the rulebook
names it, and fields of plain data (ints, strings, bools, None, and lists, tuples and dicts of
them). Because frames are plain data, the stack clones, saves to JSON and loads back without the
game's help, so a state can be copied or saved in the middle of anything.

A game writes a `Handler` per frame kind: at the frame's step, `decide` returns the decision due
(or None if the step needs nobody), `run` performs a step that needs nobody (rolls dice, moves
on, pushes or pops frames), and `apply` performs a chosen action. `ProcedureState` runs the
steps that need nobody until a decision is due, so `decision` itself never changes the state.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Generic, TypeVar

from deadtable.engine.decisions import Decision
from deadtable.engine.state import GameState


class Frame:
    """One procedure under way. Subclass as `@dataclass(slots=True)` with a `KIND` and a
    `step` field; give every field plain data only."""

    __slots__ = ()
    KIND: ClassVar[str]
    step: str


F = TypeVar("F", bound=Frame)
S = TypeVar("S", bound="ProcedureState")


def copy_plain(value: Any) -> Any:
    """A deep copy of plain data (what frames hold), far cheaper than copy.deepcopy."""
    if isinstance(value, list):
        return [copy_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(copy_plain(v) for v in value)
    return value


def _to_json(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _to_json(v) for k, v in value.items()}
        return {"__pairs__": [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"__tuple__": [_to_json(v) for v in value]}
    if isinstance(value, list):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if "__tuple__" in value:
            return tuple(_from_json(v) for v in value["__tuple__"])
        if "__pairs__" in value:
            return {_hashable(_from_json(k)): _from_json(v) for k, v in value["__pairs__"]}
        return {k: _from_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    return value


def _hashable(value: Any) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


class Frames:
    """The frame kinds of one game: KIND -> class. Saves and loads frames by their KIND."""

    def __init__(self, *kinds: type[Frame]) -> None:
        self.kinds: dict[str, type[Frame]] = {}
        for kind in kinds:
            if not dataclasses.is_dataclass(kind) or "step" not in {
                f.name for f in dataclasses.fields(kind)
            }:
                raise TypeError(f"{kind.__name__} must be a dataclass with a 'step' field")
            if kind.KIND in self.kinds:
                raise ValueError(f"two frame kinds are named {kind.KIND!r}")
            self.kinds[kind.KIND] = kind

    @staticmethod
    def copy(frame: F) -> F:
        fields = {f.name: copy_plain(getattr(frame, f.name))
                  for f in dataclasses.fields(frame)}  # type: ignore[arg-type]
        return type(frame)(**fields)

    @staticmethod
    def to_data(frame: Frame) -> dict[str, Any]:
        data = {f.name: _to_json(getattr(frame, f.name))
                for f in dataclasses.fields(frame)}  # type: ignore[arg-type]
        data["kind"] = frame.KIND
        return data

    def from_data(self, data: dict[str, Any]) -> Frame:
        fields = dict(data)
        kind_name = fields.pop("kind", None)
        kind = self.kinds.get(kind_name)
        if kind is None:
            raise ValueError(f"unknown frame kind {kind_name!r}; kinds: {', '.join(self.kinds)}")
        return kind(**{k: _from_json(v) for k, v in fields.items()})


class Handler(Generic[S, F]):
    """What one frame kind does at each of its steps, for one game's state class."""

    def decide(self, state: S, frame: F) -> Decision | None:
        """The decision due at the frame's step, or None where the step needs nobody."""
        return None

    def run(self, state: S, frame: F) -> None:
        """Perform a step that needs nobody: it must change the step or the stack."""
        raise ValueError(f"{frame.KIND} has no automatic step {frame.step!r}")

    def apply(self, state: S, frame: F, action_id: str) -> None:
        """Perform a chosen action (one of `decide`'s)."""
        raise ValueError(f"{frame.KIND} takes no action at step {frame.step!r}")


class StuckProcedure(RuntimeError):
    """A step that needs nobody changed nothing: a bug in a game's handler."""


class ProcedureState(GameState):
    """A game state driven by a stack of frames. A game sets FRAMES and HANDLERS and writes
    `_finish_check` if its end can come between steps; the stack is cloned, saved and loaded
    here, beside the game's own data."""

    __slots__ = ("stack",)

    FRAMES: ClassVar[Frames]
    HANDLERS: ClassVar[dict[str, Handler[Any, Any]]]
    MAX_AUTOMATIC_STEPS: ClassVar[int] = 100_000

    stack: list[Frame]

    @property
    def top(self) -> Frame:
        return self.stack[-1]

    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def pop(self) -> Frame:
        return self.stack.pop()

    def settle(self) -> None:
        """Run the steps that need nobody until a decision is due or the game is over."""
        handlers = self.HANDLERS
        runs = 0  # counted, not a range: most calls find a decision at once
        while True:
            stack = self.stack  # read anew each time: a handler may set a new stack
            if self.outcome is not None or not stack:
                return
            frame = stack[-1]
            handler = handlers[frame.KIND]
            decision = handler.decide(self, frame)
            if decision is not None:
                self._decision = decision
                return
            runs += 1
            if runs > self.MAX_AUTOMATIC_STEPS:
                raise StuckProcedure(f"more than {self.MAX_AUTOMATIC_STEPS} steps without a "
                                     f"decision")
            depth, step = len(stack), frame.step
            handler.run(self, frame)
            stack = self.stack
            if (self.outcome is None and stack and stack[-1] is frame
                    and len(stack) == depth and frame.step == step):
                raise StuckProcedure(f"{frame.KIND} at step {frame.step!r} changed nothing")

    # -- the state contract ------------------------------------------------------------------
    def _decide(self) -> Decision:
        frame = self.stack[-1]
        decision = self.HANDLERS[frame.KIND].decide(self, frame)
        if decision is None:  # only a state loaded or built without settle() gets here
            self.settle()
            decision = self._decision
            if decision is None:
                raise StuckProcedure("the game is not over, yet nobody decides")
        return decision

    def _apply(self, action_id: str) -> None:
        frame = self.stack[-1]
        self.HANDLERS[frame.KIND].apply(self, frame, action_id)
        self._decision = None
        self.settle()

    def _copy_stack(self, other: ProcedureState) -> None:
        other.stack = [Frames.copy(f) for f in self.stack]

    def _stack_data(self) -> list[dict[str, Any]]:
        return [Frames.to_data(f) for f in self.stack]

    def _load_stack(self, data: list[dict[str, Any]]) -> None:
        self.stack = [self.FRAMES.from_data(f) for f in data]
