"""Damage split over two flankers (14.9: "split and distributed as equally as possible"), a
vehicle among them (14.9's last line). A-41, who takes an odd point, is the `flank-odd`
option: the damaged side chooses (default: 14.71 lets the loser lower its stats "in any way
they wish"), the one with more stats left, or the one the fight was between.

A side is "c:<character>" or "v:<vehicle>"."""

from __future__ import annotations

from dataclasses import dataclass, field

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders.state import PsychoRaidersState

FLANK = "14.9 Flank Attacking and Defending"


def name_of(state: PsychoRaidersState, who: str) -> str:
    kind, key = who.split(":", 1)
    return state.chars[key].name if kind == "c" else f"the {key}"


def seat_of(state: PsychoRaidersState, who: str) -> str:
    from deadtable.games.psycho_raiders.crashes import seat_for

    kind, key = who.split(":", 1)
    return state.chars[key].seat if kind == "c" else seat_for(state, key)


def left(state: PsychoRaidersState, who: str) -> int:
    """Stats left: a character's three, a vehicle's Strength and three Speeds."""
    kind, key = who.split(":", 1)
    if kind == "c":
        return sum(state.chars[key].stats)
    car = state.cars[key]
    return int(car["strength"]) + sum(int(car[m]) for m in ("high", "safe", "off_road"))


def harm(state: PsychoRaidersState, who: str, amount: int, wtype: str, killers: list[str],
         before: list[int]) -> None:
    """Push the damage one side takes: a character's (14.71) or a vehicle's (15.3)."""
    from deadtable.games.psycho_raiders.attacks import Damage
    from deadtable.games.psycho_raiders.crashes import CarDamage

    if amount <= 0:
        return
    kind, key = who.split(":", 1)
    if kind == "c":
        state.push(Damage(step="allocate", char=key, amount=amount, wtype=wtype,
                          killers=killers, before=before or list(state.chars[key].stats)))
    else:
        state.push(CarDamage(step="allocate", vehicle=key, amount=amount,
                             fire="Fire" in wtype.split("|")))


def split(state: PsychoRaidersState, lead: str, friend: str, amount: int, wtype: str,
          killers: list[str], befores: dict[str, list[int]]) -> None:
    """14.9: `lead` (the one the fight was between) and `friend` share `amount`."""
    frame = Split(step="choose", lead=lead, friend=friend, amount=amount, wtype=wtype,
                  killers=killers, befores=befores)
    mode = state.options["flank-odd"]
    if amount % 2 == 0 or mode == "fought":
        frame.odd = lead
    elif mode == "higher-total":
        frame.odd = friend if left(state, friend) > left(state, lead) else lead
    state.push(frame)


@dataclass(slots=True)
class Split(Frame):
    """Damage to two flankers, waiting for the odd point's taker (A-41)."""

    KIND = "split"
    step: str  # choose | done
    amount: int
    lead: str
    friend: str
    killers: list[str]
    wtype: str
    befores: dict[str, list[int]] = field(default_factory=dict)
    odd: str = ""  # who takes the odd point


class SplitHandler(Handler[PsychoRaidersState, Split]):
    def decide(self, state: PsychoRaidersState, frame: Split) -> Decision | None:
        if frame.odd:
            return None
        return Decision.of(seat_of(state, frame.lead), f"{frame.amount} damage split over "
                           f"{name_of(state, frame.lead)} and {name_of(state, frame.friend)}: "
                           "who takes the odd point? (14.9, A-41)", [
                               Action(f"odd:{who}", f"{name_of(state, who)} takes "
                                      f"{frame.amount // 2 + 1}",
                                      {"verb": "odd", "side": who})
                               for who in (frame.lead, frame.friend)])

    def apply(self, state: PsychoRaidersState, frame: Split, action_id: str) -> None:
        frame.odd = action_id.split(":", 1)[1]

    def run(self, state: PsychoRaidersState, frame: Split) -> None:
        state.pop()
        half = frame.amount // 2
        other = frame.friend if frame.odd == frame.lead else frame.lead
        state.event(f"The {frame.amount} damage is split: {name_of(state, frame.odd)} "
                    f"{frame.amount - half}, {name_of(state, other)} {half}.", FLANK)
        for who, amount in ((other, half), (frame.odd, frame.amount - half)):
            harm(state, who, amount, frame.wtype, frame.killers,
                 frame.befores.get(who, []))
