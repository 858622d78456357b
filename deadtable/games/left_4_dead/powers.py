"""The special infected's powers, as hooks into a special's turn (specials.py).

Each hook answers for one moment of the turn; a special without a power for that moment gets
its card's plain rule (move up to its Move, attack with its Attack).
"""

from __future__ import annotations

from deadtable.engine.decisions import Action
from deadtable.games.left_4_dead import combat
from deadtable.games.left_4_dead.specials import SpecialTurn
from deadtable.games.left_4_dead.state import Figure, Left4DeadState


def before_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """Actions before moving (Jockey: Latch On)."""
    return []


def move_budget(state: Left4DeadState, figure: Figure) -> int:
    """The special's Move this turn (Boomer's vomit and Mud's -1 included)."""
    return combat.reduced(state, figure, "move")


def move_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """Moves in place of the normal move (Charger: Barreling Charge; Hunter: Pounce)."""
    return []


def after_move(state: Left4DeadState, frame: SpecialTurn, figure: Figure,
               start: int | None) -> None:
    """What follows a move (Jockey: Go For A Ride)."""


def attack_actions(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> list[Action]:
    """Powers used instead of attacking (Boomer, Smoker, Spitter, Tank's Rock Throw)."""
    return []


def attack_bonus(state: Left4DeadState, frame: SpecialTurn, figure: Figure) -> int:
    """Extra attack dice this turn (Hunter after a Pounce)."""
    return 0


def after_attack(state: Left4DeadState, frame: SpecialTurn, figure: Figure, target: Figure,
                 wounds: int) -> None:
    """What an attack leaves behind (Hunter's Pinned Marker, Tank's Powerful Punch)."""


def apply(state: Left4DeadState, frame: SpecialTurn, figure: Figure, verb: str,
          rest: str) -> None:
    raise ValueError(f"{combat.name(figure)} has no power {verb!r}")


def on_destroyed(state: Left4DeadState, figure: Figure, space: int) -> None:
    """Powers that act when the figure is destroyed (Bile Explosion, Acid Explosion, Choking
    Smoke); the markers it placed go (combat.release)."""
