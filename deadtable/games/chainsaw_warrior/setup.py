"""PREPARING FOR PLAY: the decks, the warrior, and kitting out before entering the house."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from deadtable.engine.cards import Pile, Visibility
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game
from deadtable.engine.wording import count
from deadtable.games.chainsaw_warrior import training as advanced
from deadtable.games.chainsaw_warrior import warrior as creation
from deadtable.games.chainsaw_warrior.building import start_kit
from deadtable.games.chainsaw_warrior.data import PILES, CardData, load_cards
from deadtable.games.chainsaw_warrior.decks import build_house
from deadtable.games.chainsaw_warrior.equipment import LASER_LANCE, fresh
from deadtable.games.chainsaw_warrior.flow import run
from deadtable.games.chainsaw_warrior.rules import Rules
from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
from deadtable.games.chainsaw_warrior.warrior import Warrior


@lru_cache(maxsize=8)
def _cards(path: str) -> CardData:
    return load_cards(path or None)


def card_data(options: dict[str, Any]) -> CardData:
    return _cards(options["data"])


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> ChainsawWarriorState:
    state = ChainsawWarriorState(game, seed, dice, setup)
    data = state.data = card_data(game.options)
    state.rules = Rules.from_options(game.options)
    rolls = creation.ROLLS[state.rules.difficulty]

    # The Playing Cards: the two House decks, the Wandering Zombies, the Equipment piles.
    if "deck_one" in setup or "deck_two" in setup:
        one = Pile("deck-one", _known(setup.get("deck_one", []), data.house, "deck_one"))
        two = Pile("deck-two", _known(setup.get("deck_two", []), data.house, "deck_two"))
    else:
        one, two = build_house(dice, list(data.house), data.darkness)
    state.decks = [one, two]
    state.discards = [Pile("discard-one", visibility=Visibility.OPEN),
                      Pile("discard-two", visibility=Visibility.OPEN)]
    state.wandering = Pile("wandering-zombies",
                           _known(setup.get("wandering", []), data.wandering, "wandering")
                           or list(data.wandering))
    if "wandering" not in setup:
        state.wandering.shuffle(dice)
    state.piles = {}
    stacked = setup.get("piles", {})
    for pile in PILES:
        cards = [i for i, item in data.items.items() if item.back == pile
                 and (game.options["advanced-equipment"] or not item.advanced)]
        if pile in stacked:
            order = _known(stacked[pile], data.items, f"piles.{pile}")
            cards = order + [c for c in cards if c not in order]
            state.piles[pile] = Pile(pile, cards)
        else:
            state.piles[pile] = Pile(pile, cards)
            state.piles[pile].shuffle(dice)

    state.current = 0
    state.removed, state.seen = [], set()
    state.time, state.field_until = int(setup.get("time", 0)), 0  # a test may start later
    state.turned, state.free = None, True
    state.phase, state.ctx, state.tasks = "", {}, []
    state.fight, state.left_building, state.exiting = None, 0, 0
    state.smash_until, state.flare, state.known = 0, 0, []
    state.determination, state.sprint, state.mark = 0, False, []

    # Creating Your Warrior (or the one a test or a user gives); Advanced Training asks.
    training = "warrior" not in setup and state.rules.has("advanced-training")
    if "warrior" in setup:
        state.warrior = _given_warrior(setup["warrior"])
        state.event(f"Your warrior: {_describe(state.warrior)}.", cite="Creating Your Warrior")
    elif not training:
        state.warrior, log = creation.create(dice, data.marksmanship, rolls)
        for line in log:
            state.event(line, cite="Creating Your Warrior")
    # Kitting Out: the free Laser-lance, then the allowance (or a given kit).
    state.items = [fresh(data.items[LASER_LANCE])]
    if "kit" in setup:
        for item_id in _known(setup["kit"], data.items, "kit"):
            state.items.append(fresh(data.items[item_id]))
            for equipment_pile in state.piles.values():
                if item_id in equipment_pile:
                    equipment_pile.remove(item_id)
        state.event("Your kit: " + ", ".join(data.items[c.item].name for c in state.items) + ".",
                    cite="Kitting Out")
    if training:  # the points are placed first; kitting out follows
        advanced.begin(state, kit="kit" not in setup)
    elif "kit" not in setup:
        points = creation.roll_allowance(dice, state.warrior, rolls)
        state.event(f"Equipment Allowance: {count(points, 'point')}.", cite="Kitting Out")
        start_kit(state, points)
    run(state)
    return state


def _known(ids: list[str], table: dict[str, Any], where: str) -> list[str]:
    unknown = [i for i in ids if i not in table]
    if unknown:
        raise ValueError(f"set-up {where}: unknown card(s) {unknown}; known: "
                         f"{', '.join(sorted(table))}")
    return list(ids)


def _given_warrior(values: dict[str, Any]) -> Warrior:
    fields = {"endurance": 15, "wounds": 14, "hth": 11, "reflexes": 9, "marksmanship": 1,
              "skill": "strength"}
    extra = {"max_wounds", "radiation", "venom", "infected"}
    unknown = sorted(set(values) - set(fields) - extra)
    if unknown:
        raise ValueError(f"set-up warrior: unknown field(s) {unknown}; known: "
                         f"{', '.join([*fields, *sorted(extra)])}")
    merged = {**fields, **values}
    return Warrior(
        endurance=merged["endurance"], wounds=merged["wounds"],
        max_wounds=values.get("max_wounds", merged["wounds"]), hth=merged["hth"],
        reflexes=merged["reflexes"], marksmanship=merged["marksmanship"],
        skill=merged["skill"], equipment_allowance=0, radiation=values.get("radiation", 0),
        venom=values.get("venom", 0), infected=values.get("infected", False),
    )


def _describe(w: Warrior) -> str:
    return (f"Endurance {w.endurance}, Wounds {w.wounds}, HtH {w.hth}, Reflexes {w.reflexes}, "
            f"Marksmanship {w.marksmanship:+d}, skill {w.skill}")
