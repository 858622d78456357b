"""Every choice a player makes: who decides, and the legal actions with stable string ids."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from deadtable.engine.fields import read_only

if TYPE_CHECKING:
    from deadtable.engine.dice import Dice


class _Value:
    """Immutable once made: copies are the thing itself."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


class _Frozen(_Value):
    """Immutable once made: no attribute may be assigned (its own methods set its slots
    through the slots' setters)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


class Action(_Frozen):
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
        _set_id(self, id)  # a step makes several actions
        _set_label(self, label)
        _set_args(self, args)

    @property
    def label(self) -> str:
        """What a person reads, e.g. "Move right onto the 7 of hearts" (built when first read)."""
        label = self._label
        if not isinstance(label, str):
            label = label()
            _set_label(self, label)
        return label

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


# The slots' descriptors' setters: quicker than object.__setattr__, which finds them by name.
_set_id = vars(Action)["id"].__set__
_set_label = vars(Action)["_label"].__set__
_set_args = vars(Action)["args"].__set__


class ActionList(Sequence[Action]):
    """Legal actions listed by id now and made only when one is read (a Sequence of Actions).

    A rule that offers many actions (every space a figure can reach) gives their ids and a
    `build` that makes them, in the same order; `append`, `extend` and `+` join made actions
    and other lists in order, still unbuilt. `Decision.of` takes one as it is: a simulation
    reads only the ids (Decision.ids), and nobody builds an action it does not read."""

    __slots__ = ("ids", "_parts", "_made")

    def __init__(self, ids: Iterable[str] = (),
                 build: Callable[[], Iterable[Action]] | None = None) -> None:
        self.ids: list[str] = list(ids)
        # each part: made actions, or a build for the next ids
        self._parts: list[tuple[Action, ...] | Callable[[], Iterable[Action]]] = []
        self._made: list[Action] | None = None
        if self.ids:
            if build is None:
                raise ValueError("ids need the build that makes their actions")
            self._parts.append(build)

    def append(self, action: Action) -> None:
        self.ids.append(action.id)
        self._parts.append((action,))
        self._made = None

    def extend(self, actions: Iterable[Action]) -> None:
        if isinstance(actions, ActionList):
            self.ids.extend(actions.ids)
            self._parts.extend(actions._parts)
        else:
            made = tuple(actions)
            self.ids.extend(a.id for a in made)
            self._parts.append(made)
        self._made = None

    def __add__(self, other: Iterable[Action]) -> ActionList:
        joined = ActionList()
        joined.extend(self)
        joined.extend(other)
        return joined

    def __radd__(self, other: Iterable[Action]) -> ActionList:
        joined = ActionList()
        joined.extend(other)
        joined.extend(self)
        return joined

    def made(self) -> list[Action]:
        """The actions, made now (once) and checked against the ids."""
        if self._made is None:
            made: list[Action] = []
            for part in self._parts:
                made.extend(part if isinstance(part, tuple) else part())
            if [a.id for a in made] != self.ids:
                raise ValueError(f"actions {[a.id for a in made]} built for ids {self.ids}")
            self._made = made
        return self._made

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, index: Any) -> Any:
        return self.made()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.made())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def __repr__(self) -> str:
        return f"ActionList({self.ids!r})"


class Decision(_Value):
    """Who decides now (`seat`), what about (`prompt`) and the legal `actions`, in order.

    `Decision(seat, prompt, actions)` takes the actions made; `Decision.lazy(seat, prompt,
    ids, build)` takes only their ids, and `build()` makes the actions (the same ids, in
    the same order) the first time someone reads `actions` or `get`s one: a board turn
    offers hundreds of moves, and a simulation reads only the id it picks. Immutable: its
    fields are read-only, and its private slots are its own methods' alone."""

    __slots__ = ("_seat", "_prompt", "_actions", "_ids", "_order")

    if TYPE_CHECKING:
        @property
        def seat(self) -> str: ...

        @property
        def prompt(self) -> str: ...
    else:  # most steps make a decision: its slots stored plainly, not through setters
        seat = read_only("_seat", "seat")
        prompt = read_only("_prompt", "prompt")

    # the actions made, or until first read the build that makes them (Decision.lazy)
    _actions: tuple[Action, ...] | Callable[[], Iterable[Action]]
    # the ids, to ask `in`: a set, made with the duplicate check; `get` makes it a dict of
    # each id's index the first time it is asked (a slot less to set every step)
    _ids: set[str] | dict[str, int]
    _order: list[str]  # the same ids in order, to index and copy (never handed out itself)

    def __init__(self, seat: str, prompt: str, actions: tuple[Action, ...]) -> None:
        actions = tuple(actions)
        self._init(seat, prompt, [a.id for a in actions], actions)

    def _init(self, seat: str, prompt: str, ids: list[str],
              actions: tuple[Action, ...] | Callable[[], Iterable[Action]]) -> None:
        unique = set(ids)  # every decision makes this: the cheapest form in C
        if len(unique) != len(ids):
            raise ValueError(f"duplicate action ids in decision: {ids}")
        if not unique:
            raise ValueError("a decision needs at least one legal action")
        self._seat = seat
        self._prompt = prompt
        self._actions = actions
        self._ids = unique
        self._order = ids

    @classmethod
    def of(cls, seat: str, prompt: str, actions: Iterable[Action]) -> Decision:
        if isinstance(actions, ActionList):  # made only when read
            return cls.lazy(seat, prompt, actions.ids, actions.made)
        return cls(seat, prompt, tuple(actions))

    @classmethod
    def lazy(cls, seat: str, prompt: str, ids: Iterable[str],
             build: Callable[[], Iterable[Action]]) -> Decision:
        """A decision whose actions `build()` makes when first read; `ids` are theirs, in
        order (checked then)."""
        decision = cls.__new__(cls)
        decision._init(seat, prompt, list(ids), build)
        return decision

    @property
    def actions(self) -> tuple[Action, ...]:
        found = self._actions
        if not isinstance(found, tuple):  # a lazy decision's build, first read now
            found = tuple(found())
            made = [a.id for a in found]
            if made != self._order:
                raise ValueError(f"a lazy decision built actions {made} for the ids "
                                 f"{self._order}")
            self._actions = found
        return found

    @property
    def ids(self) -> list[str]:
        return self._order.copy()

    def __len__(self) -> int:
        """How many legal actions there are (always one at least)."""
        return len(self._order)

    def id_at(self, index: int) -> str:
        """The id of the action at `index`: `ids[index]` without copying the ids."""
        return self._order[index]

    def random_id(self, dice: Dice) -> str:
        """The id `dice.choice(self.ids)` picks (the same draw), without copying the ids:
        the random agent's choice, every step of a random game."""
        order = self._order
        return order[dice.below(len(order))]

    def __contains__(self, action_id: object) -> bool:
        return action_id in self._ids

    def get(self, action_id: str) -> Action | None:
        index = self._ids
        if not isinstance(index, dict):  # first asked: each id's index, kept
            index = {action_id: n for n, action_id in enumerate(self._order)}
            self._ids = index
        n = index.get(action_id)
        return None if n is None else self.actions[n]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, (self.seat, self.prompt, self.actions))  # built, to travel

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Decision) and self.seat == other.seat
                and self.prompt == other.prompt and self.actions == other.actions)

    def __hash__(self) -> int:
        return hash((self.seat, self.prompt, tuple(self._order)))

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat!r}, prompt={self.prompt!r}, actions={self.actions!r})"

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
