"""Townsfolk tokens (Save the Townsfolk), by SotF's Townsfolk (X) rule:

- each token starts in a random building, re-rolled if the building has a spawning pit;
- a hero on a token's space may take it along (one at most), and leave it on any space;
  taken along it moves with the hero; the hero's death leaves it where he fell;
- at any time of the Hero turn outside a fight each token may once attack a zombie on its space
  or an adjacent one: on a D6 of 5-6 the zombie is wounded (killed);
- a zombie on a token's space with no hero there attacks it in the heroes' combat: 5-6 kills it;
  Just a Scratch can prevent it ("a card that protects from wounds").

Designed (docs/last-night-on-earth.md, "Save the Townsfolk"): a token brought to a space of the
Center of Town is saved at once; taking and leaving a token are actions of the hero's turn (not
of a step of its move), a token left not taken again that turn; the zombies attack townsfolk
at the end of the Hero turn, every zombie that can (SotF's "may": none would decline); a
zombie's wound on a token kills it; barricades are not in the base game, so townsfolk build
none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.engine.decisions import Action
from deadtable.games.last_night_on_earth.state import HEROES, ZOMBIES, HeroFigure, LastNightState
from deadtable.games.last_night_on_earth.wounds import finish, kill_zombie, zombie_name

if TYPE_CHECKING:
    from deadtable.games.last_night_on_earth.heroturn import HeroAct, HeroTurn

RULE = "SotF, Townsfolk (X)"
GOAL = "Scenario: Save the Townsfolk (data/scenarios.toml)"


def place_townsfolk(state: LastNightState) -> None:
    from deadtable.games.last_night_on_earth.scenario import random_building, random_space

    with_pits = {state.town.building_of[p] or "" for p in state.pits}
    for i in range(state.scenario.numbers["townsfolk"]):
        building = random_building(state, with_pits)
        if building is None:
            break
        token = f"Townsperson {i + 1}"
        state.folk[token] = random_space(state, building)
        state.event(f"{token} waits in the {building} at {state.name(state.folk[token])}.",
                    RULE)


def escorted_by(state: LastNightState, token: str) -> str | None:
    return next((h for h, t in state.escort.items() if t == token), None)


def attacks_done(state: LastNightState) -> list[str]:
    turn = next(f for f in reversed(state.stack) if f.KIND == "hero-turn")
    return turn.folk_attacked  # type: ignore[attr-defined]


def actions(state: LastNightState, frame: HeroAct, hero: HeroFigure) -> list[Action]:
    if not state.folk:
        return []
    found = []
    token = state.escort.get(hero.name)
    if token is None:
        found += [Action(f"escort:{t}", f"Take {t} along", {"verb": "escort", "token": t})
                  for t, s in sorted(state.folk.items())
                  if s == hero.space and escorted_by(state, t) is None and t not in frame.handled]
    else:
        found.append(Action(f"leave:{token}", f"Leave {token} here", {"verb": "leave",
                                                                       "token": token}))
    done = attacks_done(state)
    for t, s in sorted(state.folk.items()):
        if t in done or (escorted_by(state, t) not in (None, hero.name)):
            continue  # a token taken along attacks in its own hero's turn
        found += [Action(f"folk:{t}:{z}", f"{t} attacks {zombie_name(z)} (5-6 kills it)",
                         {"verb": "attack", "token": t, "figure": z})
                  for z, zs in sorted(state.zombies.items())
                  if zs == s or state.board.adjacent(s, zs)]
    return found


def do_escort(state: LastNightState, frame: HeroAct, hero: HeroFigure, token: str) -> None:
    state.escort[hero.name] = token
    state.event(f"{hero.name} takes {token} along.", RULE)


def do_leave(state: LastNightState, frame: HeroAct, hero: HeroFigure, token: str) -> None:
    del state.escort[hero.name]
    frame.handled.append(token)  # not taken again this turn: no endless take and leave
    state.event(f"{hero.name} leaves {token} at {state.name(hero.space)}.", RULE)


def do_attack(state: LastNightState, frame: HeroAct, hero: HeroFigure, rest: str) -> None:
    token, _, zombie = rest.partition(":")
    attacks_done(state).append(token)
    rolled = state.dice.d6()
    if rolled >= 5:
        state.event(f"{token} attacks {zombie_name(zombie)}: {rolled}, a wound.", RULE)
        kill_zombie(state, zombie, RULE)
    else:
        state.event(f"{token} attacks {zombie_name(zombie)}: {rolled}, a miss.", RULE)


def follow(state: LastNightState, hero: HeroFigure) -> None:
    """The token a hero takes along moves with him; in the Center of Town it is saved."""
    token = state.escort.get(hero.name)
    if token is None:
        return
    state.folk[token] = hero.space
    if hero.space in state.town.center_of_town:
        del state.folk[token], state.escort[hero.name]
        state.saved += 1
        state.event(f"{hero.name} brings {token} to the Center of Town: saved ({state.saved} "
                    "saved).", GOAL)
        if state.saved >= state.scenario.numbers["townsfolk_to_save"]:
            finish(state, HEROES, f"{state.saved} townsfolk saved", GOAL)


def zombies_attack(state: LastNightState, turn: HeroTurn) -> bool:
    """At the end of the Hero turn each zombie on a token's space with no hero there attacks
    it; True while a wound waits on Just a Scratch (asked whenever a hand holds a card, as for
    a hero's wound)."""
    for token, space in sorted(state.folk.items()):
        if state.heroes_at(space):
            continue
        for zombie in [z for z, s in sorted(state.zombies.items()) if s == space]:
            if zombie in turn.folk_attacked_by:
                continue
            turn.folk_attacked_by.append(zombie)
            rolled = state.dice.d6()
            if rolled < 5:
                state.event(f"{zombie_name(zombie)} attacks {token}: {rolled}, a miss.", RULE)
                continue
            state.event(f"{zombie_name(zombie)} attacks {token}: {rolled}, a wound.", RULE)
            if any(h.hand for h in state.living()):
                turn.step = "scratch-folk"
                turn.folk_wounded = token
                return True
            lose(state, token)
            break
    return False


def lose(state: LastNightState, token: str) -> None:
    del state.folk[token]
    state.folk_lost += 1
    state.event(f"{token} is killed ({state.folk_lost} killed).", RULE)
    if state.folk_lost >= state.scenario.numbers["townsfolk_lost"]:
        finish(state, ZOMBIES, f"{state.folk_lost} townsfolk killed", GOAL)


def scratch_actions(state: LastNightState, token: str) -> list[Action]:
    from deadtable.games.last_night_on_earth.wounds import SCRATCH

    found = [Action(f"scratch:{h.name}", f"{h.name} plays Just a Scratch: {token} lives",
                    {"verb": "play", "card": SCRATCH, "hero": h.name})
             for h in state.living() if SCRATCH in h.hand]
    return found + [Action("take", f"{token} dies", {"verb": "pass"})]


def apply_scratch(state: LastNightState, turn: HeroTurn, action_id: str) -> None:
    from deadtable.games.last_night_on_earth.wounds import SCRATCH

    token, turn.folk_wounded, turn.step = turn.folk_wounded, "", "folk"
    if action_id == "take":
        lose(state, token)
        return
    holder = state.heroes[action_id.split(":", 1)[1]]
    holder.hand.remove(SCRATCH)
    state.hero_discard.put_on_top(SCRATCH)
    state.event(f"{holder.name} plays Just a Scratch: {token}'s wound is prevented.",
                f"Hero card: {SCRATCH}")
