"""The designed campaign "Dead River" (five chapter maps) and the campaign loader.

Routes are measured with the game's own step cost (movement.step_cost: HeroScape climbing for
the survivor's Height, a closed crescendo obstacle no way) over engine/board's distance_field.
"""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pytest

from deadtable.engine.board import Board, distance, distance_field
from deadtable.engine.board.hsc import HscMap, Tile, write_hsc
from deadtable.games.left_4_dead import movement
from deadtable.games.left_4_dead.campaign import (
    Campaign,
    CampaignError,
    load_campaign,
    packaged,
)
from deadtable.games.left_4_dead.data import MAPS, load_items, load_rules
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import empty

CAMPAIGN = load_campaign("dead-river")
NUMBERS = [c.number for c in CAMPAIGN.chapters]
ENVIRONMENTAL = tuple(load_items().environmental)  # minigun ... oxygen-tank


@pytest.fixture(scope="module")
def walker() -> Left4DeadState:
    """A game state whose board a test swaps: movement.step_cost reads the board, the
    crescendo and the survivor's card from it."""
    return empty()


def board(number: int) -> Board:
    return CAMPAIGN.chapter(number).board


def goal(b: Board) -> tuple[int, ...]:
    """The end safe room, or the finale's rescue vehicle."""
    if "end" in b.zones:
        return b.zones["end"].spaces
    (rescue,) = [z for z in b.zones.values() if z.kind == "rescue-vehicle"]
    return rescue.spaces


def fields(state: Left4DeadState, b: Board, opened: bool) -> tuple[list[float], list[float]]:
    """Route costs from the start safe room to every space, and from every space to the goal,
    for Bill (Height 5) with the crescendo obstacle open or closed."""
    state.board = b
    state.crescendo = 4 if opened else 0  # 4: the event is over, the obstacle removed
    step = movement.step_cost(state, state.figures["bill"])
    to_goal = distance_field(b, goal(b), step)
    from_start = distance_field(b, b.zones["start"].spaces, lambda x, y: step(y, x))
    return from_start, to_goal


def route(b: Board, from_start: list[float], to_goal: list[float]) -> float:
    """The survivors' route: start to goal; in the finale by way of the Finale Event's
    trigger (the radio), which they must reach before the rescue vehicle comes."""
    if "end" in b.zones:
        return min(from_start[s] for s in goal(b))
    (trigger,) = b.markers_of("finale-trigger")
    return from_start[trigger.space] + to_goal[trigger.space]


def test_the_campaign_has_five_chapters_in_order() -> None:
    assert CAMPAIGN.name == "Dead River"
    assert packaged()["dead-river"] == CAMPAIGN.file
    assert [c.map.name for c in CAMPAIGN.chapters] == [f"chapter-{n}.toml" for n in range(1, 6)]
    assert [c.finale for c in CAMPAIGN.chapters] == [False] * 4 + [True]
    assert load_campaign(CAMPAIGN.file).name == load_campaign("Dead River").name
    with pytest.raises(CampaignError, match="chapters 1 to 5"):
        CAMPAIGN.chapter(6)


@pytest.mark.parametrize("number", NUMBERS)
def test_every_chapter_is_designed_and_sized_like_chapter_1(number: int) -> None:
    b = board(number)
    assert b.kind == "hex" and b.meta["source"].startswith("designed: ")
    assert b.meta["name"].startswith(f"Chapter {number}: ")
    assert 480 <= b.size <= 600
    assert set(b.level) <= set(range(7)) and max(b.level) >= 3  # heights to climb
    assert "water" in b.terrain


@pytest.mark.parametrize("number", NUMBERS)
def test_every_chapter_has_the_markers_the_rules_name(number: int) -> None:
    b = board(number)
    kinds = {z.kind for z in b.zones.values()}
    assert b.zones["start"].kind == "safe-room" and len(b.zones["start"].spaces) >= 4
    assert "car" in kinds  # CAR ALARMS
    for kind in ("metal-detector", *ENVIRONMENTAL, "spawn"):
        assert b.markers_of(kind), kind
    assert 2 <= len(b.markers_of("hero-closet")) <= 3
    assert len(b.markers_of("item-location")) >= 6
    assert sorted(m.props["squad"] for m in b.markers_of("horde-start")) == [1, 2, 3, 4, 5, 6]
    spaces = [m.space for m in b.markers]
    assert len(spaces) == len(set(spaces)), "two markers share a space"
    rooms = {s for z in b.zones.values() if z.kind in ("safe-room", "rescue-vehicle")
             for s in z.spaces}
    assert not rooms & set(spaces), "a marker inside a safe room or the rescue vehicle"
    for kind in ("item-location", "witch-location", "hero-closet"):
        orders = sorted(m.props["order"] for m in b.markers_of(kind))
        assert orders == list(range(1, len(orders) + 1)), kind


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_chapters_1_to_4_end_in_a_safe_room_behind_a_crescendo(number: int) -> None:
    b = board(number)
    assert b.zones["end"].kind == "safe-room" and len(b.zones["end"].spaces) >= 4
    (trigger,) = b.markers_of("crescendo-trigger")
    obstacle = b.zones[trigger.props["obstacle"]]
    assert obstacle.kind == "crescendo-obstacle"
    assert not any(z.kind == "rescue-vehicle" for z in b.zones.values())


