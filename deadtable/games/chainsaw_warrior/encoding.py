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
equipment display by item, the piles, the question being asked (one-hot in QUESTION_ORDER,
append-only), and the fight (opponents and the one fought now, by card).

With aim="slot" every card-aimed id (fight:C, shoot:X:C, lucky:X:C and their Dum-Dum and
Imagizer forms) becomes one per opponent slot, e.g. shoot:X:@2 for the fight's third
opponent, and the observation gains `slots`, the opponents in fight order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.envs.encodings import Encoding, UnknownAction, View
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
SLOT_SIZE = 1 + len(CREATURES) + 3 + 1  # present, class, HtH, wounds, no escape, fought now


def _clamp(x: float) -> float:
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


# The questions' one-hot order: append-only (a new question goes last, and raises
# deadtable.envs.ENV_VERSION), so that an old question's slot never moves.
QUESTION_ORDER = ("", "agent-3", "anti-rad", "burst", "climb", "door", "dum-dums", "dump",
                  "escape", "free", "frenzy", "full", "geiger", "hide", "kit", "lucky",
                  "meat-machine", "net", "order", "passage", "shoot", "slime", "sprint",
                  "step-6", "train", "wait-kit", "wire")
AIMS = ("card", "slot")  # what a shot or a fight aims at: a creature card, or an opponent slot


