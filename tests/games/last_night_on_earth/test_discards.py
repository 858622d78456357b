"""The discard piles in the view: face up at the table, so every seat and the spectator see
every card of both, the newest first, and can read each card's text; the decks' order and the
hands stay hidden."""

from __future__ import annotations

from deadtable.games.last_night_on_earth.state import LastNightState
from tests.games.last_night_on_earth.table import fight, give, script, table, zombie, zombie_cards


def fought(tmp_path) -> LastNightState:
    """Becky's fight: Sally plays Faith on it, the zombies answer with Braaains! (both go to
    their discard piles); Sally still holds Recovery, the zombies Uuuurrrggghh!."""
    state = table(tmp_path)
    give(state, "Sally", "Faith", "Recovery")
    zombie_cards(state, "Braaains!", "Uuuurrrggghh!")
    fight(state, "Becky", zombie(state, "3,3"))
    state.apply("faith:Sally")
    state.apply("pass")
    script(state, 5, 5, 3, 1)
    state.apply("roll")
    state.apply("play:Braaains!")
    state.apply("let-be")
    state.apply("done")
    return state


def test_every_seat_sees_both_piles_whole_the_newest_first(tmp_path) -> None:
    state = fought(tmp_path)
    state.hero_discard.put_on_top("Revolver")  # discarded after the Faith
    views = [state.view("heroes"), state.view("zombies"), state.public_view()]
    for seen in views:
        assert seen["hero_discard"]["cards"] == ["Revolver", "Faith"]
        assert seen["hero_discard"]["count"] == 2
        assert seen["zombie_discard"]["cards"] == ["Braaains!"]
        # each discarded card's text can be read by all
        assert seen["cards"]["Faith"] == state.data.cards["Faith"].text
        assert seen["cards"]["Braaains!"] == state.data.cards["Braaains!"].text
        assert seen["cards"]["Revolver"] == state.data.cards["Revolver"].text
        # the decks show only how many cards are left
        assert set(seen["hero_deck"]) == {"name", "count"}
        assert set(seen["zombie_deck"]) == {"name", "count"}
    heroes, zombies, spectator = views
    assert "Uuuurrrggghh!" not in heroes["cards"] and "Uuuurrrggghh!" not in spectator["cards"]
    assert "Recovery" not in zombies["cards"] and "Recovery" not in spectator["cards"]
    assert "cards" not in heroes["zombie_hand"] and "cards" not in spectator["zombie_hand"]


def test_two_zombie_players_see_the_same_piles_but_only_their_own_cards(tmp_path) -> None:
    state = table(tmp_path, **{"zombie-players": 2})
    state.zombie_discard.put_on_top("Shamble")
    state.zombie_discard.put_on_top("Heavy Rain")
    state.hero_discard.put_on_top("Keys")
    first, second = state.view("zombies-1"), state.view("zombies-2")
    for seen in (first, second, state.view("heroes")):
        assert seen["zombie_discard"]["cards"] == ["Heavy Rain", "Shamble"]
        assert seen["hero_discard"]["cards"] == ["Keys"]
        assert "Heavy Rain" in seen["cards"] and "Keys" in seen["cards"]
