"""Chainsaw Warrior's kernel (kernel/, the rules in C) plays exactly the Python rules' games:
decision by decision from the same seed, the same action ids in the same order, the same
choice applied to both, to the same outcome; and `play_random` returns what `sim.run.play_one`
returns for a random agent. Random play ends most games early, so games are also driven by
the heuristic agent (and by a mix of it and random choices) to compare the deep parts: Kitting
Out, late House cards, leaving the building, Darkness and every step of a fight."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from deadtable.agents.base import agent_maker, observe
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.kernel import KernelGame
from deadtable.engine.state import GameState
from deadtable.games.chainsaw_warrior import SPEC
from deadtable.games.chainsaw_warrior.data import DEFAULT
from deadtable.games.chainsaw_warrior.kernel import READINGS, kernel_for
from deadtable.games.chainsaw_warrior.rules import OVERKILL
from deadtable.sim.run import play_one
from tests.extras import need

need("deadtable.games.chainsaw_warrior.kernel._cw",
     reason="the Chainsaw Warrior kernel is not built (no C compiler when installed): "
            "pip install -e . with a C compiler")

GAME = "chainsaw-warrior"
Policy = Callable[[GameState, Dice], str]


def random_policy(state: GameState, dice: Dice) -> str:
    assert state.decision is not None
    return dice.choice(state.decision.ids)


def heuristic_policy(seed: int, share: int = 0) -> Policy:
    """The heuristic agent; with `share` > 0, a random choice one time in `share`."""
    agent = agent_maker("heuristic", GAME)(seed)

    def choose(state: GameState, dice: Dice) -> str:
        assert state.decision is not None
        if share and dice.below(share) == 0:
            return dice.choice(state.decision.ids)
        return agent.act(observe(state))
    return choose


def compare(seed: int, policy: Policy, synchronise: bool = False, seen: Counter[str] | None = None,
            **options: Any) -> tuple[int, str]:
    """Play one game in Python and in C side by side; fail at the first difference. Returns
    the number of decisions compared and how the game ended."""
    game = SPEC.bind(**options)
    kernel = kernel_for(game)
    assert kernel is not None
    state = game.new(seed=seed)
    if synchronise:
        state.dice.synchronise()
    twin = kernel.new(seed, synchronise)
    dice = Dice(derive_seed(seed, 99))
    steps = 0
    while (decision := state.decision) is not None:
        where = f"seed {seed}, decision {steps}, after {state.history[-6:]}"
        assert twin.actions() == decision.ids, where
        assert twin.count() == len(decision.ids) and twin.seat() == decision.seat, where
        assert twin.outcome() is None, where
        action = policy(state, dice)
        if seen is not None:
            seen[f"{state.phase}>{action.split(':')[0]}"] += 1
        state.apply(action)
        twin.apply_id(action)
        steps += 1
    assert twin.actions() == [] and twin.count() == 0 and twin.seat() is None
    assert twin.outcome() == state.outcome and state.outcome is not None, f"seed {seed}"
    return steps, state.outcome.cause


@pytest.mark.parametrize("synchronise", [False, True])
def test_random_games_are_the_same_decision_by_decision(synchronise: bool) -> None:
    decisions = sum(compare(seed, random_policy, synchronise)[0] for seed in range(1500))
    assert decisions > 30_000


def test_games_driven_by_the_heuristic_reach_the_deep_parts_the_same() -> None:
    seen: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    for seed in range(1500):
        policy = heuristic_policy(seed, share=0 if seed % 2 else 4)
        causes[compare(seed, policy, synchronise=seed % 3 == 0, seen=seen)[1]] += 1
    # The deep parts were compared: every fight step, the kit, leaving, the late cards.
    for reached in ("kit>draw", "kit>clip", "kit>refill", "free>leave", "free>heal",
                    "free>dynamite", "free>flare", "free>reload", "free>wait", "passage>skip",
                    "door>smash", "door>retrace", "dump>take", "dump>refill", "dump>clip",
                    "hide>hide", "shoot>shoot", "step-6>cnes", "step-6>needle",
                    "step-6>throw-net", "step-6>grenade", "step-6>flash", "order>fight",
                    "lucky>lucky", "escape>escape", "agent-3>lose", "meat-machine>reflexes",
                    "slime>use", "net>cut", "climb>climb", "geiger>avoid"):
        assert seen[reached], reached
    assert causes["darkness-destroyed"]


@pytest.mark.parametrize("option", READINGS)
def test_every_reading_the_kernel_takes_plays_the_same(option: str) -> None:
    """The readings' options (A-01, A-08, A-33, A-35 to A-37), each at its other value."""
    value = _other_value(option)
    for seed in range(60):
        compare(seed, heuristic_policy(seed, share=3), synchronise=bool(seed % 2),
                **{option: value})
        compare(seed, random_policy, **{option: value})


