"""Attacking (14), Grabbing and Escaping (13), fire on a character (15.6).

An attack: the range (14.2), each side's weapon (14.4), a D6 each plus strength (14.5), one
Will to re-roll (14.51), the Natural 1 Table (14.52), Will added to the result (14.61), the
difference as damage spread over the loser's stats as it chooses (14.7, 14.71), and the Kill
Deck when every stat is 0 (14.8, 14.81)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders import abilities, flanking, hiding, rerolls
from deadtable.games.psycho_raiders.geometry import distance as board_distance
from deadtable.games.psycho_raiders.geometry import row as distance_row
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.rules import FISTS
from deadtable.games.psycho_raiders.sequence import check_victory
from deadtable.games.psycho_raiders.state import STATS, Character, PsychoRaidersState

ATTACK = "14 Attacking"
RANGE = "14.2 Weapon Range"
ROLL = "14.5 Rolling Dice"
REROLL = "14.51 Will used to Reroll"
NATURAL = "14.52 Rolling a Natural 1"
ADD_WILL = "14.61 Adding Will to Result"
DAMAGE = "14.7 Damage"
KILL = "14.8 Death and Kill Cards"
MISSED = "14.81 Missing THE KILL"
HIDDEN_ATTACK = "12.7 Ranged Weapons Hidden Attack"
FLANK = "14.9 Flank Attacking and Defending"
TWO_ON_TWO = "14.91 Fight 2 on 2"
GRAB = "13.1 Grabbing"
ESCAPE = "13.2 Escape"
FIRE = "15.6 Flame Thrower and Blowtorch"
INSIDE = "15.1 Attacking Inside Vehicle"
FLAMETHROWER = "Flamethrower"  # 15.6: discharged in a vehicle, it burns all inside
VERBS = ("attack", "flank", "shoot", "grab", "escape")
PERSONAL = "personal"
TWO = "two="  # a 2 Weapon Attack: "two=Handgun|Chain"
# A fight's step after a re-roll or Will choice nobody could make (no Will left).
PASSED = {"a-reroll": "d-reroll", "d-reroll": "natural", "will-1": "will-2",
          "will-2": "resolve"}


def distance(state: PsychoRaidersState, a: int, b: int) -> int | None:
    return board_distance(state.board, a, b)


def line_of_fire(state: PsychoRaidersState, a: int, b: int) -> bool:
    """14.3: buildings, vehicles, trees, graves and characters (every token: nobody can tell
    a hide token from a character) block a weapon's line."""
    if hiding.fogged(state, a, b):
        return False
    figures = {s: 1 for s in state.vehicles.values()}
    for char in state.chars.values():
        if state.active(char):
            for space in char.tokens.values():
                figures[space] = 1
    figures.pop(a, None)
    figures.pop(b, None)
    return hiding.clear(state, a, b, figures, hiding.opaque(state, lake=False))


def strength_of(state: PsychoRaidersState, char: Character, card: str, hexes: int,
                target: int, grabbed: bool) -> int | None:
    """The strength `card` gives at `hexes` away (None: out of its range), personal strength
    added where the card needs it (14.5)."""
    if card in (FISTS, PERSONAL):
        return char.strength if hexes == 0 else None
    if card.startswith(TWO):  # 16: both cards, personal strength once
        parts = [strength_of(state, char, c, hexes, target, grabbed)
                 for c in card[len(TWO):].split("|")]
        if any(p is None for p in parts):
            return None
        needs = any(state.rules.weapons[c].personal for c in card[len(TWO):].split("|"))
        return sum(p or 0 for p in parts) - (char.strength if needs else 0)
    weapon = state.rules.weapons[card]
    if card in char.emptied:  # 4.71: sideways, a Blunt weapon in close combat
        return (weapon.empty or 0) + char.strength if hexes == 0 else None
    value = weapon.at(hexes)
    if value is None:
        return None
    water = state.board.terrain[target] == "lake"
    if weapon.type == "Fire":
        if water:
            return None  # 14.41
        if state.weather == "Wind":
            value += 1
        if grabbed and weapon.grabbed is not None:
            value = weapon.grabbed  # 15.61
    if weapon.type == "Gun" and water:
        value //= 2  # 14.42, A-16: rounded down
    return value + (char.strength if weapon.personal else 0)


def usable(state: PsychoRaidersState, char: Character, hexes: int, here: int, target: int,
           grabbed_target: bool) -> dict[str, int]:
    """card -> strength for every weapon the character may use at this range."""
    if hexes > 0 and not line_of_fire(state, here, target):
        return {}
    found = {}
    cards = [] if char.grabbed_by is not None else list(char.weapons)  # 13.1
    for card in [*cards, FISTS]:
        value = strength_of(state, char, card, hexes, target, grabbed_target)
        if value is not None:
            found[card] = value
    return found


