"""Chainsaw Warrior's kernel (kernel/, the rules in C) plays exactly the Python rules' games:
decision by decision from the same seed, the same action ids in the same order, the same
choice applied to both, to the same outcome; and `play_random` returns what `sim.run.play_one`
returns for a random agent. Random play ends most games early, so games are also driven by
the heuristic agent (and by a mix of it and random choices) to compare the deep parts: Kitting
Out, late House cards, leaving the building, Darkness and every step of a fight."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from deadtable.agents.base import agent_maker, observe
from deadtable.engine.dice import Dice, derive_seed
from deadtable.engine.kernel import KernelGame
from deadtable.engine.state import GameState
from deadtable.games.chainsaw_warrior import SPEC
from deadtable.games.chainsaw_warrior.agent import HeuristicAgent
from deadtable.games.chainsaw_warrior.data import DEFAULT
from deadtable.games.chainsaw_warrior.kernel import READINGS, heuristic_plays, kernel_for
from deadtable.games.chainsaw_warrior.rules import OVERKILL
from deadtable.games.chainsaw_warrior.state import ChainsawWarriorState
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


@pytest.mark.slow  # a full-size comparison: `make test` only
@pytest.mark.parametrize("synchronise", [False, True])
def test_random_games_are_the_same_decision_by_decision(synchronise: bool) -> None:
    decisions = sum(compare(seed, random_policy, synchronise)[0] for seed in range(1500))
    assert decisions > 30_000


@pytest.mark.slow  # a full-size comparison: `make test` only
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


@pytest.mark.slow  # a full-size comparison: `make test` only
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
    none_kept = tmp_path / "kh0.toml"  # keep none of the dice: the C reads keep 0 as all
    none_kept.write_text(text.replace('kind = "first-aid-kit"\nheal = "d6"',
                                      'kind = "first-aid-kit"\nheal = "2d6kh0"', 1))
    assert "2d6kh0" in none_kept.read_text()
    assert kernel_for(SPEC.bind(data=str(none_kept))) is None
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
@pytest.mark.slow  # a full-size comparison: `make test` only
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


# -- determinize and rollout: a searcher's worlds, dealt and played out in the kernel ---------
# A kit that reaches what determinizing must keep: the Remote Camera's cards, Darkness met
# (skipped past by Dynamite or the Rope: Missing Darkness), Deck Two; a warrior who lasts.
SEARCH_KIT = ["remote-camera", "dynamite", "rope-and-launcher", "medi-kit", "automatic-rifle",
              "body-armour", "flamethrower"]
SEARCH_WARRIOR = {"endurance": 30, "wounds": 20, "hth": 12, "reflexes": 10, "marksmanship": 2}


def searcher_policy(seed: int, keen: tuple[str, ...] = ("camera", "dynamite", "rope")) -> Policy:
    """The heuristic with random choices mixed in, and keen on the camera and the short cuts
    (or on the `keen` actions): each taken one time in two when it is legal."""
    heuristic = heuristic_policy(seed, share=3)

    def choose(state: GameState, dice: Dice) -> str:
        assert state.decision is not None
        ids = state.decision.ids
        for action in keen:
            if action in ids and dice.below(2) == 0:
                return action
        return heuristic(state, dice)
    return choose


def play_on(state: GameState, twin: KernelGame, dice: Dice, where: str) -> int:
    """Play both to the end with the same random choices, the same decision at every step."""
    steps = 0
    while (decision := state.decision) is not None:
        assert twin.actions() == decision.ids, f"{where}, decision {steps}"
        index = dice.below(len(decision.ids))
        state.apply(decision.ids[index])
        twin.apply(index)
        steps += 1
    assert twin.count() == 0 and twin.outcome() == state.outcome, where
    return steps


def python_rollout(state: GameState, seed: int, depth: int) -> tuple[int, int]:
    """The mcts agent's random rollout in Python: the below(n)-th action, `depth` at most."""
    dice, steps = Dice(seed), 0
    while steps < depth and (decision := state.decision) is not None:
        state.apply(decision.actions[dice.below(len(decision.actions))].id)
        steps += 1
    return steps, dice.state


