"""The equipment you carry: each card with the uses left in its small box, a Spare Clip
counter, and what the rules ask of it (is it usable now, what it adds to HtH, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.games.chainsaw_warrior.data import Item

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState

LASER_LANCE = "laser-lance"


class Carried:
    """One Equipment card on your display."""

    __slots__ = ("item", "uses", "clip", "on")

    def __init__(self, item: str, uses: int | None, clip: bool = False,
                 on: str | None = None) -> None:
        self.item = item
        self.uses = uses  # uses left; None for an item that never runs out
        self.clip = clip  # a Spare Clip counter alongside the card
        self.on = on  # C.A.T.S.: the weapon it is fitted to

    def copy(self) -> Carried:
        return Carried(self.item, self.uses, self.clip, self.on)

    def to_data(self) -> dict[str, Any]:
        return {"item": self.item, "uses": self.uses, "clip": self.clip, "on": self.on}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Carried:
        return cls(data["item"], data["uses"], data["clip"], data["on"])

    def __repr__(self) -> str:
        return f"Carried({self.item!r}, {self.uses}, clip={self.clip})"


def fresh(item: Item) -> Carried:
    return Carried(item.id, item.uses)


def disabled(state: ChainsawWarriorState, item: Item) -> bool:
    """Electric items do not work until the Magnetic Field's marker is reached."""
    return item.electric and state.time < state.field_until


def usable(state: ChainsawWarriorState, carried: Carried) -> bool:
    """Carried, not disabled, and with a use left."""
    item = state.data.items[carried.item]
    return not disabled(state, item) and (carried.uses is None or carried.uses > 0)


def find(state: ChainsawWarriorState, item_id: str) -> int | None:
    """The display index of a carried, usable item, or None."""
    for i, carried in enumerate(state.items):
        if carried.item == item_id and usable(state, carried):
            return i
    return None


def find_carried(state: ChainsawWarriorState, item_id: str) -> int:
    """The display index of an item you carry, usable or not."""
    for i, carried in enumerate(state.items):
        if carried.item == item_id:
            return i
    raise LookupError(f"you carry no {item_id!r}")


def has(state: ChainsawWarriorState, item_id: str) -> bool:
    return find(state, item_id) is not None


def use(state: ChainsawWarriorState, index: int) -> None:
    """Tick off one use; a One Use Only item is then discarded."""
    carried = state.items[index]
    item = state.data.items[carried.item]
    if carried.uses is not None:
        carried.uses -= 1
        if carried.uses <= 0 and item.one_use:
            del state.items[index]
            state.event(f"{item.name} used up and discarded.",
                        cite="Kitting Out: Limited Use Items & Reloading")


def destroy(state: ChainsawWarriorState, index: int, why: str, *, cite: str) -> None:
    """An item removed from the game (smashed, stolen, caught in a fall)."""
    from deadtable.games.chainsaw_warrior.items import carry_on_check

    carried = state.items.pop(index)
    state.event(f"{state.data.items[carried.item].name} {why}.", cite=cite)
    carry_on_check(state)


def recharge(state: ChainsawWarriorState, index: int, how: str, *, cite: str) -> None:
    """A Dump's or an allowance's "refill" (to full) or "clip" (a Spare Clip counter)."""
    carried = state.items[index]
    item = state.data.items[carried.item]
    if how == "refill":
        carried.uses = item.uses
        state.event(f"You refill the {item.name} ({item.uses} uses).", cite=cite)
    else:
        carried.clip = True
        state.event(f"You take a Spare Clip for the {item.name}.", cite=cite)


def hth_weapon_bonus(state: ChainsawWarriorState) -> int:
    """Only one HtH weapon's bonus counts in a fight: the best one usable."""
    best = 0
    for carried in state.items:
        item = state.data.items[carried.item]
        if item.type == "hth-weapon" and usable(state, carried):
            if item.id == "knife" and state.fight is not None and state.fight.knife_dropped:
                continue
            best = max(best, item.hth_bonus)
    return best


def clothing_bonus(state: ChainsawWarriorState) -> int:
    """HtH bonuses from clothing (Steel Gloves) add to the weapon's."""
    if not state.rules.clothing_hth:
        return 0
    total = 0
    for carried in state.items:
        item = state.data.items[carried.item]
        if item.type != "hth-weapon" and item.hth_bonus and usable(state, carried):
            total += item.hth_bonus
    return total


def night_vision(state: ChainsawWarriorState) -> bool:
    return any(state.data.items[c.item].night_vision and usable(state, c) for c in state.items)


def lance_status(state: ChainsawWarriorState) -> str:
    """'ready', 'empty' (no charges and no Spare Clip) or 'gone' (stolen or smashed)."""
    for carried in state.items:
        if carried.item == LASER_LANCE:
            if carried.uses or carried.clip:
                return "ready"
            return "empty"
    return "gone"


def label(state: ChainsawWarriorState, carried: Carried) -> str:
    item = state.data.items[carried.item]
    text = item.name
    if carried.uses is not None:
        text += f" ({carried.uses} left)"
    if carried.clip:
        text += " + spare clip"
    if disabled(state, item):
        text += " [no power]"
    return text
