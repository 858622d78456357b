"""Why a figure may or may not attack an enemy, in words with the rule's section: the page's
"not a target" line and the ruler's answer.

Whether it may is asked of the code that makes the attack choices (weapons.targets and
weapons.target_spaces for a survivor, specials.attack_targets for a special, movement.in_range
for a zombie). This module only explains a refusal, walking the tests of
movement.targets_in_range in their order (engagement, Range, line of sight); the tests check
that an explanation exists exactly where the choices refuse. It reads only what both sides
see: the map, the figures, their cards' markers and items, and the turn under way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadtable.engine.board.sight import sight
from deadtable.games.left_4_dead import combat, movement, specials, weapons
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState
from deadtable.games.left_4_dead.survivors import SurvivorTurn

ENGAGEMENT = movement.CORE_ENGAGE
RANGE = "HeroScape core rules: Attack (Range)"
SIGHT = "HeroScape core rules: Attack (Line of Sight)"
SURVIVORS = "THE SURVIVORS"
DOWN = "Survivor Rules: Incapacitated"
CLOSET = "Survivor Rules: Hero Closet"
# A special next to the survivor it holds must attack that figure (each power's words).
HELD = {"pinned": "HUNTER: Pin Down", "grabbed": "CHARGER: Pummel",
        "ridden": "JOCKEY: Go for a Ride", "tongue": "SMOKER: Tongue Snare"}
WITCH = "Infected Rules: Witch Spawning"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why not, for a player: the words and the rule's section."""

    text: str
    cite: str


def refusal(state: Left4DeadState, attacker: Figure, target: Figure,
            reach_: int) -> Reason | None:
    """None if `target` is a legal target at `reach_` (movement.in_range decides), else why
    not: the first of targets_in_range's tests it fails."""
    if movement.in_range(state, attacker, target, reach_):
        return None
    a, t = combat.name(attacker), combat.name(target)
    if attacker.space is None or target.space is None:
        return Reason(f"{a if attacker.space is None else t} is not on the map", "")
    if attacker.side == target.side:
        return Reason(f"{t} is on {a}'s side", "")
    engagements = movement.engaged_with(state, attacker)
    if engagements:
        names = ", ".join(combat.name(f) for f in engagements)
        return Reason(f"{a} is engaged with {names}, and engaged figures attack only figures "
                      "they are engaged with", ENGAGEMENT)
    away = movement.spaces_away(state, attacker.space, target.space)
    if reach_ <= 1:
        if target.space in state.board.neighbours[attacker.space]:
            return Reason(f"{t} is next to {a} but not engaged with it (one stands at or above "
                          "the other's top), and Range 1 reaches only engaged figures", ENGAGEMENT)
        return Reason(f"{t} is {away} spaces away, and Range 1 reaches only a figure "
                      f"{a} is engaged with", RANGE)
    if away > reach_:
        return Reason(f"{t} is {away} spaces away, beyond Range {reach_}", RANGE)
    seen = sight(state.board, attacker.space, target.space,
                 height_a=movement.height(state, attacker),
                 height_b=movement.height(state, target),
                 figures=movement.standing_heights(state))
    if not seen.clear:
        return Reason(f"no clear line of sight from {a} to {t}: {blocker(state, seen)}", SIGHT)
    # Never expected: the tests check every refusal has its reason above.
    return Reason(f"{t} is not a target of {a}", combat.CORE)


def blocker(state: Left4DeadState, seen: Any) -> str:
    """The sight's reason, a figure in the way named ("Zombie 2 stands in the way at 4,5")."""
    at = seen.blocked_at
    if isinstance(at, int):
        figure = state.occupancy().get(at)
        if figure is not None and seen.reason.startswith("figure at"):
            return f"{combat.name(figure)} stands in the way at {state.board.names[at]}"
    return str(seen.reason)


def space_refusal(state: Left4DeadState, attacker: Figure, space: int, reach_: int) -> Reason:
    """A weapon aimed at a space (the Grenade Launcher: weapons.target_spaces) that may not
    fire at `space`: why not."""
    assert attacker.space is not None
    name = state.board.names[space]
    away = movement.spaces_away(state, attacker.space, space)
    if away > reach_:
        return Reason(f"{name} is {away} spaces away, beyond Range {reach_}", RANGE)
    seen = sight(state.board, attacker.space, space, height_a=movement.height(state, attacker),
                 height_b=0, figures=movement.standing_heights(state))
    if not seen.clear:
        return Reason(f"no clear line of sight from {combat.name(attacker)} to {name}: "
                      f"{blocker(state, seen)}", SIGHT)
    return Reason(f"{name} is not a space {combat.name(attacker)} may fire at", combat.CORE)


def turn_of(state: Left4DeadState, figure: Figure) -> SurvivorTurn | None:
    """The survivor's own turn, if it is taking it now."""
    for frame in reversed(state.stack):
        if isinstance(frame, SurvivorTurn) and frame.figure == figure.id:
            return frame
    return None


def special_turn_of(state: Left4DeadState, figure: Figure) -> SpecialTurn | None:
    """The special's own turn, if it is taking it now."""
    for frame in reversed(state.stack):
        if isinstance(frame, SpecialTurn) and frame.figure == figure.id:
            return frame
    return None


