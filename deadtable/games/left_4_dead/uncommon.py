"""The uncommon infected's own powers (THE INFECTED: UNCOMMON INFECTED; Infected Rules:
Uncommon Infected). One With The Horde is the horde's (horde.py), Kevlar Armor is in the dice
(combat.kevlar), Slither in movement (movement.stops_in), the Clown's three zombies in
spawning, the fire and blast immunities in items.immune. Here:

- Survival Instinct (Fallen Survivor): after it rolls defense dice, the infected may move it up
  to 4 spaces at once: a reaction window in the survivors' turn, opened once the survivor's
  attack has been resolved (designed: the attack's rolls all come first).
- When a Fallen Survivor is destroyed, 2 random items lie on its space.
- Blinding Mud (Mud Man): a wound it inflicts on a survivor (a Unique Hero) places a Mud Marker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import combat, movement
from deadtable.games.left_4_dead.state import INFECTED, Figure, Left4DeadState

INSTINCT = "FALLEN SURVIVOR: Survival Instinct"
FALLEN = "Infected Rules: Uncommon Infected"
MUD = "MUD MAN INFECTED: Blinding Mud"


@dataclass(slots=True)
class Instinct(Frame):
    """The infected's answer to an attack on Fallen Survivors: each that rolled defense and
    still stands may move up to 4 spaces."""

    KIND = "survival-instinct"
    step: str = "move"
    figures: list[str] = field(default_factory=list)


def defended(state: Left4DeadState, figure: Figure) -> None:
    """A figure rolled defense dice: a Fallen Survivor's instinct may answer."""
    if figure.kind == "fallen-survivor":
        state.instincts.append(figure.id)


def open_window(state: Left4DeadState) -> None:
    """After a survivor's attack: the Fallen Survivors that rolled defense and stand get their
    Survival Instinct."""
    standing = [f for f in dict.fromkeys(state.instincts)
                if f in state.figures and state.figures[f].space is not None]
    state.instincts.clear()
    if standing:
        state.push(Instinct(figures=standing))


class InstinctHandler(Handler[Left4DeadState, Instinct]):
    def decide(self, state: Left4DeadState, frame: Instinct) -> Decision | None:
        while frame.figures and (frame.figures[0] not in state.figures
                                 or state.figures[frame.figures[0]].space is None):
            frame.figures.pop(0)
        if not frame.figures:
            return None
        figure = state.figures[frame.figures[0]]
        assert figure.space is not None
        actions = [Action(f"instinct:{space}",
                          partial(movement.move_label, state, figure, space, None),
                          {"verb": "move", "figure": figure.id,
                           "space": state.board.names[space]})
                   for space in sorted(movement.routes(state, figure, 4))
                   if space != figure.space]
        actions.append(Action("instinct-stay", f"{combat.name(figure)} stays",
                              {"verb": "stay", "figure": figure.id}))
        return Decision.of(INFECTED, f"Survival Instinct: move {combat.name(figure)} up to 4 "
                           "spaces?", actions)

    def run(self, state: Left4DeadState, frame: Instinct) -> None:
        state.pop()

    def apply(self, state: Left4DeadState, frame: Instinct, action_id: str) -> None:
        figure = state.figures[frame.figures.pop(0)]
        if action_id == "instinct-stay":
            return
        space = int(action_id.split(":")[1])
        options = movement.routes(state, figure, 4)[space]
        state.event(f"{combat.name(figure)} moves up to 4 spaces on instinct, to "
                    f"{state.board.names[space]}.", INSTINCT)
        movement.walk(state, figure, movement.safest(options))


def fallen_items(state: Left4DeadState, figure: Figure, space: int) -> None:
    from deadtable.games.left_4_dead.spawning import draw

    if figure.kind != "fallen-survivor":
        return
    drawn = [item for _ in range(2) if (item := draw(state)) is not None]
    if drawn:
        state.items_on_map.setdefault(space, []).extend(drawn)
        names = ", ".join(state.data.items[i].name for i in drawn)
        state.event(f"The Fallen Survivor drops {names}.", FALLEN)


def blinding_mud(state: Left4DeadState, attacker: Figure, target: Figure, wounds: int) -> None:
    if attacker.kind == "mud-man" and wounds > 0 and target.side == "survivors" \
            and target.space is not None:
        target.markers["mud"] = attacker.id
        state.event(f"{combat.name(target)} is blinded by mud.", MUD)
