"""The Advanced Zombie cards Locked Door, Unnecessary Self Sacrifice, Rotten Bodies,
Overconfidence and My God, He's a Zombie (decks=advanced): each effect and designed reading
with the dice scripted, and the agents' use of them."""

from __future__ import annotations

import io

from rich.console import Console

from deadtable.agents import make_agent
from deadtable.agents.base import observe
from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import zombie_hero_id
from deadtable.render import render_view
from tests.games.last_night_on_earth import table as t

LOCKED = "Locked Door"
ESCAPE = "Escape Through the Window"
SACRIFICE = "Unnecessary Self Sacrifice"
ROTTEN = "Rotten Bodies"
OVER = "Overconfidence"


def cite_of(state: LastNightState, text: str) -> str:
    return next(e.cite for e in state.log if e.text == text)


def choice(state: LastNightState, agent: str) -> str:
    return make_agent(agent, seed=1, game=state.game.id).act(observe(state))


# -- Rotten Bodies -----------------------------------------------------------------------------
def rotten_played(tmp_path, roll: int) -> tuple[LastNightState, list[str]]:
    state = t.table(tmp_path, decks="advanced")
    zombies = [t.zombie(state, "5,3"), t.zombie(state, "6,3"), t.zombie(state, "7,3")]
    t.zombie_cards(state, ROTTEN, "Cornered")  # a card left: the card step asks again after
    t.zombie_turn(state, "cards")
    t.script(state, roll)
    state.apply(f"play:{ROTTEN}")
    return state, zombies


def test_rotten_bodies_removes_d6_zombies_of_the_zombies_choice_without_a_kill(tmp_path):
    state, (a, b, c) = rotten_played(tmp_path, 2)
    assert sorted(state.decision.ids) == sorted(f"remove:{z}" for z in (a, b, c))
    pool = state.pool()
    state.apply(f"remove:{b}")
    state.apply(f"remove:{a}")
    assert list(state.zombies) == [c]
    assert state.pool() == pool + 2 and state.kills == 0
    assert ROTTEN in state.in_play and ROTTEN not in state.zombie_discard
    assert state.decision.prompt == "Zombie turn: play a card?"  # back to the card step


def test_rotten_bodies_removes_no_more_zombies_than_there_are(tmp_path):
    state, _ = rotten_played(tmp_path, 6)
    for _ in range(3):
        state.apply(state.decision.ids[0])
    assert not state.zombies and state.decision.prompt == "Zombie turn: play a card?"


