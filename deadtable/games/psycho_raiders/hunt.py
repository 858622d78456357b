"""The heuristic raiders' hunt (`agent.HeuristicAgent` for the raiders and the sinister
townsfolk): grab a camper when a hold beats a wound (`grip.py`), strike the camper-side piece
nearest escaping, race the van north and guard the road's exit, share the camper-side
tokens out and meet each where it is going (walking round buildings), break into the
building a quarry is in or the vehicle campers sit in, Road Trap and Appear Anywhere. On a
sample of the game determinized for the raiders' seat: the camper tokens' realness there is a
guess, never read."""

from __future__ import annotations

from typing import Any

from deadtable.games.psycho_raiders.attacks import best_close, usable
from deadtable.games.psycho_raiders.bearings import (
    away,
    road_ahead,
    road_path,
    row_of,
    to_road,
    walk,
)
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.grip import grab_now, keep_hold
from deadtable.games.psycho_raiders.state import CAMPERS, PsychoRaidersState

GUARD = 2  # hexes from the road's exit where the van waits (6.1 needs 5 for an escape by road)
AHEAD = 2  # the raiders get out once the van is this many rows north of every camper token
NEAR_EDGE = 6  # a camper token this near the north edge is worth Appear Anywhere (16.2)
OFF_ROAD = 3  # road hexes an Off-Road hex is worth to the van (10.1: Off-Road 3, High 10)
EDGE = 2  # a blow at a vehicle is worth it this much over its Strength (15.2: the loser
# of the roll takes the difference, so a weak blow hurts the attacker)


def road_exit(state: PsychoRaidersState) -> int | None:
    """The road's hex on the north edge, where vehicles escape (6.1)."""
    return next((s for s in state.board.zone("North edge").spaces
                 if state.board.terrain[s] == "road"), None)


def van_guards(state: PsychoRaidersState) -> bool:
    """The van waits by the road's exit (or there is no van or exit to guard)."""
    exit_hex = road_exit(state)
    van = state.vehicles.get("Van")
    if exit_hex is None or van is None or state.cars["Van"]["wrecked"]:
        return True
    return away(state, van, exit_hex) <= GUARD


def quarry(state: PsychoRaidersState, char: Any) -> int | None:
    """The camper-side token to go for: the nearest to escaping, counting the hexes to reach
    it and its row (its distance from the north edge)."""
    here = state.space_of(char)
    tokens = [s for c in state.chars.values() if state.active(c)
              and state.side_of(c) == CAMPERS for s in c.tokens.values()]
    if here is None or not tokens:
        return None
    return min(tokens, key=lambda t: (away(state, here, t) + row_of(state, t), t))


def _nearer(state: PsychoRaidersState, ids: list[str], prefix: str, here: int | None,
            target: int | None) -> str | None:
    """The step among `ids` (prefix + space) that brings a piece nearest the target, if it
    brings it nearer at all: nearer on foot round what it may not enter (`walk`: a building
    between no longer stalls a hunter on its near side), a vehicle's step by hexes."""
    steps = [i for i in ids if i.startswith(prefix) and not i.endswith(":off")]
    if not steps or target is None or here is None:
        return None
    def gap(action: str) -> float:  # "move:token:space" or "car:space" (a room has a colon)
        name = action.split(":", 2)[2] if action.startswith("move:") else action.split(":", 1)[1]
        return measure(state, state.board.space(name), target)

    measure = walk if prefix == "move:" else away
    best = min(steps, key=lambda i: (gap(i), i))
    return best if gap(best) < measure(state, here, target) else None


def hunt(state: PsychoRaidersState, char: Any, frame: Any, ids: list[str],
         attacks: list[str]) -> str | None:
    """A raider's choice: an action id, "" to end the turn, None to leave it to the shared
    logic (searching)."""
    ids = keep_hold(state, char, ids)
    if char.vehicle == "Van" and keeps_the_wheel(state, frame, ids):
        ride = drive_north(state, frame, ids)
        if ride is not None:
            return ride
    racers = racing(state)
    if racers and not frame.driving:
        stand = block(state, char, frame, ids, escaping(state, racers))
        if stand is not None:
            return stand
    if char.vehicle == "Van" and aboard(state) and not frame.driving \
            and strike(state, char, frame, ids, attacks, ahead_of_van=True) is None:
        return ""  # riding north with the van
    grab = None if frame.acted else grab_now(state, char, ids)
    if grab is not None:
        return grab
    found = strike(state, char, frame, ids, attacks)
    if found is not None:
        return found
    hit = hit_car(state, char, ids, escaping(state, racers)) if racers else None
    if hit is not None:
        return hit
    if "walkie" in ids:
        return "walkie"
    appear = appear_at(state, ids, quarry(state, char))
    if appear is not None:
        return appear
    target = assignment(state).get(char.key)
    if target is None:
        return None
    opened = break_in(state, ids, target[0])
    if opened is not None:
        return opened
    return _nearer(state, ids, "move:", state.space_of(char), lead(state, *target))


