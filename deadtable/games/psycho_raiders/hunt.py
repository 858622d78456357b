"""The heuristic raiders' hunt (`agent.HeuristicAgent` for the raiders and the sinister
townsfolk): grab a camper when a hold beats a wound (`grip.py`), strike the camper-side piece
nearest escaping, race the van north and guard the
road's exit, share the camper-side tokens out and meet each where it is going, break into the
building a quarry is in, Road Trap and Appear Anywhere. On a sample of the game determinized
for the raiders' seat: the camper tokens' realness there is a guess, never read."""

from __future__ import annotations

from typing import Any

from deadtable.games.psycho_raiders.bearings import away, road_ahead, row_of
from deadtable.games.psycho_raiders.grip import grab_now, keep_hold
from deadtable.games.psycho_raiders.state import CAMPERS, PsychoRaidersState

GUARD = 2  # hexes from the road's exit where the van waits (6.1 needs 5 for an escape by road)
AHEAD = 2  # the raiders get out once the van is this many rows north of every camper token
NEAR_EDGE = 6  # a camper token this near the north edge is worth Appear Anywhere (16.2)


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
    brings it nearer at all."""
    steps = [i for i in ids if i.startswith(prefix) and not i.endswith(":off")]
    if not steps or target is None or here is None:
        return None
    def gap(action: str) -> float:  # "move:token:space" or "car:space" (a room has a colon)
        name = action.split(":", 2)[2] if action.startswith("move:") else action.split(":", 1)[1]
        return away(state, state.board.space(name), target)

    best = min(steps, key=lambda i: (gap(i), i))
    return best if gap(best) < away(state, here, target) else None


def hunt(state: PsychoRaidersState, char: Any, frame: Any, ids: list[str],
         attacks: list[str]) -> str | None:
    """A raider's choice: an action id, "" to end the turn, None to leave it to the shared
    logic (searching)."""
    ids = keep_hold(state, char, ids)
    if char.vehicle == "Van" and keeps_the_wheel(state, frame, ids):
        ride = drive_north(state, frame, ids)
        if ride is not None:
            return ride
    if char.vehicle == "Van" and aboard(state) and not frame.driving \
            and strike(state, char, frame, ids, attacks, ahead_of_van=True) is None:
        return ""  # riding north with the van
    grab = None if frame.acted else grab_now(state, char, ids)
    if grab is not None:
        return grab
    found = strike(state, char, frame, ids, attacks)
    if found is not None:
        return found
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
    Off-Road back to it, 10.1); its riders stay aboard (""). None: the way is shut, get out."""
    drive = [i for i in ids if i.startswith("drive:")]
    if drive:
        return "drive:high" if "drive:high" in drive else drive[0]
    cars = [i for i in ids if i.startswith("car:")]
    if cars:
        van = state.vehicles["Van"]
        best = min(cars, key=lambda i: (to_exit(state, state.board.space(i[4:])), i))
        if to_exit(state, state.board.space(best[4:])) < to_exit(state, van):
            return best
        return None
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


def pounce(state: PsychoRaidersState, char: Any, frame: Any,
           ids: list[str]) -> tuple[int, int, str] | None:
    """(row, 1, step): a step toward the camper-side token this raider can still reach this
    turn, to attack a visible camper there (10.6) or seek a hide token (12.6): the one
    nearest escaping, then a visible one (sure prey), then the likelier real (one of fewer
    tokens: a bluff is less likely)."""
    from deadtable.games.psycho_raiders.turn import left

    here = state.space_of(char)
    if here is None or not char.tokens:
        return None
    reach = left(state, frame, char, min(char.tokens))
    prey = [(s, c) for s, c in camper_tokens(state) if s != here and away(state, here, s) <= reach]
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
    """Where a camper-side token gets to if it walks north this turn: its owner's Speed rows
    nearer the edge in its column (the first hex a piece may stand on from there back toward
    the token, if a building is in the way). A raider is no faster than a camper: it heads
    there to meet the token, not after it."""
    board = state.board
    coord = board.offset(token)
    if coord is None or owner.grabbed_by is not None:
        return token  # in a room, it has to come out first; held, it stays (13.1)
    col, row = coord
    for ahead in range(max(0, row - max(1, owner.speed)), row):
        name = f"{col},{ahead}"
        if board.has(name) and state.rules.tables.terrain[board.terrain[board.space(name)]].enter:
            return board.space(name)
    return token


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
    pairs = sorted((away(state, min(h.tokens.values()), lead(state, s, c)) + 2 * row_of(state, s),
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
    """Road Trap (16.2, the raiders' one ability) on a campers' vehicle still ahead of the
    van on the way out north, so the van gets to the exit first; else it is kept."""
    van = state.vehicles.get("Van")
    if van is None or state.cars["Van"]["wrecked"] or van_guards(state):
        return False
    return to_exit(state, state.vehicles[vehicle]) < to_exit(state, van)
