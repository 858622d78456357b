"""The action and observation encodings: stable, complete, bounded, built from views only."""

from __future__ import annotations

import pytest

from tests.extras import need

np = need("numpy", reason="the rl extra (numpy) is not installed")

import deadtable  # noqa: E402
from deadtable.agents import make_agent, observe  # noqa: E402
from deadtable.engine.dice import Dice  # noqa: E402
from deadtable.envs.encodings import UnknownAction, encoding_for  # noqa: E402
from deadtable.games.one_against_the_dead.encoding import (  # noqa: E402
    action_ids,
    card_index,
    dice_max,
)
from tests.conformance.conftest import conformance_cases  # noqa: E402

OATD = "one-against-the-dead"
CW = "chainsaw-warrior"


def test_the_one_against_the_dead_actions_are_fixed() -> None:
    """The integers are part of the published encoding (docs/research.md): changing them
    means a new env version."""
    ids = encoding_for(deadtable.load(OATD)).actions
    assert len(ids) == 91
    assert ids[:10] == ("move:right", "move:up", "move:down", "move:left", "place:right",
                        "place:up", "place:down", "place:left", "fight:weapon", "fight:fists")
    assert ids[10] == "share:0.0.0" and ids[69] == "share:5.1.4"
    assert ids[70:72] == ("survivor:weapon", "survivor:fists")
    assert ids[72:79] == tuple(f"provisions:{n}" for n in range(7))
    assert ids[-3:] == ("swap", "take-survivor-weapon", "rescue")


def test_the_encoding_follows_the_data_file(tmp_path) -> None:
    text = (deadtable.games.one_against_the_dead.data.DEFAULT.read_text()
            .replace("tens = 5", "tens = 2").replace('heal = "d6"', 'heal = "2d6+1"'))
    path = tmp_path / "rules.toml"
    path.write_text(text)
    ids = action_ids(deadtable.load(OATD, data=str(path)))
    assert "share:2.1.4" in ids and "share:3.0.0" not in ids
    assert "provisions:13" in ids and "provisions:14" not in ids


def test_dice_max_reads_dice_expressions_as_the_dice_do() -> None:
    assert [dice_max(e) for e in ("d6", "2d6", "d6+3", "3d6kh1+5", "d66", "2d6-1")] == [
        6, 12, 9, 11, 66, 11]


def test_card_indices_are_a_bijection() -> None:
    from deadtable.games.one_against_the_dead import cards

    indices = {card_index(c) for c in cards.full_deck()}
    assert indices == set(range(53))


def random_play(game, seed: int, steps: int = 10_000):
    """Every state of one random game."""
    state = game.new(seed=seed)
    pick = Dice(seed + 99)
    yield state
    while state.decision is not None and steps:
        state.apply(pick.choice(state.decision.actions).id)
        steps -= 1
        yield state


def heuristic_play(game, seed: int, steps: int = 10_000):
    """Every state of one game played by the game's own heuristic agent (it reaches further
    into a game than random play does)."""
    agent = make_agent("heuristic", seed, game.id)
    state = game.new(seed=seed)
    yield state
    while state.decision is not None and steps:
        state.apply(agent.act(observe(state)))
        steps -= 1
        yield state


@pytest.mark.parametrize(
    "case", conformance_cases([OATD], seeds=6, variant_seeds=2)
    + conformance_cases([CW], seeds=12, variant_seeds=3), ids=lambda c: c.id)
