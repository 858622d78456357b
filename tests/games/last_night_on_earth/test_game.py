"""The game as a whole: set-up, options and their errors, what each seat may see on every step
of random games, the agents playing whole games."""

from __future__ import annotations

import random

import pytest

from deadtable import registry
from deadtable.agents import make_agent
from deadtable.agents.base import observe
from deadtable.engine.options import BadOption


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
])
def test_bad_options_say_what_is_wrong(options, words):
    with pytest.raises(BadOption, match=words):
        registry.load("last-night-on-earth", **options)


def random_steps(seed: int):
    state = registry.load("last-night-on-earth").new(seed=seed)
    pick = random.Random(seed)
    while state.outcome is None:
        yield state
        state.apply(pick.choice(state.decision.ids))
    yield state


@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_shows_the_other_sides_hand_or_a_decks_order(seed):
    for state in random_steps(seed):
        heroes, zombies = state.view("heroes"), state.view("zombies")
        spectator = state.public_view()
        for view in (heroes, zombies, spectator):
            assert "cards" not in view.get("hero_deck", {})
            assert "cards" not in view.get("zombie_deck", {})
        assert "cards" not in heroes["zombie_hand"]
        assert zombies["zombie_hand"]["cards"] == state.zombie_hand.cards
        assert all("hand" not in h for h in zombies["heroes"])
        assert [h["hand"] for h in heroes["heroes"]] == [h.hand for h in state.heroes.values()]
        zombie_log = {e["text"] for e in zombies["log"]}
        assert not any(e.text in zombie_log for e in state.log if e.seats == ("heroes",))
        hero_log = {e["text"] for e in heroes["log"]}
        assert not any(e.text in hero_log for e in state.log if e.seats == ("zombies",))


@pytest.mark.parametrize(("scenario", "seed"), [("defend-the-manor-house", 9),
                                              ("die-zombies-die", 3)])
def test_the_games_agents_play_whole_games(scenario, seed):
    game = registry.load("last-night-on-earth", scenario=scenario,
                         heroes="Father Joseph,Johnny,Sally,Sheriff Anderson")
    state = game.new(seed=seed)
    agents = {"heroes": make_agent("heuristic", seed=1, game=game.id),
              "zombies": make_agent("zombie", seed=2, game=game.id)}
    while state.outcome is None:
        decision = state.decision
        state.apply(agents[decision.seat].act(observe(state)))
    assert state.outcome.cause