def reach(state: PsychoRaidersState, char: Character) -> int:
    """The farthest any weapon the character may use now reaches (0: close combat only)."""
    cards = [] if char.grabbed_by is not None else char.weapons
    return max([0, *(state.rules.weapons[c].reach for c in cards if c not in char.emptied)])


def offers(state: PsychoRaidersState, char: Character, close_only: bool,
           seen: Glance | None = None) -> list[Action]:
    """Attacks, shots at tokens, flanking and grabbing (12.7, 13, 14, 15.1), and escaping a
    grip; `seen` is the decision's Glance if taken."""
    if seen is None:  # glance(), inline: a call less each step
        seen = Glance(state, char)
    here = seen.here
    if here is None:
        return []
    kept = seen.kept
    far = kept.get("reach")  # seen.keep(), inline: no closure made each step
    if far is None:
        far = kept["reach"] = reach(state, char)
    enemies = seen.enemies
    spaces = kept.get("enemy-spaces") or seen.enemy_spaces()
    near = here in spaces
    if not near and far:
        away = distance_row(state.board, here)
        for space in spaces:
            hexes = away[space]
            if hexes is not None and hexes <= far:
                near = True
                break
    if not near and char.vehicle is None:
        aboard = kept.get("enemy-aboard")  # seen.keep(), inline: no closure made
        if aboard is None:
            aboard = kept["enemy-aboard"] = any(c.vehicle is not None for c in enemies)
        near = aboard  # an enemy in a vehicle to get into
    if not near:
        # no enemy token within reach, none in a vehicle to get into (the common case)
        return [_ESCAPE] if char.grabbed_by is not None and not close_only else []
    away = distance_row(state.board, here)
    found = []
    # a grab on this hex: as an action, or instead of the attack due on stopping on an enemy
    # where the stop-on-enemy option allows it
    grabs = not close_only or state.options["stop-on-enemy"] == "attack-or-grab"
    for other in enemies:
        if other.key == char.grabbed_by or char.key == other.grabbed_by:
            continue
        if other.vehicle != char.vehicle:
            if char.vehicle is None and other.vehicle is not None:
                found += _into_vehicle(state, char, other, here)
            continue
        if far == 0 and here not in other.tokens.values():
            continue  # close combat only, and none of its tokens here (the common case)
        for token, space in sorted(other.tokens.items()):
            hexes = away[space]
            if hexes is None or hexes > far or (close_only and hexes > 0):
                continue
            if other.hidden and hexes == 0:
                continue  # on its space, one seeks (12.6)
            weapons = usable(state, char, hexes, here, space, other.grabbed_by is not None)
            if not weapons or (other.hidden and set(weapons) == {FISTS}):
                continue
            if other.hidden:
                found.append(_verb_action("shoot", other.key, other.name, token))
            else:
                found.append(_verb_action("attack", other.key, other.name))
                if hexes == 0 and not char.hidden:
                    for friend in beside(state, char):
                        found.append(_flank_action(other.key, other.name, friend.key,
                                                   friend.name))
                if hexes == 0 and grabs and char.vehicle is None:
                    found.append(_verb_action("grab", other.key, other.name))
    if char.grabbed_by is not None and not close_only:
        found.append(_ESCAPE)
    return found


_ESCAPE = Action("escape", "Try to escape the grip (13.2)", {"verb": "escape"})
_LABELS = {"shoot": "Attack {name}'s token {token} (12.7)", "attack": "Attack {name} (14)",
           "grab": "Grab {name} (13.1)"}


@cache
def _verb_action(verb: str, key: str, name: str, token: int = 0) -> Action:
    """An attack's, a shot's at a token (12.7) or a grab's action, made once."""
    args: dict[str, Any] = {"verb": verb, "character": key}
    if token:
        args["token"] = token
    return Action(f"{verb}:{key}:{token}" if token else f"{verb}:{key}",
                  _LABELS[verb].format(name=name, token=token), args)


@cache
def _flank_action(key: str, name: str, friend: str, friend_name: str) -> Action:
    return Action(f"flank:{key}:{friend}", f"Attack {name} with {friend_name} (14.9)",
                  {"verb": "flank", "character": key, "with": friend})


def _into_vehicle(state: PsychoRaidersState, char: Character, other: Character,
                  here: int) -> list[Action]:
    """15.1: into a vehicle on the character's space, open to it (unlocked, or broken into
    on the Locked table: a separate action) and with a seat free, to attack one inside;
    a friend outside may come in and flank (14.9)."""
    from deadtable.games.psycho_raiders.vehicles import aboard, may

    name = other.vehicle or ""
    if (char.hidden or state.vehicles.get(name) != here or other.hidden
            or not may(state, char, state.cars[name]["open_to"])
            or not usable(state, char, 0, here, here, other.grabbed_by is not None)):
        return []
    room = state.rules.vehicles[name].capacity - len(aboard(state, name))
    found = []
    if room >= 1:
        found.append(Action(f"attack:{other.key}", f"Get into the {name} and attack "
                            f"{other.name} (15.1)", {"verb": "attack", "character": other.key}))
    if room >= 2:
        for friend in beside(state, char):
            found.append(Action(f"flank:{other.key}:{friend.key}",
                                f"Get into the {name} with {friend.name} and attack "
                                f"{other.name} (15.1, 14.9)",
                                {"verb": "flank", "character": other.key, "with": friend.key}))
    return found


