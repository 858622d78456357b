"""Psycho Raiders' sheets, cards and tables: every number the rulebook fixes is respected,
the files fit together, and a malformed or contradicting user file gets a clear message."""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from deadtable.games.psycho_raiders import fixed
from deadtable.games.psycho_raiders.data import (
    DATA,
    DataError,
    FixedNumberWarning,
    check_names,
    load_crucible,
    load_decks,
    load_kill_deck,
    load_sheets,
    load_tables,
    load_vehicles,
    load_weapons,
)


@pytest.fixture(scope="module")
def loaded() -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("error", FixedNumberWarning)  # the packaged data agrees
        weapons = load_weapons()
        return {"sheets": load_sheets(), "vehicles": load_vehicles(), "weapons": weapons,
                "decks": load_decks(weapons=weapons), "kill": load_kill_deck(),
                "tables": load_tables(), "board": load_crucible()}


# -- one test per number of reference/psycho-raiders.md ------------------------------------
CHECKS = [(kind, key, check) for kind, table in (("sheets", fixed.SHEETS),
                                                 ("vehicles", fixed.VEHICLES),
                                                 ("weapons", fixed.WEAPONS),
                                                 ("tables", fixed.TABLES))
          for key, check in table.items()]


@pytest.mark.parametrize(("kind", "key", "check"), CHECKS,
                         ids=[f"{key[0]} ({key[1]})" for _, key, _ in CHECKS])
def test_the_data_respects_the_rulebook_number(loaded: dict[str, Any], kind: str,
                                               key: tuple[str, str], check: Any) -> None:
    assert check(loaded[kind]) is None, key


def test_the_worked_examples_add_up(loaded: dict[str, Any]) -> None:
    sheets, weapons = loaded["sheets"].characters, loaded["weapons"]
    # 14.1: Torch's Flamethrower (8 adjacent, no personal strength) and a 3 make 11; Randy
    # dodges with his Strength 5 and a 5: 10.
    assert weapons["Flamethrower"].at(1) + 3 == 11 and not weapons["Flamethrower"].personal
    assert sheets["Randy"].strength + 5 == 10
    # 14.61: Fluke totals 11; with his cleaver and Strength 5 a roll of 4 does it.
    assert weapons["Meat Cleaver"].at(0) + sheets["Fluke"].strength + 4 == 11
    # 18.6: the Sheriff's handgun 8 and a 6 make 14 (then +6).
    assert "Handgun" in sheets["Sheriff"].weapons and weapons["Handgun"].at(0) + 6 == 14
    # 16.1: Dawn, Speed 6, runs 9 with 3 adrenaline.
    assert sheets["Dawn"].speed + 3 == 9
    # 15.3: the pickup 9-4-3 hit for 3 on speed is 6-1-0.
    pickup = loaded["vehicles"]["Pickup Truck"]
    assert (pickup.high - 3, pickup.safe - 3, pickup.off_road - 3) == (6, 1, 0)


def test_sheets_are_within_the_advanced_budgets(loaded: dict[str, Any]) -> None:
    sheets = loaded["sheets"]
    assert [c.total for c in sheets.side("camper")] == [13, 13, 13]
    assert sorted(c.total for c in sheets.side("raider")) == [15, 15, 15, 18]
    for c in sheets.side("camper"):
        assert all(2 <= v <= 6 for v in (c.speed, c.strength, c.will)), c.name
    for c in sheets.side("raider"):
        assert all(2 <= v <= 7 for v in (c.speed, c.strength, c.will)), c.name
    assert len(sheets.characters) == 13 and sheets.characters["Joey"].arrives == "event"


def test_weapons_by_type(loaded: dict[str, Any]) -> None:
    weapons = loaded["weapons"]
    assert {w.type for w in weapons.values()} == {"Blade", "Gun", "Fire", "Blunt"}
    for w in weapons.values():
        assert (w.ammo is not None) == (w.type == "Gun" and not w.fixed), w.name
        assert (w.fuel is not None) == (w.type == "Fire" and not w.fixed), w.name
        if w.type in ("Gun", "Fire"):
            assert not w.personal, w.name  # 14.5: guns and flamethrowers use the card only
    assert weapons["Hunting Knife"].personal and weapons["Rock"].personal  # 14.5's examples
    assert weapons["Rock"].one_use and weapons["Stick"].one_use  # 11.5
    assert weapons["Handgun"].at(5) == 8 and weapons["Handgun"].at(6) is None


