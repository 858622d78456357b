"""Game-agnostic core: dice, cards, decisions, states, options, replays. Imports no game."""

from deadtable.engine.cards import Pile, Visibility
from deadtable.engine.decisions import Action, Decision, GameOver, IllegalAction
from deadtable.engine.dice import Dice, ScriptedDiceError, derive_seed
from deadtable.engine.options import BadOption, Option, OptionSet
from deadtable.engine.state import GameState, Outcome

__all__ = [
    "Action",
    "BadOption",
    "Decision",
    "Dice",
    "GameOver",
    "GameState",
    "IllegalAction",
    "Option",
    "OptionSet",
    "Outcome",
    "Pile",
    "ScriptedDiceError",
    "Visibility",
    "derive_seed",
]
