"""For people only: the zombie player's "the rest advance" (macros.py, `advance`): each zombie
still to move takes the step the zombie agent (agent.py ZombieAgent) would choose for it, asked
through the deciding seat's own observation with dice seeded from the game's length, as the
ordinary action a click would take. It plays no card (it stops where the agent would Shamble)
and stands past the other zombie player's zombies like "the rest stay". Never an action of
the rules."""

from __future__ import annotations

import pytest

from deadtable.agents.base import observe
from deadtable.engine import macros as engine_macros
from deadtable.engine.macros import StandingOrder, order_step
from deadtable.games.last_night_on_earth.agent import ZombieAgent
from deadtable.games.last_night_on_earth.macros import ADVANCE, REST, macros
from tests.games.last_night_on_earth.table import (
    at,
    give,
    hero_turn,
    put,
    script,
    table,
    zombie,
    zombie_cards,
    zombie_turn,
)

Z1, Z2 = "zombies-1", "zombies-2"


def three_zombies(tmp_path):
    """Zombies 1 and 3 free, Zombie 2 beside Becky (Zombie Hunger), the others at 7,0."""
    state = table(tmp_path)
    for hero in ("Johnny", "Sally", "Jenny"):
        put(state, hero, "7,0")
    put(state, "Becky", "5,1")
    zs = [zombie(state, "0,3"), zombie(state, "5,2"), zombie(state, "2,4")]
    zombie_turn(state, "move", order=list(zs))
    return state, zs


def agents_run(state, seat: str) -> list[str]:
    """The zombie agent's own choices from here on a copy, while `seat` is asked about a
    zombie's movement: what the macro must take, one for one."""
    copy = state.clone()
    taken = []
    while copy.decision is not None and copy.decision.seat == seat and any(
            m.id == ADVANCE for m in macros(copy, seat)):
        chosen = ZombieAgent(len(copy.history)).act(observe(copy))
        taken.append(chosen)
        copy.apply(chosen)
    return taken


def test_it_is_offered_beside_the_rest_stay_with_the_agents_first_step(tmp_path):
    state, (z1, _z2, _z3) = three_zombies(tmp_path)
    rest, advance = macros(state, "zombies")
    assert rest.id == REST and advance.id == ADVANCE
    assert advance.label == "The rest advance (3 zombies to move)"
    assert advance.action == f"move:{z1}:{at(state, '0,2')}"  # toward the heroes at 7,0
    assert advance.action == ZombieAgent(len(state.history)).act(observe(state))
    assert "Zombie Hunger obeyed" in advance.note and "plays no card" in advance.note
    assert advance.scope == rest.scope and advance.later == 0
    assert macros(state, "heroes") == []  # only to the seat deciding


def test_its_steps_are_the_zombie_agents_choices_and_ordinary_actions(tmp_path):
    state, (z1, z2, z3) = three_zombies(tmp_path)
    expected = agents_run(state, "zombies")
    history = len(state.history)
    done = engine_macros.run(state, "zombies", ADVANCE, macros, state.apply)
    assert done == {"macro": ADVANCE, "actions": 3, "order": None, "why": None}
    assert state.history[history:] == expected == [
        f"move:{z1}:{at(state, '0,2')}",
        f"move:{z2}:{at(state, '5,1')}",  # Zombie Hunger: onto Becky's square
        f"move:{z3}:{at(state, '2,3')}"]
    assert [state.name(state.zombies[z]) for z in (z1, z2, z3)] == ["0,2", "5,1", "2,3"]
    assert macros(state, "zombies") == []  # the movement is over


def test_it_is_the_same_step_each_time_and_changes_nothing(tmp_path):
    state, _zs = three_zombies(tmp_path)
    before = state.to_json()
    firsts = {macros(state, "zombies")[1].action for _ in range(3)}
    assert len(firsts) == 1
    assert state.to_json() == before  # asking the agent used no live die, moved nothing


def test_it_decides_from_the_zombie_seats_view_only(tmp_path, monkeypatch):
    state, _zs = three_zombies(tmp_path)
    seen = []
    real = ZombieAgent.act

    def watched(agent, obs):
        seen.append((obs.seat, type(obs).__name__))
        return real(agent, obs)

    monkeypatch.setattr(ZombieAgent, "act", watched)
    macros(state, "zombies")
    assert seen == [("zombies", "_LiveObservation")]  # observed as any agent is
    give(state, "Becky", "Crowbar")  # a hero's hand the zombies cannot see: the same step
    before = macros(state, "zombies")[1].action
    state.heroes["Becky"].items.clear()
    assert macros(state, "zombies")[1].action == before


def shamble_near(tmp_path):
    """Shamble in the zombies' hand, the heroes at 7,0: Zombie 1 far off, Zombie 2 four
    spaces from them (the agent's Shamble range), Zombie 3 far off."""
    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    for hero in state.heroes:
        put(state, hero, "7,0")
    zs = [zombie(state, "0,3"), zombie(state, "6,3"), zombie(state, "1,5")]
    zombie_turn(state, "move", order=list(zs))
    return state, zs


def test_it_stops_where_the_agent_would_play_shamble_and_says_why(tmp_path):
    state, (z1, z2, _z3) = shamble_near(tmp_path)
    done = engine_macros.run(state, "zombies", ADVANCE, macros, state.apply)
    why = ("the zombie agent would play Shamble on Zombie 2 (a hero or townsperson 3 to 6 "
           "spaces off): a card is yours to play; play it, or move Zombie 2 yourself, then "
           "the rest may advance")
    assert done == {"macro": ADVANCE, "actions": 1, "order": None, "why": why}
    assert state.history[-1] == f"move:{z1}:{at(state, '0,2')}"
    assert "Shamble" in state.zombie_hand  # no card played for the person
    assert f"shamble:{z2}" in state.decision.ids  # the person is asked
    _rest, blocked = macros(state, "zombies")
    assert blocked.action is None and blocked.note == why
    assert blocked.to_data()["available"] is False
    with pytest.raises(engine_macros.NoMacro, match="would play Shamble on Zombie 2"):
        engine_macros.start(state, "zombies", ADVANCE, macros)
    state.apply(f"stay:{z2}")  # the person's choice: then the rest advance again
    assert engine_macros.run(state, "zombies", ADVANCE, macros, state.apply)["actions"] == 1