def test_the_finale_has_a_rescue_vehicle_a_trigger_and_no_next_safe_room() -> None:
    b = board(5)
    assert "end" not in b.zones
    (rescue,) = [z for z in b.zones.values() if z.kind == "rescue-vehicle"]
    assert len(rescue.spaces) >= 4  # all 4 survivors board it
    assert len(b.markers_of("finale-trigger")) == 1
    assert not b.markers_of("crescendo-trigger")  # the Finale Event is the chapter's event


def test_the_witch_has_locations_only_where_she_spawns() -> None:
    assert load_rules().witch_except_chapters == (1, 5)  # "each chapter except 1 and 5"
    for number in (2, 3, 4):
        assert len(board(number).markers_of("witch-location")) >= 2, number
    assert not board(5).markers_of("witch-location")  # the finale never rolls for her


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_the_end_is_reached_through_the_crescendo_only(walker: Left4DeadState,
                                                       number: int) -> None:
    b = board(number)
    opened, _ = fields(walker, b, opened=True)
    closed, _ = fields(walker, b, opened=False)
    assert 25 <= min(opened[s] for s in goal(b)) <= 40  # about 6-8 rounds at Move 5
    assert all(closed[s] == math.inf for s in goal(b)), "a way round the obstacle"
    (trigger,) = b.markers_of("crescendo-trigger")
    assert closed[trigger.space] < math.inf, "the crescendo trigger is out of reach"


def test_the_finale_radio_and_rescue_vehicle_are_reached(walker: Left4DeadState) -> None:
    b = board(5)
    from_start, to_goal = fields(walker, b, opened=False)
    (trigger,) = b.markers_of("finale-trigger")
    assert 15 <= from_start[trigger.space] < math.inf
    assert 8 <= to_goal[trigger.space] < math.inf
    assert 25 <= route(b, from_start, to_goal) <= 45


@pytest.mark.parametrize("number", NUMBERS)
def test_item_locations_lie_between_start_and_end_in_order(walker: Left4DeadState,
                                                           number: int) -> None:
    b = board(number)
    from_start, to_goal = fields(walker, b, opened=True)
    whole = route(b, from_start, to_goal)
    ordered = sorted(b.markers_of("item-location"), key=lambda m: m.props["order"])
    costs = [from_start[m.space] for m in ordered]
    assert costs == sorted(costs) and len(set(costs)) == len(costs), costs
    for m in ordered:
        assert from_start[m.space] < whole and to_goal[m.space] < whole, b.names[m.space]
    for kind in ("hero-closet", "metal-detector", *ENVIRONMENTAL):
        for m in b.markers_of(kind):  # every marker a survivor can use is within reach
            assert from_start[m.space] < math.inf, (kind, b.names[m.space])


@pytest.mark.parametrize("number", NUMBERS)
def test_spawn_points_keep_clear_of_the_start(number: int) -> None:
    b = board(number)
    for m in b.markers_of("spawn") + b.markers_of("horde-start"):
        assert min(distance(b, m.space, s) for s in b.zones["start"].spaces) >= 5, \
            b.names[m.space]


# -- a user's own campaign ------------------------------------------------------------------
def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def own_campaign(folder: Path, *maps: str, name: str = "Mine") -> Path:
    chapters = "".join(f'\n[[chapter]]\nmap = "{m}"\n' for m in maps)
    return write(folder / "mine.toml", f'[campaign]\nname = "{name}"\n{chapters}')


