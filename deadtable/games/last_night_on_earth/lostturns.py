"""Advanced Zombie cards that cost heroes their next turn (reference/last-night-on-earth.md,
"Zombie deck, Advanced"):

- Bickering: every hero in a space with another hero loses his next turn.
- This Could Be Our Last Night on Earth: a male and a female hero in the same space both lose
  their next turn (the zombies name the two; hero sheets give the gender).

A hero who loses his turn is passed over at the next Hero turn: he neither moves, searches,
trades, shoots nor fights in it (designed: the whole turn, fights included, as "lose their
turn" says).
"""

from __future__ import annotations

from deadtable.engine.decisions import Action, Decision
from deadtable.games.last_night_on_earth.state import ZOMBIES, HeroFigure, LastNightState

BICKERING = "Bickering"
LOVERS = "This Could Be Our Last Night on Earth"
CARDS = (BICKERING, LOVERS)


def sharing(state: LastNightState) -> list[HeroFigure]:
    """The living heroes in a space with another hero."""
    return [h for h in state.living() if len(state.heroes_at(h.space)) > 1]


def partners(state: LastNightState, hero: HeroFigure) -> list[HeroFigure]:
    gender = state.hero(hero.name).gender
    return [h for h in state.heroes_at(hero.space) if state.hero(h.name).gender != gender]


def playable(state: LastNightState, card: str) -> bool:
    if card == BICKERING:
        return bool(sharing(state))
    return any(partners(state, h) for h in state.living())


def lose_turn(state: LastNightState, card: str, names: list[str]) -> None:
    for name in names:
        state.lost_turns[name] = card
    state.event(f"{card}: {' and '.join(names)} will lose their next turn.",
                f"Zombie card: {card}")


def bickering(state: LastNightState) -> None:
    lose_turn(state, BICKERING, [h.name for h in sharing(state)])


def lovers_decision(state: LastNightState, first: str) -> Decision | None:
    """The zombies name a hero with a partner of the other gender in his space, then the
    partner."""
    if first:
        heroes = partners(state, state.heroes[first])
        question = f"{LOVERS}: {first} and which hero?"
    else:
        heroes = [h for h in state.living() if partners(state, h)]
        question = f"{LOVERS}: on which hero?"
    if not heroes:
        return None
    return Decision.of(ZOMBIES, question, [
        Action(f"hero:{h.name}", h.name, {"verb": "target", "hero": h.name}) for h in heroes])


def skip(state: LastNightState, acted: list[str]) -> None:
    """At the Hero turn's start: heroes who lose this turn count as having taken it."""
    for name, card in state.lost_turns.items():
        if not state.heroes[name].dead:
            acted.append(name)
            state.event(f"{name} loses this turn.", f"Zombie card: {card}")
    state.lost_turns.clear()