def apply(state: PsychoRaidersState, char: Character, verb: str, rest: str) -> None:
    if char.hidden:
        hiding.reveal(state, char, "12 A character comes out of hiding to attack")
    if verb == "attack":
        start_attack(state, char, state.chars[rest])
    elif verb == "flank":
        target, _, friend = rest.partition(":")
        start_attack(state, char, state.chars[target], friend)
    elif verb == "shoot":
        key, _, token = rest.partition(":")
        shoot_token(state, char, state.chars[key], int(token))
    elif verb == "grab":
        grab(state, char, state.chars[rest])
    else:
        escape(state, char)


def start_attack(state: PsychoRaidersState, attacker: Character, defender: Character,
                 partner: str = "") -> None:
    a, d = state.space_of(attacker), state.space_of(defender)
    assert a is not None and d is not None
    hexes = distance(state, a, d) or 0
    if defender.vehicle is not None and attacker.vehicle != defender.vehicle:
        for key in (attacker.key, partner):  # 15.1: in to fight those inside
            if key:
                state.chars[key].vehicle = defender.vehicle
                state.event(f"{state.chars[key].name} gets into the {defender.vehicle} to "
                            "attack.", INSIDE)
    friends = [] if hexes else [c.key for c in beside(state, defender)]
    if partner and friends:
        # 14.91: two against two are two fights; the mover pairs them
        other = next(k for k in friends)
        state.event(f"Two against two (14.91): {attacker.name} fights {defender.name}, "
                    f"{state.chars[partner].name} fights {state.chars[other].name}.", TWO_ON_TWO)
        start_attack(state, state.chars[partner], state.chars[other])
        partner, friends = "", []
    with_friend = f" with {state.chars[partner].name}" if partner else ""
    state.event(f"{attacker.name}{with_friend} attacks {defender.name}"
                f"{' in close combat' if hexes == 0 else f' at {hexes} hexes'}"
                f"{' and ' + state.chars[friends[0]].name if friends else ''}.",
                FLANK if partner or friends else ATTACK)
    state.push(Attack(step="a-weapon", attacker=attacker.key, defender=defender.key,
                      hexes=hexes, a_before=list(attacker.stats),
                      d_before=list(defender.stats), a_partner=partner,
                      d_partner=friends[0] if friends else ""))


def beside(state: PsychoRaidersState, char: Character, side: str = "") -> list[Character]:
    """Characters of `side` (else `char`'s friends) on its space who can fight beside it
    (14.9): in play, not hidden, not held, and in the same vehicle or both outside (15.1)."""
    here = state.space_of(char)
    side = side or state.side_of(char)
    return [c for c in state.chars.values() if here in c.tokens.values() and c is not char
            and not c.hidden and c.grabbed_by is None and c.vehicle == char.vehicle
            and state.active(c) and state.side_of(c) == side and state.space_of(c) == here]


def best_close(state: PsychoRaidersState, char: Character) -> int:
    """A flanking friend's strength: its best weapon, or itself, in close combat."""
    here = state.space_of(char) or 0
    return max(usable(state, char, 0, here, here, False).values(), default=char.strength)


def shoot_token(state: PsychoRaidersState, attacker: Character, other: Character,
                token: int) -> None:
    """12.7: the owner must say whether the token is the character; if it is, a normal
    attack; if not, both roll (for a Natural 1) and the token is removed."""
    state.event(f"{attacker.name} attacks {other.name}'s token {token}.", HIDDEN_ATTACK)
    if state.real[other.key][token].value == hiding.REAL:
        state.event(f"It is {other.name}.", HIDDEN_ATTACK)
        hiding.reveal(state, other, HIDDEN_ATTACK)
        start_attack(state, attacker, other)
        return
    rolls = state.dice.d6(), state.dice.d6()
    state.event(f"{attacker.name} rolls {rolls[0]}; the token's roll is {rolls[1]}.",
                HIDDEN_ATTACK)
    best = max(usable(state, attacker, distance(state, state.space_of(attacker) or 0,
                                                other.tokens[token]) or 0,
                      state.space_of(attacker) or 0, other.tokens[token], False).items(),
               key=lambda kv: kv[1], default=(FISTS, 0))[0]
    spend(state, attacker, best)
    hiding.remove_decoy(state, other, token, HIDDEN_ATTACK)
    if rolls[0] == 1:
        natural_one(state, attacker, best)


