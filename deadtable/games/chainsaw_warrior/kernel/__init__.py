"""Chainsaw Warrior's kernel: the rules of this package compiled in C (`_cw`, built from the
.c files here by `pip install -e .`), playing exactly the Python rules' games, bit for bit
(engine/kernel.py). The C knows the cards by index: the tables it plays from are built here,
from the game's own CardData and options, when the kernel is made, never copied by hand.

`kernel_for(game)` gives the kernel for an option set the C plays identically, else None
(the Python rules play): the default game at any of the readings' options (lucky-one,
lucky-ammo, lucky-marksmanship, escape-time, clothing-hth, lance-counts, skip-across-decks),
at the hard difficulty, without any Overkill option or Advanced Equipment, on the packaged
card data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deadtable.engine.dice import parse_dice
from deadtable.engine.game import Game
from deadtable.engine.kernel import Kernel
from deadtable.engine.state import GameState, Outcome
from deadtable.games.chainsaw_warrior.data import (
    BACKS,
    CREATURES,
    ITEM_TYPES,
    KINDS,
    PILES,
    TRAPS,
    CardData,
)
from deadtable.games.chainsaw_warrior.rules import OVERKILL, Rules
from deadtable.games.chainsaw_warrior.setup import card_data
from deadtable.games.chainsaw_warrior.warrior import ROLLS

try:
    from deadtable.games.chainsaw_warrior.kernel import _cw  # type: ignore[attr-defined]
except ImportError:  # not built (no compiler at install): the Python rules play
    _cw = None

# The items the rules name, in the order of cw.h's N_* list.
NAMED = ("laser-lance", "body-armour", "rad-fibre-jumpsuit", "anti-rad-capsules",
         "teleport-implant", "ultra-violet-emitter", "geiger-counter", "remote-camera", "t-d-d",
         "sonic-amplifier", "lock-pick-set", "acid", "heat-detector", "metal-detector",
         "wire-cutters", "rope-and-launcher", "chameleon-suit", "implosion-waistcoat",
         "dum-dum-bullets", "c-n-e-s", "poison-coated-metal-needle", "throw-nets",
         "time-grenades", "flash-bombs", "steel-gloves", "helmet", "holographic-imagizer",
         "knife", "torch", "x-oskeleton", "c-a-t-s", "smash", "dynamite", "flare-gun")
CATS_FITS = ("gun", "flamethrower", "man-to-man-rockets", "laser-lance")  # items.py
# The options the kernel plays at any value (each a number the C reads from Rules).
READINGS = ("lucky-one", "lucky-ammo", "lucky-marksmanship", "escape-time", "clothing-hth",
            "lance-counts", "skip-across-decks")


def supported(options: dict[str, Any]) -> bool:
    """Does the C play this option set exactly as the Python rules do?"""
    return (options["difficulty"] == "hard" and not any(options[o] for o in OVERKILL)
            and options["data"] == "")


def expr(text: str) -> tuple[int, int, int, int]:
    """A dice expression as (dice, sides, plus, keep): Dice.parse_and_roll's reading, with
    keep 0 for "all of them". 'd66' is refused (the C has no use for it)."""
    text = text.strip().lower().replace(" ", "")
    keep = 0
    if "kh" in text:
        head, _, rest = text.partition("kh")
        digits = ""
        while rest and rest[0].isdigit():
            digits, rest = digits + rest[0], rest[1:]
        keep, text = int(digits), head + rest
    (n, sides), plus = parse_dice(text)
    if not (0 < n <= 16 and 0 < sides <= 100 and -100 < plus < 100):
        raise ValueError(f"{text!r}: beyond the kernel's dice")
    return n, sides, plus, keep


def _tables(data: CardData, rules: Rules, advanced: bool) -> tuple[Any, ...]:
    cards = [*data.house.values(), *data.wandering.values()]
    card_index = {c.id: i for i, c in enumerate(cards)}
    items = list(data.items.values())
    item_index = {item.id: i for i, item in enumerate(items)}
    rows = []
    for c in cards:
        x = c.extra
        rad = expr(x["radiation"]) if "radiation" in x else (0, 0, 0, 0)
        roh = expr(x["radiation_on_hit"]) if "radiation_on_hit" in x else (0, 0, 0, 0)
        radioactive = ("radiation" in x or "radiation_on_hit" in x
                       or x.get("trap") == "rad-canister")
        rows.append((
            KINDS.index(c.kind), BACKS.index(c.back),
            CREATURES.index(c.creature) if c.creature else -1,
            TRAPS.index(x["trap"]) if "trap" in x else -1,
            PILES.index(x["offers"]) if "offers" in x else -1,
            c.hth, c.wounds, int(c.no_escape), int(x.get("agent", 0)),
            int(x.get("target", 7)), int(bool(x.get("wound_table"))),
            int("radiation" in x), *rad, int("radiation_on_hit" in x), *roh,
            *expr(x.get("skip", "2d6")), int(radioactive),
            item_index[c.id] if c.kind == "first-aid-kit" else -1, 0))
    item_rows = []
    for item in items:
        heal = expr(item.heal) if item.heal else (0, 0, 0, 0)
        item_rows.append((
            ITEM_TYPES.index(item.type), PILES.index(item.back) if item.back in PILES else -1,
            -1 if item.uses is None else item.uses, int(item.one_use), item.door or 0,
            item.hth_bonus, item.throw, int(item.electric), int(item.slime), int(item.cuts_net),
            int(item.night_vision), int(bool(item.heal)), *heal, item.reflexes,
            int(item.type in CATS_FITS or item.id in CATS_FITS), int(item.shoots),
            *(item.to_hit.get(c, -1) for c in CREATURES),
            card_index[item.id] if item.id in data.house else -1, 0, 0))
    rolls = ROLLS[rules.difficulty]
    header = [len(data.house), len(data.wandering), len(items), card_index[data.darkness],
              *(data.costs[p] for p in PILES), *(data.escape.get(c, -1) for c in CREATURES),
              *(data.marksmanship[r] for r in range(1, 7)),
              int(rules.lucky_one == "d6"), sum(1 << r for r in rules.lucky_ammo),
              int(rules.lucky_marksmanship), rules.escape_time, int(rules.clothing_hth),
              int(rules.lance_counts), int(rules.cross_decks)]
    for name in ("endurance", "wounds", "hth", "reflexes", "marksmanship", "equipment"):
        header.extend(expr(rolls[name]))
    named = [item_index.get(name, -1) for name in NAMED]
    piles = [[i for i, item in enumerate(items) if item.back == pile
              and (advanced or not item.advanced)] for pile in PILES]
    return (header, rows, item_rows, named, piles, [c.id for c in cards],
            [item.id for item in items])


if _cw is not None:
    class ChainsawWarriorKernel(_cw.Kernel):
        """The kernel for one option set (engine/kernel.py's Kernel)."""

        def __init__(self, game: Game) -> None:
            options = game.options
            tables = _tables(card_data(options), Rules.from_options(options),
                             bool(options["advanced-equipment"]))
            super().__init__(*tables, Outcome)
            self.game = game

        def load(self, state: GameState) -> Any:
            raise NotImplementedError(
                "the Chainsaw Warrior kernel does not load Python positions yet; "
                "play them with the Python rules (DEADTABLE_KERNEL=0 or Game.new)")

        def play_random(self, game_seed: int, agent_seeds: Sequence[int], max_steps: int,
                        synchronise: bool = False) -> Any:
            return super().play_random(game_seed, list(agent_seeds), max_steps, synchronise)


def kernel_for(game: Game) -> Kernel | None:
    """The kernel for these options, or None where the C would not play the same game (or is
    not built)."""
    if _cw is None or not supported(game.options):
        return None
    return ChainsawWarriorKernel(game)
