"""Vehicles Attacking/Attacking Vehicles (15.2 to 15.4): a character attacks a vehicle with a
weapon; a driver rams a character or a vehicle next to it (+2 after a straight line of two
hexes or more from where it started, 15.22; the driver's Will adds, 15.23). D6 + strength each;
the loser takes the difference: a character over its stats (a vehicle kills as Blunt, 4.71), a
vehicle over its Strength or all three Speeds at once (15.3), wrecked at all zeros (15.4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deadtable.engine.board.model import edge_key
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders import attacks, flanking, hiding, rerolls
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.geometry import row as distance_row
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.rules import FISTS
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


def enemy_cars(state: PsychoRaidersState, char: Character) -> list[tuple[str, int]]:
    """The vehicles standing that are enemies to `char` (enemy_car), with their spaces: every
    vehicle's driver found in one pass over the characters, not one pass each."""
    drivers: dict[str, Character] = {}
    for other in state.chars.values():  # aboard()'s first rider of each vehicle
        name = other.vehicle
        if name is not None and name not in drivers and state.active(other):
            drivers[name] = other
    side = state.side_of(char)
    foes = "raiders" if side == "campers" else "campers"
    found = []
    for name, space in state.vehicles.items():
        if state.cars[name]["wrecked"]:
            continue
        rider = drivers.get(name)
        if (state.side_of(rider) != side if rider is not None
                else state.rules.vehicles[name].owner.lower() == foes):
            found.append((name, space))
    return found


def offers(state: PsychoRaidersState, char: Character, seen: Glance) -> list[Action]:
    """15.2: attack a vehicle in range of a weapon; `seen` is the decision's Glance."""
    here = seen.here
    if here is None or char.vehicle is not None or char.grabbed_by is not None:
        return []
    found: list[Action] = []
    far = seen.kept.get("reach")  # seen.keep(), inline: no closure made each step
    if far is None:
        far = seen.kept["reach"] = attacks.reach(state, char)
    if far == 0 and here not in state.vehicles.values():
        return found  # no weapon reaches beyond its own space, and no vehicle is on it
    away = distance_row(state.board, here)
    # the enemy vehicles standing, kept: only the character's tokens move while a look lasts
    targets = seen.kept.get("enemy-cars")  # seen.keep(), inline: a call less
    if targets is None:
        targets = seen.kept["enemy-cars"] = enemy_cars(state, char)
    for name, space in targets:
        hexes = away[space]
        if hexes is None or hexes > far:
            continue  # out of every weapon's reach: no need to look along the line
        for card, value in attacks.usable(state, char, hexes, here, space, False).items():
            found.append(Action(f"hit-car:{name}:{card}",
                                f"Attack the {name} with {card} (strength {value}, 15.2)",
                                {"verb": "hit-car", "vehicle": name, "card": card}))
    return found


def ram_offers(state: PsychoRaidersState, frame: Any, char: Character) -> list[Action]:
    """15.21: the driver crashes into a character, a vehicle or a wall (15.5) next to it; a
    friend on the rammed character's space may flank with the vehicle (14.9's last line)."""
    name = getattr(frame, "driving", "")
    if not name or getattr(frame, "acted", True):
        return []
    car = state.cars[name]
    if car[frame.mode] - frame.car_spent <= 0:
        return []
    here = state.vehicles[name]
    side = state.side_of(char)
    found = []
    for other in state.chars.values():
        there = state.space_of(other)
        if (state.active(other) and not other.hidden and other.vehicle is None
                and there in state.board.neighbours[here]
                and state.side_of(other) != side):
            found.append(Action(f"ram:{other.key}", f"Ram {other.name} (15.22)",
                                {"verb": "ram", "character": other.key}))
            for friend in attacks.beside(state, other, side):
                found.append(Action(f"ram:{other.key}:{friend.key}",
                                    f"Ram {other.name}, {friend.name} flanking (14.9)",
                                    {"verb": "ram", "character": other.key,
                                     "with": friend.key}))
    for target, there in state.vehicles.items():
        if (target != name and there in state.board.neighbours[here]
                and not state.cars[target]["wrecked"] and enemy_car(state, char, target)):
            found.append(Action(f"ram:car={target}", f"Ram the {target} (15.22)",
                                {"verb": "ram", "vehicle": target}))
    for there in state.board.neighbours[here]:
        if (state.board.feature(here, there) == "wall"
                and edge_key(here, there) not in state.opened):
            room = state.board.name(there)
            found.append(Action(f"ram:wall={room}", f"Crash into the wall of {room} (15.5)",
                                {"verb": "ram", "wall": room}))
    return found


