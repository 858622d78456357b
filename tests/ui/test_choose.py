"""Choosing a board turn's action at the terminal by space, figure, or both (ui/choose.py), and
the play loop taking such answers besides numbers and ids."""

from __future__ import annotations

import io

from rich.console import Console

from deadtable.engine.decisions import Action, Decision
from deadtable.ui import choose
from tests.ui.test_cli import run


def move(figure: str, space: str) -> Action:
    return Action(f"move:{figure}:{space}", f"Move {figure} to {space}",
                  {"verb": "move", "figure": figure, "space": space})


DECISION = Decision.of("survivors", "Move whom where?", [
    move("bill", "7,3"), move("bill", "8,3"), move("zoey", "7,3"), move("hunter-16", "9,9"),
    Action("attack:bill:zombie-2", "Bill attacks Zombie 2",
           {"verb": "attack", "figure": "bill", "target": "zombie-2"}),
    Action("stop", "Do not move", {"verb": "stop"}),
])


def test_a_space_and_a_figure_name_one_action() -> None:
    assert choose.choose(DECISION, "8,3") == choose.Choice(action="move:bill:8,3")
    assert choose.choose(DECISION, "bill 7,3") == choose.Choice(action="move:bill:7,3")
    assert choose.choose(DECISION, "Zoey 7,3") == choose.Choice(action="move:zoey:7,3")
    assert choose.choose(DECISION, "hunter 16 9,9") == choose.Choice(action="move:hunter-16:9,9")
    assert choose.choose(DECISION, "hunter 9,9") == choose.Choice(action="move:hunter-16:9,9")


def test_an_ambiguous_answer_narrows_and_asks_again() -> None:
    both = choose.choose(DECISION, "7,3")
    assert both is not None and both.action is None and "which one?" in both.message
    bill = choose.choose(DECISION, "bill")
    assert bill is not None and bill.action is None and bill.figure == "bill"
    assert "7,3" in bill.message and "8,3" in bill.message
    # The next answer keeps the figure named before.
    assert choose.choose(DECISION, "7,3", bill.figure) == choose.Choice(action="move:bill:7,3")
    wrong = choose.choose(DECISION, "9,9", "bill")
    assert wrong is not None and wrong.action is None and "not a choice for bill" in wrong.message


def test_a_target_is_named_like_a_figure() -> None:
    assert choose.choose(DECISION, "zombie-2") == choose.Choice(action="attack:bill:zombie-2")


def test_answers_that_name_nothing_are_left_to_the_loop() -> None:
    for answer in ("", "louis", "1,1 2,2", "stop"):
        assert choose.choose(DECISION, answer) is None


def test_many_actions_on_spaces_are_listed_grouped_with_their_numbers() -> None:
    many = Decision.of("infected", "Hunter 16: move where?",
                       [move("hunter-16", f"{c},5") for c in range(12)]
                       + [Action("stay", "Do not move", {"verb": "stay"})])
    out = io.StringIO()
    choose.show(Console(file=out, width=80, color_system=None), many)
    shown = out.getvalue()
    assert "move hunter-16 to a space" in shown
    assert "1 0,5" in shown and "12 11,5" in shown and "13. Do not move" in shown
    assert max(len(line) for line in shown.splitlines()) <= 80


def test_play_chooses_by_figure_and_coordinates() -> None:
    # Seed 5: the survivors take their weapons, win the initiative, and Bill may step to 3,2.
    answers = "1\n1\n1\n1\nbill\n3,2\nq\n"
    code, out, _ = run("play", "left-4-dead", "--seed", "5", "--agent", "infected=random",
                       input=answers)
    assert code == 0, out
    assert "Bill moves to 3,2." in out
    assert "is not an action here" not in out


def test_play_left_4_dead_gives_the_infected_to_the_director_unless_told() -> None:
    from typer.testing import CliRunner

    from deadtable import registry
    from deadtable.ui.cli import _seat_agents, app

    game = registry.load("left-4-dead")
    assert _seat_agents(game, [], people=True, base=dict(game.spec.default_agents)) == {
        "infected": "director"}
    assert _seat_agents(game, ["infected=human"], people=True,
                        base=dict(game.spec.default_agents)) == {}
    # the survivors given an agent too: the whole (one-round) chapter plays with no question
    result = CliRunner().invoke(app, ["play", "left-4-dead", "--seed", "5", "--option",
                                      "max-rounds=1", "--agent", "survivors=first"], input="")
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Pass to" not in result.output


