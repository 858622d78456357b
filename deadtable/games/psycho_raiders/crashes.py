"""Vehicles Attacking/Attacking Vehicles (15.2 to 15.4): a character attacks a vehicle with a
weapon; a driver rams a character or a vehicle next to it (+2 after a straight line of two
hexes or more from where it started, 15.22; the driver's Will adds, 15.23). D6 + strength each;
the loser takes the difference: a character over its stats (a vehicle kills as Blunt, 4.71), a
vehicle over its Strength or all three Speeds at once (15.3), wrecked at all zeros (15.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders import attacks, hiding
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.state import Character, PsychoRaidersState

FIGHT = "15.2 Vehicles Attacking/Attacking Vehicles"
RAM = "15.22 Ramming"
CAR_DAMAGE = "15.3 Vehicle Damage"
CAR_DEATH = "15.4 Vehicle Death"
MODES = ("high", "safe", "off_road")


def driver_of(state: PsychoRaidersState, name: str) -> Character | None:
    from deadtable.games.psycho_raiders.vehicles import aboard

    riders = aboard(state, name)
    return riders[0] if riders else None


def seat_for(state: PsychoRaidersState, name: str) -> str:
    """Who decides for a vehicle: someone aboard, else its owner's player."""
    rider = driver_of(state, name)
    if rider is not None:
        return rider.seat
    owner = state.rules.vehicles[name].owner.lower()
    if owner in state.chars and state.chars[owner].seat:
        return state.chars[owner].seat
    if owner == "raiders":
        return state.chars["spud"].seat
    from deadtable.games.psycho_raiders.screaming import townsfolk_seats

    return townsfolk_seats(state)[0]  # an unalerted owner's car: the townsfolk's player


def enemy_car(state: PsychoRaidersState, char: Character, name: str) -> bool:
    rider = driver_of(state, name)
    if rider is not None:
        return state.side_of(rider) != state.side_of(char)
    owner = state.rules.vehicles[name].owner.lower()
    return owner == ("raiders" if state.side_of(char) == "campers" else "campers")


def offers(state: PsychoRaidersState, char: Character) -> list[Action]:
    """15.2: attack a vehicle in range of a weapon."""
    here = state.space_of(char)
    if here is None or char.vehicle is not None or char.grabbed_by is not None:
        return []
    found = []
    far = attacks.reach(state, char)
    for name, space in state.vehicles.items():
        if state.cars[name]["wrecked"]:
            continue
        hexes = distance(state.board, here, space)
        if hexes is None or hexes > far or not enemy_car(state, char, name):
            continue  # out of every weapon's reach: no need to look along the line
        for card, value in attacks.usable(state, char, hexes, here, space, False).items():
            found.append(Action(f"hit-car:{name}:{card}",
                                f"Attack the {name} with {card} (strength {value}, 15.2)",
                                {"verb": "hit-car", "vehicle": name, "card": card}))
    return found


def ram_offers(state: PsychoRaidersState, frame: Any, char: Character) -> list[Action]:
    """15.21: the driver crashes into a character or vehicle on a next hex."""
    name = getattr(frame, "driving", "")
    if not name or getattr(frame, "acted", True):
        return []
    car = state.cars[name]
    if car[frame.mode] - frame.car_spent <= 0:
        return []
    here = state.vehicles[name]
    found = []
    for other in state.chars.values():
        there = state.space_of(other)
        if (state.active(other) and not other.hidden and other.vehicle is None
                and there in state.board.neighbours[here]
                and state.side_of(other) != state.side_of(char)):
            found.append(Action(f"ram:{other.key}", f"Ram {other.name} (15.22)",
                                {"verb": "ram", "character": other.key}))
    for target, there in state.vehicles.items():
        if (target != name and there in state.board.neighbours[here]
                and not state.cars[target]["wrecked"] and enemy_car(state, char, target)):
            found.append(Action(f"ram:car={target}", f"Ram the {target} (15.22)",
                                {"verb": "ram", "vehicle": target}))
    return found


