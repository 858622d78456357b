"""The packaged data loads, holds the rulebook's fixed numbers, and user files are checked."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadtable.engine.datafile import DataError
from deadtable.games.left_4_dead.data import (
    CARDS,
    ITEMS,
    RULES,
    FixedNumberWarning,
    load_cards,
    load_data,
    load_items,
    load_rules,
)


def test_packaged_files_load_without_warnings() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        data = load_data()
    assert data.warnings == ()


def test_survivors_card() -> None:
    cards = load_cards()
    s = cards.survivors
    assert (s.life, s.move, s.range, s.attack, s.defense, s.height, s.points) == (
        5, 5, 6, 3, 4, 5, 100)
    assert s.size == "medium" and s.rarity == "unique" and s.class_ == "Survivor"
    assert s.quadruple == (5, 6, 4, 6) and cards.quadruple_used is False
    assert sorted(s.names) == ["Bill", "Coach", "Ellis", "Francis", "Louis", "Nick",
                               "Rochelle", "Zoey"]
    beat = s.power("Beat Down")
    assert (beat["uses_per_move"], beat["move_on"], beat["wound_on"]) == (2, 11, 17)


def test_special_infected_and_their_numbers() -> None:
    cards = load_cards()
    specials = {c.id for c in cards.group("special")}
    assert specials == {"boomer", "charger", "hunter", "jockey", "smoker", "spitter", "witch",
                        "tank"}
    vomit = cards["boomer"].power("Projectile Vomit")
    assert (vomit["hit_on"], vomit["range"], vomit["max_targets"], vomit["levels_up"],
            vomit["levels_down"]) == (11, 3, 4, 5, 5)
    snare = cards["smoker"].power("Tongue Snare")
    assert (snare["hit_on"], snare["range"]) == (14, 8)
    latch = cards["jockey"].power("Latch On")
    assert (latch["hit_on"], latch["range"]) == (8, 3)
    assert cards["spitter"].power("Acid Vomit")["range"] == 7
    rock = cards["tank"].power("Rock Throw")
    assert (rock.kind, rock["range"], rock["attack"]) == ("special-attack", 6, 5)
    assert cards["charger"].power("Barreling Charge")["straight_move"] == 6
    pounce = cards["hunter"].power("Hunter Pounce")
    assert (pounce["move"], pounce["max_leap_levels"], pounce["extra_attack_dice"]) == (5, 10, 2)
    assert (cards["tank"].size, cards["tank"].height, cards["tank"].points) == ("large", 7, 120)
    assert cards["witch"].quadruple == (7, 1, 6, 6)


def test_uncommon_infected_and_the_horde() -> None:
    cards = load_cards()
    assert {c.id for c in cards.group("uncommon")} == {
        "clown", "fallen-survivor", "hazmat", "mud-man", "riot-control", "worker"}
    assert all(c.extra["treated_as"] == "common-squad" for c in cards.group("uncommon"))
    zom = cards["zombies-of-morindan"]
    assert (zom.life, zom.move, zom.range, zom.attack, zom.defense, zom.height) == (
        1, 4, 1, 2, 3, 5)
    assert zom.figures == 3 and zom.type == "squad" and zom.source.startswith("public")
    horde = zom.power("Horde Movement")
    assert (horde["move_figures"], horde["attack_figures"]) == (6, 3)
    onslaught = zom.power("Zombie Onslaught")
    assert (onslaught["attack"], onslaught["figures"]) == (6, 3)


def test_item_pool() -> None:
    items = load_items()
    assert len(items.copies()) == 67 and items.pool_total == 67 and items.starting_items == 8
    assert len(items.pool) == 24
    assert sum(line.count for line in items.pool) == 67
    assert sorted(line.d20 for line in items.pool if line.d20) == list(range(1, 21))
    assert [line.line for line in items.pool if not line.d20] == [
        "1 Portable HMG", "2 Baseball Bat/Cricket Bat",
        "3 Electric Guitar/Frying Pan/Nightstick", "2 Katana/Machete"]
    # every d20 number draws something under the alternative draw
    assert all(items.d20_items(n) for n in range(1, 21))
    assert items.draw == "pool" and set(items.draw_options) == {"pool", "d20-table"}
    assert (items["pump-shotgun"].copies, items["chrome-shotgun"].copies) == (2, 2)
    assert items["golf-club"].copies == 0 and items["golf-club"].melee
    assert items["health-kit"].slot == "health" and items["explosive-ammo"].slot == "health"
    assert items["defibrillator"].slot == "health" and "slot" in items["defibrillator"].designed
    assert items["adrenaline-shot"].slot == "pills" and "slot" in items["adrenaline-shot"].designed
    assert items["grenade-launcher"].get("ammo") == 3 and items["chainsaw"].get("fuel") == 3
    assert items["hunting-rifle"].get("line_targets") == 3
    assert items["bile-bomb"].get("lob") == 12
    t1 = items.sets["t1-or-melee"]
    assert "chainsaw" not in t1 and "uzi" in t1 and "katana" in t1
    assert all(items[i].tier == 2 for i in items.sets["t2"])
    assert {i for i, it in items.items.items() if it.tier == 2} == set(items.sets["t2"])


def test_every_split_is_marked_designed() -> None:
    items = load_items()
    for line in items.pool:
        if len(line.split) > 1:
            assert "split" in line.designed, line.line
            for item_id in line.split:
                assert "copies" in items[item_id].designed, item_id


def test_rules_numbers() -> None:
    rules = load_rules()
    table = {n: (d.modifier, d.items_per_round, d.starting_squads)
             for n, d in rules.difficulties.items()}
    assert table == {"easy": (0, 4, 3), "normal": (1, 3, 4), "advanced": (2, 2, 5),
                     "expert": (3, 1, 6)}
    assert rules.difficulties["expert"].tank_first_wound == "incapacitate"
    assert rules.dice_faces == {"skull": 3, "shield": 2, "blank": 1}
    assert rules.falling["major_dice"] == 3 and 2 in rules.falling["major_dice_options"]
    assert rules.incapacitation["incaps_to_destroy"] == 3
    assert rules.witch_spawn_on == 15 and rules.witch_except_chapters == (1, 5)
    assert rules.crescendo.size(2) == 5 and rules.alarm.size(3) == 6 and rules.finale.size(0) == 3
    zombies = rules.spawn["zombies"]
    assert zombies.row(8).zombies == 2 and zombies.row(9).zombies == 3
    assert zombies.row(20).uncommon == 1
    # above 20
    assert zombies.row(23) == zombies.row(20)  # clamp, the default
    assert zombies.row(23, "16-19").zombies == 4
    assert rules.above_20 == "clamp"
    specials = rules.spawn["specials"]
    assert (specials.row(19).card, specials.row(19).if_spawned) == ("tank", "hunter")
    assert all(v.startswith(("rulebook", "public", "designed")) for v in rules.sources.values())


def _edit(tmp_path: Path, packaged: Path, old: str, new: str) -> Path:
    text = packaged.read_text()
    assert old in text
    path = tmp_path / packaged.name
    path.write_text(text.replace(old, new, 1))
    return path


def test_malformed_card_file_names_file_and_field(tmp_path: Path) -> None:
    survivor = "life = 5\nmove = 5\nrange = 6"
    path = _edit(tmp_path, CARDS, survivor, survivor.replace("5", '"five"', 1))
    with pytest.raises(DataError) as error:
        load_cards(path)
    assert str(path) in str(error.value) and "card.survivors.life" in str(error.value)
    assert "should be a int" in str(error.value)


def test_malformed_item_and_rules_files(tmp_path: Path) -> None:
    pills = 'slot = "pills"\ncopies = 4\nset_aside_all'
    path = _edit(tmp_path, ITEMS, pills, pills.replace("pills", "bag"))
    with pytest.raises(DataError, match=r"item\.pain-pills\.slot: 'bag' is not one of"):
        load_items(path)
    path = _edit(tmp_path, RULES, 'above_20 = "clamp"', 'above_20 = "wrap"')
    with pytest.raises(DataError, match=r"rules\.toml: spawn\.above_20: 'wrap'"):
        load_rules(path)
    path = _edit(tmp_path, RULES, "{ low = 9, high = 15, zombies = 3 }",
                 "{ low = 10, high = 15, zombies = 3 }")
    with pytest.raises(DataError, match=r"spawn\.zombies\.rows\[1\]: rows should cover 1 to 20"):
        load_rules(path)
    path = _edit(tmp_path, RULES, "minor_drop = 0", "minor_drop = -1")
    with pytest.raises(DataError, match=r"falling\.minor_drop: -1 should be 0 or more"):
        load_rules(path)
    with pytest.raises(DataError, match="no such data file"):
        load_rules(tmp_path / "missing.toml")


def test_split_must_match_copies(tmp_path: Path) -> None:
    path = _edit(tmp_path, ITEMS, "split = { pump-shotgun = 2, chrome-shotgun = 2 }",
                 "split = { pump-shotgun = 3, chrome-shotgun = 1 }")
    with pytest.raises(DataError, match=r"item\.pump-shotgun\.copies is 2, but the pool lines"):
        load_items(path)


def test_user_file_contradicting_a_fixed_number_warns_and_loads(tmp_path: Path) -> None:
    survivor = "life = 5\nmove = 5\nrange = 6"
    path = _edit(tmp_path, CARDS, survivor, survivor.replace("5", "6", 1))
    with pytest.warns(FixedNumberWarning,
                      match=r"card\.survivors\.life is 6; the rulebook prints 5"):
        cards = load_cards(path)
    assert cards.survivors.life == 6 and len(cards.warnings) == 1
    assert str(path) in cards.warnings[0]

    bile = 'line = "4 Bile Bomb - 14"\ncount = 4\nd20 = 14\nsplit = { bile-bomb = 4 }'
    path = _edit(tmp_path, ITEMS, bile, bile.replace("= 4", "= 5"))
    path.write_text(path.read_text().replace("attack = 0\ncopies = 4", "attack = 0\ncopies = 5"))
    with pytest.warns(FixedNumberWarning) as record:
        items = load_items(path)
    messages = [str(w.message) for w in record]
    assert any("'4 Bile Bomb - 14' has count 5" in m for m in messages)
    assert any("the pool holds 68 items" in m for m in messages)
    assert len(items.copies()) == 68

    advanced = "modifier = 2\nitems_per_round = 2"
    path = _edit(tmp_path, RULES, advanced, advanced[:-1] + "3")
    with pytest.warns(FixedNumberWarning,
                      match=r"difficulty\.advanced has modifier 2, items_per_round 3"):
        load_rules(path)
    path = _edit(tmp_path, RULES, "spawn_on = 15", "spawn_on = 16")
    with pytest.warns(FixedNumberWarning,
                      match=r"spawn\.witch\.spawn_on is 16; the rulebook prints 15"):
        load_rules(path)


def test_cross_file_check(tmp_path: Path) -> None:
    path = _edit(tmp_path, RULES, '{ low = 1, high = 3, card = "boomer" }',
                 '{ low = 1, high = 3, card = "bomer" }')
    with (pytest.warns(FixedNumberWarning, match="spawn.specials.rows"),
          pytest.raises(DataError, match=r"spawn\.specials row 1-3 names card 'bomer'")):
        load_data(rules=path)


def test_item_special_numbers_are_checked(tmp_path: Path) -> None:
    ammo = 'ammo = 3                 # "place 3 Ammo Markers"; one spent per attack'
    path = _edit(tmp_path, ITEMS, ammo, "ammo = 4")
    with pytest.warns(FixedNumberWarning, match=r"item\.grenade-launcher\.ammo is 4"):
        items = load_items(path)
    assert items["grenade-launcher"].get("ammo") == 4


RULES_DATA = load_rules()


@given(st.integers(-3, 40), st.sampled_from(["clamp", "16-19", "extend"]),
       st.sampled_from(["zombies", "uncommon", "specials"]))
def test_every_total_reads_a_row(total: int, reading: str, table: str) -> None:
    spawn = RULES_DATA.spawn[table]
    row = spawn.row(total, reading)
    if 1 <= total <= 20:
        assert row.low <= total <= row.high
    elif total > 20 and reading == "clamp":
        assert row == spawn.row(20)
    if table == "zombies":
        assert row.zombies >= 2
