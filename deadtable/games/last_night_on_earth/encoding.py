"""Last Night on Earth: every action id the game can offer, and a seat's view as numbers.

Actions are TEMPLATES expanded over domains from the game's data and town
(deadtable/envs/encodings/board.py): `{space}` a space's index on the town board, `{hero}` the
heroes of the hero data, `{card}` every Hero and Zombie card title (`{gun}` the Ranged ones),
`{adjuster}` the cards that add or take 1 from a fight die, `{die}` a fight die's place and
`{dice}` every set of places (the most dice a fight can roll: 2, the Faith cards, kept faith,
two cards', the cards in play on the fighter and an ability's fight dice). Zombies are named as
they are made (`zombie-23`), so `{zombie}` names one by its place among the zombie miniatures
on the board, oldest first (`zombie@K`, K below the scenario's miniatures), or a Zombie Hero by
its id (`zombie-becky`). `{building}` is every building a town can have, `{placed}` a building
card as it stays in play (`Lights Out (Diner)`, `New Spawning Pit (4,18)`), or a card on a hero
(`Teen Angst (Sally)`), `{lasting}` the later Advanced cards as they lie in play (`Haunted by
the Past (Jenny)`, `I've Got to Get to the… (Becky: Diner)`), `{folk}` the
Townsperson tokens the scenarios place. To extend: a new card, hero or town needs nothing; a
new kind of action is one template appended to TEMPLATES (and a new ENV_VERSION).

Observation: per space the town and who stands there; per hero (the data's, by name) its
state, items and known hand; the Zombie hand where the seat sees it; discards, decks, the
sun track, kills and the fight's dice. All from `state.view(seat)`.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.envs.encodings.board import BoardEncoding, one_hot, scaled
from deadtable.games.last_night_on_earth.buildingcards import (
    LIGHTS_OUT,
    MY_GOD,
    NEW_PIT,
    card_of,
    entry,
)
from deadtable.games.last_night_on_earth.cards import RANGED
from deadtable.games.last_night_on_earth.donttrust import EVERY, TRUST
from deadtable.games.last_night_on_earth.fight import ADJUSTERS
from deadtable.games.last_night_on_earth.gettothe import placed as errand_placed
from deadtable.games.last_night_on_earth.haunted import HAUNTED
from deadtable.games.last_night_on_earth.heroic import CARDS as ON_FIGHTER
from deadtable.games.last_night_on_earth.heroic import VERBS
from deadtable.games.last_night_on_earth.kindastrange import STRANGE
from deadtable.games.last_night_on_earth.onhero import ON_HERO
from deadtable.games.last_night_on_earth.overconfidence import OVERCONFIDENCE
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.town import load_layout, load_tile, load_town

WORDS = ("axe", "done", "end", "keep", "keys", "let-be", "move", "pass", "pray", "recover",
         "reroll", "roll", "search", "stop", "take", "taylor", "torch")
HERO_VERBS = ("aid", "brody", "devils", "faith", "gomez", "jeb", "nurse", "recovery",
              "scratch", "surprise", "hero")
CARD_VERBS = ("back", "discard", "use", "play")
TEMPLATES = WORDS + (
    "hate:{dice}", "fork:{dice}", "weld:{die}",
    "advance:{zombie}:{space}", "move:{zombie}:{space}", "take:{zombie}:{space}",
    "shamble:{zombie}", "stop:{zombie}", "stay:{zombie}", "pair:{zombie}:{hero}",
    "sty:{hero}:{zombie}", "shoot:{gun}:{space}", "shoot:{gun}:{zombie}",
    *(f"{verb}:{{hero}}" for verb in HERO_VERBS),
    "at-last:{hero}:{card}", "cancel:{hero}:{card}", "no-fight:{hero}:{card}",
    *(f"{verb}:{{card}}" for verb in CARD_VERBS),
    "give:{card}:{hero}", "pit:{space}", "step:{space}",
    "adjust:{hero}:{adjuster}:{side}:{die}:{change}",
    # the building cards, gas, the townsfolk and several hero players (appended)
    "at-last:{hero}:{placed}", "building:{building}", "corner:{corner}", "pit-at:{space}",
    "gas:{space}", "light:{space}", "escort:{folk}", "leave:{folk}", "folk:{folk}:{zombie}",
    "next",
    "keep-card:{card}",  # Sally, Resourceful: the searched card kept (appended)
    # the Advanced cards of Strange heroes, searching and trading (appended)
    "no-trading", "at-last:{hero}:{lasting}",
    # Heroic Resolve and Hero's Rage on the hero fighting, Blocked Windows (appended)
    *(f"{verb}:{{hero}}" for verb in (*VERBS, "blocked")),
    "remove:{zombie}",  # Rotten Bodies: a zombie taken off the board (appended)
    "place:{space}",  # My God, He's a Zombie: a zombie next to a hero (appended)
)
CORNERS = ("NE", "NW", "SE", "SW")
HAND_SCALE = 4.0
STACK_SCALE = 4.0
DECK_SCALE = 60.0


def town_buildings(game: Game) -> tuple[str, ...]:
    """Every building a town of these options can have: the user's town's, or those of
    every L-board the layout can draw and every centre board, in the layout's order."""
    if game.options["town"]:
        return tuple(load_town(game.options["town"]).buildings)
    layout = load_layout()
    listed = [b for number in sorted(layout.listed) for b in layout.listed[number]]
    centres = [name for path in layout.centres.values()
               for name, zone in load_tile(path).zones.items() if zone.kind == "building"]
    return tuple(dict.fromkeys(listed + centres))


