"""One Against the Dead, dice variant: a solo card-and-dice game. Cross the city of cards to
the rescue helicopter, fighting the zombies each block turns up.

Rulebook: ../shared/seeds/one-against-the-dead-dice-variant.txt. What the rulebook leaves out
and how we decided it: docs/one-against-the-dead.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deadtable.agents import register_agent, register_defaults
from deadtable.engine.game import GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.games.one_against_the_dead.agent import HeuristicAgent
from deadtable.games.one_against_the_dead.kernel import kernel_for
from deadtable.games.one_against_the_dead.rules import check
from deadtable.games.one_against_the_dead.setup import start
from deadtable.games.one_against_the_dead.state import SEAT, OneAgainstTheDeadState

OPTIONS = OptionSet([
    Option("row", 6, "face-down city blocks between start and helicopter; life is twice this",
           minimum=1, maximum=20),
    Option("weapon-powers", "data",
           "Bat-Chainsaw-Shotgun powers (the table is missing, A-24); 'data': the data "
           "file's default (3-4-5 in the packaged one)",
           choices=("data", "3-4-5", "3-4-6", "3-5-6", "4-5-6")),
    Option("survivor-life", "data",
           "the die for a survivor's life (A-25); 'data': the data file's (d6 packaged)",
           choices=("data", "d6", "2d6", "d6+3")),
    Option("final-battle", "kill-all",
           "at the helicopter, win by killing every zombie, or by surviving one round (A-53)",
           choices=("kill-all", "survive")),
    Option("helicopter-zombies", "card-value",
           "zombies at the helicopter: the helicopter card's value, or none extra",
           choices=("card-value", "none")),
    Option("flip-placement", "current-card",
           "a flipped non-number card goes next to the card you stand on or came from (A-52)",
           choices=("current-card", "previous-card")),
    Option("match-neighbours", "all-cards",
           "which adjacent existing cards a new card must match (A-55)",
           choices=("all-cards", "numbers-only")),
    Option("match-same-turn", False,
           "cards turned up this turn count as adjacent existing cards (A-27)"),
    Option("match-mixed", True,
           "a card may match one neighbour by suit and another by number (A-27)"),
    Option("share-by", "zombies",
           "the survivor's share is limited by zombie count or by dice count (A-54)",
           choices=("zombies", "dice")),
    Option("scoring", "life", "score: remaining life (times an evacuated survivor's), or kills",
           choices=("life", "kills")),
    Option("max-turns", 200, "moves before the helicopter leaves without you (designed)",
           minimum=1, maximum=10_000),
    Option("data", "", "a TOML file with your own rule numbers (default: the packaged one)"),
])

def seats(options: dict[str, Any]) -> tuple[str, ...]:
    """The seats, the same for every option (a function, not a lambda: a GameSpec pickles)."""
    return (SEAT,)


SPEC = GameSpec(
    id="one-against-the-dead",
    name="One Against the Dead (dice variant)",
    version="1",
    summary="Solo: cross the city of cards to the rescue helicopter, fighting zombie dice.",
    seats=seats,
    options=OPTIONS,
    state_class=OneAgainstTheDeadState,
    start=start,
    setup_keys=("deck",),
    check=check,  # a bad data file is refused when the game is loaded
    kernel=kernel_for,  # its rules compiled in C (kernel/), when built
    render="deadtable.games.one_against_the_dead.render:render",  # the board in the terminal
    web_renderer=Path(__file__).parent / "web" / "renderer.js",  # the board in the browser
    encoding="deadtable.games.one_against_the_dead.encoding:make",  # the RL encoding
    help="deadtable.games.one_against_the_dead.help:help",  # the terminal's `help`
)

register_agent("heuristic", HeuristicAgent, game="one-against-the-dead")

# `mcts` here is the racing search over the heuristic's rollouts, measured stronger than the
# heuristic (docs/analysis.md, "The agents ranked"); mcts:tuned=false is the generic one.
MCTS_DEFAULTS = "iterations=96,batch=16,rollout=heuristic,paired=true,margin=2,tolerance=0.04"
register_defaults("mcts", MCTS_DEFAULTS, game="one-against-the-dead")
