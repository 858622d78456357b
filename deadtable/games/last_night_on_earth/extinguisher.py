"""The Advanced Hero card Fire Extinguisher (2) (reference/last-night-on-earth.md, "Hero deck,
Advanced"): "Discard to cancel a fight, OR to push every zombie in your space and the adjacent
spaces one space away."

Designed:
- it is an item the hero carries; to cancel a fight it is discarded in the fight's bonus step
  (before the roll, where Mr. Hyde and Deputy Taylor cancel fights) by a hero carrying it in
  the space of the fight, his own or another hero's there, in either side's turn;
- the push is played at any time of the carrier's own turn outside a fight; "adjacent" is a
  hero's step (walls and windows between squares stop the spray, as for Gasoline); each zombie
  goes to a square next to its own, across no wall or window, farther from the hero (counted
  in steps across and down); the heroes choose the square, zombie by zombie; a zombie with no
  such square stays. A push is not a zombie's move: Zombie Hunger and Old Betsy play no part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth import cards
from deadtable.games.last_night_on_earth.state import HEROES, HeroFigure, LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct

EXTINGUISHER = "Fire Extinguisher"
CITE = f"Hero card: {EXTINGUISHER}"
BLOCKING = frozenset({"wall", "window"})  # the spray stops at walls and windows


def cancel_actions(state: LastNightState, hero: HeroFigure) -> list[Action]:
    """The fight's bonus step: every hero carrying it in the space may cancel the fight."""
    return [Action(f"no-fight:{h.name}:{EXTINGUISHER}",
                   f"{h.name} discards the {EXTINGUISHER}: the fight is cancelled",
                   {"verb": "play", "card": EXTINGUISHER, "hero": h.name})
            for h in state.heroes_at(hero.space) if EXTINGUISHER in h.items]


def actions(state: LastNightState, hero: HeroFigure) -> list[Action]:
    if EXTINGUISHER not in hero.items or not sprayed(state, hero):
        return []
    return [Action(f"play:{EXTINGUISHER}", f"Discard the {EXTINGUISHER}: push every zombie "
                   "here and next to you one space away", {"verb": "play",
                                                          "card": EXTINGUISHER})]


def reached(state: LastNightState, hero: HeroFigure) -> list[int]:
    board = state.board
    return [hero.space] + [n for n in board.neighbours[hero.space]
                           if board.passable(hero.space, n, BLOCKING)]


def sprayed(state: LastNightState, hero: HeroFigure) -> list[str]:
    """The zombies the spray reaches, in their spaces' order."""
    return [z for s in reached(state, hero) for z in state.zombies_at(s)]


def start(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    frame.pushing = sprayed(state, hero)
    cards.discard_hero_card(state, hero, EXTINGUISHER)
    state.event(f"{hero.name} discards the {EXTINGUISHER}: {len(frame.pushing)} zombies are "
                "pushed away.", CITE)
    frame.step = "push"


def away(state: LastNightState, hero: HeroFigure, space: int) -> list[int]:
    """The squares next to `space`, across no wall or window, farther from the hero."""
    board = state.board
    coords = board.coords

    def far(s: int) -> int:
        a, b = coords[s], coords[hero.space]
        return 0 if a is None or b is None else abs(a[0] - b[0]) + abs(a[1] - b[1])

    return sorted(n for n in board.neighbours[space]
                  if board.passable(space, n, BLOCKING) and far(n) > far(space))


def decision(state: LastNightState, frame: HeroAct) -> Decision | None:
    """Where the next zombie goes; zombies with nowhere to go stay (run: push_done)."""
    hero = state.heroes[frame.hero]
    found = [Action(f"move:{z}:{s}", f"Push {zombie_name(z)} to {state.name(s)}",
                    {"verb": "move", "figure": z, "space": s})
             for z in frame.pushing if z in state.zombies
             for s in away(state, hero, state.zombies[z])]
    if not found:
        return None
    return Decision.of(HEROES, f"{EXTINGUISHER}: push a zombie away "
                       f"({len(frame.pushing)} to push)", found)


def push(state: LastNightState, frame: HeroAct, action_id: str) -> None:
    _, zombie, space = action_id.split(":")
    frame.pushing.remove(zombie)
    state.zombies[zombie] = int(space)
    state.event(f"{zombie_name(zombie)} is pushed to {state.name(int(space))}.", CITE)


def push_done(state: LastNightState, frame: HeroAct) -> None:
    """No zombie left with a square to go to: the rest stay."""
    for zombie in frame.pushing:
        if zombie in state.zombies:
            state.event(f"{zombie_name(zombie)} has nowhere to be pushed and stays.", CITE)
    frame.pushing = []
    frame.step = "main"
