"""A user's rules.toml changes play: the combat die's faces, the leaving-engagement dice,
falling and burning are read from the file (each changed value changes a scripted outcome)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.games.left_4_dead import combat, items, movement
from deadtable.games.left_4_dead.data import RULES, FixedNumberWarning
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead import positions as pos
from tests.games.left_4_dead.table import table, turn


def _rules(tmp_path: Path, *edits: tuple[str, str]) -> str:
    text = RULES.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"rules-{len(list(tmp_path.glob('rules-*.toml')))}.toml"
    path.write_text(text)  # a new name each time: loaded files are cached by path
    return str(path)


def _lane(tmp_path: Path, *edits: tuple[str, str]) -> Left4DeadState:
    return pos.empty(map=pos.small_map(tmp_path), rules=_rules(tmp_path, *edits))


@pytest.mark.parametrize(("edits", "roll", "skulls", "shields"), [
    ((), 4, 0, 1),
    ((("skull = 3", "skull = 4"), ("blank = 1", "blank = 0")), 4, 1, 0),  # 1-4 skulls
    ((("shield = 2", "shield = 3"), ("blank = 1", "blank = 0")), 6, 0, 1),  # 4-6 shields
])
def test_the_combat_die_faces_come_from_the_file(tmp_path, edits, roll, skulls, shields):
    state = _lane(tmp_path, *edits)
    pos.script(state, roll, roll)
    assert combat.skulls(state, 1) == skulls
    assert combat.shields(state, 1) == shields


def test_leaving_attack_dice_from_the_file(tmp_path):
    state = _lane(tmp_path, ("leaving_attack_dice = 1", "leaving_attack_dice = 2"))
    pos.put(state, "bill", "2,2")
    pos.infected(state, pos.ZOMBIE, "3,2")
    pos.survivor_turn(state, "bill")
    pos.script(state, 2, 3)  # the zombie's two dice: two skulls
    state.apply(f"move:{pos.at(state, '0,2')}")
    assert state.figures["bill"].wounds == 2
    assert any("leaves an engagement" in e and "2 skull(s)" in e for e in pos.last_events(state))


def _fall(state: Left4DeadState, drop: int, rolls: tuple[int, ...], where: str = "8,1",
          kind: str = "bill") -> int:
    """Bill (Height 5) or a zombie falls `drop` levels onto `where`; its wounds after."""
    figure = pos.put(state, kind, where) if kind == "bill" else pos.infected(state, kind, where)
    pos.script(state, *rolls)
    movement.fall(state, figure, drop, pos.at(state, where))
    assert state.dice.script == []
    return 5 if figure.down or figure.space is None else figure.wounds


@pytest.mark.parametrize(("edit", "drop", "before", "after"), [
    (("minor_drop = 0", "minor_drop = 2"), 6, ((1,), 1), ((), 0)),  # 6 < Height 5 + 2: safe
    (("minor_dice = 1", "minor_dice = 2"), 6, ((1,), 1), ((1, 1), 2)),
    (("major_drop = 10", "major_drop = 5"), 10, ((1,), 1), ((1, 1, 1), 3)),  # 3 major dice
    (("extreme_drop = 20", "extreme_drop = 11"), 16, ((6, 6, 6), 0), ((6,), 5)),  # d20 6: out
    (("extreme_safe_on = 19", "extreme_safe_on = 20"), 25, ((19,), 0), ((19,), 5)),
])
def test_falling_numbers_from_the_file(tmp_path, edit, drop, before, after):
    assert _fall(_lane(tmp_path), drop, before[0]) == before[1]
    assert _fall(_lane(tmp_path, edit), drop, after[0]) == after[1]


def test_water_safe_and_infected_fall_from_the_file(tmp_path):
    assert _fall(_lane(tmp_path), 6, (), where="3,1") == 0  # into water: no damage
    assert _fall(_lane(tmp_path, ("water_safe = true", "water_safe = false")), 6, (1,),
                 where="3,1") == 1
    assert _fall(_lane(tmp_path), 6, (), kind=pos.ZOMBIE) == 0  # no infected take falling damage
    assert _fall(_lane(tmp_path, ("infected_fall = false", "infected_fall = true")), 6, (1,),
                 kind=pos.ZOMBIE) == 5  # a zombie's one life


def test_water_clears_burning_from_the_file(tmp_path):
    for value, burning in (("true", False), ("false", True)):
        state = _lane(tmp_path, ("water_clears = true", f"water_clears = {value}"))
        hunter = pos.infected(state, "hunter", "2,1")
        hunter.markers["burn"] = "molotov-cocktail"
        hunter.space = pos.at(state, "3,1")
        items.entered(state, hunter, pos.at(state, "3,1"))
        assert ("burn" in hunter.markers) is burning


def test_burning_wounds_per_turn_from_the_file(tmp_path):
    path = _rules(tmp_path, ("wounds_per_turn = 1", "wounds_per_turn = 2"))
    with pytest.warns(FixedNumberWarning, match="wounds_per_turn is 2"):  # the rulebook's 1
        state = table({"hunter-1": "4,7", "bill": "20,7"}, rules=path)
    hunter = state.figures["hunter-1"]
    hunter.markers["burn"] = "molotov-cocktail"
    turn(state, "hunter-1")
    state.apply("stay")
    assert any("burns: 2 wounds" in e for e in pos.last_events(state))
    assert hunter.wounds == 2 or hunter.space is None