def test_decks_hold_weapons_and_the_outdoor_deck_one_use_cards(loaded: dict[str, Any]) -> None:
    decks, weapons = loaded["decks"], loaded["weapons"]
    assert set(decks) == {"Old Store", "Arsenal", "Garage", "Farm", "Chapel", "Outdoor"}
    assert all(weapons[card].one_use for card in decks["Outdoor"].cards)
    assert all(weapons[card].type == "Gun" for card in decks["Arsenal"].cards)
    assert "Blowtorch" in decks["Garage"].cards and weapons["Gas Pump"].fixed


def test_the_kill_deck(loaded: dict[str, Any]) -> None:
    cards = loaded["kill"].cards
    assert Counter(t for c in cards for t in c.types) == {t: 9 for t in
                                                          ("Blade", "Gun", "Fire", "Blunt")}
    assert sum(c.fire for c in cards) == 6 and len(cards) == 18
    burned = next(c for c in cards if c.name == "Burned Alive")
    assert burned.kills("Fire", on_fire=False) and not burned.kills("Blade", on_fire=False)
    gutted = next(c for c in cards if c.name == "Gutted")
    assert gutted.kills("Gun", on_fire=True) and not gutted.kills("Gun", on_fire=False)


def test_the_d66_table_has_36_rows(loaded: dict[str, Any]) -> None:
    tables = loaded["tables"]
    rolls = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert len({tables.event(r).name + str(tables.event(r).low) for r in rolls}) == 28
    assert [r for r in rolls if tables.event(r) is not None] == rolls
    printed = [e for e in tables.events if e.high <= 46]
    designed = [e for e in tables.events if e.low >= 51]
    assert all(e.designed is None for e in printed) and all(e.designed for e in designed)
    assert sum(e.high - e.low + 1 for e in designed) == 12
    fog = tables.event(55)
    assert fog.weather == "Fog" and "Fog" in tables.event(32).removes \
        and "Fog" in tables.event(45).removes and "Fog" in tables.event(22).removes
    assert tables.event(66).effect == "joey"  # the only way in for the 13th character (17)
    assert [tables.event(r).name for r in (16, 25, 34, 43, 52, 61)] == ["LIGHTNING"] * 6


def test_dice_tables_cover_every_modified_roll(loaded: dict[str, Any]) -> None:
    dice = loaded["tables"].dice
    assert dice["scream"].row(-1)["result"] == "unheard"  # a 1 in the Rain (-2)
    assert dice["scream"].row(6)["result"] == "all"
    assert dice["dangerous_turns"].row(7)["result"] == "flip"  # a 6 in the Rain (+1)
    assert dice["dangerous_turns"].row(3)["result"] == "safe"
    assert {dice["fog_dial"].row(r)["direction"] for r in range(1, 7)} == \
        {"NE", "E", "SE", "SW", "W", "NW"}
    with pytest.raises(ValueError, match="no row for a roll of 7"):
        dice["damage"].row(7)


def test_terrain_costs(loaded: dict[str, Any]) -> None:
    terrain = loaded["tables"].terrain
    assert terrain["tree"].cost > 1 and terrain["lake"].cost > 1  # 10.3
    assert {n for n, t in terrain.items() if t.vehicle == "never"} >= {"tree", "graveyard",
                                                                       "lake"}  # 10.1
    assert {n for n, t in terrain.items() if t.sight} >= {"tree", "graveyard", "building"}
    assert {n for n, t in terrain.items() if t.hide} == {"tree", "graveyard", "lake"}  # 12.2


def test_the_files_fit_together(loaded: dict[str, Any]) -> None:
    check_names(loaded["sheets"], loaded["vehicles"], loaded["weapons"], loaded["decks"],
                loaded["tables"], loaded["board"])
    with pytest.raises(DataError, match=r"Sheriff.home: 'Jail' is not a building of the map"):
        sheets = loaded["sheets"]
        bad = dict(sheets.characters)
        from dataclasses import replace
        bad["Sheriff"] = replace(bad["Sheriff"], home="Jail")
        check_names(replace(sheets, characters=bad), loaded["vehicles"], loaded["weapons"],
                    loaded["decks"], loaded["tables"], loaded["board"])