def verdict(state: Left4DeadState, attacker: Figure, target: Figure) -> dict[str, Any]:
    """May `attacker` attack `target`, and with what, or why not: {"may", "text", "cite"}.
    A survivor or special whose turn it is counts the attacks made; any other figure is judged
    as if its attack came now. A horde zombie is judged by engagement, Range and sight alone:
    the horde's turn (Horde Mentality's lures, its attackers) is not this module's, and the
    page asks only of the figure whose turn it is (view.turn)."""
    if attacker.side == "survivors":
        may, reason = _survivor(state, attacker, target)
    else:
        may, reason = _infected(state, attacker, target)
    return {"attacker": attacker.id, "target": target.id, "may": may,
            "text": reason.text, "cite": reason.cite}


def _weapon_label(state: Left4DeadState, weapon: str) -> str:
    if weapon == weapons.CARD:
        return "its card"
    return str(weapons.prop(state, weapon, "name", weapon))


def _survivor(state: Left4DeadState, figure: Figure, target: Figure) -> tuple[bool, Reason]:
    a, t = combat.name(figure), combat.name(target)
    if target.side == "survivors" and target.closet:
        return False, Reason(f"{t} is in a Hero Closet", CLOSET)
    frame = turn_of(state, figure)
    if frame is not None and frame.attacked:
        label = _weapon_label(state, frame.weapon)
        if frame.attacks_left <= 0:
            return False, Reason(f"{a} has made this turn's attacks with {label}",
                                 weapons.cite(state, frame.weapon))
        arms = [frame.weapon]
    else:
        arms = weapons.usable(state, figure)
    if not arms:
        return False, Reason(f"{a} is lying down and has no secondary weapon to attack with",
                             DOWN)
    allowed, refused = [], []
    for weapon in arms:
        reach_ = weapons.weapon_range(state, figure, weapon)
        label = _weapon_label(state, weapon)
        if weapons.prop(state, weapon, "target_space"):
            assert target.space is not None
            if target.space in weapons.target_spaces(state, figure, weapon):
                allowed.append(f"{label} (at its space)")
                continue
            why = space_refusal(state, figure, target.space, reach_)
        else:
            if target in weapons.targets(state, figure, weapon):
                allowed.append(label)
                continue
            # weapons.targets refused it: refusal, asking the same test, says why
            why = refusal(state, figure, target, reach_) \
                or Reason(f"{t} is not a target of {a}", combat.CORE)
        refused.append((label, reach_, why))
    if allowed:
        return True, Reason(f"{a} may attack {t} with {' or '.join(allowed)}", SURVIVORS)
    if frame is not None and frame.attacked:
        label, _, why = refused[0]
        return False, Reason(f"this turn {a} attacks again only with {label}: {why.text}",
                             why.cite)
    return False, _together(state, figure, target, refused)


def _together(state: Left4DeadState, figure: Figure, target: Figure,
              refused: list[tuple[str, int, Reason]]) -> Reason:
    """The refusals of a survivor's weapons in one: the same words once; all out of Range, the
    distance once and each weapon's Range; else each weapon's reason with its section."""
    if len({why.text for _, _, why in refused}) == 1:
        return refused[0][2]
    if {why.cite for _, _, why in refused} == {RANGE}:
        assert figure.space is not None and target.space is not None
        away = movement.spaces_away(state, figure.space, target.space)
        ranges = ", ".join(f"{label} {reach_}" for label, reach_, _ in refused)
        return Reason(f"{combat.name(target)} is {away} spaces away, beyond the Range of each "
                      f"weapon ({ranges})", RANGE)
    return Reason("; ".join(f"with {label} (Range {reach_}): {why.text} ({why.cite})"
                            for label, reach_, why in refused), "")


def _infected(state: Left4DeadState, figure: Figure, target: Figure) -> tuple[bool, Reason]:
    a, t = combat.name(figure), combat.name(target)
    if target.side == "survivors" and target.closet:
        return False, Reason(f"{t} is in a Hero Closet", CLOSET)
    if figure.kind == combat.ZOMBIE:
        reach_ = combat.reduced(state, figure, "range")
        why = refusal(state, figure, target, reach_)
        return (True, Reason(f"{a} may attack {t}", combat.CORE)) if why is None \
            else (False, why)
    frame = special_turn_of(state, figure)
    if frame is not None and frame.attacks_left <= 0:
        return False, Reason(f"{a} has made this turn's attack", combat.CORE)
    if figure.kind == "witch" and figure.markers.get("wandering") \
            and not figure.markers.get("disturbed-by"):
        return False, Reason("a Wandering Witch may not attack until disturbed", WITCH)
    if target in specials.attack_targets(state, figure):
        return True, Reason(f"{a} may attack {t}", combat.CORE)
    held = specials.held_by(state, figure)
    if held is not None:
        mark = next((k for k, v in held.markers.items() if k in HELD and v == figure.id), "")
        return False, Reason(f"{a} holds {combat.name(held)} and must attack that figure",
                             HELD.get(mark, combat.CORE))
    focus = state.figures.get(str(figure.markers.get("disturbed-by")))
    if figure.kind == "witch" and focus is not None and focus.space is not None \
            and focus is not target:
        return False, Reason(f"the Witch attacks only {combat.name(focus)}, who disturbed her",
                             WITCH)
    why = refusal(state, figure, target, combat.reduced(state, figure, "range"))
    return False, why or Reason(f"{t} is not a target of {a}", combat.CORE)
