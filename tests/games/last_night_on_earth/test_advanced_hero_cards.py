"""The Advanced Hero cards Old Betsy, Fire Extinguisher, Heroic Resolve, Hero's Rage, Blocked
Windows and Escape Through the Window (option decks=advanced), each with its dice scripted, and
the agents' use of them. The test town (table.py): the Diner (x 0-2, y 0-1) walled round, a
door below 1,1 and a window right of 2,0; the Bank (7,0) a walled square."""

from __future__ import annotations

from deadtable.agents import make_agent
from deadtable.agents.base import observe
from deadtable.games.last_night_on_earth.fight import Fight
from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from deadtable.games.last_night_on_earth.prayer import Prayer
from deadtable.games.last_night_on_earth.render import render
from deadtable.games.last_night_on_earth.state import LastNightState
from tests.games.last_night_on_earth import table as lnoe

RESOLVE = "Heroic Resolve"
RAGE = "Hero's Rage"
FIRE_EX = "Fire Extinguisher"
COW = "Old Betsy"
BLOCKED = "Blocked Windows"
ESCAPE = "Escape Through the Window"


def choice(state: LastNightState, agent: str) -> str:
    return make_agent(agent, seed=1, game=state.game.id).act(observe(state))


def facing_two(tmp_path, card: str) -> tuple[LastNightState, str, str]:
    """Becky alone on 0,4 with two zombies; Sally, in the Center of Town, holds `card`."""
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "0,4")
    a, b = lnoe.zombie(state, "0,4"), lnoe.zombie(state, "0,4")
    lnoe.give(state, "Sally", card)
    lnoe.fight(state, "Becky", a)
    return state, a, b


# -- Heroic Resolve ----------------------------------------------------------------------------
def test_heroic_resolve_gives_a_die_and_the_ties_until_he_searches(tmp_path):
    state, a, b = facing_two(tmp_path, RESOLVE)
    assert "resolve:Sally" in state.decision.ids
    state.apply("resolve:Sally")
    assert state.hero_in_play == [f"{RESOLVE} (Becky)"] and state.heroes["Sally"].hand == []
    lnoe.script(state, 5, 5, 4, 3)  # the zombie's 5; Becky's three dice, 5 the highest: a tie
    state.apply("roll")
    assert "Fight dice: Zombie 1 [5], Becky [5, 4, 3]." in lnoe.texts(state, 20)
    assert ("Becky wins the fight (5 against 5: a tie, won with Heroic Resolve) and fends "
            "Zombie 1 off (no doubles to kill it).") in lnoe.texts(state, 20)
    assert state.heroes["Becky"].wounds == 0
    # it remains: a later fight, against one zombie, has the die and the ties too
    state.zombies.pop(b)
    lnoe.again(state)
    lnoe.script(state, 6, 6, 2, 1)
    lnoe.fight(state, "Becky", a)
    state.apply("roll")
    assert "Fight dice: Zombie 1 [6], Becky [6, 2, 1]." in lnoe.texts(state, 20)  # a tie again
    assert ("Becky wins the fight (6 against 6: a tie, won with Heroic Resolve) and fends "
            "Zombie 1 off (no doubles to kill it).") in lnoe.texts(state, 20)
    # searching ends it
    lnoe.put(state, "Becky", "1,0")
    lnoe.again(state)
    lnoe.hero_turn(state, "Becky")
    state.apply("search")
    assert state.hero_in_play == [] and RESOLVE in state.hero_discard
    assert f"{RESOLVE} on Becky ends: he searches." in lnoe.texts(state, 10)


def test_heroic_resolve_needs_two_zombies_in_the_space(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "0,4")
    z = lnoe.zombie(state, "0,4")
    lnoe.give(state, "Sally", RESOLVE, RAGE)
    lnoe.fight(state, "Becky", z)
    assert not any(i.startswith(("resolve:", "rage:")) for i in state.decision.ids)