def straight(state: PsychoRaidersState, start: int, target: int) -> bool:
    """15.22: the target lies on a straight hex line of 2 or more from the start."""
    d = distance(state.board, start, target)
    if d is None or d < state.rules.numbers["ramming_line"]:
        return False
    a, b = state.board.coords[start], state.board.coords[target]
    if a is None or b is None:
        return False
    dq, dr = b[0] - a[0], b[1] - a[1]
    return dq == 0 or dr == 0 or dq == -dr


@dataclass(slots=True)
class CarFight(Frame):
    KIND = "car-fight"
    step: str  # roll | will-1 | will-2 | resolve
    attacker: str  # "c:<character>" or "v:<vehicle>"
    defender: str
    a_str: int
    d_str: int
    card: str = ""  # the character's weapon, for ammunition and the Kill Deck
    a_total: int = 0
    d_total: int = 0


def start_hit(state: PsychoRaidersState, char: Character, rest: str) -> None:
    name, _, card = rest.partition(":")
    here = state.space_of(char) or 0
    hexes = distance(state.board, here, state.vehicles[name]) or 0
    value = attacks.usable(state, char, hexes, here, state.vehicles[name], False)[card]
    if char.hidden:
        hiding.reveal(state, char, "12 A character comes out of hiding to attack")
    state.event(f"{char.name} attacks the {name} with {card}.", FIGHT)
    state.push(CarFight(step="roll", attacker=f"c:{char.key}", defender=f"v:{name}",
                        a_str=value, d_str=state.cars[name]["strength"], card=card))


def start_ram(state: PsychoRaidersState, frame: Any, char: Character, rest: str) -> None:
    name = frame.driving
    start = frame.car_from
    car = state.cars[name]
    if rest.startswith("car="):
        target, there = f"v:{rest[4:]}", state.vehicles[rest[4:]]
        defence = state.cars[rest[4:]]["strength"]
    else:
        other = state.chars[rest]
        there = state.space_of(other) or 0
        target = f"c:{rest}"
        defence = max(attacks.usable(state, other, 0, there, there, False).values(),
                      default=other.strength)
    bonus = state.rules.numbers["ramming"] if straight(state, start, there) else 0
    frame.car_spent = frame.car_spent + 1
    state.event(f"The {name} rams {_name(state, target)}"
                f"{' at full tilt (+2)' if bonus else ''}.", RAM)
    state.push(CarFight(step="roll", attacker=f"v:{name}", defender=target,
                        a_str=car["strength"] + bonus, d_str=defence))


def _name(state: PsychoRaidersState, who: str) -> str:
    kind, key = who.split(":", 1)
    return state.chars[key].name if kind == "c" else f"the {key}"


def _will_char(state: PsychoRaidersState, who: str) -> Character | None:
    """Whose Will adds to a side: the character, or a vehicle's driver (15.23)."""
    kind, key = who.split(":", 1)
    return state.chars[key] if kind == "c" else driver_of(state, key)


