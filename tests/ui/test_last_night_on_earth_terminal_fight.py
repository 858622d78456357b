"""The last fight in the terminal (fighttext.py): the screen after a fight ends shows who
fought whom where, the dice, the highest, the cards and the result, as the page's panel does;
later screens leave it out, and `help fight` shows it with the fight's log lines at any time.
Nothing in it names a card in a hand."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from deadtable.games.last_night_on_earth.render import render
from deadtable.games.last_night_on_earth.state import LastNightState
from deadtable.ui import commands
from tests.games.last_night_on_earth.table import fight, give, script, table, zombie, zombie_cards


def screen(view: dict[str, Any], state: LastNightState) -> str:
    console = Console(file=io.StringIO(), width=110, record=True)
    console.print(render(view, state.decision))
    return " ".join(console.export_text().split())


def fought(tmp_path) -> tuple[LastNightState, int]:
    """Becky's fight, Faith on her and Braaains! against her; (the state, the log's length
    when the heroes last decided, before the roll)."""
    state = table(tmp_path)
    give(state, "Sally", "Faith", "Recovery")
    zombie_cards(state, "Braaains!", "Uuuurrrggghh!")
    fight(state, "Becky", zombie(state, "3,3"))
    state.apply("faith:Sally")
    state.apply("pass")  # the zombies answer Faith with nothing
    seen = len(state.log)
    script(state, 5, 5, 3, 1)  # zombie 5; Becky 5, 3, 1
    state.apply("roll")
    state.apply("play:Braaains!")
    state.apply("let-be")
    state.apply("done")  # no re-roll (asked: Sally holds a card)
    return state, seen


def test_the_screen_after_the_fight_shows_its_facts(tmp_path) -> None:
    state, seen = fought(tmp_path)
    assert state.decision.seat == "heroes"
    view = state.view("heroes")
    view["unseen"] = len(view["log"]) - seen
    shown = screen(view, state)
    assert "Last fight: Becky against Zombie 1 on 3,3" in shown
    assert ("Becky rolled 5 3 1 · Zombie 1 rolled 5 (+1 Braaains!) · highest 5 against 6 · "
            "cards: Faith, Braaains!") in shown
    assert "Zombie 1 wins the fight (5 against 6)." in shown
    assert "Recovery" not in shown.split("Last fight", 1)[1].split("hero space", 1)[0]


def test_a_later_screen_leaves_it_to_help_fight(tmp_path) -> None:
    state, _ = fought(tmp_path)
    view = state.view("heroes")
    view["unseen"] = 0  # the seat has seen the fight end (its screen was the one above)
    assert "Last fight" not in screen(view, state)
    out = io.StringIO()
    assert commands.run(Console(file=out, width=110), state, state.decision, "help fight")
    said = out.getvalue()
    assert "Last fight: Becky against Zombie 1 on 3,3" in said
    assert "highest 5 against 6" in said and "Zombie 1 wins the fight (5 against 6)." in said
    assert "How it went:" in said and "  Fight dice: Zombie 1 [5], Becky [5, 3, 1]." in said
    assert "  The zombies play Braaains!." in said


def test_help_fight_before_any_fight_says_so(tmp_path) -> None:
    state = table(tmp_path)
    fight(state, "Becky", zombie(state, "3,3"))
    out = io.StringIO()
    commands.run(Console(file=out, width=110), state, state.decision, "help fight")
    assert "A fight is under way" in out.getvalue()


def test_the_fight_under_way_shows_braaains_as_the_last_fight_does(tmp_path) -> None:
    state = table(tmp_path)
    give(state, "Sally", "Recovery")  # a hand holds a card: the heroes are asked to re-roll
    zombie_cards(state, "Braaains!")
    fight(state, "Becky", zombie(state, "3,3"))
    script(state, 5, 5, 3)  # zombie 5; Becky 5, 3
    state.apply("roll")
    answer = state.view("heroes")
    assert answer["fight"]["braaains"] == 0
    assert "Fight: Becky 5 3 against Zombie 1 5" in screen(answer, state)
    state.apply("play:Braaains!")
    assert state.decision.prompt == ("Fight dice: Zombie 1 [5], Becky [5, 3]. The zombies play "
                                     "Braaains! (+1 to the zombie's highest die): answer it?")
    # the fight's dice stay in sight while the heroes answer the card (Prayer's step)
    assert state.view("heroes")["fight"]["zombie_dice"] == [5]
    state.apply("let-be")
    assert state.decision.prompt == ("Fight dice: Zombie 1 [5] (+1 Braaains!), Becky [5, 3]: "
                                     "re-roll?")
    for seat in ("heroes", "zombies", None):
        seen = state.view(seat) if seat else state.public_view()
        assert seen["fight"]["braaains"] == 1 and seen["fight"]["cards"] == ["Braaains!"]
        assert seen["cards"]["Braaains!"].startswith("Fight:")  # its text can be read
    assert "Recovery" not in state.view("zombies")["cards"]
    shown = screen(state.view("heroes"), state)
    assert "Fight: Becky 5 3 against Zombie 1 5 (+1 Braaains!)" in shown
    state.apply("done")
    ended = state.view("heroes")
    ended["unseen"] = 3
    assert "Zombie 1 rolled 5 (+1 Braaains!)" in screen(ended, state)  # the same words after


def test_the_heroes_answering_a_fight_card_see_the_dice_it_changes(tmp_path) -> None:
    state = table(tmp_path)
    give(state, "Sally", "Recovery")  # a hand holds a card: the heroes are asked to answer
    zombie_cards(state, "Undead Hate the Living")
    fight(state, "Becky", zombie(state, "3,3"))
    script(state, 2, 6, 1)  # zombie 2; Becky 6, 1
    state.apply("roll")
    labels = {a.id: a.label for a in state.decision.actions}
    assert labels["hate:0"] == "Undead Hate the Living: Becky re-rolls 6"
    assert labels["hate:0,1"] == "Undead Hate the Living: Becky re-rolls 6, 1"
    state.apply("hate:0")
    assert state.decision.prompt == ("Fight dice: Zombie 1 [2], Becky [6, 1]. The zombies play "
                                     "Undead Hate the Living (Becky re-rolls 6): answer it?")
