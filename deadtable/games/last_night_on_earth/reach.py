"""Where the hero on the move may still get to: the rules offer a move one step at a time
(heroturn.move_decision), so a person is shown the whole area those steps can reach with the
moves left, and each square's first step (the action to take towards it)."""

from __future__ import annotations

from typing import Any

from deadtable.games.last_night_on_earth import buildingcards
from deadtable.games.last_night_on_earth.heroturn import HeroAct, move_steps
from deadtable.games.last_night_on_earth.state import LastNightState


def moving_view(state: LastNightState) -> dict[str, Any] | None:
    """{"hero", "left", "reach": {square: [moves, first step]}} while a hero is asked for a
    step, else None. A square with zombies or in a dark building entered from outside ends the
    move there (heroturn.step), so the area goes no further through it."""
    top = state.stack[-1] if state.stack else None
    if not isinstance(top, HeroAct) or top.step != "moving" or top.moves_left <= 0:
        return None
    hero = state.heroes[top.hero]
    names = state.board.names
    reach: dict[str, list[Any]] = {}
    frontier = [(s, s, hero.space) for s in move_steps(state, hero.space)]
    seen = {hero.space}
    for moves in range(1, top.moves_left + 1):
        after: list[tuple[int, int, int]] = []
        for space, first, came_from in frontier:
            if space in seen:
                continue
            seen.add(space)
            reach[names[space]] = [moves, names[first]]
            if state.zombies_at(space) or buildingcards.stops_in_the_dark(
                    state, hero.items, came_from, space):
                continue
            after += [(n, first, space) for n in move_steps(state, space) if n not in seen]
        frontier = after
    return {"hero": hero.name, "left": top.moves_left, "reach": reach}