def test_a_dead_heros_heroic_resolve_is_discarded(tmp_path):
    state, a, _ = facing_two(tmp_path, RESOLVE)
    state.apply("resolve:Sally")
    state.heroes["Becky"].wounds = 2
    lnoe.script(state, 6, 1, 2, 3)
    state.apply("roll")  # Becky loses her last wound
    assert state.heroes["Becky"].dead
    assert state.hero_in_play == [] and RESOLVE in state.hero_discard


# -- Hero's Rage -------------------------------------------------------------------------------
def test_heros_rage_kills_every_zombie_he_beats_until_the_next_hero_turn(tmp_path):
    state, a, b = facing_two(tmp_path, RAGE)
    state.apply("rage:Sally")
    lnoe.script(state, 3, 5, 4, 2)  # no doubles, but a win
    state.apply("roll")
    assert "Fight dice: Zombie 1 [3], Becky [5, 4, 2]." in lnoe.texts(state, 20)
    assert a not in state.zombies and state.kills == 1
    assert state.hero_in_play == [f"{RAGE} (Becky)"]
    state.stack = state.stack[:1]
    lnoe.push(state, HeroTurn())
    assert state.hero_in_play == [] and RAGE in state.hero_discard
    assert f"{RAGE} on Becky ends: a new Hero turn begins." in lnoe.texts(state, 10)


def test_the_hero_heuristic_plays_resolve_and_rage_when_facing_two(tmp_path):
    state, _, _ = facing_two(tmp_path, RAGE)
    assert choice(state, "heuristic") == "rage:Sally"


def test_the_zombie_agent_counts_heroic_resolves_ties(tmp_path):
    """A tie is the hero's with Heroic Resolve: Braaains! then turns the fight."""
    state, a, _ = facing_two(tmp_path, RESOLVE)
    state.apply("resolve:Sally")
    state.zombie_hand.cards.append("Braaains!")
    lnoe.script(state, 5, 5, 4, 3)
    state.apply("roll")
    assert state.stack[-1].step == "zombie-card"
    assert choice(state, "zombie") == "play:Braaains!"


# -- Fire Extinguisher -------------------------------------------------------------------------
def test_the_fire_extinguisher_cancels_a_fight_in_its_carriers_space(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "0,4")
    lnoe.put(state, "Jenny", "0,4")
    z = lnoe.zombie(state, "0,4")
    lnoe.give(state, "Jenny", FIRE_EX)
    lnoe.fight(state, "Becky", z)
    assert f"no-fight:Jenny:{FIRE_EX}" in state.decision.ids
    state.apply(f"no-fight:Jenny:{FIRE_EX}")
    assert not any(isinstance(f, Fight) for f in state.stack)
    assert state.heroes["Jenny"].items == [] and FIRE_EX in state.hero_discard
    assert z in state.zombies


def test_the_fire_extinguisher_pushes_zombies_here_and_next_door_away(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "4,4")
    here, below, far = (lnoe.zombie(state, s) for s in ("4,4", "4,5", "6,4"))
    lnoe.give(state, "Becky", FIRE_EX)
    lnoe.hero_turn(state, "Becky")
    state.apply(f"play:{FIRE_EX}")
    ids = state.decision.ids
    assert {f"move:{here}:{lnoe.at(state, s)}" for s in ("3,4", "5,4", "4,3", "4,5")} <= set(ids)
    assert {f"move:{below}:{lnoe.at(state, s)}" for s in ("3,5", "5,5")} <= set(ids)
    assert f"move:{below}:{lnoe.at(state, '4,4')}" not in ids  # back towards her: not away
    assert not any(i.startswith(f"move:{far}:") for i in ids)  # two squares off: not sprayed
    state.apply(f"move:{here}:{lnoe.at(state, '4,3')}")
    state.apply(f"move:{below}:{lnoe.at(state, '5,5')}")
    assert state.zombies[here] == lnoe.at(state, "4,3")
    assert state.zombies[below] == lnoe.at(state, "5,5")
    assert state.stack[-1].step == "main" and FIRE_EX in state.hero_discard


