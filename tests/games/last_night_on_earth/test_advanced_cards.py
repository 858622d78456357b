"""The Advanced decks (option decks=advanced): the deck they make, and each implemented
Advanced card's effect with its dice scripted."""

from __future__ import annotations

from collections import Counter

from deadtable import registry
from deadtable.agents import make_agent
from deadtable.agents.base import observe
from deadtable.games.last_night_on_earth.cards import ADVANCED_HERO_CARDS, ADVANCED_ZOMBIE_CARDS
from deadtable.games.last_night_on_earth.heroturn import HeroTurn
from deadtable.games.last_night_on_earth.state import LastNightState
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

NIGHTMARE = "Living Nightmare"
NO_TIME = "There's No Time, Leave It!"
CANT = "This Can't Be Happening!"
TEEN = "Teen Angst"
LOVERS = "This Could Be Our Last Night on Earth"
NEEDED = "Just What I Needed"
NIGHT = "Night That Never Ends"


def new(**options) -> LastNightState:
    state = registry.load("last-night-on-earth", **options).new(seed=3)
    assert isinstance(state, LastNightState)
    return state


def every_card(state: LastNightState) -> tuple[Counter, Counter]:
    heroes = Counter(state.hero_deck.cards + state.hero_discard.cards)
    for hero in state.heroes.values():
        heroes.update(hero.items + hero.hand)
    zombies = Counter(state.zombie_deck.cards + state.zombie_discard.cards
                      + state.zombie_hand.cards + state.in_play)
    return heroes, zombies


def test_the_advanced_decks_add_the_advanced_cards_to_the_basic_ones():
    basic_heroes, basic_zombies = every_card(new())
    heroes, zombies = every_card(new(decks="advanced"))
    assert heroes - basic_heroes == Counter({"Signal Flare": 1, "Lighter": 2, "Gasoline": 2,
                                             "Dynamite": 4, NEEDED: 4, "Old Betsy": 1,
                                             "Fire Extinguisher": 2, "Heroic Resolve": 1,
                                             "Hero's Rage": 1, "Blocked Windows": 1,
                                             "Escape Through the Window": 1})
    assert heroes.total() - basic_heroes.total() == 20  # the whole Advanced Hero deck
    assert zombies - basic_zombies == Counter({NIGHTMARE: 1, NO_TIME: 1, CANT: 1, TEEN: 1,
                                               "Bickering": 1, LOVERS: 2, NIGHT: 1,
                                               "I Feel Kinda Strange": 2,
                                               "Haunted by the Past": 1,
                                               "I've Got to Get to the…": 1,
                                               "I Don't Trust 'em": 1,
                                               "Locked Door": 2, "Unnecessary Self Sacrifice": 2,
                                               "Rotten Bodies": 1, "Overconfidence": 1,
                                               "My God, He's a Zombie": 1})
    assert set(ADVANCED_HERO_CARDS) <= set(heroes) and set(ADVANCED_ZOMBIE_CARDS) <= set(zombies)


def test_a_scenarios_advanced_cards_are_not_added_twice():
    """Burn 'Em Out shuffles in the Advanced deck's two Gasoline and two Lighters: with the
    Advanced decks they are already there."""
    heroes, _ = every_card(new(scenario="burn-em-out", decks="advanced"))
    assert heroes["Gasoline"] == 2 and heroes["Lighter"] == 2
    basic, _ = every_card(new(scenario="burn-em-out"))
    assert basic["Gasoline"] == 2 and basic["Dynamite"] == 0


def test_dynamite_needs_fire(tmp_path):
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", "Dynamite")
    zombie(state, "3,5")
    hero_turn(state, "Becky")
    assert not any(i.startswith("shoot:Dynamite") for i in state.decision.ids)