def spend(state: PsychoRaidersState, char: Character, card: str) -> None:
    """A shot or a burst of fuel (4.71), or a one-use card back to the Outdoor deck (11.5)."""
    if card.startswith(TWO):
        for part in card[len(TWO):].split("|"):
            spend(state, char, part)
        return
    if card in (FISTS, PERSONAL) or card in char.emptied or card not in char.weapons:
        return
    if card in char.shots:
        char.shots[card] -= 1
        if char.shots[card] <= 0:
            char.emptied.append(card)
            state.event(f"{char.name}'s {card} is empty: a Blunt weapon now.",
                        "4.71 Weapon Card Breakdown")
    if state.rules.weapons[card].one_use:
        char.weapons.remove(card)
        state.outdoor.bury(card)


def natural_one(state: PsychoRaidersState, char: Character, card: str) -> None:
    """14.52: the Natural 1 Table, which the roller may re-roll for 1 Will (4.51)."""
    rerolls.roll_table(state, char, "natural-1", card, "Natural 1 Table", NATURAL)


@rerolls.resolver("natural-1")
def natural_one_result(state: PsychoRaidersState, char: Character, roll: int,
                       card: str) -> None:
    row = state.rules.tables.dice["natural_1"].row(roll)
    state.event(f"{char.name} rolled a natural 1; Natural 1 Table: {roll}: {row['text']}",
                NATURAL)
    result = row["result"]
    weapon = None if card in (FISTS, PERSONAL) else state.rules.weapons.get(card)
    if result == "empty" and weapon is not None and weapon.type in ("Gun", "Fire"):
        if card not in char.emptied:
            char.emptied.append(card)
    elif result in ("drop", "empty") and weapon is not None and card in char.weapons:
        drop(state, char, card)
    elif result == "hurt-self":
        state.push(Damage(step="allocate", char=char.key, amount=int(row["damage"]),
                          wtype="Blunt", killers=[], before=list(char.stats)))


def damage_table(state: PsychoRaidersState, char: Character, wtype: str, cite: str) -> None:
    """A roll on the Damage Table (fire, crashes), which the roller may re-roll for 1 Will
    (4.51); the points are lowered as the character likes (14.71)."""
    rerolls.roll_table(state, char, "damage-table", f"{wtype}|{cite}", "Damage Table", cite)


@rerolls.resolver("damage-table")
def damage_table_result(state: PsychoRaidersState, char: Character, roll: int,
                        arg: str) -> None:
    wtype, _, cite = arg.partition("|")
    row = state.rules.tables.dice["damage"].row(roll)
    state.event(f"{char.name}: Damage Table {roll}: {row['text']}", cite)
    if row["damage"] and state.active(char):
        state.push(Damage(step="allocate", char=char.key, amount=int(row["damage"]),
                          wtype=wtype, killers=[], before=list(char.stats)))


def drop(state: PsychoRaidersState, char: Character, card: str) -> None:
    char.weapons.remove(card)
    space = state.space_of(char)
    if space is not None:
        state.dropped.setdefault(space, []).append(card)
    state.event(f"{char.name} drops a weapon, face down.", "11.63")


@dataclass(slots=True)
class Attack(Frame):
    KIND = "attack"
    step: str
    attacker: str
    defender: str
    hexes: int
    a_weapon: str = ""
    d_weapon: str = ""
    a_roll: int = 0
    d_roll: int = 0
    a_total: int = 0
    d_total: int = 0
    a_before: list[int] = field(default_factory=list)
    d_before: list[int] = field(default_factory=list)
    first: str = ""  # who adds Will first (14.61: the one behind)
    a_partner: str = ""  # a friend flanking with the attacker (14.9)
    d_partner: str = ""  # a friend flanking with the defender


