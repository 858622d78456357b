"""What never changes of each space of a map, worked out once a map: a turn's offers read it
every step (a board never changes, and every game on it shares these tables)."""

from __future__ import annotations

import weakref
from typing import Any

from deadtable.engine.board import Board
from deadtable.engine.board.model import edge_key

Exit = tuple[int, str, str | None, tuple[int, int]]  # (space, its terrain, edge feature, edge)
Edge = tuple[int, str, str, tuple[int, int]]  # (space, its name, the edge's feature, edge)


class Spaces:
    """Per space: `exits` (every neighbour, as movement reads it), `edges` (the neighbours
    across a door, window, passage or wall), `marks` (the kinds of marker on it), `deck` (its
    location deck's name, "Outdoor" on a hex, None in a room without one), `building` (the
    building it is part of) and `phones` (the other buildings with a telephone)."""

    __slots__ = ("exits", "edges", "marks", "deck", "building", "phones")

    def __init__(self, board: Board) -> None:
        spaces = range(board.size)
        # each edge's key and feature found once, for both tables (board.feature(), its
        # look-up inline: built in a game's first step, whose time the bench counts)
        terrain, names, features = board.terrain, board.names, board.features
        exits: list[tuple[Exit, ...]] = []
        edges: list[tuple[Edge, ...]] = []
        for here in spaces:
            out = [(there, terrain[there], features.get(key), key)
                   for there in board.neighbours[here] for key in (edge_key(here, there),)]
            exits.append(tuple(out))
            edges.append(tuple((there, names[there], feature, key)
                               for there, _ground, feature, key in out if feature is not None))
        self.exits: tuple[tuple[Exit, ...], ...] = tuple(exits)
        self.edges: tuple[tuple[Edge, ...], ...] = tuple(edges)
        marks: list[set[str]] = [set() for _ in spaces]
        for marker in board.markers:
            marks[marker.space].add(marker.kind)
        self.marks: tuple[frozenset[str], ...] = tuple(frozenset(m) for m in marks)
        decks: dict[int, str] = {}
        for marker in board.markers_of("deck"):
            decks.setdefault(marker.space, str(marker.props["deck"]))  # the first marker's
        self.deck: tuple[str | None, ...] = tuple(
            decks.get(s, "Outdoor" if board.coords[s] is not None else None) for s in spaces)
        buildings = [name for name, zone in board.zones.items() if zone.kind == "building"]
        building: list[str | None] = [None] * board.size
        for name in reversed(buildings):  # the first building a space is in, as listed
            for space in board.zones[name].spaces:
                building[space] = name
        self.building: tuple[str | None, ...] = tuple(building)
        self.phones: tuple[str, ...] = tuple(sorted(
            name for name in buildings
            if any(m.kind == "telephone" and m.space in board.zones[name].spaces
                   for m in board.markers)))


_SPACES: weakref.WeakKeyDictionary[Board, Spaces] = weakref.WeakKeyDictionary()
_last: list[Any] = [None, None]  # the board last asked about and its tables


def spaces(board: Board) -> Spaces:
    """The tables of `board`, made on first use."""
    if _last[0] is board:
        found: Spaces = _last[1]
        return found
    made = _SPACES.get(board)
    if made is None:
        made = _SPACES[board] = Spaces(board)
    _last[:] = [board, made]
    return made
