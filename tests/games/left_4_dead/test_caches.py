"""The position caches (Left4DeadState.derived): what they keep follows every move, fall and
new figure, and a clone or a loaded game keeps its own."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator

import pytest

from deadtable import registry
from deadtable.engine.dice import Dice
from deadtable.games.left_4_dead import horde, movement
from deadtable.games.left_4_dead import state as state_module
from deadtable.games.left_4_dead.powers import hunter as hunter_power
from deadtable.games.left_4_dead.powers import spitter as spitter_power
from deadtable.games.left_4_dead.state import Figure, Left4DeadState
from tests.games.left_4_dead.positions import at, infected, put


def test_who_stands_where_follows_a_move_and_a_new_figure(lane: Left4DeadState) -> None:
    bill = put(lane, "bill", "3,2")
    assert lane.occupancy()[at(lane, "3,2")] is bill
    assert lane.occupancy() is lane.occupancy()  # kept between moves
    put(lane, "bill", "4,2")
    assert at(lane, "3,2") not in lane.occupancy()
    assert lane.occupancy()[at(lane, "4,2")] is bill
    zombie = infected(lane, "zombies-of-morindan", "6,2")
    assert zombie in lane.infected() and zombie in horde.horde(lane)
    assert lane.occupancy()[at(lane, "6,2")] is zombie


def test_standing_heights_follow_a_figure_going_down(lane: Left4DeadState) -> None:
    bill = put(lane, "bill", "3,2")
    assert movement.standing_heights(lane)[at(lane, "3,2")] == 5
    bill.down = True
    assert at(lane, "3,2") not in movement.standing_heights(lane)


def test_routes_follow_a_figure_in_the_way(lane: Left4DeadState) -> None:
    bill = put(lane, "bill", "2,2")
    assert at(lane, "3,2") in movement.routes(lane, bill)
    zombie = infected(lane, "zombies-of-morindan", "3,2")
    assert at(lane, "3,2") not in movement.routes(lane, bill)  # no ending on a figure
    zombie.space = None
    assert at(lane, "3,2") in movement.routes(lane, bill)


def test_a_clone_keeps_its_own_caches(lane: Left4DeadState) -> None:
    put(lane, "bill", "3,2")
    before = dict(lane.occupancy())
    other = lane.clone()
    assert isinstance(other, Left4DeadState)
    assert other.occupancy() == {s: other.figures[f.id] for s, f in before.items()}
    put(other, "bill", "5,2")
    assert lane.occupancy() == before  # moving the clone's Bill moved nobody here
    assert at(lane, "3,2") in lane.occupancy() and at(lane, "5,2") not in lane.occupancy()
    assert other.occupancy()[at(lane, "5,2")] is other.figures["bill"]


def test_a_loaded_game_builds_its_caches_from_its_figures(lane: Left4DeadState) -> None:
    put(lane, "bill", "3,2")
    infected(lane, "zombies-of-morindan", "6,2")
    lane.occupancy()
    loaded = lane.game.from_json(lane.to_json())
    assert isinstance(loaded, Left4DeadState)
    assert {s: f.id for s, f in loaded.occupancy().items()} == \
        {s: f.id for s, f in lane.occupancy().items()}
    assert [f.id for f in horde.horde(loaded)] == [f.id for f in horde.horde(lane)]


def test_a_deep_copied_or_pickled_game_leaves_its_caches_behind(lane: Left4DeadState) -> None:
    put(lane, "bill", "3,2")
    lane.occupancy()
    put(lane, "bill", "4,2")  # the kept answer is out of date now: it must not travel
    for other in (copy.deepcopy(lane), pickle.loads(pickle.dumps(lane))):
        assert other._derived == {} and other._derived_at == -1
        assert other.occupancy()[at(lane, "4,2")] is other.figures["bill"]


def test_the_hordes_kept_answers_follow_the_moves(lane: Left4DeadState) -> None:
    # nearest_each keeps its answers across moves (Left4DeadState.kept): a zombie far from
    # every move keeps its answer, one whose way a move blocks is asked again
    put(lane, "bill", "0,2")
    near = infected(lane, "zombies-of-morindan", "4,2")
    far = infected(lane, "zombies-of-morindan", "9,3")
    field = horde._field_array(lane.board, tuple(horde.lure_sources(lane)))
    first = movement.nearest_each(lane, [near, far], field)
    assert at(lane, "1,2") in first[0]  # next to Bill
    blocker = infected(lane, "zombies-of-morindan", "1,2")
    again = movement.nearest_each(lane, [near, far], field)
    assert at(lane, "1,2") not in again[0]  # no ending on a figure: asked again
    assert again[1] is first[1]  # nothing within its reach changed: kept
    fresh = lane.clone()
    assert again == movement.nearest_each(fresh, [fresh.figures[near.id],
                                                  fresh.figures[far.id]], field)
    blocker.space = None
    assert movement.nearest_each(lane, [near, far], field) == first


def test_the_hordes_kept_answers_are_the_answers_asked_afresh() -> None:
    # random chapters: at every horde move, the kept answers are a fresh state's
    game = registry.load("left-4-dead")
    asked = 0
    for seed in range(2):
        state = game.new(seed=seed)
        pick = Dice(seed)
        while (decision := state.decision) is not None and len(state.history) < 1500:
            frame = state.stack[-1]
            if isinstance(frame, horde.HordeTurn) and frame.step == "move":
                assert isinstance(state, Left4DeadState)
                field = horde._field_array(state.board, tuple(horde.lure_sources(state)))
                movers = [z for z in horde.horde(state) if z.id not in frame.moved]
                fresh = state.clone()
                assert isinstance(fresh, Left4DeadState)
                assert movement.nearest_each(state, movers, field) == movement.nearest_each(
                    fresh, [fresh.figures[z.id] for z in movers], field)
                asked += 1
            state.apply(pick.choice(decision.ids))
    assert asked > 50


def _rebuilt(state: Left4DeadState) -> tuple[object, ...]:
    """What _place says now, made from the figures (the carried caches must say the same)."""
    state.forget_derived()
    return _placed(state)


def _placed(state: Left4DeadState) -> tuple[object, ...]:
    return (state.survivors(), state.infected(), dict(state.occupancy()),
            dict(state.others_at("survivors")), dict(state.others_at("infected")),
            horde.horde(state), horde.specials_in_play(state))


def test_moves_carry_who_stands_where_and_never_change_a_dict_handed_out(
        lane: Left4DeadState) -> None:
    bill = put(lane, "bill", "3,2")
    zombie = infected(lane, "zombies-of-morindan", "6,2")
    boomer = infected(lane, "boomer", "7,2")
    handed = lane.occupancy()
    kept = dict(handed)
    for figure, to in ((bill, "4,2"), (zombie, "5,3"), (bill, "3,3"), (boomer, "6,2")):
        survivors = lane.survivors()
        figure.space = at(lane, to)
        figure.down = not figure.down  # lying down moves nobody
        carried = _placed(lane)
        assert lane.survivors() is survivors  # carried, not made again ...
        assert carried == _rebuilt(lane)  # ... and the same as made again
    assert handed == kept  # the dict read before the moves is as it was
    zombie.space = None  # leaving the map: made again
    assert zombie not in lane.infected() and _placed(lane) == _rebuilt(lane)
    bill.space = boomer.space  # two figures on a space: made again, the last one there
    assert lane.occupancy()[boomer.space] is boomer
    assert _placed(lane) == _rebuilt(lane)


def _ids(placed: tuple[object, ...]) -> list[object]:
    """_placed's answers by figure id (a clone's figures are other objects)."""
    return [{s: f.id for s, f in part.items()} if isinstance(part, dict)
            else [f.id for f in part] for part in placed]  # type: ignore[attr-defined]


def _random_steps() -> Iterator[tuple[Left4DeadState, Left4DeadState]]:
    """Each step of two random chapters (1500 steps at most each): the state, looked at before
    its step is played, and a fresh clone of it (which makes its caches from its figures)."""
    game = registry.load("left-4-dead")
    for seed in range(2):
        state = game.new(seed=seed)
        assert isinstance(state, Left4DeadState)
        pick = Dice(seed)
        while (decision := state.decision) is not None and len(state.history) < 1500:
            yield state, state.clone()
            state.apply(pick.choice(decision.ids))


def test_carried_caches_are_the_rebuilt_ones_over_random_chapters() -> None:
    # walks through friends, figures entering, leaving, deleted: every step's carried
    # answers are a fresh state's
    carried = 0
    for state, fresh in _random_steps():
        carried += "sides" in state._derived and state._derived_at != -1
        assert _ids(_placed(state)) == _ids(_placed(fresh))
    assert carried > 1000


def test_a_hunters_landings_and_a_spitters_acid_spaces_follow_a_move(
        lane: Left4DeadState) -> None:
    # both kept until a figure moves (derived): a figure on a landing takes it away, one
    # standing in the way of the acid blocks the sight beyond it
    hunter = infected(lane, "hunter", "2,2")
    spitter = infected(lane, "spitter", "8,2")
    assert at(lane, "4,2") in hunter_power.landings(lane, hunter)
    assert hunter_power.landings(lane, hunter) is hunter_power.landings(lane, hunter)
    assert at(lane, "3,2") in spitter_power.spaces(lane, spitter)
    bill = put(lane, "bill", "4,2")
    assert at(lane, "4,2") not in hunter_power.landings(lane, hunter)
    zoey = put(lane, "zoey", "6,2")  # between the Spitter and 3,2
    assert at(lane, "3,2") not in spitter_power.spaces(lane, spitter)
    bill.space = zoey.space = None
    assert at(lane, "4,2") in hunter_power.landings(lane, hunter)
    assert at(lane, "3,2") in spitter_power.spaces(lane, spitter)


def test_specials_kept_answers_are_the_answers_asked_afresh() -> None:
    # random chapters: at every step, a Hunter's landings and a Spitter's acid spaces kept
    # in the state are a fresh state's
    asked = 0
    for state, fresh in _random_steps():
        for figure in horde.specials_in_play(state):
            ask = {"hunter": hunter_power.landings, "spitter": spitter_power.spaces}.get(
                figure.kind)
            if ask is not None:
                ask(state, figure)  # kept now
                assert ask(state, figure) == ask(fresh, fresh.figures[figure.id])
                asked += 1
    assert asked > 100


def test_a_figure_sets_its_slots_and_counts_only_its_placements() -> None:
    figure = Figure("zombie-1", "zombies-of-morindan", "infected", 4)
    before = state_module._placements
    figure.wounds, figure.acted = 1, True  # no placement: the caches stay
    assert state_module._placements == before and (figure.wounds, figure.acted) == (1, True)
    figure.space = 5
    assert state_module._placements == before + 1
    assert state_module._recent[-1] == (figure, "space", 4, 5)
    with pytest.raises(AttributeError, match="no attribute 'speed'"):
        figure.speed = 3  # type: ignore[attr-defined]


def test_routes_with_kept_engagement_masks_are_the_routes_asked_afresh() -> None:
    # the masks are kept with the enemies' dict they were made of (movement._masks): random
    # chapters, the engaged survivors' routes (leaving-engagement attacks counted) and a
    # fresh state's
    compared = 0
    for state, fresh in _random_steps():
        for figure in state.survivors():
            if figure.space is not None and movement.engaged_with(state, figure):
                assert movement.routes(state, figure) == movement.routes(
                    fresh, fresh.figures[figure.id])
                compared += 1
    assert compared > 50
