"""Events: what happened, why (the rulebook section that made it happen), and who may read it.

An event with `seats=None` is public; otherwise only the named seats may read it (a card you
draw into a hidden hand). Views show an event as `{"text", "why"}`; saved games keep its
audience too, so that a loaded game shows each seat exactly what it showed before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    text: str  # "You draw the 7♣."
    cite: str = ""  # the rulebook section that produced it: "MOVEMENT", "FIGHT step 4"
    seats: tuple[str, ...] | None = None  # None: public; else the seats that may read it

    def readable_by(self, seat: str | None) -> bool:
        """Whether `seat` may read this event; seat None is an onlooker (public events only)."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def shown(self) -> dict[str, str]:
        """The event as a view shows it."""
        return {"text": self.text, "why": self.cite}

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text, "cite": self.cite}
        if self.seats is not None:
            data["seats"] = list(self.seats)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any] | str) -> Event:
        """An event from to_data(), or from a plain string: saves made before events had a
        cite and an audience kept only the public text."""
        if isinstance(data, str):
            return cls(data)
        seats = data.get("seats")
        return cls(data["text"], data.get("cite", ""), None if seats is None else tuple(seats))