class CarFightHandler(Handler[PsychoRaidersState, CarFight]):
    def _order(self, frame: CarFight) -> list[str]:
        behind_first = frame.a_total <= frame.d_total
        return ([frame.attacker, frame.defender] if behind_first
                else [frame.defender, frame.attacker])

    def decide(self, state: PsychoRaidersState, frame: CarFight) -> Decision | None:
        if frame.step not in ("will-1", "will-2"):
            return None
        who = self._order(frame)[frame.step == "will-2"]
        char = _will_char(state, who)
        if char is None or char.will <= 0:
            return None
        mine, theirs = ((frame.a_total, frame.d_total) if who == frame.attacker
                        else (frame.d_total, frame.a_total))
        return Decision.of(char.seat, f"{_name(state, who)} totals {mine} against {theirs}: "
                           "add Will? (14.61, 15.23)", [
                               Action(f"will:{n}", f"Add {n} Will" if n else "Add none",
                                      {"verb": "will", "amount": n})
                               for n in range(char.will + 1)])

    def apply(self, state: PsychoRaidersState, frame: CarFight, action_id: str) -> None:
        who = self._order(frame)[frame.step == "will-2"]
        char = _will_char(state, who)
        amount = int(action_id.split(":", 1)[1])
        if char is not None:
            char.will -= amount
        if who == frame.attacker:
            frame.a_total += amount
        else:
            frame.d_total += amount
        frame.step = "will-2" if frame.step == "will-1" else "resolve"

    def run(self, state: PsychoRaidersState, frame: CarFight) -> None:
        if frame.step == "roll":
            a, d = state.dice.d6(), state.dice.d6()
            frame.a_total, frame.d_total = a + frame.a_str, d + frame.d_str
            state.event(f"{_name(state, frame.attacker)} {a} + {frame.a_str} = {frame.a_total}"
                        f"; {_name(state, frame.defender)} {d} + {frame.d_str} = "
                        f"{frame.d_total}.", FIGHT)
            if frame.attacker.startswith("c:") and frame.card:
                attacks.spend(state, state.chars[frame.attacker[2:]], frame.card)
            frame.step = "will-1"
        elif frame.step in ("will-1", "will-2"):
            frame.step = "will-2" if frame.step == "will-1" else "resolve"
        else:
            state.pop()
            self._resolve(state, frame)

    def _resolve(self, state: PsychoRaidersState, frame: CarFight) -> None:
        diff = frame.a_total - frame.d_total
        if diff == 0:
            state.event("A tie: no damage.", FIGHT)
            return
        loser, winner = (frame.defender, frame.attacker) if diff > 0 else (frame.attacker,
                                                                            frame.defender)
        state.event(f"{_name(state, loser)} takes {abs(diff)} damage.", FIGHT)
        kind, key = loser.split(":", 1)
        if kind == "v":
            state.push(CarDamage(step="allocate", vehicle=key, amount=abs(diff)))
            return
        char = state.chars[key]
        wkind, wkey = winner.split(":", 1)
        killers = [wkey] if wkind == "c" else [c.key for c in [driver_of(state, wkey)] if c]
        wtype = "Blunt" if wkind == "v" else "|".join(attacks._types(state, char, frame.card))
        state.push(attacks.Damage(step="allocate", char=key, amount=abs(diff), wtype=wtype,
                                  killers=killers, before=list(char.stats)))


@dataclass(slots=True)
class CarDamage(Frame):
    """15.3: each point from Strength, or from all three Speeds at once (A-15: not below 0)."""

    KIND = "car-damage"
    step: str
    vehicle: str
    amount: int


class CarDamageHandler(Handler[PsychoRaidersState, CarDamage]):
    def decide(self, state: PsychoRaidersState, frame: CarDamage) -> Decision | None:
        car = state.cars[frame.vehicle]
        if frame.amount <= 0 or car["wrecked"] or _totalled(car):
            return None
        found = []
        if any(car[m] > 0 for m in MODES):
            found.append(Action("car-lose:speed", "Lose 1 from every Speed "
                                f"({'-'.join(str(car[m]) for m in MODES)} now)",
                                {"verb": "car-lose", "stat": "speed"}))
        if car["strength"] > 0:
            found.append(Action("car-lose:strength", f"Lose 1 Strength ({car['strength']} now)",
                                {"verb": "car-lose", "stat": "strength"}))
        return Decision.of(seat_for(state, frame.vehicle), f"The {frame.vehicle}: "
                           f"{frame.amount} damage to take (15.3)", found)

    def apply(self, state: PsychoRaidersState, frame: CarDamage, action_id: str) -> None:
        car = state.cars[frame.vehicle]
        if action_id.endswith("speed"):
            for mode in MODES:
                car[mode] = max(0, car[mode] - 1)
        else:
            car["strength"] -= 1
        frame.amount -= 1

    def run(self, state: PsychoRaidersState, frame: CarDamage) -> None:
        from deadtable.games.psycho_raiders.vehicles import wreck

        car = state.cars[frame.vehicle]
        state.pop()
        state.event(f"The {frame.vehicle} is at {'-'.join(str(car[m]) for m in MODES)}, "
                    f"Strength {car['strength']}.", CAR_DAMAGE)
        if _totalled(car) and not car["wrecked"]:
            wreck(state, frame.vehicle, CAR_DEATH)


def _totalled(car: dict[str, int]) -> bool:
    return all(car[m] <= 0 for m in MODES) and car["strength"] <= 0