def test_dynamite_kills_zombies_on_2_and_wounds_heroes_on_5(tmp_path):
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", "Dynamite", "Lighter")
    a, b = zombie(state, "3,5"), zombie(state, "3,5")
    put(state, "Sally", "3,5")
    hero_turn(state, "Becky")
    script(state, 1, 2, 5)  # zombie a survives, b is killed, Sally is wounded
    state.apply(f"shoot:Dynamite:{at(state, '3,5')}")
    assert list(state.zombies) == [a] and b not in state.zombies
    lines = [e.text for e in state.log]
    assert "Dynamite roll 1 for Zombie 1: it survives (kills on 2+)." in lines
    assert "Dynamite roll 5 for Sally: a wound (wounds on 5+)." in lines
    assert state.heroes["Becky"].items == ["Lighter"]
    assert "Dynamite" in state.hero_discard
    assert state.heroes["Sally"].wounds == 1  # wounds taken


def dynamite_by_sally(tmp_path) -> LastNightState:
    """Becky in her turn with Dynamite and Fire, a zombie by Sally two squares away."""
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", "Dynamite", "Lighter")
    zombie(state, "3,5")
    put(state, "Sally", "3,5")
    hero_turn(state, "Becky")
    return state


def test_dynamite_spares_a_hero_on_4(tmp_path):
    state = dynamite_by_sally(tmp_path)
    script(state, 2, 4)
    state.apply(f"shoot:Dynamite:{at(state, '3,5')}")
    assert not state.zombies
    assert state.heroes["Sally"].wounds == 0


def test_the_advanced_signal_flare_is_a_second_flare(tmp_path):
    state = table(tmp_path, decks="advanced")
    assert Counter(state.hero_deck.cards)["Signal Flare"] == 2
    give(state, "Becky", "Signal Flare")
    z = zombie(state, "3,5")
    hero_turn(state, "Becky")
    script(state, 1)
    state.apply(f"shoot:Signal Flare:{z}")
    assert z in state.zombies and "Signal Flare" in state.hero_discard
    assert state.log[-1].text.endswith(": 1, a miss (burns on 2+).")


def test_the_lighter_is_fire_for_gas(tmp_path):
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", "Lighter")
    state.gas.append(at(state, "3,4"))
    z = zombie(state, "3,4")
    hero_turn(state, "Becky")
    state.apply(f"light:{at(state, '3,4')}")
    assert z not in state.zombies


def test_living_nightmare_discards_a_hero_card_every_zombie_turn(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, NIGHTMARE)
    zombie_turn(state, "cards")
    state.apply(f"play:{NIGHTMARE}")
    assert state.in_play == [NIGHTMARE]
    top = state.hero_deck.cards[0]
    left = len(state.hero_deck)
    zombie_turn(state, "sun")
    assert len(state.hero_deck) == left - 1 and state.hero_discard.cards[0] == top