def _questions() -> tuple[str, ...]:
    # Importing the game's turn module fills the question table.
    import deadtable.games.chainsaw_warrior.turn  # noqa: F401

    missing = sorted(set(QUESTIONS) - set(QUESTION_ORDER))
    if missing:
        raise LookupError(
            f"chainsaw-warrior asks {', '.join(missing)}, not in its encoding's QUESTION_ORDER: "
            f"append them at its end and raise deadtable.envs.ENV_VERSION")
    return QUESTION_ORDER


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
    """aim="card" (the default): one integer per weapon and creature card; aim="slot": one
    per weapon and opponent slot (the i-th opponent of the fight now, i < 6), the same few
    integers for every zombie, with the opponents' slots in the observation."""

    def __init__(self, game: Game, aim: str = "card") -> None:
        if aim not in AIMS:
            raise ValueError(f"chainsaw-warrior: aim must be one of {', '.join(AIMS)}; "
                             f"got {aim!r}")
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
            ("warrior", len(WARRIOR) + 1 + len(SKILLS),
             "tracks and Equipment Allowance / 20, infected, skill one-hot"),
            ("clock", 3, "time / 60 min, night, Magnetic Field until / 60 min"),
            ("decks", 2 + 2, "which deck (One, Two), cards left in each / half the House"),
            ("next_back", len(BACKS), "the next card's back, one-hot"),
            ("discards", 2 * len(self.titles),
             "each deck's discards counted by card title, over that title's copies"),
            ("removed", len(self.titles), "cards removed, by title, over its copies"),
            ("turned", 1 + len(KINDS) + len(BACKS) + len(CREATURES) + 3 + len(self.cards),
             "the card just turned: present, kind, back, creature class, HtH, wounds, "
             "no escape, which card"),
            ("items", 4 * len(self.items),
             "per item: carried, uses / 10, spare clip, disabled"),
            ("piles", len(PILES), "Equipment cards left in each pile / 20"),
            ("wandering", 1, "Wandering Zombies left / their deck"),
            ("question", len(self.questions),
             "which question is asked, one-hot in QUESTION_ORDER (append-only)"),
            ("area", 3, "free area, cards still to pass on the way out / 12, escapes / 3"),
            ("fight", 1 + 2 * len(self.cards) + 1 + len(CONTEXTS) + 3,
             "in a fight; opponents and the one fought now by card; rounds / 10; context; "
             "next HtH modifier; no escape; knife dropped"),
        ]
        if aim == "slot":
            features.append(("slots", OPPONENT_SLOTS * SLOT_SIZE,
                             f"the opponents in fight order, {SLOT_SIZE} numbers each: "
                             "present, creature class, HtH / 20, wounds / 10, no escape, "
                             "fought now"))
        ids = action_ids(game)
        if aim == "slot":
            ids = self._aim_at_slots(ids)
        super().__init__(game, ids, features, variant="" if aim == "card" else f"aim={aim}")
        self.contextual = aim == "slot"

    # -- aim="slot": integers for opponent slots -------------------------------------------
    def _aim_at_slots(self, ids: list[str]) -> list[str]:
        """The card-aimed ids with their card replaced by each slot @0..@5, each name where
        its first card-aimed id stood; `_targets` maps a card-aimed id to (head, card, tail)."""
        self._targets: dict[str, tuple[str, str, str]] = {}
        creatures = {c for c in self.cards if self.data.card(c).creature}
        named: list[str] = []
        seen: set[str] = set()
        for action in ids:
            parts = action.split(":")
            at = 1 if parts[0] == "fight" else 2 if parts[0] in ("shoot", "lucky") else 0
            if at and len(parts) > at and parts[at] in creatures:
                head, tail = ":".join(parts[:at]) + ":", "".join(":" + p for p in parts[at + 1:])
                self._targets[action] = (head, parts[at], tail)
                slots = [f"{head}@{n}{tail}" for n in range(OPPONENT_SLOTS)]
            else:
                slots = [action]
            for name in slots:
                if name not in seen:
                    seen.add(name)
                    named.append(name)
        return named

    def names(self, ids: Sequence[str], view: View) -> list[str]:
        if not any(a in self._targets for a in ids):
            return list(ids)
        opponents = self._opponents(view())
        out = []
        for action in ids:
            target = self._targets.get(action)
            if target is None:
                out.append(action)
                continue
            head, card, tail = target
            if card not in opponents or opponents.index(card) >= OPPONENT_SLOTS:
                raise UnknownAction(f"chainsaw-warrior offered {action!r}, aimed at {card!r}, "
                                    f"which is not in one of the fight's first "
                                    f"{OPPONENT_SLOTS} slots ({opponents})")
            out.append(f"{head}@{opponents.index(card)}{tail}")
        return out

    def action_id(self, index: int, view: View) -> str:
        name = super().action_id(index, view)
        if "@" not in name:
            return name
        head, _, rest = name.partition("@")
        slot, colon, tail = rest.partition(":")
        opponents = self._opponents(view())
        card = opponents[int(slot)] if int(slot) < len(opponents) else "(empty slot)"
        return f"{head}{card}{colon}{tail}"

    @staticmethod
    def _opponents(view: dict[str, Any]) -> list[str]:
        fight = view.get("fight")
        return [] if fight is None else [o["id"] for o in fight["opponents"]]

    def kernel_encoder(self, kernel: Any) -> Callable[[Any, np.ndarray], None] | None:
        """kernel/encode.c, tested equal to encode_into (where the built kernel has it)."""
        from deadtable.games.chainsaw_warrior.kernel.encoder import compiled_encoder

        return compiled_encoder(self)

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
            if "slots" in o:
                self._slots(out, o["slots"], fight)

    @staticmethod
    def _slots(out: np.ndarray, at: int, fight: dict[str, Any]) -> None:
        for slot, card in enumerate(fight["opponents"][:OPPONENT_SLOTS]):
            base = at + slot * SLOT_SIZE
            out[base] = 1.0
            if card.get("creature"):
                out[base + 1 + CREATURES.index(card["creature"])] = 1.0
                base += 1 + len(CREATURES)
                out[base] = min(1.0, card["hth"] / STAT_SCALE)
                out[base + 1] = min(1.0, card["wounds"] / 10.0)
                out[base + 2] = 1.0 if card["no_escape"] else 0.0
            else:
                base += 1 + len(CREATURES)
            out[base + 3] = 1.0 if card["id"] == fight["current"] else 0.0


def make(game: Game, aim: str = "card") -> Encoding:
    return ChainsawWarriorEncoding(game, aim)
