"""Psycho Raiders rules, each with its dice scripted (cases cited)."""

from __future__ import annotations

import random

import pytest

from deadtable.games.psycho_raiders import SPEC
from deadtable.games.psycho_raiders.setup import deal
from deadtable.games.psycho_raiders.state import PsychoRaidersState
from deadtable.games.psycho_raiders.turn import left
from tests.games.psycho_raiders.table import (
    new,
    park_everyone,
    put,
    quiet_hex,
    script,
    spud_beside_hidden_ginger,
    take_turn,
)


def test_17_deal_for_every_player_count() -> None:
    assert list(deal(2)) == ["raiders", "campers"]
    assert list(deal(4)) == ["spud-beau", "fluke-torch", "ginger-dawn", "randy-townsfolk"]
    assert len(deal(13)) == 13 and "townsfolk-6" in deal(13)
    sides = SPEC.bind(players=8)
    assert sides.side_of("townsfolk") == "campers" and sides.side_of("torch") == "raiders"


def test_17_2_sinister_roll_is_secret() -> None:
    # count 2: the first two ranked (Farmer, Gravedigger) roll 6 and 3
    state = new(sinister=(2, 6, 3))
    assert state.sinister["farmer"].value == "sinister"
    assert state.sinister["gravedigger"].value == "loyal"
    campers = state.view("campers")
    raiders = state.view("raiders")
    assert all(c["sinister"] is None for c in campers["characters"])
    farmer = next(c for c in raiders["characters"] if c["name"] == "Farmer")
    assert farmer["sinister"] is True
    assert not any("Farmer: 6" in e["text"] for e in campers["log"])
    assert any("Farmer: 6" in e["text"] for e in raiders["log"])


def test_17_2_count_of_six_is_capped_at_the_sheet() -> None:
    state = new(sinister=(6, 6, 6, 6, 6, 6))
    assert all(s.value == "sinister" for s in state.sinister.values())


def close_fight(attacker: str = "randy", defender: str = "beau") -> PsychoRaidersState:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, attacker, spot)
    put(state, defender, spot)
    take_turn(state, attacker)
    return state


def test_14_attack_damage_spread_by_the_loser() -> None:
    state = close_fight()
    # Randy (Tire Iron 2 + Str 5) rolls 6; Beau (Machete 3 + Str 6) rolls 1: a natural 1,
    # the Natural 1 Table says 5: nothing more.
    script(state, 6, 1, 5)
    state.apply("attack:beau")
    state.apply("weapon:Tire Iron")
    state.apply("weapon:Machete")
    state.apply("keep")  # Randy keeps his 6
    state.apply("keep")  # Beau keeps his 1
    state.apply("keep")  # and the Natural 1 Table's 5 (4.51: he could re-roll it)
    assert state.decision.seat == "raiders"  # Beau is behind (10 to 13): he adds Will first
    state.apply("will:0")
    state.apply("will:0")
    beau = state.chars["beau"]
    for _ in range(3):  # 13 - 10 = 3 damage, as Beau likes
        state.apply("lose:will")
    assert beau.stats == (5, 6, 1)
    assert any("Natural 1 Table: 5" in e.text for e in state.log)
    assert any(e.text == "Randy wins by 3: Beau takes 3 damage." for e in state.log)


def test_14_51_will_rerolls_and_14_61_will_adds() -> None:
    state = close_fight()
    script(state, 2, 4, 6)
    state.apply("attack:beau")
    state.apply("weapon:Tire Iron")
    state.apply("weapon:Machete")
    state.apply("reroll")  # 1 Will: the 2 becomes a 6
    state.apply("keep")
    randy = state.chars["randy"]
    assert randy.will == 3
    # 6 + 7 = 13 against 4 + 9 = 13: a tie; Randy (attacker) adds first, 2 Will
    state.apply("will:2")
    state.apply("will:0")
    state.apply("lose:speed")
    state.apply("lose:speed")
    assert state.chars["beau"].speed == 3 and randy.will == 1