def check_search(state: GameState, twin: KernelGame, seed: int, seen: Counter[str]) -> None:
    """At one position of a game played side by side (`twin` the kernel's, its own play since
    set-up, or loaded): determinize both, play both worlds on alike; the agent's world
    (kernel.load(real).clone(), determinized) is the one observe().sample deals; a rollout
    from here (and from the world) is the Python loop's."""
    kernel = kernel_for(state.game)
    assert kernel is not None
    where = f"seed {seed}, after {state.history[-6:]}"
    world, dice = state.clone(), Dice(seed)
    world.determinize("warrior", dice)
    dealt = twin.clone()
    assert dealt.determinize("warrior", seed) == dice.state, where
    # what was kept is counted: the camera's cards, Darkness met, the fights, Deck Two, sync
    assert isinstance(state, ChainsawWarriorState)
    seen["positions"] += 1
    seen["camera"] += bool(state.known)
    seen["darkness met"] += state.data.darkness in state.seen
    seen["deck two"] += state.current == 1
    seen["fight"] += state.fight is not None
    seen["synchronised"] += state.dice.base is not None
    # (a saved game, half the time: its piles come back in another order, which the deal keeps)
    real = state.game.from_json(state.to_json()) if seed % 2 else state
    agents = kernel.load(real).clone()
    agents.determinize("warrior", seed)
    sampled = kernel.load(observe(real).sample(Dice(seed)))
    choices = Dice(derive_seed(seed, 3))
    while count := agents.count():
        assert agents.actions() == sampled.actions(), where
        index = choices.below(count)
        agents.apply(index)
        sampled.apply(index)
    assert agents.outcome() == sampled.outcome() and sampled.count() == 0, where
    depth = (0, 1, 4, 30, 10**6)[seed % 5]
    for python, compiled in ((state.clone(), twin.clone()), (world.clone(), dealt.clone())):
        assert compiled.rollout(seed, depth) == python_rollout(python, seed, depth), where
        seen["rollout cut off" if python.outcome is None else "rollout to the end"] += 1
        assert compiled.actions() == ([] if python.decision is None else python.decision.ids)
        assert compiled.outcome() == python.outcome, where
    play_on(world, dealt, Dice(derive_seed(seed, 4)), where)


def search_positions(seed: int, policy: Policy, seen: Counter[str], every: int = 12,
                     synchronise: bool = False, setup: bool = False, **options: Any) -> None:
    """One game played side by side, checked (check_search) at about one decision in `every`.
    With `setup`, it starts with SEARCH_KIT and SEARCH_WARRIOR, loaded into the kernel."""
    game = SPEC.bind(**options)
    kernel = kernel_for(game)
    assert kernel is not None
    if setup:
        state = game.new(seed=seed, kit=SEARCH_KIT, warrior=SEARCH_WARRIOR)
        if synchronise:
            state.dice.synchronise()
        twin = kernel.load(state)
    else:
        state = game.new(seed=seed)
        if synchronise:
            state.dice.synchronise()
        twin = kernel.new(seed, synchronise)
    dice = Dice(derive_seed(seed, 2))
    while (decision := state.decision) is not None:
        if dice.below(every) == 0:
            check_search(state, twin, derive_seed(seed, len(state.history)), seen)
        assert twin.actions() == decision.ids
        action = policy(state, dice)
        state.apply(action)
        twin.apply_id(action)


@pytest.mark.slow  # a full-size comparison: `make test` only
def test_determinize_and_rollout_are_the_pythons() -> None:
    """From hundreds of positions of random and heuristic play (synchronised dice or not, in
    fights, with the camera's cards, Darkness met, in Deck Two): determinize deals what the
    Python deals, bit for bit, and a rollout plays what the Python loop plays."""
    seen: Counter[str] = Counter()
    for seed in range(45):
        search_positions(seed, random_policy, seen, synchronise=seed % 2 == 0)
        search_positions(seed, heuristic_policy(seed, share=4), seen, synchronise=seed % 3 == 0)
        search_positions(seed, searcher_policy(seed), seen, every=6, synchronise=seed % 2 == 1,
                         setup=True)
    assert seen["positions"] > 500
    for reached in ("camera", "darkness met", "deck two", "fight", "synchronised",
                    "rollout cut off", "rollout to the end"):
        assert seen[reached] >= 5, (reached, seen)


