"""A survivor's turn (Survivor Rules; THE SURVIVORS; HeroScape: a turn is move, then attack).

Steps, in order:
- before: "Before taking a turn with this survivor" items (Pain Pills, Adrenaline Shot: use or
  give), or what a survivor does *instead of* its turn (a Health Kit, a Defibrillator, deploying
  ammo, standing an incapacitated survivor up);
- move: legs of movement within its Move, with Beat Down (up to twice, where it could end);
- pickup: items on or next to the space where it ended;
- attack: with its card, its weapon or its secondary weapon (extra attacks as the item says),
  or a mounted gun it stands on; or instead throwing an explosive, lighting a gas can, fireworks
  or a tank (environment.py), rescuing a survivor from a Hero Closet, or nothing.

An incapacitated survivor may not move or use items except secondary weapons: its turn is an
attack with a secondary weapon, if it has one. A survivor pinned, grabbed, ridden or snared
takes no turn while its captor is next to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from deadtable.engine.decisions import Action, ActionList, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import (
    ammo,
    combat,
    environment,
    items,
    movement,
    uncommon,
    weapons,
)
from deadtable.games.left_4_dead.state import SURVIVORS, Figure, Left4DeadState

CAPTURES = ("pinned", "grabbed", "ridden", "tongue")
CLOSET = "Survivor Rules: Hero Closet"
BEAT_DOWN = "THE SURVIVORS: Beat Down"


@dataclass(slots=True)
class SurvivorTurn(Frame):
    KIND = "survivor-turn"
    figure: str
    step: str = "before"  # before -> move -> pickup -> attack
    budget: int = 0  # spaces of movement left
    moved: bool = False
    beat_downs: int = 0
    weapon: str = ""  # the weapon of this turn's attacks, once chosen
    attacks_left: int = 0  # further attacks the weapon allows this turn
    attacked: bool = False
    left: list[str] = field(default_factory=list)  # items it swapped away this turn


def captured(state: Left4DeadState, figure: Figure) -> bool:
    """Pinned, grabbed, ridden or snared by an infected still next to it (it takes no turn)."""
    for key in CAPTURES:
        captor = state.figures.get(str(figure.markers.get(key, "")))
        if captor is not None and captor.space is not None and figure.space is not None \
                and captor.space in state.board.neighbours[figure.space]:
            return True
    return False


def may_act(state: Left4DeadState, figure: Figure) -> bool:
    if figure.acted or figure.space is None or figure.closet or captured(state, figure):
        return False
    if figure.down:
        return "secondary" in figure.items and bool(weapons.targets(state, figure,
                                                                    figure.items["secondary"]))
    return True


def who_may_act(state: Left4DeadState) -> list[tuple[str, str | Callable[[], str]]]:
    """(figure id, label) for each survivor who may take a turn, the labels made when read."""
    return [(f.id, partial(combat.turn_label, f)) for f in state.survivors()
            if may_act(state, f)]


def begin_turn(state: Left4DeadState, figure_id: str) -> None:
    figure = state.figures[figure_id]
    figure.acted = True
    frame = SurvivorTurn(figure_id, budget=movement.move_budget(state, figure))
    if figure.down:
        frame.step = "attack"
    state.push(frame)


def finish_turn(state: Left4DeadState, figure: Figure) -> None:
    frame = state.pop()
    if isinstance(frame, SurvivorTurn) and frame.attacked:
        weapons.turn_over(state, figure, frame.weapon)  # the Portable HMG's Ammo Marker
    common.sweep(state)  # a captor shoved away (Beat Down, Explosive Ammo) lets go
    if "mud" in figure.markers:  # Mud Man: Blinding Mud goes after the figure's turn
        del figure.markers["mud"]
    chapter.check_end(state)


class SurvivorTurnHandler(Handler[Left4DeadState, SurvivorTurn]):
    def decide(self, state: Left4DeadState, frame: SurvivorTurn) -> Decision | None:
        figure = state.figures[frame.figure]
        if figure.space is None or (figure.down and frame.step != "attack"):
            return None  # destroyed or incapacitated during its own turn: it ends
        actions = {"before": before_actions, "move": move_actions, "pickup": pickup_actions,
                   "attack": attack_actions}[frame.step](state, frame, figure)
        if not actions:
            return None
        return Decision.of(SURVIVORS, PROMPTS[frame.step].format(combat.name(figure)), actions)

    def run(self, state: Left4DeadState, frame: SurvivorTurn) -> None:
        figure = state.figures[frame.figure]
        if figure.space is None or (figure.down and frame.step != "attack") \
                or frame.step == "attack":
            finish_turn(state, figure)
        else:
            if frame.step == "move":
                end_move(state, frame, figure)
            frame.step = NEXT[frame.step]

    def apply(self, state: Left4DeadState, frame: SurvivorTurn, action_id: str) -> None:
        figure = state.figures[frame.figure]
        verb, _, rest = action_id.partition(":")
        if verb == "go-on":
            frame.step = NEXT[frame.step]
        elif verb in items.BEFORE_VERBS:
            instead = items.apply_before(state, figure, verb, rest)
            if instead:
                finish_turn(state, figure)
        elif verb == "move":
            move(state, frame, figure, int(rest))
        elif verb == "beat":
            beat_down(state, frame, figure, rest)
        elif verb == "stop":
            end_move(state, frame, figure)
            frame.step = "pickup"
        elif verb == "pick":
            space, _, item = rest.partition(":")
            old = items.pick_up(state, figure, int(space), item)
            if old is not None:
                frame.left.append(old)
        elif verb == "attack":
            weapon, _, target = rest.partition(":")
            blasted = ammo.affected(state, figure, weapon, target)
            weapons.attack(state, frame, figure, weapon, target)
            if frame.attacks_left <= 0:
                finish_turn(state, figure)
            ammo.offer(state, blasted)  # Explosive Ammo: move them 1 space
            uncommon.open_window(state)  # Fallen Survivors answer the attack
        elif verb == "throw":
            item, _, space = rest.partition(":")
            items.throw(state, figure, item, int(space))
            finish_turn(state, figure)
            uncommon.open_window(state)
        elif verb == "light":
            kind, _, space = rest.partition(":")
            environment.light(state, figure, kind, int(space))
            finish_turn(state, figure)
            uncommon.open_window(state)
        elif verb == "rescue":
            rescue(state, figure, state.figures[rest])
            finish_turn(state, figure)
        elif verb == "end":
            finish_turn(state, figure)


PROMPTS = {
    "before": "{}: before the turn, or instead of it?",
    "move": "{}: move where?",
    "pickup": "{}: pick up an item?",
    "attack": "{}: attack?",
}
NEXT = {"before": "move", "move": "pickup", "pickup": "attack"}


def before_actions(state: Left4DeadState, frame: SurvivorTurn, figure: Figure) -> list[Action]:
    actions = items.before_actions(state, figure)
    if not actions:
        return []
    return [*actions, Action("go-on", "Take the turn", {"verb": "go-on"})]


def move_actions(state: Left4DeadState, frame: SurvivorTurn, figure: Figure) -> ActionList:
    assert figure.space is not None
    actions = ActionList()
    if frame.budget > 0:
        actions = movement.move_choices(state, figure, frame.budget, costs=True)
    if frame.beat_downs < 2:
        for target in beat_down_targets(state, figure):
            actions.append(Action(f"beat:{target.id}",
                                  f"Beat Down {combat.name(target)} ({BEAT_DOWN})",
                                  {"verb": "beat", "figure": figure.id, "target": target.id}))
    if not actions:
        return ActionList()
    actions.append(Action("stop", "End the move here" if frame.moved else "Do not move",
                          {"verb": "stop"}))
    return actions


def move(state: Left4DeadState, frame: SurvivorTurn, figure: Figure, space: int) -> None:
    options = movement.route_options(state, figure, space, frame.budget)
    if not options:
        raise ValueError(f"{combat.name(figure)} cannot reach space {space}")
    route = movement.safest(options)
    frame.budget -= int(route.cost)
    frame.moved = True
    state.event(f"{combat.name(figure)} moves to {state.board.names[space]}.",
                movement.CORE_MOVE)
    movement.walk(state, figure, route)
    if figure.space in route.spaces:  # Metal Detectors: the spaces it walked through
        environment.moved_through(state, figure,
                                  route.spaces[1:route.spaces.index(figure.space) + 1])
    if figure.space is not None and state.board.terrain[figure.space] in movement.WATER:
        frame.budget = 0  # water ends a move


def end_move(state: Left4DeadState, frame: SurvivorTurn, figure: Figure) -> None:
    """The survivor's movement ends: next to a Witch, it disturbs her (Witch Spawning); on a
    car, it sets the alarm off (Car Alarms: a survivor that stays put ends its move too)."""
    if frame.moved:
        specials.ended_move(state, figure)
    environment.ended_move(state, figure)


def beat_down_targets(state: Left4DeadState, figure: Figure) -> list[Figure]:
    """Beat Down: an opponent's adjacent small or medium figure (on a space where the survivor
    could end its move: it stands on one, being there)."""
    assert figure.space is not None
    near = state.board.neighbours[figure.space]
    occupied = state.occupancy()
    if not any(n in occupied for n in near):
        return []  # nobody next to it (most often): no need to look through the infected
    return [f for f in state.infected()
            if f.space in near and state.card(f).size in ("small", "medium")]


def beat_down(state: Left4DeadState, frame: SurvivorTurn, figure: Figure, target_id: str) -> None:
    target = state.figures[target_id]
    frame.beat_downs += 1
    roll = state.dice.d20()
    if roll < 11:
        state.event(f"{combat.name(figure)} beats down {combat.name(target)}: rolls {roll}, "
                    "nothing.", BEAT_DOWN)
        return
    if roll >= 17:
        state.event(f"{combat.name(figure)} beats down {combat.name(target)}: rolls {roll}, "
                    "an unblockable wound, then a shove.", BEAT_DOWN)
        combat.wound(state, target, 1, figure, BEAT_DOWN)
        if target.space is None:
            return
    else:
        state.event(f"{combat.name(figure)} beats down {combat.name(target)}: rolls {roll}, "
                    "a shove.", BEAT_DOWN)
    shove(state, figure, target)


def shove(state: Left4DeadState, by: Figure, target: Figure) -> None:
    """Move a figure one space (no leaving-engagement attacks): to the free space farthest from
    the one shoving it, the first in the board's order on a tie (designed: docs)."""
    assert target.space is not None and by.space is not None
    options = ammo.step_spaces(state, target)
    if not options:
        return
    best = max(options, key=lambda n: (movement.spaces_away(state, by.space, n), -n))  # type: ignore[arg-type]
    target.space = best
    items.entered(state, target, best)


