"""One decision's look at the characters, taken once.

A turn's offers (moves, hiding, seeking, attacks, passing weapons) each ask the same questions
of every character: in play? whose side? where? Each asking walked all a dozen characters
again, and that walking was most of what a step cost. A `Glance` walks them once per decision:
the offers of one decision all read the same state, which none of them changes."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable
from typing import Any, TypeVar

from deadtable.games.psycho_raiders.state import RAIDERS, Character, PsychoRaidersState

T = TypeVar("T")
_UNKNOWN: Any = object()  # keep(): nothing kept yet under the name

Crowd = dict[int, tuple[int, int]]  # space -> (friendly pieces, enemy pieces) outside vehicles


class Glance:
    """For `char`: its `side`, the characters in play on its side (`friends`, itself
    included) and on the other (`enemies`), in the rulebook's order of characters, and the
    `crowd` on each space as movement.crowds() counts it (hide tokens included, 10.5), and
    where it really is (`here`, state.space_of). `kept` holds what the offers worked out
    that does not hang on where the character's tokens stand (its weapons' reach, its
    abilities, the screams and reveals open to it): a Glance carried over a step keeps it.
    `grips`: whether any character held another then (13.1; a step only lets go).
    `logged`: the log's length when the look was last true (`past` reads what came after);
    `own`: the spaces of the character's tokens then, None in a vehicle (outside the crowd)."""

    __slots__ = ("char", "side", "friends", "enemies", "crowd", "here", "kept", "grips",
                 "logged", "own")

    def __init__(self, state: PsychoRaidersState, char: Character) -> None:
        self.char = char
        self.side = side = state.side_of(char)
        raiders = side == RAIDERS
        revealed = state.revealed_sinister
        friends: list[Character] = []
        enemies: list[Character] = []
        crowd: Crowd = {}
        get = crowd.get
        grips = False
        for other in state.chars.values():
            if other.grabbed_by is not None:
                grips = True
            if other.dead or other.escaped or not other.alerted or not other.tokens:
                continue  # not in play (state.active)
            # state.side_of(other) == side, inline: this loop is a step's hottest
            mine = (other.kind == "raider" or other.key in revealed) == raiders
            (friends if mine else enemies).append(other)
            if other.vehicle is not None:
                continue
            for space in other.tokens.values():
                ours, theirs = get(space, (0, 0))
                crowd[space] = (ours + 1, theirs) if mine else (ours, theirs + 1)
        self.friends = friends
        self.enemies = enemies
        self.crowd = crowd
        self.here = state.space_of(char)
        self.kept: dict[Hashable, Any] = {}
        self.grips = grips
        self.logged = len(state.log)
        self.own = None if char.vehicle is not None else tuple(char.tokens.values())

    def enemy_spaces(self) -> frozenset[int]:
        """Every space an enemy token is on, in a vehicle or not (kept)."""
        found: frozenset[int] | None = self.kept.get("enemy-spaces")
        if found is None:
            found = self.kept["enemy-spaces"] = frozenset(
                s for c in self.enemies for s in c.tokens.values())
        return found

    def keep(self, name: Hashable, make: Callable[..., T], *args: Any) -> T:
        """`make(*args)`, made once for as long as this look lasts: it must not depend on
        where the character's tokens stand (only they move while a look is carried). The
        arguments passed, not a closure: a closure made each step costs more than the
        look-up, and slows every use of the names it closes over."""
        found: T = self.kept.get(name, _UNKNOWN)
        if found is _UNKNOWN:
            found = self.kept[name] = make(*args)
        return found

    def stepped(self, state: PsychoRaidersState, before: int, after: int) -> None:
        """The look after one of the character's tokens, outside any vehicle, stepped from
        `before` to `after` and nothing else changed (turn.py tells when)."""
        crowd = self.crowd  # _left() and _came(), inline: every step of a turn comes here
        ours, theirs = crowd[before]
        if ours == 1 and not theirs:
            del crowd[before]
        else:
            crowd[before] = (ours - 1, theirs)
        ours, theirs = crowd.get(after, (0, 0))
        crowd[after] = (ours + 1, theirs)
        # an unhidden character's one token is the character (setup.place, hiding.reveal)
        char = self.char
        self.here = state.space_of(char) if char.hidden else after
        self.logged = len(state.log)
        self.own = tuple(char.tokens.values())

    def past(self, state: PsychoRaidersState, unmoved: Collection[str],
             own: Collection[str]) -> Glance | None:
        """This look, still true after what was logged since it was (`logged`: a turn's
        action, a re-roll), if each line's rule is one of `unmoved` (it moves, places or
        removes no piece, and changes nobody's side, life or vehicle) or of `own` (it places
        or removes the character's own tokens only, outside any vehicle); None if any is
        not. It keeps what hangs on the enemies or on nobody, and the walk if nothing of the
        character's moved (its Speed and steps: a hide makes the north edge its way out)."""
        log = state.log
        moved = False
        for event in log[self.logged:]:
            if event.cite not in unmoved:
                if event.cite not in own:
                    return None
                moved = True
        char = self.char
        if moved:
            before = self.own
            if before is None or char.vehicle is not None:
                return None
            for space in before:
                _left(self.crowd, space)
            for space in char.tokens.values():
                _came(self.crowd, space)
            self.here = state.space_of(char)
            self.own = tuple(char.tokens.values())
        self.kept = _carried(self.kept, _OWN_KEPT if moved else _ACTION_KEPT)
        self.logged = len(log)
        return self

    def turned(self, state: PsychoRaidersState, char: Character) -> Glance:
        """The look for `char`'s turn, made from this look at the turn before when nothing
        but the new turn's start has happened since (turn.py tells when): the same
        characters in play on the same spaces, seen from `char`'s side. It keeps what this
        look kept that hangs only on that side (where the enemies and their vehicles are,
        hiding from them) or on no side."""
        new = Glance.__new__(Glance)
        new.char = char
        new.side = side = state.side_of(char)
        if side == self.side:
            new.friends, new.enemies, new.crowd = self.friends, self.enemies, self.crowd.copy()
            carry = _SIDE_KEPT
        else:
            new.friends, new.enemies = self.enemies, self.friends
            new.crowd = {space: (theirs, ours) for space, (ours, theirs) in self.crowd.items()}
            carry = _TABLE_KEPT
        new.here = state.space_of(char)
        new.grips = self.grips
        new.logged = len(state.log)
        new.own = None if char.vehicle is not None else tuple(char.tokens.values())
        new.kept = _carried(self.kept, carry)
        return new


