"""The kernel (the rules compiled in C) plays exactly the games the Python rules play.

Decision by decision: from the same seed, at every decision the kernel's action ids are the
Python decision's ids in the same order; the same random choice is applied to both, to the
end, and the outcomes are equal. Over 2000 seeds with the default options, 150 or more for
every value of every option, a data file with other numbers, dice synchronised and not,
positions loaded from Python mid-game (determinized too), and a Hypothesis property. The
search's methods too: `determinize` deals card for card and die for die as the Python's, and
`rollout` plays as the mcts agent's loop.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deadtable
from deadtable.engine.decisions import GameOver
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.game import Game
from deadtable.games.one_against_the_dead.kernel import kernel_for
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState
from tests.extras import need

need("deadtable.games.one_against_the_dead.kernel._oatd",
     "One Against the Dead's kernel is not built (pip install -e . with a C compiler)")

GAME = "one-against-the-dead"
OTHER_NUMBERS = str(Path(__file__).parent / "data" / "other-numbers.toml")

# Every non-default value of every option, each on its own (ranges: a spread of values).
OPTION_VALUES: list[tuple[str, Any]] = [
    ("row", 1), ("row", 2), ("row", 4), ("row", 11), ("row", 20),
    ("weapon-powers", "3-4-5"), ("weapon-powers", "3-4-6"), ("weapon-powers", "3-5-6"),
    ("weapon-powers", "4-5-6"),
    ("survivor-life", "d6"), ("survivor-life", "2d6"), ("survivor-life", "d6+3"),
    ("final-battle", "survive"),
    ("helicopter-zombies", "none"),
    ("flip-placement", "previous-card"),
    ("match-neighbours", "numbers-only"),
    ("match-same-turn", True),
    ("match-mixed", False),
    ("share-by", "dice"),
    ("scoring", "kills"),
    ("max-turns", 1), ("max-turns", 3), ("max-turns", 12), ("max-turns", 10_000),
    ("data", OTHER_NUMBERS),
]


def load(**options: Any) -> Game:
    return deadtable.load(GAME, **options)


def kernel(game: Game) -> Any:
    k = kernel_for(game)
    assert k is not None, f"no kernel for {game.options}"
    return k


def ids(state: OneAgainstTheDeadState) -> list[str]:
    decision = state.decision
    return [] if decision is None else [a.id for a in decision.actions]


def play_both(state: OneAgainstTheDeadState, kg: Any, agent: Dice, by_id: bool = False) -> int:
    """Play the Python state and the kernel game side by side to the end, choosing with
    `agent`; assert the same decisions all the way and the same outcome. Returns how many
    decisions were compared."""
    decisions = 0
    while True:
        expected = ids(state)
        assert kg.actions() == expected, (
            f"decision {decisions} of seed {state.seed} differs after {state.history}"
        )
        assert kg.count() == len(expected)
        decisions += 1
        if not expected:
            break
        assert kg.seat() == "player"
        i = agent.below(len(expected))
        state.apply(expected[i])
        if by_id:
            kg.apply_id(expected[i])
        else:
            kg.apply(i)
    assert kg.seat() is None
    assert kg.outcome() == state.outcome, f"seed {state.seed}: {kg.outcome()} != {state.outcome}"
    return decisions


def same_game(game: Game, k: Any, seed: int, synchronise: bool, by_id: bool = False) -> int:
    state = game.new(seed=seed)
    assert isinstance(state, OneAgainstTheDeadState)
    if synchronise:
        state.dice.synchronise()
    return play_both(state, k.new(seed, synchronise), Dice(derive_seed(seed, 7)), by_id)


# -- the same games, decision by decision ---------------------------------------------------
@pytest.mark.slow  # a full-size comparison: `make test` only
def test_default_options_2000_seeds() -> None:
    game = load()
    k = kernel(game)
    decisions = sum(same_game(game, k, seed, synchronise=seed % 2 == 1) for seed in range(2000))
    assert decisions > 50_000


@pytest.mark.parametrize(("name", "value"), OPTION_VALUES, ids=lambda v: str(v)[-24:])
def test_every_option_value(name: str, value: Any) -> None:
    game = load(**{name: value})
    k = kernel(game)
    for seed in range(150):
        same_game(game, k, 10_000 + seed, synchronise=seed % 2 == 1)


@pytest.mark.slow  # a full-size comparison: `make test` only
def test_other_numbers_data_file_with_options() -> None:
    """The data file with other numbers (its own power tables, zombie dice, removals, weapon
    cards, dice expressions, damage) under options that read it."""
    for options in ({"weapon-powers": "4-5-6", "share-by": "dice"},
                    {"survivor-life": "2d6", "match-mixed": False, "row": 9}):
        game = load(data=OTHER_NUMBERS, **options)
        k = kernel(game)
        for seed in range(300):
            same_game(game, k, seed, synchronise=seed % 3 == 0)


def test_apply_id_plays_the_same_games() -> None:
    game = load()
    k = kernel(game)
    for seed in range(200):
        same_game(game, k, seed, synchronise=False, by_id=True)


@pytest.mark.parametrize("options", [
    {}, {"final-battle": "survive", "helicopter-zombies": "none"}, {"data": OTHER_NUMBERS},
    {"row": 15, "share-by": "dice", "scoring": "kills"},
])
def test_games_that_reach_the_helicopter(options: dict[str, Any]) -> None:
    """Random play rarely gets far; the heuristic agent walks to the helicopter and fights the
    final battle in most games. Its choices applied by id to both."""
    from deadtable.agents import make_agent, observe

    game = load(**options)
    k = kernel(game)
    causes = set()
    for seed in range(150):
        state = game.new(seed=seed)
        assert isinstance(state, OneAgainstTheDeadState)
        if seed % 2:
            state.dice.synchronise()
        kg = k.new(seed, seed % 2 == 1)
        agent = make_agent("heuristic", seed=seed, game=GAME)
        while state.decision is not None:
            assert kg.actions() == ids(state)
            action = agent.act(observe(state))
            state.apply(action)
            kg.apply_id(action)
        assert kg.actions() == [] and kg.outcome() == state.outcome
        causes.add(state.outcome.cause if state.outcome else None)
    assert "evacuated" in causes


option_mixes = st.fixed_dictionaries({}, optional={
    "row": st.integers(1, 20),
    "weapon-powers": st.sampled_from(["data", "3-4-5", "3-4-6", "3-5-6", "4-5-6"]),
    "survivor-life": st.sampled_from(["data", "d6", "2d6", "d6+3"]),
    "final-battle": st.sampled_from(["kill-all", "survive"]),
    "helicopter-zombies": st.sampled_from(["card-value", "none"]),
    "flip-placement": st.sampled_from(["current-card", "previous-card"]),
    "match-neighbours": st.sampled_from(["all-cards", "numbers-only"]),
    "match-same-turn": st.booleans(),
    "match-mixed": st.booleans(),
    "share-by": st.sampled_from(["zombies", "dice"]),
    "scoring": st.sampled_from(["life", "kills"]),
    "max-turns": st.integers(1, 400),
    "data": st.sampled_from(["", OTHER_NUMBERS]),
})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=option_mixes, seed=st.integers(-(2**70), 2**70), synchronise=st.booleans())
def test_property_same_games_for_any_seed_and_options(
    options: dict[str, Any], seed: int, synchronise: bool
) -> None:
    if options.get("data") and options.get("weapon-powers") not in (None, "data", "4-5-6"):
        options["weapon-powers"] = "4-5-6"  # the other file has only its own tables and 4-5-6
    game = load(**options)
    same_game(game, kernel(game), seed, synchronise)


# -- play_random is sim.run.play_one with random agents ---------------------------------------
@pytest.mark.parametrize(("options", "sync", "games"), [
    ({}, False, 2000), ({}, True, 2000), ({"data": OTHER_NUMBERS}, True, 300),
])
def test_play_random_is_play_one(
    monkeypatch: pytest.MonkeyPatch, options: dict[str, Any], sync: bool, games: int
) -> None:
    from deadtable.sim.run import play_one

    k = kernel(load(**options))
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")  # play_one must play the Python rules
    python = load(**options)
    assert python.kernel is None
    for index in range(games):
        played = play_one(python, 42, {"player": "random"}, index, sync_dice=sync)
        got = k.play_random(derive_seed(42, index), [derive_seed(42, index, 1)], 100_000, sync)
        assert got == tuple(played), f"game {index}"


def test_play_random_max_steps() -> None:
    k = kernel(load())
    for index in range(50):
        seeds = (derive_seed(3, index), [derive_seed(3, index, 1)])
        full = k.play_random(*seeds, 100_000)
        steps = full[1]
        assert k.play_random(*seeds, steps) == full  # over on its last allowed step
        assert k.play_random(*seeds, steps - 1) is None
        assert k.play_random(*seeds, 0) is None


# -- load: a Python position becomes the same position in C -----------------------------------
def _walk(state: OneAgainstTheDeadState, agent: Dice, steps: int) -> None:
    for _ in range(steps):
        decision = state.decision
        if decision is None:
            return
        state.apply(agent.choice(decision.actions).id)


def test_load_mid_game_positions() -> None:
    for options in ({}, {"data": OTHER_NUMBERS, "flip-placement": "previous-card"}):
        game = load(**options)
        k = kernel(game)
        for seed in range(200):
            state = game.new(seed=seed)
            assert isinstance(state, OneAgainstTheDeadState)
            if seed % 4 == 0:
                state.dice.synchronise()
            agent = Dice(seed)
            _walk(state, agent, agent.below(40))
            kg = k.load(state)
            play_both(state, kg, Dice(seed + 1))


def test_load_at_every_decision() -> None:
    """Every phase a decision can be in (provisions, the survivor's share and weapon, a
    flipped card to place, ...): loaded at each decision of whole games, then a few steps on."""
    game = load(data=OTHER_NUMBERS)
    k = kernel(game)
    phases: set[str] = set()
    for seed in range(120):
        state = game.new(seed=seed)
        assert isinstance(state, OneAgainstTheDeadState)
        agent = Dice(seed)
        while state.decision is not None:
            phases.add("provisions" if state.provisions else state.phase)
            kg, ahead = k.load(state), state.clone()
            assert isinstance(ahead, OneAgainstTheDeadState)
            side = Dice(seed + 99)
            for _ in range(4):
                assert kg.actions() == ids(ahead)
                if not kg.count():
                    break
                i = side.below(kg.count())
                ahead.apply(ids(ahead)[i])
                kg.apply(i)
            assert kg.outcome() == ahead.outcome
            _walk(state, agent, 1)
    assert phases == {"move", "place", "place-flipped", "combat", "share", "survivor-weapon",
                      "provisions"}


def test_load_determinized_and_synchronised_positions() -> None:
    game = load()
    k = kernel(game)
    for seed in range(200):
        state = game.new(seed=seed)
        assert isinstance(state, OneAgainstTheDeadState)
        agent = Dice(seed)
        _walk(state, agent, agent.below(30))
        world = state.clone()
        assert isinstance(world, OneAgainstTheDeadState)
        world.determinize("player", Dice(seed * 31 + 5))
        world.dice.synchronise()
        play_both(world, k.load(world), Dice(seed + 2))


def test_load_a_finished_game() -> None:
    game = load()
    state = game.new(seed=3)
    assert isinstance(state, OneAgainstTheDeadState)
    _walk(state, Dice(0), 10_000)
    kg = kernel(game).load(state)
    assert kg.outcome() == state.outcome and kg.actions() == [] and kg.count() == 0


def test_load_refuses_scripted_dice() -> None:
    game = load()
    state = game.new(seed=1)
    state.dice.script = [3]
    with pytest.raises(ValueError, match="scripted"):
        kernel(game).load(state)


def test_load_refuses_another_games_options() -> None:
    state = load(row=4).new(seed=1)
    with pytest.raises(ValueError):
        kernel(load()).load(state)


# -- the protocol's edges ----------------------------------------------------------------------
def test_clone_is_independent() -> None:
    game = load()
    k = kernel(game)
    for seed in range(30):
        kg = k.new(seed)
        before = kg.actions()
        other = kg.clone()
        agent = Dice(seed)
        while other.count():
            other.apply(agent.below(other.count()))
        assert kg.actions() == before and kg.outcome() is None
        state = game.new(seed=seed)
        assert isinstance(state, OneAgainstTheDeadState)
        play_both(state, kg, Dice(derive_seed(seed, 7)))


def test_illegal_actions_change_nothing() -> None:
    game = load()
    k = kernel(game)
    state = game.new(seed=11)
    assert isinstance(state, OneAgainstTheDeadState)
    kg = k.new(11)
    legal = kg.actions()
    with pytest.raises(ValueError, match="legal actions: " + legal[0]):
        kg.apply_id("move:sideways")
    with pytest.raises(ValueError):
        kg.apply_id(3)
    for bad in (-1, len(legal), 10**6):
        with pytest.raises(IndexError):
            kg.apply(bad)
    assert kg.actions() == legal
    play_both(state, kg, Dice(4))
    with pytest.raises(GameOver):
        kg.apply(0)
    with pytest.raises(GameOver):
        kg.apply_id(legal[0])


def test_the_engine_offers_it_and_can_turn_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load().kernel is not None
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    assert load().kernel is None


def test_a_data_file_it_does_not_take_leaves_python_playing(tmp_path: Path) -> None:
    """A survivor die the Python cannot roll: the Python rules play (and fail when they roll
    it, as they would without a kernel)."""
    text = Path(OTHER_NUMBERS).read_text().replace('life = "3d6kh2+1"', 'life = "3d6kh9"')
    path = tmp_path / "bad-die.toml"
    path.write_text(text)
    assert kernel_for(load(data=str(path))) is None


# -- determinize and rollout: a search's worlds dealt and played out in the kernel ----------------
def dealt(state: OneAgainstTheDeadState) -> tuple[Any, ...]:
    """What the kernel's `_dealt()` shows, read from a Python state."""
    from deadtable.games.one_against_the_dead.kernel import CODE

    dice = state.dice
    down = [(x, y, CODE[state.grid[(x, y)]]) for x, y in sorted(state.face_down)]
    return (dice.state, dice.base, dice.marks if dice.base is not None else 0,
            bytes(CODE[c] for c in state.deck.cards), down)


