"""A game: its spec (id, seats, options, state class) bound to one set of option values."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deadtable.engine.dice import Dice
from deadtable.engine.kernel import Kernel
from deadtable.engine.options import BadOption, OptionSet
from deadtable.engine.state import GameState, Outcome


@dataclass(frozen=True)
class GameSpec:
    id: str  # "one-against-the-dead"
    name: str  # "One Against the Dead (dice variant)"
    version: str  # bumped whenever the same actions could give a different game
    summary: str
    seats: Callable[[dict[str, Any]], tuple[str, ...]]  # from the options
    options: OptionSet
    state_class: type[GameState]
    # The game's set-up routine: (game, seed, dice, setup) -> the state at its first decision.
    start: Callable[[Game, int, Dice, dict[str, Any]], GameState]
    setup_keys: tuple[str, ...] = ()  # what new() accepts besides seed and dice, e.g. "deck"
    # Checks option values that need more than their own spelling (a data file that must load
    # and make sense); raises ValueError saying what is wrong.
    check: Callable[[dict[str, Any]], object] | None = None
    # The game's compiled twin for these options (engine/kernel.py), or None where it has none
    # (not built, or an option it does not take): then the Python rules play.
    kernel: Callable[[Game], Kernel | None] | None = None
    # Who wins together, from the options: {side: (seat, ...)}, every seat in exactly one
    # side. None: one side per seat, named as the seat (a solo game; every seat for itself).
    sides: Callable[[dict[str, Any]], dict[str, tuple[str, ...]]] | None = None
    # The game's own parts beyond its rules, named here and imported only when first used, so
    # that `import deadtable` stays light and optional extras stay optional (registry.part):
    # its terminal renderer ("module:function", view -> a Rich renderable), its page renderer
    # for the browser (a .js file) and its RL encoding ("module:function", Game -> Encoding).
    render: str | None = None
    web_renderer: Path | None = None
    encoding: str | None = None
    # The seats an agent plays unless the player says otherwise (Left 4 Dead's infected are
    # the director's by default), and the game's own agent for each seat: what `bench` and
    # comparisons play as "the game's agents" where one agent cannot play every seat.
    default_agents: Mapping[str, str] = field(default_factory=dict)
    lineup: Mapping[str, str] = field(default_factory=dict)
    # A board game's line-of-sight ruler ("module:function", (state, from, to) -> a JSON-able
    # {"clear", "spaces", "blocked_at", "reason"} for two space names), for interfaces to ask
    # about any two spaces; it must read only what every seat sees (docs/web.md, the sight API).
    ruler: str | None = None
    # The game's help at the terminal ("module:function", (options, view, decision, topic) ->
    # [(heading, text), ...]): with no topic, the rules of the moment the decision is in and
    # what the seat's weapons or equipment do; with a topic (a name), more on that. It reads
    # only the view, so it tells nothing the seat may not know.
    help: str | None = None
    # The outcome in the players' words for an end screen ("Mission failed: killed by your
    # wounds, 12 minutes into the hour"), where the results and scores alone read badly;
    # None: the screens show the results and scores as they are.
    outcome_text: Callable[[Outcome], str] | None = None
    # How well each seat stands in an unfinished game ("module:function", state -> {seat:
    # value in [0, 1]}, 1 a sure win), for searches that stop before the end
    # (`mcts:evaluate=true`). It may read the whole state: searches call it on sampled worlds.
    evaluate: str | None = None
    # Which actions of a decision are worth a search ("module:function", (sampled state,
    # legal ids, the rollout agent's choice) -> the ids to compare, that choice among them;
    # fewer than two: play that choice unsearched), for `mcts:focus=true`: a long game's
    # search spends its budget where its own agent's choice may be wrong. It may read the
    # whole state: it is called on a sampled world.
    focus: str | None = None
    # How to read a move of one figure ("module:function", (state, action) -> (mover, from,
    # to) or None for an action that is not such a move): the figure's name (a hidden
    # character's token its own), the space it stands on and the space the action takes it
    # to, as the board names them. Interfaces use it to show where the deciding figure can
    # still get this turn by plain steps and to walk there (deadtable/engine/reach.py).
    moves: str | None = None
    # An action that moves nothing but lets a figure move ("module:function", (state, action)
    # -> its words, "High Speed", or None for any other action): the reach searches past it
    # and a walk there takes it first (engine/reach.py). None: the game has none.
    openings: str | None = None
    # Another seat's question asked in the middle of a figure's move, and its answer that
    # lets the figure go on ("module:function", state -> that action's id, or None where
    # the decision is no such question): a walk goes past it when an agent so answers
    # (engine/reach.py). None: the game asks none.
    passes: str | None = None
    # The questions a person may answer in advance ("module:attribute", a tuple of
    # engine.standing.StandingOffer, each with its own id, words, pass reader, the seats it
    # may ask and the round): a standing answer set on their page or prompt answers that
    # question with its pass for them (engine/standing.py). None: none.
    standing: str | None = None
    # A person's shortcuts through a run of their own decisions ("module:function", (state,
    # seat) -> [engine.macros.Macro]): each names the ordinary action it takes next, so that
    # interfaces play a run of them as clicks would ("the rest stay", deadtable/engine/macros.py).
    macros: str | None = None

    def bind(self, **options: Any) -> Game:
        resolved = self.options.resolve(options)
        if self.check is not None:
            try:
                self.check(resolved)
            except ValueError as error:
                raise BadOption(str(error)) from None
        return Game(self, resolved)


class Game:
    __slots__ = ("spec", "options", "seats", "sides", "_side_of", "_kernel")

    def __init__(self, spec: GameSpec, options: dict[str, Any]) -> None:
        self.spec = spec
        self.options = options
        self.seats = spec.seats(options)
        sides: dict[str, tuple[str, ...]]
        if spec.sides is None:
            sides = {seat: (seat,) for seat in self.seats}
        else:
            sides = {side: tuple(seats) for side, seats in spec.sides(options).items()}
        self.sides = sides
        self._side_of = check_sides(spec.id, self.seats, self.sides)
        self._kernel: Kernel | None | bool = False  # False: not asked for yet

    def side_of(self, seat: str) -> str:
        """The side `seat` plays on (who it wins or loses with)."""
        try:
            return self._side_of[seat]
        except KeyError:
            raise ValueError(f"unknown seat {seat!r}; seats of {self.id}: "
                             f"{', '.join(self.seats)}") from None

    @property
    def kernel(self) -> Kernel | None:
        """The game's kernel for these options, or None: the Python rules play. Setting
        DEADTABLE_KERNEL=0 in the environment turns every kernel off (to compare the two)."""
        if self._kernel is False:
            wanted = self.spec.kernel is not None and os.environ.get("DEADTABLE_KERNEL") != "0"
            self._kernel = self.spec.kernel(self) if wanted and self.spec.kernel else None
        return self._kernel  # type: ignore[return-value]

    def python_rules(self) -> Game:
        """This game with its kernel off: the Python rules play everything (to compare)."""
        other = Game(self.spec, self.options)
        other._kernel = None
        return other

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def version(self) -> str:
        return self.spec.version

    def new(self, seed: int | None = None, dice: Sequence[int] = (), **setup: Any) -> GameState:
        """A new game. `dice` scripts the first die rolls; `setup` takes the game's test hooks."""
        unknown = sorted(set(setup) - set(self.spec.setup_keys))
        if unknown:
            valid = ", ".join(self.spec.setup_keys) or "none"
            raise TypeError(f"{self.id} new() got unknown set-up {unknown}; valid: {valid}")
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little") >> 1
        dice = list(dice)
        recorded: dict[str, Any] = {"dice": dice}
        recorded.update({k: (list(v) if isinstance(v, (list, tuple)) else v)
                         for k, v in setup.items()})
        return self.spec.start(self, seed, Dice(seed, dice), recorded)

    def from_json(self, text: str) -> GameState:
        data = json.loads(text)
        self._check(data)
        return self.spec.state_class.from_data(self, data)

    def _check(self, data: dict[str, Any]) -> None:
        if data.get("game") != self.id:
            raise ValueError(f"this is a saved {data.get('game')!r} game, not {self.id!r}")
        if data.get("version") != self.version:
            raise ValueError(
                f"this {self.id} game was saved by version {data.get('version')!r}; "
                f"this is version {self.version!r}"
            )
        if data.get("options") != self.options:
            raise ValueError(
                f"saved game options {data.get('options')} differ from {self.options}; "
                f"load the game with the saved options"
            )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickles as its spec and options (the kernel is found again where it is loaded);
        a game with its kernel off (python_rules) stays off."""
        return _unpickle_game, (self.spec, self.options, self._kernel is None)

    def __repr__(self) -> str:
        return f"Game({self.id!r}, {self.options})"


def _unpickle_game(spec: GameSpec, options: dict[str, Any], python_rules: bool) -> Game:
    game = Game(spec, options)
    return game.python_rules() if python_rules else game


def check_sides(game_id: str, seats: tuple[str, ...],
                sides: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """seat -> its side, after checking that every seat is in exactly one side. A side may
    share its name with a seat only if that seat is all it holds (the default, one side per
    seat), so that a name given on the command line (`--agent NAME=AGENT`) means one thing."""
    side_of: dict[str, str] = {}
    for side, members in sides.items():
        if not members:
            raise ValueError(f"{game_id}: side {side!r} has no seats")
        if side in seats and members != (side,):
            raise ValueError(f"{game_id}: side {side!r} is named as a seat but holds "
                             f"{', '.join(members)}; a side named as a seat holds that seat alone")
        for seat in members:
            if seat not in seats:
                raise ValueError(f"{game_id}: side {side!r} names {seat!r}, which is not a seat; "
                                 f"seats: {', '.join(seats)}")
            if seat in side_of:
                raise ValueError(f"{game_id}: seat {seat!r} is in two sides, "
                                 f"{side_of[seat]!r} and {side!r}")
            side_of[seat] = side
    missing = [seat for seat in seats if seat not in side_of]
    if missing:
        raise ValueError(f"{game_id}: seat(s) {', '.join(missing)} in no side; "
                         f"every seat must be in exactly one side")
    return side_of
