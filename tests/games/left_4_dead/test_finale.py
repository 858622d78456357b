"""The finale: the Finale Event's trigger and waves, its Tanks (A-47), the rescue vehicle and
the escape (Game Rules: Finale Events, Rescue Vehicles; docs/left-4-dead.md, "The finale"),
on Dead River's chapter 5, Ferry Landing, with scripted dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable import registry
from deadtable.agents import agent_maker, observe
from deadtable.games.left_4_dead import chapter, combat, endofround, finale, spawning
from deadtable.games.left_4_dead.agent_common import goal_field
from deadtable.games.left_4_dead.agent_survivors import holds_finale_trigger
from deadtable.games.left_4_dead.data import MAPS
from deadtable.games.left_4_dead.state import Left4DeadState
from tests.games.left_4_dead.positions import SMALL_MAP, empty, put, script

TRIGGER = "22,12"  # the harbour master's radio
ABOARD = ("9,18", "10,18", "11,19", "12,19")  # on the ferry landing: the rescue vehicle


def ferry(**options: object) -> Left4DeadState:
    """Chapter 5 of Dead River after its kit-out, no infected, nobody on the map."""
    return empty(campaign="dead-river", chapter=5, **options)


def started(**options: object) -> Left4DeadState:
    state = ferry(**options)
    put(state, "bill", TRIGGER)
    assert finale.end_of_round(state)
    return state


def tanks(state: Left4DeadState) -> list[str]:
    return sorted(f.id for f in state.infected() if f.kind == "tank")


def destroy(state: Left4DeadState, figure_id: str) -> None:
    combat.destroy(state, state.figures[figure_id], None, "test")


def texts(state: Left4DeadState, cite: str) -> list[str]:
    return [e.text for e in state.log if e.cite == cite]


def test_chapter_5_alone_is_the_finale() -> None:
    state = registry.load("left-4-dead", campaign="dead-river", chapter=5).new(seed=1)
    assert isinstance(state, Left4DeadState)
    assert state.board.meta["name"] == "Chapter 5: Ferry Landing"
    assert state.finale is not None and not state.finale.started
    assert "end" not in state.board.zones and state.decision is not None


def test_a_single_finale_map_plays_and_a_map_without_a_way_out_is_refused(
        tmp_path: Path) -> None:
    state = empty(map=str(MAPS / "chapter-5.toml"))
    assert state.finale is not None
    path = tmp_path / "nowhere.toml"
    path.write_text(SMALL_MAP.replace('name = "end"', 'name = "hall"'))
    with pytest.raises(ValueError, match="no zone named 'end' .* 'rescue-vehicle'"):
        registry.load("left-4-dead", map=str(path))


def test_the_event_starts_at_the_end_of_a_round_with_a_survivor_on_the_trigger() -> None:
    state = ferry()
    put(state, "bill", "21,12")  # next to the radio is not on it
    assert not finale.end_of_round(state) and state.finale is not None
    assert not state.finale.started and not state.infected()
    put(state, "bill", TRIGGER)
    assert finale.end_of_round(state)
    assert state.finale.started and state.finale.round == 1
    assert len(state.infected()) == 3 + 1  # normal: 3 + the Difficulty Modifier
    assert texts(state, finale.FINALE)[0].startswith("A survivor stands on the finale trigger")


@pytest.mark.parametrize(("difficulty", "wave"), [("easy", 3), ("expert", 6)])
def test_each_end_of_round_places_3_plus_the_modifier(difficulty: str, wave: int) -> None:
    state = started(difficulty=difficulty)
    before = len(state.infected())
    finale.end_of_round(state)  # the end of event round 1: a wave, no Tank yet
    assert len(state.infected()) == before + wave and not tanks(state)


def test_the_wave_replaces_spawning_zombies_not_specials_and_no_witch_rolls() -> None:
    state = started()
    state.round = 5
    script(state, 1)  # the specials' d20: 1 + 1 = a Boomer; nothing else is rolled
    before = len(state.infected())
    endofround.end_of_round(state)
    assert not state.dice.script  # no Spawning Zombies roll, no Witch roll
    assert not texts(state, spawning.ZOMBIES)
    assert [f.kind for f in state.infected()].count("boomer") == 1
    assert len(state.infected()) == before + 4 + 1


def test_the_witch_never_rolls_in_a_finale() -> None:
    state = started()
    script(state, 20)
    spawning.spawn_witch(state)
    assert state.dice.script == [20] and not state.witch_spawned


def test_the_tanks_and_the_rescue_vehicle_by_a47() -> None:
    state = started()
    f = state.finale
    assert f is not None
    finale.end_of_round(state)  # event round 1
    assert not tanks(state)
    finale.end_of_round(state)  # round 2: "automatically place a Tank at the end of round 2"
    (first,) = tanks(state)
    assert state.tank_spawned  # the specials table's Tank row gives a Hunter now
    finale.end_of_round(state)  # round 3: the Tank still stands: nothing new
    destroy(state, first)  # destroyed in round 4
    finale.end_of_round(state)
    assert f.due == [6] and not tanks(state)  # "the second round after that Tank is destroyed"
    finale.end_of_round(state)  # round 5
    assert not tanks(state)
    finale.end_of_round(state)  # round 6
    (second,) = tanks(state)
    destroy(state, second)  # destroyed in round 7: no third Tank before the vehicle
    finale.end_of_round(state)
    assert f.rescue_at == 8 and not f.due and not f.arrived
    finale.end_of_round(state)  # round 8: "arrives at the end of the next round"
    assert f.arrived
    (third,) = tanks(state)  # "the first when the rescue vehicle arrives"
    destroy(state, third)  # round 9
    finale.end_of_round(state)
    assert f.due == [10] and not tanks(state)  # "the end of each round after a Tank is destroyed"
    finale.end_of_round(state)
    assert len(tanks(state)) == 1 and f.destroyed == 3
    assert any("rescue vehicle arrives" in t for t in texts(state, finale.RESCUE))


def test_finale_tanks_stop_once_the_vehicle_is_there() -> None:
    state = started(**{"finale-tanks": "stop"})
    f = state.finale
    assert f is not None
    f.round, f.destroyed, f.rescue_at = 8, 2, 8
    finale.end_of_round(state)
    assert f.arrived and not tanks(state)


def aboard(state: Left4DeadState) -> None:
    """The vehicle is there; Bill and Francis aboard, Louis down aboard, Zoey off the map."""
    assert state.finale is not None
    state.finale.round, state.finale.arrived = 9, True
    for name, space in zip(("bill", "francis", "louis"), ABOARD, strict=False):
        put(state, name, space)
    state.figures["louis"].down = True


def test_every_survivor_standing_aboard_escapes_and_the_rest_are_left_behind() -> None:
    state = ferry()
    aboard(state)
    chapter.check_end(state)
    assert state.outcome is not None and state.outcome.results["survivors"] == "win"
    assert state.outcome.cause == "escaped in the rescue vehicle"
    assert state.escaped == ["bill", "francis"] and state.outcome.scores["survivors"] == 2
    assert texts(state, finale.RESCUE)[-3:-1] == ["Louis is left behind.",
                                                  "Zoey is left behind."]


def test_no_escape_before_the_vehicle_arrives_or_with_a_survivor_standing_ashore() -> None:
    state = ferry()
    aboard(state)
    assert state.finale is not None
    state.finale.arrived = False
    chapter.check_end(state)
    assert state.outcome is None
    state.finale.arrived = True
    put(state, "zoey", "12,15")  # on the beach
    chapter.check_end(state)
    assert state.outcome is None
    put(state, "zoey", ABOARD[3])
    chapter.check_end(state)
    assert state.outcome is not None and len(state.escaped) == 3


def test_the_finale_saves_loads_and_clones() -> None:
    state = started()
    finale.end_of_round(state)
    finale.end_of_round(state)
    loaded = Left4DeadState.from_data(state.game, state.to_data())
    assert loaded == state and loaded.finale == state.finale
    clone = state.clone()
    assert isinstance(clone, Left4DeadState) and clone.finale is not None
    clone.finale.tanks.append("tank-9")
    assert state.finale is not None and "tank-9" not in state.finale.tanks
    view = state.view("survivors")["finale"]
    assert view["started"] and view["next_tank"] is None and "FINALE round 3" in view["text"]


def test_the_survivors_go_to_the_trigger_hold_it_then_wait_for_the_vehicle() -> None:
    state = ferry()
    put(state, "bill", "3,4")
    trigger = state.board.space(TRIGGER)
    assert goal_field(state)[trigger] == 0
    state.figures["bill"].space = trigger
    assert holds_finale_trigger(state, trigger)  # stays on it to the end of the round
    finale.end_of_round(state)
    assert not holds_finale_trigger(state, trigger)
    field = goal_field(state)  # wait where the vehicle will come (agent_common.finale_goal)
    assert field[state.board.space(ABOARD[0])] == 0 and field[trigger] > 0
    assert state.finale is not None
    state.finale.arrived = True
    field = goal_field(state)
    assert field[state.board.space(ABOARD[0])] == 0 and field[trigger] > 0


def test_the_agents_play_the_finale_to_an_escape() -> None:
    """The survivors' heuristic against the director on chapter 5, to the end: the event, its
    two Tanks, the vehicle and the escape, in one of the first 20 chapters (the heuristic
    loses some, and which ones changes whenever an agent or a rule does)."""
    game = registry.load("left-4-dead", campaign="dead-river", chapter=5)
    for seed in range(20):
        players = {"survivors": agent_maker("heuristic", game.id)(1),
                   "infected": agent_maker("director", game.id)(2)}
        state = game.new(seed=seed)
        assert isinstance(state, Left4DeadState)
        while (decision := state.decision) is not None:
            state.apply(players[decision.seat].act(observe(state)))
        assert state.outcome is not None
        if state.outcome.cause == "escaped in the rescue vehicle":
            break
    assert state.outcome.cause == "escaped in the rescue vehicle", "no escape in 20 finales"
    said = " ".join(texts(state, finale.FINALE) + texts(state, finale.RESCUE))
    for words in ("finale trigger", "Tank comes", "second Tank is destroyed",
                  "rescue vehicle arrives"):
        assert words in said
