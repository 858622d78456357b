"""SMOKER: Tongue Snare 14 and Choking Smoke.

Tongue Snare: after moving, instead of attacking, a small or medium opponent's figure within 8
clear sight spaces; d20 14+: the Tongue Marker, and the figure is placed next to the Smoker
(no leaving-engagement attacks). While next to it the figure takes no turns and the Smoker
can't move and must attack it (specials.held_by); the marker goes when they part or the
Smoker is destroyed. Choking Smoke: an Effect("smoke") on the space where it was destroyed,
read by combat.reduced, gone at the end of the round.
"""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, specials
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Effect, Figure, Left4DeadState

SNARE = "SMOKER: Tongue Snare"
SMOKE = "SMOKER: Choking Smoke"


def targets(state: Left4DeadState, figure: Figure) -> list[Figure]:
    p = common.power(state, "smoker", "Tongue Snare")
    return [t for t in common.opponents(state, figure)
            if common.capturable(state, t, sizes=p["target_sizes"]) and "tongue" not in t.markers
            and common.in_sight(state, figure, t, int(p["range"]))]


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    if frame.attacks_left <= 0 or specials.held_by(state, figure) is not None:
        return []
    return [Action(f"tongue:{t.id}", f"Tongue Snare {combat.name(t)} (d20, 14+)",
                   {"verb": "tongue", "figure": figure.id, "target": t.id})
            for t in targets(state, figure)]


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb != "tongue":
        return False
    p = common.power(state, "smoker", "Tongue Snare")
    target = state.figures[rest]
    if target not in targets(state, figure):
        raise ValueError(f"{combat.name(figure)} cannot snare {rest!r}")
    frame.attacks_left = 0
    roll, hit = common.roll_d20(state, int(p["hit_on"]))
    if not hit:
        state.event(f"{combat.name(figure)} lashes its tongue at {combat.name(target)}: d20 "
                    f"{roll}, below {p['hit_on']}: missed.", SNARE)
    else:
        assert figure.space is not None
        state.event(f"{combat.name(figure)} snares {combat.name(target)}: d20 {roll}.", SNARE)
        if common.place_next_to(state, target, figure.space) and target.space is not None \
                and common.adjacent(state, figure, target):
            state.event(f"{combat.name(target)} is dragged to "
                        f"{state.board.names[target.space]}.", SNARE)
            common.hold(state, figure, target, p["marker"])
        else:
            state.event(f"No free space next to {combat.name(figure)}: the tongue slips.",
                        SNARE)
    specials.end_turn(state, figure)
    return True


def on_destroyed(state: Left4DeadState, figure: Figure, space: int) -> None:
    state.effects.append(Effect("smoke", space, figure.side))
    state.event(f"Choking smoke hangs around {state.board.names[space]} until the end of the "
                "round: opponents there and next to it have -1 Range, Attack and Defense.",
                SMOKE)
