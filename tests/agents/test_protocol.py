"""The agent protocol: an agent is shown an Observation, never the game state, and the
forward models it may search on reveal nothing its seat cannot know."""

from __future__ import annotations

import math

import pytest

import deadtable
from deadtable.agents import Observation, make_agent, observe
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState

OATD = "one-against-the-dead"


def test_an_observation_shows_the_seat_the_decision_and_the_view_only() -> None:
    state = deadtable.load(OATD).new(seed=4)
    obs = observe(state)
    public = {name for name in dir(obs) if not name.startswith("_")}
    assert public == {"seat", "decision", "game", "view", "sample", "glance", "sample_compiled"}
    assert obs.seat == "player" and obs.decision is state.decision
    assert obs.view == state.view("player")
    assert not any(isinstance(getattr(obs, name), GameState)
                   for name in public - {"sample", "glance", "sample_compiled"})


def test_a_compiled_sample_is_the_world_sample_deals() -> None:
    """Observation.sample_compiled: the same world as sample, in the game's kernel, and the
    agent's dice left where sample leaves them; the live game untouched."""
    game = deadtable.load(OATD)
    if game.kernel is None:
        pytest.skip("One Against the Dead's kernel is not built")
    state = game.new(seed=4)
    before = state.to_json()
    for seed in range(4):
        python_dice, kernel_dice = Dice(seed), Dice(seed)
        sample = observe(state).sample(python_dice)
        world = observe(state).sample_compiled(kernel_dice)
        assert world is not None and python_dice.state == kernel_dice.state
        same = game.kernel.load(sample)
        while (count := world.count()) > 0:
            assert world.actions() == same.actions()
            world.apply(seed % count)
            same.apply(seed % count)
        assert world.outcome() == same.outcome()
    assert state.to_json() == before


def test_a_compiled_sample_is_none_where_the_kernel_cannot_load_the_game() -> None:
    state = deadtable.load(OATD).new(seed=4, dice=[6, 6, 6, 6, 6, 6])  # scripted dice
    assert observe(state).sample_compiled(Dice(1)) is None
    assert observe(state).sample(Dice(1)) is not None


def test_a_sample_is_a_determinized_copy_never_the_live_game() -> None:
    state = deadtable.load(OATD).new(seed=4)
    before = state.to_json()
    obs = observe(state)
    sample = obs.sample(Dice(1))
    assert sample is not state
    assert sample.view("player") == state.view("player")  # what the seat knows is kept
    assert sample.to_json() != before  # what it does not know is dealt anew
    while sample.decision is not None:  # play on it to the end
        sample.apply(sample.decision.actions[0].id)
    assert state.to_json() == before


def test_a_glance_is_the_world_a_sample_deals() -> None:
    """Observation.glance: the world sample deals, with the agent's dice left alike (a game
    may share parts of it with the live game: Left 4 Dead's test_glance)."""
    state = deadtable.load(OATD).new(seed=4)
    for seed in range(4):
        dice, twin = Dice(seed), Dice(seed)
        assert observe(state).glance(dice).to_json() == observe(state).sample(twin).to_json()
        assert dice.state == twin.state


def _hidden_cards(state: GameState) -> dict[tuple[int, int], str]:
    return {p: state.grid[p] for p in state.face_down}  # type: ignore[attr-defined]


def test_samples_reveal_no_face_down_card_beyond_chance() -> None:
    # Over many games and many samples each, a sampled face-down card equals the true one only
    # as often as a card drawn at random from the cards the player has not seen. A sampler
    # that kept even one true card in ten would be far outside this bound.
    matches, expected, variance, looked = 0, 0.0, 0.0, 0
    guessed, guess_expected = 0, 0.0
    agent_dice = Dice(2024)
    for seed in range(120):
        state = deadtable.load(OATD).new(seed=seed)
        truth = _hidden_cards(state)
        unknown = len(truth) + len(state.deck)  # type: ignore[attr-defined]
        obs = observe(state)
        votes: dict[tuple[int, int], dict[str, int]] = {p: {} for p in truth}
        for _ in range(12):
            sample = obs.sample(agent_dice)
            for p, card in _hidden_cards(sample).items():
                matches += card == truth[p]
                votes[p][card] = votes[p].get(card, 0) + 1
                looked += 1
        # Every card in the deck is distinct: chance is 1 in `unknown` per look.
        expected += 12 * len(truth) / unknown
        variance += 12 * len(truth) * (1 / unknown) * (1 - 1 / unknown)
        # The best an agent can do from its samples: guess each card by majority vote.
        for p, counts in votes.items():
            guessed += max(counts, key=lambda c: (counts[c], c)) == truth[p]
            guess_expected += 1 / unknown
    assert looked == 120 * 12 * 5
    sigma = math.sqrt(variance)
    assert abs(matches - expected) < 4 * sigma, (matches, expected, sigma)
    assert guessed < guess_expected + 4 * math.sqrt(guess_expected) + 1, (guessed, guess_expected)


def test_samples_follow_the_agents_dice_not_the_games() -> None:
    state = deadtable.load(OATD).new(seed=9)
    obs = observe(state)
    one, again, other = obs.sample(Dice(5)), obs.sample(Dice(5)), obs.sample(Dice(6))
    assert one.to_json() == again.to_json() != other.to_json()
    assert state.dice.state not in (one.dice.state, other.dice.state)


class Peeker:
    """An agent that tries to read more than it is given."""

    def act(self, obs: Observation) -> str:
        return obs.state.decision.ids[0]  # type: ignore[attr-defined]


def test_an_agent_that_reaches_for_the_state_finds_none() -> None:
    state = deadtable.load(OATD).new(seed=1)
    with pytest.raises(AttributeError):
        Peeker().act(observe(state))
    with pytest.raises(AttributeError):
        observe(state).extra = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["random", "first", "mcts:iterations=5", "heuristic"])
def test_every_agent_plays_from_an_observation(spec: str) -> None:
    state = deadtable.load(OATD).new(seed=2)
    agent = make_agent(spec, seed=3, game=OATD)
    for _ in range(6):
        if state.decision is None:
            break
        action = agent.act(observe(state))
        assert action in state.decision.ids
        state.apply(action)
