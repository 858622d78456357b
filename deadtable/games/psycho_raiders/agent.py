"""Simple heuristics for both sides (`heuristic`), on what the seat may know: the agent reads a
sample of the game determinized for its seat (`Observation.sample`), in which its own tokens
are true and the enemy's hidden ones are a guess (the raiders never read it).

- Campers and their townsfolk: drive north by road at Safe Speed and escape (only from the
  road); on foot hide when they can (again, for a third token), walk the real token north
  away from streetlights and from the hunters, walk the decoys north at its pace, fanning out
  (the bluff), and leave by the north edge hidden.
- Raiders and sinister townsfolk hunt by threat (a token's rows from the north edge): strike
  the piece nearest escaping (attack or seek on their hex, step to a token in reach, shoot at
  one); the van's occupants go first, its driver races it north at High Speed and keeps the
  wheel until it waits by the road's exit (6.1: no escape by road within 5 hexes of the
  raiders' van), its riders aboard until it is ahead of every camper token; on foot each goes
  after its own camper-side token and heads where that token will be after its next walk
  north; the walkie-talkie calls the sinister townsfolk; the side's one ability goes on Road
  Trap (16.2) for a campers' vehicle still ahead of the van on the way out, else on Appear
  Anywhere beside the camper token nearest the north edge.
- In fights: the strongest weapon, a re-roll on a 1 or 2, just enough Will to win or tie, and
  damage taken from Will, then Strength (campers keep Speed to run), then the rest.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from deadtable.agents.base import Observation
from deadtable.engine.board import Board
from deadtable.engine.dice import Dice
from deadtable.games.psycho_raiders.geometry import distance
from deadtable.games.psycho_raiders.hiding import lit
from deadtable.games.psycho_raiders.state import CAMPERS, REAL, PsychoRaidersState

OPENINGS = ("door", "window", "passage")  # a room's ways in and out (10.33: never its walls)


def _row(state: PsychoRaidersState, space: int) -> int:
    coord = state.board.offset(space)
    if coord is not None:
        return coord[1]
    near = [state.board.offset(n) for n in state.board.neighbours[space]
            if state.board.feature(space, n) in OPENINGS]  # a room is left by its openings
    return min((c[1] for c in near if c is not None), default=99) + 1


class HeuristicAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, obs: Observation) -> str:
        ids = obs.decision.ids
        if len(ids) == 1:
            return ids[0]
        state = obs.sample(self.dice)
        assert isinstance(state, PsychoRaidersState)
        frame = state.stack[-1]
        kind = frame.KIND
        if kind == "turn":
            return self._turn(state, frame, ids)
        if kind in ("attack", "car-fight", "hazard"):
            return self._fight(state, frame, ids)
        if kind == "damage":
            char = state.chars[frame.char]  # type: ignore[attr-defined]
            order = (["dodge", "lose:will", "lose:strength", "lose:speed"]
                     if state.side_of(char) == CAMPERS
                     else ["lose:will", "lose:speed", "lose:strength"])
            return next((i for i in order if i in ids), ids[0])
        if kind == "road-trap":
            return "road-trap" if trap_now(state, frame.vehicle) else "let-pass"  # type: ignore[attr-defined]
        if kind == "car-damage":
            return "car-lose:strength" if "car-lose:strength" in ids else ids[0]
        if all(i.startswith("turn:") for i in ids):
            return next_up(state, ids) or ids[self.dice.below(len(ids))]
        return ids[self.dice.below(len(ids))]

    def _fight(self, state: PsychoRaidersState, frame: Any, ids: list[str]) -> str:
        weapons = [i for i in ids if i.startswith("weapon:")]
        if weapons:
            return max(weapons, key=lambda i: (_strength(state, frame, i), i))
        if "reroll" in ids:
            return "reroll" if _die(frame) <= 2 else "keep"
        if "turn-roll:reroll" in ids:
            return "turn-roll:reroll"
        wills = [i for i in ids if i.startswith("will:")]
        if wills:
            mine, theirs = _totals(state, frame)
            need = max(0, theirs - mine)
            budget = len(wills) - 1
            if need > budget or need > 3:
                return "will:0"
            return f"will:{need}"
        return ids[0]

    def _turn(self, state: PsychoRaidersState, frame: Any, ids: list[str]) -> str:
        char = state.chars[frame.char]
        campers = state.side_of(char) == CAMPERS
        for first in ("escape-road", "turn-roll:reroll"):
            if first in ids:
                return first
        real = next((t for t, s in state.real[char.key].items() if s.value == REAL), None)
        if real is not None and f"move:{real}:off" in ids:
            return f"move:{real}:off"
        pick = self._pick(state, frame, char, ids, real, campers)
        return pick if pick is not None else "end"

    def _pick(self, state: PsychoRaidersState, frame: Any, char: Any, ids: list[str],
              real: int | None, campers: bool) -> str | None:
        attacks = [i for i in ids if i.startswith(("attack:", "seek:", "ram:", "shoot:"))]
        if not campers:
            hunted = hunt(state, char, frame, ids, attacks)
            if hunted is not None:
                return hunted or None
        if frame.attack_due and attacks:
            return attacks[0]
        drive = [i for i in ids if i.startswith("drive:")]
        if drive and (not campers or by_road(state, char)):  # campers play safe; raiders
            wanted = "drive:safe" if campers else "drive:high"  # chase at High Speed
            return wanted if wanted in ids else drive[0]
        cars = [i for i in ids if i.startswith("car:")]
        if cars:
            return min(cars, key=lambda i: _score(state, char, i[4:], campers))
        if campers:
            hides = [i for i in ids if i.startswith("hide:") and i.endswith(":new")]
            if hides and len(char.tokens) < (3 if char.kind == "camper" else 2):
                return hides[0]  # hide, or again for one more token to bluff with (12.12)
        moves = [i for i in ids if i.startswith("move:")]
        mine = [i for i in moves if real is None or i.split(":")[1] == str(real)]
        here = char.tokens.get(real) if real is not None else None
        if mine and here is not None:
            best = min(mine, key=lambda i: (_score(state, char, i.split(":", 2)[2], campers),
                                            -wary(state, char, i.split(":", 2)[2]), i))
            if _score(state, char, best.split(":", 2)[2], campers) < \
                    _score(state, char, state.board.name(here), campers):
                return best
        decoys = [i for i in moves if i not in mine]
        if decoys and campers:
            step = bluff_step(state, char, decoys)
            if step is not None:
                return step
        if attacks:
            return attacks[0]
        if "search" in ids and len(char.weapons) < 2:
            return "search"
        return None


def _score(state: PsychoRaidersState, char: Any, name: str, campers: bool) -> float:
    if name == "off":
        return -100.0
    space = state.board.space(name)
    if campers:
        return _row(state, space) + (5 if char.hidden and lit(state, space) else 0)
    return _away(state, space, quarry(state, char))


def wary(state: PsychoRaidersState, char: Any, name: str) -> int:
    """How far a hex is from the nearest enemy token, up to 12 (a raider's two walks): between
    equally northern steps a camper takes the one further from the hunters."""
    space = state.board.space(name) if name != "off" else None
    if space is None:
        return 12
    return min([12] + [int(_away(state, space, s)) for c in state.chars.values()
                       if state.active(c) and state.side_of(c) != state.side_of(char)
                       for s in c.tokens.values()])


def by_road(state: PsychoRaidersState, char: Any) -> bool:
    """Whether a camper's vehicle is worth driving: it stands on the road that leaves by the
    north edge (6.1's escape by road); off it, at Off-Road Speed (2 or 3), a camper walks
    faster (and a vehicle stranded among trees, 10.1, goes nowhere)."""
    space = state.vehicles.get(char.vehicle or "")
    return space is not None and space in road_ahead(state.board)


SPREAD = 4  # hexes apart worth keeping a character's tokens: one raider's walk seeks one


def bluff_step(state: PsychoRaidersState, char: Any, decoys: list[str]) -> str | None:
    """A decoy's step that looks like the real camper's (12.3: a hide token is where a
    character "might be"): north, out of the streetlights, as the real token walks, and
    keeping pace with it (the raiders go for the token nearest the edge: a decoy behind gives
    the real one away) and, between equally northern steps, fanning out from the character's
    other tokens (`apart`) so that one raider's walk cannot reach them all (12.6 asks about
    one token a turn); None once no decoy gains."""
    def value(action: str, space: int) -> tuple[float, int]:
        token = int(action.split(":")[1])
        return (_score(state, char, state.board.name(space), True),
                -apart(state, char, token, space))

    def there(action: str) -> int:
        return state.board.space(action.split(":", 2)[2])

    def here(action: str) -> int:
        return char.tokens[int(action.split(":")[1])]

    # never off the edge: a decoy leaving is removed, and the bluff with it
    better = [i for i in decoys if not i.endswith(":off")
              and value(i, there(i)) < value(i, here(i))]
    return min(better, key=lambda i: (value(i, there(i)), i)) if better else None


def apart(state: PsychoRaidersState, char: Any, token: int, space: int) -> int:
    """How far `space` is from the character's other tokens, up to SPREAD."""
    others = [s for t, s in char.tokens.items() if t != token]
    return min([SPREAD] + [int(_away(state, space, s)) for s in others])


# -- the raiders' hunt ---------------------------------------------------------------------------
GUARD = 2  # hexes from the road's exit where the van waits (6.1 needs 5 for an escape by road)
AHEAD = 2  # the raiders get out once the van is this many rows north of every camper token
NEAR_EDGE = 6  # a camper token this near the north edge is worth Appear Anywhere (16.2)


def _away(state: PsychoRaidersState, space: int, target: int | None) -> float:
    """Hexes between two spaces; where a room is one of them, the steps a piece walks to it
    (`walks`), not through its walls."""
    if target is None:
        return 0.0
    board = state.board
    if board.coords[space] is not None and board.coords[target] is not None:
        d = distance(board, space, target)
        return float(d if d is not None else 99)
    room, other = (space, target) if board.coords[space] is None else (target, space)
    steps = walks(board, room, shut(state))[other]
    return float(steps if steps >= 0 else 99)


def shut(state: PsychoRaidersState) -> frozenset[str]:
    """The terrains no piece enters (a building's footprint, 10.3)."""
    return frozenset(n for n, t in state.rules.tables.terrain.items() if not t.enter)


@cache
def walks(board: Board, room: int, shut: frozenset[str]) -> tuple[int, ...]:
    """Steps from a room to every space (-1: none) through doors, windows and passages, a
    locked one too (a raider breaks it open, 11.1), never through a wall (10.33), over the
    hexes a piece may enter."""
    steps = [-1] * board.size
    steps[room] = 0
    queue = deque([room])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if steps[there] >= 0 or board.terrain[there] in shut:
                continue
            if (board.coords[here] is None or board.coords[there] is None) \
                    and board.feature(here, there) not in OPENINGS:
                continue
            steps[there] = steps[here] + 1
            queue.append(there)
    return tuple(steps)


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
    return _away(state, van, exit_hex) <= GUARD


def hide_tokens(state: PsychoRaidersState, char: Any) -> set[int]:
    """Where the enemy's hide tokens stand."""
    return {s for c in state.chars.values() if c.hidden and state.active(c)
            and state.side_of(c) != state.side_of(char) for s in c.tokens.values()}


def quarry(state: PsychoRaidersState, char: Any) -> int | None:
    """The camper-side token to go for: the nearest to escaping, counting the hexes to reach
    it and its row (its distance from the north edge)."""
    here = state.space_of(char)
    tokens = [s for c in state.chars.values() if state.active(c)
              and state.side_of(c) == CAMPERS for s in c.tokens.values()]
    if here is None or not tokens:
        return None
    return min(tokens, key=lambda t: (_away(state, here, t) + _row(state, t), t))


def _nearer(state: PsychoRaidersState, ids: list[str], prefix: str, here: int | None,
            target: int | None) -> str | None:
    """The step among `ids` (prefix + space) that brings a piece nearest the target, if it
    brings it nearer at all."""
    steps = [i for i in ids if i.startswith(prefix) and not i.endswith(":off")]
    if not steps or target is None or here is None:
        return None
    def gap(action: str) -> float:  # "move:token:space" or "car:space" (a room has a colon)
        name = action.split(":", 2)[2] if action.startswith("move:") else action.split(":", 1)[1]
        return _away(state, state.board.space(name), target)

    best = min(steps, key=lambda i: (gap(i), i))
    return best if gap(best) < _away(state, here, target) else None


def hunt(state: PsychoRaidersState, char: Any, frame: Any, ids: list[str],
         attacks: list[str]) -> str | None:
    """A raider's choice: an action id, "" to end the turn, None to leave it to the shared
    logic (searching)."""
    if char.vehicle == "Van" and keeps_the_wheel(state, frame, ids):
        ride = drive_north(state, frame, ids)
        if ride is not None:
            return ride
    if char.vehicle == "Van" and aboard(state) and not frame.driving \
            and strike(state, char, frame, ids, attacks, ahead_of_van=True) is None:
        return ""  # riding north with the van
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
            choices.append((_row(state, space), 2 if action.startswith("shoot:") else 0,
                            action))
    if not frame.acted and not any(c[1] == 0 for c in choices):
        step = pounce(state, char, frame, ids)
        if step is not None:
            choices.append(step)
    if ahead_of_van:
        van_row = _row(state, state.vehicles["Van"])
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
    return _row(state, token), -1.0 / max(1, len(owner.tokens))


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
    prey = [(s, c) for s, c in camper_tokens(state) if s != here and _away(state, here, s) <= reach]
    if not prey:
        return None
    target, _ = min(prey, key=lambda p: (_row(state, p[0]), p[1].hidden,
                                           threat(state, p[0], p[1]), p[0]))
    step = _nearer(state, ids, "move:", here, target)
    return None if step is None else (_row(state, target), 1, step)


def appear_at(state: PsychoRaidersState, ids: list[str], target: int | None) -> str | None:
    """Appear Anywhere (16.2) beside the token nearest the north edge once it is about to slip
    away (10.5: not onto it; the raider then steps on and seeks)."""
    appear = [i for i in ids if i.startswith("appear:")]
    if not appear or target is None or _row(state, target) > NEAR_EDGE:
        return None
    best = min(appear, key=lambda i: (_away(state, state.board.space(i[7:]), target), i))
    return best if _away(state, state.board.space(best[7:]), target) <= 1 else None


def aboard(state: PsychoRaidersState) -> bool:
    """Whether the raiders stay in the van: while it races north, on the road or a hex off
    it, and some camper token is not yet AHEAD rows behind it; then they get out and spread to
    cut the north edge off (on foot they outrun a van stuck off the road)."""
    van = state.vehicles.get("Van")
    if van is None or van_guards(state) or not any(
            _away(state, van, road) <= 1 for road in road_ahead(state.board)):
        return False
    van_row = _row(state, van)
    tokens = [s for c in state.chars.values() if state.active(c) and state.side_of(c) == CAMPERS
              and c.vehicle is None for s in c.tokens.values()]
    return not tokens or van_row > min(_row(state, t) for t in tokens) - AHEAD


def lead(state: PsychoRaidersState, token: int, owner: Any) -> int:
    """Where a camper-side token gets to if it walks north this turn: its owner's Speed rows
    nearer the edge in its column (the first hex a piece may stand on from there back toward
    the token, if a building is in the way). A raider is no faster than a camper: it heads
    there to meet the token, not after it."""
    board = state.board
    coord = board.offset(token)
    if coord is None:
        return token  # in a room: it has to come out first
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
    pairs = sorted((_away(state, min(h.tokens.values()), lead(state, s, c)) + 2 * _row(state, s),
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
    return 1 + min((_away(state, space, road) + steps for road, steps in ahead.items()),
                   default=99.0)


def trap_now(state: PsychoRaidersState, vehicle: str) -> bool:
    """Road Trap (16.2, the raiders' one ability) on a campers' vehicle still ahead of the
    van on the way out north, so the van gets to the exit first; else it is kept."""
    van = state.vehicles.get("Van")
    if van is None or state.cars["Van"]["wrecked"] or van_guards(state):
        return False
    return to_exit(state, state.vehicles[vehicle]) < to_exit(state, van)


@cache
def road_ahead(board: Board) -> dict[int, int]:
    """Road hex -> road hexes from it to the road's exit north (a van's way out, 6.1)."""
    exit_hex = next((s for s in board.zone("North edge").spaces if board.terrain[s] == "road"),
                    None)
    if exit_hex is None:
        return {}
    found = {exit_hex: 0}
    queue = deque([exit_hex])
    while queue:
        here = queue.popleft()
        for there in board.neighbours[here]:
            if board.terrain[there] == "road" and there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def _die(frame: Any) -> int:
    """The D6 a fight's re-roll question is about (99 where the frame keeps none to read)."""
    if frame.KIND == "hazard":
        return int(frame.die)
    if frame.step in ("a-reroll", "d-reroll") and hasattr(frame, "a_roll"):
        return int(frame.a_roll if frame.step == "a-reroll" else frame.d_roll)
    return 99


def _strength(state: PsychoRaidersState, frame: Any, action: str) -> int:
    from deadtable.games.psycho_raiders.attacks import PERSONAL, strength_of

    card = action.split(":", 1)[1]
    attacker, defender = state.chars[frame.attacker], state.chars[frame.defender]
    char = attacker if frame.step == "a-weapon" else defender
    target = state.space_of(defender if char is attacker else attacker) or 0
    hexes = 0 if card == PERSONAL else frame.hexes
    return strength_of(state, char, card, hexes, target, False) or 0


def _totals(state: PsychoRaidersState, frame: Any) -> tuple[int, int]:
    """(mine, theirs) for whoever is adding Will now."""
    if frame.KIND == "hazard":
        return frame.mine, frame.theirs
    decision = state.decision
    seat = decision.seat if decision is not None else ""
    if frame.KIND == "attack":
        attacker = state.chars[frame.attacker]
        mine_is_a = attacker.seat == seat and (
            frame.step == "will-1" and frame.first == frame.attacker
            or frame.step == "will-2" and frame.first != frame.attacker)
    else:
        mine_is_a = (frame.a_total <= frame.d_total) == (frame.step == "will-1")
    return ((frame.a_total, frame.d_total) if mine_is_a else (frame.d_total, frame.a_total))
