"""Simple heuristics for both sides (`heuristic`), on what the seat may know: the agent reads a
sample of the game determinized for its seat (`Observation.sample`), in which its own tokens
are true and the enemy's hidden ones are a guess.

- Campers and their townsfolk: drive north by road at Safe Speed and escape; on foot hide when
  they can, walk the real token north away from streetlights, spread the decoys, and leave by
  the north edge hidden.
- Raiders and sinister townsfolk: seek and attack what they can reach, ram with the van, walk
  toward the nearest camper token, call the sinister townsfolk by walkie-talkie.
- In fights: the strongest weapon, a re-roll on a 1 or 2, just enough Will to win or tie, and
  damage taken from Will, then Strength (campers keep Speed to run), then the rest.
"""

from __future__ import annotations

from typing import Any

from deadtable.agents.base import Observation
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
        if not campers and attacks:
            return attacks[self.dice.below(len(attacks))]
        if frame.attack_due and attacks:
            return attacks[0]
        if not campers and "walkie" in ids:
            return "walkie"
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
        targets = [s for c in state.chars.values() if state.active(c)
                   and state.side_of(c) == CAMPERS for s in c.tokens.values()]
        return float(min((d for t in targets
                          if (d := distance(state.board, space, t)) is not None), default=0))


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
