"""The D66 Event Table's effects (7): weather, lightning, the telephones, the raiders' song,
the church bell, dead bodies, and the hazards that attack a character (the dog, barbed wire, a
branch, a falling tree), as the rows of data/tables.toml name them."""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.psycho_raiders import hiding, locations, rerolls
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.rules import FISTS
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, Character, PsychoRaidersState

EVENTS = "D66 Event Table"
REROLL = "14.51 Will used to Reroll"
# A reading: the kind of death each hazard deals, for the Kill Deck (14.8).
HAZARD_TYPE = {"dog": "Blade", "barb-wire": "Blade", "branch": "Blunt", "falling-tree": "Blunt"}
# Effects of this turn only, kept in state.bonus beside the sides' Speed bonuses.
TURN_FLAGS = ("power-out", "dark-moon", "jack-o-lantern")


def in_play(state: PsychoRaidersState) -> list[Character]:
    return [c for c in state.chars.values() if state.active(c) and c.vehicle is None
            and state.space_of(c) is not None]


def nearest(state: PsychoRaidersState, chars: list[Character], place: str, east: bool
            ) -> list[Character]:
    """The characters on the space nearest a building or site; ties go to the one furthest
    east (or west), as rows 13, 35 and 53 say."""
    zone = state.board.zone(place).spaces
    scored = []
    for char in chars:
        here = state.space_of(char)
        assert here is not None
        d = min((x for s in zone if (x := distance(state.board, here, s)) is not None),
                default=None)
        if d is None:
            continue
        column = _column(state, here)
        scored.append((d, -column if east else column, here, char))
    if not scored:
        return []
    best = min(scored, key=lambda t: (t[0], t[1]))
    return [t[3] for t in scored if t[2] == best[2]]


def _column(state: PsychoRaidersState, space: int) -> int:
    coord = state.board.offset(space)
    if coord is not None:
        return coord[0]
    near = [n for n in state.board.neighbours[space] if state.board.coords[n] is not None]
    return min((state.board.offset(n) or (0, 0))[0] for n in near) if near else 0


def apply_event(state: PsychoRaidersState, effect: str, numbers: dict[str, int],
                weather: str | None, place: str | None) -> None:
    from deadtable.games.psycho_raiders.sequence import lowest_d66

    if effect == "weather" and weather is not None:
        state.weather = weather
        if weather == "Rain":
            locations.rain(state)
    elif effect == "lightning":
        hiding.lightning(state)
    elif effect in TURN_FLAGS:
        state.bonus[effect] = 1
    elif effect == "raiders-song":
        state.bonus[RAIDERS] = state.bonus.get(RAIDERS, 0) + numbers.get("speed", 1)
    elif effect == "church-bell":
        church_bell(state, numbers)
    elif effect == "phone-rings" and place is not None:
        zone = state.board.zone(place).spaces
        for char in in_play(state):  # every character who can answer gains
            if state.space_of(char) in zone:
                gain_will(state, char, numbers.get("will", 1))
    elif effect == "trick-or-treat" and place is not None:
        for char in nearest(state, in_play(state), place, east=True):
            gain_will(state, char, numbers.get("will", 1))
    elif effect in ("dog", "barb-wire") and place is not None:
        for char in nearest(state, in_play(state), place, east=effect == "dog"):
            hazard(state, char, effect, numbers.get("strength", 3))
    elif effect in ("dead-body", "branch"):
        woods = [c for c in in_play(state) if c.kind == "camper"
                 and state.board.terrain[state.space_of(c) or 0] == "tree"]
        loser = lowest_d66(state, woods)
        if loser is None:
            state.event("No camper is in the woods.", EVENTS)
        elif effect == "dead-body":
            loser.will = max(0, loser.will + numbers.get("will", -1))
            state.event(f"{loser.name} finds a dead body and loses 1 Will.", EVENTS)
        else:
            hazard(state, loser, effect, numbers.get("strength", 3))
    elif effect == "falling-tree":
        loser = lowest_d66(state, in_play(state))
        if loser is not None:
            hazard(state, loser, effect, numbers.get("strength", 5))
    elif effect == "distant-scream":
        distant_scream(state)
    elif effect == "joey":
        joey_arrives(state)
    elif effect in ("black-cat", "flat-tire", "stall"):
        vehicle_event(state, effect, numbers)
    else:
        state.event("This event's effect is not yet built (docs/psycho-raiders.md).", EVENTS)


