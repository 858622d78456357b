"""The infected's collective turn: the horde, then each special infected, in any order.

The horde is every Zombie of Morindan and uncommon infected (ONE WITH THE HORDE; uncommons are
Common Squad figures: Infected Rules, The Horde). Its turn follows the Zombies of Morindan card
and Horde Mentality:
- Horde Movement: move up to 6 of them, each toward the nearest survivor (its best reachable
  space by the distance field; survivors with Vomit Markers draw them first, a Bile Bomb or Pipe
  Bomb before anything: they ignore other powers then);
- then attack with up to 3 of them, moved or not, each attacking a survivor it is engaged with
  if it can (Horde Mentality makes the attacks compulsory), or all three at once in a Zombie
  Onslaught (Attack 6, one roll, three zombies on one level all engaged with the target).
A zombie that rose again this turn cannot attack.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial

from deadtable.engine.board import Board
from deadtable.engine.board.query import FieldQuery, distance_field_compiled
from deadtable.engine.decisions import Action, ActionList, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import combat, movement, specials, uncommon
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState

ZOMBIE = "zombies-of-morindan"
HORDE_MOVE = "Zombies of Morindan: Horde Movement"
ONSLAUGHT = "Zombies of Morindan: Zombie Onslaught Special Attack"
MENTALITY = "Infected Rules: Horde Mentality"
MOVERS = 6
ATTACKERS = 3


@dataclass(slots=True)
class HordeTurn(Frame):
    KIND = "horde-turn"
    step: str = "move"  # move -> attack
    moved: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)


HORDE_GROUPS = ("horde", "uncommon")


def in_horde(state: Left4DeadState, figure: Figure) -> bool:
    return figure.side == INFECTED and state.card(figure).group in HORDE_GROUPS


def horde(state: Left4DeadState) -> tuple[Figure, ...]:
    """The horde's figures on the map (kept until a figure moves: Left4DeadState.derived)."""
    return _split(state)[0]


def specials_in_play(state: Left4DeadState) -> tuple[Figure, ...]:
    """The infected on the map outside the horde: each takes a turn of its own."""
    return _split(state)[1]


def _split(state: Left4DeadState) -> tuple[tuple[Figure, ...], tuple[Figure, ...]]:
    cache = state.derived()
    found = cache.get("horde")
    if found is None:
        cards = state.data.cards.cards
        # in_horde, by kind (its card's group), kept across moves: the same for every figure
        kinds: dict[str, bool] = state.kept().setdefault("horde-kinds", {})
        horde_: list[Figure] = []
        others: list[Figure] = []
        for figure in state.infected():
            member = kinds.get(figure.kind)
            if member is None:
                member = kinds[figure.kind] = cards[figure.kind].group in HORDE_GROUPS
            (horde_ if member else others).append(figure)
        found = cache["horde"] = (tuple(horde_), tuple(others))
    return found


def targets_in_play(state: Left4DeadState) -> list[Figure]:
    """Survivors the infected may move toward and attack: on the map and not in a Hero Closet
    (Survivor Rules: Hero Closet)."""
    return [f for f in state.survivors() if f.space is not None and not f.closet]


def who_may_act(state: Left4DeadState) -> list[tuple[str, str | Callable[[], str]]]:
    """(key, label) for each who may take a turn now, the labels made only when read."""
    options: list[tuple[str, str | Callable[[], str]]] = []
    if not state.horde_acted and horde(state) and targets_in_play(state):
        options.append(("horde", "The horde moves and attacks"))
    for figure in specials_in_play(state):
        if not figure.acted and specials.may_act(state, figure):
            options.append((figure.id, partial(combat.turn_label, figure)))
    return options


def begin_turn(state: Left4DeadState, key: str) -> None:
    if key == "horde":
        state.horde_acted = True
        state.push(HordeTurn())
    else:
        specials.begin_turn(state, state.figures[key])


def lure_sources(state: Left4DeadState) -> list[int]:
    """What the horde must move toward now: a Bile Bomb or Pipe Bomb on the map, else the
    survivors with Vomit Markers, else every survivor in play."""
    lures = [e.space for e in state.effects if e.kind in ("bile-bomb", "pipe-bomb")]
    if lures:
        return lures
    survivors = targets_in_play(state)
    vomited = [f.space for f in survivors if "vomit" in f.markers and f.space is not None]
    return vomited or [f.space for f in survivors if f.space is not None]