class AttackHandler(Handler[PsychoRaidersState, Attack]):
    def _sides(self, state: PsychoRaidersState, frame: Attack) -> tuple[Character, Character]:
        return state.chars[frame.attacker], state.chars[frame.defender]

    def decide(self, state: PsychoRaidersState, frame: Attack) -> Decision | None:
        attacker, defender = self._sides(state, frame)
        a, d = state.space_of(attacker), state.space_of(defender)
        if a is None or d is None:
            return None
        if frame.step == "a-weapon":
            cards = usable(state, attacker, frame.hexes, a, d, defender.grabbed_by is not None)
            if abilities.open_to(state, attacker, "two-weapons") is not None:
                held = [c for c in cards if c != FISTS]
                for i, first in enumerate(held):
                    for second in held[i + 1:]:
                        pair = f"{TWO}{first}|{second}"
                        value = strength_of(state, attacker, pair, frame.hexes, d,
                                            defender.grabbed_by is not None)
                        if value is not None:
                            cards[pair] = value
            return Decision.of(attacker.seat, f"{attacker.name} attacks {defender.name}: "
                               "with what? (14.4)", [
                                   Action(f"weapon:{c}", f"{_shown(c)}: strength {v}",
                                          {"verb": "weapon", "card": c})
                                   for c, v in cards.items()])
        if frame.step == "d-weapon":
            cards = usable(state, defender, frame.hexes, d, a, attacker.grabbed_by is not None)
            cards.pop(FISTS, None)
            found = [Action(f"weapon:{c}", f"Defend with {c}: strength {v}",
                            {"verb": "weapon", "card": c}) for c, v in cards.items()]
            dodge = " (a dodge: it cannot hurt the attacker, 14.2)" if frame.hexes else ""
            found.append(Action(f"weapon:{PERSONAL}",
                                f"Defend with personal strength {defender.strength}{dodge}",
                                {"verb": "weapon", "card": PERSONAL}))
            found += declare_hide_offers(state, defender)
            return Decision.of(defender.seat, f"{defender.name} is attacked by "
                               f"{attacker.name}: defend with what?", found)
        if frame.step in ("a-reroll", "d-reroll"):
            char = attacker if frame.step == "a-reroll" else defender
            roll = frame.a_roll if char is attacker else frame.d_roll
            if char.will <= 0:
                return None
            return rerolls.keep_or_reroll(char, f"{char.name} rolled {roll}: re-roll for 1 Will?",
                                          roll, "14.51")
        if frame.step in ("will-1", "will-2"):
            char = self._adder(state, frame)
            if char.will <= 0 and not adrenaline_left(state, char):
                return None
            mine, theirs = ((frame.a_total, frame.d_total) if char is attacker
                            else (frame.d_total, frame.a_total))
            boost = adrenaline_left(state, char)
            found = [Action(f"will:{n}", f"Add {n} Will" if n else "Add none",
                            {"verb": "will", "amount": n}) for n in range(char.will + 1)]
            found += [Action(f"adrenaline:{n}", f"Add {n} Adrenaline to Strength (16)",
                             {"verb": "adrenaline", "amount": n}) for n in range(1, boost + 1)]
            return Decision.of(char.seat, f"{char.name} totals {mine} against {theirs}: add "
                               "Will? (14.61)", found)
        return None

    def _adder(self, state: PsychoRaidersState, frame: Attack) -> Character:
        attacker, defender = self._sides(state, frame)
        first = attacker if frame.first == frame.attacker else defender
        second = defender if first is attacker else attacker
        return first if frame.step == "will-1" else second

    def apply(self, state: PsychoRaidersState, frame: Attack, action_id: str) -> None:
        attacker, defender = self._sides(state, frame)
        verb, _, rest = action_id.partition(":")
        if frame.step == "a-weapon":
            frame.a_weapon = rest
            if rest.startswith(TWO):
                abilities.use(state, attacker, "two-weapons", f"2 Weapon Attack, {_shown(rest)}")
            frame.step = "d-weapon"
        elif frame.step == "d-weapon":
            if verb == "declare-hide":
                declare_hide(state, defender, rest)
                frame.step = "over"
                return
            frame.d_weapon = rest
            frame.step = "roll"
        elif frame.step in ("a-reroll", "d-reroll"):
            is_a = frame.step == "a-reroll"
            if verb == "reroll":
                char = attacker if is_a else defender
                char.will -= 1
                roll = state.dice.d6()
                state.event(f"{char.name} spends 1 Will and re-rolls: {roll}.", REROLL)
                if is_a:
                    frame.a_roll = roll
                else:
                    frame.d_roll = roll
            frame.step = "d-reroll" if is_a else "natural"
        elif verb == "adrenaline":  # Strength from Adrenaline: the Will step stays open
            char = self._adder(state, frame)
            amount = int(rest)
            left = adrenaline_left(state, char)
            if char.key not in state.adrenaline:
                abilities.use(state, char, "adrenaline", f"adrenaline, +{amount} Strength")
            state.adrenaline[char.key] = left - amount
            if char is attacker:
                frame.a_total += amount
            else:
                frame.d_total += amount
            state.event(f"{char.name} adds {amount} Adrenaline: {frame.a_total} against "
                        f"{frame.d_total}.", abilities.ABILITIES)
        else:
            char = self._adder(state, frame)
            amount = int(rest)
            char.will -= amount
            if char is attacker:
                frame.a_total += amount
            else:
                frame.d_total += amount
            if amount:
                state.event(f"{char.name} adds {amount} Will: {frame.a_total} against "
                            f"{frame.d_total}.", ADD_WILL)
            frame.step = "will-2" if frame.step == "will-1" else "resolve"

    def run(self, state: PsychoRaidersState, frame: Attack) -> None:
        attacker, defender = self._sides(state, frame)
        if state.space_of(attacker) is None or state.space_of(defender) is None:
            state.pop()
            return
        if frame.step == "over":
            state.pop()
            return
        if frame.step == "roll":
            frame.a_roll, frame.d_roll = state.dice.d6(), state.dice.d6()
            state.event(f"{attacker.name} ({frame.a_weapon}) rolls {frame.a_roll}; "
                        f"{defender.name} ({frame.d_weapon}) rolls {frame.d_roll}.", ROLL)
            frame.step = "a-reroll"
        elif frame.step in PASSED:
            frame.step = PASSED[frame.step]
        elif frame.step == "natural":
            self._totals(state, frame, attacker, defender)
            frame.step = "will-1"
        else:
            state.pop()
            state.adrenaline.pop(frame.defender, None)  # a defender's boost lasts one fight
            if frame.a_weapon == FLAMETHROWER and defender.vehicle is not None:
                flames_in_vehicle(state, defender.vehicle, (attacker.key, defender.key))
            self._resolve(state, frame, attacker, defender)  # its damage is taken first

    def _totals(self, state: PsychoRaidersState, frame: Attack, attacker: Character,
                defender: Character) -> None:
        a, d = state.space_of(attacker) or 0, state.space_of(defender) or 0
        a_str = strength_of(state, attacker, frame.a_weapon, frame.hexes, d,
                            defender.grabbed_by is not None) or 0
        d_str = strength_of(state, defender, frame.d_weapon,
                            0 if frame.d_weapon == PERSONAL else frame.hexes, a,
                            attacker.grabbed_by is not None) or 0
        for key in (frame.a_partner, frame.d_partner):
            if key and state.active(state.chars[key]):
                extra = best_close(state, state.chars[key])
                if key == frame.a_partner:
                    a_str += extra
                else:
                    d_str += extra
        frame.a_total, frame.d_total = frame.a_roll + a_str, frame.d_roll + d_str
        state.event(f"{attacker.name} {frame.a_roll} + {a_str} = {frame.a_total}; "
                    f"{defender.name} {frame.d_roll} + {d_str} = {frame.d_total}.", ROLL)
        spend(state, attacker, frame.a_weapon)
        spend(state, defender, frame.d_weapon)
        frame.first = frame.attacker if frame.a_total <= frame.d_total else frame.defender
        for char, roll, card in ((attacker, frame.a_roll, frame.a_weapon),
                                 (defender, frame.d_roll, frame.d_weapon)):
            if roll == 1:
                natural_one(state, char, card)

    def _resolve(self, state: PsychoRaidersState, frame: Attack, attacker: Character,
                 defender: Character) -> None:
        diff = frame.a_total - frame.d_total
        if diff == 0:
            state.event("A tie: no one is hurt.", "14.6 Determine Victory")
            return
        if diff > 0:
            loser, winner, card, before = defender, attacker, frame.a_weapon, frame.d_before
        else:
            loser, winner, card, before = attacker, defender, frame.d_weapon, frame.a_before
            if frame.hexes and frame.d_weapon == PERSONAL:
                state.event(f"{defender.name} dodges: no damage at range (14.2).", RANGE)
                return
        wtype = "|".join(_types(state, winner, card))
        won_with = frame.a_partner if winner is attacker else frame.d_partner
        lost_with = frame.d_partner if winner is attacker else frame.a_partner
        killers = [winner.key, *([won_with] if won_with else [])]
        state.event(f"{winner.name} wins by {abs(diff)}: {loser.name}"
                    f"{' and ' + state.chars[lost_with].name + ' take' if lost_with else ' takes'} "
                    f"{abs(diff)} damage.", DAMAGE)
        if not lost_with or not state.active(state.chars[lost_with]):
            state.push(Damage(step="allocate", char=loser.key, amount=abs(diff), wtype=wtype,
                              killers=killers, before=list(before)))
            return
        # 14.9: split as equally as possible; A-41 says who takes an odd point
        flanking.split(state, f"c:{loser.key}", f"c:{lost_with}", abs(diff), wtype, killers,
                       {f"c:{loser.key}": list(before),
                        f"c:{lost_with}": list(state.chars[lost_with].stats)})


