"""Environmental items, Car Alarms and Metal Detectors (rulebook: ENVIRONMENTAL ITEMS): what a
chapter's map holds besides the pool's items. The map places them as markers (a car is a zone).

- Minigun, Heavy Machine Gun: a survivor standing on one may fire it "instead of any of its own
  attacks" (weapons.usable offers it, weapons.attack resolves it: Range 7, Attack 2, 4 attacks,
  each skull an additional hit, a special attack that height never modifies). They stay.
- Gas Can, Fireworks, Propane Tank, Oxygen Tank: "instead of attacking", a survivor lights one
  within its Range (designed: the rulebook names no weapon) and clear line of sight. Gas Can
  and Fireworks: 2 dice once for every figure on the space and next to it, Common Squad
  figures rolling 2 fewer defense dice, special infected burning, and fire there until the end
  of the round (items.entered). Propane Tank: 2 dice at once, no defense. Oxygen Tank: the same
  at the end of the round (endofround.py). Each is removed once lit. Hazmat Suit Infected are
  not affected by the fires, Worker Infected not by the tanks (Infected Rules).
- Car Alarms: a survivor ending its move on a car, attacking while on or next to it, or
  attacking a figure on or next to it sets the alarm off. Metal Detectors: a survivor moving
  through one. Either way the marker goes, 3 zombies plus the Difficulty Modifier are placed at
  once (at random spawn points, as every wave: designed) and as many again at the end of the
  round, besides Spawning Zombies.

What is spent is kept in `state.spent` as "kind@where" (a space number, or a car's zone name).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from deadtable.engine.board import Board
from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, items, movement, spawning, weapons
from deadtable.games.left_4_dead.state import Effect, Figure, Left4DeadState

MOUNTED = ("minigun", "heavy-machine-gun")
LIGHTS = ("gas-can", "fireworks", "propane-tank", "oxygen-tank")
CAR = "car"
DETECTOR = "metal-detector"
ALARM = "alarm"  # the effect of an alarm set off this round: its second wave is still due
CAR_CITE = "ENVIRONMENTAL ITEMS: CAR ALARMS"
DETECTOR_CITE = "ENVIRONMENTAL ITEMS: METAL DETECTORS"


def key(kind: str, where: int | str) -> str:
    return f"{kind}@{where}"


@lru_cache(maxsize=16)
def _markers(board: Board, kinds: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """(kind, space) of the map's markers of these kinds: fixed for a map."""
    return tuple((m.kind, m.space) for m in board.markers if m.kind in kinds)


@lru_cache(maxsize=16)
def _cars(board: Board) -> tuple[tuple[str, frozenset[int], frozenset[int]], ...]:
    """(zone name, its spaces, its spaces and every space next to them) of each car."""
    found = []
    for zone in board.zones.values():
        if zone.kind == CAR:
            near = {n for s in zone.spaces for n in board.neighbours[s]}
            found.append((zone.name, frozenset(zone.spaces), frozenset(near | set(zone.spaces))))
    return tuple(found)


def lying(state: Left4DeadState,
          kinds: tuple[str, ...] = MOUNTED + LIGHTS) -> list[tuple[str, int]]:
    """The environmental items still on the map: (kind, space)."""
    return [(kind, space) for kind, space in _markers(state.board, kinds)
            if key(kind, space) not in state.spent]


def armed_cars(state: Left4DeadState) -> list[tuple[str, frozenset[int], frozenset[int]]]:
    """The cars that still carry their Alarm Marker."""
    return [car for car in _cars(state.board) if key(CAR, car[0]) not in state.spent]


def cite(state: Left4DeadState, kind: str) -> str:
    return f"ENVIRONMENTAL ITEMS: {state.data.items.environmental[kind].name.upper()}"


# -- the mounted guns ------------------------------------------------------------------------
def mounted_gun(state: Left4DeadState, figure: Figure) -> str | None:
    """The Minigun or Heavy Machine Gun the survivor stands on, if any."""
    if figure.space is None or figure.side != "survivors":
        return None
    return _mounted(state.board).get(figure.space)


@lru_cache(maxsize=16)
def _mounted(board: Board) -> dict[int, str]:
    """Space -> the mounted gun on it (the map's first, should two share a space): asked of
    every survivor's weapons. Read it, never change it."""
    found: dict[int, str] = {}
    for kind, space in _markers(board, MOUNTED):
        found.setdefault(space, kind)
    return found


# -- lighting gas cans, fireworks and tanks --------------------------------------------------
def light_actions(state: Left4DeadState, figure: Figure) -> list[Action]:
    """Instead of attacking: each Gas Can, Fireworks, Propane or Oxygen Tank within the
    survivor's Range and clear line of sight."""
    if figure.space is None or figure.down:
        return []
    here = figure.space
    reach_ = combat.reduced(state, figure, "range")
    actions = []
    for kind, space in lying(state, LIGHTS):
        if movement.spaces_away(state, here, space) <= reach_ \
                and movement.can_see_space(state, figure, space):
            name = state.data.items.environmental[kind].name
            actions.append(Action(f"light:{kind}:{space}",
                                  f"Light the {name} at {state.board.names[space]}",
                                  {"verb": "light", "item": kind,
                                   "space": state.board.names[space]}))
    return actions


