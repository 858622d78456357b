"""The ruler the browser and the terminal's `sight` ask: its answers are the rules' own (12.2
sight for hiding, 14.3 line of fire), it reads only the open table, and it names what blocks."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from deadtable.games.psycho_raiders import attacks, hiding
from deadtable.games.psycho_raiders.ruler import ruler
from deadtable.ui import commands
from tests.games.psycho_raiders.table import new, park_everyone, put


def test_the_ruler_agrees_with_the_rules_on_every_line_it_is_asked() -> None:
    state = new()
    park_everyone(state)
    put(state, "ginger", "5,20")
    board, pick = state.board, random.Random(3)
    hexes = [i for i in range(board.size) if board.coords[i] is not None]
    clear = blocked = 0
    for _ in range(300):
        a, b = pick.sample(hexes, 2)
        answer = ruler(state, board.name(a), board.name(b))
        assert answer["clear"] == hiding.sees(state, a, b)
        assert answer["fire"] == attacks.line_of_fire(state, a, b)
        assert answer["distance"] == hiding.distance(state, a, b)
        if answer["clear"]:
            clear += 1
            assert answer["blocked_at"] is None and answer["reason"] == ""
        else:
            blocked += 1
            assert answer["reason"]
    assert clear and blocked


def test_a_character_blocks_the_line_of_fire_but_not_sight() -> None:
    state = new()
    park_everyone(state)
    board = state.board
    names = {board.name(i): i for i in range(board.size)}
    for start in range(3, 18):  # a straight open stretch of row 20, three hexes long
        line = [f"{q},20" for q in range(start, start + 3)]
        if all(names.get(n) is not None for n in line) and ruler(state, line[0], line[2])["fire"]:
            break
    else:
        pytest.skip("no open stretch of row 20 on this map")
    put(state, "ginger", line[1])
    answer = ruler(state, line[0], line[2])
    assert answer["clear"] is True and answer["fire"] is False


def test_a_bad_space_is_refused_saying_how_to_name_one() -> None:
    state = new()
    with pytest.raises(ValueError, match=r"no space '99,99' on Crucible: name a hex as column,row"):
        ruler(state, "1,1", "99,99")


def test_the_terminal_s_sight_takes_hexes_and_rooms() -> None:
    state = new()
    console = Console(file=io.StringIO(), width=200)
    assert commands.usage(state) == "log, help, sight A B"  # no figures with a Range here
    assert not commands.run(console, state, state.decision, "range spud")
    room = state.view("campers")["map"]["rooms"][0][0]
    clear, line = commands.sight_line(state, state.view("campers"), "3,29", "3,28")
    assert clear and line == "clear: 3,29 sees 3,28, 1 space away"
    clear, line = commands.sight_line(state, state.view("campers"), "3,29", room)
    assert not clear and line.startswith("blocked")
    assert commands.run(console, state, state.decision, "sight 3,29 7,24")
