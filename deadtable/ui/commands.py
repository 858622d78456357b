"""Words a person may type at the terminal instead of an action: `log`, `help`, and on a board
game with a line-of-sight ruler `sight` and `range`. Each reads only what the deciding seat
sees (its view; the ruler reads the open table), and none of them changes the game.

A game supplies its help text through GameSpec.help ("module:function", called as
function(options, view, decision, topic) -> [(heading, text), ...]); the options' meanings and
these commands are described here, for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from deadtable import registry
from deadtable.engine.decisions import Decision
from deadtable.engine.state import GameState
from deadtable.render import log_text

Sections = list[tuple[str, str]]


def usage(state: GameState) -> str:
    """The commands this game takes, for the line under the actions."""
    words = ["log", "help"]
    if state.game.spec.ruler is not None:
        words.append("sight A B")
        if _has_figures(state):
            words.append("range FIGURE")
    return ", ".join(words)


def _has_figures(state: GameState) -> bool:
    """Whether the game's view lists figures with a Range (Left 4 Dead's; Psycho Raiders' has
    characters and tokens, so `range` is not offered there)."""
    return "figures" in state.public_view()


def run(console: Console, state: GameState, decision: Decision, answer: str) -> bool:
    """Carry out `answer` if it is a command (True), else leave it to the caller (False)."""
    word, _, rest = answer.strip().partition(" ")
    command = _COMMANDS.get(word.lower())
    if command is None or (word.lower() in ("sight", "range") and state.game.spec.ruler is None):
        return False
    if word.lower() == "range" and not _has_figures(state):
        return False
    command(console, state, decision, rest.strip())
    return True


# -- log --------------------------------------------------------------------------------------
def _log(console: Console, state: GameState, decision: Decision, rest: str) -> None:
    log = state.view(decision.seat)["log"]
    if rest and not (rest.isdigit() and int(rest) > 0):
        console.print(Text(f"log {rest!r}: give a number of lines, e.g. `log 20`, or `log` "
                           "for the whole log", style="red"))
        return
    lines = int(rest) if rest else len(log)
    shown = min(lines, len(log))
    console.rule(f"log: {shown} of {len(log)} events" if shown < len(log)
                 else f"log: all {len(log)} events")
    if log:
        console.print(log_text(log, shown), soft_wrap=True)


# -- help -------------------------------------------------------------------------------------
def help_sections(state: GameState, decision: Decision, topic: str = "") -> Sections:
    """The game's own help for this moment (or for `topic`), then what its options mean and
    the commands, unless a topic was asked for."""
    spec = state.game.spec
    view = state.view(decision.seat)
    sections: Sections = []
    if spec.help is not None:
        game_help: Callable[..., Sections] = registry.part(spec.help)
        sections += game_help(dict(state.game.options), view, decision, topic)
    if topic:
        return sections
    options = [f"{o.name} = {_shown(state.game.options[o.name])}: {o.help} "
               f"({o.describe_values()}; default {_shown(o.default)})" for o in spec.options]
    if options:
        sections.append(("Options of this game (set with --option NAME=VALUE)",
                         "\n".join(options)))
    ruler = (_SIGHT_HELP + (_RANGE_HELP if "figures" in view else "")) if spec.ruler else ""
    go = _GO_HELP if spec.moves else ""
    macros = _MACROS_HELP if spec.macros else ""
    sections.append(("Commands", _COMMANDS_HELP + ruler + go + macros))
    return sections


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value) if value == "" \
        else str(value)


def _help(console: Console, state: GameState, decision: Decision, rest: str) -> None:
    sections = help_sections(state, decision, rest)
    if not sections:
        console.print(Text(f"no help on {rest!r}; `help` alone shows the rules of this moment "
                           "and what there is help on", style="red"), soft_wrap=True)
        return
    for heading, body in sections:
        console.rule(heading, align="left")
        console.print(Text(body), soft_wrap=False)


_COMMANDS_HELP = """\
a number, an action id (or a space or figure on a board): make that choice
log: the whole log, each event with the rule that produced it; log N: its last N events
help: this; help NAME: more on a weapon, item, card or figure named NAME
q: quit (with --save the game is kept; `deadtable continue FILE` goes on)"""
_SIGHT_HELP = """
sight A B: line of sight from A to B (a space such as 7,3 or a figure such as bill): clear
  or blocked, where and why, and how far"""
_GO_HELP = """
go: where the figure moving can still get this turn by plain steps (no roll, no reveal,
  nothing but the move logged); go SPACE walks it there a step at a time, stopping after a
  step that was not plain (go FIGURE SPACE where several could go there); undo takes back
  one step at a time. Offered only where some space is more than one step away (not for a
  zombie's plain one-space move, nor a last step: type the space itself)"""
_MACROS_HELP = """
shortcuts: where the game offers one, its word is listed under the choices (rest: the zombies
  still to move stay; advance: they move as the zombie agent would, toward the heroes); it
  makes those ordinary choices for you one at a time, stopping where one is yours to make (a
  zombie that must move, a card to play), and undo takes back one at a time"""
_RANGE_HELP = """
range FIGURE: the figure's range and which enemy figures it can see within it"""


# -- sight and range (board games with a ruler) ------------------------------------------------
def _figures(view: dict[str, Any]) -> list[dict[str, Any]]:
    figures = view.get("figures") or []
    return [f for f in figures if isinstance(f, dict) and f.get("space")]


def _norm(text: str) -> str:
    return text.strip().lower().replace(" ", "-").replace("_", "-")


def _place(view: dict[str, Any], word: str) -> tuple[str, str] | str:
    """(space, what to call it) for a space name or a figure on the map, or an error."""
    board = view.get("map") or {}  # spaces; or hexes and rooms (Psycho Raiders)
    spaces = {entry[0] for key in ("spaces", "hexes", "rooms") for entry in board.get(key, [])}
    if word in spaces:
        return word, word
    wanted = _norm(word)
    figures = _figures(view)
    for exact in (True, False):
        found = [f for f in figures
                 if any((_norm(str(f.get(k, ""))) == wanted) if exact
                        else _norm(str(f.get(k, ""))).startswith(wanted) for k in ("id", "name"))]
        if len(found) == 1:
            return found[0]["space"], f"{found[0]['name']} ({found[0]['space']})"
        if len(found) > 1 and exact:
            break
    if len(found) > 1:
        return f"{word!r} names {len(found)} figures: " + ", ".join(f["name"] for f in found)
    return f"{word!r} is neither a space on this map (such as 7,3) nor a figure on it"


def _ask_ruler(state: GameState, frm: str, to: str) -> dict[str, Any]:
    ruler: Callable[[GameState, str, str], dict[str, Any]] = registry.part(
        state.game.spec.ruler or "")
    return ruler(state, frm, to)


def sight_line(state: GameState, view: dict[str, Any], a: str, b: str) -> tuple[bool, str]:
    """(clear, a line saying so) for two places named as spaces or figures."""
    start, end = _place(view, a), _place(view, b)
    if isinstance(start, str):
        return False, start
    if isinstance(end, str):
        return False, end
    (frm, frm_name), (to, to_name) = start, end
    answer = _ask_ruler(state, frm, to)
    far = answer.get("distance")
    distance = "" if far is None else f", {far} space{'' if far == 1 else 's'} away"
    attack = _attack_words(answer.get("attack"), to_name)
    if answer["clear"]:
        return True, f"clear: {frm_name} sees {to_name}{distance}{attack}"
    return False, (f"blocked {_where(answer.get('blocked_at'))}: {answer.get('reason')} "
                   f"({frm_name} to {to_name}{distance}){attack}")


def _attack_words(attack: Any, target: str) -> str:
    """A ruler's `attack` (two enemies on its ends): may the first attack, or why not."""
    if not isinstance(attack, dict):
        return ""
    cite = f" ({attack['cite']})" if attack.get("cite") else ""
    said = attack["text"] if attack.get("may") else f"not a target: {attack['text']}"
    return f"; {said}{cite}"


def _where(at: Any) -> str:
    """The ruler's blocked_at: a space, or the two spaces of an edge (a wall between them)."""
    if isinstance(at, (list, tuple)):
        return "between " + " and ".join(str(a) for a in at)
    return f"at {at}"


def _sight(console: Console, state: GameState, decision: Decision, rest: str) -> None:
    words = rest.split()
    if len(words) != 2:
        console.print(Text("sight needs two places: `sight bill 7,3` or `sight 2,4 7,3`",
                           style="red"))
        return
    clear, line = sight_line(state, state.view(decision.seat), *words)
    console.print(Text(line, style="green" if clear else "yellow"), soft_wrap=True)


def _range(console: Console, state: GameState, decision: Decision, rest: str) -> None:
    view = state.view(decision.seat)
    place = _place(view, rest) if rest else "range needs a figure: `range bill`"
    if isinstance(place, str):
        console.print(Text(place, style="red"), soft_wrap=True)
        return
    me = next(f for f in _figures(view) if f["space"] == place[0])
    reach = me.get("range")
    console.print(Text(f"{me['name']}: range {reach}, at {me['space']}", style="bold"))
    for other in _figures(view):
        if other.get("side") == me.get("side") or other.get("down"):
            continue
        answer = _ask_ruler(state, me["space"], other["space"])
        far = answer.get("distance")
        within = far is not None and reach is not None and far <= int(reach)
        seen = "clear sight" if answer["clear"] else f"blocked {_where(answer.get('blocked_at'))}"
        mark = "IN RANGE" if within and answer["clear"] else "out of range" if not within \
            else "in range, not seen"
        console.print(Text(f"  {other['name']} at {other['space']}: {far} away, {seen}: {mark}",
                           style="green" if mark == "IN RANGE" else "dim"), soft_wrap=True)


_COMMANDS: dict[str, Callable[[Console, GameState, Decision, str], None]] = {
    "log": _log, "help": _help, "?": _help, "sight": _sight, "range": _range,
}