def pickup_actions(state: Left4DeadState, frame: SurvivorTurn, figure: Figure) -> list[Action]:
    # Ending a move "on or adjacent to an item": a survivor that stays put ends its move where
    # it stands (designed: docs).
    found = items.pickup_actions(state, figure, frame.left)
    if not found:
        return []
    return [*found, Action("go-on", "Leave the items", {"verb": "go-on"})]


def attack_actions(state: Left4DeadState, frame: SurvivorTurn, figure: Figure) -> list[Action]:
    actions = weapons.attack_actions(state, frame, figure)
    if not frame.attacked and not figure.down:
        actions += items.throw_actions(state, figure)
        actions += environment.light_actions(state, figure)
        for other in closet_neighbours(state, figure):
            actions.append(Action(f"rescue:{other.id}",
                                  f"Give up the attack to rescue {combat.name(other)} from the "
                                  "Hero Closet", {"verb": "rescue", "target": other.id}))
    if not actions:
        return []
    actions.append(Action("end", "End the turn" if frame.attacked else "Do not attack",
                          {"verb": "end"}))
    return actions


def closet_neighbours(state: Left4DeadState, figure: Figure) -> list[Figure]:
    assert figure.space is not None
    near = set(state.board.neighbours[figure.space])
    return [f for f in state.survivors() if f.closet and f.space in near]


def rescue(state: Left4DeadState, figure: Figure, other: Figure) -> None:
    other.closet = False
    state.event(f"{combat.name(figure)} gives up the attack to rescue {combat.name(other)} from "
                "the Hero Closet.", CLOSET)


# Last: these import this module's neighbours (imported at the top, a cycle would find one half
# made); a turn's end asks them, and an import in the function cost about 1 µs a call.
from deadtable.games.left_4_dead import chapter, specials  # noqa: E402
from deadtable.games.left_4_dead.powers import common  # noqa: E402
