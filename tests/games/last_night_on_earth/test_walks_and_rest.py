"""For people only: a hero's (or a shambling zombie's) far squares found and walked by the
engine's reach (GameSpec.moves: reach.move_of), and the zombie player's "the rest stay"
(GameSpec.macros: macros.macros), a run of the ordinary stays that stops at a zombie Zombie
Hunger makes move. Neither is an action of the rules."""

from __future__ import annotations

import pytest

from deadtable import registry
from deadtable.engine import macros as engine_macros
from deadtable.engine.decisions import Action
from deadtable.engine.reach import not_plain, reach, route_to
from deadtable.games.last_night_on_earth.macros import REST, macros
from deadtable.games.last_night_on_earth.reach import move_of, moving_view
from tests.games.last_night_on_earth.table import (
    at,
    hero_turn,
    put,
    script,
    table,
    texts,
    zombie,
    zombie_cards,
    zombie_turn,
)


def becky_moving(tmp_path, moves: int):
    state = table(tmp_path)
    hero_turn(state, "Becky")
    script(state, moves)
    state.apply("move")
    return state


def test_the_spec_names_the_reader_and_the_macros():
    spec = registry.spec("last-night-on-earth")
    assert registry.move_reader(spec) is move_of
    assert registry.macro_reader(spec) is macros


def test_move_of_reads_the_moving_heros_steps_and_nothing_else(tmp_path):
    state = becky_moving(tmp_path, 3)
    read = {a.id: move_of(state, a) for a in state.decision.actions}
    assert read[f"step:{at(state, '4,3')}"] == ("Becky", "3,3", "4,3")
    assert read["stop"] is None
    assert move_of(state, Action("x", "x", {"verb": "search"})) is None
    state.apply("stop")  # her turn's main choices: no step among them
    assert all(move_of(state, a) is None for a in state.decision.actions)


def test_a_heros_reach_is_the_moving_area_and_ends_at_a_zombies_square(tmp_path):
    state = table(tmp_path)
    zombie(state, "5,3")
    hero_turn(state, "Becky")
    script(state, 3)
    state.apply("move")
    before = state.to_json()
    routes = reach(state, "heroes", move_of)
    assert list(routes) == ["Becky"]
    becky = routes["Becky"]
    assert set(becky) == set(moving_view(state)["reach"])  # the area the town outlines
    assert becky["5,3"].spaces == ("4,3", "5,3")  # the zombies' square ends a route
    assert "6,3" not in becky  # only through 5,3 in three moves
    assert max(len(r.steps) for r in becky.values()) == 3
    assert reach(state, "zombies", move_of) == {}  # not the zombies' decision
    assert state.to_json() == before  # searched on copies


def test_walking_a_route_takes_its_steps_as_ordinary_moves(tmp_path):
    state = becky_moving(tmp_path, 4)
    route = route_to(reach(state, "heroes", move_of), "5,1", None)
    assert len(route.steps) == 4 and route.steps[0].startswith("step:")
    for action_id in route.steps:
        before = state.clone()
        state.apply(action_id)
        assert not_plain(before, state, "heroes") is None
    assert state.name(state.heroes["Becky"].space) == "5,1"
    assert texts(state, 4) == [f"Becky moves to {s}." for s in route.spaces]


def test_the_reach_tells_the_heroes_nothing_of_the_zombie_hand_or_the_decks(tmp_path):
    def searched(hand: list[str], seed_order: bool) -> dict[str, tuple[str, ...]]:
        folder = tmp_path / str(seed_order)
        folder.mkdir()
        state = table(folder)
        zombie(state, "5,3")
        zombie_cards(state, *hand)
        if seed_order:
            state.hero_deck.cards.reverse()
            state.zombie_deck.cards.reverse()
        hero_turn(state, "Becky")
        script(state, 4)
        state.apply("move")
        state.apply("pass")  # asked whenever the hand holds a card: it plays none
        return {s: r.spaces for s, r in reach(state, "heroes", move_of)["Becky"].items()}

    assert searched(["Shamble", "Shamble"], False) == searched(["Resilient", "Lights Out"], True)


def test_a_shambling_zombie_walks_its_reach(tmp_path):
    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    z = zombie(state, "7,3")
    put(state, "Becky", "5,3")
    zombie_turn(state, "move", order=[z])
    one = reach(state, "zombies", move_of)["Zombie 1"]
    assert {len(r.steps) for r in one.values()} == {1}  # a zombie's move: one space
    script(state, 3)
    state.apply(f"shamble:{z}")
    three = reach(state, "zombies", move_of)["Zombie 1"]
    assert set(three) == set(moving_view(state)["reach"])
    route = three["7,0"]
    assert route.spaces == ("7,2", "7,1", "7,0")
    logged = len(state.log)
    for action_id in route.steps:
        state.apply(action_id)
    assert state.zombies[z] == at(state, "7,0")
    assert [e.text for e in state.log[logged:logged + 3]] == [
        "Zombie 1 moves to 7,2.", "Zombie 1 moves to 7,1.", "Zombie 1 moves to 7,0 (Bank)."]