def break_in(state: PsychoRaidersState, ids: list[str], target: int) -> str | None:
    """Break open a locked door or window (11.1) into the building a camper-side token is
    in: the raiders cannot seek or attack through a wall."""
    board = state.board
    if board.coords[target] is not None:
        return None
    inside = next((z.spaces for z in board.zones.values() if z.kind == "building"
                   and target in z.spaces), (target,))
    return next((i for i in ids if i.startswith("open:") and i[5:] in
                 {board.name(s) for s in inside}), None)


def strike(state: PsychoRaidersState, char: Any, frame: Any, ids: list[str],
           attacks: list[str], ahead_of_van: bool = False) -> str | None:
    """The blow against the camper-side piece nearest escaping (its row): an attack or seek
    on this hex, a step toward one this raider can still reach this turn (pounce: seeking
    there beats a shot), or a shot at it (12.7, 14); on a tie in that order. With
    `ahead_of_van`, only a piece north of the van is worth leaving it for."""
    choices: list[tuple[int, int, str]] = []
    for action in attacks:
        if action.startswith(("ram:car=", "ram:wall=")):
            continue
        space = target_of(state, action)
        if space is not None:
            choices.append((row_of(state, space), 2 if action.startswith("shoot:") else 0,
                            action))
    if not frame.acted:
        opened = break_into_car(state, char, ids)
        if opened is not None:
            choices.append(opened)
    if not frame.acted and not any(c[1] == 0 for c in choices):
        step = pounce(state, char, frame, ids)
        if step is not None:
            choices.append(step)
    if ahead_of_van:
        van_row = row_of(state, state.vehicles["Van"])
        choices = [c for c in choices if c[0] < van_row]
    return min(choices)[2] if choices else None


def target_of(state: PsychoRaidersState, action: str) -> int | None:
    """The space an attack-like action aims at: "attack:ginger", "flank:ginger:beau",
    "seek:ginger:2", "shoot:ginger:2", "ram:ginger"."""
    parts = action.split(":")
    other = state.chars.get(parts[1]) if len(parts) > 1 else None
    if other is None:
        return None
    if parts[0] in ("seek", "shoot") and len(parts) > 2 and parts[2].isdigit():
        return other.tokens.get(int(parts[2]))
    return state.space_of(other)


def next_up(state: PsychoRaidersState, ids: list[str]) -> str | None:
    """Which raider-side character goes first: one in the van, so the van drives before its
    riders take their turns (their walk is what the van leaves them, 10.4); None: any."""
    for action in ids:
        char = state.chars.get(action[5:])
        if char is not None and char.vehicle == "Van" and state.side_of(char) != CAMPERS:
            return action
    return None


def keeps_the_wheel(state: PsychoRaidersState, frame: Any, ids: list[str]) -> bool:
    """The van's driver stays with it until it waits by the road's exit (6.1: no escape by
    road within 5 hexes of the van), even once its riders get out to hunt."""
    driver = frame.driving or any(i.startswith("drive:") for i in ids)
    return bool(driver) and not van_guards(state)


