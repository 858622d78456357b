"""END GAME and the designed rules around it: the helicopter's zombies and the final battle
(A-53), overrun (no zombie dice left), death (A-28), scoring, a stranded city, and the
helicopter leaving (max-turns)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from deadtable.engine.dice import Dice
from deadtable.games.one_against_the_dead import movement
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState, Survivor, Weapon
from deadtable.games.one_against_the_dead.turn import settle
from deadtable.games.one_against_the_dead.zombies import make_change
from tests.games.one_against_the_dead.conftest import city, ids, new, play
from tests.logs import texts

QUIET_ROW = ("4C", "4S", "6S", "7S", "8S", "9S")  # each matches its left neighbour: no zombies
QUIET = ("3C", "5C", "6C")  # clubs around the 2 of clubs: no zombies, no dice
LOUD = ("3D", "4D", "5D")  # diamonds around the 2 of clubs: 3 + 4 + 5 = 12 new zombies
SEAT = "player"


def first_turn(draws: Sequence[str], dice: Sequence[int] = (), **options: Any
               ) -> OneAgainstTheDeadState:
    state = new(city(row=QUIET_ROW, draws=draws), dice=dice, **options)
    assert state.phase == "place" and state.dice.rolls == 0
    return state


def at_the_door(
    *,
    helicopter: str = "10H",
    zombies: int = 0,
    life: int | None = None,
    weapon: Weapon | None = None,
    survivor: Survivor | None = None,
    dice: Sequence[int] = (),
    **options: Any,
) -> OneAgainstTheDeadState:
    """The whole row turned up and you on its last block, one step from the helicopter."""
    state = new(city(helicopter=helicopter, row=QUIET_ROW, draws=QUIET), **options)
    play(state, "place:up", "place:down")
    state.face_down.clear()
    state.pos, state.came_from = (6, 0), (5, 0)
    state.turn = 6
    state.zombies = zombies
    if life is not None:
        state.life = life
    state.weapon = weapon
    state.survivor = survivor
    state.dice = Dice(0, dice)
    settle(state)
    assert ids(state) == ["move:right", "move:left"]
    return state


def outcome(state: OneAgainstTheDeadState) -> tuple[str, str, float]:
    assert state.outcome is not None, f"the game goes on: {state.phase}"
    o = state.outcome
    return o.results[SEAT], o.cause, o.scores[SEAT]


# -- the helicopter ---------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "value"), [("10H", 10), ("7H", 7), ("2D", 2)])
def test_reaching_the_helicopter_adds_its_cards_value_to_your_zombies(
    card: str, value: int
) -> None:
    state = at_the_door(helicopter=card, zombies=3, weapon=Weapon("bat", None))
    play(state, "move:right")
    assert state.pos == state.helicopter
    assert state.outcome is None
    assert state.phase == "combat"
    assert state.zombies == 3 + value
    assert state.decision is not None and "final battle" in state.decision.prompt


def test_with_no_helicopter_zombies_you_fight_only_the_zombies_with_you() -> None:
    state = at_the_door(zombies=3, weapon=Weapon("bat", None), helicopter_zombies="none")
    play(state, "move:right")
    assert state.phase == "combat" and state.zombies == 3


def test_with_no_helicopter_zombies_and_none_with_you_you_fly_away_at_once() -> None:
    state = at_the_door(helicopter_zombies="none")
    play(state, "move:right")
    assert outcome(state) == ("win", "evacuated", 12.0)
    assert state.dice.rolls == 0


def test_kill_all_fights_round_after_round_taking_damage_each_time() -> None:
    # The 10-die of the helicopter lives twice (2 damage each time), then dies.
    state = at_the_door(dice=[6, 6, 1])
    play(state, "move:right")
    assert outcome(state) == ("win", "evacuated", 8.0)
    assert state.battle_round == 3
    assert state.life == 8 and state.zombies == 0 and state.kills == 10


def test_kill_all_stops_between_rounds_for_your_choices() -> None:
    state = at_the_door(dice=[6], weapon=Weapon("shotgun", 2))
    play(state, "move:right", "fight:fists")
    assert state.outcome is None
    assert state.phase == "combat" and state.zombies == 10
    assert state.life == 10 and state.battle_round == 1
    assert ids(state) == ["fight:weapon", "fight:fists"]


def test_one_zombie_left_is_worded_as_one() -> None:
    # The 2 of hearts' two zombies: one dies (1), one lives (6): "1 zombie still stands".
    state = at_the_door(helicopter="2H", dice=[1, 6], weapon=Weapon("shotgun", 2))
    play(state, "move:right", "fight:fists")
    assert "2 zombies guard the helicopter: 2 to fight." in texts(state)
    assert texts(state)[-1] == "1 zombie still stands between you and the helicopter."
    assert state.decision is not None and state.decision.prompt == "1 zombie: final battle"


def test_kill_all_is_lost_if_you_are_killed_first() -> None:
    state = at_the_door(life=3, dice=[6, 6])
    play(state, "move:right")
    assert outcome(state) == ("loss", "killed", 0.0)
    assert state.life == 0  # 3 - 2 - 2, never below 0


def test_survive_wins_after_one_round_with_zombies_left() -> None:
    state = at_the_door(dice=[6], final_battle="survive")
    play(state, "move:right")
    assert outcome(state) == ("win", "evacuated", 10.0)
    assert state.battle_round == 1
    assert state.zombies == 10


def test_survive_is_lost_if_the_one_round_kills_you() -> None:
    state = at_the_door(life=2, dice=[6], final_battle="survive")
    play(state, "move:right")
    assert outcome(state) == ("loss", "killed", 0.0)
    assert state.life == 0


def test_the_helicopter_reached_on_the_last_allowed_move_still_wins() -> None:
    state = at_the_door(helicopter_zombies="none", max_turns=7)
    play(state, "move:right")
    assert state.turn == 7
    assert outcome(state)[:2] == ("win", "evacuated")


# -- overrun: not enough zombie dice ----------------------------------------------------------
def test_make_change_shows_59_zombies_at_most() -> None:
    pool = {10: 5, 5: 1, 1: 4}
    assert make_change(59, pool) == {10: 5, 5: 1, 1: 4}
    assert make_change(21, pool) == {10: 2, 5: 0, 1: 1}  # the rulebook's 16 + 5
    assert make_change(60, pool) is None


@pytest.mark.parametrize(("before", "over"), [(47, False), (48, True), (58, True)])
def test_more_zombies_than_the_dice_can_show_end_the_game_overrun(
    before: int, over: bool
) -> None:
    state = first_turn(LOUD)
    state.weapon = Weapon("bat", None)  # so the game waits at the combat decision
    state.zombies = before
    play(state, "place:up", "place:down")  # 12 new zombies
    if over:
        assert outcome(state) == ("loss", "overrun", 0.0)
        assert state.zombies == before  # never more than the dice show
        assert any("not enough zombie dice" in line for line in texts(state))
    else:
        assert state.outcome is None
        assert state.phase == "combat" and state.zombies == 59


@pytest.mark.parametrize(("before", "over"), [(49, False), (50, True)])
def test_the_helicopters_zombies_can_overrun_you_too(before: int, over: bool) -> None:
    state = at_the_door(zombies=before, weapon=Weapon("bat", None))
    play(state, "move:right")
    if over:
        assert outcome(state) == ("loss", "overrun", 0.0)
    else:
        assert state.outcome is None and state.zombies == 59


def test_an_overrun_scores_your_kills_with_kill_scoring() -> None:
    state = first_turn(LOUD, scoring="kills")
    state.zombies = 50
    state.kills = 23
    play(state, "place:up", "place:down")
    assert outcome(state) == ("loss", "overrun", 23.0)


# -- killed (A-28) ----------------------------------------------------------------------------
@pytest.mark.parametrize("life", [1, 2])
def test_you_are_killed_when_your_life_reaches_0(life: int) -> None:
    state = first_turn(LOUD, dice=[6, 6, 6])  # 12 zombies (10 + 1 + 1) all live: 2 damage
    state.life = life
    play(state, "place:up", "place:down")
    assert outcome(state) == ("loss", "killed", 0.0)
    assert state.life == 0
    assert state.decision is None


def test_one_damage_short_of_death_the_game_goes_on() -> None:
    state = first_turn(LOUD, dice=[6, 6, 6])
    state.life = 3
    play(state, "place:up", "place:down")
    assert state.outcome is None
    assert state.life == 1 and state.zombies == 12
    assert state.phase == "move"


def test_your_survivors_death_does_not_end_the_game() -> None:
    # Your 10-die dies, your 1-die lives; his 5-die lives: 1 damage kills him.
    state = at_the_door(zombies=16, survivor=Survivor(1, 4), dice=[1, 6, 6])
    state.phase = "combat"
    settle(state)
    play(state, "share:0.1.0")
    assert state.survivor is None
    assert state.outcome is None
    assert state.life == 12 and state.zombies == 6
    assert state.phase == "move"


# -- scoring ------------------------------------------------------------------------------------
def test_an_evacuation_scores_your_life() -> None:
    state = at_the_door(life=7, helicopter_zombies="none")
    play(state, "move:right")
    assert outcome(state) == ("win", "evacuated", 7.0)


def test_an_evacuated_survivor_multiplies_your_score_by_his_life() -> None:
    state = at_the_door(life=7, survivor=Survivor(3, 5), helicopter_zombies="none")
    play(state, "move:right")
    assert outcome(state) == ("win", "evacuated", 21.0)
    assert any("with your survivor" in line for line in texts(state))


def test_a_survivor_killed_at_the_helicopter_does_not_multiply_your_score() -> None:
    # 6 with you + the 10H: a 10-die (yours, dies on the 1) and a 5-die and a 1-die (his).
    state = at_the_door(zombies=6, survivor=Survivor(1, 3), dice=[1, 6, 1],
                        final_battle="survive")
    play(state, "move:right", "share:0.1.1")
    assert state.survivor is None
    assert outcome(state) == ("win", "evacuated", 12.0)


def test_kill_scoring_counts_the_zombies_you_killed() -> None:
    # 6 with you + the 10H = 16: the 10-die and the 1-die die, the 5-die lives (1 damage).
    bat = Weapon("bat", None)
    state = at_the_door(zombies=6, weapon=bat, dice=[1, 6, 1], scoring="kills")
    play(state, "move:right", "fight:fists")
    assert state.outcome is None and state.zombies == 5 and state.kills == 11
    state.dice = Dice(0, [2])
    play(state, "fight:fists")  # kill-all: a second round for the 5-die
    assert outcome(state) == ("win", "evacuated", 16.0)
    assert state.life == 11  # kill scoring ignores your life


def test_kill_scoring_counts_kills_when_you_lose() -> None:
    bat = Weapon("bat", None)
    state = at_the_door(life=2, zombies=6, weapon=bat, dice=[1, 6, 6], scoring="kills")
    play(state, "move:right", "fight:fists")  # 6 left: 1 damage
    assert state.outcome is None and state.life == 1 and state.kills == 10
    state.dice = Dice(0, [6, 6])
    play(state, "fight:fists")
    assert outcome(state) == ("loss", "killed", 10.0)


def test_a_loss_scores_0_with_life_scoring() -> None:
    state = at_the_door(life=2, dice=[6])
    play(state, "move:right")
    assert outcome(state) == ("loss", "killed", 0.0)


# -- stranded (designed) -----------------------------------------------------------------------
def test_a_city_with_no_way_on_is_lost_stranded() -> None:
    # The first block is a jack, put above you; then three more non-number cards fill every
    # open space, one of them in your path: no number card to move onto.
    state = new(city(row=("JD", *QUIET_ROW[1:]), draws=["QD", "KD", "AD"]), dice=[3, 4, 5])
    assert state.phase == "place-flipped"
    play(state, "place:up")
    play(state, "place:right", "place:down")
    assert outcome(state) == ("loss", "stranded", 0.0)
    assert state.decision is None


def walled_in(deck: Sequence[str] = (), opening: bool = False) -> OneAgainstTheDeadState:
    """You on the 2C with one number card (6C) to your left, everything else face cards; the
    spot left of the 6C is open when `opening`."""
    state = new(city(draws=QUIET))
    play(state, "place:up", "place:down")
    state.grid = {
        (0, 0): "2C", (-1, 0): "6C",
        (1, 0): "JC", (0, 1): "QC", (0, -1): "KC",
        (-1, 1): "JH", (-1, -1): "QH",
        (2, 0): "10H",
    }
    if not opening:
        state.grid[(-2, 0)] = "AH"
    state.helicopter = (2, 0)
    state.face_down = set()
    state.map_weapons, state.map_survivor = {}, None
    state.deck.cards = list(deck)
    state.pending, state.revealed, state.flips = [], [], []
    state.zombies = 0
    state.phase = "zombies"  # the zombies step, then your next move
    return state


def test_stranded_when_no_walk_or_new_card_can_ever_reach_the_helicopter() -> None:
    state = walled_in(deck=["3H", "4H"])  # cards in the deck, but no open space to put them
    assert movement.stranded(state)
    settle(state)
    assert outcome(state)[:2] == ("loss", "stranded")


def test_stranded_with_an_open_space_only_once_the_deck_is_empty() -> None:
    state = walled_in(deck=[], opening=True)
    assert movement.stranded(state)
    settle(state)
    assert outcome(state)[:2] == ("loss", "stranded")

    # With cards left, the open space may yet hold a way on: you go and look (the 3C matches
    # the 6C, so no zombies), and the game goes on while the deck has cards.
    state = walled_in(deck=["3C", "4H"], opening=True)
    assert not movement.stranded(state)
    settle(state)
    assert state.outcome is None
    assert state.pos == (-1, 0) and state.grid[(-2, 0)] == "3C"
    assert ids(state) == ["move:right", "move:left"]


def test_not_stranded_while_a_face_down_card_may_open_a_way() -> None:
    state = walled_in()
    state.grid[(-2, 0)] = "3H"
    state.face_down = {(-2, 0)}
    assert not movement.stranded(state)


def test_a_blocked_direct_path_is_not_stranded_when_a_detour_exists() -> None:
    state = walled_in()
    state.grid[(0, 1)], state.grid[(1, 1)], state.grid[(2, 1)] = "3C", "4C", "5C"
    assert not movement.stranded(state)
    settle(state)
    assert state.outcome is None and state.phase == "move"
    assert set(ids(state)) == {"move:up", "move:left"}


# -- out of time (designed) ---------------------------------------------------------------------
def test_the_helicopter_leaves_after_max_turns_moves() -> None:
    # Two quiet turns: 3C, 5C, 6C round the start, then 7C and 8C round the 4C.
    state = first_turn([*QUIET, "7C", "8C"], max_turns=1)
    play(state, "place:up", "place:down")
    assert state.outcome is None and state.phase == "move"
    play(state, "move:right", "place:up")
    assert state.turn == 1
    assert outcome(state) == ("loss", "out-of-time", 0.0)


def test_before_max_turns_the_game_goes_on() -> None:
    state = first_turn([*QUIET, "7C", "8C"], max_turns=2)
    play(state, "place:up", "place:down", "move:right", "place:up")
    assert state.outcome is None and state.phase == "move" and state.turn == 1


def test_out_of_time_scores_kills_with_kill_scoring() -> None:
    state = first_turn([*QUIET, "7C", "8C"], max_turns=1, scoring="kills")
    state.kills = 9
    play(state, "place:up", "place:down", "move:right", "place:up")
    assert outcome(state) == ("loss", "out-of-time", 9.0)
