"""The game as a whole: set-up, options and their errors, what each seat may see on every step
of random games, the agents playing whole games."""

from __future__ import annotations

import random

import pytest

from deadtable import registry
from deadtable.agents import make_agent
from deadtable.agents.base import observe
from deadtable.engine.options import BadOption
from deadtable.games.last_night_on_earth.zseats import hand_of


def test_set_up_deals_four_heroes_zombies_on_the_pits_and_the_sheriffs_revolver():
    game = registry.load("last-night-on-earth",
                         heroes="Sheriff Anderson,Becky,Father Joseph,Jenny")
    state = game.new(seed=4)
    assert list(state.heroes) == ["Sheriff Anderson", "Becky", "Father Joseph", "Jenny"]
    assert "Revolver" in state.heroes["Sheriff Anderson"].items
    assert "Faith" in state.heroes["Father Joseph"].hand
    assert 2 <= state.next_zombie - 1 <= 12  # 2D6 zombies
    assert set(state.zombies.values()) <= set(state.town.spawning_pits)
    for hero in state.heroes.values():
        building = state.hero(hero.name).start
        if building in state.town.buildings:
            assert state.town.building_of[hero.space] == building
        else:
            assert hero.space in state.town.center_of_town


@pytest.mark.parametrize(("options", "words"), [
    ({"heroes": "Becky,Bob"}, "no hero named 'Bob'"),
    ({"heroes": "Becky,Billy"}, "name 4 different heroes"),
    ({"scenario": "burn-them-out"}, "is not accepted"),
    ({"town": "/no/such/town.toml"}, "town.toml"),
    ({"decks": "expert"}, "is not accepted"),
])
def test_bad_options_say_what_is_wrong(options, words):
    with pytest.raises(BadOption, match=words):
        registry.load("last-night-on-earth", **options)


def random_steps(seed: int, **options):
    state = registry.load("last-night-on-earth", **options).new(seed=seed)
    pick = random.Random(seed)
    while state.outcome is None:
        yield state
        state.apply(pick.choice(state.decision.ids))
    yield state


@pytest.mark.parametrize(("seed", "options"), [
    (1, {}), (2, {}),
    (3, {"hero-players": 2, "scenario": "save-the-townsfolk"}),
    (4, {"hero-players": 3, "scenario": "burn-em-out"}),
    (5, {"hero-players": 4, "scenario": "escape-in-the-truck"}),
    (6, {"zombie-players": 2}),
    (7, {"hero-players": 2, "zombie-players": 2, "scenario": "defend-the-manor-house"}),
    (8, {"decks": "advanced"}), (9, {"decks": "advanced", "zombie-players": 2}),
    (10, {"decks": "advanced", "hero-players": 3, "scenario": "escape-in-the-truck"}),
])
def test_no_view_shows_another_seats_hand_or_a_decks_order(seed, options):
    for state in random_steps(seed, **options):
        spectator = state.public_view()
        assert all("hand" not in h for h in spectator["heroes"])
        for seat in state.game.seats:
            view = state.view(seat)
            assert "cards" not in view.get("hero_deck", {})
            assert "cards" not in view.get("zombie_deck", {})
            if seat in state.game.sides["zombies"]:
                assert view["zombie_hand"]["cards"] == hand_of(state, seat)
            else:
                assert "cards" not in view["zombie_hand"]
            for shown, hero in zip(view["heroes"], state.heroes.values(), strict=True):
                if state.seat_of(hero.name) == seat:
                    assert shown["hand"] == hero.hand
                else:
                    assert "hand" not in shown
            log = {e["text"] for e in view["log"]}
            assert not any(e.text in log for e in state.log
                           if e.seats is not None and seat not in e.seats)
        if state.outcome is None:
            decision = state.decision
            # a hero player plays only its own heroes' cards (in a hero's own turn the actions
            # name the hero a card is played on: all are that hero's)
            if decision.seat in state.game.sides["zombies"]:  # and a zombie player its own
                for action in decision.actions:
                    if (action.args or {}).get("verb") == "play":
                        assert action.args["card"] in hand_of(state, decision.seat)
            elif state.stack[-1].KIND != "hero-act":
                for action in decision.actions:
                    name = (action.args or {}).get("hero")
                    if (action.args or {}).get("verb") == "play" and name:
                        assert state.seat_of(name) == decision.seat


@pytest.mark.parametrize(("scenario", "seed", "players", "decks"), [
    ("defend-the-manor-house", 9, 1, "basic"), ("die-zombies-die", 3, 1, "basic"),
    ("escape-in-the-truck", 4, 2, "basic"), ("save-the-townsfolk", 5, 3, "basic"),
    ("burn-em-out", 6, 4, "basic"), ("die-zombies-die", 7, 1, "basic"),
    ("die-zombies-die", 8, 1, "advanced"), ("escape-in-the-truck", 10, 2, "advanced")])
def test_the_games_agents_play_whole_games(scenario, seed, players, decks):
    game = registry.load("last-night-on-earth", scenario=scenario,
                         heroes="Father Joseph,Johnny,Sally,Sheriff Anderson", decks=decks,
                         **{"hero-players": players, "zombie-players": 1 + seed % 2})
    state = game.new(seed=seed)
    agents = {seat: make_agent("heuristic", seed=1, game=game.id)
              for seat in game.sides["heroes"]}
    agents.update({seat: make_agent("zombie", seed=2, game=game.id)
                   for seat in game.sides["zombies"]})
    while state.outcome is None:
        decision = state.decision
        state.apply(agents[decision.seat].act(observe(state)))
    assert state.outcome.cause
