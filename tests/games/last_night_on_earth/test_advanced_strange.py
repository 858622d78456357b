"""The Advanced Zombie cards of Strange heroes and of searching and trading: I Feel Kinda
Strange, Haunted by the Past, I've Got to Get to the… and I Don't Trust 'em, their designed
readings pinned with the dice scripted (docs/last-night-on-earth.md, "The Advanced decks")."""

from __future__ import annotations

from deadtable.agents import make_agent
from deadtable.agents.base import observe
from deadtable.games.last_night_on_earth.heroturn import HeroAct, HeroTurn
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.games.last_night_on_earth.wounds import Wound
from tests.games.last_night_on_earth.table import (
    at,
    fight,
    give,
    hero_turn,
    push,
    put,
    script,
    table,
    texts,
    zombie,
    zombie_cards,
    zombie_turn,
)

STRANGE = "I Feel Kinda Strange"
HAUNTED = "Haunted by the Past"
ERRAND = "I've Got to Get to the…"
TRUST = "I Don't Trust 'em"
JAKE = "Becky,Johnny,Sally,Jake Cartwright"


def choice(state: LastNightState, agent: str) -> str:
    return make_agent(agent, seed=1, game=state.game.id).act(observe(state))


# -- I Feel Kinda Strange ----------------------------------------------------------------------
def lost_fight(state: LastNightState, hero: str = "Becky") -> None:
    """`hero` loses a fight in the Hero turn: the zombie rolls 6, the hero 1 and 2."""
    z = zombie(state, "3,3")
    script(state, 6, 1, 2)
    fight(state, hero, z)
    state.apply("roll")
    while state.stack[-1].KIND == "fight":  # no Fight card, no re-roll
        state.apply("pass" if "pass" in state.decision.ids else "done")


def test_i_feel_kinda_strange_is_played_after_a_zombie_wounds_a_hero(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, STRANGE)
    lost_fight(state)
    assert state.heroes["Becky"].wounds == 1
    assert state.decision.seat == "zombies" and f"play:{STRANGE}" in state.decision.ids
    assert choice(state, "zombie") == f"play:{STRANGE}"
    state.apply(f"play:{STRANGE}")
    assert state.in_play == [f"{STRANGE} (Becky)"]
    assert (f"{STRANGE} is played on Becky and remains in play: Becky's next wound turns "
            "Becky into a Zombie Hero.") in texts(state, 40)


def test_the_next_wound_turns_him_into_a_zombie_hero_even_without_the_option(tmp_path):
    state = table(tmp_path, decks="advanced", **{"zombie-heroes": False})
    state.in_play.append(f"{STRANGE} (Becky)")
    lost_fight(state)
    becky = state.heroes["Becky"]
    assert becky.dead and becky.wounds == 0  # the wound is not counted: she turns
    assert state.zombies["zombie-becky"] == at(state, "3,3") and state.heroes_killed == 1
    assert state.in_play == [] and STRANGE in state.zombie_discard
    assert "Becky takes a wound and turns into a Zombie Hero." in texts(state)


def test_just_a_scratch_spares_the_wound_and_the_turning(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(f"{STRANGE} (Becky)")
    give(state, "Sally", "Just a Scratch")
    lost_fight(state)
    state.apply("scratch:Sally")
    assert not state.heroes["Becky"].dead and state.in_play == [f"{STRANGE} (Becky)"]


def test_only_a_zombies_wound_opens_the_window(tmp_path):
    """Dynamite's wound is no zombie's: the zombies are not asked."""
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, STRANGE)
    push(state, HeroTurn(step="choose", acted=list(state.heroes)),
         Wound("Becky", "Hero card: Dynamite"))
    assert state.heroes["Becky"].wounds == 1
    assert "A zombie wounded" not in state.decision.prompt


def test_the_heroes_may_cancel_it_and_at_last_ends_it(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, STRANGE)
    give(state, "Sally", "Principal Gomez")
    lost_fight(state)
    state.apply("take")
    state.apply(f"play:{STRANGE}")
    state.apply("cancel:Sally:Principal Gomez")
    assert state.in_play == [] and STRANGE in state.zombie_discard
    state.in_play.append(f"{STRANGE} (Becky)")
    give(state, "Johnny", "At Last…")
    state.stack = state.stack[:1]
    push(state, HeroTurn(step="at-last"))
    assert choice(state, "heuristic") == f"at-last:Johnny:{STRANGE} (Becky)"


def test_a_strange_hero_killed_otherwise_discards_the_card(tmp_path):
    from deadtable.games.last_night_on_earth.wounds import kill_hero

    state = table(tmp_path, decks="advanced")
    state.in_play += [f"{STRANGE} (Becky)", f"{HAUNTED} (Becky)", f"{ERRAND} (Becky: Bank)",
                      f"{HAUNTED} (Jenny)"]
    kill_hero(state, state.heroes["Becky"])
    assert state.in_play == [f"{HAUNTED} (Jenny)"]
    assert {STRANGE, HAUNTED, ERRAND} <= set(state.zombie_discard.cards)


