"""Events: what happened, why (the rulebook section that made it happen), and who may read it.

An event with `seats=None` is public; otherwise only the named seats may read it (a card you
draw into a hidden hand). Views show an event as `{"text", "why"}`; saved games keep its
audience too, so that a loaded game shows each seat exactly what it showed before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.engine.fields import read_only


class Event:
    """One line of a game's log; immutable, equal by value, as a frozen dataclass.

    Its fields are read-only properties over private slots (engine/fields.py), so that
    making one (a game logs about one a step) stores its slots plainly."""

    __slots__ = ("_text", "_cite", "_seats")
    __match_args__ = ("text", "cite", "seats")

    if TYPE_CHECKING:
        @property
        def text(self) -> str:  # "You draw the 7♣."
            ...

        @property
        def cite(self) -> str:  # the rulebook section that produced it: "FIGHT step 4"
            ...

        @property
        def seats(self) -> tuple[str, ...] | None:  # None: public; else who may read it
            ...
    else:
        text = read_only("_text", "text")
        cite = read_only("_cite", "cite")
        seats = read_only("_seats", "seats")

    def __init__(self, text: str, cite: str = "", seats: tuple[str, ...] | None = None) -> None:
        self._text = text
        self._cite = cite
        self._seats = seats

    def __eq__(self, other: object) -> bool:
        if type(other) is not Event:
            return NotImplemented
        return (self._text, self._cite, self._seats) == (other._text, other._cite, other._seats)

    def __hash__(self) -> int:
        return hash((self._text, self._cite, self._seats))

    def __repr__(self) -> str:
        return f"Event(text={self._text!r}, cite={self._cite!r}, seats={self._seats!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self._text, self._cite, self._seats))

    def readable_by(self, seat: str | None) -> bool:
        """Whether `seat` may read this event; seat None is an onlooker (public events only)."""
        seats = self._seats
        return seats is None or (seat is not None and seat in seats)

    def shown(self) -> dict[str, str]:
        """The event as a view shows it."""
        return {"text": self._text, "why": self._cite}

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self._text, "cite": self._cite}
        if self._seats is not None:
            data["seats"] = list(self._seats)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any] | str) -> Event:
        """An event from to_data(), or from a plain string: saves made before events had a
        cite and an audience kept only the public text."""
        if isinstance(data, str):
            return cls(data)
        seats = data.get("seats")
        return cls(data["text"], data.get("cite", ""), None if seats is None else tuple(seats))