def test_a_users_campaign_of_their_own_maps_loads(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    for n in (3, 5):
        shutil.copy(MAPS / f"chapter-{n}.toml", tmp_path / "maps" / f"mine-{n}.toml")
    campaign = load_campaign(own_campaign(tmp_path, "maps/mine-3.toml", "maps/mine-5.toml"))
    assert isinstance(campaign, Campaign) and campaign.name == "Mine"
    assert [c.finale for c in campaign.chapters] == [False, True]
    assert campaign.chapters[0].map == (tmp_path / "maps" / "mine-3.toml").resolve()


def test_a_bad_map_path_names_the_file_and_the_field(tmp_path: Path) -> None:
    shutil.copy(MAPS / "chapter-1.toml", tmp_path / "one.toml")
    path = own_campaign(tmp_path, "one.toml", "nowhere.toml")
    with pytest.raises(CampaignError) as caught:
        load_campaign(path)
    message = str(caught.value)
    assert str(path) in message and "chapter[2].map" in message
    assert "'nowhere.toml': no such file" in message and "relative to the campaign" in message


@pytest.mark.parametrize(("text", "expected"), [
    ('[campaign]\nname = ""\n', "campaign.name: '' should be the campaign's name"),
    ('[campaign]\nname = "X"\ncolour = 1\n', "campaign.colour: unknown field"),
    ('[campaign]\nname = "X"\n[[chapter]]\nmap = "../c.toml"\n',
     "1 chapter(s); a campaign has 2 to 5"),
    ('[campaign]\nname = "X"\n' + '[[chapter]]\nmap = "a.toml"\n' * 6,
     "6 chapter(s); a campaign has 2 to 5"),
    ('[campaign]\nname = "X"\n[[chapter]]\nmap = "a.png"\n[[chapter]]\nmap = "b.toml"\n',
     "chapter[1].map: 'a.png' should end in .toml or .hsc"),
    ('[campaign]\nname = "X"\n[[chapter]]\nmapp = "a.toml"\n[[chapter]]\nmap = "b.toml"\n',
     "chapter[1].mapp: unknown field"),
    ("[campaign\n", "not valid TOML"),
])
def test_bad_campaign_files_are_refused_by_field(tmp_path: Path, text: str,
                                                 expected: str) -> None:
    path = write(tmp_path / "bad.toml", text)
    with pytest.raises(CampaignError, match=re.escape(expected)):
        load_campaign(path)


def test_a_map_is_refused_where_it_cannot_serve(tmp_path: Path) -> None:
    for n in (1, 5):
        shutil.copy(MAPS / f"chapter-{n}.toml", tmp_path / f"c{n}.toml")
    with pytest.raises(CampaignError) as caught:  # the finale map as chapter 1, then chapter 1
        load_campaign(own_campaign(tmp_path, "c5.toml", "c1.toml"))
    message = str(caught.value)
    assert "chapter[1].map" in message and "cannot be chapter 1" in message
    assert "no zone named 'end'" in message
    with pytest.raises(CampaignError, match="cannot be the finale: no zone of kind "
                       "'rescue-vehicle'.*no 'finale-trigger' marker"):
        load_campaign(own_campaign(tmp_path, "c1.toml", "c1.toml"))


def hill(tmp_path: Path) -> Path:
    """A Virtualscape map: a 7-hex grass hill on a row of 24-hex grass tiles, with the start
    and end zones named as the campaign wants them."""
    tiles = [Tile(1024, x, 0, 0) for x in range(0, 30, 6)] + [
        Tile(1007, 4, 2, 1),
        Tile(15001, 0, 0, 1, start_zone="start"),
        Tile(15001, 1, 0, 1, start_zone="start"),
        Tile(15001, 26, 2, 1, start_zone="end"),
    ]
    return write_bytes(tmp_path / "hill.hsc", write_hsc(HscMap(name="Hill", tiles=tiles)))


def write_bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_virtualscape_map_is_read_and_told_what_it_lacks(tmp_path: Path) -> None:
    hill(tmp_path)
    shutil.copy(MAPS / "chapter-5.toml", tmp_path / "c5.toml")
    with pytest.raises(CampaignError) as caught:
        load_campaign(own_campaign(tmp_path, "hill.hsc", "c5.toml"))
    message = str(caught.value)
    assert "hill.hsc cannot be chapter 1" in message and "no 'spawn' marker" in message
    assert "no zone named 'start'" not in message  # its start zones were read


def test_an_overlay_adds_the_markers_a_virtualscape_map_lacks(tmp_path: Path) -> None:
    hill(tmp_path)
    shutil.copy(MAPS / "chapter-5.toml", tmp_path / "c5.toml")
    squads = "".join(f'[[marker]]\nkind = "horde-start"\nat = "{8 + k},2"\nsquad = {k}\n'
                     for k in range(1, 7))
    write(tmp_path / "hill-markers.toml", squads + """
[[marker]]
kind = "spawn"
at = "20,0"
[[marker]]
kind = "hero-closet"
at = "12,3"
order = 1
[[marker]]
kind = "item-location"
at = "6,1"
order = 1
""")
    write(tmp_path / "mine.toml", '[campaign]\nname = "Hill"\n[[chapter]]\nmap = "hill.hsc"\n'
          'overlay = "hill-markers.toml"\n[[chapter]]\nmap = "c5.toml"\n')
    first = load_campaign(tmp_path / "mine.toml").chapter(1).board
    assert first.zones["start"].spaces and first.zones["end"].spaces
    assert [first.names[m.space] for m in first.markers_of("spawn")] == ["20,0"]
    write(tmp_path / "hill-markers.toml", '[[marker]]\nkind = "spawn"\nat = "99,99"\n')
    with pytest.raises(CampaignError, match=r"chapter\[1\]\.map: .*hill-markers\.toml.*99,99"):
        load_campaign(tmp_path / "mine.toml")
    write(tmp_path / "hill-markers.toml", '[terrain]\ng = "grass"\n')
    with pytest.raises(CampaignError, match="an overlay holds only"):
        load_campaign(tmp_path / "mine.toml")


def test_an_unknown_campaign_name_lists_the_packaged_ones(tmp_path: Path) -> None:
    with pytest.raises(CampaignError, match="no packaged campaign by that name "
                       r"\(packaged: dead-river\)"):
        load_campaign("Dead Sea")
    with pytest.raises(CampaignError, match="missing.toml: no such data file"):
        load_campaign(tmp_path / "missing.toml")