# -- Haunted by the Past -----------------------------------------------------------------------
def test_haunted_by_the_past_makes_a_hero_who_is_no_student_strange(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, HAUNTED)
    zombie_turn(state, "cards")
    state.apply(f"play:{HAUNTED}")
    assert sorted(state.decision.ids) == ["hero:Becky", "hero:Jenny"]  # not the Students
    state.apply("hero:Jenny")
    assert state.in_play == [f"{HAUNTED} (Jenny)"]
    jenny = next(h for h in state.view("heroes")["heroes"] if h["name"] == "Jenny")
    assert "Strange" in jenny["keywords"]


def test_no_townsfolk_event_is_played_on_a_haunted_hero(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(f"{HAUNTED} (Becky)")
    state.heroes["Becky"].wounds = state.heroes["Sally"].wounds = 1
    give(state, "Johnny", "Doc Brody, Country Physician", "Jeb, the Grease Monkey")
    hero_turn(state, "Johnny")
    ids = state.decision.ids
    assert "brody:Sally" in ids and "brody:Becky" not in ids
    assert "jeb:Sally" in ids and "jeb:Becky" not in ids


def test_no_townsfolk_event_in_a_haunted_heros_fight(tmp_path):
    state = table(tmp_path, JAKE, decks="advanced")
    give(state, "Sally", "Deputy Taylor", "Principal Gomez", "Farmer Sty")
    z = zombie(state, "3,3")
    fight(state, "Jake Cartwright", z)  # Jake is Strange: Deputy Taylor cancels his fight
    assert "no-fight:Sally:Deputy Taylor" in state.decision.ids
    state.in_play.append(f"{HAUNTED} (Jake Cartwright)")
    state.stack = state.stack[:1]
    fight(state, "Jake Cartwright", z)
    assert not any(i.startswith("no-fight:") for i in state.decision.ids)
    script(state, 6, 1, 2, 3)
    state.apply("roll")
    assert not any(i.startswith(("gomez:", "adjust:")) for i in state.decision.ids)


# -- I've Got to Get to the… -------------------------------------------------------------------
def test_ive_got_to_get_to_the_rolls_a_building_he_must_reach_before_searching(tmp_path):
    state = table(tmp_path, decks="advanced")
    put(state, "Becky", "7,0")  # in the Bank
    zombie_cards(state, ERRAND)
    zombie_turn(state, "cards")
    state.apply(f"play:{ERRAND}")
    script(state, 1, 4)  # the NW corner, its building: the Diner
    state.apply("hero:Becky")
    assert state.in_play == [f"{ERRAND} (Becky: Diner)"]
    state.stack = state.stack[:1]
    hero_turn(state, "Becky")
    assert "search" not in state.decision.ids and "move" in state.decision.ids
    put(state, "Becky", "1,2")  # outside the Diner's door
    state.stack = state.stack[:1]
    push(state, HeroTurn(step="choose", acted=list(state.heroes)),
         HeroAct("Becky", step="moving", moves_left=2, moved=True, phase=1))
    assert choice(state, "heuristic") == f"step:{at(state, '1,1')}"  # unarmed: to the Diner
    state.apply(f"step:{at(state, '1,1')}")
    assert state.in_play == [] and ERRAND in state.zombie_discard
    assert "Becky reaches the Diner: I've Got to Get to the… ends." in texts(state)


def test_a_hero_found_in_his_building_at_his_turns_start_has_reached_it(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(f"{ERRAND} (Becky: Diner)")
    put(state, "Becky", "0,0")
    push(state, HeroTurn(step="choose", acted=["Johnny", "Sally", "Jenny"]))
    assert state.in_play == [] and "search" in state.decision.ids


def test_the_heroes_choose_the_corner_on_a_5_and_take_the_nearest(tmp_path):
    state = table(tmp_path, decks="advanced")
    put(state, "Becky", "6,5")  # by the Church (SE)
    zombie_cards(state, ERRAND)
    zombie_turn(state, "cards")
    state.apply(f"play:{ERRAND}")
    script(state, 5)
    state.apply("hero:Becky")
    assert state.decision.seat == "heroes" and "corner:SE" in state.decision.ids
    assert choice(state, "heuristic") == "corner:SE"
    script(state, 2)
    state.apply("corner:SE")
    assert state.in_play == [f"{ERRAND} (Becky: Church)"]


def test_a_hero_already_in_the_rolled_building_shrugs_it_off(tmp_path):
    state = table(tmp_path, decks="advanced")
    put(state, "Becky", "0,0")
    zombie_cards(state, ERRAND)
    zombie_turn(state, "cards")
    state.apply(f"play:{ERRAND}")
    script(state, 1, 1)
    state.apply("hero:Becky")
    assert state.in_play == [] and ERRAND in state.zombie_discard


def test_the_zombie_agent_sends_the_least_armed_hero_far_away(tmp_path):
    state = table(tmp_path, decks="advanced")
    for hero in ("Johnny", "Sally", "Jenny"):
        give(state, hero, "Baseball Bat" if hero != "Jenny" else "Crowbar")
    zombie_cards(state, ERRAND)
    zombie_turn(state, "cards")
    state.apply(f"play:{ERRAND}")
    assert choice(state, "zombie") == "hero:Becky"
    put(state, "Becky", "1,5")  # by the Gym (SW): the zombies choose the far corner
    script(state, 6)
    state.apply("hero:Becky")
    assert choice(state, "zombie") == "corner:NE"


# -- I Don't Trust 'em -------------------------------------------------------------------------
def test_i_dont_trust_em_stops_all_trading_until_the_next_zombie_turn(tmp_path):
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", "Crowbar")
    zombie_cards(state, TRUST)
    zombie_turn(state, "cards")
    assert choice(state, "zombie") == f"play:{TRUST}"  # heroes share a space
    state.apply(f"play:{TRUST}")
    assert state.decision.ids == ["no-trading"]  # no Strange hero among them
    state.apply("no-trading")
    assert state.in_play == [f"{TRUST} (every hero)"]
    state.stack = state.stack[:1]
    hero_turn(state, "Becky")
    assert not any(i.startswith("give:") for i in state.decision.ids)
    zombie_turn(state, "sun")
    assert state.in_play == [] and TRUST in state.zombie_discard
    state.stack = state.stack[:1]
    hero_turn(state, "Becky")
    assert "give:Crowbar:Sally" in state.decision.ids


def test_one_strange_hero_may_never_trade(tmp_path):
    state = table(tmp_path, JAKE, decks="advanced")
    give(state, "Becky", "Crowbar")
    give(state, "Jake Cartwright", "Baseball Bat")
    zombie_cards(state, TRUST)
    zombie_turn(state, "cards")
    state.apply(f"play:{TRUST}")
    assert state.decision.ids == ["no-trading", "hero:Jake Cartwright"]
    assert choice(state, "zombie") == "hero:Jake Cartwright"
    state.apply("hero:Jake Cartwright")
    zombie_turn(state, "sun")  # it lasts
    assert state.in_play == [f"{TRUST} (Jake Cartwright)"]
    state.stack = state.stack[:1]
    hero_turn(state, "Becky")
    ids = state.decision.ids
    assert "give:Crowbar:Sally" in ids and "give:Crowbar:Jake Cartwright" not in ids
    state.stack = state.stack[:1]
    hero_turn(state, "Jake Cartwright")
    assert not any(i.startswith("give:") for i in state.decision.ids)


def test_a_haunted_hero_is_strange_for_i_dont_trust_em(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(f"{HAUNTED} (Becky)")
    zombie_cards(state, TRUST)
    zombie_turn(state, "cards")
    state.apply(f"play:{TRUST}")
    assert state.decision.ids == ["no-trading", "hero:Becky"]


def test_the_zombie_agent_keeps_i_dont_trust_em_while_it_would_bar_nobody(tmp_path):
    state = table(tmp_path, decks="advanced")
    for hero, square in (("Becky", "0,4"), ("Johnny", "1,4"), ("Sally", "2,4")):
        put(state, hero, square)
    zombie_cards(state, TRUST)
    zombie_turn(state, "cards")
    assert f"play:{TRUST}" in state.decision.ids and choice(state, "zombie") == "done"


def test_the_rl_encoding_enumerates_these_cards_actions(tmp_path):
    """The choices these cards add (the half of I Don't Trust 'em, At Last… on each card as it
    lies in play) have their integers (encoding.py's appended templates)."""
    from tests.extras import need

    need("numpy", reason="the rl extra (numpy) is not installed")
    from deadtable.envs.encodings import encoding_for

    state = table(tmp_path, JAKE, decks="advanced")
    encoding = encoding_for(state.game)
    zombie_cards(state, TRUST)
    zombie_turn(state, "cards")
    state.apply(f"play:{TRUST}")
    assert len(encoding.legal_map(state.decision.ids, lambda: state.view("zombies"))) == 2
    state.in_play += [f"{STRANGE} (Becky)", f"{HAUNTED} (Becky)", f"{ERRAND} (Sally: Diner)",
                      f"{TRUST} (every hero)"]
    give(state, "Johnny", "At Last…")
    state.stack = state.stack[:1]
    push(state, HeroTurn(step="at-last"))
    ids = state.decision.ids
    assert len(encoding.legal_map(ids, lambda: state.view("heroes"))) == len(ids) == 5


def test_the_terminal_and_the_page_show_these_cards_in_play_and_their_texts(tmp_path):
    """The view lists each card as it lies in play (the terminal's "In play:" line and the
    page's status line print it) and gives its text for the page's tooltips."""
    import io

    from rich.console import Console

    from deadtable.render import render_view

    state = table(tmp_path, decks="advanced")
    state.in_play += [f"{HAUNTED} (Jenny)", f"{ERRAND} (Becky: Diner)"]
    view = state.view("heroes")
    assert view["in_play"] == [f"{HAUNTED} (Jenny)", f"{ERRAND} (Becky: Diner)"]
    assert {HAUNTED, ERRAND} <= set(view["cards"])
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(
        render_view(state.game.id, view))
    assert f"In play: {HAUNTED} (Jenny), {ERRAND} (Becky: Diner)" in out.getvalue()