@pytest.mark.parametrize("options", [
    *({option: _other_value(option)} for option in READINGS),
    *({option: True} for option in OVERKILL),
    {"difficulty": "medium"}, {"difficulty": "easy"},
    {**{option: True for option in OVERKILL if option != "advanced-training"},
     "difficulty": "easy", "lucky-one": "1", "lucky-ammo": "456", "escape-time": "boxes",
     "clothing-hth": False, "lance-counts": False, "skip-across-decks": False,
     "lucky-marksmanship": True},
], ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()))
def test_determinize_and_rollout_under_every_option(options: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        search_positions(seed, heuristic_policy(seed, share=3), seen, every=8,
                         synchronise=seed % 2 == 0, **options)
        search_positions(seed, searcher_policy(seed), seen, every=8, synchronise=seed % 2 == 1,
                         setup=seed < 2, **options)
    assert seen["positions"] >= 20 and seen["fight"] and seen["synchronised"], seen


def test_determinize_and_rollout_on_other_card_data(tmp_path: Any) -> None:
    data = other_numbers(tmp_path)
    seen: Counter[str] = Counter()
    for seed in range(4):
        search_positions(seed, heuristic_policy(seed, share=3), seen, every=8,
                         synchronise=seed % 2 == 0, data=data)
        search_positions(seed, searcher_policy(seed), seen, every=8, synchronise=seed % 2 == 1,
                         setup=seed < 2, data=data, **{"advanced-equipment": True})
    assert seen["positions"] >= 20 and seen["fight"] and seen["synchronised"], seen


@pytest.mark.slow  # a full-size comparison: `make test` only
def test_the_cameras_cards_are_kept_and_forgotten_as_the_python_does() -> None:
    """Stacked decks, so that the Remote Camera sees a Locked Door (retracing your steps
    shuffles what it saw away) or Darkness in Deck Two (skipped past by Dynamite or the Rope:
    Missing Darkness shuffles it away too): every position of the first turns is checked."""
    game = SPEC.bind()
    kernel = kernel_for(game)
    assert kernel is not None
    house = list(game.new(seed=0).data.house)
    seen: Counter[str] = Counter()
    for seed in range(40):
        dice = Dice(derive_seed(seed, 1))
        rest = [c for c in house if c not in ("darkness", "empty-1", "empty-2", "locked-door-1")]
        dice.shuffle(rest)
        if seed % 2:  # the camera's first look takes in a Locked Door
            one = ["empty-1", *rest[:3], "locked-door-1", *rest[3:40]]
            two = [*rest[40:], "empty-2", "darkness"]
        else:  # Deck One is one card long: the camera looks into Deck Two, at Darkness
            one = ["empty-1"]
            two = ["empty-2", rest[0], "darkness", *rest[1:]]
        kit = [c for c in SEARCH_KIT if c not in ("dynamite", "rope-and-launcher")] \
            if seed % 2 else SEARCH_KIT  # with no short cut past the door
        state = game.new(seed=seed, deck_one=one, deck_two=two, kit=kit, warrior=SEARCH_WARRIOR)
        if seed % 4 < 2:
            state.dice.synchronise()
        twin = kernel.load(state)
        policy = searcher_policy(seed, ("camera",) if seed % 2 else ("camera", "dynamite",
                                                                           "rope", "skip"))
        while (decision := state.decision) is not None and len(state.history) < 40:
            # checked where the camera's cards are known, or were just shuffled away
            if (state.known or dice.below(4) == 0
                    or state.history[-1:] in (["retrace"], ["skip"], ["dynamite"], ["rope"])):
                check_search(state, twin, derive_seed(seed, len(state.history)), seen)
            assert twin.actions() == decision.ids
            action = policy(state, dice)
            if "retrace" in decision.ids and state.known and dice.below(4):
                action = "retrace"  # rather than smash the door: the camera's cards go
            seen["retrace"] += action == "retrace"
            seen["darkness skipped"] += (state.data.darkness in state.known
                                         and action in ("skip", "dynamite", "rope"))
            state.apply(action)
            twin.apply_id(action)
    for reached in ("camera", "darkness met", "retrace", "darkness skipped"):
        assert seen[reached] >= 5, (reached, seen)


def test_determinize_deals_a_card_twice_as_the_python_does() -> None:
    """A pile holding one card twice (no data makes one; a stacked set-up may): sorted and
    dealt as the Python sorts and deals it. The Python plays such a game only until two
    cards of one id are offered at once (duplicate action ids); compared until then."""
    game = SPEC.bind()
    kernel = kernel_for(game)
    assert kernel is not None
    compared = 0
    for seed in range(40):
        state = game.new(seed=seed)
        assert isinstance(state, ChainsawWarriorState)
        for pile in state.piles.values():
            pile.cards += pile.cards[: seed % 3 + 1]
        state.wandering.cards += state.wandering.cards[:2]
        twin = kernel.load(state)
        world, dice = state.clone(), Dice(seed)
        world.determinize("warrior", dice)
        assert twin.determinize("warrior", seed) == dice.state
        choices = Dice(derive_seed(seed, 1))
        try:
            while (decision := world.decision) is not None:
                assert twin.actions() == decision.ids, f"seed {seed}"
                index = choices.below(len(decision.ids))
                world.apply(decision.ids[index])
                twin.apply(index)
                compared += 1
        except ValueError as error:
            assert "duplicate action ids" in str(error)
    assert compared > 1000


# -- the heuristic in C (kernel/agent.c): play_out, its choices and synchronise ------------------
def heuristic_loop(state: GameState, twin: KernelGame, agent: HeuristicAgent, depth: int,
                   where: str) -> int:
    """The Python loop `state.apply(agent.act(observe(state)))`, `depth` actions at most, with
    the kernel's choice at every decision (twin._heuristic(), not taken) compared with the
    Python's; both play the Python's. Returns the actions played."""
    steps = 0
    while steps < depth and (decision := state.decision) is not None:
        action = agent.act(observe(state))
        index = decision.ids.index(action)
        assert twin._heuristic() == index, f"{where}, decision {steps}: {action}"
        state.apply(action)
        twin.apply(index)
        steps += 1
    return steps


def check_play_out(state: GameState, twin: KernelGame, seed: int, seen: Counter[str],
                   agent: HeuristicAgent) -> None:
    """At one position (`twin` the kernel's): the heuristic's every choice in C is the
    Python's, to the end or `depth`; play_out plays the same game (the same number of actions,
    the same position after, the same outcome); synchronise() is state.dice.synchronise()."""
    assert isinstance(state, ChainsawWarriorState)
    where = f"seed {seed}, after {state.history[-6:]}"
    depth = (0, 1, 7, 60, 10**6, 10**6)[seed % 6]
    seen["positions"] += 1
    seen[state.phase + (" in a fight" if state.fight else "")] += 1
    seen["deck two"] += state.current == 1
    seen["darkness"] += bool(state.fight) and state.data.darkness in state.fight.opponents
    seen["synchronised"] += state.dice.base is not None
    python, stepped, played = state.clone(), twin.clone(), twin.clone()
    memory = agent.kernel_memory()
    steps = heuristic_loop(python, stepped, copy.deepcopy(agent), depth, where)
    seen["decisions"] += steps
    seen["cut off" if python.outcome is None else "to the end"] += 1
    assert played.play_out("heuristic", memory, depth) == steps, where
    assert agent.kernel_memory() == memory  # the Python agent's copy played; this one did not
    assert played.actions() == stepped.actions() == (python.decision.ids if python.decision
                                                     else []), where
    assert played.outcome() == stepped.outcome() == python.outcome, where
    if python.decision is not None:
        assert played.play_out("heuristic", memory, 10**6) == heuristic_loop(
            python, stepped, copy.deepcopy(agent), 10**6, where), where
        assert played.outcome() == python.outcome, where
    if seed % 3 == 0:  # synchronise() here, as the Python's; then random play to the end
        synced, real = twin.clone(), state.clone()
        synced.synchronise()
        real.dice.synchronise()
        assert synced.rollout(seed, 10**6) == python_rollout(real.clone(), seed, 10**6), where
        seen["synchronise()"] += 1


# a kit for the heuristic's rarer questions: the Geiger Counter, the Acid, the Anti-Rad
# Capsules, C.A.T.S., the Imagizer, the Implosion Waistcoat, the first-round weapons
GEAR_KIT = ["geiger-counter", "acid", "anti-rad-capsules", "c-a-t-s", "holographic-imagizer",
            "implosion-waistcoat", "dum-dum-bullets", "time-grenades", "throw-nets", "c-n-e-s",
            "flash-bombs", "automatic-rifle", "remote-camera", "medi-kit"]


def heuristic_positions(seed: int, policy: Policy, seen: Counter[str], every: int,
                        synchronise: bool = False, setup: bool = False,
                        kit: list[str] = SEARCH_KIT, **options: Any) -> None:
    """One game played side by side by `policy` (from `kit` and SEARCH_WARRIOR, loaded into
    the kernel, with `setup`), check_play_out at its start and at about one decision in
    `every` (one in two at Darkness)."""
    game = SPEC.bind(**options)
    kernel = kernel_for(game)
    assert kernel is not None and kernel.agents == {"heuristic"}
    state = (game.new(seed=seed, kit=kit, warrior=SEARCH_WARRIOR) if setup
             else game.new(seed=seed))
    if synchronise:
        state.dice.synchronise()
    twin = kernel.load(state) if setup else kernel.new(seed, synchronise)
    dice = Dice(derive_seed(seed, 6))
    while (decision := state.decision) is not None:
        dark = bool(state.fight) and state.data.darkness in state.fight.opponents  # type: ignore[attr-defined]
        if not state.history or dice.below(2 if dark else every) == 0:
            at = derive_seed(seed, len(state.history))
            check_play_out(state, twin, at, seen, HeuristicAgent(at))
        action = policy(state, dice)
        state.apply(action)
        twin.apply(decision.ids.index(action))


@pytest.mark.slow  # a full-size comparison: `make test` only
def test_the_heuristic_in_c_plays_the_pythons_games() -> None:
    """From hundreds of positions (the start, Kitting Out, fights, Deck Two, Darkness;
    synchronised dice or not): the heuristic's choice in C is the Python's at every decision,
    and play_out plays the Python loop's game to the same end, or the same cut-off."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        heuristic_positions(seed, heuristic_policy(seed, share=4), seen, every=12,
                            synchronise=seed % 2 == 0)
        heuristic_positions(seed, searcher_policy(seed), seen, every=8,
                            synchronise=seed % 3 == 0, setup=True,
                            kit=GEAR_KIT if seed % 2 else SEARCH_KIT)
    assert seen["positions"] > 500 and seen["decisions"] > 12000, seen
    for reached in ("kit", "free", "shoot in a fight", "lucky in a fight", "escape in a fight",
                    "step-6 in a fight", "passage", "door", "deck two", "darkness",
                    "synchronised", "cut off", "to the end", "synchronise()"):
        assert seen[reached] >= 5, (reached, seen)


@pytest.mark.parametrize("options", [
    {option: True for option in OVERKILL if "extra-training" not in option},
    {option: True for option in OVERKILL if option not in ("advanced-training",
                                                          "kitting-out-2")},
    {"extra-training-1": True}, {"extra-training-2": True}, {"advanced-training": True},
    {"kitting-out-2": True},
    {"difficulty": "medium"}, {"difficulty": "easy"},
    {"difficulty": "easy", "lucky-one": "1", "lucky-ammo": "456", "escape-time": "boxes",
     "clothing-hth": False, "lance-counts": False, "skip-across-decks": False,
     "lucky-marksmanship": True},
], ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items())[:60])
def test_the_heuristic_in_c_under_every_option(options: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        heuristic_positions(seed, heuristic_policy(seed, share=4), seen, every=10,
                            synchronise=seed % 2 == 0, **options)
        heuristic_positions(seed, searcher_policy(seed), seen, every=10,
                            synchronise=seed % 2 == 1, setup=seed < 2, **options)
    assert seen["positions"] >= 20 and seen["decisions"] > 500, seen


def test_the_heuristic_in_c_on_other_card_data(tmp_path: Any) -> None:
    data = other_numbers(tmp_path)
    seen: Counter[str] = Counter()
    for seed in range(5):
        heuristic_positions(seed, heuristic_policy(seed, share=4), seen, every=10,
                            synchronise=seed % 2 == 0, data=data)
        heuristic_positions(seed, searcher_policy(seed), seen, every=10,
                            synchronise=seed % 2 == 1, setup=True, data=data)
    assert seen["positions"] >= 25 and seen["decisions"] > 500, seen


def test_play_out_refuses_what_it_does_not_play(tmp_path: Any) -> None:
    """Only the agents the kernel names, with the heuristic's memory; card data whose names
    the Python agent would read as a label's number: no heuristic in C."""
    kernel = kernel_for(SPEC.bind())
    assert kernel is not None and kernel.agents == {"heuristic"}
    game = kernel.new(3)
    with pytest.raises(ValueError, match="agent"):
        game.play_out("random", (1,), 10)
    with pytest.raises(ValueError, match="memory"):
        game.play_out("heuristic", (1, 2), 10)
    assert game.play_out("heuristic", (1,), 0) == 0
    text = DEFAULT.read_text()
    name = next(line for line in text.splitlines() if line.startswith("name = "))
    odd = tmp_path / "odd-names.toml"
    odd.write_text(text.replace(name, 'name = "The 2+ Blade"', 1))
    game_odd = SPEC.bind(data=str(odd))
    other = kernel_for(game_odd)
    assert other is not None and other.agents == frozenset()
    assert not heuristic_plays(game_odd.new(seed=0).data)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="agent"):
        other.new(3).play_out("heuristic", (1,), 10)


