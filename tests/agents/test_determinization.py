"""A searching agent's sample depends only on what its seat knows and on the agent's own dice.

The agent knows its dice, so if a determinization shuffled the hidden cards from their true
order, the agent could undo the shuffle and read the true order off its sample. Two games that
look the same to the seat but hide different orders must therefore give the same sample."""

from __future__ import annotations

import deadtable
from deadtable.agents import make_agent, observe
from deadtable.engine.dice import Dice
from deadtable.engine.state import GameState


def _samples_agree(a: GameState, b: GameState, seat: str) -> None:
    assert a.view(seat) == b.view(seat)  # the seat cannot tell them apart
    assert a.to_json() != b.to_json()  # yet they differ
    for seed in range(5):
        left, right = a.clone(), b.clone()
        left.determinize(seat, Dice(seed))
        right.determinize(seat, Dice(seed))
        assert left.to_json() == right.to_json(), seed
    _compiled_samples_agree(a, b)


def _compiled_samples_agree(a: GameState, b: GameState) -> None:
    """The same for the worlds the kernel deals (Observation.sample_compiled), where the game
    has one: played out on the same dice, they are the same game."""
    if a.game.kernel is None:
        return
    for seed in range(5):
        dice_a, dice_b = Dice(seed), Dice(seed)
        left = observe(a).sample_compiled(dice_a)
        right = observe(b).sample_compiled(dice_b)
        assert left is not None and right is not None
        assert dice_a.state == dice_b.state
        assert left.actions() == right.actions()
        for luck in range(3):
            assert left.clone().rollout(luck, 10_000) == right.clone().rollout(luck, 10_000)


def test_one_against_the_dead_samples_ignore_the_hidden_order() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    twin = state.clone()
    hidden = sorted(twin.face_down)  # type: ignore[attr-defined]
    deck = twin.deck.cards  # type: ignore[attr-defined]
    deck[0], deck[-1] = deck[-1], deck[0]  # another deck order
    p = hidden[0]
    twin.grid[p], deck[1] = deck[1], twin.grid[p]  # type: ignore[attr-defined]
    _samples_agree(state, twin, "player")


def test_chainsaw_warrior_samples_ignore_the_hidden_order() -> None:
    state = deadtable.load("chainsaw-warrior").new(seed=2)
    agent = make_agent("heuristic", seed=1, game="chainsaw-warrior")
    while len(state.seen) < 3:  # type: ignore[attr-defined]  # a few House cards turned
        state.apply(agent.act(observe(state)))
    assert state.decision is not None
    twin = state.clone()
    one, two = (d.cards for d in twin.decks)  # type: ignore[attr-defined]
    darkness = twin.data.darkness  # type: ignore[attr-defined]
    seen = twin.seen  # type: ignore[attr-defined]
    # Below the top cards (whose backs the warrior sees): swap an unseen card between the
    # decks, and move Darkness within Deck Two.
    i = next(k for k in range(1, len(one)) if one[k] not in seen)
    j = next(k for k in range(1, len(two)) if two[k] not in seen and two[k] != darkness)
    one[i], two[j] = two[j], one[i]
    d = two.index(darkness)
    e = next(k for k in range(1, len(two)) if k != d)
    two[d], two[e] = two[e], two[d]
    _samples_agree(state, twin, "warrior")