def test_14_2_a_dodge_at_range_hurts_nobody() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "fluke", spot)
    target = next(n for n in state.board.neighbours[spot] if state.board.coords[n] is not None
                  and state.board.terrain[n] == "grassland")
    put(state, "ginger", target)
    take_turn(state, "ginger")
    state.apply("end")
    take_turn(state, "dawn")
    state.apply("end")
    take_turn(state, "randy")
    state.apply("end")
    take_turn(state, "fluke")
    script(state, 1, 6, 4)
    state.apply("attack:ginger")
    state.apply("weapon:Shotgun")  # 9 at one hex
    state.apply("weapon:personal")
    state.apply("keep")
    state.apply("keep")
    state.apply("keep")  # the Natural 1 Table's 4
    # Fluke 1 + 9 = 10, a natural 1 (table: 4, nothing); Ginger 6 + 3 = 9 ... Fluke wins by 1
    ginger = state.chars["ginger"]
    state.apply("will:0")
    state.apply("will:0")
    state.apply("lose:will")
    assert ginger.will == 4
    assert state.chars["fluke"].shots["Shotgun"] == 3


@pytest.mark.parametrize(("card", "dead"), [("Throat Slit", False), ("Decapitated", True)])
def test_14_8_kill_deck_and_14_81_the_missed_kill(card: str, dead: bool) -> None:
    state = close_fight()
    beau = state.chars["beau"]
    beau.set_stats((1, 0, 0))
    state.kill.cards = [card]
    script(state, 6, 2)
    state.apply("attack:beau")
    state.apply("weapon:Tire Iron")  # Blunt
    state.apply("weapon:Machete")
    state.apply("keep")
    state.apply("will:0")  # Beau, with no Will, could still add the raiders' Adrenaline
    state.apply("will:0")  # Randy
    state.apply("lose:speed")  # 13 against 5: his last point goes, and all are 0
    assert beau.dead is dead
    randy = state.chars["randy"]
    if dead:
        assert randy.will == 4 - 0 + 2  # 14.8: +2 Will for killing a raider
    else:
        assert beau.stats == (1, 0, 1)  # 14.81: back as before, +1 Will


def test_12_hide_tokens_are_secret_and_seeking_is_honest() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    take_turn(state, "ginger")
    name = state.board.name(spot)
    state.apply(f"hide:{name}:new")  # token 2 is Ginger
    ginger = state.chars["ginger"]
    assert ginger.hidden and sorted(ginger.tokens) == [1, 2]
    mine = next(c for c in state.view("campers")["characters"] if c["name"] == "Ginger")
    theirs = next(c for c in state.view("raiders")["characters"] if c["name"] == "Ginger")
    assert [t["real"] for t in mine["tokens"]] == [False, True]
    assert [t["real"] for t in theirs["tokens"]] == [None, None]
    assert not any("You are token" in e["text"] for e in state.view("raiders")["log"])
    # move token 1 away and let Spud seek it: not Ginger, removed; Ginger is revealed, since
    # only her real token is left
    next_hex = next(s for s, _c in __import__(
        "deadtable.games.psycho_raiders.movement", fromlist=["steps"]).steps(
            state, ginger, 1, 5, False))
    state.apply(f"move:1:{state.board.name(next_hex)}")
    put(state, "spud", next_hex)
    state.chars["spud"].tokens = {1: next_hex}
    state.apply("end")
    for key in ("dawn", "randy"):
        take_turn(state, key)
        state.apply("end")
    take_turn(state, "spud")
    state.apply("seek:ginger:1")
    assert 1 not in ginger.tokens and not ginger.hidden