def joey_arrives(state: PsychoRaidersState) -> None:
    """Row 66 (designed): Joey drives his Camaro onto the road at the rolled edge (D6 1-3
    north, else south); an alerted townsperson. Once only."""
    from deadtable.engine.secrets import Secret
    from deadtable.games.psycho_raiders import screaming
    from deadtable.games.psycho_raiders.setup import place
    from deadtable.games.psycho_raiders.state import REAL

    sheet = next((c for c in state.rules.sheets.characters.values() if c.arrives == "event"),
                 None)
    if sheet is None or sheet.name.lower() in state.chars:
        state.event("Joey is already here: nothing happens.", EVENTS)
        return
    roll = state.dice.d6()
    low, high = state.rules.tables.event_phase.get("north_on", [1, 3])
    north = low <= roll <= high
    board = state.board
    roads = [s for s in range(board.size) if board.terrain[s] == "road"
             and board.coords[s] is not None]
    rows = [(board.offset(s) or (0, 0))[1] for s in roads]
    edge = min(rows) if north else max(rows)
    space = next(s for s, r in zip(roads, rows, strict=True) if r == edge)
    from deadtable.games.psycho_raiders.state import Character

    joey = Character(sheet.name, sheet.side, (sheet.speed, sheet.strength, sheet.will),
                     list(sheet.weapons))
    state.chars[joey.key] = joey
    state.real[joey.key] = {1: Secret(REAL, (), revealed=True, group=joey.key)}
    place(state, joey, space)
    car = next((v.name for v in state.rules.vehicles.values() if v.owner == sheet.name), None)
    if car is not None:
        from deadtable.games.psycho_raiders.vehicles import new_car

        state.vehicles[car] = space
        state.cars[car] = new_car(state, car)
        joey.vehicle = car
    state.event(f"Joey drives in from the {'north' if north else 'south'} ({roll}) to "
                f"{board.name(space)}.", EVENTS)
    screaming.alert(state, joey, EVENTS)


def vehicle_event(state: PsychoRaidersState, effect: str, numbers: dict[str, int]) -> None:
    """Rows 11, 24, 64 (A-44): the vehicle with someone aboard furthest toward the rolled
    edge (D6 1-3 north) rolls on Dangerous Turns, loses 2 from each speed (A-15: not below 0),
    or cannot move this turn."""
    from deadtable.games.psycho_raiders import vehicles

    roll = state.dice.d6()
    low, high = state.rules.tables.event_phase.get("north_on", [1, 3])
    north = low <= roll <= high
    moving = [(name, space) for name, space in state.vehicles.items()
              if not state.cars[name]["wrecked"] and vehicles.aboard(state, name)]
    if not moving:
        state.event(f"Direction {roll}: no vehicle has anyone aboard.", EVENTS)
        return
    row = {n: (state.board.offset(s) or (0, 0))[1] for n, s in moving}
    name = (min if north else max)(row, key=lambda n: (row[n], n))
    state.event(f"Direction {roll} ({'north' if north else 'south'}): the {name}.", EVENTS)
    car = state.cars[name]
    if effect == "stall":
        car["moved"] = state.round
    elif effect == "flat-tire":
        for mode in vehicles.MODES:
            car[mode] = max(0, car[mode] + numbers.get("speed", -2))
    else:
        table = state.rules.tables.dice["dangerous_turns"]
        die = state.dice.d6()
        result, said = table.read(die, state.weather)
        state.event(f"Dangerous Turns {said}: {result['text']}", EVENTS)
        if result["result"] == "flip":
            vehicles.wreck(state, name, EVENTS)
        elif result["result"] == "off-road":
            space = state.vehicles[name]
            step = next((n for n in state.board.neighbours[space]
                         if state.board.coords[n] is not None), space)
            vehicles.skid(state, name, [step, space], int(result["hexes"]))


def gain_will(state: PsychoRaidersState, char: Character, amount: int) -> None:
    char.will += amount  # beyond the sheet's number if need be, as the rows say
    state.event(f"{char.name} gains {amount} Will.", EVENTS)


def church_bell(state: PsychoRaidersState, numbers: dict[str, int]) -> None:
    """Row 14: +1 Speed to the campers this turn, -1 Will to each raider for good (A-44: each
    raider); reversed if the Gravedigger is sinister, which the bell thereby shows."""
    gravedigger = state.chars.get("gravedigger")
    helped, hurt = CAMPERS, RAIDERS
    if gravedigger is not None and state.is_sinister(gravedigger):
        helped, hurt = RAIDERS, CAMPERS
        state.event("The bell tolls the other way: the Gravedigger is sinister.", EVENTS)
        hiding.reveal_sinister(state, gravedigger, EVENTS)
    state.bonus[helped] = state.bonus.get(helped, 0) + numbers.get("speed", 1)
    for char in state.chars.values():
        if state.active(char) and char.kind == ("raider" if hurt == RAIDERS else "camper"):
            char.will = max(0, char.will + numbers.get("will", -1))