def straight(state: PsychoRaidersState, start: int, target: int, line: int | None = None
             ) -> bool:
    """15.22: the target lies on a straight hex line of 2 or more from the start."""
    d = distance(state.board, start, target)
    if d is None or d < (state.rules.numbers["ramming_line"] if line is None else line):
        return False
    a, b = state.board.coords[start], state.board.coords[target]
    if a is None or b is None:
        return False
    dq, dr = b[0] - a[0], b[1] - a[1]
    return dq == 0 or dr == 0 or dq == -dr


@dataclass(slots=True)
class CarFight(Frame):
    """A fight with a vehicle or a wall in it (15.2, 15.5): a D6 each (a wall's rolled for
    it), each character's re-roll for 1 Will (4.51; a driver's for its vehicle), natural 1s
    (14.52), Will added (14.61, 15.23), the difference as damage."""

    KIND = "car-fight"
    step: str  # roll | a-reroll | d-reroll | natural | will-1 | will-2 | resolve
    attacker: str  # "c:<character>" or "v:<vehicle>"
    defender: str  # the same, or "w:<space>,<space>" a wall (15.5)
    a_str: int
    d_str: int
    card: str = ""  # the attacking character's weapon, for ammunition and the Kill Deck
    d_card: str = ""  # a defending character's weapon
    a_roll: int = 0
    d_roll: int = 0
    a_total: int = 0
    d_total: int = 0
    partner: str = ""  # a character flanking with the ramming vehicle (14.9)
    d_partner: str = ""  # a friend on the rammed character's space
    d_before: list[int] = field(default_factory=list)


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
    from deadtable.games.psycho_raiders.locations import WALLS, wall_strength

    name = frame.driving
    start = frame.car_from
    here = state.vehicles[name]
    car = state.cars[name]
    fight = CarFight(step="roll", attacker=f"v:{name}", defender="", a_str=car["strength"],
                     d_str=0)
    line = None
    if rest.startswith("car="):
        there = state.vehicles[rest[4:]]
        fight.defender, fight.d_str = f"v:{rest[4:]}", state.cars[rest[4:]]["strength"]
    elif rest.startswith("wall="):
        room = state.board.space(rest[5:])
        edge = edge_key(here, room)
        fight.defender, fight.d_str = f"w:{edge[0]},{edge[1]}", wall_strength(state, edge)
        there, line = here, state.rules.numbers["ramming_line"] - 1  # the wall is next on it
    else:
        key, _, friend = rest.partition(":")
        other = state.chars[key]
        there = state.space_of(other) or 0
        fight.defender, fight.d_card, fight.d_str = f"c:{key}", *_best(state, other)
        fight.d_before = list(other.stats)
        fight.partner = friend
        if friend:
            fight.a_str += attacks.best_close(state, state.chars[friend])
        fight.d_partner = next((c.key for c in attacks.beside(state, other)
                                if c.key != friend), "")
        if fight.d_partner:
            fight.d_str += attacks.best_close(state, state.chars[fight.d_partner])
    bonus = state.rules.numbers["ramming"] if straight(state, start, there, line) else 0
    fight.a_str += bonus
    frame.car_spent = frame.car_spent + 1
    with_friend = f", {state.chars[fight.partner].name} flanking" if fight.partner else ""
    state.event(f"The {name} rams {_name(state, fight.defender)}{with_friend}"
                f"{' at full tilt (+2)' if bonus else ''}.",
                WALLS if rest.startswith("wall=") else RAM)
    state.push(fight)


