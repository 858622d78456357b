"""The powers' level limits, on a small designed map with a tower (the chapter-1 map rises to
level 6 only): Hunter Pounce's 10 levels a leap, Projectile Vomit's 5 levels above the
Boomer's top and 5 below its base."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.left_4_dead.table import ids, space, table, turn

TOWER = """
[map]
name = "A tower"
kind = "hex"
source = "designed: a test map"

[terrain]
g = "grass"
r = "rock"
rows = [
  "g0 g0 r10 r11 g0 g0 g0 g0",
  " g0 g0 r12 r6 g0 g0 g0 g0",
  "g0 g0 g0 g0 g0 g0 g0 g0",
  " g0 g0 g0 g0 g0 g0 g0 g0",
]

[[zone]]
name = "start"
kind = "safe-room"
spaces = ["0,3"]

[[zone]]
name = "end"
kind = "safe-room"
spaces = ["7,3"]

[[marker]]
kind = "spawn"
at = "7,0"

[[marker]]
kind = "hero-closet"
at = "6,3"

[[marker]]
kind = "item-location"
at = "5,3"
order = 1
"""


@pytest.fixture
def tower(tmp_path: Path) -> str:
    path = tmp_path / "tower.toml"
    path.write_text(TOWER)
    return str(path)


def test_pounce_no_more_than_10_levels(tower: str) -> None:
    state = table({"hunter-1": "0,1", "bill": "7,2", "zoey": "6,2", "francis": "5,2",
                   "louis": "4,2"}, map=tower)
    turn(state, "hunter-1")
    landings = {i for i in ids(state) if i.startswith("pounce:")}
    assert f"pounce:{space(state, '2,0')}" in landings  # 10 levels up
    assert f"pounce:{space(state, '2,1')}" not in landings  # 12 levels up
    assert f"pounce:{space(state, '4,1')}" in landings  # over the tower


def test_vomit_level_limits(tower: str) -> None:
    state = table({"boomer-1": "1,0", "bill": "2,0", "zoey": "3,0", "francis": "6,2",
                   "louis": "7,2"}, map=tower)
    turn(state, "boomer-1")
    state.apply("stay")
    assert state.decision is not None
    action = state.decision.get("vomit:all")
    assert action is not None and action.args is not None
    # Boomer: base 0, Height 5, top 5; Bill at 10 is 5 above its top, Zoey at 11 is 6
    assert action.args["targets"] == ["bill"]
    # from the tower's top (level 12) down: 6 is 6 below, 10 is within
    state = table({"boomer-1": "2,1", "bill": "3,1", "zoey": "2,0", "francis": "6,2",
                   "louis": "7,2"}, map=tower)
    turn(state, "boomer-1")
    state.apply("stay")
    assert state.decision is not None
    action = state.decision.get("vomit:all")
    assert action is not None and action.args is not None
    assert action.args["targets"] == ["zoey"]