def toward(state: Left4DeadState, zombie: Figure, field_: Sequence[float]) -> list[int]:
    """The spaces a horde figure may move to: its reachable spaces nearest the lure, if nearer
    than where it stands (moving "toward the nearest survivor")."""
    assert zombie.space is not None
    return movement.nearest(state, zombie, field_ if isinstance(field_, array)
                            else array("d", field_))


class HordeHandler(Handler[Left4DeadState, HordeTurn]):
    def decide(self, state: Left4DeadState, frame: HordeTurn) -> Decision | None:
        actions = move_actions(state, frame) if frame.step == "move" else \
            attack_actions(state, frame)
        if not actions:
            return None
        prompt = ("The horde moves (up to 6 zombies, each toward the nearest survivor)"
                  if frame.step == "move" else "The horde attacks (up to 3 zombies)")
        return Decision.of(INFECTED, prompt, actions)

    def run(self, state: Left4DeadState, frame: HordeTurn) -> None:
        if frame.step == "move":
            frame.step = "attack"
        else:
            state.pop()
            for figure in horde(state):
                figure.markers.pop("risen", None)

    def apply(self, state: Left4DeadState, frame: HordeTurn, action_id: str) -> None:
        verb, _, rest = action_id.partition(":")
        if verb == "horde-stop":
            frame.step = "attack"
        elif verb == "horde-move":
            figure_id, _, space = rest.partition(":")
            move(state, frame, state.figures[figure_id], int(space))
        elif verb == "horde-attack":
            figure_id, _, target = rest.partition(":")
            frame.attacked.append(figure_id)
            attack(state, state.figures[figure_id], state.figures[target])
        elif verb == "onslaught":
            target, _, members = rest.partition(":")
            frame.attacked.extend(members.split(","))
            onslaught(state, [state.figures[m] for m in members.split(",")],
                      state.figures[target])


def horde_field(state: Left4DeadState) -> list[float]:
    # distance_field(board, lures, climbing_cost(board, 5)) in data form, compiled if built
    return distance_field_compiled(state.board, FieldQuery(lure_sources(state), 5))


@lru_cache(maxsize=64)
def _field_array(board: Board, lures: tuple[int, ...]) -> array[float]:
    """horde_field for these lures, in the form nearest reads: the same over a horde turn's
    decisions (zombies are no lures), kept per board and lures. Read it, never change it."""
    return array("d", distance_field_compiled(board, FieldQuery(list(lures), 5)))


def move_actions(state: Left4DeadState, frame: HordeTurn) -> ActionList:
    if len(frame.moved) >= MOVERS:
        return ActionList()
    field_ = _field_array(state.board, tuple(lure_sources(state)))
    movers = [zombie for zombie in horde(state) if zombie.id not in frame.moved]
    # toward(state, zombie, field_) for each, asked at once
    answers = movement.nearest_each(state, movers, field_)
    ids = _move_ids(state, movers, answers)
    if not ids:
        return ActionList()

    def build() -> list[Action]:  # made only when read
        names = state.board.names
        return [Action(f"horde-move:{zombie.id}:{space}",
                       partial(movement.move_label, state, zombie, space, None),
                       {"verb": "move", "figure": zombie.id, "space": names[space]})
                for zombie, ends in zip(movers, answers, strict=True) for space in ends]

    actions = ActionList(ids, build)
    actions.append(Action("horde-stop", "The horde moves no more", {"verb": "stop"}))
    return actions


def _move_ids(state: Left4DeadState, movers: list[Figure],
              answers: list[list[int]]) -> list[str]:
    """"horde-move:<figure>:<space>" for each mover's answer, in order: a figure's ids kept
    with the answer they were made of (Left4DeadState.kept), as most answers are the same
    from one move to the next (nearest_each keeps them or finds them again)."""
    kept: dict[str, tuple[list[int], list[str]]] = state.kept().setdefault("horde-ids", {})
    ids: list[str] = []
    for zombie, ends in zip(movers, answers, strict=True):
        if ends:
            was = kept.get(zombie.id)
            if was is None or was[0] != ends:
                was = kept[zombie.id] = (ends, [f"horde-move:{zombie.id}:{s}" for s in ends])
            ids += was[1]
    return ids


