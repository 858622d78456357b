"""The view's last fight (lastfight.py): once a fight is over every seat sees the same entry,
who fought whom where, the dice, the highest compared, the result and why, and the cards
played in it; it goes when the next fight begins."""

from __future__ import annotations

from tests.games.last_night_on_earth.table import (
    again,
    at,
    fight,
    give,
    hero_turn,
    script,
    table,
    zombie,
    zombie_cards,
)


def test_the_entry_has_the_dice_the_cards_and_the_result_alike_for_every_seat(tmp_path):
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Father Joseph")
    give(state, "Becky", "Faith", "Faith", "Recovery")
    zombie_cards(state, "Uuuurrrggghh!", "Braaains!")
    z = zombie(state, "3,3")
    fight(state, "Father Joseph", z)
    state.apply("faith:Becky")
    state.apply("pass")  # the zombies answer Faith with nothing
    script(state, 4, 6, 6, 1)  # zombie 4; Father Joseph 6, 6, 1
    state.apply("roll")
    assert state.view("heroes")["last_fight"] is None  # under way: the fight panel shows it
    script(state, 6, 2)
    state.apply("play:Uuuurrrggghh!")  # zombie 4, 6, 2: a tie at 6
    state.apply("let-be")  # Father Joseph does not pray it away
    state.apply("done")  # no re-roll (asked: Becky holds a card)
    entry = state.view("heroes")["last_fight"]
    assert entry["hero"] == "Father Joseph" and entry["zombie"] == "Zombie 1"
    assert entry["space"] == "3,3"
    assert entry["hero_dice"] == [6, 6, 1] and entry["zombie_dice"] == [4, 6, 2]
    assert entry["highest"] == [6, 6]
    assert entry["result"] == "Zombie 1 wins the fight (6 against 6: ties go to the zombie)."
    assert entry["cards"] == ["Faith", "Uuuurrrggghh!"]
    assert "Uuuurrrggghh!: the zombie rolls [6, 2] more." in entry["events"]
    assert state.view("zombies")["last_fight"] == entry
    assert state.public_view()["last_fight"] == entry
    assert "Recovery" not in str(entry) and "Braaains!" not in str(entry)  # no hand shows


def test_a_kill_says_why_and_the_next_fight_replaces_the_entry(tmp_path):
    state = table(tmp_path)
    fight(state, "Becky", zombie(state, "3,3"))
    script(state, 2, 5, 5)
    state.apply("roll")
    first = state.view("zombies")["last_fight"]
    assert first["result"] == "Becky wins the fight (5 against 2) and kills Zombie 1 (doubles)."
    assert first["highest"] == [5, 2] and first["cards"] == []
    assert first["events"][0] == "Fight dice: Zombie 1 [2], Becky [5, 5]."
    again(state)
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    assert state.decision.ids == ["roll"]  # the next fight has begun: the entry is gone
    assert state.view("heroes")["last_fight"] is None
    assert state.view("heroes")["fight"]["zombie"] == "Zombie 2"
    script(state, 4, 3, 1)
    state.apply("roll")
    second = state.view("heroes")["last_fight"]
    assert second["zombie"] == "Zombie 2" and second["hero_dice"] == [3, 1]
    assert second["result"] == "Zombie 2 wins the fight (3 against 4)."
    assert second["events"][0] == "Becky fights Zombie 2."
    assert not any("Zombie 1" in line for line in second["events"])


def test_a_blitz_keeps_each_fight_to_its_own_lines(tmp_path):
    state = table(tmp_path)
    zombie(state, "4,3")
    zombie(state, "4,3")
    hero_turn(state, "Johnny")
    script(state, 3)
    state.apply("move")
    state.apply(f"step:{at(state, '4,3')}")  # Blitz: both fights are pushed at once
    script(state, 2, 5, 5)
    state.apply("roll")
    script(state, 6, 3, 1)
    state.apply("roll")
    entry = state.view("heroes")["last_fight"]
    assert entry["events"] == ["Fight dice: Zombie 2 [6], Johnny [3, 1].",
                               "Zombie 2 wins the fight (3 against 6)."]