def test_every_offered_action_is_encoded_and_views_encode_in_bounds(case) -> None:
    game = case.bind()
    encoding = encoding_for(game)
    for seed in case.seeds:
        play = heuristic_play if seed % 2 else random_play
        for state in play(game, seed):
            decision = state.decision
            legal = encoding.legal_indices(decision)  # raises UnknownAction if one is missing
            mask = encoding.mask(decision)
            assert mask.dtype == np.int8 and mask.shape == (encoding.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == legal
            assert [encoding.actions[i] for i in legal] == sorted(
                (a.id for a in decision.actions), key=encoding.index.__getitem__
            ) if decision else legal == []
            obs = encoding.encode(state.view(game.seats[0]))
            assert obs.shape == encoding.observation_shape and obs.dtype == np.float32
            assert np.isfinite(obs).all() and obs.min() >= -1.0 and obs.max() <= 1.0


def test_the_observation_depends_on_the_view_only() -> None:
    """Re-dealing the hidden cards and the dice (determinize) changes nothing the seat sees,
    so it must change nothing in the observation, while playing on does."""
    game = deadtable.load(OATD)
    encoding = encoding_for(game)
    changed = 0
    for seed in range(10):
        for i, state in enumerate(random_play(game, seed)):
            if i % 5:
                continue
            before = encoding.encode(state.view("player"))
            other = state.clone()
            other.determinize("player", Dice(seed * 1000 + i))
            assert other.deck.cards != state.deck.cards or not state.deck.cards
            np.testing.assert_array_equal(before, encoding.encode(other.view("player")))
            if state.decision is not None:
                nxt = state.clone()
                nxt.apply(state.decision.actions[0].id)
                changed += not np.array_equal(before, encoding.encode(nxt.view("player")))
    assert changed > 50


def test_the_window_shows_the_cards_around_you() -> None:
    game = deadtable.load(OATD)
    encoding = encoding_for(game)
    state = game.new(seed=3)
    view = state.view("player")
    obs = encoding.encode(view)
    from deadtable.games.one_against_the_dead.encoding import CELL_CHANNELS, RADIUS, SIDE

    centre = ((RADIUS * SIDE) + RADIUS) * CELL_CHANNELS
    here = next(c for c in view["cards"] if [c["x"], c["y"]] == view["position"])
    assert obs[centre + 1] == 1.0  # face up: you stand on it
    assert obs[centre + 2 + "CDHS".index(here["card"][-1])] == 1.0
    assert obs[centre + 27] == 1.0  # your start
    right = centre + CELL_CHANNELS  # one cell to the right: the first face-down block
    assert obs[right] == 1.0 or obs[right + 1] == 1.0


def test_an_unencoded_action_is_reported_clearly() -> None:
    encoding = encoding_for(deadtable.load(OATD))
    with pytest.raises(UnknownAction, match="does not enumerate"):
        encoding.action_index("teleport:helicopter")


def test_a_game_without_an_encoding_says_where_to_write_one(race: str) -> None:
    with pytest.raises(LookupError, match="race has no RL encoding yet; write its encoding.py"):
        encoding_for(deadtable.load(race))


def test_the_chainsaw_warrior_actions_follow_the_card_data() -> None:
    encoding = encoding_for(deadtable.load(CW))
    ids = encoding.actions
    assert ids[:3] == ("explore", "wait", "leave") and "draw:heavy-weapon" in ids
    assert "struggle" in ids and ids.index("struggle") < ids.index("anti-rad")  # appended
    assert "fit-cats:laser-lance" in ids
    # part 2's ids end with the imagizer's; the kitting options' (KITTING...) come after them
    assert ids[ids.index("choose") - 1].endswith(":imagizer")
    assert ids[-1] == "train:equipment:5" and "pick:sub-machine-gun" in ids
    assert "refill:15" in ids and "refill:16" not in ids
    assert "fight:darkness" in ids and "lucky:laser-lance:darkness" in ids
    assert "shoot:laser-lance:darkness" in ids
    data = deadtable.games.chainsaw_warrior.setup.card_data(deadtable.load(CW).options)
    for item in data.items.values():
        assert (f"heal:{item.id}" in ids) == bool(item.heal)


def test_the_chainsaw_warrior_observation_depends_on_the_view_only() -> None:
    game = deadtable.load(CW)
    encoding = encoding_for(game)
    for seed in range(6):
        for i, state in enumerate(heuristic_play(game, seed)):
            if i % 7:
                continue
            other = state.clone()
            other.determinize("warrior", Dice(seed * 1000 + i))
            np.testing.assert_array_equal(encoding.encode(state.view("warrior")),
                                          encoding.encode(other.view("warrior")))
