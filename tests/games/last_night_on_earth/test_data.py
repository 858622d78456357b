"""The heroes, the decks and the scenarios: counts, the public numbers, errors that name the
file and the field, a user's own file."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.games.last_night_on_earth import data
from deadtable.games.last_night_on_earth.data import (
    DataError,
    FixedNumberWarning,
    load_deck,
    load_heroes,
    load_scenarios,
)
from deadtable.games.last_night_on_earth.town import buildings

HEROES = load_heroes()
HERO_DECK = load_deck("hero")
ZOMBIE_DECK = load_deck("zombie")
SCENARIOS = load_scenarios()

# The fact sheet's copy counts (reference/last-night-on-earth.md, "Base card lists").
HERO_BASIC = {
    "Signal Flare": 1, "Revolver": 3, "Pump Shotgun": 2, "Baseball Bat": 2, "Meat Cleaver": 1,
    "Pitchfork": 1, "Fire Axe": 1, "Chainsaw": 1, "Welding Torch": 1, "Crowbar": 1, "Ammo": 2,
    "Torch": 1, "Keys": 2, "First Aid Kit": 2, "Recovery": 2, "Get Back You Devils": 3,
    "Faith": 3, "At Last…": 3, "Just a Scratch": 2, "Mr. Hyde, the Shop Teacher": 1,
    "Doc Brody, Country Physician": 1, "Farmer Sty": 1, "Principal Gomez": 1,
    "Deputy Taylor": 1, "Jeb, the Grease Monkey": 1}
HERO_ADVANCED = {
    "Signal Flare": 1, "Lighter": 2, "Dynamite": 4, "Gasoline": 2, "Old Betsy": 1,
    "Fire Extinguisher": 2, "Just What I Needed": 4, "Heroic Resolve": 1, "Hero's Rage": 1,
    "Blocked Windows": 1, "Escape Through the Window": 1}
ZOMBIE_BASIC = {
    "Shamble": 6, "Uuuurrrggghh!": 5, "Undead Hate the Living": 5,
    "My God, They've Taken the…": 3, "Resilient": 2, "Lights Out": 2, "Oh the Horror!": 2,
    "Surprise Attack": 2, "Loss of Faith": 2, "Relentless Advance": 2, "New Spawning Pit": 2,
    "There's Too Many!": 2, "Trip!": 1, "Cornered": 1, "A Town Overrun": 1, "Heavy Rain": 1,
    "Braaains!": 1}
ZOMBIE_ADVANCED = {
    "This Can't Be Happening!": 1, "I Feel Kinda Strange": 2, "I've Got to Get to the…": 1,
    "Locked Door": 2, "Haunted by the Past": 1, "Living Nightmare": 1,
    "This Could Be Our Last Night on Earth": 2, "Bickering": 1, "I Don't Trust 'em": 1,
    "Unnecessary Self Sacrifice": 2, "Night That Never Ends": 1, "Rotten Bodies": 1,
    "My God, He's a Zombie": 1, "Overconfidence": 1, "There's No Time, Leave It!": 1,
    "Teen Angst": 1}


@pytest.mark.parametrize(("deck", "set_", "expected", "size"), [
    (HERO_DECK, "basic", HERO_BASIC, 40), (HERO_DECK, "advanced", HERO_ADVANCED, 20),
    (ZOMBIE_DECK, "basic", ZOMBIE_BASIC, 40), (ZOMBIE_DECK, "advanced", ZOMBIE_ADVANCED, 20)])
def test_decks_have_the_listed_copies(deck: data.Deck, set_: str, expected: dict[str, int],
                                      size: int) -> None:
    assert {c.name: c.copies for c in deck.cards if c.set == set_} == expected
    assert deck.size(set_) == size == sum(expected.values())
    assert deck.warnings == ()


def test_card_numbers_restate_the_public_texts() -> None:
    revolver = HERO_DECK.card("Revolver")
    assert (revolver.kind, revolver.number("range"), revolver.number("hit_on"),
            revolver.number("out_of_ammo_on")) == ("weapon", 3, 4, 1)
    assert "Gun" in revolver.keywords and revolver.play == "carried"
    shotgun = HERO_DECK.card("Pump Shotgun")
    assert (shotgun.number("range"), shotgun.number("hit_on"), shotgun.number("out_of_ammo_on")) \
        == (2, 3, 2)
    flare = HERO_DECK.card("Signal Flare")
    assert flare.outside_weapon_limit and flare.number("kill_on") == 2
    assert HERO_DECK.card("Pitchfork").break_on_with == ("Torch", 1)
    assert HERO_DECK.card("Dynamite", "advanced").needs == "Fire"
    assert ZOMBIE_DECK.card("Uuuurrrggghh!").kind == "fight"
    fights = {c.name for c in ZOMBIE_DECK.cards if c.kind == "fight" and c.set == "basic"}
    assert fights == {"Uuuurrrggghh!", "Undead Hate the Living", "Braaains!"}
    stays = {c.name for c in ZOMBIE_DECK.cards if c.kind == "stays-in-play" and c.set == "basic"}
    assert stays == {"My God, They've Taken the…", "Lights Out", "New Spawning Pit",
                     "Heavy Rain"}
    for deck in (HERO_DECK, ZOMBIE_DECK):
        for card in deck.cards:
            assert card.text and card.source.startswith("public:")
    # Items and weapons are kept once found; only events are played from the hand.
    assert {c.play for c in HERO_DECK.cards if c.kind in ("item", "weapon")} == {"carried"}


def test_heroes() -> None:
    assert sorted(HEROES) == ["Becky", "Billy", "Father Joseph", "Jake Cartwright", "Jenny",
                              "Johnny", "Sally", "Sheriff Anderson"]
    students = {h.name for h in HEROES.values() if "Student" in h.keywords}
    assert students == {"Billy", "Johnny", "Sally"}
    assert HEROES["Sheriff Anderson"].keywords == ("Law Enforcement",)
    assert HEROES["Father Joseph"].keywords == ("Holy",)
    assert HEROES["Sheriff Anderson"].start_items == ("Revolver",)
    assert HEROES["Billy"].movement == 1  # SotF, Survival Decks
    assert any(a.name == "Blitz" for a in HEROES["Johnny"].abilities)
    genders = {h.gender for h in HEROES.values()}
    assert genders == {"male", "female"}  # "This Could Be Our Last Night on Earth" needs both
    tiles = data.load_layout()
    names: set[str] = set()
    for path in tiles.boards.values():
        names |= set(buildings(data.load_tile(path), "tile", lambda _: None))
    data.check_names(HEROES, HERO_DECK, SCENARIOS, names)
    # Every L-board holds some hero's starting building.
    boards = {n for n, listed in tiles.listed.items() for h in HEROES.values()
              if h.start in listed}
    assert boards == set(tiles.boards)


def test_scenarios() -> None:
    assert [s.name for s in SCENARIOS.scenarios.values()] == [
        "Die, Zombies, Die!", "Escape in the Truck", "Defend the Manor House",
        "Save the Townsfolk", "Burn 'Em Out"]
    die = SCENARIOS.scenarios["die-zombies-die"]
    assert die.sun_track == 15 and die.numbers["zombies_to_kill"] == 15
    assert SCENARIOS.scenarios["defend-the-manor-house"].centre == "manor-house"
    assert SCENARIOS.scenarios["defend-the-manor-house"].sun_out == "heroes"
    truck = SCENARIOS.scenarios["escape-in-the-truck"]
    assert truck.needs == ("Keys", "Gasoline") and truck.numbers["heroes_at_truck"] == 2
    game = SCENARIOS.game
    assert (game["item_limit"], game["weapon_limit"], game["heroes_killed"]) == (4, 2, 4)
    assert game["zombies"] == 14 and game["zombies_per_spawn"] == 2


def test_every_designed_value_has_a_reason_and_appears_in_the_docs() -> None:
    docs = (Path(__file__).resolve().parents[3] / "docs" / "last-night-on-earth.md").read_text()
    for hero in HEROES.values():
        assert hero.name in docs
        for ability in hero.abilities:
            assert ability.name in docs
    for scenario in SCENARIOS.scenarios.values():
        for key in scenario.designed:
            assert key in docs or key.replace("_", " ") in docs


def write(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text()
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(("source", "old", "new", "message"), [
    (data.HEROES, 'gender = "female"', 'gender = "f"',
     r"mine.toml: hero\[0\].gender: 'f' should be one of male, female"),
    (data.HEROES, 'keywords = ["Student"]', 'keywords = ["Pupil"]',
     r"mine.toml: hero\[1\].keywords\[0\]: 'Pupil' should be one of"),
    (data.HEROES, "wounds = 3", 'wounds = "three"', r"hero\[0\].wounds: 'three' should be a int"),
    (data.HERO_DECK, 'kind = "weapon"', 'kind = "wepon"',
     r"mine.toml: card\[0\].kind: 'wepon' should be one of weapon, item, event, townsfolk"),
    (data.HERO_DECK, "range = 4", "rnage = 4", r"card\[0\].rnage: unknown field"),
    (data.ZOMBIE_DECK, 'play = "zombie-turn"', 'play = "whenever"',
     r"card\[0\].play: 'whenever' should be one of"),
    (data.SCENARIOS, "sun_track = 15", "sun_track = 0", r"scenario\[0\].sun_track: 0 should"),
    (data.SCENARIOS, 'centre = "town-center"', 'centre = "mall"', r"scenario\[0\].centre"),
])
def test_a_malformed_file_names_the_file_and_the_field(
        tmp_path: Path, source: Path, old: str, new: str, message: str) -> None:
    path = write(tmp_path, source, old, new)
    loader = {data.HEROES: load_heroes, data.SCENARIOS: load_scenarios,
              data.HERO_DECK: lambda p: load_deck("hero", p),
              data.ZOMBIE_DECK: lambda p: load_deck("zombie", p)}[source]
    with pytest.raises(DataError, match=message):
        loader(path)


def test_not_toml_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[card]\n")
    with pytest.raises(DataError, match="bad.toml: not valid TOML"):
        load_deck("zombie", bad)
    with pytest.raises(DataError, match="nope.toml: no such data file"):
        load_heroes(tmp_path / "nope.toml")


def test_a_users_deck_that_differs_from_the_public_numbers_loads_with_warnings(
        tmp_path: Path) -> None:
    path = write(tmp_path, data.HERO_DECK, "range = 3\nhit_on = 4", "range = 4\nhit_on = 4")
    with pytest.warns(FixedNumberWarning, match=r"card\[1\]\.range: 4 differs from 3"):
        deck = load_deck("hero", path)
    assert deck.card("Revolver").number("range") == 4
    path = write(tmp_path, data.ZOMBIE_DECK, "copies = 6", "copies = 7")
    with pytest.warns(FixedNumberWarning) as caught:
        deck = load_deck("zombie", path)
    assert [str(w.message) for w in caught] == list(deck.warnings) == [
        f"{path}: the basic zombie deck has 41 cards; the public card lists give 40",
        f"{path}: card[0].copies: 7 differs from 6, Shamble's value in the public card lists"]