@pytest.mark.parametrize("which", ["new", "keep"])
def test_12_13_a_token_placed_by_hiding_moves_on_with_the_characters_speed_left(
        which: str) -> None:
    """Dawn (Speed 6) walks 2, spends 1 Will and hides: the new token has 4 left, what her
    Speed left her (only one token moves with Will, 12.3: the token she walked keeps its 5),
    never a fresh 6: whichever token she chose to be, she goes no farther than her Speed and
    Will allow."""
    state = new()
    park_everyone(state)
    put(state, "dawn", "5,5")
    state.apply("turn:dawn")
    for _ in range(2):
        state.apply(next(i for i in state.decision.ids if i.startswith("move:1:")))
    state.apply("will:1")
    here = state.board.name(state.chars["dawn"].tokens[1])
    state.apply(f"hide:{here}:{which}")
    frame = state.stack[-1]
    dawn = state.chars["dawn"]
    assert {t: left(state, frame, dawn, t) for t in dawn.tokens} == {1: 5, 2: 4}


def test_12_3_hide_speed_whole_gives_a_placed_token_a_whole_speed() -> None:
    """The option `hide-speed=whole` (the other reading: a hide token is a new piece): the
    token placed after Dawn walked 2 has all her 6."""
    state = new(**{"hide-speed": "whole"})
    park_everyone(state)
    put(state, "dawn", "5,5")
    state.apply("turn:dawn")
    for _ in range(2):
        state.apply(next(i for i in state.decision.ids if i.startswith("move:1:")))
    state.apply(f"hide:{state.board.name(state.chars['dawn'].tokens[1])}:new")
    frame = state.stack[-1]
    dawn = state.chars["dawn"]
    assert {t: left(state, frame, dawn, t) for t in dawn.tokens} == {1: 4, 2: 6}


def test_12_2_no_hiding_in_sight_of_an_enemy_and_12_5_streetlights() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    near = next(n for n in state.board.neighbours[spot] if state.board.coords[n] is not None)
    put(state, "spud", near)
    take_turn(state, "ginger")
    assert not any(a.startswith("hide:") for a in state.decision.ids)
    light = state.board.markers_of("streetlight")[0].space
    put(state, "dawn", light)
    state.chars["spud"].tokens = {1: state.board.space("0,26")}
    assert not any(a.startswith("hide:") for a in _offers(state, "dawn"))


def _offers(state: PsychoRaidersState, key: str) -> list[str]:
    from deadtable.games.psycho_raiders import hiding

    return [a.id for a in hiding.offers(state, state.chars[key])]


def test_6_1_a_hidden_camper_leaving_north_wins() -> None:
    state = new()
    park_everyone(state)
    edge = state.board.space("15,0")
    put(state, "dawn", edge)
    take_turn(state, "dawn")
    state.apply("hide:15,0:keep")  # token 1 stays Dawn
    state.apply("move:2:off")  # the decoy leaves: only Dawn's own token is left
    assert not state.chars["dawn"].hidden and state.outcome is None
    state.apply("end")
    state2 = new()
    park_everyone(state2)
    put(state2, "dawn", edge)
    take_turn(state2, "dawn")
    state2.apply("hide:15,0:keep")
    state2.apply("move:1:off")
    assert state2.outcome is not None and state2.outcome.results["campers"] == "win"


def test_8_1_scream_alerts_the_nearest_townsperson() -> None:
    state = new()
    park_everyone(state)
    graves = state.board.zone("G").spaces[0]
    near = next(n for n in state.board.neighbours[graves] if state.board.coords[n] is not None)
    put(state, "randy", state.board.neighbours[near][0])
    take_turn(state, "randy")
    script(state, 4)
    state.apply("scream")
    state.apply("keep")  # 4.51: 1 Will could roll again
    assert state.chars["gravedigger"].alerted
    assert any(e.text == "Gravedigger is alerted and joins the game." for e in state.log)
    assert "scream" not in state.decision.ids  # once a turn


def test_8_1_in_rain_the_scream_line_says_the_die_and_the_change() -> None:
    """Rain's -2 to Scream rolls (D66 44-46): the line gives the die, the change, the total."""
    state = new()
    park_everyone(state)
    state.weather = "Rain"
    state.apply("turn:randy")
    script(state, 4)
    state.apply("scream")
    state.apply("keep")
    line = next(e.text for e in reversed(state.log) if "screams!" in e.text)
    assert "Scream Table: 4 -2 for Rain = 2: " in line