def test_a_hidden_character_s_tokens_are_grouped_apart_and_a_space_offered_twice_by_label() -> None:
    steps = [Action(f"move:{t}:{c},5", f"Move token {t} to {c},5",
                    {"verb": "move", "token": t, "space": f"{c},5"})
             for t in (1, 2) for c in range(t, t + 4)]  # 2,5 .. 4,5 reached by both
    hides = [Action(f"hide:9,9:{w}", f"Hide: a new token on 9,9 ({w})",
                    {"verb": "hide", "space": "9,9", "which": w}) for w in ("new", "keep")]
    out = io.StringIO()
    choose.show(Console(file=out, width=80, color_system=None),
                Decision.of("campers", "Ginger: move", [*steps, *hides]))
    shown = out.getvalue()
    assert "move token 1 to a space" in shown and "move token 2 to a space" in shown
    assert "Hide: a new token on 9,9 (new)" in shown and "Hide: a new token on 9,9 (keep)" in shown
    assert "hide to a space" not in shown


def test_spaces_a_game_numbers_are_read_and_typed_by_name() -> None:
    # Last Night on Earth's actions carry the board's space number; a person types "1,0".
    names = ["0,0", "1,0", "0,1"]
    numbered = Decision.of("zombies", "Move Zombie 1", [
        Action("move:zombie-1:1", "Zombie 1 moves to 1,0",
               {"verb": "move", "figure": "zombie-1", "space": 1}),
        Action("move:zombie-1:2", "Zombie 1 moves to 0,1",
               {"verb": "move", "figure": "zombie-1", "space": 2}),
        Action("stay:zombie-1", "Zombie 1 stays", {"verb": "stay", "figure": "zombie-1"}),
    ])
    named = choose.with_space_names(numbered, names)
    assert named.ids == numbered.ids
    assert choose.choose(named, "1,0") == choose.Choice(action="move:zombie-1:1")
    assert choose.choose(named, "2") is None  # the number is not a space a person sees
    assert choose.with_space_names(DECISION, names) is DECISION  # named already: unchanged


def test_a_farther_space_takes_the_first_step_toward_it() -> None:
    steps = Decision.of("heroes", "Step where?", [move("jake", "3,4"), move("jake", "4,5")])
    toward = {"3,7": "3,4", "9,9": "8,8"}  # 8,8 is not a step offered now
    chosen = choose.choose(steps, "3,7", toward=toward)
    assert chosen is not None and chosen.action == "move:jake:3,4"
    assert "a step toward 3,7, to 3,4" in chosen.message
    assert choose.choose(steps, "4,5", toward=toward) == choose.Choice(action="move:jake:4,5")
    assert choose.choose(steps, "9,9", toward=toward) is None
    assert choose.choose(steps, "3,7") is None  # without the view's map, nothing to go on


def test_last_night_on_earths_moving_hero_steps_toward_a_far_square() -> None:
    import deadtable

    state = deadtable.load("last-night-on-earth").new(seed=3)
    for _ in range(2000):  # on to a hero asked for a step with 2 or more moves left
        decision = state.decision
        assert decision is not None
        view = state.view(decision.seat)
        if view.get("toward"):
            break
        moves = [a for a in decision.actions if (a.args or {}).get("verb") == "move"]
        start = [a for a in decision.actions if a.id.startswith("move") or "roll" in a.id]
        state.apply((moves or start or decision.actions)[0].id)
    else:
        raise AssertionError("no hero moved two or more squares in 2000 steps")
    named = choose.with_space_names(decision, state.board.names)
    far, first = next(iter(view["toward"].items()))
    chosen = choose.choose(named, far, toward=view["toward"])
    assert chosen is not None and chosen.action is not None
    assert named.get(chosen.action).args["space"] == first
    assert view["moving"]["reach"][far][0] > 1
