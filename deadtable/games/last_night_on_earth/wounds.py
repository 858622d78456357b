"""Wounds, death, Zombie Heroes, killed zombies and the end of the game.

A wound about to be taken opens a response window for Just a Scratch ("Play when a hero is
about to take a wound: prevent that wound"), played from any living hero's hand. A hero whose
wounds reach the hero sheet's number is killed: its cards go to the discard pile and, with the
`zombie-heroes` option, it rises as a Zombie Hero in its space (designed: docs, "Zombie
Heroes").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.engine.state import Outcome
from deadtable.games.last_night_on_earth import (
    heroic,
    kindastrange,
    onhero,
    overconfidence,
    rottenbodies,
)
from deadtable.games.last_night_on_earth.state import (
    HEROES,
    ZOMBIES,
    HeroFigure,
    LastNightState,
    is_zombie_hero,
)

SCRATCH = "Just a Scratch"
DEATH = "Base game: Wounds and death"  # the hero sheets; reference/last-night-on-earth.md
ZOMBIE_HERO = "Zombie Heroes (designed: docs/last-night-on-earth.md)"


@dataclass(slots=True)
class Wound(Frame):
    """A hero about to take a wound, and why."""

    KIND = "wound"
    hero: str
    cite: str
    step: str = "respond"


class WoundHandler(Handler[LastNightState, Wound]):
    def decide(self, state: LastNightState, frame: Wound) -> Decision | None:
        # Asked whenever a hero holds any card (hand sizes are public), so that the question
        # itself does not tell the zombies who holds Just a Scratch.
        if not any(h.hand for h in state.living()):
            return None
        holders = [h for h in state.living() if SCRATCH in h.hand]
        actions = [Action(f"scratch:{h.name}", f"{h.name} plays Just a Scratch: "
                          f"{frame.hero} takes no wound",
                          {"verb": "play", "card": SCRATCH, "hero": h.name}) for h in holders]
        actions.append(Action("take", f"{frame.hero} takes the wound", {"verb": "pass"}))
        return Decision.of(HEROES, f"{frame.hero} is about to take a wound", actions)

    def run(self, state: LastNightState, frame: Wound) -> None:
        state.pop()
        wounded(state, frame)

    def apply(self, state: LastNightState, frame: Wound, action_id: str) -> None:
        state.pop()
        if action_id == "take":
            wounded(state, frame)
            return
        holder = state.heroes[action_id.split(":", 1)[1]]
        holder.hand.remove(SCRATCH)
        state.hero_discard.put_on_top(SCRATCH)
        state.event(f"{holder.name} plays Just a Scratch: {frame.hero}'s wound is prevented.",
                    "Hero card: Just a Scratch")


def wounded(state: LastNightState, frame: Wound) -> None:
    """The wound is taken; after a zombie's, the zombies may answer (I Feel Kinda Strange)."""
    hero = state.heroes[frame.hero]
    take_wound(state, hero, frame.cite)
    kindastrange.after_wound(state, hero, frame.cite)


def take_wound(state: LastNightState, hero: HeroFigure, cite: str) -> None:
    if kindastrange.turns(state, hero):
        kindastrange.turn(state, hero)
        return
    hero.wounds += 1
    most = state.hero(hero.name).wounds
    state.event(f"{hero.name} takes a wound ({hero.wounds} of {most}).", cite)
    if hero.wounds >= most:
        kill_hero(state, hero)


def kill_hero(state: LastNightState, hero: HeroFigure, rises_by: str = "") -> None:
    """A hero killed; he rises as a Zombie Hero with the `zombie-heroes` option, or where a
    card (`rises_by`, its cite) makes him one."""
    hero.dead = True
    state.heroes_killed += 1
    for card in hero.items + hero.hand:
        state.hero_discard.put_on_top(card)
    hero.items, hero.hand = [], []
    hero.faith, hero.kept_faith = 0, False
    state.escort.pop(hero.name, None)  # a townsperson taken along stays where he fell
    onhero.discard_with(state, hero.name)
    heroic.discard_with(state, hero.name)
    overconfidence.end(state, hero.name)
    state.event(f"{hero.name} is killed; the hero's cards are discarded.", DEATH)
    if rises_by or state.options["zombie-heroes"]:
        state.zombies[zombie_hero_id(hero.name)] = hero.space
        state.event(f"{hero.name} rises as a Zombie Hero.", rises_by or ZOMBIE_HERO)
    check_zombie_win(state)


def zombie_hero_id(name: str) -> str:
    return "zombie-" + name.lower().replace(" ", "-")


def kill_zombie(state: LastNightState, zombie: str, cite: str) -> None:
    """A zombie killed by the heroes: back to the pool (a Zombie Hero leaves the game), unless
    Rotten Bodies is in force."""
    if rottenbodies.protects(state):
        state.event(f"{zombie_name(zombie)} cannot be killed ({rottenbodies.ROTTEN}).",
                    rottenbodies.CITE)
        return
    del state.zombies[zombie]
    state.kills += 1
    state.event(f"{zombie_name(zombie)} is killed ({state.kills} killed).", cite)
    goal = state.scenario.numbers.get("zombies_to_kill")
    if state.scenario.hero_goal == "kill-zombies" and goal and state.kills >= goal:
        finish(state, HEROES, f"the heroes killed {state.kills} zombies",
               f"Scenario: {state.scenario.name}")


@cache  # a few dozen figure ids, named in every label and event
def zombie_name(zombie: str) -> str:
    if is_zombie_hero(zombie):
        return "Zombie " + zombie.split("-", 1)[1].replace("-", " ").title()
    return "Zombie " + zombie.split("-", 1)[1]


def check_zombie_win(state: LastNightState) -> None:
    needed = state.scenario.numbers["heroes_killed"]
    if state.outcome is None and (state.heroes_killed >= needed or not state.living()):
        finish(state, ZOMBIES, f"the zombies killed {state.heroes_killed} heroes",
               f"Scenario: {state.scenario.name}")


def finish(state: LastNightState, winner: str, cause: str, cite: str) -> None:
    from deadtable.games.last_night_on_earth import lastfight  # it names zombies by this module

    lastfight.at_game_end(state)
    results = {seat: "win" if state.game.side_of(seat) == winner else "loss"
               for seat in state.game.seats}  # every hero player wins or loses together
    state.finish(Outcome(results, cause,
                         {"kills": state.kills, "heroes_killed": state.heroes_killed,
                          "turn": state.turn}), cite)
