"""The view's last fight (lastfight.py): once a fight is over every seat sees the same entry,
who fought whom where, the dice, the highest compared, the result and why, and the cards
played in it; it stays while the next fight is under way and is replaced when that one ends."""

from __future__ import annotations

from deadtable.games.last_night_on_earth.state import LastNightState
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
    # the card the heroes answer is readable on the page; the zombies' hand is not
    assert "Uuuurrrggghh!" in state.view("heroes")["cards"]
    assert "Braaains!" not in state.view("heroes")["cards"]
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
    texts = state.public_view()["cards"]  # the last fight's cards can be read by everyone
    assert texts["Uuuurrrggghh!"].startswith("Fight:") and "Faith" in texts
    assert "Braaains!" not in texts and "Recovery" not in texts


def next_fight(tmp_path) -> tuple[LastNightState, dict]:
    """Becky kills Zombie 1, then her fight with Zombie 2 begins: (the state, the first
    fight's entry as the zombies see it)."""
    state = table(tmp_path)
    fight(state, "Becky", zombie(state, "3,3"))
    script(state, 2, 5, 5)
    state.apply("roll")
    first = state.view("zombies")["last_fight"]
    again(state)
    zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")
    return state, first


def test_a_kill_says_why_and_the_next_fight_replaces_the_entry_when_it_ends(tmp_path):
    state, first = next_fight(tmp_path)
    assert first["result"] == "Becky wins the fight (5 against 2) and kills Zombie 1 (doubles)."
    assert first["highest"] == [5, 2] and first["cards"] == []
    assert first["events"][0] == "Fight dice: Zombie 1 [2], Becky [5, 5]."
    assert state.decision.ids == ["roll"]  # the next fight has begun: the entry stays
    assert state.view("heroes")["last_fight"] == first
    assert state.view("heroes")["fight"]["zombie"] == "Zombie 2"
    assert state.view("heroes")["fight"]["space"] == "3,3"
    script(state, 4, 3, 1)
    state.apply("roll")
    second = state.view("heroes")["last_fight"]
    assert second["zombie"] == "Zombie 2" and second["hero_dice"] == [3, 1]
    assert second["result"] == "Zombie 2 wins the fight (3 against 4)."
    assert second["events"][0] == "Becky fights Zombie 2."
    assert not any("Zombie 1" in line for line in second["events"])


def blitz(state):
    """Johnny steps into two zombies at 4,3 with moves left: Blitz fights them in turn."""
    zombie(state, "4,3")
    zombie(state, "4,3")
    hero_turn(state, "Johnny")
    script(state, 3)
    state.apply("move")
    state.apply(f"step:{at(state, '4,3')}")


def test_a_blitz_keeps_each_fight_to_its_own_lines(tmp_path):
    state = table(tmp_path)
    blitz(state)
    script(state, 2, 5, 4)
    state.apply("roll")  # Johnny fends Zombie 1 off; his fight with Zombie 2 begins
    assert state.view("heroes")["last_fight"]["zombie"] == "Zombie 1"  # till Zombie 2's ends
    assert state.view("heroes")["fight"]["zombie"] == "Zombie 2"
    script(state, 6, 3, 1)
    state.apply("roll")
    entry = state.view("heroes")["last_fight"]
    assert entry["events"] == ["Johnny fights Zombie 2.",
                               "Fight dice: Zombie 2 [6], Johnny [3, 1].",
                               "Zombie 2 wins the fight (3 against 6)."]


def test_each_blitz_fight_opens_with_its_line_citing_the_blitz(tmp_path):
    state = table(tmp_path)
    blitz(state)
    opening = [(e.text, e.cite) for e in state.log if " fights Zombie " in e.text]
    assert opening == [("Johnny fights Zombie 1.", "Hero sheet: Johnny, Blitz")]
    assert state.view("heroes")["fight"]["zombie"] == "Zombie 1"
    script(state, 2, 5, 4)
    state.apply("roll")  # the second fight opens only now, after the first one's result
    lines = [e.text for e in state.log]
    assert lines.index("Johnny fights Zombie 2.") > lines.index(
        "Johnny wins the fight (5 against 2) and fends Zombie 1 off (no doubles to kill it).")
    assert state.log[-1].cite == "Hero sheet: Johnny, Blitz"


def prayed_to_death(tmp_path, *dead):
    """Father Joseph, I Feel Kinda Strange on him, fights and prays Uuuurrrggghh! away: the
    prayer's wound turns him into a Zombie Hero before the fight's result."""
    state = table(tmp_path, heroes="Becky,Johnny,Sally,Father Joseph")
    for hero in dead:
        state.heroes[hero].dead = True
    state.in_play.append("I Feel Kinda Strange (Father Joseph)")
    zombie_cards(state, "Uuuurrrggghh!")
    fight(state, "Father Joseph", zombie(state, "3,3"))
    script(state, 4, 5, 1)
    state.apply("roll")
    state.apply("play:Uuuurrrggghh!")
    script(state, 5)
    state.apply("pray")  # he turns; his roll of 5 cancels the card, but he is dead
    return state


def test_a_hero_killed_in_the_fight_ends_it_with_an_entry_that_says_so(tmp_path):
    state = prayed_to_death(tmp_path)
    ended = "Father Joseph's fight with Zombie 1 ends without a result: Father Joseph is dead."
    entry = state.view("heroes")["last_fight"]
    assert entry["result"] == ended and entry["events"][-1] == ended  # the log says it too
    assert entry["hero_dice"] == [5, 1] and entry["zombie_dice"] == [4]
    assert entry["cards"] == ["Uuuurrrggghh!", "I Feel Kinda Strange"]
    assert "Father Joseph takes a wound and turns into a Zombie Hero." in entry["events"]
    assert state.view("zombies")["last_fight"] == entry and state.outcome is None