def positions(game: Game, seeds: range, every: int = 1,
              heuristic: bool = False) -> Any:
    """Positions of whole games (random or heuristic play, dice synchronised in every third
    game): every `every`-th decision, and the finished game."""
    from deadtable.agents import make_agent, observe

    for seed in seeds:
        state = game.new(seed=seed)
        assert isinstance(state, OneAgainstTheDeadState)
        if seed % 3 == 0:
            state.dice.synchronise()
        agent = make_agent("heuristic", seed=seed, game=GAME) if heuristic else None
        chooser = Dice(derive_seed(seed, 5))
        n = 0
        while state.decision is not None:
            if n % every == 0:
                yield state
            n += 1
            if agent is not None:
                state.apply(agent.act(observe(state)))
            else:
                state.apply(chooser.choice(state.decision.actions).id)
        yield state


DETERMINIZE_CASES: list[tuple[dict[str, Any], bool, int, int]] = [
    # options, heuristic play, games, every how many decisions
    ({}, False, 40, 2),
    ({}, True, 12, 3),
    ({"data": OTHER_NUMBERS}, False, 24, 2),
    ({"data": OTHER_NUMBERS, "flip-placement": "previous-card", "row": 9}, True, 10, 3),
    ({"row": 1, "max-turns": 12}, False, 30, 1),
    ({"row": 20, "match-neighbours": "numbers-only", "share-by": "dice"}, True, 6, 5),
]


