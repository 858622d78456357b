"""Simple heuristics for both sides (`heuristic`), on what the seat may know: the agent reads a
sample of the game determinized for its seat (`Observation.sample`), in which its own tokens
are true and the enemy's hidden ones are a guess.

- Campers and their townsfolk: drive north by road at Safe Speed and escape; on foot hide when
  they can, walk the real token north away from streetlights, spread the decoys, and leave by
  the north edge hidden.
- Raiders and sinister townsfolk hunt: while the campers have a vehicle that could escape by
  road, the van races north at High Speed and waits by the road's exit (6.1: no escape by road
  within 5 hexes of the raiders' van), its riders staying aboard until it gets there; then
  they get out and go for the camper token nearest its escape (its distance plus its row),
  attack a visible camper, seek a token on their hex, shoot at one in range, ram with the
  van, save their side's one ability for Appear Anywhere onto the token nearest the north
  edge, and call the sinister townsfolk by walkie-talkie.
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


def _row(state: PsychoRaidersState, space: int) -> int:
    coord = state.board.offset(space)
    if coord is not None:
        return coord[1]
    near = [state.board.offset(n) for n in state.board.neighbours[space]]
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
        if kind == "car-damage":
            return "car-lose:strength" if "car-lose:strength" in ids else ids[0]
        return ids[self.dice.below(len(ids))]

    def _fight(self, state: PsychoRaidersState, frame: Any, ids: list[str]) -> str:
        weapons = [i for i in ids if i.startswith("weapon:")]
        if weapons:
            return max(weapons, key=lambda i: (_strength(state, frame, i), i))
        if "reroll" in ids:
            roll = frame.a_roll if frame.step == "a-reroll" else frame.d_roll
            return "reroll" if roll <= 2 else "keep"
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
        if drive:  # campers play safe; raiders chase at High Speed
            wanted = "drive:safe" if campers else "drive:high"
            return wanted if wanted in ids else drive[0]
        cars = [i for i in ids if i.startswith("car:")]
        if cars:
            return min(cars, key=lambda i: self._score(state, char, i[4:], campers))
        if campers:
            hides = [i for i in ids if i.startswith("hide:") and i.endswith(":new")]
            if hides and not char.hidden:
                return hides[0]
        moves = [i for i in ids if i.startswith("move:")]
        mine = [i for i in moves if real is None or i.split(":")[1] == str(real)]
        here = char.tokens.get(real) if real is not None else None
        if mine and here is not None:
            best = min(mine, key=lambda i: self._score(state, char, i.split(":", 2)[2],
                                                      campers))
            if self._score(state, char, best.split(":", 2)[2], campers) < \
                    self._score(state, char, state.board.name(here), campers):
                return best
        decoys = [i for i in moves if i not in mine]
        if decoys and campers:
            return decoys[self.dice.below(len(decoys))]
        if attacks:
            return attacks[0]
        if "search" in ids and len(char.weapons) < 2:
            return "search"
        return None

    def _score(self, state: PsychoRaidersState, char: Any, name: str, campers: bool) -> float:
        if name == "off":
            return -100.0
        space = state.board.space(name)
        if campers:
            return _row(state, space) + (5 if char.hidden and lit(state, space) else 0)
        return _away(state, space, quarry(state, char))


# -- the raiders' hunt ---------------------------------------------------------------------------
GUARD = 2  # hexes from the road's exit where the van waits (6.1 needs 5 for an escape by road)
DROP = 2  # a raider gets out of the racing van for a camper token this near
NEAR_EDGE = 6  # a camper token this near the north edge is worth Appear Anywhere (16.2)
# which attack first; ramming only people ("ram:car=" would stop the van for an empty car)
ORDER = ("attack:", "flank:", "seek:", "shoot:", "ram:")


def _away(state: PsychoRaidersState, space: int, target: int | None) -> float:
    if target is None:
        return 0.0
    d = distance(state.board, space, target)
    return float(d if d is not None else 99)


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
    for prefix in ORDER:
        if prefix == "shoot:" and not frame.acted:  # first, walk onto a token to seek it
            onto = [i for i in ids if i.startswith("move:")
                    and state.board.space(i.split(":", 2)[2]) in hide_tokens(state, char)]
            if onto:
                return onto[0]
        found = [i for i in attacks if i.startswith(prefix) and not i.startswith("ram:car=")]
        if found:
            return found[0]
    if "walkie" in ids:
        return "walkie"
    target = quarry(state, char)
    here = state.space_of(char)
    appear = [i for i in ids if i.startswith("appear:")]
    if appear and target is not None and _row(state, target) <= NEAR_EDGE:
        # beside the token about to slip away (10.5: not onto it), then step on and seek
        best = min(appear, key=lambda i: (_away(state, state.board.space(i[7:]), target), i))
        if _away(state, state.board.space(best[7:]), target) <= 1:
            return best
    near = target is not None and here is not None and _away(state, here, target) <= DROP
    if char.vehicle == "Van" and not van_guards(state) and not near:
        drive = [i for i in ids if i.startswith("drive:")]
        if drive:  # High Speed on a road; off it, Off-Road back to the road (10.1)
            return "drive:high" if "drive:high" in drive else drive[0]
        cars = [i for i in ids if i.startswith("car:")]
        van = state.vehicles["Van"]
        if cars:  # along the road to its exit, if that way is open (else it waits)
            best = min(cars, key=lambda i: (to_exit(state, state.board.space(i[4:])), i))
            if to_exit(state, state.board.space(best[4:])) < to_exit(state, van):
                return best
        return ""  # aboard while the van goes north
    if frame.driving:
        return ""  # the van waits where it is
    return _nearer(state, ids, "move:", here, target)


def to_exit(state: PsychoRaidersState, space: int) -> float:
    """How far a vehicle is from the road's exit north: along the road, or to the road and
    then along it."""
    ahead = road_ahead(state.board)
    if space in ahead:
        return ahead[space]
    return 1 + min((_away(state, space, road) + steps for road, steps in ahead.items()),
                   default=99.0)


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
