"""Setting up a game (reference/last-night-on-earth.md, "Set-up"; docs/last-night-on-earth.md).

1. The town: the centre board's side for the scenario and four L-boards drawn from the seed
   (or the user's own town map).
2. The decks: the basic cards of each deck (with decks=advanced the implemented Advanced ones
   too, and a scenario's Advanced cards), shuffled.
3. The heroes: four dealt at random (or the ones named), each in its starting building; a hero
   whose building is not on the table starts in the Center of Town with a free Hero card.
   Starting items are taken from the Hero deck (Sheriff Anderson's Revolver, Father Joseph's
   Faith).
4. The starting zombies: 2D6 of them (one zombie player) spread evenly over the spawning pits.
5. The Zombie hand is dealt at the first Zombie turn (draw to hand size), and play begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Self

from deadtable.engine.dice import Dice, derive_seed
from deadtable.games.last_night_on_earth import cards
from deadtable.games.last_night_on_earth.data import (
    Card,
    DataError,
    Hero,
    Scenario,
    Scenarios,
    Town,
    build_town,
    load_deck,
    load_heroes,
    load_scenarios,
    load_town,
)
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState, make_piles

SETUP = "Base game: Set-up"  # sources: reference/last-night-on-earth.md "Set-up"
SCENARIOS = ("die-zombies-die", "escape-in-the-truck", "defend-the-manor-house",
             "save-the-townsfolk", "burn-em-out")


@dataclass(frozen=True)
class GameData:
    heroes: dict[str, Hero]
    cards: dict[str, Card]  # basic cards of both decks, by name
    hero_cards: tuple[str, ...]  # the Hero deck as shuffled in (one entry per copy)
    zombie_cards: tuple[str, ...]
    scenarios: Scenarios
    advanced_hero: tuple[str, ...]  # the implemented Advanced cards (option decks=advanced)
    advanced_zombie: tuple[str, ...]

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self  # immutable: shared by every copy of a game


@lru_cache(maxsize=8)
def _data(heroes: str, hero_deck: str, zombie_deck: str, scenarios: str) -> GameData:
    found = load_heroes(heroes or None)
    hero = load_deck("hero", hero_deck or None)
    zombie = load_deck("zombie", zombie_deck or None)
    # basic cards, and Advanced ones by names the basic decks do not use (a scenario's
    # add_cards: Gasoline)
    by_name = {c.name: c for c in hero.cards + zombie.cards if c.set != "basic"}
    by_name.update({c.name: c for c in hero.cards + zombie.cards if c.set == "basic"})
    for name in cards.HERO_CARDS + cards.ZOMBIE_CARDS:
        if name not in by_name:
            raise DataError(f"no basic card named {name!r} in the decks; the rules play it")
    return GameData(found, by_name, tuple(cards.deck_cards(by_name, cards.HERO_CARDS)),
                    tuple(cards.deck_cards(by_name, cards.ZOMBIE_CARDS)),
                    load_scenarios(scenarios or None),
                    tuple(cards.advanced_cards(hero, cards.ADVANCED_HERO_CARDS)),
                    tuple(cards.advanced_cards(zombie, cards.ADVANCED_ZOMBIE_CARDS)))


def game_data(options: dict[str, Any]) -> GameData:
    """The heroes, decks and scenarios for these options (read once per process)."""
    return _data(options["heroes-file"], options["hero-deck"], options["zombie-deck"],
                 options["scenarios"])


def town_for(options: dict[str, Any], scenario: Scenario, seed: int) -> Town:
    """The town of this game: the user's map, or four L-boards drawn with the seed's own
    stream (so that a loaded game builds the same town)."""
    if options["town"]:
        return load_town(options["town"])
    return build_town(Dice(derive_seed(seed, 20)), scenario.centre)


def chosen_heroes(options: dict[str, Any], data: GameData) -> list[str] | None:
    """The heroes named by the `heroes` option, or None to deal them at random."""
    text = options["heroes"].strip()
    if text in ("", "random"):
        return None
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in data.heroes:
            raise ValueError(f"option 'heroes': no hero named {name!r}; the heroes are "
                             f"{', '.join(data.heroes)}")
    count = int(data.scenarios.game["heroes"])
    if len(names) != count or len(set(names)) != count:
        raise ValueError(f"option 'heroes': name {count} different heroes separated by commas "
                         f"(or 'random'), not {text!r}")
    return names


def check(options: dict[str, Any]) -> None:
    """Refuse data files the game cannot play, saying what is wrong."""
    try:
        data = game_data(options)
        if options["scenario"] not in data.scenarios.scenarios:
            raise ValueError(f"option 'scenario': {options['scenario']!r} is not in the "
                             "scenarios file")
        chosen_heroes(options, data)
        if options["town"]:
            town = load_town(options["town"])
            if not town.spawning_pits:
                raise ValueError(f"town {options['town']}: no spawning-pit marker")
            if not town.center_of_town:
                raise ValueError(f"town {options['town']}: no zone of kind 'town-center'")
            goal = data.scenarios.scenarios[options["scenario"]].hero_goal
            if goal == "escape-truck" and town.truck is None:
                raise ValueError(f"town {options['town']}: no truck marker, which the "
                                 f"scenario {options['scenario']!r} needs")
    except DataError as error:
        raise ValueError(str(error)) from None


def start(game: Any, seed: int, dice: Dice, setup: dict[str, Any]) -> LastNightState:
    from deadtable.games.last_night_on_earth.rounds import Round

    state = LastNightState(game, seed, dice, setup)
    options = game.options
    state.data = data = game_data(options)
    state.scenario = data.scenarios.scenarios[options["scenario"]]
    state.town = town_for(options, state.scenario, seed)
    hero_deck, zombie_deck = decks(options["decks"], data, state.scenario)
    dice.shuffle(hero_deck)
    dice.shuffle(zombie_deck)
    make_piles(state, {"hero_deck": hero_deck, "hero_discard": [], "zombie_deck": zombie_deck,
                       "zombie_discard": [], "zombie_hand": []})
    state.in_play = []
    state.pits = list(state.town.spawning_pits)
    state.gas, state.targets, state.folk, state.escort = [], [], {}, {}
    state.saved = state.folk_lost = 0
    state.passed, state.zhand2, state.zplayer = [], [], ""
    state.lost_turns = {}
    state.hero_in_play = []
    state.zombies = {}
    state.next_zombie = 1
    state.turn = state.kills = state.heroes_killed = 0
    state.fight_card_played = state.cornered = state.overdrawn = False
    state.last_fight, state.fight_log_end = None, 0
    state.stack = []
    state.event(f"Scenario: {state.scenario.name}; the Sun track has "
                f"{state.scenario.sun_track} turns.", "Scenario card (data/scenarios.toml)")
    corners = ", ".join(f"{c} board {n}" for c, n in state.town.corners.items())
    state.event(f"The town: {corners or state.town.origin}.", SETUP)
    place_heroes(state, chosen_heroes(options, data))
    scenario_setup(state)
    start_zombies(state)
    state.push(Round())
    state.settle()
    return state


def decks(chosen: str, data: GameData, scenario: Scenario) -> tuple[list[str], list[str]]:
    """The Hero and Zombie decks before the shuffle: the basic cards, with decks=advanced the
    Advanced ones too (reference: "plus 20 Advanced cards for each", shuffled in), and the
    scenario's Advanced cards (Gasoline...) where the Advanced deck has not brought them."""
    hero, zombie = list(data.hero_cards), list(data.zombie_cards)
    advanced = list(data.advanced_hero) if chosen == "advanced" else []
    for card in scenario.add_cards:
        if card in advanced:
            advanced.remove(card)  # the scenario's copy is this one
        hero.append(card)
    hero += advanced
    if chosen == "advanced":
        zombie += data.advanced_zombie
    return sorted(hero), sorted(zombie)


