"""The card data: `--option data=PATH` loads a user's own TOML file instead of the packaged one.
A valid modified copy changes the game; a malformed one is refused when the game is loaded,
with an error that names the file and the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import deadtable
from deadtable.engine.options import BadOption
from deadtable.games.chainsaw_warrior.data import DEFAULT
from tests.games.chainsaw_warrior.conftest import EXAMPLE_WARRIOR, STOP, item_uses, start

PACKAGED = DEFAULT.read_text()


def edited(tmp_path: Path, name: str, *changes: tuple[str, str]) -> str:
    """A copy of the packaged file with each (pattern, replacement) applied once; each pattern
    must match, so the test notices if the packaged file changes shape."""
    text = PACKAGED
    for pattern, replacement in changes:
        text, n = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE | re.DOTALL)
        assert n == 1, f"the packaged cards.toml no longer matches {pattern!r}"
    path = tmp_path / name
    path.write_text(text)
    return str(path)


LANCE_USES = (r"(\[equipment\.laser-lance\].*?^uses = )6$", r"\g<1>9")
GUN_COST = (r"(\[costs\].*?^gun = )2$", r"\g<1>3")
ZOMBIE_HTH = (r"(\[house\.zombie\].*?^hth = )8$", r"\g<1>10")


def test_the_packaged_file_is_the_default() -> None:
    assert deadtable.load("chainsaw-warrior").options["data"] == ""
    state = start(["zombie-1"], [])
    assert state.data.house["zombie-1"].hth == 8  # "a Zombie inhabitant (Attack: 8)"
    assert item_uses(state, "laser-lance") == 6


def test_a_modified_copy_changes_the_game(tmp_path: Path) -> None:
    path = edited(tmp_path, "mine.toml", LANCE_USES, GUN_COST, ZOMBIE_HTH)
    state = start(["zombie-1"], [], data=path)
    assert item_uses(state, "laser-lance") == 9
    assert state.data.house["zombie-1"].hth == 10
    assert "needs" in state.decision.get("shoot:laser-lance:zombie-1").label
    kitting = deadtable.load("chainsaw-warrior", data=path).new(
        seed=0, dice=[4], deck_one=[STOP], deck_two=["darkness"], warrior=EXAMPLE_WARRIOR)
    assert kitting.decision is not None
    assert "(3 points)" in kitting.decision.get("draw:gun").label  # type: ignore[union-attr]


def test_a_game_with_a_data_file_saves_and_loads_with_it(tmp_path: Path) -> None:
    path = edited(tmp_path, "saved.toml", LANCE_USES)
    game = deadtable.load("chainsaw-warrior", data=path)
    state = start(["clear-1"], [2], data=path)
    again = game.from_json(state.to_json())
    assert again == state and item_uses(again, "laser-lance") == 9  # type: ignore[arg-type]


def test_a_missing_file_is_refused_when_the_game_is_loaded() -> None:
    """`deadtable new chainsaw-warrior --option data=/nonexistent`"""
    with pytest.raises(BadOption, match="/nonexistent: no such data file"):
        deadtable.load("chainsaw-warrior", data="/nonexistent")


BROKEN = [
    ("not-toml", (r"^\[costs\]$", "[costs"), "not valid TOML"),
    ("no-name", (r"(\[house\.zombie\]\n)name = \"Zombie\"\n", r"\1"),
     "house.zombie: missing field 'name'"),
    ("hth-type", ZOMBIE_HTH[:1] + ('\\g<1>"eight"',), "house.zombie card 1.hth: 'eight'"),
    ("kind", (r"(\[house\.zombie\].*?^kind = )\"creature\"", r'\1"monster"'),
     "house.zombie.kind: 'monster' is not one of"),
    ("trap", (r"(\[house\.wire\].*?^trap = )\"wire\"", r'\1"barbs"'),
     "house.wire.trap: 'barbs' is not one of"),
    ("back", (r"(\[house\.chasm\].*?^backs = \{ )balcony", r"\1attic"),
     "house.chasm.backs: 'attic' is not a card back"),
    ("odd", (r"(\[house\.chasm\].*?^backs = \{ balcony = )1", r"\g<1>2"),
     "cannot split into two equal decks"),
    ("creature", (r"(\[house\.zombie\].*?^creature = )\"zombie\"", r'\1"ghoul"'),
     "house.zombie.creature: 'ghoul' is not one of"),
    ("few-zombies", (r"(\[wandering\].*?^hth = )\[[^\]]*\]", r"\1[7, 8, 9]"),
     "wandering.hth must list at least six"),
    ("no-lance", (r"\[equipment\.laser-lance\]", "[equipment.lance]"),
     "needs a 'laser-lance' entry"),
    ("cost", (r"(\[costs\].*?^)gun = 2\n", r"\1"), "costs: missing field 'gun'"),
    ("uses", (r"(\[equipment\.blaster\].*?^uses = )16", r'\1"sixteen"'),
     "equipment.blaster.uses: 'sixteen' should be a int"),
    ("to-hit", (r"(\[equipment\.blaster\].*?^to_hit = \{ )zombie", r"\1ghoul"),
     "equipment.blaster.to_hit.ghoul"),
    ("marksmanship", (r"(\[marksmanship_table\].*?^)6 = 2\n", r"\1"),
     "marksmanship_table needs the rolls 1 to 6"),
]


@pytest.mark.parametrize(("name", "change", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_file_names_the_file_and_the_field(tmp_path: Path, name: str,
                                                        change: tuple[str, str],
                                                        message: str) -> None:
    path = edited(tmp_path, f"{name}.toml", change)
    with pytest.raises(BadOption) as error:
        deadtable.load("chainsaw-warrior", data=path)
    assert str(error.value).startswith(path) and message in str(error.value)
