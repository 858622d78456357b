"""Simple heuristics for both sides (`heuristic`), on what the seat may know: the agent reads a
sample of the game determinized for its seat (`Observation.sample`), in which its own tokens
are true and the enemy's hidden ones are a guess (the raiders never read it).

- Campers and their townsfolk: drive north by road at Safe Speed and escape, only while the
  vehicle can escape by road (on the road north, the way ahead open, at the exit before the
  raiders' van comes within 5 hexes of it, 6.1), each hex nearer the exit by road; else they
  get out and walk; on foot hide when they can (again, for a third token), walk the real token north
  (the walk to the north edge round buildings, `bearings.north`, not the row: a camper under
  a building's south wall walks round it) away from streetlights and from the hunters, walk
  the decoys north at its pace, fanning out up to 10 hexes from each other (the bluff), and
  leave by the north edge hidden, dashing with Adrenaline or Will when that gets the real
  token off this turn.
- Raiders and sinister townsfolk hunt by threat (a token's rows from the north edge): strike
  the piece nearest escaping (attack or seek on their hex, step to a token in reach, shoot at
  one); the van's occupants go first, its driver races it north at High Speed and keeps the
  wheel until it waits by the road's exit (6.1: no escape by road within 5 hexes of the
  raiders' van), its riders aboard until it is ahead of every camper token; on foot each goes
  after its own camper-side token and heads where that token will be after its next walk
  north, walking round buildings (`bearings.walk`); a vehicle with campers inside is prey
  too: a raider walks to it, breaks in (11.1) and gets in to attack them (15.1); the
  walkie-talkie calls the sinister townsfolk; the side's one ability goes on Road
  Trap (16.2) when stopping a campers' vehicle stops its escape by road, else on Appear
  Anywhere beside the camper token nearest the north edge; against a campers' vehicle that
  would beat the van out by road, raiders on foot stand on its road ahead (10.5) and strike
  it (15.2), and the van drops a rider ahead of it and rams it; a raider-side token never steps
  back onto a hex it stood on this turn since its last action (`_no_return`: no walk back
  and forth, 10.3).
  (`hunt.py`; the measures both sides use: `bearings.py`.)
- Grabbing (13, `grip.py`): a raider on a camper's hex grabs rather than attacks when it is
  the stronger, its blow likely cannot kill, and a hold stops an escape (a walk from the
  north edge, beside a vehicle the camper may drive) or lets a friend attack the camper
  unarmed; a grabber never moves (that lets go); a held camper tries to escape first.
- In fights: the strongest weapon, a re-roll on a 1 or 2 (in a grab or escape too), just
  enough Will to win or tie, and damage taken from Will, then Strength (campers keep Speed to
  run), then the rest.
"""

from __future__ import annotations

from typing import Any

from deadtable.agents.base import Observation
from deadtable.engine.dice import Dice
from deadtable.games.psycho_raiders.bearings import away, north, road_ahead
from deadtable.games.psycho_raiders.grip import break_free, grab_reroll
from deadtable.games.psycho_raiders.hiding import lit
from deadtable.games.psycho_raiders.hunt import hunt, next_up, quarry, trap_now
from deadtable.games.psycho_raiders.state import CAMPERS, RAIDERS, REAL, PsychoRaidersState
from deadtable.games.psycho_raiders.vehicles import room_for_car


class HeuristicAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)
        # hexes each raider-side token has stood on this turn, since its last action
        self.trail: dict[tuple[int, str, int, bool], set[int]] = {}

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
        if kind == "grab":
            return grab_reroll(frame, ids)
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
        if pick is not None:
            return pick
        return "end" if "end" in ids else vacate(state, char, ids, campers)

    def _no_return(self, state: PsychoRaidersState, frame: Any, char: Any,
                   ids: list[str]) -> list[str]:
        """`ids` without the steps of a raider-side token back onto a hex it has stood on
        this turn since its last action. Every step spends Speed (10.3) and the camper-side
        tokens stand still in the raiders' turn (5.2, 5.3), so a walk that comes back to a hex
        wasted the steps between: the hunt re-plans at each step (`hunt.assignment` prices a
        pair by the raider's own hexes to the token, `agent._score` steps toward `quarry`),
        and a raider walked 0,0 to 0,1 and back three times in one turn between two camper
        tokens. An action (a seek, an attack) changes the board, so it starts a new trail.
        The agent's own memory, keyed by round, character, token and whether it has acted;
        a fresh agent (a reloaded game) starts with none."""
        for token, space in char.tokens.items():
            key = (state.round, char.key, token, frame.acted)
            if key not in self.trail:
                if len(self.trail) > 64:
                    self.trail.clear()
                self.trail[key] = set()
            self.trail[key].add(space)
        keep = []
        for i in ids:
            if i.startswith("move:") and not i.endswith(":off"):
                _, token, name = i.split(":", 2)
                been = self.trail.get((state.round, char.key, int(token), frame.acted), set())
                if state.board.space(name) in been:
                    continue
            keep.append(i)
        return keep

    def _pick(self, state: PsychoRaidersState, frame: Any, char: Any, ids: list[str],
              real: int | None, campers: bool) -> str | None:
        attacks = [i for i in ids if i.startswith(("attack:", "seek:", "ram:", "shoot:"))]
        if campers and (free := break_free(ids)) is not None:
            return free
        if not campers:
            ids = self._no_return(state, frame, char, ids)
            hunted = hunt(state, char, frame, ids, attacks)
            if hunted is not None:
                return hunted or None
        if frame.attack_due and attacks:
            return attacks[0]
        drive = [i for i in ids if i.startswith("drive:")]
        if drive and (not campers or drive_on(state, char)):  # campers play safe; raiders
            wanted = "drive:safe" if campers else "drive:high"  # chase at High Speed
            return wanted if wanted in ids else drive[0]
        cars = [i for i in ids if i.startswith("car:")]
        if cars and campers:
            step = road_step(state, char, cars)
            if step is not None:
                return step  # else the vehicle stops here: the rest of the walk, or the end
        elif cars:
            return min(cars, key=lambda i: _score(state, char, i[4:], campers))
        if campers:
            hides = [i for i in ids if i.startswith("hide:") and i.endswith(":new")]
            if hides and len(char.tokens) < (3 if char.kind == "camper" else 2):
                return hides[0]  # hide, or again for one more token to bluff with (12.12)
        if campers and char.hidden and real is not None:
            boost = dash(state, frame, char, real, ids)
            if boost is not None:
                return boost
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


LIT = 5  # a lit hex's price to a hidden camper's walk, in steps (`_score`)


def vacate(state: PsychoRaidersState, char: Any, ids: list[str], campers: bool) -> str:
    """The step out of a burning vehicle or location (15.6: the turn may not end there while
    a step out is open): the one its side's walk scores best (`_score`)."""
    moves = [i for i in ids if i.startswith("move:")]
    if not moves:
        return ids[0]
    return min(moves, key=lambda i: (_score(state, char, i.split(":", 2)[2], campers), i))


def _score(state: PsychoRaidersState, char: Any, name: str, campers: bool) -> float:
    if name == "off":
        return -100.0
    space = state.board.space(name)
    if campers:
        shun = LIT if char.hidden else 0  # a hidden camper keeps out of the light (12.5)
        return north(state, space, shun) + (shun if lit(state, space) else 0)
    return away(state, space, quarry(state, char))


def dash(state: PsychoRaidersState, frame: Any, char: Any, real: int,
         ids: list[str]) -> str | None:
    """Speed for the real token's run off the north edge this turn, when its walk falls short
    and the boost makes it (an escape wins, 6.1): the side's Adrenaline (16.1), the least that
    does, else Will a point at a time (10.34: Dawn adds 3 Will to move 3 more hexes)."""
    from deadtable.games.psycho_raiders.turn import left

    have = left(state, frame, char, real)
    short = int(north(state, char.tokens[real])) + 1 - have  # the walk, then the step off
    if short <= 0:
        return None
    boost = f"adrenaline:{real}:{short}"
    if boost in ids:
        return boost
    if f"will:{real}" in ids and short <= char.will:
        return f"will:{real}"
    return None


def wary(state: PsychoRaidersState, char: Any, name: str) -> int:
    """How far a hex is from the nearest enemy token, up to 12 (a raider's two walks): between
    equally northern steps a camper takes the one further from the hunters."""
    space = state.board.space(name) if name != "off" else None
    if space is None:
        return 12
    return min([12] + [int(away(state, space, s)) for c in state.chars.values()
                       if state.active(c) and state.side_of(c) != state.side_of(char)
                       for s in c.tokens.values()])


