"""What a seat sees: the town, every figure, the heroes' face-up items, the discard piles (face
up: every card, the newest first, for every seat and the spectator), the cards in play and the
Sun track. The heroes' seat sees the heroes' hands, the zombies' seat its
own hand; nobody sees either deck's order (only how many cards are left) or the dice to come.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from deadtable.engine.board import Board
from deadtable.games.last_night_on_earth import haunted, lastfight
from deadtable.games.last_night_on_earth.buildingcards import card_of
from deadtable.games.last_night_on_earth.fight import Fight
from deadtable.games.last_night_on_earth.oldbetsy import cows
from deadtable.games.last_night_on_earth.prayer import Prayer
from deadtable.games.last_night_on_earth.reach import moving_view
from deadtable.games.last_night_on_earth.scenario import objective
from deadtable.games.last_night_on_earth.state import ZOMBIES, LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_name
from deadtable.games.last_night_on_earth.zseats import hand_of


@lru_cache(maxsize=16)
def town_view(board: Board, buildings: tuple[tuple[str, tuple[str, ...]], ...],
              pits: tuple[str, ...]) -> dict[str, Any]:
    """The static town, once per board: squares, edges (walls, doors, windows), buildings."""
    names = board.names
    return {
        "kind": board.kind,
        "spaces": [[names[i], *(board.coords[i] or (None, None)), board.terrain[i]]
                   for i in range(board.size)],
        "edges": [[names[a], names[b], f] for (a, b), f in sorted(board.features.items())],
        "buildings": {name: list(spaces) for name, spaces in buildings},
        "spawning_pits": list(pits),
    }


def view(state: LastNightState, seat: str | None) -> dict[str, Any]:
    names = state.board.names
    town = state.town
    buildings = tuple(sorted((b.name, tuple(sorted(names[s] for s in b.spaces)))
                             for b in town.buildings.values()))
    heroes = []
    for hero in state.heroes.values():
        sheet = state.hero(hero.name)
        shown: dict[str, Any] = {
            "name": hero.name, "title": sheet.title, "space": names[hero.space],
            "wounds": hero.wounds, "max_wounds": sheet.wounds, "dead": hero.dead,
            "items": list(hero.items), "hand_count": len(hero.hand),
            "faith": hero.faith + (1 if hero.kept_faith else 0),
            "keywords": list(haunted.keywords(state, hero.name)),
        }
        if seat is not None and seat == state.seat_of(hero.name):
            shown["hand"] = list(hero.hand)
            shown["yours"] = True
        heroes.append(shown)
    seen: dict[str, Any] = {
        "scenario": state.scenario.name,
        "turn": state.turn,
        "sun_track": state.scenario.sun_track,
        "kills": state.kills,
        "goal": state.scenario.numbers.get("zombies_to_kill"),
        "objective": objective(state.scenario),
        "heroes_killed": state.heroes_killed,
        "town": town_view(state.board, buildings,
                          tuple(names[s] for s in state.pits)),
        "heroes": heroes,
        "zombies": [{"id": z, "name": zombie_name(z), "space": names[s]}
                    for z, s in sorted(state.zombies.items())],
        "pool": state.pool(),
        "hero_deck": state.hero_deck.view(seat),
        "hero_discard": state.hero_discard.view(seat),
        "zombie_deck": state.zombie_deck.view(seat),
        "zombie_discard": state.zombie_discard.view(seat),
        "zombie_hand": zombie_hand_view(state, seat),
        # the Zombie cards in play, then the Hero cards ("Heroic Resolve (Sally)")
        "in_play": list(state.in_play) + (["Cornered"] if state.cornered else [])
        + list(state.hero_in_play),
        "cows": sorted(names[s] for s in cows(state)),  # Old Betsy's squares
        "fight": fight_view(state),
        "last_fight": lastfight.view(state),  # the last one finished, kept till the next ends
        "turn_of": turn_of(state),
        "gas": sorted(names[s] for s in state.gas),
        "moving": moving_view(state),
    }
    if seen["moving"]:  # a far square typed at the terminal steps toward it (ui/choose.py)
        seen["toward"] = {square: first for square, (moves, first)
                          in seen["moving"]["reach"].items() if moves > 1}
    if state.scenario.hero_goal == "escape-truck" and town.truck is not None:
        seen["truck"] = names[town.truck]
    if state.scenario.hero_goal == "burn-pits":
        seen["pits_to_burn"] = sorted(names[s] for s in state.targets)
    if state.scenario.hero_goal == "rescue-townsfolk":
        seen["townsfolk"] = {t: names[s] for t, s in sorted(state.folk.items())}
        seen["escort"] = dict(state.escort)
        seen["townsfolk_saved"] = state.saved
        seen["townsfolk_lost"] = state.folk_lost
    seen["cards"] = card_texts(state, seen, seat)
    return seen


def zombie_hand_view(state: LastNightState, seat: str | None) -> dict[str, Any]:
    """The hand's size for all; a zombie player's own cards for that player."""
    shown = state.zombie_hand.view(None)
    if seat in state.game.sides[ZOMBIES]:
        shown["cards"] = hand_of(state, seat)
        if seat != ZOMBIES:
            shown["count"] = len(shown["cards"])
            shown["other_count"] = len(state.zombie_hand) - shown["count"]
    return shown


def card_texts(state: LastNightState, seen: dict[str, Any], seat: str | None) -> dict[str, str]:
    """The printed text of every card the seat can read in this view (items, its own hands,
    cards in play, the cards of the fight under way and the last one, a Zombie card the
    heroes are answering, both discard piles: all public but the seat's own hands; and the
    cards its own choices name, such as a discarded card to take back), for a person to read
    what a card does."""
    names = [n for h in seen["heroes"] for n in h["items"] + h.get("hand", [])]
    names += seen["zombie_hand"].get("cards", []) + [card_of(e) for e in state.in_play]
    names += [card_of(e) for e in state.hero_in_play]
    names += (seen["last_fight"] or {}).get("cards", []) + (seen["fight"] or {}).get("cards", [])
    names += seen["hero_discard"].get("cards", []) + seen["zombie_discard"].get("cards", [])
    top = state.stack[-1] if state.stack else None
    if isinstance(top, Prayer):  # announced: it has left the hand
        names.append(top.card)
    decision = state.decision
    if seat is not None and decision is not None and decision.seat == seat:  # its own only
        names += [a.args["card"] for a in decision.actions if a.args and "card" in a.args]
    cards = state.data.cards
    return {n: cards[n].text for n in dict.fromkeys(names) if n in cards}


def turn_of(state: LastNightState) -> str:
    """Whose turn it is, for a person: the hero acting, the heroes, or the zombies."""
    for frame in reversed(state.stack):
        if frame.KIND == "hero-act":
            return f"{frame.hero}'s turn"  # type: ignore[attr-defined]
        if frame.KIND == "hero-turn":
            return "the heroes' turn"
        if frame.KIND == "zombie-turn":
            return "the zombies' turn"
    return "game over" if state.outcome is not None else "setting up"


def fight_view(state: LastNightState) -> dict[str, Any] | None:
    """The fight under way: the top fight on the stack, also while a step of its own is
    asked over it (Father Joseph's Prayer against a Fight card, the zombies' answer to Faith),
    with the cards played in it so far (public: their texts can be read)."""
    top = next((f for f in reversed(state.stack) if isinstance(f, Fight)), None)
    if top is None or state.outcome is not None:  # over: last_fight
        return None
    return {"hero": top.hero, "zombie": zombie_name(top.zombie),
            "space": state.name(state.heroes[top.hero].space),
            "hero_dice": list(top.hero_dice), "zombie_dice": list(top.zombie_dice),
            "braaains": top.braaains, "using": list(top.using),
            "cards": lastfight.cards_played(lastfight.public_lines(state, top))}