def move(state: Left4DeadState, frame: HordeTurn, zombie: Figure, space: int) -> None:
    options = movement.route_options(state, zombie, space)
    if not options:
        raise ValueError(f"{zombie.id} cannot reach space {space}")
    frame.moved.append(zombie.id)
    state.event(f"{combat.name(zombie)} shambles to {state.board.names[space]}.", MENTALITY)
    movement.walk(state, zombie, movement.safest(options))


def attackers(state: Left4DeadState, frame: HordeTurn) -> list[tuple[Figure, Figure]]:
    """(zombie, target) pairs that may attack now: while a Bile Bomb lies, any figure on its
    space, infected too ("attack any figures on the same space as the Bile Bomb"), first; then
    survivors with Vomit Markers if any can be attacked (Boomer: Blinding Alluring Bile)."""
    bile = {e.space for e in state.effects if e.kind == "bile-bomb"}
    occupied = state.occupancy()
    neighbours = state.board.neighbours
    # a zombie engages only figures next to it: those next to no survivor need not ask
    near_survivors = {n for f in state.survivors() if f.space is not None
                      for n in neighbours[f.space]}
    pairs = []
    drawn = []
    for zombie in horde(state):
        if zombie.id in frame.attacked or "risen" in zombie.markers:
            continue
        assert zombie.space is not None
        if zombie.space in near_survivors:
            for target in movement.engaged_with(state, zombie):
                if target.side == "survivors" and not target.closet:
                    pairs.append((zombie, target))
        if bile:
            for space in bile.intersection(neighbours[zombie.space]):
                there = occupied.get(space)
                if there is not None and not there.closet:
                    drawn.append((zombie, there))
    if drawn:
        return drawn
    vomited = [(z, t) for z, t in pairs if "vomit" in t.markers]
    return vomited or pairs


def onslaughts(state: Left4DeadState, frame: HordeTurn,
               pairs: list[tuple[Figure, Figure]]) -> list[tuple[Figure, list[Figure]]]:
    """Zombie Onslaught: three horde figures on the same level, all engaged with the target
    (`pairs`: attackers' answer now); the first three (by name) of each level make the roll
    (they are alike: designed)."""
    if frame.attacked:
        return []
    found = []
    by_target: dict[str, list[Figure]] = {}
    for zombie, target in pairs:
        by_target.setdefault(target.id, []).append(zombie)
    for target_id, zombies in sorted(by_target.items()):
        levels: dict[int, list[Figure]] = {}
        for z in zombies:
            assert z.space is not None
            levels.setdefault(state.board.level[z.space], []).append(z)
        for _, group in sorted(levels.items()):
            if len(group) >= 3:
                found.append((state.figures[target_id], sorted(group, key=lambda f: f.id)[:3]))
    return found


def attack_actions(state: Left4DeadState, frame: HordeTurn) -> list[Action]:
    if len(frame.attacked) >= ATTACKERS:
        return []
    actions = []
    pairs = attackers(state, frame)
    for target, group in onslaughts(state, frame, pairs):
        members = ",".join(z.id for z in group)
        actions.append(Action(
            f"onslaught:{target.id}:{members}",
            f"Zombie Onslaught on {combat.name(target)} (6 dice, one roll)",
            {"verb": "onslaught", "target": target.id, "figures": [z.id for z in group]}))
    for zombie, target in pairs:
        actions.append(Action(
            f"horde-attack:{zombie.id}:{target.id}",
            f"{combat.name(zombie)} attacks {combat.name(target)}",
            {"verb": "attack", "figure": zombie.id, "target": target.id}))
    return actions  # no "stop": Horde Mentality makes every possible attack compulsory


def attack(state: Left4DeadState, zombie: Figure, target: Figure) -> None:
    dice = combat.reduced(state, zombie, "attack")
    wounds = combat.roll_attack(state, zombie, target, dice, cite=MENTALITY)
    combat.wound(state, target, wounds, zombie, MENTALITY)
    uncommon.blinding_mud(state, zombie, target, wounds)


def onslaught(state: Left4DeadState, group: list[Figure], target: Figure) -> None:
    power = state.data.cards[ZOMBIE].power("Zombie Onslaught")
    wounds = combat.roll_attack(state, group[0], target, int(power["attack"]), special=True,
                                cite=ONSLAUGHT, what=" in a Zombie Onslaught with "
                                f"{combat.name(group[1])} and {combat.name(group[2])}")
    combat.wound(state, target, wounds, group[0], ONSLAUGHT)
