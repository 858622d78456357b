"""The registered games. A game's module is imported only when it is first asked for, and each
of its parts (GameSpec.render, .encoding) only when that part is."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from deadtable.engine.game import Game, GameSpec
from deadtable.engine.macros import MacroReader
from deadtable.engine.reach import MoveReader, OpeningReader, PassReader
from deadtable.engine.standing import StandingOffer, check_offers

# game id -> module whose SPEC attribute is its GameSpec
_MODULES: dict[str, str] = {
    "one-against-the-dead": "deadtable.games.one_against_the_dead",
    "chainsaw-warrior": "deadtable.games.chainsaw_warrior",
    "left-4-dead": "deadtable.games.left_4_dead",
    "last-night-on-earth": "deadtable.games.last_night_on_earth",
    "psycho-raiders": "deadtable.games.psycho_raiders",
}
_loaded: dict[str, GameSpec] = {}


class UnknownGame(LookupError):
    """A game id that is not registered. Made from its message alone (so that it pickles):
    `UnknownGame.named(game_id)` writes one."""

    @classmethod
    def named(cls, game_id: str) -> UnknownGame:
        return cls(f"unknown game {game_id!r}; registered games: {', '.join(_MODULES)}")


def game_ids() -> list[str]:
    return list(_MODULES)


def spec(game_id: str) -> GameSpec:
    if game_id not in _loaded:
        module = _MODULES.get(game_id)
        if module is None:
            raise UnknownGame.named(game_id)
        _loaded[game_id] = importlib.import_module(module).SPEC
    return _loaded[game_id]


def load(game_id: str, **options: Any) -> Game:
    return spec(game_id).bind(**options)


def part(path: str) -> Any:
    """What a spec's part names ("package.module:attribute"), importing its module now."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def move_reader(spec: GameSpec) -> MoveReader | None:
    """The game's reader of a figure's move (GameSpec.moves, engine/reach.py), or None where
    its rules move no figure a step at a time."""
    if spec.moves is None:
        return None
    found: MoveReader = part(spec.moves)
    return found


def walk_readers(spec: GameSpec) -> tuple[OpeningReader | None, PassReader | None]:
    """The game's openings and passes (GameSpec.openings, GameSpec.passes; engine/reach.py),
    each None where its rules have none."""
    opens: OpeningReader | None = None if spec.openings is None else part(spec.openings)
    passes: PassReader | None = None if spec.passes is None else part(spec.passes)
    return opens, passes


def standing_offers(spec: GameSpec) -> tuple[StandingOffer, ...]:
    """The questions the game lets a person answer in advance (GameSpec.standing,
    engine/standing.py), each with its own id: none where it offers none."""
    return () if spec.standing is None else _offers(spec.standing)


@cache
def _offers(path: str) -> tuple[StandingOffer, ...]:  # (asked for each page's payload)
    return check_offers(part(path))


def macro_reader(spec: GameSpec) -> MacroReader | None:
    """The game's shortcuts through a run of a seat's decisions (GameSpec.macros,
    engine/macros.py), or None where it offers none."""
    if spec.macros is None:
        return None
    found: MacroReader = part(spec.macros)
    return found
