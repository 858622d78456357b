"""The special infected's powers, as hooks into a special's turn (specials.py).

Each hook answers for one moment of the turn; a special without a power for that moment gets
its card's plain rule (move up to its Move, attack with its Attack). One module per special
(boomer.py, charger.py, ...) defines the hooks it needs under the same names; this module
dispatches by the figure's card. docs/left-4-dead.md ("The special infected") lists every
reading.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from deadtable.engine.decisions import Action, ActionList
from deadtable.games.left_4_dead import combat
from deadtable.games.left_4_dead.powers import (
    boomer,
    charger,
    common,
    hunter,
    jockey,
    smoker,
    spitter,
    tank,
    witch,
)
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

MODULES: dict[str, ModuleType] = {
    "boomer": boomer, "charger": charger, "hunter": hunter, "jockey": jockey,
    "smoker": smoker, "spitter": spitter, "tank": tank, "witch": witch,
}


def _hook(figure: Figure, name: str) -> Any:
    key = (figure.kind, name)
    try:
        return _HOOKS[key]
    except KeyError:  # first asked: a module without the hook costs a miss to say so
        module = MODULES.get(figure.kind)
        found = _HOOKS[key] = getattr(module, name, None) if module is not None else None
        return found


# (kind, hook name) -> the hook or None: a module's missing attribute is slow to ask again
_HOOKS: dict[tuple[str, str], Any] = {}


def begin_turn(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> None:
    """The turn starts: markers whose captor left go; what the special notes (Jockey: does it
    begin next to its rider?)."""
    common.sweep(state)
    hook = _hook(figure, "begin_turn")
    if hook is not None:
        hook(state, frame, figure)


def end_turn(state: Left4DeadState, figure: Figure) -> None:
    """The turn ends (Jockey: a rider not next to it is released)."""
    hook = _hook(figure, "end_turn")
    if hook is not None:
        hook(state, figure)
    common.sweep(state)


def pending_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """A choice a power owes before the turn goes on (Charger: whom to Pummel)."""
    hook = _hook(figure, "pending_actions")
    return list(hook(state, frame, figure)) if hook is not None else []


def before_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """Actions before moving (Jockey: Latch On)."""
    hook = _hook(figure, "before_actions")
    return list(hook(state, frame, figure)) if hook is not None else []


def move_budget(state: Left4DeadState, figure: Figure) -> int:
    """The special's Move this turn (Boomer's vomit and Mud's -1 included; Jockey: Go For A
    Ride's -3; a Wandering Witch's -3)."""
    hook = _hook(figure, "move_budget")
    base = combat.reduced(state, figure, "move")
    return int(hook(state, figure, base)) if hook is not None else base


def move_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> ActionList:
    """Moves in place of the normal move (Charger: Barreling Charge; Hunter: Pounce)."""
    return _listed(_hook(figure, "move_actions"), state, frame, figure)


def _listed(hook: Any, state: Left4DeadState, frame: SpecialTurn,
            figure: Figure) -> ActionList:
    """A hook's actions, unbuilt if it made them lazily (an ActionList)."""
    found = ActionList()
    if hook is not None:
        found.extend(hook(state, frame, figure))
    return found


def after_move(state: Left4DeadState, frame: SpecialTurn, figure: Figure,
               start: int | None) -> None:
    """What follows a move (Jockey: Go For A Ride)."""
    common.sweep(state)
    hook = _hook(figure, "after_move")
    if hook is not None:
        hook(state, frame, figure, start)


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> ActionList:
    """Powers used instead of attacking (Boomer, Smoker, Spitter, Tank's Rock Throw)."""
    return _listed(_hook(figure, "attack_actions"), state, frame, figure)


def attack_bonus(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> int:
    """Extra attack dice this turn (Hunter after a Pounce)."""
    hook = _hook(figure, "attack_bonus")
    return int(hook(state, frame, figure)) if hook is not None else 0


def roll(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure, dice: int,
         cite: str) -> int:
    """The attack's roll; returns its wounds (Tank: notes skulls and shields for the Punch)."""
    hook = _hook(figure, "roll")
    if hook is not None:
        return int(hook(state, frame, figure, target, dice, cite))
    return combat.roll_attack(state, figure, target, dice, cite=cite)


def after_attack(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure,
                 wounds: int) -> None:
    """What an attack leaves behind (Hunter's Pinned Marker, Tank's Powerful Punch)."""
    hook = _hook(figure, "after_attack")
    if hook is not None:
        hook(state, frame, figure, target, wounds)


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> None:
    hook = _hook(figure, "apply")
    if hook is None or not hook(state, frame, figure, verb, rest):
        raise ValueError(f"{combat.name(figure)} has no power {verb!r}")


def on_destroyed(state: Left4DeadState, figure: Figure, space: int) -> None:
    """Powers that act when the figure is destroyed (Bile Explosion, Acid Explosion, Choking
    Smoke); the markers it placed went already (combat.release)."""
    hook = _hook(figure, "on_destroyed")
    if hook is not None:
        hook(state, figure, space)