def drive_north(state: PsychoRaidersState, frame: Any, ids: list[str]) -> str | None:
    """The van's driver races it along the road to its exit north (High Speed on the road,
    Off-Road back to it, 10.1); its riders stay aboard (""). None: the way is shut, get out.
    While a campers' vehicle may escape by road (`racing`), the van drops a rider on the road
    ahead of it (`drop_ahead`), rams it when beside it (`ram_racer`), finds its way back to
    the road round what it may not drive through (`van_way`), and its driver keeps the wheel
    when the turn's hexes are spent (before, it got out there and left the van off the road
    for good, in the pocket by the Gas Station)."""
    drive = [i for i in ids if i.startswith("drive:")]
    racers = racing(state)
    if drive:
        return "drive:high" if "drive:high" in drive else drive[0]
    if racers and frame.driving == "Van":
        threats = escaping(state, racers)
        blow = drop_ahead(state, ids, threats) or ram_racer(state, ids, threats)
        if blow is not None:
            return blow
    cars = [i for i in ids if i.startswith("car:")]
    measure = (lambda s: van_way(state, s)) if racers else (lambda s: to_exit(state, s))
    if cars:
        van = state.vehicles["Van"]
        best = min(cars, key=lambda i: (measure(state.board.space(i[4:])), i))
        if measure(state.board.space(best[4:])) < measure(van):
            return best
        return None
    if racers and frame.driving:
        return ""  # its hexes spent: it keeps the wheel, to drive on next turn
    return None if frame.driving else ""


def threat(state: PsychoRaidersState, token: int, owner: Any) -> tuple[int, float]:
    """How soon a camper-side token may escape, lower first: its row (its distance from the
    north edge), then how likely it is the real one (one of fewer tokens: a bluff is less
    likely)."""
    return row_of(state, token), -1.0 / max(1, len(owner.tokens))


def camper_tokens(state: PsychoRaidersState) -> list[tuple[int, Any]]:
    """(space, owner) for every camper-side token outside a vehicle: a visible camper's
    token and every hide token."""
    return [(s, c) for c in state.chars.values() if state.active(c) and c.vehicle is None
            and state.side_of(c) == CAMPERS for s in c.tokens.values()]


def inside_cars(state: PsychoRaidersState, char: Any) -> list[tuple[int, Any]]:
    """(space, one inside) for each vehicle with a camper-side character in plain sight
    aboard that a raider on foot may get into to attack (15.1: open to him, or to break
    into, 11.1, a seat free either way), not wrecked, and not one the raiders let come on
    (`racing` on the road north, not `escaping`, while the van does not yet guard the exit:
    driven on, it brings its campers to the exit the van will guard, where they must get out,
    6.1; attacked on the way, they got out and walked north from there: measured,
    docs/psycho-raiders.md, "Round buildings and into vehicles"). Before, a vehicle was prey
    to none of the hunt's blows: a raider walked off the pickup's hex, the campers inside."""
    from deadtable.games.psycho_raiders.vehicles import aboard

    if char.vehicle is not None or char.hidden:
        return []
    found = []
    let_on: set[str] | None = None
    for name, space in state.vehicles.items():
        car = state.cars[name]
        if car["wrecked"] or car.get("on_fire"):
            continue
        riders = aboard(state, name)
        inside = [c for c in riders if state.side_of(c) == CAMPERS and not c.hidden]
        if not inside or len(riders) >= state.rules.vehicles[name].capacity:
            continue
        if let_on is None:
            racers = racing(state)
            let_on = set() if van_guards(state) else (
                {n for n, _ in racers} - {n for n, _ in escaping(state, racers)})
        if name not in let_on:
            found.append((space, min(inside, key=lambda c: c.key)))
    return found


def break_into_car(state: PsychoRaidersState, char: Any,
                   ids: list[str]) -> tuple[int, int, str] | None:
    """(row, 0, "open:vehicle=NAME"): on the hex of a vehicle with campers inside that is
    locked to him, a raider breaks in (11.1: a vehicle's door gives on 3 or more, and stays
    open for the rest of the game; 15.1: the attack on those inside is a separate action),
    ranked with the attacks on his hex by the vehicle's row (an attack there, already open,
    goes first on the tie). His friends can get in and attack this very turn; the vehicle
    open, any raider who reaches it later can."""
    here = state.space_of(char)
    for space, _ in inside_cars(state, char):
        for name, at in state.vehicles.items():
            action = f"open:vehicle={name}"
            if at == space == here and action in ids:
                return row_of(state, space), 0, action
    return None