def test_11_1_locked_door_roll() -> None:
    state = new()
    park_everyone(state)
    (a, b), _f = next(((e, f) for e, f in state.board.features.items() if f == "window"))
    outside = a if state.board.coords[a] is not None else b
    inside = b if outside == a else a
    put(state, "randy", outside)
    take_turn(state, "randy")
    room = state.board.name(inside)
    assert f"move:1:{room}" not in state.decision.ids
    script(state, 1, 3)  # 1 holds; Randy spends 1 Will: 3, a window gives (a door would hold)
    state.apply(f"open:{room}")
    assert state.chars["randy"].will == 4
    state.apply("reroll")
    assert state.chars["randy"].will == 3
    assert f"move:1:{room}" in state.decision.ids


def test_random_games_keep_every_secret() -> None:
    """On every step: no other seat's view shows which token is real or who is sinister."""
    for players, seed in ((2, 3), (5, 4)):
        game = SPEC.bind(players=players, **{"max-turns": 6})
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while state.outcome is None:
            for seat in game.seats:
                seen = state.view(seat)
                for char in seen["characters"]:
                    owner = state.chars[char["name"].lower()].seat
                    if char["hidden"] and owner != seat:
                        assert all(t["real"] is None for t in char["tokens"])
                    secret = state.sinister.get(char["name"].lower())
                    if secret is not None and not secret.revealed and seat not in secret.owners:
                        assert char["sinister"] is None
            for event in state.log:  # the real token is told to its player alone
                if event.text.startswith("You are token"):
                    assert event.seats is not None and len(event.seats) == 1
            public = state.public_view()
            assert not any("You are token" in e["text"] or "Sinister Roll:" in e["text"]
                           for e in public["log"])
            state.apply(rng.choice(state.decision.ids))


def test_at_the_end_the_sheets_are_shown_to_every_seat() -> None:
    """Once the game is over nothing is left to keep: every seat's view tells which token each
    hidden character was and who was sinister, and the log says it in one line."""
    game = SPEC.bind(players=2, **{"max-turns": 6})
    state = game.new(seed=3)
    rng = random.Random(3)
    while state.outcome is None:
        state.apply(rng.choice(state.decision.ids))
    line = state.log[-1].text
    assert line.startswith("The sheets are shown: ") and line.endswith("sinister.")
    assert any(c.hidden for c in state.chars.values())  # this game ends with secrets to show
    for seat in game.seats:
        for char in state.view(seat)["characters"]:
            key = char["name"].lower()
            assert all(t["real"] is not None for t in char["tokens"])
            if key in state.sinister:
                assert char["sinister"] == state.is_sinister(state.chars[key])
            if char["hidden"]:
                real = next(t["token"] for t in char["tokens"] if t["real"])
                assert f"{char['name']} was token {real}" in line


def test_15_5_a_wall_attacked_to_zero_is_an_open_door() -> None:
    state = new()
    park_everyone(state)
    (a, b), _f = next((e, f) for e, f in state.board.features.items()
                      if f == "wall" and state.board.edge(*e).get("strength") == 3)
    outside = a if state.board.coords[a] is not None else b
    inside = b if outside == a else a
    put(state, "randy", outside)
    take_turn(state, "randy")
    room = state.board.name(inside)
    # Randy 6 + Tire Iron 2 + Strength 5 = 13 against the barn's 1 + 3 = 4: 9 > 3
    script(state, 6, 1)
    state.apply(f"wall:{room}=Tire Iron")
    state.apply("keep")  # Randy's 6 (the wall's 1 is nobody's natural 1)
    state.apply("will:0")  # Randy, ahead, adds after the wall (which has no Will)
    assert f"move:1:{room}" in state.decision.ids
    assert any("demolished" in e.text and e.cite == "15.5 Attacking Locations"
               for e in state.log)