def test_the_game_ending_in_a_fight_ends_the_fight_too(tmp_path):
    state = prayed_to_death(tmp_path, "Becky", "Johnny", "Sally")
    assert state.outcome is not None
    view = state.view("heroes")
    assert view["fight"] is None  # over: nothing is under way
    assert view["last_fight"]["result"] == ("Father Joseph's fight with Zombie 1 ends without "
                                            "a result: Father Joseph is dead.")
    lines = [e.text for e in state.log]
    ended = lines.index(view["last_fight"]["result"])
    assert lines[ended + 1].startswith("Game over:")


def test_a_zombie_gone_from_the_fight_ends_it(tmp_path):
    # No base card takes a zombie out of a fight; whatever does, the fight ends and says so.
    state = table(tmp_path)
    z = zombie(state, "3,3")
    give(state, "Sally", "Faith")
    fight(state, "Becky", z)
    state.apply("faith:Sally")
    del state.zombies[z]
    state.apply("roll")
    entry = state.view("heroes")["last_fight"]
    assert entry["result"] == "Becky's fight with Zombie 1 ends without a result: Zombie 1 is gone."
    assert entry["hero_dice"] == [] and entry["highest"] is None


def test_a_blitz_fight_that_never_began_keeps_the_last_entry(tmp_path):
    state = table(tmp_path)
    state.heroes["Johnny"].wounds = state.hero("Johnny").wounds - 1
    blitz(state)
    script(state, 6, 3, 1)
    state.apply("roll")  # Zombie 1 wins; Johnny's last wound kills him: no fight with Zombie 2
    assert state.heroes["Johnny"].dead
    entry = state.view("heroes")["last_fight"]
    assert entry["zombie"] == "Zombie 1" and entry["result"].startswith("Zombie 1 wins")
    assert entry["events"][0] == "Johnny fights Zombie 1."
    assert not any("Zombie 2" in line for line in entry["events"])


def saved_before_the_entry(state: LastNightState) -> LastNightState:
    """The state saved as the build before the last fight's entry saved it, and loaded."""
    data = state.to_data()
    for key in ("last_fight", "fight_log_end"):
        del data["state"][key]
    for frame in data["state"]["stack"]:
        frame.pop("log_from", None)
        frame.pop("begun", None)
    return LastNightState.from_data(state.game, data)


def test_a_save_from_before_the_entry_bounds_the_fight_to_its_own_lines(tmp_path):
    state = table(tmp_path)
    z = zombie(state, "3,3")
    hero_turn(state, "Becky", step="fight")  # "Becky fights Zombie 1." opens the fight
    old = saved_before_the_entry(state)
    script(old, 2, 5, 5)
    old.apply("roll")
    entry = old.view("heroes")["last_fight"]
    assert entry["events"][0] == "Becky fights Zombie 1." and z not in old.zombies
    assert entry["events"][-1] == "Zombie 1 is killed (1 killed)."
    assert not any("Scenario:" in line for line in entry["events"])  # not the whole log


def test_a_save_without_the_fights_first_line_gives_the_lines_since_the_load(tmp_path):
    state = table(tmp_path)
    fight(state, "Becky", zombie(state, "3,3"))  # pushed as is: no opening line
    old = saved_before_the_entry(state)
    script(old, 4, 3, 1)
    old.apply("roll")
    entry = old.view("heroes")["last_fight"]
    assert entry["events"] == ["Fight dice: Zombie 1 [4], Becky [3, 1].",
                               "Zombie 1 wins the fight (3 against 4)."]


def test_a_save_from_before_blitz_fights_had_their_own_line(tmp_path):
    """The build before pushed both Blitz fights at once and logged neither's first line: the
    second fight's lines start after the first one's result."""
    state = table(tmp_path)
    blitz(state)
    script(state, 2, 5, 4)
    state.apply("roll")
    data = state.to_data()
    data["log"] = [e for e in data["log"] if e["cite"] != "Hero sheet: Johnny, Blitz"
                   or "blitzes" in e["text"]]
    for key in ("last_fight", "fight_log_end"):
        del data["state"][key]
    for frame in data["state"]["stack"]:
        frame.pop("log_from", None)
        frame.pop("begun", None)
    old = LastNightState.from_data(state.game, data)
    assert not any(" fights Zombie " in e.text for e in old.log)
    script(old, 6, 3, 1)
    old.apply("roll")
    assert old.view("heroes")["last_fight"]["events"] == [
        "Fight dice: Zombie 2 [6], Johnny [3, 1].", "Zombie 2 wins the fight (3 against 6)."]


def test_a_save_in_a_blitzs_second_fight_leaves_the_first_out(tmp_path):
    state = table(tmp_path)
    blitz(state)
    script(state, 2, 5, 4)
    state.apply("roll")  # Johnny fends Zombie 1 off
    old = saved_before_the_entry(state)
    script(old, 6, 3, 1)
    old.apply("roll")
    assert old.view("heroes")["last_fight"]["events"] == [
        "Johnny fights Zombie 2.", "Fight dice: Zombie 2 [6], Johnny [3, 1].",
        "Zombie 2 wins the fight (3 against 6)."]