def pounce(state: PsychoRaidersState, char: Any, frame: Any,
           ids: list[str]) -> tuple[int, int, str] | None:
    """(row, 1, step): a step toward the camper-side token this raider can still reach this
    turn, to attack a visible camper there (10.6), seek a hide token (12.6) or get into a
    vehicle with campers inside (`inside_cars`: break in or attack, 11.1, 15.1): the one
    nearest escaping, then a visible one (sure prey), then the likelier real (one of fewer
    tokens: a bluff is less likely)."""
    from deadtable.games.psycho_raiders.turn import left

    here = state.space_of(char)
    if here is None or not char.tokens:
        return None
    reach = left(state, frame, char, min(char.tokens))
    prey = [(s, c) for s, c in camper_tokens(state) + inside_cars(state, char)
            if s != here and walk(state, here, s) <= reach]
    if not prey:
        return None
    target, _ = min(prey, key=lambda p: (row_of(state, p[0]), p[1].hidden,
                                           threat(state, p[0], p[1]), p[0]))
    step = _nearer(state, ids, "move:", here, target)
    return None if step is None else (row_of(state, target), 1, step)


def appear_at(state: PsychoRaidersState, ids: list[str], target: int | None) -> str | None:
    """Appear Anywhere (16.2) beside the token nearest the north edge once it is about to slip
    away (10.5: not onto it; the raider then steps on and seeks)."""
    appear = [i for i in ids if i.startswith("appear:")]
    if not appear or target is None or row_of(state, target) > NEAR_EDGE:
        return None
    best = min(appear, key=lambda i: (away(state, state.board.space(i[7:]), target), i))
    return best if away(state, state.board.space(best[7:]), target) <= 1 else None


def aboard(state: PsychoRaidersState) -> bool:
    """Whether the raiders stay in the van: while it races north, on the road or a hex off
    it, and some camper token is not yet AHEAD rows behind it; then they get out and spread to
    cut the north edge off (on foot they outrun a van stuck off the road)."""
    van = state.vehicles.get("Van")
    if van is None or van_guards(state) or not any(
            away(state, van, road) <= 1 for road in road_ahead(state.board)):
        return False
    van_row = row_of(state, van)
    tokens = [s for c in state.chars.values() if state.active(c) and state.side_of(c) == CAMPERS
              and c.vehicle is None for s in c.tokens.values()]
    return not tokens or van_row > min(row_of(state, t) for t in tokens) - AHEAD


def lead(state: PsychoRaidersState, token: int, owner: Any) -> int:
    """Where a camper-side token gets to if it walks north this turn: up to its owner's Speed
    rows nearer the edge in its column, short of the first hex there a piece may not enter
    (a building in the way stops it: the heuristic camper steps only north, so it waits
    under the wall). A raider is no faster than a camper: it heads there to meet the token,
    not after it. (Before, the lead was the hex beyond the building, and the raiders waited
    north of the Sheriff's Station, the Chapel or the Old Store for a camper south of it until
    dawn.)"""
    board = state.board
    if owner.vehicle is not None and owner.vehicle in state.cars:
        path = road_path(board, token)  # a vehicle on the road: its High Speed along it
        if path:
            return path[min(len(path), max(1, state.cars[owner.vehicle]["high"])) - 1]
    coord = board.offset(token)
    if coord is None or owner.grabbed_by is not None:
        return token  # in a room, it has to come out first; held, it stays (13.1)
    col, row = coord
    reached = token
    for ahead in range(row - 1, max(-1, row - max(1, owner.speed) - 1), -1):
        name = f"{col},{ahead}"
        if not board.has(name) or \
                not state.rules.tables.terrain[board.terrain[board.space(name)]].enter:
            break
        reached = board.space(name)
    return reached


def assignment(state: PsychoRaidersState) -> dict[str, tuple[int, Any]]:
    """Raider-side character -> (camper-side token, its owner) it goes after: the pairs taken
    cheapest first, a pair's price the hexes from the raider to the token's `lead` plus twice
    the token's row (the nearer the north edge, the sooner it escapes), one raider a token
    while tokens last, then the spare raiders on the cheapest again. In a fixed order, so
    every raider-side seat works out the same plan."""
    hunters = [c for c in state.chars.values() if state.active(c)
               and state.side_of(c) != CAMPERS and c.tokens]
    owner = {s: c for c in state.chars.values() if state.active(c)
             and state.side_of(c) == CAMPERS for s in c.tokens.values()}
    pairs = sorted((walk(state, min(h.tokens.values()), lead(state, s, c)) + 2 * row_of(state, s),
                    h.key, s) for h in hunters for s, c in owner.items())
    plan: dict[str, tuple[int, Any]] = {}
    for _, key, space in pairs:
        taken = {s for s, _ in plan.values()}
        if key not in plan and (space not in taken or len(taken) == len(owner)):
            plan[key] = (space, owner[space])
    return plan