def most_townsfolk(data: Any) -> int:
    """The most Townsperson tokens a scenario of the data places."""
    return max((int(s.numbers.get("townsfolk") or 0) for s in data.scenarios.scenarios.values()),
               default=0)


def zombie_hero_id(name: str) -> str:
    """A Zombie Hero's figure id, as the rules name it (wounds.py)."""
    return "zombie-" + name.lower().replace(" ", "-")


class LastNightEncoding(BoardEncoding):
    def __init__(self, game: Game) -> None:
        state = game.new(seed=0)  # the map and the data the options choose (no play)
        assert isinstance(state, LastNightState)
        data = state.data
        self.spaces = state.board.size
        self.heroes = tuple(sorted(data.heroes))
        self.cards = tuple(data.cards)
        self.miniatures = int(data.scenarios.game["zombies"])
        faith = data.cards["Faith"].copies if "Faith" in data.cards else 0
        card_dice = sorted((c.number("fight_dice") or 0 for c in data.cards.values()),
                           reverse=True)[:2]
        ability_dice = max((a.numbers.get("fight_dice", 0) for h in data.heroes.values()
                            for a in h.abilities), default=0)
        on_fighter = sum(data.cards[c].number("fight_dice") or 0 for c in ON_FIGHTER
                         if c in data.cards)  # Heroic Resolve and Hero's Rage both on him
        self.dice = 2 + faith + 1 + sum(card_dice) + on_fighter + ability_dice
        places = [str(i) for i in range(self.dice)]
        subsets = [",".join(p) for n in range(1, self.dice + 1)
                   for p in itertools.combinations(places, n)]
        buildings = town_buildings(game)
        domains = {
            "space": [str(i) for i in range(self.spaces)], "hero": self.heroes,
            "building": buildings, "corner": CORNERS,
            "placed": [entry(c, b) for c in (MY_GOD, LIGHTS_OUT) for b in buildings]
            + [entry(NEW_PIT, name) for name in state.board.names]
            + [entry(c, h) for c in (*ON_HERO, OVERCONFIDENCE) for h in self.heroes],
            "lasting": [entry(c, h) for c in (STRANGE, HAUNTED, TRUST) for h in self.heroes]
            + [entry(TRUST, EVERY)]
            + [errand_placed(h, b) for h in self.heroes for b in buildings],
            "folk": [f"Townsperson {i}" for i in range(1, most_townsfolk(data) + 1)],
            "card": self.cards, "adjuster": ADJUSTERS,
            "gun": tuple(n for n, c in data.cards.items() if RANGED in c.keywords),
            "side": ("hero", "zombie"),
            "change": ("+1", "-1"), "die": places, "dice": subsets,
            "zombie": [f"zombie@{k}" for k in range(self.miniatures)]
            + [zombie_hero_id(h) for h in self.heroes],
        }
        self.channels = 5
        self.per_hero = 7 + 2 * len(self.cards)
        n = len(self.cards)
        features = [
            ("spaces", self.spaces * self.channels,
             f"per space (index order, {self.spaces}), {self.channels} numbers: on the board, "
             "in a building, a spawning pit, heroes / 4, zombies / 4"),
            ("heroes", len(self.heroes) * self.per_hero,
             f"per hero ({', '.join(self.heroes)}): in play, dead, x, y, wounds / its most, "
             "faith / 3, cards in hand / 4, items carried by title (count / 4), the hand by "
             "title where the seat sees it"),
            ("zombie_hand", n, "the Zombie hand by title, where the seat sees it (count / 4)"),
            ("discards", 2 * n, "the Hero and Zombie discard piles by title (count / 4)"),
            ("in_play", n, "cards in play"),
            ("decks", 2, "cards left in the Hero and Zombie decks / 60"),
            ("clock", 5, "turn / sun track, kills / goal, heroes killed / 4, zombie "
             "miniatures in the pool / their number, zombies on the board / miniatures"),
            ("fight", 2 + 2 * self.dice,
             f"a fight: present, a Zombie Hero fights; the hero's and the zombie's dice "
             f"(up to {self.dice} each, value / 6)"),
        ]
        super().__init__(game, TEMPLATES, domains, features)

    def aliases(self, view: dict[str, Any]) -> dict[str, str]:
        heroes = {zombie_hero_id(h) for h in self.heroes}
        plain = sorted((z["id"] for z in view["zombies"] if z["id"] not in heroes),
                       key=_number)
        return {z: f"zombie@{k}" for k, z in enumerate(plain)}

    def max_game_length(self) -> int:
        return 50_000

    def _town(self, town: dict[str, Any]) -> tuple[dict[str, int], np.ndarray]:
        """The town's space indices and its unchanging channels (on the board, in a
        building, a spawning pit)."""
        index = {s[0]: i for i, s in enumerate(town["spaces"])}
        static = np.zeros((self.spaces, self.channels), np.float32)
        static[:len(town["spaces"]), 0] = 1.0
        for spaces in town["buildings"].values():
            for name in spaces:
                static[index[name], 1] = 1.0
        for name in town["spawning_pits"]:
            static[index[name], 2] = 1.0
        return index, static

    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        town = view["town"]
        spaces = town["spaces"]
        key = (town["kind"], len(spaces), spaces[0][0], spaces[-1][0],
               tuple(town["spawning_pits"]), tuple(sorted(town["buildings"])))
        index, static = self.board(key, lambda: self._town(town))
        c = self.channels
        out[:self.spaces * c].reshape(self.spaces, c)[:] = static
        for hero in view["heroes"]:
            if not hero["dead"] and hero["space"] is not None:
                out[index[hero["space"]] * c + 3] += 0.25
        for zombie in view["zombies"]:
            out[index[zombie["space"]] * c + 4] += 0.25
        np.clip(out[:self.spaces * c], -1.0, 1.0, out=out[:self.spaces * c])
        self._heroes(view, index, out)
        self._counts(out, self.offsets["zombie_hand"], view["zombie_hand"].get("cards", ()))
        at = self.offsets["discards"]
        self._counts(out, at, view["hero_discard"].get("cards", ()))
        self._counts(out, at + len(self.cards), view["zombie_discard"].get("cards", ()))
        for card in view["in_play"]:  # "Heroic Resolve (Sally)" as its card
            one_hot(out, self.offsets["in_play"], self.cards, card_of(card))
        at = self.offsets["decks"]
        out[at] = scaled(view["hero_deck"]["count"], DECK_SCALE)
        out[at + 1] = scaled(view["zombie_deck"]["count"], DECK_SCALE)
        at = self.offsets["clock"]
        out[at] = scaled(view["turn"], view["sun_track"] or 1)
        out[at + 1] = scaled(view["kills"], view["goal"] or 15)
        out[at + 2] = scaled(view["heroes_killed"], 4.0)
        out[at + 3] = scaled(view["pool"], self.miniatures)
        out[at + 4] = scaled(len(view["zombies"]), self.miniatures)
        fight = view["fight"]
        if fight:
            at = self.offsets["fight"]
            out[at] = 1.0
            out[at + 1] = float(not fight["zombie"].startswith("Zombie "))
            for k, die in enumerate(fight["hero_dice"][:self.dice]):
                out[at + 2 + k] = scaled(die, 6.0)
            for k, die in enumerate(fight["zombie_dice"][:self.dice]):
                out[at + 2 + self.dice + k] = scaled(die, 6.0)

    def _heroes(self, view: dict[str, Any], index: dict[str, int], out: np.ndarray) -> None:
        width = max(1, max(s[1] for s in view["town"]["spaces"]))
        height = max(1, max(s[2] for s in view["town"]["spaces"]))
        n = len(self.cards)
        for hero in view["heroes"]:
            if hero["name"] not in self.heroes:
                continue
            at = self.offsets["heroes"] + self.heroes.index(hero["name"]) * self.per_hero
            out[at] = 1.0
            out[at + 1] = float(hero["dead"])
            if hero["space"] is not None:
                space = view["town"]["spaces"][index[hero["space"]]]
                out[at + 2] = scaled(space[1], width)
                out[at + 3] = scaled(space[2], height)
            out[at + 4] = scaled(hero["wounds"], max(1, hero["max_wounds"]))
            out[at + 5] = scaled(hero["faith"], 3.0)
            out[at + 6] = scaled(hero["hand_count"], HAND_SCALE)
            self._counts(out, at + 7, hero["items"])
            self._counts(out, at + 7 + n, hero.get("hand", ()))

    def _counts(self, out: np.ndarray, at: int, cards: Any) -> None:
        for card in cards:
            if card in self.cards:
                k = at + self.cards.index(card)
                out[k] = min(1.0, out[k] + 1.0 / STACK_SCALE)


def _number(zombie_id: str) -> int:
    return int(zombie_id.rsplit("-", 1)[1])


def make(game: Game) -> LastNightEncoding:
    return LastNightEncoding(game)