@pytest.mark.parametrize(("options", "heuristic", "games", "every"), DETERMINIZE_CASES,
                         ids=lambda v: str(v)[-24:])
def test_determinize_deals_as_python(
    options: dict[str, Any], heuristic: bool, games: int, every: int
) -> None:
    """kernel.load(state).determinize(seat, s) is state.clone().determinize(seat, Dice(s)):
    the same game dice (synchronised ones become plain), the same cards face down and in the
    deck, the same agent dice after; then the same game, decision by decision, to the end."""
    game = load(**options)
    k = kernel(game)
    phases: set[str] = set()
    count = synchronised = 0
    for state in positions(game, range(games), every, heuristic):
        synchronised += state.dice.base is not None  # dealt as plain dice, as the Python does
        s = derive_seed(state.seed, len(state.history), 3)
        world = state.clone()
        assert isinstance(world, OneAgainstTheDeadState)
        agent = Dice(s)
        world.determinize("player", agent)
        kg = k.load(state)
        assert kg.determinize("player", s) == agent.state
        assert kg._dealt() == dealt(world)
        play_both(world, kg, Dice(s + 1))
        phases.add("over" if state.outcome else "provisions" if state.provisions else state.phase)
        count += 1
    assert count >= 60 and synchronised >= 20
    assert "over" in phases and "move" in phases and "place" in phases
    if options.get("data"):
        assert phases >= {"place-flipped", "combat", "share", "survivor-weapon", "provisions"}