def test_14_9_flank_attack_adds_the_friend_and_splits_the_damage() -> None:
    state = new(**{"flank-odd": "higher-total"})
    park_everyone(state)
    spot = quiet_hex(state)
    for key in ("ginger", "dawn", "spud"):
        put(state, key, spot)
    take_turn(state, "ginger")
    # Ginger (Fists 3) with Dawn (Fists 3): 1 + 6 = 7; Spud (Spiked Chain 3 + 7) 6 + 10 = 16
    script(state, 1, 6, 5)  # Ginger's natural 1: the Natural 1 Table's 5, nothing
    state.apply("flank:spud:dawn")
    state.apply("weapon:Fists")
    state.apply("weapon:Spiked Chain")
    state.apply("keep")
    state.apply("keep")
    state.apply("keep")  # the Natural 1 Table's 5
    state.apply("will:0")
    state.apply("will:0")
    # 9 damage split 4 and 5: the odd point to the one with more stats (Ginger 13, Dawn 13:
    # a tie leaves it with Ginger, whom Spud fought)
    taken = {}
    while state.decision is not None and state.decision.ids[0].startswith("lose:"):
        who = state.decision.prompt.split(":")[0]
        taken[who] = taken.get(who, 0) + 1
        state.apply(state.decision.ids[0])
    assert taken == {"Dawn": 4, "Ginger": 5}
    assert any(e.text == "Spud wins by 9: Ginger and Dawn take 9 damage." for e in state.log)
    assert any(e.cite == "14.9 Flank Attacking and Defending" for e in state.log)


def test_14_91_two_against_two_are_two_fights() -> None:
    state = new()
    park_everyone(state)
    spot = quiet_hex(state)
    for key in ("ginger", "dawn", "spud", "beau"):
        put(state, key, spot)
    take_turn(state, "ginger")
    state.apply("flank:spud:dawn")
    assert any(e.cite == "14.91 Fight 2 on 2" for e in state.log)
    attacks = [f for f in state.stack if f.KIND == "attack"]
    assert [(f.attacker, f.defender) for f in attacks] == [("dawn", "beau"), ("ginger", "spud")]


def test_10_6_a_seeker_walks_onto_a_hide_token_but_not_after_its_action() -> None:
    state, spot = spud_beside_hidden_ginger()
    assert f"move:1:{state.board.name(spot)}" in state.decision.ids
    state.apply(f"move:1:{state.board.name(spot)}")
    assert "seek:ginger:2" in state.decision.ids
    state.apply("seek:ginger:2")  # token 2 is Ginger: found, and Spud attacks her
    assert not state.chars["ginger"].hidden and state.stack[-1].KIND == "attack"


def test_11_41_and_17_21_a_desecrated_chapel_reveals_the_gravedigger_who_acts_at_once() -> None:
    state = new(sinister=(2, 1, 6))  # the Gravedigger is sinister
    park_everyone(state)
    chapel = state.board.space("Chapel")
    put(state, "ginger", chapel)
    state.chars["ginger"].will = 1
    gravedigger = state.chars["gravedigger"]
    gravedigger.alerted, gravedigger.alerted_round, gravedigger.seat = True, 0, "campers"
    take_turn(state, "ginger")
    state.apply("composure")
    assert state.chars["ginger"].will == 1  # no refuge here
    assert "gravedigger" in state.revealed_sinister
    decision = state.decision
    assert decision is not None and decision.seat == "raiders"
    assert decision.prompt.startswith("Gravedigger")
    state.apply("end")
    assert state.decision.prompt.startswith("Ginger")  # back to Ginger's turn