def place_heroes(state: LastNightState, names: list[str] | None) -> None:
    data = state.data
    if names is None:
        pool = sorted(data.heroes)
        state.dice.shuffle(pool)
        names = sorted(pool[:int(data.scenarios.game["heroes"])],
                       key=list(data.heroes).index)
    state.heroes = {}
    centre = state.town.center_of_town
    for name in names:
        hero = data.heroes[name]
        building = state.town.buildings.get(hero.start)
        if building is not None:
            space = min(building.spaces)
            state.heroes[name] = figure = HeroFigure(name, space)
            state.event(f"{name} starts in the {hero.start}.", SETUP)
        else:
            state.heroes[name] = figure = HeroFigure(name, centre[len(state.heroes) % len(centre)])
            state.event(f"{name}'s {hero.start} is not in town: {name} starts in the Center of "
                        "Town with a free Hero card.", SETUP)
            for _ in range(int(data.scenarios.game["absent_start_cards"])):
                card = cards.draw_hero_card(state)
                if card is not None:
                    cards.gain(state, figure, card)
                    state.event(f"{name} draws {card}.", SETUP, to=state.seat_of(name))
        for item in hero.start_items:
            if item in state.hero_deck:
                state.hero_deck.remove(item)
                cards.gain(state, figure, item)
                state.event(f"{name} starts with {item}.", "Hero sheet (data/heroes.toml)")


def scenario_setup(state: LastNightState) -> None:
    """The scenario card's set-up: Burn 'Em Out's pits in buildings, Save the Townsfolk's
    tokens (scenario.py)."""
    from deadtable.games.last_night_on_earth import scenario

    scenario.setup(state)


def start_zombies(state: LastNightState) -> None:
    """2D6 zombies (one zombie player) on the spawning pits, spread evenly: dealt round the
    pits in the map's order (designed: the pits take turns)."""
    from deadtable.games.last_night_on_earth import zseats

    rolled, dice = zseats.roll_dice(state, "start_zombies_dice")
    count = sum(rolled)
    pits = state.pits
    count = min(count, state.pool()) if pits else 0
    for i in range(count):
        new_zombie(state, pits[i % len(pits)])
    state.event(f"{count} zombies start on the spawning pits ({dice}: {rolled}).", SETUP)


def new_zombie(state: LastNightState, space: int) -> str:
    zombie = f"zombie-{state.next_zombie}"
    state.next_zombie += 1
    state.zombies[zombie] = space
    return zombie