# Issue 18's rules, each from a stacked position where it applies, on many dice: the kernel
# asks the same questions and ends the same way (a rule played differently shows as other
# action ids or another outcome).
ISSUE_18 = {
    "x-oskeleton reflexes": (dict(deck=["zombie-1"], kit=["x-oskeleton", "blaster"],
                                  warrior={"reflexes": 6}), ("shoot:blaster",)),
    "x-oskeleton stays on": (dict(deck=["first-aid-kit-2"], kit=[
        "x-oskeleton", "helmet", "steel-gloves", "rad-fibre-jumpsuit", "infra-red-goggles",
        "body-armour", "torch", "heat-detector", "metal-detector", "sonic-amplifier",
        "geiger-counter", "lock-pick-set"]), ("drop:",)),
    "flare gun by day": (dict(deck=["slime-1"], kit=["flare-gun", "remote-camera"]),
                         ("explore",)),
    "mines at a sprint": (dict(deck=["mines-1"], kit=["metal-detector"], sprinting=True),
                          ("sprint",)),
    "knife, lucky-ammo=456": (dict(deck=["zombie-1", "zombie-2"], kit=["knife"],
                                   **{"lucky-ammo": "456"}), ("lucky:knife", "hth")),
    "rope after a bypass": (dict(deck=["clear-9", "zombie-1", "zombie-2"],
                                 kit=["rope-and-launcher", "remote-camera"]),
                            ("rope", "explore")),
}


@pytest.mark.parametrize("case", list(ISSUE_18), ids=list(ISSUE_18))
def test_issue_18s_rules_play_the_same_in_c(case: str) -> None:
    from tests.games.chainsaw_warrior.conftest import start

    setup, prefer = ISSUE_18[case]
    for seed in range(60):
        state = start(**copy.deepcopy(setup), then=())
        state.dice = Dice(derive_seed(seed, 18))  # the stacked deck, then free dice
        kernel = kernel_for(state.game)
        assert kernel is not None
        twin = kernel.load(state)
        dice = Dice(derive_seed(seed, 19))
        while (decision := state.decision) is not None:
            assert twin.actions() == decision.ids, f"{case}, seed {seed}: {state.history[-6:]}"
            wanted = [i for p in prefer for i in decision.ids if i.startswith(p)]
            action = wanted[0] if wanted else dice.choice(decision.ids)
            state.apply(action)
            twin.apply_id(action)
        assert twin.outcome() == state.outcome, f"{case}, seed {seed}"
