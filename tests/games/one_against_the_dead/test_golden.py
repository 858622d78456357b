"""A whole game, every card stacked and every die scripted, from the start card to the
helicopter: the turn order of the rulebook end to end."""

from __future__ import annotations

from tests.games.one_against_the_dead.conftest import city, ids, new, play


def test_a_short_city_played_to_the_helicopter() -> None:
    deck = city(helicopter="3H", row=["5S"], start="2C",
                draws=["JC", "2D", "9C", "6H", "7H"])
    state = new(deck, dice=[3, 1, 1, 1, 1, 2, 3, 1], row=1)
    assert state.life == 2

    # Turn one: the 5 of spades is turned over and stays; three cards are drawn.
    assert state.pending == ["JC", "2D", "9C"]
    assert ids(state) == ["place:up", "place:down", "place:left"]
    play(state, "place:up")  # the jack: a baseball bat lies above you
    assert state.map_weapons[(0, 1)].kind == "bat"
    play(state, "place:down")  # 2D matches the 2C by number; 9C (forced left) by suit
    assert state.zombies == 5  # only the 5 of spades counts
    assert ids(state) == ["take:bat", "fight:fists"]
    play(state, "take:bat", "fight:weapon")  # the 5-die rolls 3: dead (Bat power 3)
    assert state.zombies == 0 and state.life == 2 and state.kills == 5

    # Turn two: onto the 5 of spades; two cards drawn, neither matches: 13 zombies.
    assert ids(state) == ["move:right", "move:down", "move:left"]
    play(state, "move:right", "place:up")
    assert state.grid[(1, 1)] == "6H" and state.grid[(1, -1)] == "7H"
    assert state.zombies == 13
    play(state, "fight:weapon")  # 10 + 1 + 1 + 1, all rolling 1
    assert state.zombies == 0 and state.kills == 18

    # The helicopter: its card's 3 zombies must all die in the final battle.
    assert ids(state)[0] == "move:right"
    play(state, "move:right")
    assert state.zombies == 3
    play(state, "fight:weapon")
    assert state.outcome is not None
    assert state.outcome.results == {"player": "win"}
    assert state.outcome.cause == "evacuated"
    assert state.outcome.scores == {"player": 2.0}
    assert state.dice.script == []  # every scripted die was used, none more
    assert state.history == [
        "place:up", "place:down", "take:bat", "fight:weapon",
        "move:right", "place:up", "fight:weapon", "move:right", "fight:weapon",
    ]
