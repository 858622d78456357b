"""The board games' encodings (Left 4 Dead, Last Night on Earth, Psycho Raiders): complete
over random play of every option family, translating each legal id to one integer and back,
bounded, and blind to what the seat may not know."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.extras import need

np = need("numpy", reason="the rl extra (numpy) is not installed")

import deadtable  # noqa: E402
from deadtable.engine.dice import Dice  # noqa: E402
from deadtable.envs.encodings import UnknownAction, encoding_for  # noqa: E402
from deadtable.envs.encodings.board import expand, tokens  # noqa: E402

L4D, LNOE, PR = "left-4-dead", "last-night-on-earth", "psycho-raiders"
# (game, options, seeds, decisions per game): several hundred decisions in each family
CASES: list[tuple[str, dict[str, Any], int, int]] = [
    (L4D, {}, 1, 400), (L4D, {"chapter": 3, "difficulty": "expert"}, 1, 300),
    (L4D, {"campaign": "dead-river", "chapter": 5}, 1, 300),
    (L4D, {"wandering-witch": "always", "difficulty": "easy"}, 1, 300),
    (LNOE, {}, 2, 400), (LNOE, {"scenario": "defend-the-manor-house"}, 2, 400),
    (LNOE, {"scenario": "escape-in-the-truck", "hero-players": 4}, 2, 300),
    (LNOE, {"scenario": "save-the-townsfolk", "hero-players": 2}, 2, 300),
    (LNOE, {"scenario": "burn-em-out"}, 2, 300), (LNOE, {"decks": "advanced"}, 2, 400),
    (PR, {"players": 2}, 2, 400), (PR, {"players": 5, "fog-dial": "on"}, 2, 400),
    (PR, {"players": 13, "events": "every-turn"}, 1, 400),
]


def case_id(case: tuple[str, dict[str, Any], int, int]) -> str:
    game, options, _, _ = case
    return game + "".join(f",{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_play_never_meets_an_unknown_action(case) -> None:
    game_id, options, seeds, steps = case
    game = deadtable.load(game_id, **options)
    encoding = encoding_for(game)
    for seed in range(seeds):
        state, pick = game.new(seed=seed), Dice(seed + 17)
        for _ in range(steps):
            decision = state.decision
            if decision is None:
                break
            view = state.view(decision.seat)
            legal = encoding.legal_map(decision.ids, lambda v=view: v)  # UnknownAction?
            assert sorted(legal.values()) == sorted(decision.ids)  # one integer per id
            mask = encoding.mask(decision, lambda v=view: v)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
            obs = encoding.encode(view)
            assert obs.shape == encoding.observation_shape and obs.dtype == np.float32
            assert np.isfinite(obs).all() and obs.min() >= -1.0 and obs.max() <= 1.0
            state.apply(legal[pick.choice(sorted(legal))])


def test_the_layout_does_not_depend_on_play() -> None:
    """The enumeration is the data's: the same for two loads, and the same whatever the
    seed (encodings are made from the options, never from a game played)."""
    for game_id in (L4D, LNOE, PR):
        first = encoding_for(deadtable.load(game_id))
        again = type(first)(deadtable.load(game_id))
        assert again.actions == first.actions and again.size == first.size


def test_psycho_raiders_spaces_are_fixed_per_player_count() -> None:
    two = encoding_for(deadtable.load(PR, players=2))
    five = encoding_for(deadtable.load(PR, players=5))
    assert two.actions == five.actions and two.observation_shape == five.observation_shape


def test_templates_expand_over_their_domains() -> None:
    assert expand("move:{token}:{place}", {"token": ("1", "2"), "place": ("a", "b: c")}) == [
        "move:1:a", "move:1:b: c", "move:2:a", "move:2:b: c"]
    assert tokens("hide:Farmhouse: Kitchen:keep") == ["hide", "Farmhouse: Kitchen", "keep"]
    with pytest.raises(KeyError, match=r"names the domain \{nope\}"):
        expand("x:{nope}", {})


def test_an_unknown_action_names_the_id_and_the_templates_to_extend() -> None:
    game = deadtable.load(L4D)
    encoding = encoding_for(game)
    state = game.new(seed=1)
    view = state.view("survivors")
    with pytest.raises(UnknownAction, match=r"offered action 'move:99999' \(encoded as "
                                            r"'move:99999'\).*templates for 'move' are "
                                            r"move:\{space\}"):
        encoding.legal_map(["move:99999"], lambda: view)
    with pytest.raises(UnknownAction, match="no template has the verb 'teleport'"):
        encoding.legal_map(["teleport:bill"], lambda: view)


def test_left_4_dead_names_infected_by_their_space_and_plays_them_back() -> None:
    game = deadtable.load(L4D)
    encoding = encoding_for(game)
    state, pick = game.new(seed=4), Dice(4)
    seen = 0
    while state.decision is not None and seen < 5:
        decision = state.decision
        view = state.view(decision.seat)
        moves = [i for i in decision.ids if i.startswith("horde-move:")]
        if moves:
            legal = encoding.legal_map(decision.ids, lambda v=view: v)
            figure, space = moves[0].split(":")[1:]
            where = next(f["space"] for f in view["figures"] if f["id"] == figure)
            at = [s[0] for s in view["map"]["spaces"]].index(where)
            assert legal[encoding.index[f"horde-move:fig@{at}:{space}"]] == moves[0]
            seen += 1
        state.apply(pick.choice(decision.actions).id)
    assert seen == 5


def test_left_4_dead_names_a_horde_attack_on_an_infected_figure_by_its_neighbour() -> None:
    """A Bile Bomb draws the horde onto any figure on its space, infected too: the target is
    named by which neighbour of the attacker's space it stands on."""
    game = deadtable.load(L4D)
    encoding = encoding_for(game)
    state = game.new(seed=4)
    first, second = [f for f in state.figures.values()
                     if f.side != "survivors" and f.space is not None][:2]
    second.space = state.board.neighbours[first.space][2]
    view = state.view("infected")
    at = [s[0] for s in view["map"]["spaces"]].index(state.board.names[first.space])
    ids = [f"horde-attack:{first.id}:{second.id}"]
    assert encoding.names(ids, lambda: view) == [f"horde-attack:fig@{at}:n2"]
    assert encoding.legal_map(ids, lambda: view) == {
        encoding.index[f"horde-attack:fig@{at}:n2"]: ids[0]}