def test_determinize_as_the_agent_uses_it() -> None:
    """kernel.load(real).clone().determinize(seat, s) is the world the Python agent samples,
    kernel.load(observe(real).sample(Dice(s))), and leaves the real position as it was."""
    from deadtable.agents import observe

    for options in ({}, {"data": OTHER_NUMBERS}):
        game = load(**options)
        k = kernel(game)
        for real in positions(game, range(12), every=2):
            if real.decision is None:
                continue
            s = derive_seed(real.seed, len(real.history), 4)
            root = k.load(real)
            before = root._dealt()
            world = root.clone()
            after = world.determinize("player", s)
            sample = observe(real).sample(Dice(s))
            assert isinstance(sample, OneAgainstTheDeadState)
            python = k.load(sample)
            assert world._dealt() == python._dealt() == dealt(sample)
            assert root._dealt() == before
            agent = Dice(s)
            observe(real).sample(agent)
            assert after == agent.state
            chooser = Dice(s + 2)
            while python.count():
                assert world.actions() == python.actions() == ids(sample)
                i = chooser.below(python.count())
                sample.apply(ids(sample)[i])
                world.apply(i)
                python.apply(i)
            assert world.outcome() == python.outcome() == sample.outcome
            assert world.count() == 0


def python_rollout(state: OneAgainstTheDeadState, dice: Dice, depth: int) -> int:
    """The mcts agent's random rollout in Python (agents/mcts.py: _play_out)."""
    steps = 0
    for _ in range(depth):
        decision = state.decision
        if decision is None:
            break
        state.apply(decision.actions[dice.below(len(decision.actions))].id)
        steps += 1
    return steps