def chase(state: PsychoRaidersState, char: Any) -> int | None:
    """Where a raider on foot heads when no token is in reach: the `lead` of the token
    `assignment` gives it (None: nobody to hunt)."""
    target = assignment(state).get(char.key)
    return None if target is None else lead(state, *target)


def to_exit(state: PsychoRaidersState, space: int) -> float:
    """How far a vehicle is from the road's exit north: along the road, or to the road and
    then along it."""
    ahead = road_ahead(state.board)
    if space in ahead:
        return ahead[space]
    return 1 + min((away(state, space, road) + steps for road, steps in ahead.items()),
                   default=99.0)


def trap_now(state: PsychoRaidersState, vehicle: str) -> bool:
    """Road Trap (16.2, the raiders' one ability: the vehicle stops until next turn), kept
    for when it matters most: never while raiders stand on the road ahead of the vehicle
    (10.5: it stops there anyway) or the van is within 5 hexes of the exit (6.1: no escape
    by road); now if the vehicle would drive off by road this very turn (the last chance:
    the turn it buys lets the raiders on foot reach the road), or if the turn it buys lets
    the van come within 5 hexes of the exit before the vehicle gets off. The campers move
    first in a turn (5): the van moves once before each of the vehicle's later turns."""
    at = state.vehicles[vehicle]
    path = road_path(state.board, at)  # [] on the exit itself: the step off is left
    if at not in road_ahead(state.board) or any(s in path for s in raider_feet(state)):
        return False
    van = state.vehicles.get("Van")
    van_high = 0
    if van is not None and not state.cars["Van"]["wrecked"]:
        gap = van_way(state, van) - 4  # within 5 hexes: 4 or fewer (6.1)
        if gap <= 0:
            return False
        if any(c.vehicle == "Van" and state.active(c) for c in state.chars.values()):
            van_high = max(1, state.cars["Van"]["high"])
    frame: Any = next((f for f in reversed(state.stack)
                       if getattr(f, "driving", "") == vehicle), None)
    car = state.cars[vehicle]
    left = car[frame.mode] - frame.car_spent if frame is not None else 0
    hexes = len(path) + 1  # its road hexes and the step off the edge
    if hexes <= left:
        return True
    high = max(1, car["high"])
    later = -(-(hexes - left) // high)  # its turns to get off, driving on now
    trapped = -(-hexes // high)  # the same, stopped here this turn
    if not van_high:
        return False
    van_turns = -(-gap // van_high)
    return later < van_turns <= trapped


def racing(state: PsychoRaidersState) -> list[tuple[str, int]]:
    """The campers' vehicles that may escape by road (6.1), nearest the exit first: not
    wrecked, a camper-side character aboard, on the road north."""
    ahead = road_ahead(state.board)
    found = []
    for name, space in state.vehicles.items():
        if space not in ahead or state.cars[name]["wrecked"]:
            continue
        if any(c.vehicle == name and state.active(c) and state.side_of(c) == CAMPERS
               for c in state.chars.values()):
            found.append((ahead[space], name, space))
    return [(name, space) for _, name, space in sorted(found)]


def escaping(state: PsychoRaidersState,
             racers: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The `racing` vehicles that would drive off by road before the van, racing at High
    Speed along its way (`van_way`), comes within 5 hexes of the exit (6.1), on this turn's
    moves: the van's now, then the vehicle's, turn about. Against the others the raiders
    let the vehicle come on to the guarded exit, where its campers must get out and walk
    hidden (6.1) among the raiders; a vehicle stopped far from the edge frees them to walk
    from there (measured: docs/psycho-raiders.md, "Agents")."""
    van = state.vehicles.get("Van")
    gap = 99.0
    if van is not None and not state.cars["Van"]["wrecked"]:
        gap = van_way(state, van) - 4
        if gap <= 0:
            return []  # the van guards the exit already
    driven = van is not None and any(c.vehicle == "Van" and state.active(c)
                                     for c in state.chars.values())
    found = []
    for name, at in racers:
        hexes = len(road_path(state.board, at)) + 1  # its road hexes, the step off the edge
        turns = -(-hexes // max(1, state.cars[name]["high"]))
        if not driven or -(-gap // max(1, state.cars["Van"]["high"])) > turns:
            found.append((name, at))
    return found


def raider_feet(state: PsychoRaidersState, but: Any = None) -> set[int]:
    """The spaces of raider-side pieces outside vehicles (`but` left out): where a vehicle
    may not drive (10.5)."""
    return {s for c in state.chars.values() if state.active(c) and c is not but
            and c.vehicle is None and state.side_of(c) != CAMPERS for s in c.tokens.values()}


def van_way(state: PsychoRaidersState, space: int) -> float:
    """The van's way to the road's exit north: its road hexes along the road; off it, 3 for
    each hex it may drive Off-Road (10.1) to the road, round trees, graves, lakes and
    buildings (`bearings.to_road`; `to_exit` goes straight through them)."""
    shut = frozenset(n for n, t in state.rules.tables.terrain.items() if t.vehicle == "never")
    return to_road(state.board, shut, OFF_ROAD)[space]


def block(state: PsychoRaidersState, char: Any, frame: Any, ids: list[str],
          racers: list[tuple[str, int]]) -> str | None:
    """A raider on foot against a campers' vehicle on the road (10.5: a vehicle may not
    drive onto an enemy outside one): on its road north, nearer it than any friend there,
    the raider holds the hex, striking the vehicle if that is a good blow (`hit_car`, 15.2),
    else ending its turn (""); else it walks to the hex of that road nearest the vehicle
    that it can reach this turn. None: none to hold or reach."""
    from deadtable.games.psycho_raiders.turn import left

    here = state.space_of(char)
    if here is None or char.vehicle is not None or char.grabbed_by is not None \
            or not char.tokens or len(char.tokens) > 1:
        return None
    friends = raider_feet(state, but=char)
    reach = left(state, frame, char, min(char.tokens))
    for _, at in racers:
        for space in road_path(state.board, at):
            if space in friends:
                break  # a friend holds the road nearer the vehicle
            if space == here:
                return hit_car(state, char, ids, racers) or ""
            if walk(state, here, space) <= reach:
                return _nearer(state, ids, "move:", here, space)
    return None


def hit_car(state: PsychoRaidersState, char: Any, ids: list[str],
            racers: list[tuple[str, int]]) -> str | None:
    """The strongest blow at a campers' vehicle on the way out (15.2), if its strength beats
    the vehicle's by EDGE (the loser of the roll takes the difference)."""
    here = state.space_of(char)
    names = {name for name, _ in racers}
    best: tuple[int, str] | None = None
    for action in ids:
        if not action.startswith("hit-car:") or here is None:
            continue
        _, name, card = action.split(":", 2)
        if name not in names:
            continue
        there = state.vehicles[name]
        value = usable(state, char, distance(state.board, here, there) or 0, here, there,
                       False).get(card, 0)
        if value >= state.cars[name]["strength"] + EDGE and (best is None or value > best[0]):
            best = (value, action)
    return best[1] if best is not None else None


def drop_ahead(state: PsychoRaidersState, ids: list[str],
               racers: list[tuple[str, int]]) -> str | None:
    """10.4: the van drops a rider on its hex when that is on the road ahead of a campers'
    vehicle and no raider stands between them (10.5: the vehicle stops there), the
    strongest in close combat (a ram meets its best weapon, 15.22)."""
    drops = [i for i in ids if i.startswith("drop:")]
    van = state.vehicles["Van"]
    if not drops:
        return None
    feet = raider_feet(state)
    for _, at in racers:
        path = road_path(state.board, at)
        if van in path and not feet.intersection(path[:path.index(van) + 1]):
            return max(drops, key=lambda i: (best_close(state, state.chars[i[5:]]), i))
    return None


def ram_racer(state: PsychoRaidersState, ids: list[str],
              racers: list[tuple[str, int]]) -> str | None:
    """15.21: the van rams a campers' vehicle beside it when stronger (the loser takes the
    difference; the van's 8 against the pickup's 6, designed)."""
    van = state.cars["Van"]
    for name, _ in racers:
        if f"ram:car={name}" in ids and van["strength"] > state.cars[name]["strength"]:
            return f"ram:car={name}"
    return None