def affected(state: Left4DeadState, kind: str, space: int) -> list[Figure]:
    """The figures on the space and next to it, less those the item does not affect."""
    area = {space, *state.board.neighbours[space]}
    return [f for f in state.figures.values() if f.space in area and not f.closet
            and not items.immune(state, f, kind)]


def light(state: Left4DeadState, figure: Figure, kind: str, space: int) -> None:
    if key(kind, space) in state.spent or (kind, space) not in _markers(state.board, LIGHTS):
        raise ValueError(f"no {kind} lies at space {space}")
    state.spent.append(key(kind, space))
    data = state.data.items.environmental[kind]
    why = cite(state, kind)
    where = state.board.names[space]
    if data.get("explodes") == "end-of-round":
        state.effects.append(Effect(kind, space, figure.side))
        state.event(f"{combat.name(figure)} lights the {data.name} at {where}: it explodes at "
                    "the end of the round.", why)
        return
    state.event(f"{combat.name(figure)} lights the {data.name} at {where}.", why)
    victims = affected(state, kind, space)
    weapons.one_roll(state, figure, kind, victims, data.attack, why)
    if data.get("burns"):
        for victim in victims:
            items.ignite(state, victim, kind)
    if data.get("lingers"):
        state.effects.append(Effect(kind, space, figure.side))


# -- alarms ----------------------------------------------------------------------------------
def ended_move(state: Left4DeadState, figure: Figure) -> None:
    """A survivor ending its move on a car sets its alarm off."""
    if figure.space is None or figure.side != "survivors":
        return
    for name, spaces, _ in armed_cars(state):
        if figure.space in spaces:
            sound(state, key(CAR, name), f"{combat.name(figure)} ends the move on the car",
                  CAR_CITE)


def moved_through(state: Left4DeadState, figure: Figure, path: Iterable[int]) -> None:
    """A survivor moving through a Metal Detector sets it off (every space its move entered)."""
    if figure.side != "survivors":
        return
    entered = set(path)
    for kind, space in lying(state, (DETECTOR,)):
        if space in entered:
            sound(state, key(kind, space), f"{combat.name(figure)} walks through the metal "
                  f"detector at {state.board.names[space]}", DETECTOR_CITE)


def attacked(state: Left4DeadState, figure: Figure, aimed: Iterable[int]) -> None:
    """A survivor attacking while on or next to a car, or attacking a figure on or next to it
    (`aimed`: the spaces of the figures it chose), sets the car's alarm off."""
    for name in cars_disturbed(state, figure, aimed):
        sound(state, key(CAR, name), f"{combat.name(figure)} shoots by the car", CAR_CITE)


def cars_disturbed(state: Left4DeadState, figure: Figure, aimed: Iterable[int]) -> list[str]:
    """The armed cars whose alarms such an attack sets off."""
    if figure.space is None or figure.side != "survivors":
        return []
    spaces = {figure.space, *aimed}
    return [name for name, _, near in armed_cars(state) if spaces & near]


def sound(state: Left4DeadState, spent: str, cause: str, why: str) -> None:
    """Remove the marker; 3 zombies plus the Difficulty Modifier now, as many again at the end
    of the round."""
    state.spent.append(spent)
    count = wave_size(state)
    state.event(f"{cause}: the alarm goes off! {count} zombies now, {count} more at the end of "
                "the round.", why)
    place_wave(state, count, why)
    state.effects.append(Effect(ALARM, -1, "infected"))


def wave_size(state: Left4DeadState) -> int:
    return int(state.data.rules.alarm.size(state.modifier))


def place_wave(state: Left4DeadState, count: int, why: str) -> None:
    placed = [spawning.place(state, spawning.ZOMBIE) for _ in range(count)]
    names = [combat.name(f) for f in placed if f is not None]
    if names:
        state.event(f"{', '.join(names)} come running.", why)


def alarms_due(state: Left4DeadState) -> int:
    """Alarms set off this round, whose second wave comes at its end."""
    return sum(1 for e in state.effects if e.kind == ALARM)


def alarm_waves(state: Left4DeadState, due: int) -> None:
    """At the end of the round, each alarm set off during it places its zombies again, in
    addition to the normal Spawning Zombies."""
    for _ in range(due):
        count = wave_size(state)
        state.event(f"The alarm's second wave: {count} zombies.", CAR_CITE + "; METAL DETECTORS")
        place_wave(state, count, CAR_CITE + "; METAL DETECTORS")


# -- what the seats see ----------------------------------------------------------------------
def view(state: Left4DeadState) -> list[dict[str, object]]:
    """The environmental items still in place, the cars still armed, the metal detectors not
    yet set off."""
    names = state.board.names
    found: list[dict[str, object]] = []
    for kind, space in lying(state, MOUNTED + LIGHTS):
        found.append({"kind": kind, "name": state.data.items.environmental[kind].name,
                      "spaces": [names[space]]})
    for zone, spaces, _ in armed_cars(state):
        found.append({"kind": CAR, "name": f"Car alarm ({zone})",
                      "spaces": [names[s] for s in sorted(spaces)]})
    for kind, space in lying(state, (DETECTOR,)):
        found.append({"kind": kind, "name": "Metal Detector", "spaces": [names[space]]})
    return found
