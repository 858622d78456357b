"""Seeded dice that live inside a game state.

The generator is splitmix64: its whole state is one integer, so a clone is one assignment, the
JSON form is one number, and the same seed gives the same rolls in any process or platform.
Tests may *script* die rolls: scripted values are consumed before the generator is used, and
each one is checked against the die it is used for. Shuffles never consume scripted values.

A searching agent's imagined game may *synchronise* its dice: the game calls `mark()` at a
fixed point of its procedure (a move, a card turned over), and from the n-th such point on the
rolls come from a stream of (base, n) alone. Two imagined games that played different
actions then roll the same dice from the next such point on, however many rolls each used
before, so comparing two actions on the same dice compares the actions and not their luck.
In a real game `mark` does nothing.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a sub-stream (game number i of a batch, an agent's own dice) of `seed`."""
    z = seed & _MASK
    for p in path:
        z = _mix((z + 0x9E3779B97F4A7C15 * (p + 1)) & _MASK)
    return z


class ScriptedDiceError(ValueError):
    """A scripted roll does not fit the die it was used for."""


class Dice:
    __slots__ = ("state", "script", "rolls", "base", "marks")

    def __init__(self, seed: int, script: Sequence[int] = ()) -> None:
        self.state = seed & _MASK
        # Stored reversed so that taking the next scripted value is a cheap pop().
        self.script: list[int] = list(reversed(list(script)))
        self.rolls = 0
        self.base: int | None = None  # synchronised: the seed of every marked stream
        self.marks = 0  # the game's fixed points passed since synchronising

    # -- synchronised dice (search worlds only) --------------------------------------------
    def synchronise(self) -> None:
        """From now on every `mark` restarts the stream, as every world with this base does."""
        self.base, self.marks = self.state, 0

    def mark(self) -> None:
        """The game passed one of its fixed points: a synchronised die restarts its stream
        at the next of them; a real game's dice go on as they were."""
        if self.base is not None:
            self.marks += 1
            self.state = derive_seed(self.base, self.marks)

    # -- the generator -------------------------------------------------------------------
    def _next(self) -> int:
        """The generator's next raw 64-bit output."""
        return self.below(1 << 64)  # times 2**64, shifted back: the output itself

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Not scriptable: used for shuffles and random choices."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # splitmix64's step and _mix written out: every roll and random choice comes here
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def skip(self, calls: int) -> None:
        """Leave the dice where `calls` calls of `below` would (none for 0 or fewer): each
        call steps the state by the same constant, whatever its bound."""
        if calls > 0:
            self.state = (self.state + calls * 0x9E3779B97F4A7C15) & _MASK

    # -- dice ------------------------------------------------------------------------------
    def roll(self, sides: int = 6) -> int:
        """One die with `sides` faces, 1..sides (the next scripted value if any)."""
        self.rolls += 1
        if self.script:
            value = self.script.pop()
            if not 1 <= value <= sides:
                raise ScriptedDiceError(
                    f"scripted roll {value} cannot come up on a d{sides}; "
                    f"a d{sides} shows 1 to {sides}"
                )
            return value
        return self.below(sides) + 1

    def d6(self) -> int:
        return self.roll(6)

    def d20(self) -> int:
        return self.roll(20)

    def d66(self) -> int:
        """Two d6 read as tens and units: 11..66."""
        return self.roll(6) * 10 + self.roll(6)

    def rolls_of(self, n: int, sides: int = 6) -> list[int]:
        return [self.roll(sides) for _ in range(n)]

    def total(self, n: int, sides: int = 6, plus: int = 0) -> int:
        """NdM + plus, e.g. total(2, 6, 6) is 2d6+6."""
        return sum(self.roll(sides) for _ in range(n)) + plus

    def keep_highest(self, n: int, keep: int, sides: int = 6) -> list[int]:
        """Roll n dice and keep the `keep` highest, highest first."""
        if not 0 <= keep <= n:
            raise ValueError(f"cannot keep {keep} of {n} dice")
        return sorted(self.rolls_of(n, sides), reverse=True)[:keep]

    def parse_and_roll(self, expr: str) -> int:
        """Roll a dice expression: 'd6', '2d6+6', '4d6', 'd20', 'd66', or '3d6kh1+5' (roll
        three, keep the highest one, add five)."""
        return self.roll_expression(parse_expression(expr))

    def roll_expression(self, e: DiceExpression) -> int:
        if e.d66:
            return self.d66()
        if e.keep is not None:
            return sum(self.keep_highest(e.dice, e.keep, e.sides)) + e.plus
        return self.total(e.dice, e.sides, e.plus)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place: `below(i + 1)` for each i from the last down, written out
        (every search world redeals a pile: the calls were most of a shuffle's cost)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            z = state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    # -- plain data ------------------------------------------------------------------------
    def clone(self) -> Dice:
        other = Dice.__new__(Dice)
        other.state = self.state
        other.script = self.script.copy()
        other.rolls = self.rolls
        other.base = self.base
        other.marks = self.marks
        return other

    def to_data(self) -> dict[str, Any]:
        data = {"state": self.state, "script": list(reversed(self.script)), "rolls": self.rolls}
        if self.base is not None:  # only search worlds are synchronised: real games stay as is
            data["synchronised"] = {"base": self.base, "marks": self.marks}
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Dice:
        dice = cls(0, data["script"])
        dice.state = data["state"]
        dice.rolls = data["rolls"]
        synchronised = data.get("synchronised")
        if synchronised is not None:
            dice.base, dice.marks = synchronised["base"], synchronised["marks"]
        return dice

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class DiceExpression:
    """A dice expression as `Dice.parse_and_roll` reads it: `dice` dice of `sides` faces, the
    `keep` highest of them kept (None: all), `plus` added; or d66 (two d6 as tens and units)."""

    dice: int
    sides: int
    plus: int = 0
    keep: int | None = None
    d66: bool = False

    @property
    def highest(self) -> int:
        """The highest total it can roll."""
        if self.d66:
            return 66
        return (self.dice if self.keep is None else self.keep) * self.sides + self.plus


def parse_expression(expr: str) -> DiceExpression:
    """'d6', '2d6+6', 'd66', '3d6kh1+5' -> a DiceExpression. Raises ValueError saying what
    is wrong and the accepted form."""
    text = expr.strip().lower().replace(" ", "")
    if text == "d66":
        return DiceExpression(2, 6, d66=True)
    keep = None
    if "kh" in text:  # '2d6kh1+6': roll two, keep the highest one, add six
        head, _, rest = text.partition("kh")
        digits = ""
        while rest and rest[0].isdigit():
            digits, rest = digits + rest[0], rest[1:]
        if not digits:
            raise ValueError(f"{expr!r}: 'kh' must be followed by how many dice to keep")
        keep, text = int(digits), head + rest
    (dice, sides), plus = parse_dice(text)
    return DiceExpression(dice, sides, plus, keep)


def parse_dice(text: str) -> tuple[tuple[int, int], int]:
    """'2d6+6' -> ((2, 6), 6). Raises ValueError naming the accepted form."""
    plus = 0
    body = text
    for sign in ("+", "-"):
        if sign in body:
            head, _, tail = body.partition(sign)
            if not tail.isdigit():
                break  # body keeps the bad tail, so the check below rejects it
            body = head
            plus = int(tail) if sign == "+" else -int(tail)
            break  # one modifier at most: '2d6-1+3' is rejected below
    count, d, sides = body.partition("d")
    if d != "d" or not sides.isdigit() or (count and not count.isdigit()):
        raise ValueError(f"{text!r} is not a dice expression; write it like 'd6', '2d6' or '2d6+6'")
    return (int(count or 1), int(sides)), plus


def halve_up(value: int) -> int:
    """Half of a value, rounding up (7 -> 4)."""
    return -(-value // 2)