def by_road(state: PsychoRaidersState, char: Any) -> bool:
    """Whether a camper's vehicle is worth driving: it stands on the road that leaves by the
    north edge (6.1's escape by road); off it, at Off-Road Speed (2 or 3), a camper walks
    faster (and a vehicle stranded among trees, 10.1, goes nowhere)."""
    space = state.vehicles.get(char.vehicle or "")
    return space is not None and space in road_ahead(state.board)


def drive_on(state: PsychoRaidersState, char: Any) -> bool:
    """Whether a camper drives its vehicle this turn rather than get out and walk north (on
    foot it hides, 12.2, and leaves by any hex of the north edge): only while the vehicle can
    still escape by road (6.1), on the road that leaves by the north edge (`by_road`), a road
    hex nearer the exit open to it (`way_ahead`), and at the exit before any raiders' vehicle
    comes within 5 hexes of it (`outruns`)."""
    name = char.vehicle or ""
    return by_road(state, char) and way_ahead(state, char, name) and outruns(state, name)


def road_step(state: PsychoRaidersState, char: Any, cars: list[str]) -> str | None:
    """A camper's vehicle's next hex: the one of `cars` ("car:SPACE") fewest road hexes from
    the road's exit north, if that is nearer than where it is (never a dead end, 6.1 asks
    for the exit; a vehicle going no nearer stops)."""
    ahead = road_ahead(state.board)
    here = ahead.get(state.vehicles.get(char.vehicle or "", -1), 99)

    def far(action: str) -> int:
        return ahead.get(state.board.space(action[4:]), 99)

    best = min(cars, key=lambda i: (far(i), i))
    return best if far(best) < here else None


def way_ahead(state: PsychoRaidersState, char: Any, name: str) -> bool:
    """Whether a road hex one nearer the exit north is one the vehicle may enter (10.5: not
    onto an enemy outside a vehicle, nor beside two vehicles): the raiders standing on the
    road stop a drive. On the exit itself the way ahead is off the edge (6.1)."""
    ahead = road_ahead(state.board)
    here = state.vehicles.get(name)
    if here is None or here not in ahead:
        return False
    return ahead[here] == 0 or any(
        ahead.get(there, 99) < ahead[here] and room_for_car(state, char, there)
        for there in state.board.neighbours[here])


def outruns(state: PsychoRaidersState, name: str) -> bool:
    """Whether the campers' vehicle, at Safe Speed, drives off by the road's exit (the road
    hexes there and one more, 6.1) in fewer of its turns than any raiders' vehicle not
    wrecked, at High Speed, takes to come within 5 hexes of the exit (6.1: no escape by road
    then); the campers move first in a turn (5), so a tie is theirs. A raiders' vehicle
    nobody rides stays where it is."""
    from deadtable.games.psycho_raiders.hunt import to_exit

    car = state.cars[name]
    mine = -(-(to_exit(state, state.vehicles[name]) + 1) // max(1, car["safe"]))
    for other, space in state.vehicles.items():
        theirs = state.cars[other]
        if other == name or theirs["wrecked"] or not (
                other == "Van" or theirs["driven_by"] == RAIDERS):
            continue
        gap = to_exit(state, space) - 4  # within 5 hexes: 4 or fewer (6.1)
        if gap <= 0:
            return False
        riders = any(c.vehicle == other and state.active(c) for c in state.chars.values())
        if riders and mine > -(-gap // max(1, theirs["high"])):
            return False
    return True


SPREAD = 10  # hexes apart worth keeping a character's tokens (`bluff_step`; 4 to 16 measured)


def bluff_step(state: PsychoRaidersState, char: Any, decoys: list[str]) -> str | None:
    """A decoy's step that looks like the real camper's (12.3: a hide token is where a
    character "might be"): north, out of the streetlights, as the real token walks, and
    keeping pace with it (the raiders go for the token nearest the edge: a decoy behind gives
    the real one away) and, between equally northern steps, fanning out from the character's
    other tokens (`apart`, up to SPREAD hexes: more than a raider's walk of 4 to 6, so a
    raider who seeks one token and finds a decoy has, as they stand, no other of that
    character's tokens in his next walk; 12.6 asks about one token a turn); None once no
    decoy gains. Since a placed token has only the Speed left (12.3) the real token no longer
    outruns its decoys (the campers leant on that): the spread is what keeps the bluff;
    SPREAD 4 won the campers 31.0% of 1000 two-player games of seed 1, 10 won 47.2%
    (docs/psycho-raiders.md, "The campers under the fixed hide rule")."""
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
    return min([SPREAD] + [int(away(state, space, s)) for s in others])


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