def _hidden(state) -> str:
    """What a state holds besides the dice: differs when determinize dealt anew."""
    data = state.to_data()
    data.pop("dice", None)
    return json.dumps(data, sort_keys=True, default=str)


@pytest.mark.parametrize("game_id,options,seat", [
    (LNOE, {}, "heroes"), (LNOE, {}, "zombies"),
    (PR, {"players": 5}, "ginger-dawn"), (PR, {"players": 2}, "raiders"),
    (L4D, {}, "survivors"),
])
def test_what_another_seat_hides_never_reaches_the_observation(game_id, options, seat) -> None:
    """Two states that differ only in what `seat` cannot know (determinize deals it anew:
    hands, decks, hidden tokens, sinister roles, the dice) encode equal for that seat."""
    game = deadtable.load(game_id, **options)
    encoding = encoding_for(game)
    redealt = 0
    for seed in range(3):
        state, pick = game.new(seed=seed), Dice(seed)
        for step in range(300):
            if state.decision is None:
                break
            if step % 10 == 0:
                other = state.clone()
                other.determinize(seat, Dice(seed * 1000 + step))
                redealt += _hidden(other) != _hidden(state)
                np.testing.assert_array_equal(encoding.encode(state.view(seat)),
                                              encoding.encode(other.view(seat)))
            state.apply(pick.choice(state.decision.actions).id)
    if game_id != L4D:  # Left 4 Dead hides only the dice and the item pool's order
        assert redealt > 0