@dataclass(slots=True)
class Damage(Frame):
    """14.71: the loser lowers its stats point by point as it likes; then 14.8 if all are 0."""

    KIND = "damage"
    step: str
    char: str
    amount: int
    wtype: str
    killers: list[str]
    before: list[int]
    lost: int = 0


class DamageHandler(Handler[PsychoRaidersState, Damage]):
    def decide(self, state: PsychoRaidersState, frame: Damage) -> Decision | None:
        char = state.chars[frame.char]
        if frame.step != "allocate" or frame.amount <= 0 or not any(char.stats):
            return None
        found = [Action(f"lose:{stat}", f"Lose 1 {stat.capitalize()} ({value} now)",
                        {"verb": "lose", "stat": stat})
                 for stat, value in zip(STATS, char.stats, strict=True) if value > 0]
        if (frame.killers and frame.lost == 0
                and abilities.open_to(state, char, "dodge") is not None):
            found.append(Action("dodge", "Dodge Attack: miss the attack (16.1)",
                                {"verb": "dodge"}))
        return Decision.of(char.seat, f"{char.name}: {frame.amount} damage left to take "
                           "from your stats (14.71)", found)

    def apply(self, state: PsychoRaidersState, frame: Damage, action_id: str) -> None:
        char = state.chars[frame.char]
        if action_id == "dodge":
            abilities.use(state, char, "dodge", "Dodge Attack: the attack misses")
            frame.amount = 0
            frame.killers = []
            return
        stat = action_id.split(":", 1)[1]
        setattr(char, stat, getattr(char, stat) - 1)
        frame.amount -= 1
        frame.lost += 1

    def run(self, state: PsychoRaidersState, frame: Damage) -> None:
        char = state.chars[frame.char]
        state.pop()
        if frame.lost:
            state.event(f"{char.name} is at Speed {char.speed}, Strength {char.strength}, "
                        f"Will {char.will}.", "14.71 Lowering Stats")
        if any(char.stats):
            fire = "Fire" in frame.wtype.split("|")
            if fire and frame.lost and frame.killers and not char.on_fire:
                char.on_fire = True
                state.event(f"{char.name} is on fire!", FIRE)
            return
        kill_card(state, char, frame)
        check_victory(state)