def test_the_fire_extinguishers_spray_stops_at_walls_and_windows(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "3,0")
    here, behind = lnoe.zombie(state, "3,0"), lnoe.zombie(state, "2,0")  # 2,0: across the window
    lnoe.give(state, "Becky", FIRE_EX)
    lnoe.hero_turn(state, "Becky")
    state.apply(f"play:{FIRE_EX}")
    assert sorted(state.decision.ids) == sorted(
        f"move:{here}:{lnoe.at(state, s)}" for s in ("4,0", "3,1"))
    assert behind in state.zombies and state.zombies[behind] == lnoe.at(state, "2,0")


def test_the_hero_heuristic_sprays_zombies_off_a_hero_with_one_wound_left(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "4,4")
    state.heroes["Becky"].wounds = 2
    lnoe.zombie(state, "4,4")
    lnoe.give(state, "Becky", FIRE_EX)
    lnoe.hero_turn(state, "Becky")
    assert choice(state, "heuristic") == f"play:{FIRE_EX}"
    state.apply(f"play:{FIRE_EX}")
    pushed = choice(state, "heuristic")  # away from the other heroes at 3,3
    assert pushed in (f"move:zombie-1:{lnoe.at(state, s)}" for s in ("5,4", "4,5"))


# -- Old Betsy ---------------------------------------------------------------------------------
def test_old_betsy_keeps_a_zombie_in_her_square_on_4_and_lets_it_go_on_5(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "4,4")
    lnoe.give(state, "Becky", COW)
    lnoe.hero_turn(state, "Becky")
    state.apply(f"play:{COW}")
    assert state.hero_in_play == [f"{COW} (4,4)"] and state.heroes["Becky"].items == []
    assert state.view("heroes")["cows"] == ["4,4"]
    lnoe.put(state, "Becky", "3,3")
    z = lnoe.zombie(state, "4,4")  # beside the heroes, diagonally: Zombie Hunger pulls it
    lnoe.zombie_turn(state, "hold", order=[z])
    assert state.decision.ids == [f"move:{z}:{lnoe.at(state, '3,3')}"]
    lnoe.script(state, 4)
    state.apply(f"move:{z}:{lnoe.at(state, '3,3')}")
    assert state.zombies[z] == lnoe.at(state, "4,4")
    assert f"Zombie 1 rolls 4: {COW} keeps it on 4,4." in lnoe.texts(state, 5)
    lnoe.zombie_turn(state, "hold", order=[z])
    lnoe.script(state, 5)
    state.apply(f"move:{z}:{lnoe.at(state, '3,3')}")
    assert f"Zombie 1 rolls 5 and gets past {COW}." in lnoe.texts(state, 30)
    assert z not in state.zombies or state.zombies[z] == lnoe.at(state, "3,3")


def test_the_hero_heuristic_leaves_old_betsy_with_the_zombies_in_its_square(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "4,4")
    lnoe.give(state, "Becky", COW)
    lnoe.hero_turn(state, "Becky")
    assert choice(state, "heuristic") != f"play:{COW}"  # no zombie here: keep the cow
    lnoe.zombie(state, "4,4")
    assert choice(state, "heuristic") == f"play:{COW}"


def test_the_town_shows_old_betsy(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    state.hero_in_play.append(f"{COW} (5,1)")
    text = render(state.view("heroes")).renderable.renderables  # type: ignore[attr-defined]
    drawn = "".join(str(getattr(t, "plain", "")) for t in text)
    assert "c Old Betsy (cow)" in drawn and "In play: Old Betsy (5,1)" in drawn


# -- Blocked Windows ---------------------------------------------------------------------------
def inside_the_diner(tmp_path) -> tuple[LastNightState, str]:
    """A zombie on 2,0 in the Diner; Becky outside on 3,1, diagonally beside it across the
    wall; Jenny holds Blocked Windows."""
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "3,1")
    z = lnoe.zombie(state, "2,0")
    lnoe.give(state, "Jenny", BLOCKED)
    lnoe.zombie_turn(state, "hold", order=[z])
    return state, z


def test_zombies_cross_walls_without_blocked_windows(tmp_path):
    state, z = inside_the_diner(tmp_path)
    state.apply("pass")
    assert state.decision.ids == [f"move:{z}:{lnoe.at(state, '3,1')}"]  # Zombie Hunger


