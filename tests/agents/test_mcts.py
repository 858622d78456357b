"""The generic MCTS agent and determinization."""

from __future__ import annotations

from collections import Counter

import pytest

import deadtable
from deadtable import registry
from deadtable.agents import make_agent, observe
from deadtable.engine.dice import Dice
from deadtable.sim import compare, make_config


def test_mcts_walks_onto_the_target_instead_of_gambling(race: str) -> None:
    state = deadtable.load(race).new(seed=3)
    state.positions["player"] = 9  # type: ignore[attr-defined]
    state._decision = None
    assert make_agent("mcts:iterations=60", seed=1).act(observe(state)) == "walk"


def test_mcts_leaves_the_state_alone_and_repeats_itself_with_the_same_seed() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    before = state.to_json()
    first = make_agent("mcts:iterations=20", seed=9).act(observe(state))
    assert state.to_json() == before
    assert first in state.decision.ids  # type: ignore[union-attr]
    assert make_agent("mcts:iterations=20", seed=9).act(observe(state)) == first


def test_determinizing_keeps_what_the_seat_knows_and_reshuffles_the_rest() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    hidden = sorted(state.face_down)
    orders = set()
    for seed in range(10):
        guess = state.clone()
        guess.determinize("player", Dice(seed))
        assert guess.view("player") == state.view("player")
        assert Counter(guess.deck.cards + [guess.grid[p] for p in hidden]) == Counter(
            state.deck.cards + [state.grid[p] for p in hidden]
        )
        assert guess.dice.state != state.dice.state
        orders.add(tuple(guess.deck.cards))
    assert len(orders) == 10


def test_mcts_rejects_a_bad_parameter() -> None:
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        make_agent("mcts:iterations=0", seed=1)
    with pytest.raises(ValueError, match="no parameter 'depht'"):
        make_agent("mcts:depht=3", seed=1)


def test_mcts_budget_in_forward_model_calls() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    agent = make_agent("mcts:iterations=100000,calls=300", seed=2)
    agent.act(observe(state))
    assert 300 <= agent.last_calls < 300 + 500  # stops after the iteration that spends it
    assert 1 <= agent.last_iterations < 100000
    few = make_agent("mcts:iterations=3", seed=2)
    few.act(observe(state))
    assert few.last_iterations == 3


def test_paired_mcts_plays_every_root_action_in_each_sampled_world() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    assert state.decision is not None and len(state.decision.actions) == 3
    agent = make_agent("mcts:iterations=4,paired=true,rollout=heuristic", seed=2,
                       game="one-against-the-dead")
    choice = agent.act(observe(state))
    assert choice in state.decision.ids
    assert agent.last_iterations == 4
    again = make_agent("mcts:iterations=4,paired=true,rollout=heuristic", seed=2,
                       game="one-against-the-dead")
    assert again.act(observe(state)) == choice


def test_guide_needs_an_agent_rollout() -> None:
    with pytest.raises(ValueError, match="guide=true needs an agent rollout"):
        make_agent("mcts:guide=true", seed=1)


# Where whole games from the start almost never end in a win for any cheap search (Chainsaw
# Warrior: 0.05% for random, 3% for the heuristic), a whole-game comparison on a dozen seeds
# cannot show a difference; that game's test plays from its deciding moment instead
# (tests/games/chainsaw_warrior/test_agent_and_cli.py). A Left 4 Dead chapter is thousands of
# steps long and random survivors never reach the safe room: its search against the survivors'
# heuristic is to be measured with its part 2 (issue 19), not in a test. Last Night on Earth's
# game is hundreds of decisions long and random heroes all but never win it: each rollout is a
# whole game, too long for a test's budget. A Psycho Raiders game is a thousand steps of up to
# 13 characters, and one searching seat among several random ones of its own side cannot carry
# it: to be measured with its heuristic agents, not in a test.
WIN_TOO_RARE = {"chainsaw-warrior", "left-4-dead", "last-night-on-earth", "psycho-raiders"}