def test_a_shambling_zombie_advances_as_the_agent_would_and_stops_at_no_gain(tmp_path):
    state, (_z1, z2, z3) = shamble_near(tmp_path)
    state.apply(f"move:{_z1}:{at(state, '0,2')}")
    script(state, 2)
    state.apply(f"shamble:{z2}")  # the person plays it; two spaces
    expected = agents_run(state, "zombies")
    history = len(state.history)
    done = engine_macros.run(state, "zombies", ADVANCE, macros, state.apply)
    assert done["why"] is None and state.history[history:] == expected
    assert expected[:2] == [f"move:{z2}:{at(state, '6,2')}", f"move:{z2}:{at(state, '6,1')}"]
    assert expected[-1].startswith(f"move:{z3}:")


def test_it_is_offered_only_in_the_zombies_movement(tmp_path):
    state = table(tmp_path)
    hero_turn(state, "Becky")
    assert macros(state, "heroes") == [] and macros(state, "zombies") == []
    with pytest.raises(engine_macros.NoMacro, match="no 'advance' now; offered: none"):
        engine_macros.run(state, "heroes", ADVANCE, macros, state.apply)


def five_zombies(tmp_path):
    """Two zombie players: Zombies 1, 3 and 5 zombies-1's, 2 and 4 zombies-2's, the heroes
    at 7,0."""
    state = table(tmp_path, **{"zombie-players": 2})
    for hero in state.heroes:
        put(state, hero, "7,0")
    zombies = [zombie(state, s) for s in ["0,3", "2,4", "4,5", "1,5", "0,5"]]
    zombie_turn(state, "move", order=list(zombies))
    return state, zombies


def test_with_two_zombie_players_it_stands_and_takes_the_agents_steps(tmp_path):
    state, (z1, z2, z3, z4, z5) = five_zombies(tmp_path)
    _rest, advance = macros(state, Z1)
    assert advance.label == "The rest of your zombies advance (1 now, 2 after zombies-2's)"
    assert advance.later == 2 and "yours after the other player's" in advance.note
    assert macros(state, Z2) == []
    done = engine_macros.run(state, Z1, ADVANCE, macros, state.apply)
    standing = done.pop("order")
    assert done == {"macro": ADVANCE, "actions": 1,
                    "why": "zombies-2 decides now: Move Zombie 2 (1 space); the macro goes on "
                           "each time you are asked again in this step"}
    assert standing == StandingOrder(Z1, ADVANCE, advance.scope,
                                     "The rest of your zombies advance", 2)
    assert state.history[-1] == f"move:{z1}:{at(state, '0,2')}"
    assert order_step(state, standing, macros) == (None, None, True)  # zombies-2 decides
    state.apply(f"stay:{z2}")  # the other player's own choice
    expected = ZombieAgent(len(state.history)).act(observe(state))
    assert expected.startswith(f"move:{z3}:")
    assert order_step(state, standing, macros) == (expected, None, True)
    state.apply(expected)
    standing = standing.took()
    state.apply(f"stay:{z4}")
    action, why, going = order_step(state, standing, macros)
    assert action is not None and action.startswith(f"move:{z5}:") and going
    state.apply(action)
    assert standing.took() is None  # both taken: it ends
    assert macros(state, Z1) == [] and macros(state, Z2) == []  # the movement is over


def test_the_preview_is_the_runs_moves_and_changes_nothing(tmp_path):
    state, (z1, z2, z3) = three_zombies(tmp_path)
    before = state.to_json()
    preview = macros(state, "zombies")[1].to_data()["preview"]
    assert state.to_json() == before  # worked out on a copy
    assert preview == [
        {"figure": z1, "name": "Zombie 1", "from": "0,3", "to": "0,2"},
        {"figure": z2, "name": "Zombie 2", "from": "5,2", "to": "5,1"},
        {"figure": z3, "name": "Zombie 3", "from": "2,4", "to": "2,3"}]
    assert macros(state, "zombies")[0].to_data()["preview"] is None  # the rest stay: none
    engine_macros.run(state, "zombies", ADVANCE, macros, state.apply)
    assert [state.name(state.zombies[z]) for z in (z1, z2, z3)] == [m["to"] for m in preview]


def test_the_preview_ends_where_the_run_would_stop(tmp_path):
    state, (z1, _z2, _z3) = shamble_near(tmp_path)
    [move] = macros(state, "zombies")[1].to_data()["preview"]
    assert (move["figure"], move["to"]) == (z1, "0,2")  # Zombie 2 would be Shambled: the end
    state.apply(f"move:{z1}:{at(state, '0,2')}")
    blocked = macros(state, "zombies")[1].to_data()
    assert blocked["available"] is False and blocked["preview"] is None  # none to draw


def test_the_preview_is_the_same_whatever_the_decks_hold(tmp_path):
    state, _zs = three_zombies(tmp_path)
    first = macros(state, "zombies")[1].to_data()["preview"]
    state.hero_deck.cards.reverse()
    state.zombie_deck.cards.reverse()
    assert macros(state, "zombies")[1].to_data()["preview"] == first