# -- user files ----------------------------------------------------------------------------
def _edited(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_user_sheet_that_breaks_a_number_loads_with_a_warning(tmp_path: Path) -> None:
    path = _edited(tmp_path, "characters.toml", 'name = "Dawn"\nside = "camper"\nspeed = 6',
                   'name = "Dawn"\nside = "camper"\nspeed = 5')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sheets = load_sheets(path)
    assert [str(w.message) for w in caught] == list(sheets.warnings)
    assert all(w.category is FixedNumberWarning for w in caught)
    assert f"{path}: Dawn.speed: 5 differs from the rulebook (10.34, 16.1: Dawn has Speed 6)" \
        in sheets.warnings
    assert any("18.1: each sheet within its side's budget" in w for w in sheets.warnings)
    assert sheets.characters["Dawn"].speed == 5
    path = _edited(tmp_path, "vehicles.toml", "high = 9\n", "high = 8\n")
    with pytest.warns(FixedNumberWarning, match=r"Pickup Truck.high/safe/off_road: \(8, 4, 3\)"):
        assert load_vehicles(path)["Pickup Truck"].high == 8


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("characters.toml", "speed = 5\nstrength = 7", "speed = \"fast\"\nstrength = 7",
     r"characters.toml: character\[0\].speed: 'fast' should be a int"),
    ("characters.toml", 'side = "raider"', 'side = "pirate"',
     r"character\[0\].side: 'pirate' should be one of raider, camper, townsfolk"),
    ("characters.toml", "tokens = 2\nweapons", "token = 2\nweapons",
     r"character\[0\].token: unknown field; expected one of"),
    ("characters.toml", 'designed = { speed = "the one', 'designed = { sped = "the one',
     r"character\[0\].designed.sped: not a field of this entry"),
    ("vehicles.toml", "safe = 5\n", "safe = 12\n",
     r"vehicle\[0\].safe: 12 should be at most the high speed 10"),
    ("weapons.toml", 'type = "Blunt"', 'type = "Laser"',
     r"weapon\[0\].type: 'Laser' should be one of Blade, Gun, Fire, Blunt"),
    ("weapons.toml", "strength = [8, 8, 8, 8, 8, 8]", "strength = [8, -1]",
     r"weapons.toml: weapon\[17\].strength: \[8, -1\] should be a list of whole numbers"),
    ("decks.toml", '"Kitchen Knife" = 1', '"Kitchen Knif" = 1',
     r"deck\[0\].cards.Kitchen Knif: not a weapon of weapons.toml"),
    ("kill_deck.toml", 'types = ["Blade", "Blunt"]', 'types = ["Spoon"]',
     r"kill_deck.toml: cards\[0\].types\[0\]: 'Spoon' should be one of"),
    ("tables.toml", "{roll = [4, 4], result = \"off-road\"",
     "{roll = [5, 4], result = \"off-road\"",
     r"tables.toml: dangerous_turns.rows\[1\].roll: \[5, 4\] should be \[low, high\]"),
    ("tables.toml", "{roll = [6, 7], result = \"flip\"", "{roll = [6, 6], result = \"flip\"",
     r"dangerous_turns.rows: end at 6; the rows should reach 7"),
    ("tables.toml", "{roll = 16, name", "{roll = 26, name",
     r"events.rows\[9\].roll: 26 is also rows\[5\]"),
    ("tables.toml", "{roll = 66, name", "{roll = 67, name",
     r"events.rows\[27\].roll: 67 should be a D66 result"),
])
def test_a_malformed_file_names_the_file_and_the_field(tmp_path: Path, name: str, old: str,
                                                      new: str, message: str) -> None:
    path = _edited(tmp_path, name, old, new)
    loader = {"characters.toml": load_sheets, "vehicles.toml": load_vehicles,
              "weapons.toml": load_weapons, "decks.toml": load_decks,
              "kill_deck.toml": load_kill_deck, "tables.toml": load_tables}[name]
    with pytest.raises(DataError, match=message) as error:
        loader(path)
    assert str(error.value).startswith(str(path))


def test_missing_rows_and_files(tmp_path: Path) -> None:
    text = (DATA / "tables.toml").read_text(encoding="utf-8")
    start = text.index("  {roll = 64,")
    path = tmp_path / "tables.toml"
    path.write_text(text[:start] + text[text.index("\n", start) + 1:], encoding="utf-8")
    with pytest.raises(DataError, match=r"events.rows: no row for 64; the D66 table has a row "
                                        r"for each of its 36 results"):
        load_tables(path)
    with pytest.raises(DataError, match="nothere.toml: no such data file"):
        load_sheets(tmp_path / "nothere.toml")
    (tmp_path / "bad.toml").write_text("[rules\n")
    with pytest.raises(DataError, match="bad.toml: not valid TOML"):
        load_weapons(tmp_path / "bad.toml")


def test_the_docs_name_every_designed_thing(loaded: dict[str, Any]) -> None:
    text = (Path(__file__).parents[3] / "docs" / "psycho-raiders.md").read_text(encoding="utf-8")
    names = [*loaded["sheets"].characters, *loaded["vehicles"], *loaded["weapons"],
             *loaded["decks"],
             *(z for z, zone in loaded["board"].zones.items() if zone.kind == "building")]
    assert [n for n in names if n not in text] == []
    designed = [e.name for e in loaded["tables"].events if e.designed]
    assert [n for n in designed if n not in text] == []
    for reading in ("A-12", "A-14", "A-17"):
        assert f"**{reading} (" in text
