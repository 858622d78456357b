"""The heuristic's grabbing and escaping (13): a raider grabs a camper it cannot kill this
turn when a hold is worth more than a wound (one about to walk off the north edge, one beside
a vehicle it could drive away in, one a friend can reach and attack while it holds no
weapon), keeps the hold (moving lets go), and a held camper tries to break free first."""

from __future__ import annotations

from typing import Any

from deadtable.games.psycho_raiders.attacks import usable
from deadtable.games.psycho_raiders.bearings import away, row_of
from deadtable.games.psycho_raiders.state import CAMPERS, PsychoRaidersState
from deadtable.games.psycho_raiders.vehicles import may

LETS_GO = ("move:", "appear:", "car:", "drive:")  # a grabber that moves lets go (13)


def likely_kill(state: PsychoRaidersState, char: Any, other: Any) -> bool:
    """Whether this raider's best close blow likely drains every stat of `other` (14.71: the
    damage is the margin): its strongest card against the other's, on even dice (a kill that
    needs a 6 against a 1 is a long shot; a hold is sure while it lasts)."""
    here = state.space_of(char)
    if here is None:
        return False
    mine = max(usable(state, char, 0, here, here, other.grabbed_by is not None).values(),
               default=char.strength)
    theirs = max(usable(state, other, 0, here, here, False).values(), default=other.strength)
    return mine - theirs >= sum(other.stats)


def beside_vehicle(state: PsychoRaidersState, other: Any, space: int) -> bool:
    """A vehicle not wrecked, open to `other`, on or next to `space`: it could get in and
    drive off (10.4)."""
    return any(not state.cars[name]["wrecked"] and may(state, other, state.cars[name]["open_to"])
               and away(state, space, at) <= 1 for name, at in state.vehicles.items())


def friend_near(state: PsychoRaidersState, char: Any, space: int) -> bool:
    """Another raider-side character on foot a walk (its Speed) from `space`: it can come and
    attack the held camper, who then fights with no weapon (13.1)."""
    return any(state.active(f) and f is not char and state.side_of(f) != CAMPERS
               and f.vehicle is None and any(away(state, s, space) <= f.speed
                                             for s in f.tokens.values())
               for f in state.chars.values())


def grab_worth(state: PsychoRaidersState, char: Any, other: Any) -> bool:
    """A grab (13.1) beats an attack: the raider is stronger than the camper (the grabber must
    roll higher: at equal Strength it holds 15 times in 36), likely cannot kill it this turn,
    and a hold stops it escaping (within a walk of the north edge, or beside a vehicle) or
    lets a friend attack it unarmed."""
    space = state.space_of(other)
    rain = 1 if state.weather == "Rain" else 0
    if space is None or char.strength <= other.strength + rain or likely_kill(state, char, other):
        return False
    return (row_of(state, space) <= other.speed or beside_vehicle(state, other, space)
            or friend_near(state, char, space))


def grab_now(state: PsychoRaidersState, char: Any, ids: list[str]) -> str | None:
    """The grab to make, if one on offer is worth it (`grab_worth`): the camper nearest the
    north edge first."""
    grabs = [i for i in ids if i.startswith("grab:")]
    worth = [(row_of(state, state.space_of(state.chars[i[5:]]) or 0), i) for i in grabs
             if grab_worth(state, char, state.chars[i[5:]])]
    return min(worth)[1] if worth else None


def holding(state: PsychoRaidersState, char: Any) -> bool:
    """Whether this character holds someone in a grip."""
    return any(state.active(o) and o.grabbed_by == char.key for o in state.chars.values())


def keep_hold(state: PsychoRaidersState, char: Any, ids: list[str]) -> list[str]:
    """The choices that keep a grip: a grabber that moves lets go, so none that move it."""
    return [i for i in ids if not i.startswith(LETS_GO)] if holding(state, char) else ids


def break_free(ids: list[str]) -> str | None:
    """A held character tries to escape first (13.2): held, it cannot move, and its weapons
    are useless (13.1); freed, it still walks the rest of its turn."""
    return "escape" if "escape" in ids else None


def grab_reroll(frame: Any, ids: list[str]) -> str:
    """In a grab or an escape (13, 4.51): re-roll one's own D6 for 1 Will when it is a 1 or 2,
    the roll most likely to lose."""
    die = frame.mine if frame.step == "a-reroll" else frame.theirs
    return "reroll" if "reroll" in ids and die <= 2 else "keep"
