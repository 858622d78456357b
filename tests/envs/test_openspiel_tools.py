"""What OpenSpiel's own tools need of the binding: deals that observing never changes,
pickling and pyspiel's serialization, resample_from_infostate and an ISMCTSBot game, the
information-state tensor and a string that does not grow with the game."""

from __future__ import annotations

import json
import pickle

import pytest

from tests.extras import need

pyspiel = need(
    "pyspiel", reason="the rl extra (open_spiel) is not installed: pip install 'deadtable[rl]'")
np = need("numpy", reason="the rl extra (numpy) is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import deadtable.envs.openspiel  # noqa: E402, F401

GAMES = ["deadtable_one_against_the_dead", "deadtable_chainsaw_warrior"]


def deals(name: str, observe: bool, episodes: int = 4) -> list[str]:
    """The first view of each of `episodes` games of one rng_seed, played by one seeded
    random policy; with `observe`, observed every step in every way pyspiel offers (the
    C++ paths included, which build a throw-away state for the tensor's shape)."""
    game = pyspiel.load_game(name, {"rng_seed": 11})
    rng = np.random.RandomState(0)
    first = []
    for _ in range(episodes):
        state = game.new_initial_state()
        if observe:
            pyspiel.State.observation_tensor(state, 0)  # C++: ObservationTensorShape
            game.observation_tensor_shape()
        for step in range(12):
            if state.is_terminal():
                break
            if observe:
                state.observation_tensor(0)
                state.information_state_tensor(0)
                state.observation_string(0)
                state.information_state_string(0)
                pyspiel.State.observation_tensor(state, 0)
                pyspiel.State.information_state_tensor(state, 0)
            if step == 0:
                first.append(str(state))
            state.apply_action(rng.choice(state.legal_actions()))
    return first


@pytest.mark.parametrize("name", GAMES)
def test_deals_do_not_depend_on_observation_calls(name: str) -> None:
    quiet = deals(name, observe=False)
    assert len(set(quiet)) == len(quiet)  # four different deals
    assert deals(name, observe=True) == quiet


def test_observing_a_fresh_state_shows_the_deal_play_then_continues() -> None:
    game = pyspiel.load_game(GAMES[0], {"rng_seed": 4})
    state = game.new_initial_state()
    seen = state.observation_tensor(0)
    state.legal_actions()  # play begins on the state observed: the same deal
    assert state.observation_tensor(0) == seen
    other = pyspiel.load_game(GAMES[0], {"rng_seed": 4}).new_initial_state()
    assert str(other) == str(state)


def test_the_tensors_are_the_encoding_and_the_shapes_need_no_state() -> None:
    game = pyspiel.load_game(GAMES[1], {"rng_seed": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    size = game.observation_tensor_size()
    assert game.observation_tensor_shape() == [size] == game.information_state_tensor_shape()
    assert len(state.information_state_tensor(0)) == size
    assert state.observation_tensor() == pyspiel.State.observation_tensor(state, 0)
    assert state.information_state_tensor(0) == state.observation_tensor(0)
    with pytest.raises(ValueError, match="player 3 is not a seat"):
        state.observation_tensor(3)


def test_the_information_state_string_does_not_grow_with_the_log() -> None:
    game = pyspiel.load_game(GAMES[1], {"rng_seed": 6})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    extra = set()
    while not state.is_terminal():
        info, observation = state.information_state_string(0), state.observation_string(0)
        extra.add(len(info) - len(observation))
        state.apply_action(rng.choice(state.legal_actions()))
    # the view without its log, and a digest of the log of a fixed length
    assert len(state.native.log) > 50 and extra == {len(', "recall": ""') + 32}
    # perfect recall: two states with the same view but different pasts differ
    before = game.new_initial_state()
    after = before.clone()
    after.apply_action(after.legal_actions()[0])
    assert before.information_state_string(0) != after.information_state_string(0)


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_what_the_seat_knows(name: str) -> None:
    game = pyspiel.load_game(name, {"rng_seed": 9})
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(0, sampler) for _ in range(4)]
    for world in worlds:
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.observation_tensor(0) == state.observation_tensor(0)
        assert world.history() == state.history()
        assert world.legal_actions() == state.legal_actions()
    # the hidden part (the deck, the future dice) is dealt anew
    assert len({str(w) for w in worlds} | {str(state)}) > 1


def test_an_ismcts_bot_plays_a_game() -> None:
    game = pyspiel.load_game(GAMES[0], {"rng_seed": 5, "row": 3, "max_turns": 20})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 10, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves > 0 and state.returns()[0] in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("name", GAMES)
def test_games_and_states_pickle(name: str) -> None:
    game = pyspiel.load_game(name, {"rng_seed": 12})
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    copy = pickle.loads(pickle.dumps(game))
    # the copy's seed stream goes on where the game's stands
    assert str(copy.new_initial_state()) == str(game.new_initial_state())


@pytest.mark.parametrize("name", GAMES)
def test_a_serializable_game_passes_pyspiels_serialization(name: str) -> None:
    game = pyspiel.load_game(name, {"rng_seed": 3, "serializable": True})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(state2) == str(state) and state2.history() == state.history()
    assert json.loads(str(state2))["seed"] == state.native.seed


def test_a_digit_string_option_is_a_number_parameter() -> None:
    """pyspiel's game strings read "456" back as a number, so such options are numbers."""
    game = pyspiel.load_game(GAMES[1], {"lucky_ammo": 456})
    assert game.native.options["lucky-ammo"] == "456"
    assert pyspiel.load_game(str(game)).native.options == game.native.options


@pytest.mark.parametrize(("name", "kernel"), [
    (GAMES[0], "deadtable.games.one_against_the_dead.kernel._oatd"),
    (GAMES[1], "deadtable.games.chainsaw_warrior.kernel._cw"),
])
def test_observing_over_the_kernel_builds_no_python_state(name: str, kernel: str) -> None:
    """The game's compiled encoder writes the tensor from the kernel."""
    need(kernel, f"{name}'s kernel is not built (pip install -e . with a C compiler)")
    game = pyspiel.load_game(name, {"rng_seed": 2})
    assert game.encoder is not None
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(10):
        state.observation_tensor(0)
        state.apply_action(rng.choice(state.legal_actions()))
    assert state._box.base is None  # never built
    tensor = state.observation_tensor(0)
    seat = game.native.seats[0]
    assert tensor == list(game.encoding.encode(state.native.view(seat)))
