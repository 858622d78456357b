"""Building Last Night on Earth positions for rules tests: a small town of our own (TOWN), heroes
and zombies put on named squares, a hero's turn, a fight or a Zombie turn step pushed, and the
next die rolls scripted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deadtable import registry
from deadtable.engine.procedure import Frame
from deadtable.games.last_night_on_earth.fight import Fight
from deadtable.games.last_night_on_earth.heroturn import HeroAct, HeroTurn
from deadtable.games.last_night_on_earth.rounds import Round
from deadtable.games.last_night_on_earth.setup import new_zombie
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState
from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn

HEROES = "Becky,Johnny,Sally,Jenny"

# An 8 x 6 town, squares named "x,y". The Diner (x 0-2, y 0-1) is walled round with a door
# below 1,1 and a window right of 2,0; it and three one-square buildings in the corners carry
# the random-building numbers; a spawning pit at 5,3; the Center of Town at 3,3 and 4,3; the
# truck at 6,4.
TOWN = """
rows = [
  "f0 f0 f0 s0 s0 s0 s0 f0",
  "f0 f0 f0 s0 s0 s0 s0 s0",
  "s0 s0 s0 s0 s0 s0 s0 s0",
  "s0 s0 s0 s0 s0 s0 s0 s0",
  "s0 s0 s0 s0 s0 s0 s0 s0",
  "f0 s0 s0 s0 s0 s0 s0 f0",
]
edge = [
  {around = "Diner", feature = "wall"},
  {around = "Bank", feature = "wall"},
  {around = "Church", feature = "wall"},
  {around = "Gym", feature = "wall"},
  {between = ["1,1", "1,2"], feature = "door"},
  {between = ["2,0", "3,0"], feature = "window"},
]

[map]
name = "Test town"
kind = "square"
adjacency = 4
source = "designed: a small town for rules tests"

[terrain]
f = "floor"
s = "street"

[[zone]]
name = "Diner"
kind = "building"
spaces = ["0,0", "1,0", "2,0", "0,1", "1,1", "2,1"]

[[zone]]
name = "Bank"
kind = "building"
spaces = ["7,0"]

[[zone]]
name = "Gym"
kind = "building"
spaces = ["0,5"]

[[zone]]
name = "Church"
kind = "building"
spaces = ["7,5"]

[[zone]]
name = "Center of Town"
kind = "town-center"
spaces = ["3,3", "4,3"]

[[marker]]
kind = "building"
at = "0,0"
building = "Diner"
numbers = [1, 2, 3, 4, 5, 6]
corner = "NW"

[[marker]]
kind = "building"
at = "7,0"
building = "Bank"
numbers = [1, 2, 3, 4, 5, 6]
corner = "NE"

[[marker]]
kind = "building"
at = "0,5"
building = "Gym"
numbers = [1, 2, 3, 4, 5, 6]
corner = "SW"

[[marker]]
kind = "building"
at = "7,5"
building = "Church"
numbers = [1, 2, 3, 4, 5, 6]
corner = "SE"

[[marker]]
kind = "spawning-pit"
at = "5,3"

[[marker]]
kind = "truck"
at = "6,4"
"""


def town_file(tmp_path: Path) -> str:
    path = tmp_path / "town.toml"
    path.write_text(TOWN)
    return str(path)


def table(tmp_path: Path, heroes: str = HEROES, **options: Any) -> LastNightState:
    """A game on the test town with every hero in the Center of Town, no zombie on the board,
    empty hands and an empty Zombie hand: the rules tests put on it what they need."""
    game = registry.load("last-night-on-earth", town=town_file(tmp_path), heroes=heroes,
                         **options)
    state = game.new(seed=1)
    assert isinstance(state, LastNightState)
    for hero in state.heroes.values():
        for card in hero.items + hero.hand:
            state.hero_deck.bury(card)
        hero.items, hero.hand = [], []
        hero.space = at(state, "3,3")
    state.zombie_deck.cards.extend(state.zombie_hand.cards)
    state.zombie_hand.cards.clear()
    state.zhand2.clear()  # zombies-2's part of the hand, with two zombie players
    state.zombies.clear()
    state.next_zombie = 1
    state.turn = 1
    state.stack = [Round()]
    return state


def again(state: LastNightState) -> None:
    """Back to the start of a round, the Zombie hand empty, before setting up the next test."""
    state.zombie_deck.cards.extend(state.zombie_hand.cards)
    state.zombie_hand.cards.clear()
    state.zhand2.clear()
    state.fight_card_played = False
    state.stack = [Round()]


def at(state: LastNightState, name: str) -> int:
    return int(state.board.space(name))


def put(state: LastNightState, hero: str, name: str) -> HeroFigure:
    figure = state.heroes[hero]
    figure.space = at(state, name)
    return figure


def zombie(state: LastNightState, name: str) -> str:
    return new_zombie(state, at(state, name))


def give(state: LastNightState, hero: str, *cards: str) -> None:
    """Cards from the Hero deck to the hero (items face up, events to the hand)."""
    from deadtable.games.last_night_on_earth import cards as rules

    for card in cards:
        state.hero_deck.remove(card)
        rules.gain(state, state.heroes[hero], card)


def zombie_cards(state: LastNightState, *cards: str) -> None:
    for card in cards:
        state.zombie_deck.remove(card)
        state.zombie_hand.cards.append(card)


def script(state: LastNightState, *rolls: int) -> None:
    state.dice.script = list(reversed(rolls))


def push(state: LastNightState, *frames: Frame) -> None:
    state.stack.extend(frames)
    state._decision = None
    state.settle()


def hero_turn(state: LastNightState, hero: str, step: str = "main") -> None:
    """`hero` in the middle of its turn, the other heroes done."""
    others = [h for h in state.heroes if h != hero]
    push(state, HeroTurn(step="choose", acted=others + [hero]), HeroAct(hero, step=step))


def fight(state: LastNightState, hero: str, zombie_id: str) -> None:
    """A fight in the Hero turn, every hero's turn over but for the fight."""
    push(state, HeroTurn(step="choose", acted=list(state.heroes)),
         Fight(hero, zombie_id, log_from=len(state.log)))


def zombie_turn(state: LastNightState, step: str, **fields: Any) -> None:
    state.stack = [Round(step="heroes")]
    push(state, ZombieTurn(step=step, **fields))


def texts(state: LastNightState, last: int = 12) -> list[str]:
    return [e.text for e in state.log[-last:]]