def _other_value(option: str) -> Any:
    return {"lucky-one": "1", "lucky-ammo": "456", "lucky-marksmanship": True,
            "escape-time": "boxes", "clothing-hth": False, "lance-counts": False,
            "skip-across-decks": False}[option]


@pytest.mark.parametrize("synchronise", [False, True])
def test_play_random_returns_what_play_one_returns(synchronise: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game = SPEC.bind()
    kernel = game.kernel
    assert kernel is not None
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    python = SPEC.bind()
    assert python.kernel is None
    seed, games = 11, 1500
    for index in range(games):
        played = play_one(python, seed, {"warrior": "random"}, index, sync_dice=synchronise)
        got = kernel.play_random(derive_seed(seed, index), [derive_seed(seed, index, 1)],
                                 10_000, synchronise)
        assert got == (played.label, played.steps, played.results, played.scores,
                       played.cause), index
    # too few steps: None, as play_one would raise RunawayGame
    assert kernel.play_random(derive_seed(seed, 0), [derive_seed(seed, 0, 1)], 0) is None


# Each Overkill option (and difficulty) with the questions only it asks, seen in its games.
OWN_QUESTIONS: dict[str, tuple[str, ...]] = {
    "advanced-equipment": ("dum-dums>put-back", "dum-dums>keep"),
    "advanced-training": ("train>train",),
    "extra-training-1": ("kit>choose", "kit>pick"),
    "extra-training-2": ("kit>pick",),
    "determination": (),
    "frenzy": ("frenzy>berserk", "frenzy>calm"),
    "escaping-alternative": (),
    "kitting-out-1": ("kit>clip",),
    "kitting-out-2": ("kit>choose", "kit>pick"),
    "kitting-out-3": ("wait-kit>wait", "wait-kit>enter"),
    "rapid-fire": ("burst>burst",),
    "sprinting": ("sprint>sprint", "sprint>walk"),
    "wandering-zombie-delays": (),
}


@pytest.mark.parametrize("options", [
    *({option: True} for option in OVERKILL),
    {"difficulty": "medium"}, {"difficulty": "easy"},
    {**{option: True for option in OVERKILL if "extra-training" not in option},
     "difficulty": "easy"},
    {**{option: True for option in OVERKILL if option != "advanced-training"},
     "difficulty": "medium", "lucky-one": "1", "lucky-ammo": "456", "escape-time": "boxes",
     "clothing-hth": False, "lance-counts": False, "skip-across-decks": False,
     "lucky-marksmanship": True},
], ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()))
def test_every_option_plays_the_same(options: dict[str, Any]) -> None:
    """The Overkill options, the difficulties and all of them at once: the kernel plays each
    (kernel_for gives one), and the games are the same, the option's own questions included."""
    seen: Counter[str] = Counter()
    for seed in range(80):
        compare(seed, heuristic_policy(seed, share=3), synchronise=bool(seed % 2), seen=seen,
                **options)
        compare(seed, random_policy, synchronise=not seed % 2, seen=seen, **options)
    for option in options if len(options) == 1 else ():
        for question in OWN_QUESTIONS.get(option, ()):
            assert seen[question], question


def other_numbers(tmp_path: Any) -> str:
    """The packaged card data with other numbers everywhere the kernel reads one: the C plays
    the data it is given, never numbers of its own."""
    text = DEFAULT.read_text()
    for old, new in (
            ("clothing = 1\ndevice = 1\ngun = 2", "clothing = 2\ndevice = 1\ngun = 1"),
            ("zombie = 2\nrat-pack = 3", "zombie = 3\nrat-pack = 2"),
            ("1 = -2\n2 = -1", "1 = -1\n2 = -2"),
            ('creature = "zombie"\nhth = 8', 'creature = "zombie"\nhth = 9'),
            ('skip = "2d6"', 'skip = "3d6kh2"'),
            ('kind = "first-aid-kit"\nheal = "d6"', 'kind = "first-aid-kit"\nheal = "2d6"'),
            ('radiation = "d6"', 'radiation = "d6+1"'),
            ("back = \"special\"\nuses = 6", "back = \"special\"\nuses = 4"),
            ("hth = [7, 7, 7, 7, 7, 8", "hth = [10, 6, 7, 7, 7, 8"),
            ("target = 7", "target = 8")):
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "other-numbers.toml"
    path.write_text(text)
    return str(path)


def test_other_card_data_plays_the_same(tmp_path: Any) -> None:
    data = other_numbers(tmp_path)
    assert kernel_for(SPEC.bind(data=data)) is not None
    for seed in range(150):
        compare(seed, heuristic_policy(seed, share=3), synchronise=bool(seed % 2), data=data)
        compare(seed, random_policy, data=data, **{"advanced-equipment": True})