@pytest.mark.parametrize(("options", "heuristic", "games", "every"), [
    ({}, False, 30, 2), ({}, True, 8, 4), ({"data": OTHER_NUMBERS}, False, 16, 2),
    ({"row": 3, "final-battle": "survive", "scoring": "kills"}, True, 12, 2),
], ids=lambda v: str(v)[-24:])
def test_rollout_plays_as_python(
    options: dict[str, Any], heuristic: bool, games: int, every: int
) -> None:
    """rollout(s, depth) is the Python loop of state.apply(actions[d.below(n)].id): the same
    steps, the same dice after, the same position (played on to the end, decision by
    decision) when a depth cut it short, the same outcome; on a world determinized too."""
    game = load(**options)
    k = kernel(game)
    cut = whole = 0
    for n, state in enumerate(positions(game, range(games), every, heuristic)):
        s = derive_seed(state.seed, len(state.history), 6)
        depth = (0, 1, 3, 10, 10_000)[n % 5]
        python = state.clone()
        assert isinstance(python, OneAgainstTheDeadState)
        kg = k.load(state)
        if n % 2:  # a search world: determinized first
            python.determinize("player", Dice(s + 1))
            kg.determinize("player", s + 1)
        dice = Dice(s)
        steps = python_rollout(python, dice, depth)
        assert kg.rollout(s, depth) == (steps, dice.state)
        assert kg.outcome() == python.outcome
        if python.outcome is None:
            assert steps == depth
            cut += 1
            play_both(python, kg, Dice(s + 2))
        else:
            whole += 1
            assert kg.rollout(s, 5) == (0, s)  # nothing left to play: no dice drawn
    assert cut >= 10 and whole >= 10


