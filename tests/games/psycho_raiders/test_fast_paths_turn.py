"""The turn's speed-ups of session 27 (docs/psycho-raiders.md "Speed") answer exactly as the
plain questions they replace: distance rows on a grid, the step tables kept by the Speed
clamped per space, a vehicle owner's keys, the actions a space offers and the abilities a
turn skips asking."""

from __future__ import annotations

import random
from functools import cache

import pytest

from deadtable.engine.board import distances as engine_distances
from deadtable.engine.board.generate import random_hex_board
from deadtable.engine.board.model import Board, SpaceSpec
from deadtable.games.psycho_raiders import (
    abilities,
    actions,
    geometry,
    locations,
    movement,
    vehicles,
)
from deadtable.games.psycho_raiders.actions import SHERIFF
from deadtable.games.psycho_raiders.glance import Glance
from deadtable.games.psycho_raiders.spaces import spaces
from deadtable.games.psycho_raiders.state import Character, PsychoRaidersState
from deadtable.games.psycho_raiders.turn import Turn, TurnHandler, jack, left
from tests.games.psycho_raiders.table import new
from tests.games.psycho_raiders.test_fast_paths import _mid_game_states


@cache
def _states() -> tuple[PsychoRaidersState, ...]:
    return tuple(_mid_game_states(12, seed=11))


def _holed(cols: int, rows: int) -> Board:
    """A random hex map with a few hexes taken out: its grid rows are not all alike."""
    board = random_hex_board(cols, rows, seed=3)
    specs = [SpaceSpec(n, t, lv, c) for n, t, lv, c in
             zip(board.names, board.terrain, board.level, board.coords, strict=True)]
    return Board("hex", [s for i, s in enumerate(specs) if i % 11 != 5],
                 terrains={"g": "grass", "w": "water"})


@pytest.mark.parametrize("board", [
    new().board, random_hex_board(9, 7), random_hex_board(5, 6), random_hex_board(4, 3),
    _holed(9, 7)], ids=["crucible", "9x7", "5x6", "4x3", "holed"])
def test_every_distance_row_is_the_engines(board: Board) -> None:
    """geometry's rows, one slice of a table a hex on a regular grid (Crucible, its rooms
    after its hexes), run by run elsewhere, are the engine's rows, from every space."""
    for a in range(board.size):
        assert geometry.row(board, a) == engine_distances(board, a), a


def test_crucible_and_regular_maps_take_the_grid_and_holed_ones_the_runs() -> None:
    for board, grid in ((new().board, True), (random_hex_board(9, 7), True),
                        (_holed(9, 7), False)):
        geometry.row(board, 0)
        layout = geometry._LAYOUTS[board]
        assert (layout.grid is not None) == grid


def test_walks_open_kept_by_the_clamped_speeds_is_the_plain_filter() -> None:
    """Walks.open keeps each space's exits by the Speed and Speed left clamped to the most
    any exit there needs (Walks.caps): asked in a random order, every (Speed, left) gives
    the exits its terrain allows."""
    state = new()
    walks = movement.walks_of(state)
    asked = [(here, full, spare) for here in range(state.board.size)
             for full in range(0, 6) for spare in range(0, 6)]
    random.Random(5).shuffle(asked)
    for here, full, spare in asked:
        assert walks.open(here, full, spare) == tuple(
            (there, feature, edge, (there, max(cost, 1)))
            for there, _ground, minimum, cost, feature, edge in walks.exits[here]
            if minimum <= full and cost <= spare), (here, full, spare)


def test_a_tokens_moves_at_every_speed_left_are_the_plain_steps() -> None:
    """turn._moves reads the step actions kept by the clamped Speeds: for every Speed
    spent, the moves offered are movement.steps()'s, each priced as it says."""
    handler, met = TurnHandler(), 0
    for state in _states():
        for char in state.chars.values():
            if (not state.active(char) or char.vehicle is not None or char.grabbed_by
                    or jack(state, char)):
                continue
            full = movement.speed(state, char)
            for spent in range(0, full + 1):
                frame = Turn(step="act", char=char.key, spent=dict.fromkeys(char.tokens, spent))
                seen = Glance(state, char)
                offered = [a for a in handler._moves(state, frame, char, seen, [])
                           if not a.id.endswith(":off")]
                plain = [(token, state.name(s), price) for token in sorted(char.tokens)
                         for s, price in movement.steps(
                             state, char, token, left(state, frame, char, token), True)]
                assert [(a.args["token"], a.args["space"]) for a in offered] == [
                    (t, n) for t, n, _ in plain]
                assert all(f"({price} Speed)" in a.label
                           for a, (_, _, price) in zip(offered, plain, strict=True))
                met += len(offered)
    assert met > 200