def test_a_decoy_exposed_on_an_enemy_space_forces_no_attack() -> None:
    """A decoy moved into a streetlight's light beside an enemy is removed; the character,
    revealed elsewhere, has not stepped onto anyone."""
    state = new()
    park_everyone(state)
    light = state.board.markers_of("streetlight")[0].space
    lit_hex = next(n for n in state.board.neighbours[light] if state.board.coords[n] is not None
                   and state.board.terrain[n] in ("grassland", "road"))
    spot = quiet_hex(state)
    put(state, "ginger", spot)
    take_turn(state, "ginger")
    state.apply(f"hide:{state.board.name(spot)}:keep")  # token 1 is Ginger, 2 a decoy
    put(state, "spud", lit_hex)
    state.chars["ginger"].tokens[2] = next(n for n in state.board.neighbours[lit_hex]
                                           if state.board.coords[n] is not None
                                           and n != light and state.board.terrain[n] != "building")
    state.stack[-1].acted = False  # type: ignore[attr-defined]  # as if it hid last turn
    state._decision = None
    state.apply(f"move:2:{state.board.name(lit_hex)}")
    ginger = state.chars["ginger"]
    assert not ginger.hidden and 2 not in ginger.tokens
    assert not state.stack[-1].attack_due  # type: ignore[attr-defined]


def _gravedigger_alerted(sinister: tuple[int, ...]) -> PsychoRaidersState:
    state = new(sinister=sinister)
    park_everyone(state)
    gravedigger = state.chars["gravedigger"]
    gravedigger.alerted, gravedigger.alerted_round, gravedigger.seat = True, 0, "campers"
    state._decision = None
    return state


def test_17_21_the_raiders_reveal_at_will_in_the_campers_turn_and_he_acts_at_once() -> None:
    state = _gravedigger_alerted((2, 1, 6))  # the Gravedigger is sinister
    assert state.decision.seat == "raiders"
    assert state.decision.ids == ["reveal:gravedigger", "no-reveal"]
    state.apply("reveal:gravedigger")
    assert "gravedigger" in state.revealed_sinister
    assert state.decision.seat == "raiders"
    assert state.decision.prompt.startswith("Gravedigger")  # 17.21: one turn, now
    state.apply("end")
    assert state.decision.prompt == "Which of your characters takes its turn?"
    take_turn(state, "randy")
    state.apply("end")
    assert state.decision.seat == "campers"  # nobody left to reveal: no more asking


def test_17_21_the_raiders_are_asked_whether_or_not_anyone_is_sinister() -> None:
    state = _gravedigger_alerted((1, 1))  # nobody is sinister
    assert state.decision.seat == "raiders" and state.decision.ids == ["no-reveal"]
    state.apply("no-reveal")
    assert state.decision.seat == "campers"
    take_turn(state, "randy")
    state.apply("end")
    assert state.decision.ids == ["no-reveal"]  # before each campers' turn


def test_stopping_on_an_enemy_forces_an_attack_or_allows_a_grab_by_option() -> None:
    """10.3 and 14: a character that steps onto an enemy must attack; `stop-on-enemy=
    attack-or-grab` reads a grab (13.1) as the other way to engage it."""
    for option, offered in (("attack", ["attack:ginger"]),
                            ("attack-or-grab", ["attack:ginger", "grab:ginger"])):
        state = new(**{"stop-on-enemy": option})
        park_everyone(state)
        spot = quiet_hex(state)
        beside = next(n for n in state.board.neighbours[spot]
                      if state.board.coords[n] is not None
                      and state.board.terrain[n] in ("grassland", "road"))
        put(state, "ginger", spot)
        put(state, "spud", beside)
        for key in ("randy", "ginger", "dawn"):
            take_turn(state, key)
            state.apply("end")
        take_turn(state, "spud")
        state.apply(f"move:1:{state.board.name(spot)}")
        assert state.decision is not None and state.decision.ids == offered
        if option == "attack-or-grab":
            script(state, 6, 1)  # Spud's D6, then Ginger's (13.1): 6 + 7 against 1 + 3
            state.apply("grab:ginger")
            while state.decision is not None and "re-roll" in state.decision.prompt:
                state.apply("keep")  # neither re-rolls (4.51)
            assert state.chars["ginger"].grabbed_by == "spud"