def test_living_nightmare_beats_the_heroes_when_the_hero_deck_runs_out(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(NIGHTMARE)
    state.hero_deck.cards = state.hero_deck.cards[:1]
    zombie_turn(state, "sun")
    assert state.outcome is not None and state.outcome.results["zombies"] == "win"


def test_living_nightmare_gives_zombie_heroes_two_more_fight_dice(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(NIGHTMARE)
    becky = state.heroes["Becky"]
    becky.dead = True
    state.zombies["zombie-becky"] = at(state, "3,3")
    script(state, 1, 1, 1, 1, 6, 6)
    fight(state, "Johnny", "zombie-becky")
    state.apply("roll")
    rolled = [t for t in texts(state, 30) if t.startswith("Fight dice:")]
    assert "[1, 1, 1, 1]" in rolled[-1]  # a Zombie Hero's 2 dice, and 2 more


def test_theres_no_time_removes_a_hero_discard_from_the_game(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.hero_deck.remove("Chainsaw")
    state.hero_discard.put_on_top("Chainsaw")
    zombie_cards(state, NO_TIME)
    zombie_turn(state, "cards")
    assert f"play:{NO_TIME}" in state.decision.ids
    state.apply(f"play:{NO_TIME}")
    state.apply("discard:Chainsaw")
    assert "Chainsaw" not in state.hero_discard
    heroes, _ = every_card(state)
    assert heroes["Chainsaw"] == 0
    assert NO_TIME in state.zombie_discard


def test_theres_no_time_needs_a_hero_discard(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, NO_TIME)
    zombie_turn(state, "cards")
    assert f"play:{NO_TIME}" not in state.decision.ids


def choice(state: LastNightState, agent: str) -> str:
    return make_agent(agent, seed=1, game=state.game.id).act(observe(state))


def test_the_zombie_agent_plays_living_nightmare_and_removes_the_best_discard(tmp_path):
    state = table(tmp_path, decks="advanced")
    for card in ("Chainsaw", "Recovery"):
        state.hero_deck.remove(card)
        state.hero_discard.put_on_top(card)
    zombie_cards(state, NIGHTMARE, NO_TIME)
    zombie_turn(state, "cards")
    first = choice(state, "zombie")
    assert first in (f"play:{NIGHTMARE}", f"play:{NO_TIME}")
    state.apply(f"play:{NO_TIME}")
    assert choice(state, "zombie") == "discard:Chainsaw"  # a weapon before an event


def test_the_hero_agent_throws_dynamite_only_where_no_hero_stands(tmp_path):
    state = dynamite_by_sally(tmp_path)
    assert not choice(state, "heuristic").startswith("shoot:Dynamite")
    put(state, "Sally", "3,3")
    hero_turn(state, "Becky")
    assert choice(state, "heuristic") == f"shoot:Dynamite:{at(state, '3,5')}"


def test_this_cant_be_happening_takes_a_fight_die_until_he_starts_beside_a_hero(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, CANT)
    zombie_turn(state, "cards")
    state.apply(f"play:{CANT}")
    state.apply("hero:Becky")
    assert state.in_play == [f"{CANT} (Becky)"]
    put(state, "Becky", "0,4")
    z = zombie(state, "0,4")
    script(state, 6, 5)  # the zombie's die, then Becky's one die: she loses
    fight(state, "Becky", z)
    state.apply("roll")
    assert "Fight dice: Zombie 1 [6], Becky [5]." in texts(state, 30)
    put(state, "Becky", "3,3")  # beside Johnny
    state.stack = state.stack[:1]
    push(state, HeroTurn(step="choose", acted=["Johnny", "Sally", "Jenny"]))
    assert state.in_play == [] and CANT in state.zombie_discard


def test_teen_angst_is_played_on_a_student_and_counts_while_he_shares_a_space(tmp_path):
    state = table(tmp_path, decks="advanced")
    zombie_cards(state, TEEN)
    zombie_turn(state, "cards")
    state.apply(f"play:{TEEN}")
    assert sorted(state.decision.ids) == ["hero:Johnny", "hero:Sally"]  # the Students
    state.apply("hero:Sally")
    z = zombie(state, "3,3")
    script(state, 6, 5)
    fight(state, "Sally", z)  # beside Becky, Johnny and Jenny: 1 die
    state.apply("roll")
    assert "Fight dice: Zombie 1 [6], Sally [5]." in texts(state, 30)
    put(state, "Sally", "0,4")
    z = zombie(state, "0,4")
    script(state, 6, 5, 4)
    fight(state, "Sally", z)  # alone: 2 dice
    state.apply("roll")
    assert "Fight dice: Zombie 2 [6], Sally [5, 4]." in texts(state, 30)


def test_at_last_cancels_a_card_on_a_hero(tmp_path):
    state = table(tmp_path, decks="advanced")
    state.in_play.append(f"{TEEN} (Sally)")
    give(state, "Becky", "At Last…")
    push(state, HeroTurn(step="at-last"))
    state.apply("at-last:Becky:Teen Angst (Sally)")
    assert state.in_play == [] and TEEN in state.zombie_discard


def test_bickering_costs_every_hero_sharing_a_space_his_next_turn(tmp_path):
    state = table(tmp_path, decks="advanced")
    put(state, "Jenny", "0,4")  # alone: keeps her turn
    zombie_cards(state, "Bickering")
    zombie_turn(state, "cards")
    state.apply("play:Bickering")
    assert state.lost_turns == {h: "Bickering" for h in ("Becky", "Johnny", "Sally")}
    state.stack = state.stack[:1]
    push(state, HeroTurn())
    assert state.stack[-1].hero == "Jenny"  # the only hero left to act: her turn begins
    assert "Becky loses this turn." in texts(state, 10) and not state.lost_turns


def test_bickering_needs_heroes_sharing_a_space(tmp_path):
    state = table(tmp_path, decks="advanced")
    for hero, square in (("Becky", "0,4"), ("Johnny", "1,4"), ("Sally", "2,4")):
        put(state, hero, square)
    zombie_cards(state, "Bickering")
    zombie_turn(state, "cards")
    assert "play:Bickering" not in state.decision.ids


def test_last_night_on_earth_takes_a_male_and_a_female_hero_in_one_space(tmp_path):
    state = table(tmp_path, decks="advanced")
    put(state, "Becky", "0,4")
    put(state, "Sally", "0,4")  # two women: no pair
    zombie_cards(state, LOVERS)
    zombie_turn(state, "cards")
    state.apply(f"play:{LOVERS}")
    assert sorted(state.decision.ids) == ["hero:Jenny", "hero:Johnny"]
    state.apply("hero:Johnny")
    assert state.decision.ids == ["hero:Jenny"]
    state.apply("hero:Jenny")
    assert state.lost_turns == {"Johnny": LOVERS, "Jenny": LOVERS}


def test_just_what_i_needed_takes_a_discarded_card(tmp_path):
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", NEEDED)
    state.hero_deck.remove("Chainsaw")
    state.hero_discard.put_on_top("Chainsaw")
    hero_turn(state, "Becky")
    assert choice(state, "heuristic") == f"play:{NEEDED}"  # unarmed
    state.apply(f"play:{NEEDED}")
    assert "back:Chainsaw" in state.decision.ids and "take" in state.decision.ids
    assert not any(i.startswith("use:") for i in state.decision.ids)  # no scenario item
    assert choice(state, "heuristic") == "back:Chainsaw"
    # the discarded card she may take can be read (the page's What the cards do), by either
    # side: it lies face up in the discard pile
    assert "Chainsaw" in state.view("heroes")["cards"]
    assert "Chainsaw" in state.view("zombies")["cards"]
    state.apply("back:Chainsaw")
    becky = state.heroes["Becky"]
    assert becky.items == ["Chainsaw"] and becky.hand == []
    assert state.hero_discard.cards == [NEEDED]
    assert "move" in state.decision.ids  # her move is still to come


def test_just_what_i_needed_finds_a_scenario_item_in_the_deck(tmp_path):
    state = table(tmp_path, scenario="escape-in-the-truck", decks="advanced")
    give(state, "Becky", NEEDED)
    hero_turn(state, "Becky")
    state.apply(f"play:{NEEDED}")
    assert {"use:Keys", "use:Gasoline"} <= set(state.decision.ids)
    left = len(state.hero_deck)
    state.apply("use:Keys")
    assert state.heroes["Becky"].items == ["Keys"] and len(state.hero_deck) == left - 1


def test_just_what_i_needed_may_draw_the_top_card(tmp_path):
    state = table(tmp_path, decks="advanced")
    give(state, "Becky", NEEDED)
    hero_turn(state, "Becky")
    top = state.hero_deck.cards[0]
    state.apply(f"play:{NEEDED}")
    state.apply("take")
    becky = state.heroes["Becky"]
    assert top in becky.items + becky.hand


def test_night_that_never_ends_shuffles_every_copy_back_for_both_sides(tmp_path):
    state = table(tmp_path, decks="advanced")
    for card in ("Shamble", "Shamble", "Trip!"):
        state.zombie_deck.remove(card)
        state.zombie_discard.put_on_top(card)
    for card in ("Faith", "Faith", "Chainsaw"):
        state.hero_deck.remove(card)
        state.hero_discard.put_on_top(card)
    zombie_cards(state, NIGHT)
    zombie_turn(state, "cards")
    state.apply(f"play:{NIGHT}")
    assert sorted(state.decision.ids) == ["discard:Shamble", "discard:Trip!"]
    assert choice(state, "zombie") == "discard:Shamble"  # the most copies
    state.apply("discard:Shamble")
    assert state.zombie_discard.cards == [NIGHT, "Trip!"]
    assert state.zombie_deck.cards.count("Shamble") == 6
    assert state.decision.seat == "heroes" and "pass" in state.decision.ids
    assert choice(state, "heuristic") == "back:Chainsaw"  # a weapon first
    state.apply("back:Faith")
    assert state.hero_discard.cards == ["Chainsaw"] and state.hero_deck.cards.count("Faith") == 3