def _plain_actions(state: PsychoRaidersState, char: Character, here: int) -> list[str]:
    """actions.offers asked without its shortcuts: every edge, marker and wall tested."""
    board, table = state.board, spaces(state.board)
    found = []
    outside = board.coords[here] is not None
    for _there, name, feature, key in table.edges[here]:
        if feature in ("door", "window", "passage") and key in state.locked:
            if outside or feature == "passage":
                found.append(f"open:{name}")
        elif feature in ("door", "passage") and key not in state.locked:
            found.append(f"lock:{name}")
    markers = table.marks[here]
    if "telephone" in markers and char.kind != "raider":
        found += [f"call:{b}" for b in table.phones if b != table.building[here]
                  and (char.kind != "camper" or b == SHERIFF)]
    if ({"bathroom", "chapel"} & markers
            and (char.kind == "camper" or state.options["composure"] == "characters")
            and any(a < b for a, b in zip(char.stats, char.start, strict=True))):
        found.append("composure")
    found += [a.id for a in locations.wall_offers(state, char, here)]
    return found


def test_a_spaces_actions_are_the_plain_ones() -> None:
    """actions.offers skips the walls of a space without one and the markers of a space
    without any: on every space with an edge or a marker, and a sample of the rest, it
    offers what asking every edge, marker and wall offers."""
    state = _states()[-1]
    table = spaces(state.board)
    chars = [c for c in state.chars.values() if state.active(c) and not c.hidden
             and c.vehicle is None and c.grabbed_by is None]
    assert chars
    busy = [s for s in range(state.board.size) if table.edges[s] or table.marks[s]]
    plain = [s for s in range(0, state.board.size, 17) if s not in busy]
    walls = 0
    for char in chars:
        token = next(iter(char.tokens))
        home = char.tokens[token]
        for space in busy + plain:
            char.tokens[token] = space
            state.forget_looks()
            offered = [a.id for a in actions.offers(state, char, Glance(state, char))
                       if a.id.split(":")[0] in ("open", "lock", "call", "composure", "wall")]
            assert offered == _plain_actions(state, char, space), (char.key, space)
            walls += any(i.startswith("wall:") for i in offered)
        char.tokens[token] = home
    state.forget_looks()
    assert walls > 0


def test_a_vehicle_owners_keys_read_from_the_look_are_the_plain_keys() -> None:
    """vehicles._friend_near with the look's friends (in play, on the character's side)
    answers as it does asking every character, from every space near the friends."""
    met = [0, 0]
    for state in _states():
        for char in state.chars.values():
            if not state.active(char):
                continue
            seen = Glance(state, char)
            side = state.side_of(char)
            near = {s for c in seen.friends for s in c.tokens.values()}
            for here in sorted({n for s in near for n in (s, *state.board.neighbours[s])}):
                found = vehicles._friend_near(state, char, here, side, seen)
                assert found == vehicles._friend_near(state, char, here, side, None)
                met[found] += 1
    assert min(met) > 0


def test_a_turn_skips_the_abilities_only_where_none_is_offered() -> None:
    """A turn does not ask abilities.turn_offers when the look keeps NONE_OPEN for the
    character's kind: asked anyway, it offers nothing there."""
    skipped = 0
    for used in (False, True):
        for original in [*_states(), new()]:
            state = original.clone()
            assert isinstance(state, PsychoRaidersState)
            if used:  # one ability spent on each side: none left to either (one-per-side)
                state.abilities_used = ["camper:adrenaline", "raider:appear-anywhere"]
            skipped += _skipped_abilities(state)
    assert skipped > 0


def _skipped_abilities(state: PsychoRaidersState) -> int:
    skipped = 0
    for char in state.chars.values():
        if not state.active(char):
            continue
        seen = Glance(state, char)
        offered = abilities.turn_offers(state, char, 0, seen)
        if seen.kept[("abilities", char.kind)] == abilities.NONE_OPEN:
            assert offered == []
            skipped += 1
        else:
            assert offered or char.hidden  # something open: offered (Appear unhidden)
    return skipped