def test_blocked_windows_keeps_zombies_from_crossing_walls_and_windows(tmp_path):
    state, z = inside_the_diner(tmp_path)
    assert "blocked:Jenny" in state.decision.ids
    assert choice(state, "heuristic") == "blocked:Jenny"  # it keeps the zombie off Becky
    state.apply("blocked:Jenny")
    assert state.hero_in_play == [BLOCKED]
    ids = state.decision.ids
    steps = [f"move:{z}:{lnoe.at(state, s)}" for s in ("1,0", "2,1")]
    assert sorted(ids) == sorted([*steps, f"stay:{z}"])  # no 3,0 (window) nor 3,1 (wall)
    state.apply(f"stay:{z}")
    assert BLOCKED in state.hero_discard and state.hero_in_play == []  # the turn ended
    assert f"{BLOCKED} ends with the turn." in lnoe.texts(state, 30)


def test_blocked_windows_leaves_doors_open(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    state.hero_in_play.append(BLOCKED)
    z = lnoe.zombie(state, "1,1")
    lnoe.zombie_turn(state, "hold", order=[z])
    assert f"move:{z}:{lnoe.at(state, '1,2')}" in state.decision.ids  # the door below 1,1


def test_the_hero_heuristic_keeps_blocked_windows_when_no_wall_matters(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    z = lnoe.zombie(state, "4,4")
    lnoe.give(state, "Jenny", BLOCKED)
    lnoe.zombie_turn(state, "hold", order=[z])
    assert choice(state, "heuristic") == "pass"


# -- Escape Through the Window -----------------------------------------------------------------
def escaping(tmp_path) -> LastNightState:
    state = lnoe.table(tmp_path, decks="advanced")
    lnoe.put(state, "Becky", "2,1")
    lnoe.give(state, "Becky", ESCAPE)
    lnoe.hero_turn(state, "Becky")
    return state


def test_escape_through_the_window_lets_heroes_step_through_walls_out_of_buildings(tmp_path):
    state = escaping(tmp_path)
    state.apply(f"play:{ESCAPE}")
    assert state.hero_in_play == [ESCAPE]
    lnoe.script(state, 3)
    state.apply("move")
    ids = state.decision.ids
    assert f"step:{lnoe.at(state, '3,1')}" in ids  # through the Diner's wall
    state.apply(f"step:{lnoe.at(state, '3,1')}")
    state.apply(f"step:{lnoe.at(state, '3,0')}")
    assert f"step:{lnoe.at(state, '2,0')}" not in state.decision.ids  # not back into the Diner
    assert state.view("heroes")["moving"]["reach"]  # the reach is shown as the steps allow


def test_without_escape_walls_stop_heroes(tmp_path):
    state = escaping(tmp_path)
    lnoe.script(state, 3)
    state.apply("move")
    assert f"step:{lnoe.at(state, '3,1')}" not in state.decision.ids


def test_escape_through_the_window_ends_with_the_hero_turn(tmp_path):
    state = lnoe.table(tmp_path, decks="advanced")
    state.hero_in_play.append(ESCAPE)
    lnoe.push(state, HeroTurn(step="choose", acted=list(state.heroes)))
    assert state.hero_in_play == [] and ESCAPE in state.hero_discard


def test_escape_through_the_window_cancels_locked_door(tmp_path):
    state = escaping(tmp_path)
    lnoe.push(state, Prayer("Locked Door", "play:Locked Door"))
    assert f"cancel:Becky:{ESCAPE}" in state.decision.ids
    assert choice(state, "heuristic") == f"cancel:Becky:{ESCAPE}"
    state.apply(f"cancel:Becky:{ESCAPE}")
    assert "Locked Door" in state.zombie_discard
    assert state.hero_in_play == [ESCAPE] and ESCAPE not in state.hero_discard


def test_the_hero_heuristic_escapes_a_building_full_of_zombies(tmp_path):
    state = escaping(tmp_path)
    state.heroes["Becky"].wounds = 2
    lnoe.zombie(state, "2,1")
    lnoe.zombie(state, "1,1")
    assert choice(state, "heuristic") == f"play:{ESCAPE}"
