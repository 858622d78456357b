"""BOOMER: Projectile Vomit 11, Bile Explosion, Blinding Alluring Bile.

The Vomit Markers' -1 to Move, Range, Attack and Defense is combat.reduced; the horde's pull
toward vomited survivors is horde.lure_sources and horde.attackers; the markers go at the end
of the round (endofround.end_of_round).
"""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat, movement, specials
from deadtable.games.left_4_dead.powers import common
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

VOMIT = "BOOMER: Projectile Vomit"
BILE = "BOOMER: Bile Explosion"


def targets(state: Left4DeadState, figure: Figure) -> list[Figure]:
    """Unique Heroes within 3 clear sight spaces, no more than 5 levels above the top of the
    Boomer (its base plus its Height) nor 5 below its base; not one already vomited on (a
    second marker would change nothing)."""
    p = common.power(state, "boomer", "Projectile Vomit")
    assert figure.space is not None
    level = state.board.level
    base = level[figure.space]
    top = base + movement.height(state, figure)
    found = []
    for target in common.opponents(state, figure):
        assert target.space is not None
        if state.card(target).rarity != p["target_rarity"] or "vomit" in target.markers:
            continue
        if not base - int(p["levels_down"]) <= level[target.space] <= top + int(p["levels_up"]):
            continue
        if common.in_sight(state, figure, target, int(p["range"])):
            found.append(target)
    return found


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """After moving, instead of attacking. All the eligible figures at once (up to 4; the
    survivors are 4, so "all" always fits), or any one of them alone: n + 1 actions."""
    if frame.attacks_left <= 0 or specials.held_by(state, figure) is not None:
        return []
    found = targets(state, figure)
    if not found:
        return []
    most = int(common.power(state, "boomer", "Projectile Vomit")["max_targets"])
    chosen = found[:most]
    names = ", ".join(combat.name(t) for t in chosen)
    actions = [Action("vomit:all", f"Projectile Vomit at {names} (d20 each, 11+)",
                      {"verb": "vomit", "figure": figure.id, "targets": [t.id for t in chosen]})]
    if len(found) > 1:
        actions += [Action(f"vomit:{t.id}", f"Projectile Vomit at {combat.name(t)} only",
                           {"verb": "vomit", "figure": figure.id, "targets": [t.id]})
                    for t in found]
    return actions


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> bool:
    if verb != "vomit":
        return False
    p = common.power(state, "boomer", "Projectile Vomit")
    found = targets(state, figure)
    chosen = found[:int(p["max_targets"])] if rest == "all" else \
        [t for t in found if t.id == rest]
    if not chosen:
        raise ValueError(f"{combat.name(figure)} cannot vomit on {rest!r}")
    frame.attacks_left = 0
    for target in chosen:
        roll, hit = common.roll_d20(state, int(p["hit_on"]))
        if hit:
            target.markers[p["marker"]] = figure.id
        state.event(f"{combat.name(figure)} vomits at {combat.name(target)}: d20 {roll}"
                    + (", a Vomit Marker." if hit else f", below {p['hit_on']}: missed."), VOMIT)
    specials.end_turn(state, figure)
    return True


def on_destroyed(state: Left4DeadState, figure: Figure, space: int) -> None:
    """Bile Explosion: a Vomit Marker on each adjacent opponent's Unique Hero."""
    p = common.power(state, "boomer", "Bile Explosion")
    near = state.board.neighbours[space]
    for target in common.opponents(state, figure):
        if target.space in near and state.card(target).rarity == p["target_rarity"]:
            target.markers[p["marker"]] = figure.id
            state.event(f"{combat.name(figure)} bursts: a Vomit Marker on "
                        f"{combat.name(target)}.", BILE)
