"""A campaign as one game: the campaign and chapter options, the next chapter, what the
survivors carry, the later safe rooms' kits and weapons (Survivor Rules: Safe Rooms, Campaign
Chapters; docs/left-4-dead.md, "Campaign rules")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.engine.dice import derive_seed
from deadtable.games.left_4_dead import chapter, spawning
from deadtable.games.left_4_dead.advance import CHAPTERS, NextChapter
from deadtable.games.left_4_dead.data import CAMPAIGNS
from deadtable.games.left_4_dead.setup import SAFE_ROOMS, KitOut
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import empty, script
from tests.games.left_4_dead.test_campaign_maps import hill, write

T1 = {"pump-shotgun", "chrome-shotgun", "uzi", "silenced-uzi", "axe", "crowbar", "baseball-bat",
      "cricket-bat", "electric-guitar", "frying-pan", "nightstick", "katana", "machete"}


def new(**options: object) -> Left4DeadState:
    state = registry.load("left-4-dead", **options).new(seed=1)
    assert isinstance(state, Left4DeadState)
    return state


def reach_safe_room(state: Left4DeadState, who: tuple[str, ...] = ("bill", "francis", "louis",
                                                                   "zoey")) -> None:
    """`who` stand in the end safe room; the others are off the map (destroyed)."""
    room = state.board.zones["end"].spaces
    for n, figure in enumerate(state.survivors()):
        figure.space = room[n] if figure.id in who else None
    chapter.check_end(state)


@pytest.mark.parametrize(("options", "error"), [
    ({"campaign": "nowhere"}, "no packaged campaign by that name"),
    ({"campaign": "dead-river", "chapter": 6}, "chapter: 6 is above the maximum|1 to 5"),
    ({"campaign": "dead-river", "map": "x.toml"}, "give one of them"),
])
def test_bad_campaign_options_are_refused_by_name(options: dict[str, object],
                                                   error: str) -> None:
    with pytest.raises(ValueError, match=error):
        registry.load("left-4-dead", **options)


def test_a_short_campaign_file_refuses_a_chapter_it_lacks(tmp_path: Path) -> None:
    maps = CAMPAIGNS.parent / "maps"
    path = tmp_path / "short.toml"
    path.write_text(f'[campaign]\nname = "Short"\n[[chapter]]\nmap = "{maps / "chapter-2.toml"}"'
                    f'\n[[chapter]]\nmap = "{maps / "chapter-5.toml"}"\n')
    with pytest.raises(ValueError, match="chapter 3: the campaign Short has chapters 1 to 2"):
        registry.load("left-4-dead", campaign=str(path), chapter=3)
    state = new(campaign=str(path))  # a user's file: its chapter 1 is Rail Yard
    assert state.board.meta["name"].startswith("Chapter 2: Rail Yard")


def test_the_chapter_option_chooses_the_campaigns_map() -> None:
    state = new(campaign="Dead River", chapter=3)
    assert state.chapter == 3 and state.view("survivors")["chapter"] == 3
    assert "Mill Creek" in state.board.meta["name"]


def test_the_witch_rolls_by_the_chapter_under_way() -> None:
    state = empty(campaign="dead-river")
    script(state, 20, 1)
    spawning.spawn_witch(state)  # chapter 1: no roll
    assert not state.witch_spawned and state.dice.script == [1, 20]
    state.chapter = 2
    spawning.spawn_witch(state)
    assert state.witch_spawned


def test_reaching_the_safe_room_starts_the_next_chapter_with_the_survivors_cards() -> None:
    state = empty(campaign="dead-river")
    bill = state.figures["bill"]
    bill.wounds, bill.incaps, bill.set_aside = 2, 1, 1
    bill.items = {"weapon": "grenade-launcher", "pills": "pain-pills"}
    bill.ammo = {"grenade-launcher": 2}
    bill.markers["vomit"] = 1
    state.figures["zoey"].items.clear()
    reach_safe_room(state)
    assert isinstance(state.stack[-1], NextChapter) and state.outcome is None
    state.settle()
    assert state.chapter == 2 and "Rail Yard" in state.board.meta["name"]
    assert (bill.wounds, bill.incaps, bill.set_aside) == (2, 1, 1)
    assert bill.items == {"weapon": "grenade-launcher", "pills": "pain-pills"}
    assert bill.ammo == {"grenade-launcher": 2} and bill.markers == {}
    start = set(state.board.zones["start"].spaces)
    assert all(f.space in start for f in state.survivors())
    assert all(f.id.startswith("zombie-") and f.space is not None
               for f in state.figures.values() if f.side == "infected")
    assert state.round == 0 and state.crescendo == 0 and not state.items_on_map
    frame = state.stack[-1]
    assert isinstance(frame, KitOut) and frame.kits == 4 and len(frame.weapons) == 4
    assert set(frame.weapons) <= T1  # the safe room at the end of chapter 1
    texts = [e.text for e in state.log[-4:]]
    assert "Chapter 2: Rail Yard." in texts
    assert any(t.startswith("The survivors enter the safe room: 4 health kits, ") for t in texts)
    cites = {e.cite for e in state.log[-8:]}
    assert CHAPTERS in cites and SAFE_ROOMS in cites
    assert state.pool.cards.count("health-kit") == 8 - 2 - 4  # Francis and Louis carry 2


def test_the_later_safe_rooms_kit_out_swaps_weapons_and_hands_out_kits() -> None:
    state = empty(campaign="dead-river")
    state.figures["bill"].items = {"weapon": "uzi"}
    state.figures["bill"].items["health"] = "health-kit"
    state.figures["zoey"].items.clear()
    reach_safe_room(state)
    state.settle()
    frame = state.stack[-1]
    assert isinstance(frame, KitOut)
    offered = frame.weapons[0]
    state.apply(f"take:{offered}")  # Bill swaps his Uzi: it stays for another
    assert state.figures["bill"].items["weapon"] == offered and "uzi" in frame.weapons
    for _ in range(3):
        state.apply("take-none")
    assert state.figures["zoey"].items["health"] == "health-kit"  # one of the 4 kits
    room = state.board.zones["start"].spaces[0]
    lying = state.items_on_map[room]
    assert lying.count("health-kit") == 3 and "uzi" in lying  # what nobody took stays
    assert state.round == 1  # the chapter's first round is under way


def test_survivors_left_behind_are_out_of_the_campaign() -> None:
    state = empty(campaign="dead-river")
    state.figures["zoey"].space = state.board.markers_of("hero-closet")[0].space
    state.figures["zoey"].closet = True
    reach_safe_room(state, ("bill", "francis", "louis", "zoey"))
    state.settle()
    zoey = state.figures["zoey"]
    assert zoey.space is None and not zoey.closet and zoey.wounds == 0
    assert state.stack[-1].order == ["bill", "francis", "louis"]  # type: ignore[attr-defined]
    assert any("Zoey was left behind" in e.text for e in state.log[-6:])


def test_left_behind_rejoin_brings_a_destroyed_survivor_with_two_wounds() -> None:
    state = empty(campaign="dead-river", **{"left-behind": "rejoin"})
    state.pending_closet = ["zoey"]
    reach_safe_room(state, ("bill", "francis", "louis"))
    state.settle()
    zoey = state.figures["zoey"]
    assert zoey.space in state.board.zones["start"].spaces and zoey.wounds == 2
    assert not state.pending_closet


def test_left_behind_rejoin_brings_a_closet_survivor_as_it_was() -> None:
    state = empty(campaign="dead-river", **{"left-behind": "rejoin"})
    zoey = state.figures["zoey"]
    zoey.wounds, zoey.items = 3, {"weapon": "axe"}
    zoey.space, zoey.closet = state.board.markers_of("hero-closet")[0].space, True
    room = state.board.zones["end"].spaces
    for n, name in enumerate(("bill", "francis", "louis")):
        state.figures[name].space = room[n]
    chapter.check_end(state)  # a survivor in a closet is not on the map: the others made it
    state.settle()
    assert zoey.space in state.board.zones["start"].spaces and not zoey.closet
    assert zoey.wounds == 3 and zoey.items == {"weapon": "axe"}


def test_t2_weapons_after_chapter_3() -> None:
    state = empty(campaign="dead-river", chapter=3)
    reach_safe_room(state)
    state.settle()
    frame = state.stack[-1]
    assert isinstance(frame, KitOut) and state.chapter == 4
    assert set(frame.weapons) <= set(state.data.items.sets["t2"]) and frame.weapons


def test_the_safe_room_before_the_finale_leads_into_the_finale_with_t2_weapons() -> None:
    state = empty(campaign="dead-river", chapter=4)
    reach_safe_room(state)
    state.settle()
    frame = state.stack[-1]
    assert state.outcome is None and state.chapter == 5 and state.finale is not None
    assert isinstance(frame, KitOut) and frame.kits == 4
    assert frame.weapons and set(frame.weapons) <= set(state.data.items.sets["t2"])


def test_a_single_map_game_ends_in_its_safe_room() -> None:
    state = empty()
    reach_safe_room(state)
    assert state.outcome is not None and state.chapter == 1


def test_a_later_chapter_saves_and_loads_on_its_own_map() -> None:
    state = empty(campaign="dead-river")
    reach_safe_room(state)
    state.settle()
    loaded = Left4DeadState.from_data(state.game, state.to_data())
    assert isinstance(loaded, Left4DeadState)
    assert loaded.chapter == 2 and loaded.board is state.board and loaded == state
    clone = state.clone()
    assert isinstance(clone, Left4DeadState) and clone.chapter == 2


def test_a_virtualscape_chapter_with_its_overlay_is_played(tmp_path: Path) -> None:
    hill(tmp_path)
    shutil.copy(CAMPAIGNS.parent / "maps" / "chapter-5.toml", tmp_path / "c5.toml")
    squads = "".join(f'[[marker]]\nkind = "horde-start"\nat = "{8 + k},2"\nsquad = {k}\n'
                     for k in range(1, 7))
    write(tmp_path / "hill-markers.toml", squads + '[[marker]]\nkind = "spawn"\nat = "20,0"\n'
          '[[marker]]\nkind = "hero-closet"\nat = "12,3"\norder = 1\n'
          '[[marker]]\nkind = "item-location"\nat = "6,1"\norder = 1\n')
    write(tmp_path / "mine.toml", '[campaign]\nname = "Hill"\n[[chapter]]\nmap = "hill.hsc"\n'
          'overlay = "hill-markers.toml"\n[[chapter]]\nmap = "c5.toml"\n')
    state = new(campaign=str(tmp_path / "mine.toml"))
    assert state.board.meta["name"] == "Hill" and state.decision is not None
    start = set(state.board.zones["start"].spaces)
    assert all(f.space in start for f in state.survivors())
    assert sum(f.side == "infected" for f in state.figures.values()) == 4 * 3  # normal: 4 squads
    reach_safe_room(state, ("bill",))  # on to chapter 2, the finale
    state.settle()
    assert state.outcome is None and state.chapter == 2 and state.finale is not None
    frame = state.stack[-1]  # "at the Finale Event ... 4 random T2 Weapons", after chapter 1
    assert isinstance(frame, KitOut) and set(frame.weapons) <= set(state.data.items.sets["t2"])


def test_a_played_campaign_crosses_into_chapter_2_and_saves_there() -> None:
    """The agents play chapter 1 to its safe room; the next chapter's states save, load and
    show each seat its view like any other (the conformance suite's chapters stop short)."""
    game = registry.load("left-4-dead", campaign="dead-river")
    players = {seat: agent_maker(spec, game.id)(n)
               for n, (seat, spec) in enumerate([("survivors", "heuristic"),
                                                 ("infected", "director")])}
    state = game.new(seed=derive_seed(1, 0))
    assert isinstance(state, Left4DeadState)
    while state.chapter == 1 and (decision := state.decision) is not None:
        state.apply(players[decision.seat].act(observe(state)))
    assert state.chapter == 2 and state.outcome is None
    assert any(e.cite == CHAPTERS for e in state.log)
    for _ in range(40):  # into chapter 2's first round
        decision = state.decision
        assert decision is not None
        state.apply(players[decision.seat].act(observe(state)))
    loaded = Left4DeadState.from_data(game, state.to_data())
    assert loaded == state and loaded.board is state.board
    assert state.view("infected")["chapter"] == 2 and state.round >= 1
