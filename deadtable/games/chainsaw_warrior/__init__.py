"""Chainsaw Warrior: the solo card game. One hour of game time to find and kill Darkness.

Rulebook: ../shared/seeds/chainsaw-warrior.txt. The card values it does not print, and every
reading we chose where it is garbled or silent: docs/chainsaw-warrior.md. Part 1 (issue 3):
the whole game with its rules and House cards; the equipment's own special effects beyond
what the rules need, and the Overkill options, come with part 2 (issue 4).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deadtable.agents import register_agent, register_defaults
from deadtable.engine.game import GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.games.chainsaw_warrior.agent import HeuristicAgent
from deadtable.games.chainsaw_warrior.kernel import kernel_for
from deadtable.games.chainsaw_warrior.setup import card_data, start
from deadtable.games.chainsaw_warrior.state import SEAT, ChainsawWarriorState
from deadtable.games.chainsaw_warrior.tracks import result_text

OPTIONS = OptionSet([
    Option("difficulty", "hard",
           "warrior creation: hard (the rulebook), medium (Extra Training I), easy (II)",
           choices=("hard", "medium", "easy")),
    Option("lucky-one", "d6", "a Lucky Shot of 1: you shoot yourself for d6 wounds or 1 (A-01)",
           choices=("d6", "1")),
    Option("lucky-ammo", "1456", "the Lucky Shot results that use a shot: 1,4,5,6 or 4,5,6 (A-01)",
           choices=("1456", "456")),
    Option("lucky-marksmanship", False,
           "Marksmanship counts on the to-hit roll after a Lucky Shot of 5 (A-35)"),
    Option("escape-time", "minutes",
           "leaving the building costs a die of minutes or of 30-second boxes (A-08)",
           choices=("minutes", "boxes")),
    Option("clothing-hth", True,
           "clothing's HtH bonus (Steel Gloves) counts in fights; off reproduces the Example "
           "of Play's totals (A-33)"),
    Option("lance-counts", True, "the free Laser-lance counts toward the 13 items (A-36)"),
    Option("skip-across-decks", True,
           "skipping cards goes on from Deck One into Deck Two (A-37)"),
    # -- the Overkill Options (all optional) -------------------------------------------------
    Option("advanced-equipment", False,
           "the nine Advanced Equipment cards of White Dwarf 88 join the piles"),
    Option("advanced-training", False,
           "distribute 24 points among the attributes instead of rolling them"),
    Option("extra-training-1", False, "Extra Training I: the medium rolls (as difficulty=medium)"),
    Option("extra-training-2", False, "Extra Training II: the easy rolls (as difficulty=easy)"),
    Option("determination", False,
           "a counter for each House card that beats you: +1 to everything until you win one"),
    Option("frenzy", False, "go berserk after a lost round: +3 HtH, double damage, -1 Endurance"),
    Option("escaping-alternative", False,
           "a failed escape costs no wounds: 30 seconds, then fight or try again"),
    Option("kitting-out-1", False, "spend 2 points on a Spare Clip when kitting out"),
    Option("kitting-out-2", False, "spend 2 points to choose your equipment cards"),
    Option("kitting-out-3", False, "wait for more equipment: the clock to 10:00, +d6/2 points"),
    Option("rapid-fire", False, "fire bursts of up to six shots from a Gun"),
    Option("sprinting", False, "sprint through Corridors and Stairs"),
    Option("wandering-zombie-delays", False,
           "each Wandering Zombie (or group) costs 30 seconds before the fight"),
    Option("data", "", "a TOML file with your own card data (default: the packaged one)"),
])

def seats(options: dict[str, Any]) -> tuple[str, ...]:
    """The seats, the same for every option (a function, not a lambda: a GameSpec pickles)."""
    return (SEAT,)


SPEC = GameSpec(
    id="chainsaw-warrior",
    name="Chainsaw Warrior",
    version="1",
    summary="Solo: one hour of game time to find and destroy Darkness in a house in New York.",
    seats=seats,
    options=OPTIONS,
    state_class=ChainsawWarriorState,
    start=start,
    setup_keys=("deck_one", "deck_two", "wandering", "piles", "warrior", "kit", "time"),
    check=card_data,  # a bad data file is refused when the game is loaded
    kernel=kernel_for,  # the rules in C where they play the same games (kernel/)
    render="deadtable.games.chainsaw_warrior.render:render",  # the board in the terminal
    web_renderer=Path(__file__).parent / "web" / "renderer.js",  # the board in the browser
    encoding="deadtable.games.chainsaw_warrior.encoding:make",  # the RL encoding
    help="deadtable.games.chainsaw_warrior.help:help",  # the terminal's `help`
    outcome_text=result_text,  # "Mission failed: ..., 12 minutes into the hour."
)

register_agent("heuristic", HeuristicAgent, game="chainsaw-warrior")

# `mcts` here searches Kitting Out's picks by sequential halving over the heuristic's
# rollouts and plays the heuristic elsewhere, measured stronger than the heuristic
# (docs/analysis.md, "The agents ranked"); mcts:tuned=false is the generic one.
MCTS_DEFAULTS = ("iterations=64,rollout=heuristic,paired=true,margin=2,sync=true,halving=12,"
                 "final=256,narrowest=13")
register_defaults("mcts", MCTS_DEFAULTS, game="chainsaw-warrior")