def kill_card(state: PsychoRaidersState, char: Character, frame: Damage) -> None:
    """14.8, 14.81: draw from the Kill Deck; a card showing the weapon's type (or the fire
    icon, for a character on fire) kills; any other card misses."""
    if not state.kill:
        state.kill.cards = state.kill_discard
        state.kill_discard = []
        state.kill.shuffle(state.dice)
    name = state.kill.draw()
    state.kill_discard.append(name)
    card = next(c for c in state.rules.kill.cards if c.name == name)
    burning = char.on_fire or ("Fire" in frame.wtype.split("|") and bool(frame.killers))
    if any(card.kills(kind, burning) for kind in frame.wtype.split("|")):
        char.dead = True
        char.tokens = {}
        char.grabbed_by = None
        for other in state.chars.values():
            if other.grabbed_by == char.key:
                other.grabbed_by = None
        state.event(f"Kill card: {name}. {char.name} is dead.", KILL)
        if char.kind == "raider":
            for key in frame.killers:
                killer = state.chars[key]
                if killer.kind != "raider" and not killer.dead:
                    killer.will += state.rules.numbers["raider_kill_will"]
                    state.event(f"{killer.name} killed a raider: +2 Will.", KILL)
        return
    char.set_stats((frame.before[0], frame.before[1], frame.before[2]
                    + state.rules.numbers["missed_kill_will"]))
    kinds = frame.wtype.replace("|", " or ")
    state.event(f"Kill card: {name}, not a {kinds} death: {char.name} narrowly escapes, "
                "back to the stats before the attack and +1 Will.", MISSED)


def flames_in_vehicle(state: PsychoRaidersState, name: str, fighting: tuple[str, str]) -> None:
    """15.6: a flamethrower discharged in a vehicle: every other character inside and the
    vehicle itself roll on the Damage Table (the two who fought are not "other")."""
    from deadtable.games.psycho_raiders.crashes import CarDamage
    from deadtable.games.psycho_raiders.vehicles import aboard

    roll = state.dice.d6()
    row = state.rules.tables.dice["damage"].row(roll)
    state.event(f"Flames fill the {name}: Damage Table {roll}: {row['text']}", FIRE)
    if row["damage"]:
        state.push(CarDamage(step="allocate", vehicle=name, amount=int(row["damage"]),
                             fire=True))
    for char in aboard(state, name):
        if char.key not in fighting:
            damage_table(state, char, "Fire", FIRE)


def burn(state: PsychoRaidersState, char: Character) -> None:
    """15.6: a burning character rolls on the Damage Table at the start of its turn; rain
    puts the fire out (D66 Rain Weather)."""
    if state.weather == "Rain":
        char.on_fire = False
        state.event(f"The rain puts out the fire on {char.name}.", "D66 Event Table: Rain")
        return
    state.event(f"{char.name} burns.", FIRE)
    damage_table(state, char, "Fire", FIRE)


def grab(state: PsychoRaidersState, char: Character, other: Character) -> None:
    """13.1: D6 + Strength each; the grabber needs the higher result (rain: +1 to resist)."""
    state.push(Grab(step="roll", char=char.key, other=other.key, escape=False))


def escape(state: PsychoRaidersState, char: Character) -> None:
    """13.2: a tie or better breaks the grip."""
    state.push(Grab(step="roll", char=char.key, other=char.grabbed_by or "", escape=True))


@dataclass(slots=True)
class Grab(Frame):
    """A grab (13.1) or an escape (13.2): a D6 each, each may re-roll its own for 1 Will
    (4.51), then D6 + Strength against D6 + Strength."""

    KIND = "grab"
    step: str  # roll | a-reroll | d-reroll | resolve
    char: str  # who grabs, or who struggles to escape
    other: str  # who is grabbed, or who holds
    escape: bool
    mine: int = 0
    theirs: int = 0


