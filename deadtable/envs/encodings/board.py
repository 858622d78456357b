"""What the board games' encodings share: action ids read as templates over data domains.

A board game's action id is a verb and arguments joined by ":" (`horde-move:zombie-7:156`,
`hide:Farmhouse: Kitchen:keep`; a name may itself hold ": ", so ids split only at a ":" not
followed by a space). Its encoding lists *templates* such as `horde-move:{infected}:{space}`
whose `{domain}`s are ordered token lists derived from the game's data and map (spaces,
survivors, items, cards, rooms); the integers are the templates expanded in order, each
domain's tokens in order. Adding a new action of an existing kind (another item, a room, a
card) needs no change: the domain grows with the data. A new kind of action (a new verb)
is one template line, appended at the end of the game's list so that old integers keep
their meaning (and ENV_VERSION is raised: see docs/research.md).

Figures whose ids are made during play (`zombie-17`: the seventeenth spawned) cannot be
listed from the data, so they are named by what the seat's view shows of them now: the
encoding's `aliases(view)` maps such an id to a stable token (Left 4 Dead: `fig@S`, the
space S the figure stands on; Last Night on Earth: `zombie@K`, its place among the zombies
on the board). This makes the encoding *contextual* (as Chainsaw Warrior's aim=slot): the
bindings translate the game's legal ids to integers with `legal_map(ids, view)`, and back
through that map, so an integer always plays the one legal id it names now.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from deadtable.engine.game import Game
from deadtable.envs.encodings import Encoding, UnknownAction, View

SPLIT = re.compile(r":(?! )")
DOMAIN = re.compile(r"^\{([a-z0-9_-]+)\}$")


def tokens(action_id: str) -> list[str]:
    """An id's verb and arguments (`hide:Farmhouse: Kitchen:keep` -> 3 tokens)."""
    return SPLIT.split(action_id)


def expand(template: str, domains: Mapping[str, Sequence[str]]) -> list[str]:
    """Every id a template names, its domains' tokens in order (the last varies fastest)."""
    parts: list[Sequence[str]] = []
    for part in tokens(template):
        found = DOMAIN.match(part)
        if found is None:
            parts.append((part,))
            continue
        name = found.group(1)
        if name not in domains:
            raise KeyError(f"template {template!r} names the domain {{{name}}}, which the "
                           f"encoding does not define (it has {', '.join(sorted(domains))})")
        parts.append(domains[name])
    return [":".join(p) for p in itertools.product(*parts)]


class BoardEncoding(Encoding):
    """An encoding whose actions are `templates` expanded over `domains`; subclasses write
    `aliases` (figure id -> token, from the view) and `encode_into`."""

    contextual = True

    def __init__(self, game: Game, templates: Sequence[str],
                 domains: Mapping[str, Sequence[str]],
                 features: Sequence[tuple[str, int, str]], variant: str = "") -> None:
        actions: list[str] = []
        for template in templates:
            actions += expand(template, domains)
        super().__init__(game, actions, features, variant)
        self.templates = tuple(templates)
        self.domains = {name: tuple(values) for name, values in domains.items()}
        self._boards: dict[Any, Any] = {}

    def board(self, key: Any, make: Callable[[], Any]) -> Any:
        """What `make` builds from a board's unchanging part of the view (space indices,
        the map's channels), made once per `key` (a map never changes under a game)."""
        found = self._boards.get(key)
        if found is None:
            found = self._boards[key] = make()
        return found

    def aliases(self, view: dict[str, Any]) -> dict[str, str]:
        """The tokens that name figures made during play, from the view (none by default)."""
        return {}

    def rename(self, parts: list[str], aliases: dict[str, str]) -> list[str]:
        """An id's tokens as the encoding names them (a game may fold one token further)."""
        return [aliases.get(p, p) for p in parts]

    def names(self, ids: Sequence[str], view: View) -> list[str]:
        aliases = self.aliases(view())
        return [":".join(self.rename(tokens(i), aliases)) for i in ids]

    def action_id(self, index: int, view: View) -> str:
        """The id integer `index` names now, where it needs no other legal id to say so
        (the bindings play through `legal_map`)."""
        name = super().action_id(index, view)
        back = {v: k for k, v in self.aliases(view()).items()}
        return ":".join(back.get(p, p) for p in tokens(name))

    def unknown(self, action_id: str, name: str) -> UnknownAction:
        verb = tokens(action_id)[0]
        near = [t for t in self.templates if tokens(t)[0] == verb]
        hint = (f"its templates for {verb!r} are {', '.join(near)}" if near else
                f"no template has the verb {verb!r}: append one to the game's TEMPLATES")
        return UnknownAction(
            f"{self.game.id} offered action {action_id!r} (encoded as {name!r}), which its "
            f"encoding does not enumerate; {hint} (deadtable/games/<game>/encoding.py)")

    def legal_map(self, ids: Sequence[str], view: View | None = None) -> dict[int, str]:
        index = self.index
        out: dict[int, str] = {}
        for action_id, name in zip(ids, self.names(ids, self._need(view)), strict=True):
            i = index.get(name)
            if i is None:
                raise self.unknown(action_id, name)
            if i in out:
                raise ValueError(f"{self.game.id}: the legal actions {out[i]!r} and "
                                 f"{action_id!r} are both encoded as {name!r}")
            out[i] = action_id
        return out


def one_hot(out: np.ndarray, at: int, values: Sequence[str], value: Any) -> None:
    """Set out[at + values.index(value)] (nothing when the value is not listed)."""
    try:
        out[at + values.index(value)] = 1.0
    except ValueError:
        pass


def scaled(x: float, scale: float) -> float:
    """x / scale clipped to [-1, 1]."""
    v = x / scale if scale else 0.0
    return -1.0 if v < -1.0 else 1.0 if v > 1.0 else v

