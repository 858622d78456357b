"""Chainsaw Warrior: every action id the game can offer, and its view as numbers.

The enumeration is derived from the card data (so a data file of your own gets its own), in
this order:

    the words: explore, wait, leave, climb, enter, done, hide, face, implode, hth,
        reflexes, escape, fight, take, leave-kit, skip, stop, acid, retrace, no
    draw:P for each Equipment pile P
    refill:I, clip:I, drop:I, lose:I for each display slot I < SLOTS
    fight:C for each creature card C (House and Wandering Zombie cards)
    shoot:X:C and lucky:X:C for each item X whose to-hit table names C's creature class
    use:X (burns the Slime), smash:X (has a door number), cut:X (cuts the Net),
    reload:X (has uses), heal:X (heals), for each item X with that property
    then the ids added later, in the order they came: struggle; then part 2's (items and
    Overkill options): the words anti-rad, keep, smash, camera, rope, dynamite, flare, cnes,
    needle, throw-net, grenade, flash:bonus, flash:escape, burst:1..6, berserk, calm,
    sprint, walk, imagizer, avoid; fit-cats:X for each weapon C.A.T.S. fits; shoot:X:C:dum-dum for
    each gun; lucky:X:C:imagizer for each lucky shot; then the kitting options': the words
    choose, put-back; pick:X for each Equipment card X in a pile; train:A and train:A:N for
    each attribute A of Advanced Training and each number of points N from 2 it may take

Observation (float32 in [-1, 1]): the warrior's tracks, the clock, the decks and the next
card back, the discards and removed cards counted by title, the card just turned, the
equipment display by item, the piles, the question being asked, and the fight (opponents
and the one fought now, by card).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.envs.encodings import Encoding
from deadtable.games.chainsaw_warrior import clock, training
from deadtable.games.chainsaw_warrior.data import BACKS, CREATURES, KINDS, PILES, Card
from deadtable.games.chainsaw_warrior.flow import QUESTIONS
from deadtable.games.chainsaw_warrior.house import MAX_ITEMS
from deadtable.games.chainsaw_warrior.setup import card_data

WORDS = ("explore", "wait", "leave", "climb", "enter", "done", "hide", "face", "implode",
         "hth", "reflexes", "escape", "fight", "take", "leave-kit", "skip", "stop", "acid",
         "retrace", "no")
# Ids the game gained after the enumeration was first published go last, so that earlier
# integers keep their meaning.
LATER = ("struggle",)
PART_2 = ("anti-rad", "keep", "smash", "camera", "rope", "dynamite", "flare", "cnes", "needle",
          "throw-net", "grenade", "flash:bonus", "flash:escape",
          *(f"burst:{n}" for n in range(1, 7)), "berserk", "calm", "sprint", "walk", "imagizer",
          "avoid")
KITTING = ("choose", "put-back")  # Kitting Out II; Dum-Dum Bullets drawn without a gun
# Display slots: 13 counted items, the Laser-lance when it does not count, and room
# for a First Aid Kit offered while full; more than can be carried, never fewer.
SLOTS = MAX_ITEMS + 3
CONTEXTS = ("", "ambush", "agent-9", "net", "floorboards", "wire", "sprint")
WARRIOR = ("endurance", "wounds", "max_wounds", "hth", "reflexes", "marksmanship",
           "radiation", "venom", "equipment_allowance")
SKILLS = ("marksmanship", "endurance", "agility", "strength", "climbing", "hiding")
STAT_SCALE = 20.0
OPPONENT_SLOTS = 6  # Ambush: up to six Wandering Zombies at once


def _clamp(x: float) -> float:
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


def _questions() -> tuple[str, ...]:
    # Importing the game's turn module fills the question table.
    import deadtable.games.chainsaw_warrior.turn  # noqa: F401

    return ("",) + tuple(sorted(QUESTIONS))


def action_ids(game: Game) -> list[str]:
    data = card_data(game.options)
    creatures: list[Card] = [c for c in (*data.house.values(), *data.wandering.values())
                             if c.creature]
    items = list(data.items.values())
    ids = list(WORDS)
    ids += [f"draw:{p}" for p in PILES]
    for verb in ("refill", "clip", "drop", "lose"):
        ids += [f"{verb}:{i}" for i in range(SLOTS)]
    ids += [f"fight:{c.id}" for c in creatures]
    for verb in ("shoot", "lucky"):
        ids += [f"{verb}:{x.id}:{c.id}" for x in items for c in creatures
                if c.creature in x.to_hit]
    ids += [f"use:{x.id}" for x in items if x.slime]
    ids += [f"smash:{x.id}" for x in items if x.door]
    ids += [f"cut:{x.id}" for x in items if x.cuts_net]
    ids += [f"reload:{x.id}" for x in items if x.uses is not None]
    ids += [f"heal:{x.id}" for x in items if x.heal]
    ids += LATER
    ids += PART_2
    ids += [f"fit-cats:{x.id}" for x in items if _fits_cats(x)]
    ids += [f"shoot:{x.id}:{c.id}:dum-dum" for x in items for c in creatures
            if x.type == "gun" and c.creature in x.to_hit]
    ids += [f"lucky:{x.id}:{c.id}:imagizer" for x in items for c in creatures
            if c.creature in x.to_hit]
    ids += KITTING
    ids += [f"pick:{x.id}" for x in items if x.back in PILES]
    ids += training.action_ids()
    return ids


def _fits_cats(item: Any) -> bool:
    from deadtable.games.chainsaw_warrior.items import CATS_FITS

    return item.type in CATS_FITS or item.id in CATS_FITS


class ChainsawWarriorEncoding(Encoding):
    def __init__(self, game: Game) -> None:
        data = card_data(game.options)
        self.data = data
        self.cards = sorted({*data.house, *data.wandering})
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        titles = [data.card(c).title for c in self.cards if c in data.house]
        self.titles = sorted(set(titles))
        self.title_index = {t: i for i, t in enumerate(self.titles)}
        self.title_count = {t: titles.count(t) for t in self.titles}
        self.items = sorted(data.items)
        self.item_index = {x: i for i, x in enumerate(self.items)}
        self.questions = _questions()
        self.house_size = max(1, (len(data.house) + 1) // 2)
        self.wandering_size = max(1, len(data.wandering))
        features = [
            ("warrior", len(WARRIOR) + 1 + len(SKILLS)),  # tracks / 20, infected, skill
            ("clock", 3),  # time / 60 minutes, night, Magnetic Field until / 60 minutes
            ("decks", 2 + 2),  # Deck One or Two; cards left in each / half the House
            ("next_back", len(BACKS)),
            ("discards", 2 * len(self.titles)),  # by title, over that title's copies
            ("removed", len(self.titles)),
            ("turned", 1 + len(KINDS) + len(BACKS) + len(CREATURES) + 3 + len(self.cards)),
            ("items", 4 * len(self.items)),  # carried, uses / 10, spare clip, disabled
            ("piles", len(PILES)),  # cards left / 20
            ("wandering", 1),
            ("question", len(self.questions)),
            ("area", 3),  # free area, cards still to pass on the way out / 12, escapes / 3
            ("fight", 1 + 2 * len(self.cards) + 1 + len(CONTEXTS) + 3),
        ]
        super().__init__(game, action_ids(game), features)

    def max_game_length(self) -> int:
        """Every decision but a few free-area ones passes time, and the hour is 120 boxes;
        a generous bound."""
        return 20_000

    def _card(self, out: np.ndarray, at: int, card: dict[str, Any]) -> None:
        out[at] = 1.0
        at += 1
        out[at + KINDS.index(card["kind"])] = 1.0
        at += len(KINDS)
        out[at + BACKS.index(card["back"])] = 1.0
        at += len(BACKS)
        if card.get("creature"):
            out[at + CREATURES.index(card["creature"])] = 1.0
            out[at + len(CREATURES)] = min(1.0, card["hth"] / STAT_SCALE)
            out[at + len(CREATURES) + 1] = min(1.0, card["wounds"] / 10.0)
            out[at + len(CREATURES) + 2] = 1.0 if card["no_escape"] else 0.0
        at += len(CREATURES) + 3
        out[at + self.card_index[card["id"]]] = 1.0

    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        o = self.offsets
        w = view["warrior"]
        at = o["warrior"]
        for i, name in enumerate(WARRIOR):
            out[at + i] = _clamp(w[name] / STAT_SCALE)
        out[at + len(WARRIOR)] = 1.0 if w["infected"] else 0.0
        if w["skill"] in SKILLS:
            out[at + len(WARRIOR) + 1 + SKILLS.index(w["skill"])] = 1.0
        at = o["clock"]
        out[at] = min(1.0, view["time"] / clock.OUT_OF_TIME)
        out[at + 1] = 1.0 if view["night"] else 0.0
        out[at + 2] = min(1.0, view["field_until"] / clock.OUT_OF_TIME)
        at = o["decks"]
        out[at + (0 if view["deck"] == 1 else 1)] = 1.0
        for i, count in enumerate(view["decks"][:2]):
            out[at + 2 + i] = min(1.0, count / self.house_size)
        if view["next_back"] is not None:
            out[o["next_back"] + BACKS.index(view["next_back"])] = 1.0
        for pile, titles in enumerate(view["discards"][:2]):
            base = o["discards"] + pile * len(self.titles)
            for title in titles:
                i = self.title_index[title]
                out[base + i] += 1.0 / self.title_count[title]
        for title in view["removed"]:
            if title in self.title_index:
                out[o["removed"] + self.title_index[title]] += 1.0 / self.title_count[title]
        if view["turned"] is not None:
            self._card(out, o["turned"], view["turned"])
        at = o["items"]
        for item in view["items"]:
            base = at + 4 * self.item_index[item["id"]]
            out[base] = 1.0
            out[base + 1] = min(1.0, (item["uses"] or 0) / 10.0)
            out[base + 2] = 1.0 if item["clip"] else 0.0
            out[base + 3] = 1.0 if item["disabled"] else 0.0
        for n, name in enumerate(PILES):
            out[o["piles"] + n] = min(1.0, view["piles"].get(name, 0) / 20.0)
        out[o["wandering"]] = min(1.0, view["wandering_zombies"] / self.wandering_size)
        question = view["question"]
        if question not in self.questions:
            raise ValueError(f"chainsaw-warrior: unknown question {question!r} in the view")
        out[o["question"] + self.questions.index(question)] = 1.0
        at = o["area"]
        out[at] = 1.0 if view["free"] else 0.0
        out[at + 1] = min(1.0, view["exiting"] / 12.0)
        out[at + 2] = min(1.0, view["left_building"] / 3.0)
        fight = view["fight"]
        if fight is not None:
            at = o["fight"]
            out[at] = 1.0
            for opponent in fight["opponents"]:
                out[at + 1 + self.card_index[opponent["id"]]] = 1.0
            if fight["current"] is not None:
                out[at + 1 + len(self.cards) + self.card_index[fight["current"]]] = 1.0
            at += 1 + 2 * len(self.cards)
            out[at] = min(1.0, fight["rounds"] / 10.0)
            if fight["context"] in CONTEXTS:
                out[at + 1 + CONTEXTS.index(fight["context"])] = 1.0
            at += 1 + len(CONTEXTS)
            out[at] = _clamp(fight["next_hth"] / 3.0)
            out[at + 1] = 1.0 if fight["no_escape"] else 0.0
            out[at + 2] = 1.0 if fight["knife_dropped"] else 0.0


def make(game: Game) -> Encoding:
    return ChainsawWarriorEncoding(game)
