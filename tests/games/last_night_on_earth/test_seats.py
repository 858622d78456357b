"""Several hero players: the heroes dealt round them, each seeing and playing only its own
heroes' cards, their heroes' turns in seat order, and every other player holding a card asked
before the player whose hero a question is about."""

from __future__ import annotations

from deadtable import registry
from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from deadtable.games.last_night_on_earth.wounds import finish
from deadtable.games.last_night_on_earth.zseats import hand_of
from tests.games.last_night_on_earth.table import (
    fight,
    give,
    push,
    script,
    table,
    texts,
    zombie,
    zombie_turn,
)

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


ZZ = {"zombie-players": 2}


def test_two_zombie_players_draw_two_cards_each_and_see_only_their_own(tmp_path):
    state = table(tmp_path, **ZZ)
    assert state.game.sides["zombies"] == ("zombies-1", "zombies-2")
    zombie_turn(state, "draw")
    assert len(hand_of(state, "zombies-1")) == 2 and len(hand_of(state, "zombies-2")) == 2
    mine = state.view("zombies-2")["zombie_hand"]
    assert mine["cards"] == sorted(state.zhand2) and mine["other_count"] == 2
    assert "cards" not in state.view("heroes")["zombie_hand"]


def test_two_zombie_players_roll_a_die_each_for_the_spawn(tmp_path):
    from deadtable.games.last_night_on_earth.zombieturn import spawn_roll

    state = table(tmp_path, **ZZ)
    zombie(state, "7,3")
    script(state, 3, 4)
    assert spawn_roll(state) == 2
    assert "Spawn roll [3, 4] = 7" in texts(state, 1)[0]


def test_each_zombie_player_moves_its_own_zombies(tmp_path):
    state = table(tmp_path, **ZZ)
    one, two = zombie(state, "7,0"), zombie(state, "7,5")  # zombie-1 and zombie-2
    state.zhand2.append("Shamble")
    state.zombie_hand.cards.append("Shamble")
    state.zombie_deck.remove("Shamble")
    script(state, 1, 1)  # no spawn
    zombie_turn(state, "spawn")
    assert state.decision.seat == "zombies-1"
    assert not any(i.startswith("shamble:") for i in state.decision.ids)  # not its Shamble
    state.apply(f"stay:{one}")
    assert state.decision.seat == "zombies-2"
    assert f"shamble:{two}" in state.decision.ids


def test_the_other_zombie_player_may_play_a_fight_card_first(tmp_path):
    state = table(tmp_path, **ZZ)
    z = zombie(state, "3,3")  # zombie-1: zombies-1's
    state.zombie_deck.remove("Uuuurrrggghh!")
    state.zombie_hand.cards.append("Uuuurrrggghh!")
    state.zhand2.append("Uuuurrrggghh!")
    fight(state, "Becky", z)
    script(state, 4, 5, 1)
    state.apply("roll")
    assert state.decision.seat == "zombies-2"
    assert state.decision.ids == ["play:Uuuurrrggghh!", "next"]
    before = len(state.log)
    script(state, 6, 6)
    state.apply("play:Uuuurrrggghh!")  # zombies-2's card, out of zombies-2's hand
    played = [e.text for e in state.log[before:]]
    assert "The zombies play Uuuurrrggghh!." in played
    assert "Uuuurrrggghh!: the zombie rolls [6, 6] more." in played
    assert "zombies-2 draws 2 cards." in played  # its one card was the one played


def test_the_first_heros_player_chooses_who_fights_in_a_shared_square(tmp_path):
    state = table(tmp_path, **TWO)  # every hero in 3,3: Becky (heroes-1) first
    z = zombie(state, "3,3")
    zombie_turn(state, "fights")
    assert state.decision.seat == "heroes-1"
    state.apply(f"pair:{z}:Johnny")
    assert state.stack[-1].KIND == "fight" and state.stack[-1].hero == "Johnny"
    assert state.decision.seat == "heroes-2"  # his fight: his player (no other hand holds cards)


def test_the_player_who_played_a_card_makes_its_follow_up_choices(tmp_path):
    for card, step in (("This Can't Be Happening!", "on which hero"),
                       ("There's No Time, Leave It!", None)):
        state = table(tmp_path, **ZZ, decks="advanced")
        state.zombie_deck.remove(card)
        state.zombie_hand.cards.append(card)
        state.zhand2.append(card)
        if card.startswith("There's"):
            state.hero_discard.put_on_top("Pump Shotgun")
        zombie(state, "7,0")
        zombie_turn(state, "cards")
        assert state.decision.seat == "zombies-2"
        state.apply(f"play:{card}")
        if state.decision.seat == "heroes":  # the heroes' answer window passes
            state.apply("let-be")
        assert state.decision.seat == "zombies-2", (card, state.decision.prompt)
        if step:
            assert step in state.decision.prompt
