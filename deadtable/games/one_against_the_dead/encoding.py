"""One Against the Dead: every action id the game can offer, and its view as numbers.

Actions, in this order (91 with the packaged rules; the share and provisions blocks grow or
shrink with a data file's zombie dice and provisions die):

    move:{right,up,down,left}                  4
    place:{right,up,down,left}                 4   placing a drawn or a flipped card
    fight:weapon, fight:fists                  2
    share:T.F.O for T<=tens, F<=fives, O<=ones     the survivor's share of the zombie dice
    survivor:weapon, survivor:fists            2
    provisions:N for N = 0..the provisions die's highest roll
    take:K, take:K:give, arm:K for K in bat, chainsaw, shotgun
    swap, take-survivor-weapon, rescue         3

Observation (float32, all in [-1, 1]): a window of (2R+1)x(2R+1) city cells centred on you
(R = 4), CELL_CHANNELS numbers per cell, then the scalar features listed in `make`. Cards
outside the window are not encoded; the helicopter's offset always is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from deadtable.engine.dice import parse_expression
from deadtable.engine.game import Game
from deadtable.envs.encodings import Encoding
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.data import WEAPONS
from deadtable.games.one_against_the_dead.rules import rules_for

DIRECTIONS = ("right", "up", "down", "left")
KINDS = WEAPONS[1:]  # bat, chainsaw, shotgun: the weapons a card can bring
RADIUS = 4
SIDE = 2 * RADIUS + 1
PHASES = ("move", "place", "place-flipped", "combat", "share", "survivor-weapon",
          "reveal", "zombies", "helicopter")
# Per cell: face down, face up, suit (4), rank 2..A (13), joker, weapon lying there (3 kinds),
# its charge/6, a survivor lying there, his life/12, the helicopter, your start.
CELL_CHANNELS = 2 + 4 + 13 + 1 + 3 + 1 + 1 + 1 + 1 + 1
CARD_SIZE = 4 + 13 + 1  # suit one-hot, rank one-hot, joker
DECK_CARDS = 53  # 52 cards and the Joker: one index each
PENDING_SLOTS = 4  # at most four open spaces around you
LIFE_SCALE = 40.0  # twice the largest row option
SURVIVOR_SCALE = 12.0  # 2d6, the largest survivor-life die offered
DISTANCE_SCALE = 25.0
KILLS_SCALE = 250.0  # more than all the number cards' zombies


def card_index(card: str) -> int:
    """0..51 for suit-major rank order, 52 for the Joker."""
    if card == cards.JOKER:
        return 52
    return cards.SUITS.index(card[-1]) * 13 + cards.RANKS.index(card[:-1])


# card -> (its index, the offsets of its 1s within a CARD_SIZE block), looked up per card seen
_CARDS: dict[str, tuple[int, tuple[int, ...]]] = {
    c: (card_index(c), (17,) if c == cards.JOKER
        else (cards.SUITS.index(c[-1]), 4 + cards.RANKS.index(c[:-1])))
    for c in cards.full_deck()
}


def _clamp(x: float) -> float:
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


def dice_max(expr: str) -> int:
    """The highest roll of a dice expression as Dice.parse_and_roll reads it."""
    return parse_expression(expr).highest


def action_ids(game: Game) -> list[str]:
    rules = rules_for(game.options)
    dice = rules.zombie_dice
    ids = [f"move:{d}" for d in DIRECTIONS] + [f"place:{d}" for d in DIRECTIONS]
    ids += ["fight:weapon", "fight:fists"]
    ids += [f"share:{t}.{f}.{o}" for t in range(dice[10] + 1) for f in range(dice[5] + 1)
            for o in range(dice[1] + 1)]
    ids += ["survivor:weapon", "survivor:fists"]
    ids += [f"provisions:{n}" for n in range(dice_max(rules.provisions) + 1)]
    for kind in KINDS:
        ids += [f"take:{kind}", f"take:{kind}:give", f"arm:{kind}"]
    ids += ["swap", "take-survivor-weapon", "rescue"]
    return ids


class OneAgainstTheDeadEncoding(Encoding):
    def __init__(self, game: Game) -> None:
        rules = rules_for(game.options)
        self.max_turns = float(game.options["max-turns"])
        self.pool = rules.zombie_dice
        self.max_zombies = float(sum(size * n for size, n in self.pool.items()))
        self.provisions_max = float(max(1, dice_max(rules.provisions)))
        features = [
            ("window", SIDE * SIDE * CELL_CHANNELS,
             f"{SIDE}×{SIDE} cells centred on you, row-major from (x−{RADIUS}, y−{RADIUS}) to "
             f"(x+{RADIUS}, y+{RADIUS}), {CELL_CHANNELS} numbers per cell: face down, face up, "
             "suit (C D H S), rank (2..10 J Q K A), joker, weapon lying there (bat, chainsaw, "
             "shotgun), its charge/6, a survivor lying there, his life/12, helicopter, "
             "your start"),
            ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
            ("provisions_pending", 1, "provisions waiting to be shared"),
            ("turn", 1, "moves / max-turns"),
            ("life", 2, "life / life_max, life_max / 40"),
            ("weapon", len(WEAPONS) + 1, "fists (none), bat, chainsaw, shotgun; charge / 6"),
            ("survivor", 3 + len(WEAPONS) + 1,
             "with you, life/12, life_max/12, weapon (4), charge/6"),
            ("zombies", 1 + len(self.pool),
             "zombies / the most showable, then the dice of each size showing, over its pool"),
            ("kills", 1, "kills / 250"),
            ("holding", 1 + CARD_SIZE,
             "a flipped card waiting to be placed: present, suit, rank, joker"),
            ("to_place", PENDING_SLOTS * (1 + CARD_SIZE),
             f"up to {PENDING_SLOTS} drawn cards still to place, {1 + CARD_SIZE} numbers each"),
            ("provisions", 1, "provisions / the die's highest roll"),
            ("deck_count", 1, "cards left / 54"),
            ("helicopter_offset", 2, "(helicopter − you) / 25, clipped"),
            ("position", 2, "(you − start) / 25, clipped"),
            ("removed", DECK_CARDS, "the cards SETUP took out, one per card (52 + Joker)"),
            ("face_up", DECK_CARDS, "every card face up on the table, one per card"),
        ]
        super().__init__(game, action_ids(game), features)

    def kernel_encoder(self, kernel: Any) -> Callable[[Any, np.ndarray], None] | None:
        """kernel/encode.c, tested equal to encode_into (where the built kernel has it)."""
        return self._kernel_encode if hasattr(kernel.new(0), "encode") else None

    def _kernel_encode(self, kernel_game: Any, out: np.ndarray) -> None:
        kernel_game.encode(out, self.provisions_max)

    def max_game_length(self) -> int:
        """Each move brings at most a handful of decisions (placing up to eight cards, one
        battle of three, provisions); free actions each use up a weapon or a survivor. Only
        a final battle fought to the last zombie with a bat has no bound: 1000 rounds of it
        would need every die to miss a thousand times running."""
        return 20 * int(self.max_turns) + 3000

    @staticmethod
    def _card(out: np.ndarray, at: int, card: str) -> None:
        """Suit one-hot, rank one-hot, joker flag: CARD_SIZE numbers from `at`."""
        for i in _CARDS[card][1]:
            out[at + i] = 1.0

    def encode_into(self, view: dict[str, Any], out: np.ndarray) -> None:
        o = self.offsets
        px, py = view["position"]
        hx, hy = view["helicopter"]
        sx, sy = view["start"]
        window = o["window"]
        face_up = o["face_up"]
        for entry in view["cards"]:
            card = entry["card"]
            if card is not None:
                index, ones = _CARDS[card]
                out[face_up + index] = 1.0
            dx, dy = entry["x"] - px, entry["y"] - py
            if dx > RADIUS or dx < -RADIUS or dy > RADIUS or dy < -RADIUS:
                continue
            at = window + ((dy + RADIUS) * SIDE + dx + RADIUS) * CELL_CHANNELS
            if card is None:
                out[at] = 1.0
            else:
                out[at + 1] = 1.0
                for i in ones:
                    out[at + 2 + i] = 1.0
            weapon = entry.get("weapon")
            if weapon is not None:
                out[at + 20 + KINDS.index(weapon["kind"])] = 1.0
                out[at + 23] = (weapon["charge"] or 0) / 6.0
            survivor = entry.get("survivor")
            if survivor is not None:
                out[at + 24] = 1.0
                out[at + 25] = min(1.0, survivor["life"] / SURVIVOR_SCALE)
            if (entry["x"], entry["y"]) == (hx, hy):
                out[at + 26] = 1.0
            if (entry["x"], entry["y"]) == (sx, sy):
                out[at + 27] = 1.0
        phase = view["phase"]
        if phase not in PHASES:
            raise ValueError(f"one-against-the-dead: unknown phase {phase!r} in the view")
        out[o["phase"] + PHASES.index(phase)] = 1.0
        out[o["provisions_pending"]] = 1.0 if view["provisions"] else 0.0
        out[o["turn"]] = min(1.0, view["turn"] / self.max_turns)
        out[o["life"]] = view["life"] / max(1, view["life_max"])
        out[o["life"] + 1] = min(1.0, view["life_max"] / LIFE_SCALE)
        self._weapon(out, o["weapon"], view["weapon"])
        survivor = view["survivor"]
        if survivor is not None:
            at = o["survivor"]
            out[at] = 1.0
            out[at + 1] = min(1.0, survivor["life"] / SURVIVOR_SCALE)
            out[at + 2] = min(1.0, survivor["life_max"] / SURVIVOR_SCALE)
            self._weapon(out, at + 3, survivor["weapon"])
        at = o["zombies"]
        out[at] = min(1.0, view["zombies"] / self.max_zombies)
        for i, size in enumerate(sorted(self.pool, reverse=True)):
            out[at + 1 + i] = view["zombie_dice"].get(str(size), 0) / max(1, self.pool[size])
        out[o["kills"]] = min(1.0, view["kills"] / KILLS_SCALE)
        holding = view["holding"]
        if holding is not None:
            out[o["holding"]] = 1.0
            self._card(out, o["holding"] + 1, holding)
        for slot, card in enumerate(view["to_place"][:PENDING_SLOTS]):
            at = o["to_place"] + slot * (1 + CARD_SIZE)
            out[at] = 1.0
            self._card(out, at + 1, card)
        out[o["provisions"]] = min(1.0, view["provisions"] / self.provisions_max)
        out[o["deck_count"]] = view["deck_count"] / 54.0
        out[o["helicopter_offset"]] = _clamp((hx - px) / DISTANCE_SCALE)
        out[o["helicopter_offset"] + 1] = _clamp((hy - py) / DISTANCE_SCALE)
        out[o["position"]] = _clamp((px - sx) / DISTANCE_SCALE)
        out[o["position"] + 1] = _clamp((py - sy) / DISTANCE_SCALE)
        removed = o["removed"]
        for card in view["removed"]:
            out[removed + _CARDS[card][0]] = 1.0

    @staticmethod
    def _weapon(out: np.ndarray, at: int, weapon: dict[str, Any] | None) -> None:
        if weapon is None:
            out[at] = 1.0
            return
        out[at + WEAPONS.index(weapon["kind"])] = 1.0
        out[at + len(WEAPONS)] = (weapon["charge"] or 0) / 6.0


def make(game: Game) -> Encoding:
    return OneAgainstTheDeadEncoding(game)