def distant_scream(state: PsychoRaidersState) -> None:
    """Row 65 (designed): the camper nearest an unalerted townsperson rolls on the Scream
    Table, staying hidden."""
    from deadtable.games.psycho_raiders import screaming

    best: tuple[int, str] | None = None
    for char in in_play(state):
        if char.kind != "camper":
            continue
        here = state.space_of(char)
        for other in screaming.waiting(state):
            d = distance(state.board, here or 0, state.space_of(other) or 0)
            if d is not None and (best is None or d < best[0]):
                best = (d, char.key)
    if best is None:
        state.event("No camper hears anyone to call to.", EVENTS)
        return
    screaming.scream(state, state.chars[best[1]], reveal=False)


def hazard(state: PsychoRaidersState, char: Character, effect: str, strength: int) -> None:
    """An event's attacker (14.5): D6 + its strength against the character's D6 + its best
    close-combat strength; only the character can be hurt."""
    if char.hidden:
        hiding.reveal(state, char, EVENTS)
    state.push(Hazard(step="roll", char=char.key, effect=effect, strength=strength))


@dataclass(slots=True)
class Hazard(Frame):
    KIND = "hazard"
    step: str  # roll | reroll | will | resolve
    char: str
    effect: str
    strength: int
    mine: int = 0
    theirs: int = 0
    die: int = 0  # the character's D6, which it may re-roll for 1 Will (4.51)
    card: str = ""  # the weapon it meets the hazard with


class HazardHandler(Handler[PsychoRaidersState, Hazard]):
    def decide(self, state: PsychoRaidersState, frame: Hazard) -> Decision | None:
        char = state.chars[frame.char]
        if frame.step == "reroll" and char.will > 0:
            return rerolls.keep_or_reroll(char, f"{char.name} rolled {frame.die} against the "
                                          f"{frame.effect}: re-roll for 1 Will?", frame.die,
                                          "14.51")
        if frame.step != "will" or char.will <= 0 or frame.mine > frame.theirs:
            return None
        return Decision.of(char.seat, f"{char.name} totals {frame.mine} against the "
                           f"{frame.effect}'s {frame.theirs}: add Will? (14.61)", [
                               Action(f"will:{n}", f"Add {n} Will" if n else "Add none",
                                      {"verb": "will", "amount": n})
                               for n in range(char.will + 1)])

    def apply(self, state: PsychoRaidersState, frame: Hazard, action_id: str) -> None:
        if frame.step == "reroll":
            if action_id == "reroll":
                char = state.chars[frame.char]
                char.will -= 1
                die = state.dice.d6()
                state.event(f"{char.name} spends 1 Will and re-rolls: {die}.", REROLL)
                frame.mine += die - frame.die
                frame.die = die
            self._fumble(state, frame)
            return
        amount = int(action_id.split(":", 1)[1])
        state.chars[frame.char].will -= amount
        frame.mine += amount
        frame.step = "resolve"

    def _fumble(self, state: PsychoRaidersState, frame: Hazard) -> None:
        """14.52: a natural 1 against a hazard rolls on the Natural 1 Table too."""
        from deadtable.games.psycho_raiders.attacks import natural_one

        frame.step = "will"
        if frame.die == 1:
            natural_one(state, state.chars[frame.char], frame.card)

    def run(self, state: PsychoRaidersState, frame: Hazard) -> None:
        from deadtable.games.psycho_raiders.attacks import Damage, usable

        char = state.chars[frame.char]
        if frame.step == "roll":
            here = state.space_of(char) or 0
            cards = usable(state, char, 0, here, here, False)
            frame.card = max(cards, key=lambda c: cards[c], default=FISTS)
            best = cards.get(frame.card, 0)
            frame.die, theirs = state.dice.d6(), state.dice.d6()
            frame.mine, frame.theirs = frame.die + best, theirs + frame.strength
            state.event(f"{char.name} {frame.die} + {best} = {frame.mine}; the {frame.effect} "
                        f"{theirs} + {frame.strength} = {frame.theirs}.",
                        EVENTS)
            frame.step = "reroll"
            return
        if frame.step == "reroll":
            self._fumble(state, frame)
            return
        state.pop()
        if frame.theirs > frame.mine and state.active(char):
            damage = frame.theirs - frame.mine
            state.event(f"{char.name} takes {damage} damage.", EVENTS)
            state.push(Damage(step="allocate", char=char.key, amount=damage,
                              wtype=HAZARD_TYPE.get(frame.effect, "Blunt"), killers=[],
                              before=list(char.stats)))
        else:
            state.event(f"{char.name} comes through unhurt.", EVENTS)