def three_zombies(tmp_path):
    """Zombies 1 and 3 free to stay, Zombie 2 beside Becky (Zombie Hunger)."""
    state = table(tmp_path)
    for hero in ("Johnny", "Sally", "Jenny"):
        put(state, hero, "7,0")
    put(state, "Becky", "5,1")
    zs = [zombie(state, "0,3"), zombie(state, "5,2"), zombie(state, "2,4")]
    zombie_turn(state, "move", order=list(zs))
    return state, zs


def test_the_rest_stay_stops_at_a_zombie_that_must_move(tmp_path):
    state, (z1, z2, z3) = three_zombies(tmp_path)
    [rest, _advance] = macros(state, "zombies")
    assert (rest.id, rest.label, rest.action) == (REST, "The rest stay (3 zombies to move)",
                                                  f"stay:{z1}")
    assert "Zombie 2 must move by Zombie Hunger" in rest.note
    assert macros(state, "heroes") == []  # only to the seat deciding
    history = len(state.history)
    done = engine_macros.run(state, "zombies", REST, macros, state.apply)
    assert done == {"macro": REST, "actions": 1, "order": None,
                    "why": "Zombie 2 must move: Zombie Hunger (a hero is next to it); move it, "
                           "then the rest may stay"}
    assert state.history[history:] == [f"stay:{z1}"]  # the ordinary action, nothing else
    [blocked, _advance] = macros(state, "zombies")
    assert blocked.action is None and blocked.to_data()["available"] is False
    with pytest.raises(engine_macros.NoMacro, match="Zombie 2 must move"):
        engine_macros.start(state, "zombies", REST, macros)
    state.apply(f"move:{z2}:{at(state, '5,1')}")
    done = engine_macros.run(state, "zombies", REST, macros, state.apply)
    assert done == {"macro": REST, "actions": 1, "why": None, "order": None}
    assert state.history[-2:] == [f"move:{z2}:{at(state, '5,1')}", f"stay:{z3}"]
    assert state.zombies[z1] == at(state, "0,3") and state.zombies[z3] == at(state, "2,4")
    assert macros(state, "zombies") == []  # the movement is over


def test_the_rest_stay_is_offered_only_in_the_zombies_movement(tmp_path):
    state = becky_moving(tmp_path, 3)
    assert macros(state, "heroes") == [] and macros(state, "zombies") == []
    with pytest.raises(engine_macros.NoMacro, match="no 'rest' now; offered: none"):
        engine_macros.run(state, "heroes", REST, macros, state.apply)


def shambling(tmp_path):
    """Zombie 1 on a Shamble of 3 (Becky far off), Zombie 2 still to move."""
    state = table(tmp_path)
    zombie_cards(state, "Shamble")
    put(state, "Becky", "0,5")
    z1, z2 = zombie(state, "7,3"), zombie(state, "6,0")
    zombie_turn(state, "move", order=[z1, z2])
    script(state, 3)
    state.apply(f"shamble:{z1}")
    return state, (z1, z2)


def test_a_shambling_zombie_stops_and_the_rest_stay(tmp_path):
    state, (z1, z2) = shambling(tmp_path)
    state.apply(f"move:{z1}:{at(state, '7,2')}")
    [rest, _advance] = macros(state, "zombies")
    assert rest.action == f"stop:{z1}" and "on a Shamble stops" in rest.note
    done = engine_macros.run(state, "zombies", REST, macros, state.apply)
    assert done["actions"] == 2 and state.history[-2:] == [f"stop:{z1}", f"stay:{z2}"]
    assert state.zombies[z1] == at(state, "7,2")


def test_with_two_zombie_players_a_run_stands_where_the_other_is_asked(tmp_path):
    state = table(tmp_path, **{"zombie-players": 2})
    for hero in state.heroes:
        put(state, hero, "7,0")
    z1, z2, z3 = zombie(state, "0,3"), zombie(state, "2,4"), zombie(state, "4,5")
    zombie_turn(state, "move", order=[z1, z2, z3])  # Zombies 1 and 3 zombies-1's, 2 zombies-2's
    assert state.decision.seat == "zombies-1"
    [rest, _advance] = macros(state, "zombies-1")
    # its own now, up to the other's, and its own after the other's
    assert rest.label == "The rest of your zombies stay (1 now, 1 after zombies-2's)"
    assert rest.later == 1 and rest.scope == f"turn {state.turn}: the zombies' movement"
    done = engine_macros.run(state, "zombies-1", REST, macros, state.apply)
    standing = done.pop("order")
    assert done == {"macro": REST, "actions": 1,
                    "why": "zombies-2 decides now: Move Zombie 2 (1 space); the macro goes on "
                           "each time you are asked again in this step"}
    assert standing == engine_macros.StandingOrder("zombies-1", REST, rest.scope,
                                                "The rest of your zombies stay", 1)
    assert state.history[-1:] == [f"stay:{z1}"] and state.decision.seat == "zombies-2"
