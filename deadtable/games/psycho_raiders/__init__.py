"""Psycho Raiders (Emperors of Eternal Evil, 2014): four raiders hunt three campers through the
town of Crucible on Halloween night; townsfolk may be alerted, and some are secretly sinister.

Rulebook: ../shared/seeds/psycho-raiders.txt (cases cited by number). The short game (6.1) is
built on the designed data of data/; what is built and every reading: docs/psycho-raiders.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deadtable.agents import register_agent
from deadtable.engine.game import GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.procedure import Frames
from deadtable.games.psycho_raiders.abilities import RoadTrap, RoadTrapHandler
from deadtable.games.psycho_raiders.agent import HeuristicAgent
from deadtable.games.psycho_raiders.attacks import (
    Attack,
    AttackHandler,
    Damage,
    DamageHandler,
    Grab,
    GrabHandler,
)
from deadtable.games.psycho_raiders.crashes import (
    CarDamage,
    CarDamageHandler,
    CarFight,
    CarFightHandler,
)
from deadtable.games.psycho_raiders.events import Hazard, HazardHandler
from deadtable.games.psycho_raiders.flanking import Split, SplitHandler
from deadtable.games.psycho_raiders.racer import RacerAgent
from deadtable.games.psycho_raiders.rerolls import TableRoll, TableRollHandler
from deadtable.games.psycho_raiders.sequence import Phase, PhaseHandler, Round, RoundHandler
from deadtable.games.psycho_raiders.setup import (
    Sinister,
    SinisterHandler,
    check,
    deal,
    seat_sides,
    start,
)
from deadtable.games.psycho_raiders.state import CAMPERS, PsychoRaidersState
from deadtable.games.psycho_raiders.turn import Turn, TurnHandler

PsychoRaidersState.FRAMES = Frames(Round, Phase, Sinister, Turn, Attack, Damage,
                                  Hazard, CarFight, CarDamage, TableRoll, Grab,
                                  Split, RoadTrap)
PsychoRaidersState.HANDLERS = {
    Round.KIND: RoundHandler(),
    Phase.KIND: PhaseHandler(),
    Sinister.KIND: SinisterHandler(),
    Turn.KIND: TurnHandler(),
    Attack.KIND: AttackHandler(),
    Damage.KIND: DamageHandler(),
    Hazard.KIND: HazardHandler(),
    CarFight.KIND: CarFightHandler(),
    CarDamage.KIND: CarDamageHandler(),
    TableRoll.KIND: TableRollHandler(),
    Grab.KIND: GrabHandler(),
    Split.KIND: SplitHandler(),
    RoadTrap.KIND: RoadTrapHandler(),
}

OPTIONS = OptionSet([
    Option("players", 2, "players, dealt characters as 17 says", minimum=2, maximum=13),
    Option("events", "5-6", "the Event Phase (7): an event on a D6 of 5-6 after the first "
           "turn's, or every turn, or none", choices=("5-6", "every-turn", "none")),
    Option("composure", "characters", "who may gain composure (A-45): any character (11.4) or "
           "campers only (the Player Aid)", choices=("characters", "campers")),
    Option("abilities", "one-per-side", "once-per-game abilities (A-18): one per side for the "
           "game (5.23) or each listed ability once (16)", choices=("one-per-side", "each-once")),
    Option("flank-odd", "chooses", "who takes an odd point of damage split over two "
           "flankers (A-41): the damaged side chooses (14.71), the one with more stats left, "
           "or the one the fight was between", choices=("chooses", "higher-total", "fought")),
    Option("stop-on-enemy", "attack", "a character that stops on an enemy's hex (10.3, 14): "
           "attacks, as the text says, or may grab instead (13.1, a reading)",
           choices=("attack", "attack-or-grab")),
    Option("hide-speed", "left", "a token that hiding places mid-turn (12.3): moves on with "
           "the Speed the token it joins has left (each token moves as the character), or with "
           "a whole Speed of its own (a new piece)", choices=("left", "whole")),
    Option("fog-dial", "off", "the Fog Dial (advanced game): in Fog, a character moving at "
           "full speed drifts a hex the way the dial rolls", choices=("off", "on")),
    Option("max-turns", 30, "turns before dawn ends the game in a draw (designed: the "
           "rulebook sets no limit)", minimum=1, maximum=1000),
    Option("map", "", "a map file (TOML; default: the designed Crucible)"),
    Option("characters", "", "your own character sheets file (TOML)"),
    Option("vehicles", "", "your own vehicle sheets file (TOML)"),
    Option("weapons", "", "your own weapon cards file (TOML)"),
    Option("decks", "", "your own location decks file (TOML)"),
    Option("kill-deck", "", "your own Kill Deck file (TOML)"),
    Option("tables", "", "your own tables file (TOML)"),
])


def seats(options: dict[str, Any]) -> tuple[str, ...]:
    return tuple(deal(options["players"]))


def sides(options: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    return seat_sides(options["players"])


SPEC = GameSpec(
    id="psycho-raiders",
    name="Psycho Raiders",
    version="1",
    summary="Raiders hunt campers through Crucible on Halloween night: hide, seek, escape north.",
    seats=seats,
    options=OPTIONS,
    state_class=PsychoRaidersState,
    start=start,
    check=check,
    sides=sides,
    render="deadtable.games.psycho_raiders.render:render",
    web_renderer=Path(__file__).parent / "web" / "renderer.js",
    ruler="deadtable.games.psycho_raiders.ruler:ruler",  # line of sight and of fire
    moves="deadtable.games.psycho_raiders.view:move_of",  # reach and walks (engine/reach.py)
    openings="deadtable.games.psycho_raiders.view:speed_of",  # a driver's speed, then its hexes
    passes="deadtable.games.psycho_raiders.view:let_pass",  # Road Trap declined mid-drive
    # a person's standing answers: Road Trap's "let them drive on", the reveal's "not now"
    standing="deadtable.games.psycho_raiders.view:OFFERS",
    encoding="deadtable.games.psycho_raiders.encoding:make",  # the RL encoding
)

register_agent("heuristic", HeuristicAgent, game="psycho-raiders")  # every seat, both sides
register_agent("racer", RacerAgent, game="psycho-raiders", seats=(CAMPERS,))  # the pickup out