def _left(crowd: Crowd, space: int) -> None:
    """One of the character's pieces left `space`."""
    ours, theirs = crowd[space]
    if ours == 1 and not theirs:
        del crowd[space]  # as a new look counts: only spaces where someone stands
    else:
        crowd[space] = (ours - 1, theirs)


def _came(crowd: Crowd, space: int) -> None:
    """One of the character's pieces came to `space`."""
    ours, theirs = crowd.get(space, (0, 0))
    crowd[space] = (ours + 1, theirs)


def _carried(kept: dict[Hashable, Any], carry: frozenset[str]) -> dict[Hashable, Any]:
    """What was kept under the names in `carry` (a name kept by space or kind: its first
    part). Copied whole and the rest taken out: most is carried, and a copy is one C call."""
    found = kept.copy()
    for name in kept:
        if (name[0] if type(name) is tuple else name) not in carry:
            del found[name]
    return found


# What a look keeps that hangs on no side (where the unalerted townsfolk are, the reveals open
# to the raiders, the abilities open to a kind of character, kept by kind) and what hangs on
# the character's side alone (its enemies' spaces, tokens and vehicles; whether a space is
# hidden from them, kept by space): what `turned` carries.
_TABLE_KEPT = frozenset({"unalerted", "reveals", "abilities"})
_SIDE_KEPT = _TABLE_KEPT | {"enemy-spaces", "enemy-aboard", "enemy-cars", "enemy-pieces",
                            "can-hide"}
# What `past` carries over an action: that, the character's screams (they hang on its side
# and the unalerted townsfolk: an alert forgets the looks, screaming.alert), and its walk
# unless its own tokens changed. Not what hangs on its sheet or space (its weapons' reach,
# its actions and keys by space): a search changes its weapons, Will spent its composure.
_OWN_KEPT = _SIDE_KEPT | {"screams"}
_ACTION_KEPT = _OWN_KEPT | {"walk"}


def glance(state: PsychoRaidersState, char: Character, seen: Glance | None) -> Glance:
    """`seen` if the decision already took it, else a new look."""
    return seen if seen is not None else Glance(state, char)
