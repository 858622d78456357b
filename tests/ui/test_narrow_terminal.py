"""A narrow terminal never cuts a card: the city shows whole columns around the player and says
it is cropped (issue 18, "narrow terminals do not cut cards")."""

from deadtable import registry
from deadtable.agents import make_agent, observe
from deadtable.render import render_text


def wide_city() -> dict:
    state = registry.load("one-against-the-dead").new(seed=5)
    agent = make_agent("heuristic", 5, "one-against-the-dead")
    while state.decision is not None and state.view("player")["turn"] < 7:
        state.apply(agent.act(observe(state)))
    return state.view("player")


def test_a_narrow_terminal_crops_whole_columns_around_the_player() -> None:
    view = wide_city()
    narrow = render_text("one-against-the-dead", view, width=36)
    assert "…" not in narrow  # no card cut short
    words = " ".join(narrow.replace("│", " ").split())  # the text, however it wrapped
    assert "columns around you: widen the terminal to see the whole city" in words
    here = view["position"]
    card = next(e["card"] for e in view["cards"] if [e["x"], e["y"]] == here)
    assert f"[{card[:-1]}" in narrow  # you are always in the window
    wide = render_text("one-against-the-dead", view, width=120)
    assert "cropped" not in wide and "…" not in wide
    columns = max(e["x"] for e in view["cards"]) - min(e["x"] for e in view["cards"]) + 3
    assert f"of {columns} columns" in words


def test_the_key_wraps_instead_of_being_cut() -> None:
    drawn = render_text("one-against-the-dead", wide_city(), width=40)
    text = " ".join(drawn.replace("│", " ").split())
    assert "H helicopter · [you] · ▒▒▒ face down · B/C/S weapon · s survivor" in text