def test_no_kernel_for_card_data_beyond_it(tmp_path: Any) -> None:
    """Dice it does not roll (d66) or numbers beyond its tables: the Python rules play."""
    text = DEFAULT.read_text()
    d66 = tmp_path / "d66.toml"
    d66.write_text(text.replace('kind = "first-aid-kit"\nheal = "d6"',
                                'kind = "first-aid-kit"\nheal = "d66"', 1))
    assert "d66" in d66.read_text()
    assert kernel_for(SPEC.bind(data=str(d66))) is None
    big = tmp_path / "big.toml"
    big.write_text(text.replace("hth = 12\nwounds = 3", "hth = 300\nwounds = 3", 1))
    assert kernel_for(SPEC.bind(data=str(big))) is None
    assert kernel_for(SPEC.bind(data=str(DEFAULT))) is not None  # the packaged file, by name


def test_the_kernel_is_off_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert SPEC.bind().kernel is not None
    monkeypatch.setenv("DEADTABLE_KERNEL", "0")
    assert SPEC.bind().kernel is None


def _snapshot(game: KernelGame) -> tuple[Any, ...]:
    return (game.actions(), game.count(), game.seat(), game.outcome())


def test_a_clone_is_independent() -> None:
    kernel = kernel_for(SPEC.bind())
    assert kernel is not None
    game = kernel.new(5)
    for _ in range(3):
        game.apply(0)
    copy = game.clone()
    before = _snapshot(game)
    while copy.count():
        copy.apply(copy.count() - 1)
    assert copy.outcome() is not None
    assert _snapshot(game) == before
    # and the original plays on exactly as a fresh copy of it does
    again = game.clone()
    while game.count():
        assert game.actions() == again.actions()
        game.apply(0)
        again.apply(0)
    assert game.outcome() == again.outcome()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    kernel = kernel_for(SPEC.bind())
    assert kernel is not None
    game = kernel.new(3)
    before = _snapshot(game)
    with pytest.raises(ValueError, match="legal actions: draw:clothing, .*done"):
        game.apply_id("fly:away")
    with pytest.raises(IndexError):
        game.apply(game.count())
    with pytest.raises(IndexError):
        game.apply(-1)
    assert _snapshot(game) == before
    twin = kernel.new(3)  # nothing moved: the same game follows from both
    while game.count():
        game.apply(0)
        twin.apply(0)
    assert game.outcome() == twin.outcome()
    with pytest.raises(ValueError, match="over"):
        game.apply_id("done")
    with pytest.raises(IndexError):
        game.apply(0)


@pytest.mark.parametrize("options", [
    {}, {**{option: True for option in OVERKILL if "extra-training" not in option}}],
    ids=["default", "every-overkill-option"])
def test_a_loaded_position_plays_on_the_same(options: dict[str, Any]) -> None:
    """Python positions anywhere (mid-fight, at any question, determinized as a searcher's
    guess, with synchronised dice) load into the kernel and play on to the same end."""
    game = SPEC.bind(**options)
    kernel = kernel_for(game)
    assert kernel is not None
    where: Counter[str] = Counter()
    for seed in range(600):
        state = game.new(seed=seed)
        if seed % 3 == 0:
            state.dice.synchronise()
        dice = Dice(derive_seed(seed, 5))
        policy = heuristic_policy(seed, share=3)
        for _ in range(dice.below(80)):
            if state.decision is None:
                break
            state.apply(policy(state, dice))
        if seed % 4 == 1:
            state = state.clone()
            state.determinize("warrior", Dice(seed))
        where[state.phase + (" in a fight" if state.fight else "")] += 1
        twin = kernel.load(state)
        while (decision := state.decision) is not None:
            assert twin.actions() == decision.ids, f"seed {seed}, after {state.history[-6:]}"
            action = dice.choice(decision.ids)
            state.apply(action)
            twin.apply_id(action)
        assert twin.outcome() == state.outcome and twin.actions() == []
    for reached in ("kit", "free", "passage", "shoot in a fight", "lucky in a fight",
                    "escape in a fight", "step-6 in a fight", "hide in a fight",
                    *(("train", "sprint", "burst in a fight", "frenzy in a fight", "wait-kit")
                      if options else ())):
        assert where[reached], reached


def test_load_refuses_what_the_kernel_cannot_play() -> None:
    kernel = kernel_for(SPEC.bind())
    assert kernel is not None
    scripted = SPEC.bind().new(seed=1, dice=[3] * 40)  # more than set-up rolls
    assert scripted.dice.script
    with pytest.raises(ValueError, match="scripted dice"):
        kernel.load(scripted)
    other = SPEC.bind(**{"lucky-one": "1"}).new(seed=1)
    with pytest.raises(ValueError, match="cannot be loaded"):
        kernel.load(other)
