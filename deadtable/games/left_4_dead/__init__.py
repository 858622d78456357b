"""Left 4 Dead on HeroScape rules: four survivors fight through a chapter to the next safe room
while the infected's director spawns the horde and its specials around them.

Rulebook: ../shared/seeds/left4dead-heroscape-variant.txt, with the HeroScape core rules of
../shared/reference/left4dead-heroscape.md. Every designed value and every reading:
docs/left-4-dead.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deadtable.agents import register_agent, register_defaults
from deadtable.engine.game import GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.procedure import Frames
from deadtable.games.left_4_dead.advance import NextChapter, NextChapterHandler
from deadtable.games.left_4_dead.agent import DirectorAgent, HeuristicAgent
from deadtable.games.left_4_dead.ammo import AmmoPush, AmmoPushHandler
from deadtable.games.left_4_dead.campaign import packaged
from deadtable.games.left_4_dead.horde import HordeHandler, HordeTurn
from deadtable.games.left_4_dead.rounds import Round, RoundHandler, SideTurn, SideTurnHandler
from deadtable.games.left_4_dead.setup import KitOut, KitOutHandler, check, start
from deadtable.games.left_4_dead.specials import SpecialTurn, SpecialTurnHandler
from deadtable.games.left_4_dead.state import SEATS, Left4DeadState
from deadtable.games.left_4_dead.survivors import SurvivorTurn, SurvivorTurnHandler
from deadtable.games.left_4_dead.uncommon import Instinct, InstinctHandler

Left4DeadState.FRAMES = Frames(KitOut, Round, SideTurn, SurvivorTurn, HordeTurn, SpecialTurn,
                               Instinct, NextChapter, AmmoPush)
Left4DeadState.HANDLERS = {
    KitOut.KIND: KitOutHandler(),
    Round.KIND: RoundHandler(),
    SideTurn.KIND: SideTurnHandler(),
    SurvivorTurn.KIND: SurvivorTurnHandler(),
    HordeTurn.KIND: HordeHandler(),
    SpecialTurn.KIND: SpecialTurnHandler(),
    Instinct.KIND: InstinctHandler(),
    NextChapter.KIND: NextChapterHandler(),
    AmmoPush.KIND: AmmoPushHandler(),
}

OPTIONS = OptionSet([
    Option("difficulty", "normal", "easy, normal, advanced or expert (Game Rules)",
           choices=("easy", "normal", "advanced", "expert")),
    # A packaged campaign is a choice (the browser's lobby offers it); your own campaign file
    # is free text, which the web server refuses: the command line's campaign-file.
    Option("campaign", "", "play a packaged campaign, its chapters one after another in one "
           "game, to its finale", choices=("", *packaged())),
    Option("campaign-file", "", "play your own campaign file (TOML) as `campaign` does"),
    Option("chapter", 1, "the chapter to start at (with a campaign; its last is the finale), "
           "or which chapter of its campaign the map is (the Witch spawns in 2-4)",
           minimum=1, maximum=5),
    Option("left-behind", "lost", "campaign: survivors who miss the safe room are out of the "
           "campaign, or rejoin in the next one (designed)", choices=("lost", "rejoin")),
    Option("finale-tanks", "continue", "the finale's Tanks once the rescue vehicle is there "
           "(A-47): one on its arrival and one after each Tank destroyed, or none",
           choices=("continue", "stop")),
    Option("survivors", "Bill,Francis,Louis,Zoey", "the four survivors who play"),
    Option("max-rounds", 30, "rounds before the horde overruns survivors short of the safe room "
           "(designed)", minimum=1, maximum=1000),
    Option("major-fall-dice", 3, "dice for a fall of Height+10 levels or more (A-21: 3 or 2)",
           choices=(3, 2)),
    Option("spawn-above-20", "clamp", "how a spawn roll above 20 reads (A-20)",
           choices=("clamp", "16-19", "extend")),
    Option("specials-modifier", True,
           "add the Difficulty Modifier to the specials' spawn roll ('You may add')"),
    Option("incapped-swipes", True, "a survivor lying down still attacks a figure that "
           "leaves its engagement (the attack is the figure's, not an item's; designed)"),
    Option("wandering-witch", "never", "whether a spawned Witch wanders (designed)",
           choices=("never", "always", "d20")),
    Option("map", "", "one chapter's map file (TOML; default: the packaged chapter 1)"),
    Option("cards", "", "your own army cards file (TOML)"),
    Option("items", "", "your own item pool file (TOML)"),
    Option("rules", "", "your own rules numbers file (TOML)"),
])


def sides(options: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    return {seat: (seat,) for seat in SEATS}


def seats(options: dict[str, Any]) -> tuple[str, ...]:
    """The seats, the same for every option (a function, not a lambda: a GameSpec pickles)."""
    return SEATS


SPEC = GameSpec(
    id="left-4-dead",
    name="Left 4 Dead for HeroScape",
    version="1",
    summary="Survivors against the infected on a hex map with heights: reach the safe room.",
    seats=seats,
    options=OPTIONS,
    state_class=Left4DeadState,
    start=start,
    check=check,
    default_agents={"infected": "director"},
    lineup={"survivors": "heuristic", "infected": "director"},
    render="deadtable.games.left_4_dead.render:render",  # the table in the terminal
    web_renderer=Path(__file__).parent / "web" / "renderer.js",  # the table in the browser
    ruler="deadtable.games.left_4_dead.ruler:ruler",  # line of sight between two spaces
    help="deadtable.games.left_4_dead.help:help",  # the terminal's `help`
    moves="deadtable.games.left_4_dead.view:move_of",  # reach and walks (engine/reach.py)
    evaluate="deadtable.games.left_4_dead.evaluation:evaluate",  # for searches cut short
    focus="deadtable.games.left_4_dead.agent_focus:focus",  # the decisions a search compares
    encoding="deadtable.games.left_4_dead.encoding:make",  # the RL encoding
)

# each plays one side: the director the infected, the heuristic the survivors
register_agent("director", DirectorAgent, game="left-4-dead", seats=("infected",))
register_agent("heuristic", HeuristicAgent, game="left-4-dead", seats=("survivors",))

# The search: the survivors' heuristic and the director play every imagined game (lineup),
# cut after 30 steps (about a side's turn and its answer) and scored by evaluation.py; it is
# run only where agent_focus.py says the heuristic's choice may be wrong (who acts while the
# infected press, whom to shoot, whom to heal, a move that ends next to the infected or
# alone), among the few actions it names, 6 paired worlds at most on synchronised dice.
# Measured against the heuristic in docs/analysis.md.
MCTS_DEFAULTS = ("paired=true,rollout=lineup,evaluate=true,focus=true,iterations=6,batch=2,"
                 "depth=30,tolerance=0.005,margin=1,sync=true")
register_defaults("mcts", MCTS_DEFAULTS, game="left-4-dead")