def test_determinize_and_rollout_refuse_bad_arguments() -> None:
    kg = kernel(load()).new(1)
    with pytest.raises(TypeError):
        kg.determinize(1, 2)
    with pytest.raises(TypeError):
        kg.rollout("dice", 3)
    assert kg.rollout(7, -1) == (0, 7)


def test_clones_of_clones_play_on_as_python() -> None:
    """A clone copies only the rows of the city near its cards (module.c: game_clone): clones
    (of clones) taken at every decision of games in C play on as the Python does, while many
    freed games leave their cards in the memory new clones are made in."""
    for options in ({}, {"data": OTHER_NUMBERS, "row": 6}):
        game = load(**options)
        k = kernel(game)
        for seed in range(40):
            state = game.new(seed=seed)
            assert isinstance(state, OneAgainstTheDeadState)
            kg, agent = k.new(seed), Dice(seed)
            n = 0
            while state.decision is not None:
                world, ahead = kg.clone().clone(), state.clone()
                assert isinstance(ahead, OneAgainstTheDeadState)
                side = Dice(seed + n)
                for _ in range(1_000 if n % 6 == 0 else 3):
                    assert world.actions() == ids(ahead)
                    if not world.count():
                        break
                    i = side.below(world.count())
                    ahead.apply(ids(ahead)[i])
                    world.apply(i)
                    world = world.clone()
                assert world.outcome() == ahead.outcome
                i = agent.below(kg.count())
                state.apply(ids(state)[i])
                kg.apply(i)
                n += 1
            assert kg.outcome() == state.outcome


# -- the heuristic agent in the kernel (agent.c), and synchronise -----------------------------
def used_agent(game: Game, seed: int) -> Any:
    """A HeuristicAgent that has played real decisions of another game: it has walked (its
    visits are not empty) and its dice have rolled."""
    from deadtable.agents import observe
    from deadtable.games.one_against_the_dead.agent import HeuristicAgent

    agent = HeuristicAgent(seed, big_fight=4 + seed % 9)
    other = seed + 100_000
    while not agent.visits:  # a game that ends before its first move leaves none: another
        state = game.new(seed=other)
        for _ in range(8 + seed % 30):
            if state.decision is None:
                break
            state.apply(agent.act(observe(state)))
        other += 1
    return agent


def heuristic_positions(game: Game, seeds: range, every: int) -> Any:
    """(position, agent) pairs: positions of heuristic games (every `every`-th decision, the
    start and the finished game; dice synchronised in every third game) with the agent that
    played them so far (used memory), and positions of random games with a fresh agent or one
    that played another game."""
    from deadtable.agents import observe
    from deadtable.games.one_against_the_dead.agent import HeuristicAgent

    for seed in seeds:
        state = game.new(seed=seed)
        assert isinstance(state, OneAgainstTheDeadState)
        if seed % 3 == 0:
            state.dice.synchronise()
        by_heuristic = seed % 2 == 0
        agent = HeuristicAgent(seed) if by_heuristic or seed % 4 == 1 else used_agent(game, seed)
        chooser = Dice(derive_seed(seed, 8))
        n = 0
        while True:
            if n % every == 0 or state.decision is None:
                yield state, agent
            if state.decision is None:
                break
            n += 1
            if by_heuristic:
                state.apply(agent.act(observe(state)))
            else:
                state.apply(chooser.choice(state.decision.actions).id)


