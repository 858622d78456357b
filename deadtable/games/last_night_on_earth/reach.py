"""Where the figure on the move may still get to: the rules offer a move one step at a time
(heroturn.move_decision, zombieturn.move_decision), so a person is shown the whole area those
steps can reach with the moves left, and each square's first step (the action to take
towards it): the hero moving, or the zombie on a Shamble (D6 steps). `move_of` reads those
steps for the engine's reach and walks (GameSpec.moves, engine/reach.py): a person's tap on a
far square walks there a step at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deadtable.engine.decisions import Action
from deadtable.games.last_night_on_earth import buildingcards
from deadtable.games.last_night_on_earth.heroturn import HeroAct, move_steps
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name
from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn, zombie_steps


def move_of(state: LastNightState, action: Action) -> tuple[str, str, str] | None:
    """A step of the figure on the move, as interfaces read it (GameSpec.moves): the hero
    taking his move a step at a time (heroturn.move_decision, `step:S`), or a zombie's move in
    the zombies' movement (zombieturn.move_decision, `move:Z:S`: one space, D6 on a Shamble)
    by the name the log gives it ("Zombie 3"); with the square it stands on and the square it
    steps to. None for any other action ("Stop here", a zombie staying, Shamble played)."""
    args = action.args
    if not args or not state.stack:
        return None
    verb, top = args.get("verb"), state.stack[-1]
    names = state.board.names
    # the square by number, or by name where the terminal has named it (choose.with_space_names)
    to = args.get("space")
    to = to if isinstance(to, str) else names[to] if isinstance(to, int) else None
    if to is None:
        return None
    if verb == "step" and isinstance(top, HeroAct) and top.step == "moving":
        return top.hero, names[state.heroes[top.hero].space], to
    if verb == "move" and isinstance(top, ZombieTurn) and top.step == "move":
        zombie = args["figure"]
        return zombie_name(zombie), names[state.zombies[zombie]], to
    return None


def moving_view(state: LastNightState) -> dict[str, Any] | None:
    """{"mover", "left", "reach": {square: [moves, first step]}} (and "hero" for a hero,
    "zombie" for a zombie) while a figure is asked for one of several steps, else None."""
    top = state.stack[-1] if state.stack else None
    if isinstance(top, HeroAct) and top.step == "moving" and top.moves_left > 0:
        return hero_reach(state, top)
    if isinstance(top, ZombieTurn) and top.step == "move" and top.shambling \
            and top.steps_left > 1 and top.order:
        return shamble_reach(state, top)
    return None


def hero_reach(state: LastNightState, top: HeroAct) -> dict[str, Any]:
    """A square with zombies or in a dark building entered from outside ends the move there
    (heroturn.step), so the area goes no further through it."""
    hero = state.heroes[top.hero]

    def ends(came_from: int, space: int) -> bool:
        return bool(state.zombies_at(space)) or buildingcards.stops_in_the_dark(
            state, hero.items, came_from, space) is not None

    reach = spread(state, hero.space, top.moves_left, move_steps, ends)
    return {"mover": hero.name, "hero": hero.name, "left": top.moves_left, "reach": reach}


def shamble_reach(state: LastNightState, top: ZombieTurn) -> dict[str, Any]:
    """The zombie's steps (Zombie Hunger's at each square; zombies ignore walls) end in a
    hero's square (zombieturn.move_zombie)."""
    zombie = top.order[0]
    reach = spread(state, state.zombies[zombie], top.steps_left, zombie_steps,
                   lambda _, space: bool(state.heroes_at(space)))
    return {"mover": zombie_name(zombie), "zombie": zombie, "left": top.steps_left,
            "reach": reach}


def spread(state: LastNightState, start: int, moves_left: int,
           steps: Callable[[LastNightState, int], list[int]],
           ends: Callable[[int, int], bool]) -> dict[str, list[Any]]:
    """Breadth first from `start`: each square's fewest moves and its first step."""
    names = state.board.names
    reach: dict[str, list[Any]] = {}
    frontier = [(s, s, start) for s in steps(state, start)]
    seen = {start}
    for moves in range(1, moves_left + 1):
        after: list[tuple[int, int, int]] = []
        for space, first, came_from in frontier:
            if space in seen:
                continue
            seen.add(space)
            reach[names[space]] = [moves, names[first]]
            if ends(came_from, space):
                continue
            after += [(n, first, space) for n in steps(state, space) if n not in seen]
        frontier = after
    return reach
