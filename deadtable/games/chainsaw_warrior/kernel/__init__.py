"""Chainsaw Warrior's kernel: the rules of this package compiled in C (`_cw`, built from the
.c files here by `pip install -e .`), playing exactly the Python rules' games, bit for bit
(engine/kernel.py). The C knows the cards by index: the tables it plays from are built here,
from the game's own CardData and options, when the kernel is made, never copied by hand.

`kernel_for(game)` gives the kernel for an option set the C plays identically, else None
(the Python rules play). It plays every option: the readings (lucky-one, lucky-ammo,
lucky-marksmanship, escape-time, clothing-hth, lance-counts, skip-across-decks), the three
difficulties, every Overkill option and the Advanced Equipment, on the packaged card data or a
data file of the same shape; it refuses (None) only card data beyond its tables: more cards
than it holds, numbers outside -128..127, dice it does not roll (d66), ids shared between
decks. It also plays the game's heuristic agent (agent.c, agent.py's twin: `agents`,
`KernelGame.play_out`), on every option set, unless card names would read as a label's number
(`heuristic_plays`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from deadtable.engine.dice import parse_expression
from deadtable.engine.game import Game
from deadtable.engine.kernel import Kernel
from deadtable.engine.state import GameState, Outcome
from deadtable.games.chainsaw_warrior.agent import KEEP, PICKS
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


# The Overkill options and difficulty levels the kernel plays (each once its equivalence tests
# passed: tests/games/chainsaw_warrior/test_kernel.py).
PLAYED = frozenset(OVERKILL)
LEVELS = ("hard", "medium", "easy")


def supported(options: dict[str, Any]) -> bool:
    """Does the C play this option set exactly as the Python rules do?"""
    return (options["difficulty"] in LEVELS
            and all(o in PLAYED for o in OVERKILL if options[o]))


def expr(text: str) -> tuple[int, int, int, int]:
    """A dice expression as (dice, sides, plus, keep): Dice.parse_and_roll's reading, with
    keep 0 for "all of them". 'd66' and keeping none ('2d6kh0') are refused (the C has no
    use for them)."""
    e = parse_expression(text)
    if e.d66 or e.keep == 0:
        raise ValueError(f"{text!r}: beyond the kernel's dice")
    keep = 0 if e.keep is None else e.keep
    if not (0 < e.dice <= 16 and 0 < e.sides <= 100 and -100 < e.plus < 100 and keep <= e.dice):
        raise ValueError(f"{text!r}: beyond the kernel's dice")
    return e.dice, e.sides, e.plus, keep


def heuristic_plays(data: CardData) -> bool:
    """Does agent.c choose as HeuristicAgent on this card data? It computes the numbers the
    Python reads from labels (a shot's "needs N", a door's "N+") from the rules; an item name
    or card title holding such text ("needs 5", "2+") would be read first by the Python's
    regular expressions, and an id with ":" would split otherwise: the C leaves those out."""
    names = [*(c.title for c in data.house.values()), *(c.title for c in data.wandering.values()),
             *(item.name for item in data.items.values())]
    ids = [*data.house, *data.wandering, *data.items]
    return not any(re.search(r"needs -?\d|\d\+", name) for name in names) and not any(
        ":" in i for i in ids)


def _tables(data: CardData, rules: Rules, advanced: bool) -> tuple[Any, ...]:
    cards = [*data.house.values(), *data.wandering.values()]
    kits = {c.id for c in data.house.values() if c.kind == "first-aid-kit"}
    if (set(data.house) & set(data.wandering)) or (set(data.items) & set(data.house)) != kits:
        raise ValueError("card ids shared between decks: the kernel tells cards apart by index")
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
            item_index[c.id] if c.kind == "first-aid-kit" else -1,
            (c.title == "Darkness") + 2 * (c.id == "darkness") + 4 * c.id.startswith("darkness")))
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
            card_index[item.id] if item.id in data.house else -1,
            PICKS.index(item.id) if item.id in PICKS else -1,
            item.id.startswith("laser-lance") + 2 * (item.id in KEEP)
            + 4 * (item.id == "chainsaw")))
    for row in (*rows, *item_rows):
        if not all(-128 <= v < 128 for v in row):
            raise ValueError("a card's numbers beyond the kernel's (-128 to 127)")
    rolls = ROLLS[rules.difficulty]
    header = [len(data.house), len(data.wandering), len(items), card_index[data.darkness],
              *(data.costs[p] for p in PILES), *(data.escape.get(c, -1) for c in CREATURES),
              *(data.marksmanship[r] for r in range(1, 7)),
              int(rules.lucky_one == "d6"), sum(1 << r for r in rules.lucky_ammo),
              int(rules.lucky_marksmanship), rules.escape_time, int(rules.clothing_hth),
              int(rules.lance_counts), int(rules.cross_decks)]
    for name in ("endurance", "wounds", "hth", "reflexes", "marksmanship", "equipment"):
        header.extend(expr(rolls[name]))
    header += [sum(1 << i for i, o in enumerate(OVERKILL) if rules.has(o)),
               ("hard", "medium", "easy").index(rules.difficulty)]
    named = [item_index.get(name, -1) for name in NAMED]
    piles = [[i for i, item in enumerate(items) if item.back == pile
              and (advanced or not item.advanced)] for pile in PILES]
    return (header, rows, item_rows, named, piles, [c.id for c in cards],
            [item.id for item in items])


if _cw is not None:
    class ChainsawWarriorKernel(_cw.Kernel):
        """The kernel for one option set (engine/kernel.py's Kernel)."""

        # the game's own agents it plays (KernelGame.play_out): the heuristic (agent.c), on
        # every option set, unless the card data's names would make the Python agent read
        # its labels otherwise (heuristic_plays)
        agents: frozenset[str] = frozenset()

        def __init__(self, game: Game) -> None:
            options = game.options
            data = card_data(options)
            tables = _tables(data, Rules.from_options(options),
                             bool(options["advanced-equipment"]))
            super().__init__(*tables, Outcome)
            self.agents = frozenset({"heuristic"}) if heuristic_plays(data) else frozenset()
            self.game = game
            self._index = _Index(tables[5], tables[6])

        def load(self, state: GameState) -> Any:
            if state.game.options != self.game.options:
                raise ValueError(f"a game with options {state.game.options} cannot be loaded "
                                 f"by the kernel for {self.game.options}")
            return self._load(*_position(state, self._index))

        def play_random(self, game_seed: int, agent_seeds: Sequence[int], max_steps: int,
                        synchronise: bool = False) -> Any:
            return super().play_random(game_seed, list(agent_seeds), max_steps, synchronise)


# -- load: a Python position in the kernel's numbers ------------------------------------------
QUESTIONS = ("", "kit", "free", "climb", "geiger", "dump", "full", "passage", "slime", "door",
             "net", "wire", "anti-rad", "hide", "shoot", "step-6", "order", "agent-3",
             "meat-machine", "lucky", "escape", "dum-dums", "wait-kit", "sprint", "burst",
             "frenzy", "train")  # cw.h's Q_* order
STEPS = ("", "ask", "explore", "turn", "exit-step", "outside", "fight", "wz-check", "wait",
         "heal", "healed", "ask-door")  # cw.h's TK_* order
CONTEXTS = ("", "ambush", "agent-9", "net", "floorboards", "wire", "sprint")
STAGES = ("start", "shoot", "hth", "round", "lucky", "next")
FLASH = ("", "bonus", "escape")
RESULTS = ("", "win", "loss", "draw")
CAUSES = ("time", "wounds", "radiation", "venom", "slime", "darkness-destroyed", "implosion")
SKILLS = ("marksmanship", "endurance", "agility", "strength", "climbing", "hiding")
TRAINED = ("endurance", "wounds", "hth", "marksman", "reflexes", "equipment")  # training.py


class _Index:
    def __init__(self, cards: list[str], items: list[str]) -> None:
        self.card = {c: i for i, c in enumerate(cards)}
        self.item = {c: i for i, c in enumerate(items)}


def _position(state: Any, index: _Index) -> tuple[Any, ...]:
    """The state as the C's _load takes it. Refuses what the kernel cannot hold: scripted
    dice, and a question or step it does not know (none of its option sets asks one)."""
    if state.dice.script:
        raise ValueError("the kernel cannot load a game with scripted dice: they are "
                         "checked against the die they are used for, which only Python does")
    card, item = index.card, index.item
    dice = state.dice
    synced = dice.base is not None
    w = state.warrior
    warrior = (w.endurance, w.wounds, w.max_wounds, w.hth, w.reflexes, w.marksmanship,
               SKILLS.index(w.skill) if w.skill else -1, w.equipment_allowance, w.radiation,
               w.venom, int(w.infected))
    scalars = (state.time, state.current, state.field_until,
               -1 if state.turned is None else card[state.turned], int(state.free),
               state.left_building, state.exiting, state.smash_until, state.flare,
               int(state.sprint), state.determination, int(bool(state.mark)),
               *(state.mark or [0, 0, 0, 0]))
    ctx = state.ctx
    if state.phase not in QUESTIONS:
        raise ValueError(f"the kernel does not play the question {state.phase!r}")
    at, pile = ctx.get("card"), ctx.get("offers") or ctx.get("pile")
    values = ctx.get("values", {})
    numbers = (card[at] if at is not None else 0, ctx.get("points", 0),
               int(ctx.get("refit", False)), int(ctx.get("chosen", False)),
               int(ctx.get("waited", False)), ctx.get("left", 0), ctx.get("amount", 0),
               PILES.index(pile) if pile else 0, *(values.get(a, 0) for a in TRAINED),
               int(ctx.get("kit", False)), item[ctx["item"]] if "item" in ctx else 0,
               card[ctx["target"]] if "target" in ctx else 0)
    fight = None
    if state.fight is not None:
        f = state.fight
        fight = ([card[c] for c in f.opponents], [card[c] for c in f.wandering],
                 [card[c] for c in f.fought], [card[c] for c in f.poison],
                 list(f.poison.values()),
                 (-1 if f.current is None else card[f.current], f.rounds, int(f.shot),
                  CONTEXTS.index(f.context), f.next_hth, int(f.no_escape), f.lucky_bonus,
                  int(f.no_lucky), int(f.knife_dropped), STAGES.index(f.step),
                  FLASH.index(f.flash), int(f.berserk), int(f.lost_round)))
    end = (0, 0) if state.outcome is None else (
        RESULTS.index(state.outcome.results["warrior"]), CAUSES.index(state.outcome.cause))
    return ((dice.state, int(synced), dice.base if synced else 0, dice.marks), warrior,
            scalars, [[card[c] for c in d.cards] for d in state.decks],
            [[card[c] for c in d.cards] for d in state.discards],
            [card[c] for c in state.removed], [card[c] for c in state.wandering.cards],
            [[item[c] for c in state.piles[p].cards] for p in PILES],
            [(item[c.item], -1 if c.uses is None else c.uses, int(c.clip),
              -1 if c.on is None else item[c.on]) for c in state.items],
            QUESTIONS.index(state.phase), numbers,
            [_task(t, index) for t in state.tasks], fight, end,
            [card[c] for c in state.seen], [card[c] for c in state.known],
            [PILES.index(p) for p in state.piles])


def _task(task: dict[str, Any], index: _Index) -> tuple[int, ...]:
    """A pending step as cw.h's Task: kind, context, on, after, if_quiet and two numbers."""
    kind = task["do"]
    if kind not in STEPS or (kind == "ask" and task["phase"] != "anti-rad"):
        raise ValueError(f"the kernel does not play the step {task}")
    after = _nested(task.get("after"), index)
    quiet = _nested(task.get("if_quiet"), index)
    a, b = _nested(task, index)[1] if kind in ("turn", "heal", "healed", "ask-door") else 0, 0
    if kind == "ask":
        a = task["amount"]
    elif kind == "outside":
        a = int(task["chasm"])
    elif kind == "wait":
        a, b = task["left"], task["every"]
    return (STEPS.index(kind), CONTEXTS.index(task.get("context") or ""), task.get("on", 6),
            after[0], quiet[0], a, b, after[1], quiet[1])


def _nested(task: dict[str, Any] | None, index: _Index) -> tuple[int, int]:
    """A step a Wandering Zombie check runs after: its kind and its one number."""
    if not task:
        return 0, 0
    kind = task["do"]
    if kind == "turn":
        return STEPS.index(kind), int(bool(task.get("sprint")))
    if kind in ("heal", "healed"):
        return STEPS.index(kind), index.item[task["item"]]
    if kind == "ask-door":
        return STEPS.index(kind), index.card[task["card"]]
    raise ValueError(f"the kernel does not play the step {task}")


def kernel_for(game: Game) -> Kernel | None:
    """The kernel for these options, or None where the C would not play the same game (or is
    not built)."""
    if _cw is None or not supported(game.options):
        return None
    try:
        return ChainsawWarriorKernel(game)
    except ValueError:  # card data beyond the kernel's tables (its sizes, numbers or dice)
        return None