HEURISTIC_CASES: list[tuple[dict[str, Any], int, int]] = [
    # options, games, every how many decisions
    ({}, 30, 3),
    ({"data": OTHER_NUMBERS}, 20, 3),
    ({"data": OTHER_NUMBERS, "flip-placement": "previous-card", "row": 9}, 10, 4),
    ({"row": 1, "max-turns": 12}, 20, 2),
    ({"row": 20, "match-neighbours": "numbers-only", "share-by": "dice"}, 10, 6),
    ({"final-battle": "survive", "helicopter-zombies": "none", "weapon-powers": "3-4-5"}, 16, 4),
]


@pytest.mark.parametrize(("options", "games", "every"), HEURISTIC_CASES,
                         ids=lambda v: str(v)[-24:])
def test_heuristic_chooses_as_python(options: dict[str, Any], games: int, every: int) -> None:
    """From positions of real games, with fresh and used agents: at every decision to the end
    the kernel's heuristic (`_heuristic(memory)`: its choice, without taking it) chooses the
    Python agent's action, and leaves its memory as the Python's `kernel_memory()` after; the
    same choice where determinize dealt the hidden cards anew (it sees only the view)."""
    from deadtable.agents import observe

    game = load(**options)
    k = kernel(game)
    count = decisions = used = synchronised = 0
    kinds: set[str] = set()
    for state, agent in heuristic_positions(game, range(games), every):
        python, me = state.clone(), copy.deepcopy(agent)
        assert isinstance(python, OneAgainstTheDeadState)
        kg = k.load(state)
        used += bool(me.visits)
        synchronised += state.dice.base is not None
        count += 1
        while python.decision is not None:
            memory = me.kernel_memory()
            i, after = kg._heuristic(memory)
            world = kg.clone()
            world.determinize("player", derive_seed(python.seed, decisions))
            assert world._heuristic(memory) == (i, after)
            chosen = me.act(observe(python))
            assert kg.actions()[i] == chosen, f"seed {state.seed} after {python.history}"
            assert after == me.kernel_memory()
            kinds.add(chosen.split(":")[0])
            python.apply(chosen)
            kg.apply(i)
            decisions += 1
        assert kg.outcome() == python.outcome
        with pytest.raises(GameOver):
            kg._heuristic(me.kernel_memory())
    assert count >= 50 and used >= count // 4 and synchronised >= 10
    assert decisions >= 300
    assert {"move", "place", "fight", "share", "take", "rescue"} <= kinds
    if options.get("row") != 1:
        assert {"arm", "survivor", "provisions"} <= kinds


def python_play_out(state: OneAgainstTheDeadState, agent: Any, depth: int) -> int:
    """The Python loop play_out is: state.apply(agent.act(observe(state))) to depth."""
    from deadtable.agents import observe

    steps = 0
    while steps < depth and state.decision is not None:
        state.apply(agent.act(observe(state)))
        steps += 1
    return steps


@pytest.mark.parametrize(("options", "games", "every"), HEURISTIC_CASES,
                         ids=lambda v: str(v)[-24:])
