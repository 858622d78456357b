"""One Against the Dead's kernel: the rules compiled in C (this folder's *.c, one file per
Python rule file), playing exactly the games the Python rules play (engine/kernel.py).

`kernel_for(game)` gives the kernel for a game's options and data file, or None where the
extension is not built (no C compiler at install) or the data file asks for something the
kernel does not take (then the Python rules play, and raise what they raise):

- a data file whose SETUP removals cannot be made (the Python refuses it at `new`);
- a dice expression the Python could not roll (it would fail the first time it rolls it),
  or one whose total could reach 2**30 (a C int);
- zombie dice counts below 0 or a share table larger than the kernel's decision (256
  actions), a survivor who could have more than 250 life, or `zombies_per_point` below 1.

The packaged data file and every option value are taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deadtable.engine.dice import parse_expression
from deadtable.engine.game import Game
from deadtable.engine.kernel import Kernel
from deadtable.engine.state import GameState
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.data import WEAPONS, Rules
from deadtable.games.one_against_the_dead.rules import power, rules_for

try:
    from deadtable.games.one_against_the_dead.kernel import _oatd  # type: ignore[attr-defined]
except ImportError:  # not built: the Python rules play
    _oatd = None

# Card codes as the C numbers them (state.h): cards.full_deck() order from 1, the Joker 53.
CODE: dict[str, int] = {card: i + 1 for i, card in enumerate(cards.full_deck()[:52])}
CODE[cards.JOKER] = 53
RANK_CODE: dict[str, int] = {r: i for i, r in enumerate(cards.RANKS)} | {cards.JOKER: 13}
PHASES = ("move", "reveal", "place-flipped", "place", "zombies", "combat", "share",
          "survivor-weapon", "helicopter")
CAUSES = ("evacuated", "killed", "overrun", "stranded", "out-of-time")
KIND = {None: 0, "fists": 0, "bat": 1, "chainsaw": 2, "shotgun": 3}
MAX_ACTIONS = 256
MAX_SURVIVOR_LIFE = 250
EXPR_TOTAL, EXPR_D66, EXPR_KEEP = 0, 1, 2
EXPR_MAX_DICE = 64


def compile_dice(expr: str) -> tuple[int, int, int, int, int] | None:
    """Dice.parse_and_roll's grammar, parsed once: (kind, n, sides, keep, plus), or None
    where rolling it would fail (the Python then fails the same way when it rolls)."""
    try:
        e = parse_expression(expr)
    except ValueError:
        return None
    if e.d66:
        return (EXPR_D66, 2, 6, 0, 0)
    n, sides, keep, plus = e.dice, e.sides, e.keep, e.plus
    if n > 0 and sides <= 0:
        return None  # Dice.below(0) raises
    if n * max(sides, 0) + abs(plus) >= 1 << 30:
        return None  # a total that could outgrow the C int
    if keep is not None:
        if not 0 <= keep <= n or n > EXPR_MAX_DICE:
            return None
        return (EXPR_KEEP, n, sides, keep, plus)
    return (EXPR_TOTAL, n, sides, 0, plus)


def _highest(expr: tuple[int, int, int, int, int]) -> int:
    kind, n, sides, keep, plus = expr
    if kind == EXPR_D66:
        return 66
    return (keep if kind == EXPR_KEEP else n) * sides + plus


def _removals(rules: Rules) -> list[tuple[int, int]] | None:
    """SETUP's removals (setup.build_deck's order), or None where it could not make them."""
    deck = [RANK_CODE[cards.rank(c)] for c in cards.full_deck()]
    out = []
    for rank_, count in list(rules.remove.items()) + [(cards.JOKER, 2 - rules.jokers)]:
        code = RANK_CODE.get(rank_, -1)
        if count <= 0:
            continue
        if deck.count(code) < count:
            return None
        for _ in range(count):
            deck.remove(code)
        out.append((code, count))
    if len(out) > 32:
        return None
    return out


def config(options: dict[str, Any]) -> tuple[int, ...] | None:
    """The flat tuple _oatd.Kernel takes (module.c: kernel_init), or None: see the module."""
    rules = rules_for(options)
    powers = [power(rules, options, None if w == "fists" else w) for w in WEAPONS]
    ranks = [rules.rank[w] for w in WEAPONS]
    charged = [int(w in rules.charged) for w in WEAPONS]
    finds = []
    for r in ("J", "Q", "K", "A", cards.JOKER):  # finds.reveal's order of questions
        if r in rules.card:
            finds.append(KIND[rules.card[r]])
        else:
            finds.append(4 if r == "A" else 5 if r == cards.JOKER else 0)
    pool = [rules.zombie_dice[10], rules.zombie_dice[5], rules.zombie_dice[1]]
    if min(pool) < 0 or max(pool) > 255 or (pool[0] + 1) * (pool[1] + 1) * (pool[2] + 1) > \
            MAX_ACTIONS or rules.zombies_per_point < 1:
        return None
    if any(not -(1 << 30) < x < 1 << 30 for x in powers + ranks):
        return None
    die = options["survivor-life"]
    survivor = compile_dice(rules.survivor_life if die == "data" else die)
    provisions = compile_dice(rules.provisions)
    removals = _removals(rules)
    if survivor is None or provisions is None or removals is None:
        return None
    if _highest(survivor) > MAX_SURVIVOR_LIFE:
        return None
    head = [
        options["row"], options["max-turns"], options["final-battle"] == "survive",
        options["helicopter-zombies"] == "card-value",
        options["flip-placement"] == "previous-card",
        options["match-neighbours"] == "numbers-only", bool(options["match-same-turn"]),
        bool(options["match-mixed"]), options["share-by"] == "dice",
        options["scoring"] == "kills",
    ]
    flat = [int(x) for x in head] + powers + ranks + charged + finds + pool
    flat += [rules.zombies_per_point, *survivor, *provisions, len(removals)]
    for code, count in removals:
        flat += [code, count]
    return tuple(flat)


def _pos(p: Sequence[int]) -> tuple[int, int]:
    return (p[0], p[1])


def _charge(charge: int | None) -> int:
    return int(_oatd.NO_CHARGE) if charge is None else charge


def _survivor(s: Any) -> tuple[int, int, int, int] | None:
    if s is None:
        return None
    w = s.weapon
    return (s.life, s.life_max, KIND[None if w is None else w.kind],
            _charge(None if w is None else w.charge))


def flatten(state: Any) -> tuple[Any, ...]:
    """A Python state as the arguments of _oatd.Kernel.load (module.c: kernel_load)."""
    dice = state.dice
    if dice.script:
        raise ValueError("the state still has scripted dice; the kernel rolls only its own")
    outcome = state.outcome
    flat_outcome = None
    if outcome is not None:
        flat_outcome = (int(outcome.results["player"] == "win"), CAUSES.index(outcome.cause),
                        float(outcome.scores.get("player", 0.0)))
    weapon = state.weapon
    ms = state.map_survivor
    return (
        dice.state, dice.base is not None, dice.base or 0, dice.marks,
        bytes(CODE[c] for c in state.deck.cards),
        [(x, y, CODE[c], (x, y) in state.face_down) for (x, y), c in state.grid.items()],
        _pos(state.helicopter), _pos(state.start), _pos(state.pos), _pos(state.came_from),
        state.life, state.life_max,
        (KIND[None if weapon is None else weapon.kind],
         _charge(None if weapon is None else weapon.charge)),
        _survivor(state.survivor),
        [(KIND[w.kind], x, y, _charge(w.charge)) for (x, y), w in state.map_weapons.items()],
        None if ms is None else (_pos(ms[0]), _survivor(ms[1])),
        state.zombies, state.kills, state.turn, PHASES.index(state.phase),
        [_pos(p) for p in state.flips],
        None if state.holding is None else _pos(state.holding),
        bytes(CODE[c] for c in state.pending),
        [_pos(p) for p in state.revealed],
        state.provisions, int(state.use_weapon),
        None if state.share is None else tuple(state.share),
        state.battle_round, flat_outcome,
    )


class OatdKernel:
    """The Kernel protocol for one set of option values (KernelGame is _oatd.Game itself)."""

    agents: frozenset[str] = frozenset({"heuristic"})  # agent.c: HeuristicAgent in C

    def __init__(self, game: Game, flat: tuple[int, ...]) -> None:
        self.game = game
        self._kernel = _oatd.Kernel(flat)

    def new(self, seed: int, synchronise: bool = False) -> Any:
        return self._kernel.new(seed, synchronise)

    def load(self, state: GameState) -> Any:
        if state.game.id != self.game.id or state.game.options != self.game.options:
            raise ValueError(f"this kernel plays {self.game}, not {state.game}")
        return self._kernel.load(*flatten(state))

    def play_random(self, game_seed: int, agent_seeds: Sequence[int], max_steps: int,
                    synchronise: bool = False) -> tuple[str, int, dict[str, str],
                                                        dict[str, float], str] | None:
        result: Any = self._kernel.play_random(game_seed, agent_seeds, max_steps, synchronise)
        return result


def kernel_for(game: Game) -> Kernel | None:
    """The kernel for this game's options, or None (not built, or a data file it does not
    take: see the module's docstring)."""
    if _oatd is None:
        return None
    flat = config(game.options)
    if flat is None:
        return None
    return OatdKernel(game, flat)
