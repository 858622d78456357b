"""Once per Game Abilities (16): each side's list (data/characters.toml), for campers and
raiders only (townsfolk get none). A-18: after one is used, either no more for that side
(5.23, "no more such moves ... by ANY of the other campers") or each listed ability once
(16, "Each ability can be used once by the group"), as the `abilities` option says.

Built: Adrenaline (+5 campers, +4 raiders: Speed now, what is left to Strength in this turn's
attack), 2 Weapon Attack, Dodge Attack, Declare Hide (campers), Appear Anywhere and Road Trap
(raiders). Escape and Flee waits for the endgame options (19.1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders.data import Ability
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.state import CAMPERS, Character, PsychoRaidersState

ABILITIES = "16 Once per Game Abilities"
RAIDER_ABILITIES = "16.2 Raider Abilities"
SIDE_OF_KIND = {"camper": "camper", "raider": "raider"}
SPENT_LATER = -1  # Adrenaline first used in an attack: all of it goes there
# what a look keeps for a kind of character with neither Adrenaline nor Appear Anywhere open
# (turn_offers): a turn skips asking it
NONE_OPEN = (None, None)


def open_to(state: PsychoRaidersState, char: Character, ability: str) -> int | None:
    """The ability's amount (0 when it has none) if the character's side may still use it,
    else None."""
    side = SIDE_OF_KIND.get(char.kind)
    if side is None:
        return None
    found = _listed(state.rules.sheets.abilities).get((side, ability))
    if found is None:
        return None
    if state.abilities_used:  # none used yet is the common case: nothing to look through
        mine = f"{side}:"
        used = [u for u in state.abilities_used if u.startswith(mine)]
        if state.options["abilities"] == "one-per-side" and used:
            return None
        if f"{side}:{ability}" in used:
            return None
    return found.amount or 0


_LISTED: dict[int, tuple[tuple[Ability, ...], dict[tuple[str, str], Ability]]] = {}


def _listed(abilities: tuple[Ability, ...]) -> dict[tuple[str, str], Ability]:
    """(side, id) -> the first ability of the list so named that needs no endgame option
    (19.1): one index per list of abilities."""
    kept = _LISTED.get(id(abilities))
    if kept is None or kept[0] is not abilities:
        index: dict[tuple[str, str], Ability] = {}
        for a in abilities:
            if a.option is None:
                index.setdefault((a.side, a.id), a)
        kept = _LISTED[id(abilities)] = (abilities, index)
    return kept[1]


def use(state: PsychoRaidersState, char: Character, ability: str, text: str) -> None:
    state.abilities_used.append(f"{SIDE_OF_KIND[char.kind]}:{ability}")
    end = "" if text.endswith((".", "!")) else "."  # a sentence, as every other log line
    state.event(f"{char.name}: {text}{end}", ABILITIES)


def turn_offers(state: PsychoRaidersState, char: Character, will_token: int,
                seen: Glance | None = None) -> list[Action]:
    """What a character may use on its own turn: Adrenaline's Speed (on the one token that
    may move with Will or Adrenaline, 12.3), Appear Anywhere; `seen` is the decision's
    Glance if taken."""
    found = []
    if seen is None:
        seen = Glance(state, char)
    # kept by kind of character (what open_to() asks), and carried to the next turn's look
    # (glance.py): only an ability used changes it, and that is an action
    key = ("abilities", char.kind)
    kept = seen.kept.get(key)  # seen.keep(), inline: no closure made each step
    if kept is None:
        kept = seen.kept[key] = (open_to(state, char, "adrenaline"),
                                 open_to(state, char, "appear-anywhere"))
    amount, appear = kept
    if amount:
        for token in sorted(char.tokens):
            if will_token not in (0, token):
                continue
            for n in range(1, amount + 1):
                found.append(_adrenaline_action(token, n, amount, char.hidden))
    if appear is not None and not char.hidden:
        board = state.board
        crowd = seen.crowd
        terrains = state.rules.tables.terrain
        stack, cars = state.rules.numbers["stack"], set(state.vehicles.values())
        for space, name in enumerate(board.names):
            if not terrains[board.terrain[space]].enter:
                continue
            friends, enemies = crowd.get(space, (0, 0))  # room_for(), not fighting, inline
            if not enemies and friends < (1 if space in cars else stack):
                found.append(_appear_action(name))
    return found


@cache
def _adrenaline_action(token: int, n: int, amount: int, hidden: bool) -> Action:
    """Adrenaline's +n Speed on a token, made once (an Action is immutable)."""
    return Action(f"adrenaline:{token}:{n}", f"Adrenaline: +{n} Speed"
                  f"{f' (token {token})' if hidden else ''}, {amount - n} left for "
                  "Strength in this turn's attack (16)",
                  {"verb": "adrenaline", "token": token, "amount": n})


@cache
def _appear_action(name: str) -> Action:
    return Action(f"appear:{name}", f"Appear Anywhere: to {name} (16.2)",
                  {"verb": "appear", "space": name})


def trapper(state: PsychoRaidersState) -> Character | None:
    """The raider who may declare Road Trap now: the first in play, if the raiders' side
    still has it and it is not the first turn (16.2)."""
    if state.round <= 1:
        return None
    raider = next((c for c in state.chars.values()
                   if c.kind == "raider" and state.active(c)), None)
    if raider is None or open_to(state, raider, "road-trap") is None:
        return None
    return raider


def may_trap(state: PsychoRaidersState, vehicle: str, driver: Character) -> None:
    """After each hex an enemy vehicle drives on the road, the raiders may declare Road Trap
    (16.2: "at any time, even on other players' turns")."""
    if (state.side_of(driver) == CAMPERS and trapper(state) is not None
            and state.board.terrain[state.vehicles[vehicle]] == "road"):
        state.push(RoadTrap(step="ask", vehicle=vehicle))


@dataclass(slots=True)
class RoadTrap(Frame):
    KIND = "road-trap"
    step: str  # ask | done
    vehicle: str


class RoadTrapHandler(Handler[PsychoRaidersState, RoadTrap]):
    def decide(self, state: PsychoRaidersState, frame: RoadTrap) -> Decision | None:
        raider = trapper(state)
        if frame.step != "ask" or raider is None:
            return None
        where = state.board.name(state.vehicles[frame.vehicle])
        return Decision.of(raider.seat, f"The {frame.vehicle} drives on the road at {where}", [
            Action("road-trap", f"Road Trap: the {frame.vehicle} stops until next turn (16.2)",
                   {"verb": "road-trap"}),
            Action("let-pass", "Let it drive on", {"verb": "let-pass"})])

    def apply(self, state: PsychoRaidersState, frame: RoadTrap, action_id: str) -> None:
        frame.step = "done"
        if action_id != "road-trap":
            return
        raider = trapper(state)
        assert raider is not None
        use(state, raider, "road-trap", f"Road Trap! The {frame.vehicle} must stop.")
        state.cars[frame.vehicle]["moved"] = state.round  # it stays put until next turn
        for other in state.stack:
            if getattr(other, "driving", "") == frame.vehicle:
                other.driving = ""  # type: ignore[attr-defined]
        state.event(f"The {frame.vehicle} stops dead at "
                    f"{state.board.name(state.vehicles[frame.vehicle])}.", RAIDER_ABILITIES)

    def run(self, state: PsychoRaidersState, frame: RoadTrap) -> None:
        state.pop()