def test_play_out_plays_as_python(options: dict[str, Any], games: int, every: int) -> None:
    """play_out("heuristic", agent.kernel_memory(), depth) is the Python loop on a deep copy of
    the agent: the same number of actions, the same position after (its dice, deck and hidden
    cards; then played on to the end decision by decision) when a depth cut it short, the
    same outcome; on worlds determinized or synchronised too."""
    game = load(**options)
    k = kernel(game)
    cut = whole = 0
    for n, (state, agent) in enumerate(heuristic_positions(game, range(games), every)):
        s = derive_seed(state.seed, len(state.history), 9)
        depth = (0, 1, 4, 12, 10_000)[n % 5]
        python, me = state.clone(), copy.deepcopy(agent)
        assert isinstance(python, OneAgainstTheDeadState)
        kg = k.load(state)
        if n % 3 == 1:  # a search world: determinized first
            python.determinize("player", Dice(s))
            kg.determinize("player", s)
        elif n % 3 == 2 and state.decision is not None:
            python.dice.synchronise()
            kg.synchronise()
        memory = me.kernel_memory()
        steps = python_play_out(python, me, depth)
        assert kg.play_out("heuristic", memory, depth) == steps
        assert kg.outcome() == python.outcome
        assert kg._dealt() == dealt(python)
        if python.outcome is None:
            assert steps == depth
            cut += 1
            play_both(python, kg, Dice(s + 1))
        else:
            whole += 1
            assert kg.play_out("heuristic", memory, 5) == 0
    assert cut >= 20 and whole >= 10


def test_play_out_from_new_games() -> None:
    """Whole games from the start, dice synchronised or not, agents fresh and used: play_out
    is the Python game (the same steps and outcome, game for game)."""
    from deadtable.games.one_against_the_dead.agent import HeuristicAgent

    for options in ({}, {"data": OTHER_NUMBERS, "row": 4}):
        game = load(**options)
        k = kernel(game)
        outcomes = set()
        for seed in range(60):
            sync = seed % 2 == 1
            state = game.new(seed=seed)
            assert isinstance(state, OneAgainstTheDeadState)
            if sync:
                state.dice.synchronise()
            agent = HeuristicAgent(seed) if seed % 3 else used_agent(game, seed)
            kg = k.new(seed, sync)
            memory = agent.kernel_memory()
            assert kg.play_out("heuristic", memory, 100_000) == python_play_out(state, agent,
                                                                                100_000)
            assert kg.outcome() == state.outcome
            outcomes.add(state.outcome.cause if state.outcome else None)
        assert len(outcomes) >= 2


def test_synchronise_is_the_pythons() -> None:
    """synchronise() at any decision is state.dice.synchronise(): the same dice after (base and
    marks), and the same game on to the end."""
    for options in ({}, {"data": OTHER_NUMBERS}):
        game = load(**options)
        k = kernel(game)
        for n, state in enumerate(positions(game, range(10), every=3)):
            python = state.clone()
            assert isinstance(python, OneAgainstTheDeadState)
            kg = k.load(state)
            python.dice.synchronise()
            kg.synchronise()
            assert kg._dealt() == dealt(python)
            play_both(python, kg, Dice(n))


def test_the_kernel_plays_the_heuristic_only() -> None:
    from deadtable.games.one_against_the_dead.agent import HeuristicAgent

    k = kernel(load())
    assert k.agents == frozenset({"heuristic"})
    kg = k.new(3)
    memory = HeuristicAgent(3).kernel_memory()
    assert memory == (3, 10, 0)
    with pytest.raises(ValueError, match="plays no agent"):
        kg.play_out("random", memory, 5)
    for bad in ((3, 10), (3, 10, 1, 0, 0), (-1, 10, 0), (3, 10, 1, 0, 0, -1),
                (3, 10, 1, 0, 0, 2**62)):
        with pytest.raises((ValueError, OverflowError)):
            kg.play_out("heuristic", bad, 5)
    with pytest.raises(TypeError):
        kg.play_out("heuristic", (3, 10.5, 0), 5)
    assert kg.count() and kg.play_out("heuristic", memory, 0) == 0
    big = (3, 2**70, 1, 2**40, -(2**40), 7)  # any big_fight (clamped); places no move reaches
    after = kg._heuristic(big)[1]
    assert after[1] == 2**63 - 1 and after[3:6] == (2**40, -(2**40), 7)
