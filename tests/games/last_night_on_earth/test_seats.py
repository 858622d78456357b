"""Several hero players: the heroes dealt round them, each seeing and playing only its own
heroes' cards, their heroes' turns in seat order, and every other player holding a card asked
before the player whose hero a question is about."""

from __future__ import annotations

from deadtable import registry
from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from deadtable.games.last_night_on_earth.wounds import finish
from tests.games.last_night_on_earth.table import fight, give, push, script, table, zombie

TWO = {"hero-players": 2}


def test_seats_and_sides_for_one_to_four_hero_players():
    for players in (1, 2, 3, 4):
        game = registry.load("last-night-on-earth", **{"hero-players": players})
        heroes = ("heroes",) if players == 1 else tuple(f"heroes-{i}"
                                                       for i in range(1, players + 1))
        assert game.seats == (*heroes, "zombies")
        assert game.sides == {"heroes": heroes, "zombies": ("zombies",)}


def test_the_heroes_are_dealt_round_the_players(tmp_path):
    state = table(tmp_path, **{"hero-players": 3})  # Becky, Johnny, Sally, Jenny
    assert [state.seat_of(h) for h in state.heroes] == ["heroes-1", "heroes-2", "heroes-3",
                                                        "heroes-1"]


def test_the_players_take_their_heroes_turns_in_seat_order(tmp_path):
    state = table(tmp_path, **TWO)
    push(state, HeroTurn(step="choose"))
    assert state.decision.seat == "heroes-1"
    assert state.decision.ids == ["hero:Becky", "hero:Sally"]
    state.apply("hero:Sally")
    assert state.decision.seat == "heroes-1" and state.decision.prompt == "Sally's turn"


def test_another_player_may_play_a_card_in_a_heros_fight_first(tmp_path):
    state = table(tmp_path, **TWO)
    give(state, "Johnny", "Faith")  # heroes-2's hero
    z = zombie(state, "3,3")
    fight(state, "Becky", z)  # heroes-1's hero fights
    assert state.decision.seat == "heroes-2"
    assert state.decision.ids == ["faith:Johnny", "next"]
    state.apply("next")
    assert state.decision.seat == "heroes-1"
    assert "roll" in state.decision.ids and "faith:Johnny" not in state.decision.ids
    script(state, 1, 6, 5)
    state.apply("roll")
    assert state.passed == []


def test_a_players_view_shows_only_its_own_heroes_hands(tmp_path):
    state = table(tmp_path, **TWO)
    give(state, "Johnny", "Faith")
    give(state, "Becky", "Recovery")
    mine = {h["name"]: h.get("hand") for h in state.view("heroes-1")["heroes"]}
    assert mine["Becky"] == ["Recovery"] and mine["Johnny"] is None


def test_every_hero_player_wins_together(tmp_path):
    state = table(tmp_path, **TWO)
    finish(state, "heroes", "test", "test")
    assert state.outcome.results == {"heroes-1": "win", "heroes-2": "win", "zombies": "loss"}
