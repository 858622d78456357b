"""JOCKEY: Latch On 8 and Go For A Ride.

Latch On, before moving: an opponent's small or medium Unique Hero within 3 clear sight spaces,
d20 8+: the Jockey is placed next to it and it gets the Ridden Marker. One rider at a time: a
Jockey already riding someone does not latch on again (designed). Go For A Ride: Move -3
(minimum 1) if the Jockey begins its turn next to its rider; after it moves, the rider that
was next to it before the move is placed next to it again (no leaving-engagement attacks for
the rider; the Jockey's own move follows the core rules). The rider takes no turns while the
Jockey is next to it; the Jockey must attack it (specials.attack_targets). The marker goes when
the Jockey is destroyed or ends its turn not next to its rider.
"""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

LATCH = "JOCKEY: Latch On"
RIDE = "JOCKEY: Go For A Ride"


def riders(state: Left4DeadState, figure: Figure) -> list[Figure]:
    # only survivors are held (common.hold): the figures' order, as they come
    return [f for f in state.survivors() if f.markers.get("ridden") == figure.id
            and f.space is not None]


def begin_turn(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> None:
    if any(common.adjacent(state, figure, r) for r in riders(state, figure)):
        frame.power = "ride"


def move_budget(state: Left4DeadState, figure: Figure, base: int) -> int:
    frame = common.turn_of(state, figure)
    if frame is None or frame.power != "ride":
        return base
    p = common.power(state, "jockey", "Go for a Ride")
    return max(int(p["minimum"]), base - int(p["move_minus"]))


def targets(state: Left4DeadState, figure: Figure) -> list[Figure]:
    p = common.power(state, "jockey", "Latch On")
    if riders(state, figure):
        return []
    return [t for t in common.opponents(state, figure)
            if common.capturable(state, t, sizes=p["target_sizes"], rarity=p["target_rarity"])
            and "ridden" not in t.markers and common.in_sight(state, figure, t, int(p["range"]))]


def before_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    return [Action(f"latch:{t.id}", f"Latch On to {combat.name(t)} (d20, 8+)",
                   {"verb": "latch", "figure": figure.id, "target": t.id})
            for t in targets(state, figure)]


def latch(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure) -> None:
    p = common.power(state, "jockey", "Latch On")
    if target not in targets(state, figure):
        raise ValueError(f"{combat.name(figure)} cannot latch on to {target.id}")
    roll, hit = common.roll_d20(state, int(p["hit_on"]))
    if not hit:
        state.event(f"{combat.name(figure)} leaps at {combat.name(target)}: d20 {roll}, below "
                    f"{p['hit_on']}: missed.", LATCH)
        return
    assert target.space is not None
    if not common.place_next_to(state, figure, target.space) or figure.space is None:
        state.event(f"{combat.name(figure)} leaps at {combat.name(target)}: d20 {roll}, but no "
                    "space next to it is free.", LATCH)
        return
    state.event(f"{combat.name(figure)} latches on to {combat.name(target)}: d20 {roll}; it "
                f"lands at {state.board.names[figure.space]}.", LATCH)
    if common.adjacent(state, figure, target):
        common.hold(state, figure, target, p["marker"])


def after_move(state: Left4DeadState, frame: SpecialTurn, figure: Figure,
               start: int | None) -> None:
    """The rider next to the Jockey before it moved comes along."""
    if start is None or figure.space is None:
        return
    for rider in riders(state, figure):
        if rider.space not in state.board.neighbours[start] or \
                common.adjacent(state, figure, rider):
            continue
        if common.place_next_to(state, rider, figure.space) and rider.space is not None:
            state.event(f"{combat.name(figure)} rides {combat.name(rider)} to "
                        f"{state.board.names[rider.space]}.", RIDE)


def end_turn(state: Left4DeadState, figure: Figure) -> None:
    for rider in riders(state, figure):
        if not common.adjacent(state, figure, rider):
            common.release_marker(state, rider, "ridden")


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb != "latch":
        return False
    latch(state, frame, figure, state.figures[rest])
    frame.step = "move"
    return True