def test_rotten_bodies_leaves_zombie_heroes_on_the_board(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    state.zombies[zombie_hero_id("Becky")] = t.at(state, "5,3")
    t.zombie_cards(state, ROTTEN)
    t.zombie_turn(state, "cards")
    assert f"play:{ROTTEN}" not in state.decision.ids  # no zombie miniature to remove
    plain = t.zombie(state, "6,3")
    t.zombie_turn(state, "cards")
    t.script(state, 6)
    state.apply(f"play:{ROTTEN}")
    assert state.decision.ids == [f"remove:{plain}"]


def test_no_zombie_can_be_killed_while_rotten_bodies_is_in_force(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    z = t.zombie(state, "3,3")
    state.in_play.append(ROTTEN)
    t.fight(state, "Becky", z)
    t.script(state, 2, 5, 5)  # zombie 2; Becky 5, 5: a won fight with doubles
    state.apply("roll")
    assert z in state.zombies and state.kills == 0
    assert cite_of(state, "Zombie 1 cannot be killed (Rotten Bodies).") == f"Zombie card: {ROTTEN}"


def test_rotten_bodies_stops_a_shot_killing(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.give(state, "Becky", "Revolver")
    z = t.zombie(state, "3,4")
    state.in_play.append(ROTTEN)
    t.hero_turn(state, "Becky")
    t.script(state, 6)
    state.apply(f"shoot:Revolver:{z}")
    assert z in state.zombies and state.kills == 0


def test_rotten_bodies_wears_off_when_the_next_zombie_turn_begins(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    state.in_play.append(ROTTEN)
    t.zombie_turn(state, "sun")
    assert ROTTEN not in state.in_play and ROTTEN in state.zombie_discard


def test_at_last_cancels_rotten_bodies(tmp_path):
    """It remains in play until the next Zombie turn."""
    state = t.table(tmp_path, decks="advanced")
    t.give(state, "Becky", "At Last…")
    state.in_play.append(ROTTEN)
    t.push(state, HeroTurn())
    state.apply(f"at-last:Becky:{ROTTEN}")
    assert not state.in_play and ROTTEN in state.zombie_discard


def test_the_zombie_agent_plays_rotten_bodies_when_zombies_are_at_the_heroes(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    far = t.zombie(state, "7,0")
    t.zombie(state, "3,4")  # beside the heroes in 3,3
    t.zombie_cards(state, ROTTEN)
    t.zombie_turn(state, "cards")
    assert choice(state, "zombie") == f"play:{ROTTEN}"
    t.script(state, 1)
    state.apply(f"play:{ROTTEN}")
    assert choice(state, "zombie") == f"remove:{far}"


def test_the_zombie_agent_keeps_rotten_bodies_while_no_zombie_is_near(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.zombie(state, "7,0")
    t.zombie_cards(state, ROTTEN)
    t.zombie_turn(state, "cards")
    assert choice(state, "zombie") == "done"


# -- Overconfidence ----------------------------------------------------------------------------
def test_overconfidence_is_played_on_a_hero_and_remains_in_play(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.zombie_cards(state, OVER)
    t.zombie_turn(state, "cards")
    state.apply(f"play:{OVER}")
    assert sorted(state.decision.ids) == ["hero:Becky", "hero:Jenny", "hero:Johnny",
                                          "hero:Sally"]
    state.apply("hero:Sally")
    assert "Overconfidence (Sally)" in state.in_play
    assert f"play:{OVER}" not in state.decision.ids  # its one copy is on Sally


def test_an_overconfident_hero_may_not_leave_a_zombies_space(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    state.in_play.append("Overconfidence (Sally)")
    t.hero_turn(state, "Sally")
    assert "move" in state.decision.ids  # no zombie here: she moves as usual
    t.zombie(state, "3,3")
    t.hero_turn(state, "Sally")
    assert "move" not in state.decision.ids and "end" in state.decision.ids
    t.hero_turn(state, "Becky")
    assert "move" in state.decision.ids  # the card is on Sally only


def overconfident_fight(tmp_path, roll: int) -> LastNightState:
    state = t.table(tmp_path, decks="advanced")
    state.in_play.append("Overconfidence (Sally)")
    z = t.zombie(state, "3,3")
    t.fight(state, "Sally", z)
    t.script(state, 6, 1, 2, roll)  # zombie 6, Sally 1 and 2: she loses; then the card's D6
    state.apply("roll")
    return state


def test_overconfidence_ends_on_4_after_a_lost_fight(tmp_path):
    state = overconfident_fight(tmp_path, 4)
    assert "Overconfidence (Sally)" not in state.in_play and OVER in state.zombie_discard
    assert state.heroes["Sally"].wounds == 1
    assert "Sally lost a fight and rolls 4: Overconfidence ends." in t.texts(state)


def test_overconfidence_remains_on_3_after_a_lost_fight(tmp_path):
    state = overconfident_fight(tmp_path, 3)
    assert "Overconfidence (Sally)" in state.in_play


def test_overconfidence_is_discarded_when_its_hero_dies(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    state.in_play.append("Overconfidence (Sally)")
    state.heroes["Sally"].wounds = 1  # of 2
    z = t.zombie(state, "3,3")
    t.fight(state, "Sally", z)
    t.script(state, 6, 1, 2, 1)
    state.apply("roll")
    assert state.heroes["Sally"].dead and not state.in_play and OVER in state.zombie_discard


def test_at_last_cancels_overconfidence(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.give(state, "Becky", "At Last…")
    state.in_play.append("Overconfidence (Sally)")
    t.push(state, HeroTurn())
    state.apply("at-last:Becky:Overconfidence (Sally)")
    assert not state.in_play and OVER in state.zombie_discard


def test_the_zombie_agent_plays_overconfidence_on_the_hero_nearest_a_zombie(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.put(state, "Jenny", "6,4")
    t.zombie(state, "7,4")
    t.zombie_cards(state, OVER)
    t.zombie_turn(state, "cards")
    assert choice(state, "zombie") == f"play:{OVER}"
    state.apply(f"play:{OVER}")
    assert choice(state, "zombie") == "hero:Jenny"


# -- Unnecessary Self Sacrifice ----------------------------------------------------------------
def sacrifice_fight(tmp_path, *rolls: int, items: tuple[str, ...] = ()
                    ) -> tuple[LastNightState, str]:
    """Becky fights a zombie in 3,3 where Sally stands too; the Zombie hand holds the card."""
    state = t.table(tmp_path, decks="advanced")
    t.give(state, "Becky", *items)
    t.put(state, "Johnny", "0,4")
    t.put(state, "Jenny", "0,4")
    z = t.zombie(state, "3,3")
    t.zombie_cards(state, SACRIFICE)
    t.fight(state, "Becky", z)
    t.script(state, *rolls)
    return state, z


def test_unnecessary_self_sacrifice_skips_the_fight_and_the_heroes_choose_the_wound(tmp_path):
    state, z = sacrifice_fight(tmp_path, 1, 5, 6, 4, items=("Baseball Bat",))  # Becky wins
    state.apply("use:Baseball Bat")
    state.apply("roll")
    state.apply(f"play:{SACRIFICE}")
    assert state.fight_card_played
    assert sorted(state.decision.ids) == ["hero:Becky", "hero:Sally"]
    assert state.decision.seat == "heroes"
    state.apply("hero:Sally")
    assert state.heroes["Sally"].wounds == 1 and state.heroes["Becky"].wounds == 0
    assert z in state.zombies and state.kills == 0  # no result: neither killed nor wounded
    assert "Baseball Bat" in state.heroes["Becky"].items and not state.dice.script  # no break
    assert cite_of(state, "Sally takes the wound for the others.") == f"Zombie card: {SACRIFICE}"


def test_unnecessary_self_sacrifice_needs_two_heroes_in_the_space(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.put(state, "Sally", "0,4")
    z = t.zombie(state, "3,4")
    t.put(state, "Becky", "3,4")
    t.zombie_cards(state, SACRIFICE)
    t.fight(state, "Becky", z)
    t.script(state, 1, 5, 6)
    state.apply("roll")
    assert f"play:{SACRIFICE}" not in state.decision.ids


def test_the_fire_axe_cancels_unnecessary_self_sacrifice(tmp_path):
    state, z = sacrifice_fight(tmp_path, 1, 5, 6, 6, items=("Fire Axe",))  # 6: Axe's check
    state.apply("roll")
    state.apply(f"play:{SACRIFICE}")
    assert "axe" in state.decision.ids
    state.apply("axe")
    assert not any(h.wounds for h in state.heroes.values())
    assert z in state.zombies  # fended off: 6 against 1, no doubles


def test_the_zombie_agent_sacrifices_a_fight_the_hero_would_win(tmp_path):
    state, _ = sacrifice_fight(tmp_path, 1, 5, 6)
    state.apply("roll")
    assert choice(state, "zombie") == f"play:{SACRIFICE}"


def test_the_hardiest_hero_takes_the_sacrifice(tmp_path):
    state, _ = sacrifice_fight(tmp_path, 1, 5, 6)
    state.heroes["Becky"].wounds = 2  # 1 of her 3 left; Sally has 2 of 2
    state.apply("roll")
    state.apply(f"play:{SACRIFICE}")
    assert choice(state, "heuristic") == "hero:Sally"


# -- Locked Door -------------------------------------------------------------------------------
def at_the_door(tmp_path, **options) -> LastNightState:
    """Becky below the Diner's door (1,2, the door above her), moving 3, the Zombie hand
    holding Locked Door."""
    state = t.table(tmp_path, **options)
    t.put(state, "Becky", "1,2")
    state.zombie_deck.cards.append(LOCKED)  # in the basic game too, to show it is not asked
    t.zombie_cards(state, LOCKED)
    t.hero_turn(state, "Becky")
    t.script(state, 3)
    state.apply("move")
    state.apply("pass")  # no Trip!
    return state


def test_locked_door_stops_a_hero_before_the_door(tmp_path):
    state = at_the_door(tmp_path, decks="advanced")
    state.apply(f"step:{t.at(state, '1,1')}")
    assert state.decision.seat == "zombies"
    assert state.decision.ids == [f"play:{LOCKED}", "pass"]
    state.apply(f"play:{LOCKED}")
    becky = state.heroes["Becky"]
    assert becky.space == t.at(state, "1,2")
    assert "move" not in state.decision.ids and "end" in state.decision.ids  # the move is over
    assert LOCKED in state.zombie_discard
    assert state.log[-1].cite == f"Zombie card: {LOCKED}"


def test_without_locked_door_the_hero_steps_through(tmp_path):
    state = at_the_door(tmp_path, decks="advanced")
    state.apply(f"step:{t.at(state, '1,1')}")
    state.apply("pass")
    assert state.heroes["Becky"].space == t.at(state, "1,1")
    assert state.decision.prompt == "Becky moves (2 left)"


def test_locked_door_is_asked_only_at_a_door(tmp_path):
    state = at_the_door(tmp_path, decks="advanced")
    state.apply(f"step:{t.at(state, '2,2')}")
    assert state.heroes["Becky"].space == t.at(state, "2,2")
    assert state.decision.prompt == "Becky moves (2 left)"


def test_the_keys_and_the_fire_axe_ignore_locked_door(tmp_path):
    for item in ("Keys", "Fire Axe"):
        state = at_the_door(tmp_path, decks="advanced")
        t.give(state, "Becky", item)
        state.apply(f"step:{t.at(state, '1,1')}")
        assert state.heroes["Becky"].space == t.at(state, "1,1"), item


def test_locked_door_is_not_asked_in_the_basic_game(tmp_path):
    state = at_the_door(tmp_path)
    state.apply(f"step:{t.at(state, '1,1')}")
    assert state.heroes["Becky"].space == t.at(state, "1,1")


def test_escape_through_the_window_cancels_locked_door(tmp_path):
    state = at_the_door(tmp_path, decks="advanced")
    state.heroes["Sally"].hand.append(ESCAPE)
    state.apply(f"step:{t.at(state, '1,1')}")
    state.apply(f"play:{LOCKED}")
    assert f"cancel:Sally:{ESCAPE}" in state.decision.ids
    assert choice(state, "heuristic") == f"cancel:Sally:{ESCAPE}"
    state.apply(f"cancel:Sally:{ESCAPE}")
    assert state.heroes["Becky"].space == t.at(state, "1,1")  # the step is taken
    # the Escape goes in force for the rest of the turn (windows.py), discarded as it ends
    assert ESCAPE in state.hero_in_play and LOCKED in state.zombie_discard
    assert state.decision.prompt == "Becky moves (2 left)"


def test_the_zombie_agent_locks_a_hero_out_of_a_building(tmp_path):
    state = at_the_door(tmp_path, decks="advanced")
    state.apply(f"step:{t.at(state, '1,1')}")
    assert choice(state, "zombie") == f"play:{LOCKED}"


def test_the_zombie_agent_lets_a_hero_leave_a_building(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.put(state, "Becky", "1,1")
    t.zombie_cards(state, LOCKED)
    t.hero_turn(state, "Becky")
    t.script(state, 3)
    state.apply("move")
    state.apply("pass")
    state.apply(f"step:{t.at(state, '1,2')}")
    assert choice(state, "zombie") == "pass"


# -- My God, He's a Zombie ---------------------------------------------------------------------
HE = "My God, He's a Zombie"
JEB = "Jeb, the Grease Monkey"
GOMEZ = "Principal Gomez"


def jeb_answered(tmp_path, **options) -> LastNightState:
    """Becky plays Jeb on herself in her turn; the Zombie hand holds My God, He's a Zombie."""
    state = t.table(tmp_path, **options)
    t.give(state, "Becky", JEB)
    state.zombie_deck.cards.append(HE)  # in the basic game too, to show it is not asked
    t.zombie_cards(state, HE)
    t.hero_turn(state, "Becky")
    state.apply("jeb:Becky")
    return state


def test_my_god_hes_a_zombie_answers_a_townsfolk_card(tmp_path):
    state = jeb_answered(tmp_path, decks="advanced")
    assert state.decision.seat == "zombies"
    assert state.decision.ids == [f"play:{HE}", "pass"]
    assert JEB not in state.heroes["Becky"].hand  # played: it waits out of the hand
    assert cite_of(state, f"Becky plays {JEB}.") == f"Hero card: {JEB}"


def test_my_god_hes_a_zombie_cancels_a_townsfolk_card_on_4(tmp_path):
    state = jeb_answered(tmp_path, decks="advanced")
    t.script(state, 4)
    state.apply(f"play:{HE}")
    becky = state.heroes["Becky"]
    assert becky.faith == 0 and JEB not in becky.hand and JEB in state.hero_discard
    assert HE in state.zombie_discard
    assert cite_of(state, f"{HE}: rolled 4: Becky's {JEB} is cancelled.") == f"Zombie card: {HE}"
    assert state.decision.prompt == "Becky's turn"


def test_on_3_the_townsfolk_card_takes_effect(tmp_path):
    state = jeb_answered(tmp_path, decks="advanced")
    t.script(state, 3)
    state.apply(f"play:{HE}")
    becky = state.heroes["Becky"]
    assert becky.faith == 1 and JEB in state.hero_discard and becky.hand == []


def test_a_townsfolk_card_let_be_takes_effect(tmp_path):
    state = jeb_answered(tmp_path, decks="advanced")
    state.apply("pass")
    assert state.heroes["Becky"].faith == 1 and HE in state.zombie_hand


def test_my_god_hes_a_zombie_is_not_asked_in_the_basic_game(tmp_path):
    state = jeb_answered(tmp_path)
    assert state.heroes["Becky"].faith == 1 and state.decision.prompt == "Becky's turn"


def test_my_god_hes_a_zombie_cancels_principal_gomez_cancelling_a_zombie_card(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.give(state, "Becky", GOMEZ)
    t.zombie_cards(state, "Cornered", HE)
    t.zombie_turn(state, "cards")
    state.apply("play:Cornered")
    state.apply(f"cancel:Becky:{GOMEZ}")  # the heroes' answer to Cornered
    assert state.decision.ids == [f"play:{HE}", "pass"]
    t.script(state, 6)
    state.apply(f"play:{HE}")
    assert GOMEZ in state.hero_discard and state.cornered  # Cornered took effect after all


def test_my_god_hes_a_zombie_answers_farmer_sty(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.give(state, "Becky", "Farmer Sty")
    z = t.zombie(state, "6,3")
    t.zombie_cards(state, HE)
    t.zombie_turn(state, "spawn")
    state.apply(f"sty:Becky:{z}")
    assert state.decision.ids == [f"play:{HE}", "pass"]
    t.script(state, 2)  # under 4: Farmer Sty takes effect
    state.apply(f"play:{HE}")
    assert "Farmer Sty" in state.hero_discard
    assert "Becky plays Farmer Sty: Zombie 1 may not move this turn." in t.texts(state)
    assert state.zombies[z] == t.at(state, "6,3")


def test_my_god_hes_a_zombie_places_a_zombie_next_to_a_hero(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.put(state, "Sally", "3,4")
    t.zombie_cards(state, HE)
    t.zombie_turn(state, "cards")
    state.apply(f"play:{HE}")
    squares = {"2,3", "3,2", "4,3", "2,4", "4,4", "3,5"}  # next to 3,3 or 3,4, no hero there
    assert sorted(state.decision.ids) == sorted(f"place:{t.at(state, s)}" for s in squares)
    state.apply(f"place:{t.at(state, '4,4')}")
    assert list(state.zombies.values()) == [t.at(state, "4,4")]
    assert HE in state.zombie_discard


def test_the_zombie_agent_answers_townsfolk_cards(tmp_path):
    state = jeb_answered(tmp_path, decks="advanced")
    assert choice(state, "zombie") == f"play:{HE}"


def test_the_zombie_agent_places_a_zombie_by_a_hero_one_wound_from_death(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    t.put(state, "Sally", "6,4")
    t.zombie_cards(state, HE)
    t.zombie_turn(state, "cards")
    assert choice(state, "zombie") == "done"  # nobody one wound from death yet
    state.heroes["Sally"].wounds = 1  # of 2
    t.zombie_turn(state, "cards")
    assert choice(state, "zombie") == f"play:{HE}"
    state.apply(f"play:{HE}")
    assert state.board.adjacent(t.at(state, "6,4"), int(choice(state, "zombie")[6:]))


def test_my_god_hes_a_zombie_keeps_a_fight_mr_hyde_would_cancel(tmp_path):
    hyde = "Mr. Hyde, the Shop Teacher"
    for roll, fought in ((5, True), (1, False)):
        state = t.table(tmp_path, decks="advanced")
        t.give(state, "Becky", hyde)
        z = t.zombie(state, "3,3")
        t.zombie_cards(state, HE)
        t.fight(state, "Sally", z)
        state.apply(f"no-fight:Becky:{hyde}")
        t.script(state, roll)
        state.apply(f"play:{HE}")
        assert hyde in state.hero_discard
        assert (state.stack[-1].KIND == "fight") is fought, roll
        if fought:  # the fight goes on at its bonus step
            assert "roll" in state.decision.ids


def test_the_terminal_shows_rotten_bodies_and_overconfidence_in_play(tmp_path):
    state = t.table(tmp_path, decks="advanced")
    state.in_play += [ROTTEN, "Overconfidence (Sally)"]
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(
        render_view(state.game.id, state.view("heroes")))
    assert "In play: Rotten Bodies, Overconfidence (Sally)" in out.getvalue()


def test_another_hero_player_cancels_locked_door_with_escape_through_the_window(tmp_path):
    state = at_the_door(tmp_path, decks="advanced", **{"hero-players": 2})
    state.heroes["Johnny"].hand.append(ESCAPE)  # heroes-2's hero; Becky is heroes-1's
    state.apply(f"step:{t.at(state, '1,1')}")
    state.apply(f"play:{LOCKED}")
    assert state.decision.seat == "heroes-2"
    assert f"cancel:Johnny:{ESCAPE}" in state.decision.ids and "next" in state.decision.ids
    assert choice(state, "heuristic") == f"cancel:Johnny:{ESCAPE}"