@pytest.mark.parametrize("game_id", [g for g in registry.game_ids() if g not in WIN_TOO_RARE])
def test_mcts_beats_random_on_every_registered_game(game_id: str) -> None:
    # The first seat searches (a small budget, random rollouts: the generic agent, not the
    # game's tuned one); every other seat is random.
    seats = deadtable.load(game_id).seats
    searching = make_config(game_id, {}, {
        s: "mcts:tuned=false,iterations=8" if s == seats[0] else "random" for s in seats})
    random = make_config(game_id, {}, "random")
    result = compare(game_id, searching, random, games=12, seed=7)
    lo, hi = result["ci95"]
    assert lo > 0, (
        f"mcts won {result['a']['rates']['win']['count']} of 12, random "
        f"{result['b']['rates']['win']['count']}; difference {result['difference']:.2f} "
        f"[{lo:.2f}, {hi:.2f}]"
    )


def _at_nine(race: str):  # type: ignore[no-untyped-def]
    state = deadtable.load(race).new(seed=3)
    state.positions["player"] = 9  # one step from the target: walking wins, a roll rarely
    state._decision = None
    return state


class _AlwaysRoll:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, obs: object) -> str:
        return "roll"


def test_racing_stops_after_one_round_once_a_challenger_is_clearly_better(
        race: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from deadtable.agents import base

    monkeypatch.setitem(base._FACTORIES, "always-roll", _AlwaysRoll)
    agent = make_agent("mcts:iterations=400,batch=8,paired=true,margin=2,rollout=always-roll",
                       seed=1)
    assert agent.act(observe(_at_nine(race))) == "walk"  # not the rollout agent's "roll"
    assert agent.last_iterations == 8
    assert agent.last_preferred == "roll"  # what a study of its switches compares against


def test_racing_drops_a_challenger_that_cannot_matter_after_one_round(race: str) -> None:
    # From the start no action ends the game, and with depth=0 every rollout is unfinished and
    # scores 1/2: the actions never differ.
    start = deadtable.load(race).new(seed=3)
    agent = make_agent("mcts:iterations=400,batch=8,paired=true,margin=2,tolerance=0.2,"
                       "depth=0", seed=1)
    assert agent.act(observe(start)) == "walk"  # the rollout policy's own: the first
    assert agent.last_iterations == 8
    # Without a tolerance a challenger stays in the race while it may be better: every world.
    patient = make_agent("mcts:iterations=40,batch=8,paired=true,margin=2,depth=0", seed=1)
    patient.act(observe(start))
    assert patient.last_iterations == 40


def test_pruning_races_until_one_action_is_left(race: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from deadtable.agents import base

    monkeypatch.setitem(base._FACTORIES, "always-roll", _AlwaysRoll)
    # The rollout agent's own "roll" falls clearly behind "walk" and leaves the race itself.
    agent = make_agent("mcts:iterations=400,batch=8,paired=true,margin=2,prune=true,"
                       "rollout=always-roll", seed=1)
    assert agent.act(observe(_at_nine(race))) == "walk"
    assert agent.last_iterations == 8
    # Two actions that never differ: both stay (neither is behind) until the budget is spent.
    start = deadtable.load(race).new(seed=3)
    level = make_agent("mcts:iterations=40,batch=8,paired=true,margin=2,prune=true,depth=0",
                       seed=1)
    assert level.act(observe(start)) == "walk"
    assert level.last_iterations == 40


def test_racing_rejects_a_negative_batch() -> None:
    with pytest.raises(ValueError, match="batch must be 0"):
        make_agent("mcts:paired=true,batch=-1", seed=1)


def test_widest_plays_the_rollout_agents_choice_at_wide_decisions(
        race: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from deadtable.agents import base

    monkeypatch.setitem(base._FACTORIES, "always-roll", _AlwaysRoll)
    # Two actions: wider than widest=1, so no world is played and "roll" stands, although
    # the search would find "walk" (the racing test above).
    narrow = make_agent("mcts:iterations=400,batch=8,paired=true,margin=2,rollout=always-roll,"
                        "widest=1", seed=1)
    assert narrow.act(observe(_at_nine(race))) == "roll"
    assert (narrow.last_iterations, narrow.last_calls) == (0, 0)
    wide_enough = make_agent("mcts:iterations=400,batch=8,paired=true,margin=2,"
                             "rollout=always-roll,widest=2", seed=1)
    assert wide_enough.act(observe(_at_nine(race))) == "walk"


def test_widest_needs_an_agent_rollout_and_no_negative_width() -> None:
    with pytest.raises(ValueError, match="widest and narrowest need an agent rollout"):
        make_agent("mcts:widest=3", seed=1)
    with pytest.raises(ValueError, match="widest and narrowest need an agent rollout"):
        make_agent("mcts:narrowest=3", seed=1)
    with pytest.raises(ValueError, match="narrowest must be 0"):
        make_agent("mcts:narrowest=-1,rollout=heuristic", seed=1)
    with pytest.raises(ValueError, match="widest must be 0"):
        make_agent("mcts:widest=-1,rollout=heuristic", seed=1)


def test_synchronised_paired_search_leaves_the_game_alone_and_repeats_itself() -> None:
    state = deadtable.load("one-against-the-dead").new(seed=4)
    before = state.to_json()
    spec = "mcts:iterations=24,batch=8,paired=true,margin=2,rollout=heuristic,sync=true"
    first = make_agent(spec, seed=9).act(observe(state))
    assert state.to_json() == before  # the real game's dice were never synchronised
    assert first in state.decision.ids  # type: ignore[union-attr]
    assert make_agent(spec, seed=9).act(observe(state)) == first


HALVING = "mcts:iterations=16,paired=true,margin=2,rollout=first-door,halving=4"


def test_halving_finds_the_one_good_action_among_many_in_halving_rounds(doors: str) -> None:
    state = deadtable.load(doors).new(seed=1)
    before = state.to_json()
    agent = make_agent(HALVING + ",final=20", seed=1)
    assert agent.act(observe(state)) == "door-5"  # not the rollout agent's door-0
    assert agent.last_preferred == "door-0"
    assert state.to_json() == before
    # 15 challengers -> 8 -> 4 -> 2 -> 1 in rounds of 1, 2, 4 and 8 worlds (the last with
    # half of `iterations`), then the finalist against door-0 in `final` = 20 worlds.
    assert agent.last_iterations == 1 + 2 + 4 + 8 + 20
    # Played: 16 doors x 1 world, 9 x 2 (door-0 stays in), 5 x 4, 3 x 8, 2 x 20; one step each.
    assert agent.last_calls == 16 + 18 + 20 + 24 + 40


def test_halving_keeps_the_rollout_agents_choice_unless_the_last_worlds_beat_it(
        doors: str, monkeypatch: pytest.MonkeyPatch) -> None:
    level = deadtable.load(doors, good=-1).new(seed=1)  # every door loses
    agent = make_agent(HALVING, seed=1)
    assert agent.act(observe(level)) == "door-0"
    assert agent.last_iterations == 1 + 2 + 4 + 8 + 16  # final: `iterations` by default
    # Narrower decisions than halving=N are raced as before (here: no challenger is clearly
    # better, so the whole budget is spent on all the doors).
    narrow = make_agent(HALVING.replace("halving=4", "halving=16"), seed=1)
    assert narrow.act(observe(level)) == "door-0"
    assert narrow.last_iterations == 16


def test_halving_rejects_what_it_cannot_do() -> None:
    with pytest.raises(ValueError, match="halving needs paired=true and an agent rollout"):
        make_agent("mcts:halving=4,rollout=heuristic", seed=1)
    with pytest.raises(ValueError, match="halving needs paired=true and an agent rollout"):
        make_agent("mcts:halving=4,paired=true", seed=1)
    with pytest.raises(ValueError, match="halving must be 0"):
        make_agent("mcts:halving=-2,paired=true,rollout=heuristic", seed=1)
    with pytest.raises(ValueError, match="final must be 0"):
        make_agent("mcts:final=-1", seed=1)


def test_narrowest_plays_the_rollout_agents_choice_at_narrow_decisions(doors: str) -> None:
    spec = HALVING.replace("halving=4", "halving=1") + ",narrowest=3"
    # Two doors are fewer than narrowest=3: door-0 stands unsearched, though door-1 wins...
    narrow = make_agent(spec, seed=1)
    assert narrow.act(observe(deadtable.load(doors, doors=2, good=1).new(seed=1))) == "door-0"
    assert (narrow.last_iterations, narrow.last_calls) == (0, 0)
    # ...while among three the search (here halving) finds the good door.
    wide = make_agent(spec, seed=1)
    assert wide.act(observe(deadtable.load(doors, doors=3, good=1).new(seed=1))) == "door-1"
    assert wide.last_iterations > 0
