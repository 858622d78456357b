"""Last Night on Earth, the base game: heroes against zombies in the town of Woodinvale, on a
square-grid town of a centre board and four L-boards.

Sources: reference/last-night-on-earth.md (the base game's public facts), the Survival of the
Fittest rulebook (../shared/seeds/last-night-on-earth-survival-of-the-fittest.txt) where it
states base rules; every designed value and reading: docs/last-night-on-earth.md.
"""

from __future__ import annotations

from pathlib import Path

from deadtable.agents import register_agent
from deadtable.engine.game import GameSpec
from deadtable.engine.options import Option, OptionSet
from deadtable.engine.procedure import Frames
from deadtable.games.last_night_on_earth.agent import HeuristicAgent, ZombieAgent
from deadtable.games.last_night_on_earth.cards import DECKS
from deadtable.games.last_night_on_earth.fight import Fight, FightHandler
from deadtable.games.last_night_on_earth.heroturn import (
    HeroAct,
    HeroActHandler,
    HeroTurn,
    HeroTurnHandler,
)
from deadtable.games.last_night_on_earth.hesazombie import (
    TownsfolkAnswer,
    TownsfolkAnswerHandler,
)
from deadtable.games.last_night_on_earth.kindastrange import StrangeWindow, StrangeWindowHandler
from deadtable.games.last_night_on_earth.lossoffaith import LossWindow, LossWindowHandler
from deadtable.games.last_night_on_earth.prayer import Prayer, PrayerHandler
from deadtable.games.last_night_on_earth.render import outcome_text
from deadtable.games.last_night_on_earth.rounds import Round, RoundHandler
from deadtable.games.last_night_on_earth.seats import Seated, seats, sides
from deadtable.games.last_night_on_earth.setup import SCENARIOS, check, start
from deadtable.games.last_night_on_earth.state import HEROES, ZOMBIES, LastNightState
from deadtable.games.last_night_on_earth.wounds import Wound, WoundHandler
from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn, ZombieTurnHandler

LastNightState.FRAMES = Frames(Round, ZombieTurn, HeroTurn, HeroAct, Fight, Wound, Prayer,
                                LossWindow, StrangeWindow, TownsfolkAnswer)
LastNightState.HANDLERS = {  # Seated: the heroes' decisions to the hero players' seats
    Round.KIND: RoundHandler(),
    ZombieTurn.KIND: Seated(ZombieTurnHandler()),
    HeroTurn.KIND: Seated(HeroTurnHandler()),
    HeroAct.KIND: Seated(HeroActHandler()),
    Fight.KIND: Seated(FightHandler()),
    Wound.KIND: Seated(WoundHandler()),
    Prayer.KIND: Seated(PrayerHandler()),
    LossWindow.KIND: Seated(LossWindowHandler()),
    StrangeWindow.KIND: Seated(StrangeWindowHandler()),
    TownsfolkAnswer.KIND: Seated(TownsfolkAnswerHandler()),
}

OPTIONS = OptionSet([
    Option("scenario", "die-zombies-die", "the scenario (docs: Scenarios)", choices=SCENARIOS),
    Option("heroes", "random", "the four heroes, comma-separated (e.g. 'Becky,Billy,Johnny,"
           "Sally'), or 'random' to deal four of the eight"),
    Option("zombie-heroes", True, "a killed hero rises as a Zombie Hero (designed: docs)"),
    Option("decks", "basic", "basic: the 40-card Hero and Zombie decks; advanced: their "
           "Advanced cards shuffled in too (docs: The Advanced decks)", choices=DECKS),
    Option("town", "", "your own town map file (TOML, docs/maps.md; default: four random "
           "L-boards round the centre board)"),
    Option("heroes-file", "", "your own heroes file (TOML, the shape of data/heroes.toml)"),
    Option("hero-deck", "", "your own Hero deck file (TOML)"),
    Option("zombie-deck", "", "your own Zombie deck file (TOML)"),
    Option("scenarios", "", "your own scenarios file (TOML)"),
    Option("hero-players", 1, "hero players, 1 to 4: the heroes dealt round them (seats "
           "heroes-1 ... heroes-N; docs: Seats)", choices=(1, 2, 3, 4)),
    Option("zombie-players", 1, "zombie players, 1 or 2: two hold 2 cards each and share the "
           "zombies (seats zombies-1, zombies-2; docs: Seats)", choices=(1, 2)),
])


SPEC = GameSpec(
    id="last-night-on-earth",
    name="Last Night on Earth",
    version="1",
    summary="Heroes against zombies in a small town: kill the zombies or survive till dawn.",
    seats=seats,
    options=OPTIONS,
    state_class=LastNightState,
    start=start,
    check=check,
    sides=sides,
    # the zombie agent plays the zombies' seat, or both zombie players' (keys not seated in a
    # game are left out)
    default_agents={ZOMBIES: "zombie", f"{ZOMBIES}-1": "zombie", f"{ZOMBIES}-2": "zombie"},
    lineup={HEROES: "heuristic", ZOMBIES: "zombie"},
    render="deadtable.games.last_night_on_earth.render:render",  # the town in the terminal
    web_renderer=Path(__file__).parent / "web" / "renderer.js",  # the town in the browser
    help="deadtable.games.last_night_on_earth.help:help",  # the terminal's `help`
    outcome_text=outcome_text,  # "The zombies win: ... on turn 16."
    encoding="deadtable.games.last_night_on_earth.encoding:make",  # the RL encoding
    moves="deadtable.games.last_night_on_earth.reach:move_of",  # reach and walks (engine/reach.py)
    macros="deadtable.games.last_night_on_earth.macros:macros",  # the rest stay / advance
)

# each plays one side, every seat of it (sides, not seats: the seats depend on the options)
register_agent("zombie", ZombieAgent, game="last-night-on-earth", seats=(ZOMBIES,))
register_agent("heuristic", HeuristicAgent, game="last-night-on-earth", seats=(HEROES,))