class GrabHandler(Handler[PsychoRaidersState, Grab]):
    def decide(self, state: PsychoRaidersState, frame: Grab) -> Decision | None:
        if frame.step not in ("a-reroll", "d-reroll"):
            return None
        char = state.chars[frame.char if frame.step == "a-reroll" else frame.other]
        roll = frame.mine if frame.step == "a-reroll" else frame.theirs
        if char.will <= 0 or not state.active(char):
            return None
        return rerolls.keep_or_reroll(char, f"{char.name} rolled {roll}"
                                      f"{' to escape' if frame.escape else ' in a grab'}: "
                                      "re-roll for 1 Will?", roll)

    def apply(self, state: PsychoRaidersState, frame: Grab, action_id: str) -> None:
        is_a = frame.step == "a-reroll"
        if action_id == "reroll":
            char = state.chars[frame.char if is_a else frame.other]
            char.will -= 1
            roll = state.dice.d6()
            state.event(f"{char.name} spends 1 Will and re-rolls: {roll}.", rerolls.REROLL)
            if is_a:
                frame.mine = roll
            else:
                frame.theirs = roll
        frame.step = "d-reroll" if is_a else "resolve"

    def run(self, state: PsychoRaidersState, frame: Grab) -> None:
        char, other = state.chars[frame.char], state.chars[frame.other]
        cite = ESCAPE if frame.escape else GRAB
        if frame.step == "roll":
            frame.mine, frame.theirs = state.dice.d6(), state.dice.d6()
            state.event(f"{char.name} rolls {frame.mine}; {other.name} rolls {frame.theirs}.",
                        cite)
            frame.step = "a-reroll"
            return
        if frame.step in ("a-reroll", "d-reroll"):
            frame.step = "d-reroll" if frame.step == "a-reroll" else "resolve"
            return
        state.pop()
        if not (state.active(char) and state.active(other)):
            return
        if frame.escape:
            mine, theirs = frame.mine + char.strength, frame.theirs + other.strength
            free = mine >= theirs
            state.event(f"{char.name} struggles against {other.name}: {mine} against "
                        f"{theirs}: {'free' if free else 'still held'}.", ESCAPE)
            if free:
                char.grabbed_by = None
            return
        rain = 1 if state.weather == "Rain" else 0
        a, d = frame.mine + char.strength, frame.theirs + other.strength + rain
        held = a > d
        state.event(f"{char.name} tries to grab {other.name}: {a} against {d}"
                    f"{' (rain +1)' if rain else ''}: {'held' if held else 'slips away'}.",
                    GRAB)
        if held:
            other.grabbed_by = char.key


def _shown(card: str) -> str:
    return " and ".join(card[len(TWO):].split("|")) if card.startswith(TWO) else card


def _types(state: PsychoRaidersState, char: Character, card: str) -> list[str]:
    """The weapon types a win with `card` deals, for the Kill Deck (14.8)."""
    cards = card[len(TWO):].split("|") if card.startswith(TWO) else [card]
    return ["Blunt" if c in (FISTS, PERSONAL) or c in char.emptied
            else state.rules.weapons[c].type for c in cards]


def adrenaline_left(state: PsychoRaidersState, char: Character) -> int:
    """Adrenaline this character may add to Strength now: what its turn left, or the whole
    amount if its side may still use the ability (16: "at any time")."""
    if char.key in state.adrenaline:
        return max(0, state.adrenaline[char.key])
    return abilities.open_to(state, char, "adrenaline") or 0


def declare_hide_offers(state: PsychoRaidersState, char: Character) -> list[Action]:
    """16.1 Declare Hide, before an attack: to an adjacent space, hidden there."""
    from deadtable.games.psycho_raiders.movement import can_pass, room_for

    here = state.space_of(char)
    if here is None or abilities.open_to(state, char, "declare-hide") is None:
        return []
    found = []
    for there in state.board.neighbours[here]:
        terrain = state.rules.tables.terrain[state.board.terrain[there]]
        if (terrain.enter and can_pass(state, here, there)
                and room_for(state, char, there, fighting=False)
                and not state.enemies_at(char, there)):
            name = state.board.name(there)
            found.append(Action(f"declare-hide:{name}", f"Declare Hide: slip to {name} (16.1)",
                                {"verb": "declare-hide", "space": name}))
    return found


def declare_hide(state: PsychoRaidersState, char: Character, name: str) -> None:
    abilities.use(state, char, "declare-hide", f"Declare Hide, to {name}")
    space = state.board.space(name)
    token = min(t for t, s in state.real[char.key].items() if s.value == hiding.REAL)
    char.tokens[token] = space
    char.grabbed_by = None
    if not char.hidden and len(char.tokens) < hiding.max_tokens(char):
        hiding.hide(state, char, space, new_is_real=False)
