from collections import Counter

import pytest

import deadtable
from deadtable.agents import (
    FirstAgent,
    Observation,
    RandomAgent,
    agent_names,
    make_agent,
    observe,
    register_agent,
)
from deadtable.agents import base as agents_base
from deadtable.engine.decisions import GameOver


@pytest.fixture
def state(race: str) -> deadtable.GameState:
    return deadtable.load(race, target=1000).new(seed=3)


def test_builtin_agents_are_registered() -> None:
    assert {"first", "random"} <= set(agent_names())


def test_random_agent_picks_legal_actions_roughly_uniformly(state: deadtable.GameState) -> None:
    agent = make_agent("random", seed=11)
    picks = Counter(agent.act(observe(state)) for _ in range(4000))
    assert set(picks) == {"walk", "roll"}
    assert 0.45 < picks["walk"] / 4000 < 0.55


def test_random_agent_is_reproducible_by_seed(state: deadtable.GameState) -> None:
    def picks(seed: int) -> list[str]:
        agent = RandomAgent(seed)
        return [agent.act(observe(state)) for _ in range(64)]

    assert picks(5) == picks(5)
    assert picks(5) != picks(6)


def test_random_agent_leaves_the_game_dice_alone(state: deadtable.GameState) -> None:
    before = state.to_json()
    RandomAgent(1).act(observe(state))
    assert state.to_json() == before


def test_first_agent_takes_the_first_action(state: deadtable.GameState) -> None:
    assert state.decision is not None
    assert make_agent("first", seed=0).act(observe(state)) == state.decision.actions[0].id == "walk"


def test_agents_refuse_a_finished_game(race: str) -> None:
    state = deadtable.load(race, target=1).new(seed=0)
    state.apply("walk")
    assert state.decision is None
    with pytest.raises(GameOver):
        observe(state)  # so no agent is ever asked


def test_unknown_agent_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown agent 'cleverest'.*first.*random"):
        make_agent("cleverest", seed=0)


def test_parameters_of_an_agent_without_any_are_refused() -> None:
    with pytest.raises(ValueError, match="no parameter 'depth'; valid parameters: none"):
        make_agent("random:depth=3", seed=0)


class Careful:
    def __init__(self, seed: int, limit: int = 2, brave: bool = False, style: str = "calm"):
        self.seed, self.limit, self.brave, self.style = seed, limit, brave, style

    def act(self, obs: Observation) -> str:
        return "walk"


@pytest.fixture
def careful(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents_base, "_FACTORIES", dict(agents_base._FACTORIES))
    register_agent("careful", Careful)


@pytest.mark.usefixtures("careful")
def test_agent_parameters_are_read_by_their_defaults_types() -> None:
    agent = make_agent("careful:limit=5, brave=yes,style=wild", seed=9)
    assert isinstance(agent, Careful)
    assert (agent.seed, agent.limit, agent.brave, agent.style) == (9, 5, True, "wild")
    defaults = make_agent("careful", seed=1)
    assert isinstance(defaults, Careful)
    assert (defaults.limit, defaults.brave) == (2, False)


@pytest.mark.usefixtures("careful")
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("careful:speed=3", "no parameter 'speed'; valid parameters: limit, brave, style"),
        ("careful:limit=many", "'limit': 'many' is not a whole number"),
        ("careful:brave=perhaps", "'brave': 'perhaps' is not true or false"),
        ("careful:limit", "must be written k=v"),
    ],
)
def test_bad_agent_parameters_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec, seed=0)


def test_required_parameters_must_be_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents_base, "_FACTORIES", dict(agents_base._FACTORIES))

    def picky(seed: int, depth: int) -> FirstAgent:
        return FirstAgent(seed)

    register_agent("picky", picky)
    with pytest.raises(ValueError, match="'picky' needs depth"):
        make_agent("picky", seed=0)
    assert isinstance(make_agent("picky:depth=2", seed=0), FirstAgent)


def test_a_name_cannot_be_taken_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents_base, "_FACTORIES", dict(agents_base._FACTORIES))
    register_agent("random", RandomAgent)  # the same factory again is harmless
    with pytest.raises(ValueError, match="already registered"):
        register_agent("random", FirstAgent)
    with pytest.raises(ValueError, match="without ':'"):
        register_agent("bad:name", FirstAgent)


def test_random_agent_picks_from_the_decision_what_it_acts_on() -> None:
    """`pick` (play_one asks it, and makes no Observation) draws what `act` draws, over every
    decision of a random Psycho Raiders game: many actions a decision, the same dice after."""
    state = deadtable.load("psycho-raiders").new(seed=4)
    by_act, by_pick = RandomAgent(9), RandomAgent(9)
    while (decision := state.decision) is not None and len(state.history) < 1500:
        chosen = by_pick.pick(decision)
        assert chosen == by_act.act(observe(state))
        assert by_pick.dice.state == by_act.dice.state
        state.apply(chosen)
    assert len(state.history) > 500
