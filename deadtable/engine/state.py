"""The state contract every game follows.

A game's state subclasses GameState and writes five things in its own words: what is decided
next (`_decide`), what an action does (`_apply`), what a seat may see (`_view`), its plain data
(`_data`/`_load`) and a cheap copy (`_copy_into`). The base class makes `apply` atomic, caches
the decision, keeps the action history and the event log (engine/events.py: each event with
its rulebook cite and its audience), and writes the JSON form.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deadtable.engine.decisions import Decision, GameOver, IllegalAction
from deadtable.engine.dice import Dice
from deadtable.engine.events import Event

if TYPE_CHECKING:
    from deadtable.engine.game import Game

RESULTS = ("win", "loss", "draw")
SPECTATOR = "spectator"  # the name public_view() gives its onlooker in place of a seat


@dataclass(frozen=True, slots=True)
class Outcome:
    results: dict[str, str]  # seat -> "win" | "loss" | "draw"
    cause: str  # e.g. "evacuated", "killed", "overrun"
    scores: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, result in self.results.items():
            if result not in RESULTS:
                raise ValueError(f"result for {seat!r} is {result!r}; must be one of {RESULTS}")

    @property
    def label(self) -> str:
        """One word for a tally: the result of a lone seat, else who won."""
        if len(self.results) == 1:
            return next(iter(self.results.values()))
        winners = sorted(s for s, r in self.results.items() if r == "win")
        return "win:" + "+".join(winners) if winners else "draw"

    def by_side(self, sides: Mapping[str, Sequence[str]]) -> dict[str, str]:
        """side -> its result, from `Game.sides`. The seats of a side win, lose or draw
        together; a ValueError names the side whose seats' results differ (a game that ends
        so has sides that are not sides) or a seat with no result."""
        folded: dict[str, str] = {}
        for side, seats in sides.items():
            missing = [seat for seat in seats if seat not in self.results]
            if missing:
                raise ValueError(f"side {side!r}: no result for seat(s) {', '.join(missing)}")
            found = {self.results[seat] for seat in seats}
            if len(found) != 1:
                each = ", ".join(f"{seat} {self.results[seat]}" for seat in seats)
                raise ValueError(f"the seats of side {side!r} do not share a result ({each}); "
                                 f"a side wins, draws or loses as one")
            folded[side] = found.pop()
        return folded

    def to_data(self) -> dict[str, Any]:
        return {"results": dict(self.results), "cause": self.cause, "scores": dict(self.scores)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Outcome:
        return cls(dict(data["results"]), data["cause"], dict(data["scores"]))


class GameState(ABC):
    __slots__ = ("game", "seed", "dice", "setup", "log", "history", "outcome", "_decision")

    def __init__(self, game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> None:
        self.game = game
        self.seed = seed
        self.dice = dice
        self.setup = setup  # what new() was given besides the seed: scripted dice, stacked cards
        self.log: list[Event] = []  # what happened, in order, public and private
        self.history: list[str] = []  # every action id applied since new()
        self.outcome: Outcome | None = None
        self._decision: Decision | None = None

    @property
    def options(self) -> dict[str, Any]:
        return self.game.options

    # -- what a game writes -----------------------------------------------------------------
    @abstractmethod
    def _decide(self) -> Decision: ...

    @abstractmethod
    def _apply(self, action_id: str) -> None: ...

    @abstractmethod
    def _view(self, seat: str) -> dict[str, Any]: ...

    def _public_view(self) -> dict[str, Any]:
        """What anyone watching the table may know, beyond who decides, the log and the
        outcome. The default shows nothing more, which is safe for every game; a game whose
        table hides nothing from onlookers (a solo game, say) returns more."""
        return {}

    def _hidden(self, seat: str) -> dict[str, Any] | None:
        """What `seat` does not know and what it knows of it, for undo (engine/undo.py): JSON-
        able data keyed by the words that say what a change to it means ("a card was drawn":
        the deck's cards in order). A decision after which any of it differs revealed or dealt
        something to `seat`, and may not be undone. The default, None, offers no undo: a game
        must say what it hides before its players may take anything back."""
        return None

    @abstractmethod
    def _data(self) -> dict[str, Any]: ...

    @abstractmethod
    def _load(self, data: dict[str, Any]) -> None: ...

    @abstractmethod
    def _copy_into(self, other: Any) -> None: ...

    # -- the contract -------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """Who decides now and the legal actions; None once the game is over."""
        if self.outcome is not None:
            return None
        if self._decision is None:
            self._decision = self._decide()
        return self._decision

    def apply(self, action_id: str) -> None:
        """Apply a legal action. An illegal one raises IllegalAction and changes nothing."""
        decision = self._decision  # cached by settle() as a rule: skip the property then
        if decision is None or self.outcome is not None:
            decision = self.decision
        if decision is None:
            raise GameOver(f"the game is over ({self.outcome and self.outcome.cause}); "
                           f"{action_id!r} cannot be applied")
        if action_id not in decision._ids:  # `in decision` without its Python call
            raise IllegalAction(action_id, decision)
        # Only scripted dice can make a legal action fail half-way (a roll that does not fit
        # its die); keep a copy then, so the failure changes nothing. Free in simulation.
        backup = self.clone() if self.dice.script else None
        try:
            self._decision = None
            self._apply(action_id)
            self.history.append(action_id)
        except Exception:
            if backup is not None:
                backup._copy_into(self)
                GameState._copy_base(backup, self)
            raise

    def apply_all(self, action_ids: list[str]) -> None:
        for action_id in action_ids:
            self.apply(action_id)

    def view(self, seat: str) -> dict[str, Any]:
        """JSON-able data with everything `seat` may know, and nothing else."""
        seats = self.game.seats
        if seat not in seats:
            raise ValueError(f"unknown seat {seat!r}; seats of {self.game.id}: {', '.join(seats)}")
        seen: dict[str, Any] = {"game": self.game.id, "seat": seat}
        seen.update(self._view(seat))
        seen["log"] = [e.shown() for e in self.log if e.readable_by(seat)]
        seen["outcome"] = None if self.outcome is None else self.outcome.to_data()
        return seen

    def public_view(self) -> dict[str, Any]:
        """JSON-able data that every onlooker may know (a spectator's view): the game's
        `_public_view()`, which seat decides now, the public event log and the outcome. It is
        never more than any one seat's view shows."""
        seen: dict[str, Any] = {"game": self.game.id, "seat": SPECTATOR}
        seen.update(self._public_view())
        decision = self.decision
        seen["to_move"] = None if decision is None else decision.seat
        seen["log"] = [e.shown() for e in self.log if e.seats is None]
        seen["outcome"] = None if self.outcome is None else self.outcome.to_data()
        return seen

    def determinize(self, seat: str, dice: Dice) -> None:
        """Replace what `seat` cannot know with a guess drawn from `dice` (a searching agent's
        own), consistent with what it does know: the future rolls always; a game with hidden
        cards also reshuffles them (override and call this). Use it on a clone only."""
        self.dice = Dice(dice.below(1 << 62))
        self._decision = None

    def glance(self, seat: str, dice: Dice) -> GameState:
        """A world to read, never to change or play on: the world `clone()` then
        `determinize(seat, dice)` would deal (the same guesses, and `dice` left where they
        leave it). A game may make it cheaper by sharing with this state what determinizing
        leaves alone; an agent that only looks at its world (a heuristic, once a decision)
        asks for this, one that plays on it for a sample."""
        guess = self.clone()
        guess.determinize(seat, dice)
        return guess

    def event(self, text: str, cite: str = "", to: str | tuple[str, ...] | None = None) -> None:
        """Log what happened and the rulebook section that made it happen (`cite`); `to` is
        the seat, or the seats, that alone may read it (None: everyone)."""
        self.log.append(Event(text, cite, (to,) if isinstance(to, str) else to))

    def finish(self, outcome: Outcome, cite: str = "") -> None:
        """End the game; `cite` names the rule that ended it."""
        self.outcome = outcome
        self.event(f"Game over: {outcome.cause}.", cite)

    # -- plain data ---------------------------------------------------------------------------
    def clone(self) -> GameState:
        """An independent copy: play on it never changes this state."""
        other = type(self).__new__(type(self))
        GameState._copy_base(self, other)
        self._copy_into(other)
        return other

    @staticmethod
    def _copy_base(src: GameState, dst: GameState) -> None:
        dst.game = src.game
        dst.seed = src.seed
        dst.dice = src.dice.clone()
        dst.setup = src.setup  # never mutated after new()
        dst.log = src.log.copy()
        dst.history = src.history.copy()
        dst.outcome = src.outcome  # frozen
        dst._decision = src._decision  # frozen

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "version": self.game.version,
            "options": dict(self.game.options),
            "seed": self.seed,
            "setup": self.setup,
            "dice": self.dice.to_data(),
            "log": [e.to_data() for e in self.log],
            "history": list(self.history),
            "outcome": None if self.outcome is None else self.outcome.to_data(),
            "state": self._data(),
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_data(), indent=indent, sort_keys=True)

    @classmethod
    def from_data(cls, game: Game, data: dict[str, Any]) -> GameState:
        state = cls.__new__(cls)
        GameState.__init__(state, game, data["seed"], Dice.from_data(data["dice"]), data["setup"])
        state.log = [Event.from_data(e) for e in data["log"]]  # plain strings: older saves
        state.history = list(data["history"])
        state.outcome = None if data["outcome"] is None else Outcome.from_data(data["outcome"])
        state._load(data["state"])
        return state

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its game and its saved data (what to_json writes), so a state crosses
        processes and checkpoints as a save does."""
        return _unpickle_state, (self.game, self.to_data())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]


def _unpickle_state(game: Game, data: dict[str, Any]) -> GameState:
    return game.spec.state_class.from_data(game, data)
