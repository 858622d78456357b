"""Two zombie players and "the rest stay": the rules ask about the zombies in number order,
and the two players' zombies alternate (odd zombies-1's, even zombies-2's), so a run stops at
the other player's zombie. It then *stands* (engine/macros.py, StandingOrder): each time the rules
ask the player about another of its own zombies in this movement step, it stays, until one
must move by Zombie Hunger or the step ends. Every stay is the rules' ordinary action."""

from __future__ import annotations

from deadtable.engine import macros as engine_macros
from deadtable.engine.macros import StandingOrder, order_step
from deadtable.games.last_night_on_earth.macros import REST, macros
from tests.games.last_night_on_earth.table import at, put, table, zombie, zombie_turn

Z1, Z2 = "zombies-1", "zombies-2"


def five_zombies(tmp_path, hungry: str = ""):
    """Two zombie players at the movement: Zombies 1, 3 and 5 zombies-1's, 2 and 4
    zombies-2's, the heroes far off (or next to the zombie on `hungry`'s square)."""
    state = table(tmp_path, **{"zombie-players": 2})
    for hero in state.heroes:
        put(state, hero, "7,0")
    squares = ["0,3", "2,4", "4,5", "1,5", "0,5"]
    if hungry:
        squares[2] = hungry
    zombies = [zombie(state, s) for s in squares]
    zombie_turn(state, "move", order=list(zombies))
    return state, zombies


def test_the_label_counts_the_players_zombies_now_and_after_the_others(tmp_path):
    state, zs = five_zombies(tmp_path)
    [rest, _advance] = macros(state, Z1)
    assert rest.label == "The rest of your zombies stay (1 now, 2 after zombies-2's)"
    assert rest.later == 2 and rest.action == f"stay:{zs[0]}"
    assert "yours after the other player's stay as the rules come to them" in rest.note
    assert macros(state, Z2) == []  # not its decision


def test_a_run_stands_and_stays_each_of_the_players_zombies_as_the_rules_ask(tmp_path):
    state, (z1, z2, z3, z4, z5) = five_zombies(tmp_path)
    done = engine_macros.run(state, Z1, REST, macros, state.apply)
    standing = done["order"]
    assert isinstance(standing, StandingOrder) and (standing.seat, standing.left) == (Z1, 2)
    assert state.decision.seat == Z2 and state.history[-1] == f"stay:{z1}"
    assert order_step(state, standing, macros) == (None, None, True)  # zombies-2 decides
    state.apply(f"move:{z2}:{at(state, '2,3')}")  # zombies-2 moves its own
    assert state.decision.seat == Z1
    assert order_step(state, standing, macros) == (f"stay:{z3}", None, True)
    state.apply(f"stay:{z3}")
    assert state.decision.seat == Z2
    state.apply(f"stay:{z4}")
    assert order_step(state, standing, macros) == (f"stay:{z5}", None, True)
    state.apply(f"stay:{z5}")
    assert standing.took() is not None and standing.took().took() is None  # two taken: done
    assert state.history[-5:] == [f"stay:{z1}", f"move:{z2}:{at(state, '2,3')}",
                                  f"stay:{z3}", f"stay:{z4}", f"stay:{z5}"]
    assert state.zombies[z3] == at(state, "4,5") and state.zombies[z5] == at(state, "0,5")
    # the movement is over: the order ends where the seat is next asked, or the game ends
    assert macros(state, Z1) == [] and macros(state, Z2) == []
    step = order_step(state, standing, macros)
    assert step == ((None, None, True) if state.decision.seat != Z1 else (None, None, False))


def test_the_order_ends_at_a_zombie_that_must_move_and_says_why(tmp_path):
    state, (z1, z2, z3, _z4, _z5) = five_zombies(tmp_path, hungry="6,1")  # by the heroes
    [rest, _advance] = macros(state, Z1)
    assert "Zombie 3 must move by Zombie Hunger" in rest.note  # named before it runs
    done = engine_macros.run(state, Z1, REST, macros, state.apply)
    standing = done["order"]
    assert standing is not None
    state.apply(f"stay:{z2}")
    before = state.to_json()
    action, why, going = order_step(state, standing, macros)
    assert (action, going) == (None, False)
    assert why == ("Zombie 3 must move: Zombie Hunger (a hero is next to it); move it, then "
                   "the rest may stay")
    assert state.to_json() == before and state.decision.seat == Z1  # the player is asked


def test_an_order_from_another_step_is_dropped_unused(tmp_path):
    state, (z1, *_rest) = five_zombies(tmp_path)
    [rest, _advance] = macros(state, Z1)
    old = StandingOrder(Z1, REST, f"turn {state.turn - 1}: the zombies' movement", rest.label, 2)
    assert order_step(state, old, macros) == (None, None, False)
    assert state.decision.actions and state.history[-1:] != [f"stay:{z1}"]


def test_one_zombie_player_never_stands(tmp_path):
    state = table(tmp_path)
    for hero in state.heroes:
        put(state, hero, "7,0")
    zs = [zombie(state, s) for s in ("0,3", "2,4")]
    zombie_turn(state, "move", order=list(zs))
    [rest, _advance] = macros(state, "zombies")
    assert rest.later == 0 and rest.label == "The rest stay (2 zombies to move)"
    done = engine_macros.run(state, "zombies", REST, macros, state.apply)
    assert done["order"] is None and done["actions"] == 2