def _best(state: PsychoRaidersState, char: Character) -> tuple[str, int]:
    """A character's best close-combat weapon and strength, to meet a ram with."""
    here = state.space_of(char) or 0
    cards = attacks.usable(state, char, 0, here, here, False)
    card = max(cards, key=lambda c: cards[c], default=FISTS)
    return card, cards.get(card, char.strength)


def _name(state: PsychoRaidersState, who: str) -> str:
    kind, key = who.split(":", 1)
    if kind == "w":
        a, b = (state.board.name(int(s)) for s in key.split(","))
        return f"the wall between {a} and {b}"
    return state.chars[key].name if kind == "c" else f"the {key}"


def _will_char(state: PsychoRaidersState, who: str) -> Character | None:
    """Whose Will and dice a side's are: the character, or a vehicle's driver (15.23); a
    wall has none."""
    kind, key = who.split(":", 1)
    if kind == "w":
        return None
    return state.chars[key] if kind == "c" else driver_of(state, key)


class CarFightHandler(Handler[PsychoRaidersState, CarFight]):
    def _order(self, frame: CarFight) -> list[str]:
        behind_first = frame.a_total <= frame.d_total
        return ([frame.attacker, frame.defender] if behind_first
                else [frame.defender, frame.attacker])

    def _who(self, frame: CarFight) -> str:
        if frame.step in ("a-reroll", "d-reroll"):
            return frame.attacker if frame.step == "a-reroll" else frame.defender
        return self._order(frame)[frame.step == "will-2"]

    def decide(self, state: PsychoRaidersState, frame: CarFight) -> Decision | None:
        if frame.step not in ("a-reroll", "d-reroll", "will-1", "will-2"):
            return None
        who = self._who(frame)
        char = _will_char(state, who)
        if char is None or char.will <= 0:
            return None
        if frame.step.endswith("reroll"):
            roll = frame.a_roll if who == frame.attacker else frame.d_roll
            return rerolls.keep_or_reroll(char, f"{_name(state, who)} rolled {roll}: re-roll "
                                          "for 1 Will?", roll, "14.51")
        mine, theirs = ((frame.a_total, frame.d_total) if who == frame.attacker
                        else (frame.d_total, frame.a_total))
        return Decision.of(char.seat, f"{_name(state, who)} totals {mine} against {theirs}: "
                           "add Will? (14.61, 15.23)", [
                               Action(f"will:{n}", f"Add {n} Will" if n else "Add none",
                                      {"verb": "will", "amount": n})
                               for n in range(char.will + 1)])

    def apply(self, state: PsychoRaidersState, frame: CarFight, action_id: str) -> None:
        who = self._who(frame)
        char = _will_char(state, who)
        if frame.step.endswith("reroll"):
            if action_id == "reroll" and char is not None:
                char.will -= 1
                roll = state.dice.d6()
                state.event(f"{char.name} spends 1 Will and re-rolls: {roll}.",
                            attacks.REROLL)
                if who == frame.attacker:
                    frame.a_total += roll - frame.a_roll
                    frame.a_roll = roll
                else:
                    frame.d_total += roll - frame.d_roll
                    frame.d_roll = roll
            frame.step = "d-reroll" if frame.step == "a-reroll" else "natural"
            return
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
            frame.a_roll, frame.d_roll = state.dice.d6(), state.dice.d6()
            frame.a_total, frame.d_total = frame.a_roll + frame.a_str, frame.d_roll + frame.d_str
            state.event(f"{_name(state, frame.attacker)} {frame.a_roll} + {frame.a_str} = "
                        f"{frame.a_total}; {_name(state, frame.defender)} {frame.d_roll} + "
                        f"{frame.d_str} = {frame.d_total}.", FIGHT)
            frame.step = "a-reroll"
        elif frame.step in attacks.PASSED:
            frame.step = attacks.PASSED[frame.step]
        elif frame.step == "natural":
            self._spend_and_fumble(state, frame)
            frame.step = "will-1"
        else:
            state.pop()
            self._resolve(state, frame)

    def _spend_and_fumble(self, state: PsychoRaidersState, frame: CarFight) -> None:
        """Ammunition spent (4.71), then the Natural 1 Table for a 1 (14.52): a character's
        with its weapon, a driver's for its vehicle (which has no card to drop)."""
        for who, card, roll in ((frame.attacker, frame.card, frame.a_roll),
                                (frame.defender, frame.d_card, frame.d_roll)):
            char = _will_char(state, who)
            if char is None:
                continue
            if who.startswith("c:") and card:
                attacks.spend(state, char, card)
            if roll == 1 and state.active(char):
                attacks.natural_one(state, char, card if who.startswith("c:") else FISTS)

    def _resolve(self, state: PsychoRaidersState, frame: CarFight) -> None:
        diff = frame.a_total - frame.d_total
        if diff == 0:
            state.event("A tie: no damage.", FIGHT)
            return
        loser, winner = (frame.defender, frame.attacker) if diff > 0 else (frame.attacker,
                                                                            frame.defender)
        amount = abs(diff)
        state.event(f"{_name(state, loser)} takes {amount} damage.", FIGHT)
        wkind, wkey = winner.split(":", 1)
        if wkind == "c":
            wtype = "|".join(attacks._types(state, state.chars[wkey], frame.card
                                            if winner == frame.attacker else frame.d_card))
            killers = [wkey]
        else:
            wtype = "Blunt"  # a vehicle or a wall (4.71)
            killers = [c.key for c in [_will_char(state, winner)] if c]
        if winner == frame.attacker and frame.partner:
            killers.append(frame.partner)
        kind, key = loser.split(":", 1)
        if kind == "w":
            from deadtable.games.psycho_raiders.locations import damage_wall

            a, b = (int(s) for s in key.split(","))
            damage_wall(state, (a, b), amount, fire="Fire" in wtype.split("|"))
            return
        partner = frame.partner if loser == frame.attacker else frame.d_partner
        before = {loser: frame.d_before} if kind == "c" else {}
        if partner and state.active(state.chars[partner]):
            flanking.split(state, loser, f"c:{partner}", amount, wtype, killers,
                           {**before, f"c:{partner}": list(state.chars[partner].stats)})
            return
        flanking.harm(state, loser, amount, wtype, killers, before.get(loser, []))


@dataclass(slots=True)
class CarDamage(Frame):
    """15.3: each point from Strength, or from all three Speeds at once (A-15: not below 0);
    15.6: a vehicle a Fire weapon takes to Strength 0 is engulfed in flames."""

    KIND = "car-damage"
    step: str
    vehicle: str
    amount: int
    fire: bool = False


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
        if frame.fire and car["strength"] <= 0 and not car.get("on_fire"):
            ignite_car(state, frame.vehicle)
        if _totalled(car) and not car["wrecked"]:
            wreck(state, frame.vehicle, CAR_DEATH)


def ignite_car(state: PsychoRaidersState, name: str) -> None:
    """15.6: a fire token on the vehicle; everyone inside rolls on the Damage Table (and
    again at the start of each turn it stays inside: it must vacate)."""
    from deadtable.games.psycho_raiders.vehicles import aboard

    state.cars[name]["on_fire"] = True
    state.event(f"The {name} is engulfed in flames!", attacks.FIRE)
    for rider in aboard(state, name):
        attacks.damage_table(state, rider, "Blunt", attacks.FIRE)


def _totalled(car: dict[str, int]) -> bool:
    return all(car[m] <= 0 for m in MODES) and car["strength"] <= 0

