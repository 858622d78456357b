"""Choosing among a board turn's many actions at the terminal by what they are about: a space
name ("7,3"), a figure ("bill", "Hunter 16"), or both ("bill 7,3"), besides the action's number
or id. Works for any game whose actions carry `args` with "space", "figure" or "target"
(docs/engine.md, "Decisions with many actions")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from deadtable.engine.decisions import Action, Decision

GROUPED_FROM = 8  # actions on spaces listed compactly once a decision has this many


@dataclass
class Choice:
    """What an answer picked: an action id, or narrower options to ask about again."""

    action: str | None = None
    figure: str | None = None  # a figure the answer named, to narrow the next answer
    message: str = ""


def _norm(text: object) -> str:
    return str(text).strip().lower().replace(" ", "-").replace("_", "-")


def _arg(action: Action, key: str) -> str | None:
    args = action.args
    if not args or args.get(key) is None:
        return None
    return str(args[key])


def with_space_names(decision: Decision, names: Sequence[str] | None) -> Decision:
    """The decision with each action's space given by its name ("13,2") where a game's
    actions carry the board's space number (53): a person types and reads names. The ids
    stay, so the choice made is the game's own."""
    if not names or not any(isinstance(_raw(a, "space"), int) for a in decision.actions):
        return decision
    return Decision.of(decision.seat, decision.prompt, [
        Action(a.id, a.label, {**(a.args or {}), "space": names[space]})
        if isinstance(space := _raw(a, "space"), int) and 0 <= space < len(names) else a
        for a in decision.actions])


def _raw(action: Action, key: str) -> object:
    return (action.args or {}).get(key)


def has_spaces(decision: Decision) -> bool:
    return any(_arg(a, "space") is not None for a in decision.actions)


def choose(decision: Decision, answer: str, figure: str | None = None,
           toward: dict[str, str] | None = None) -> Choice | None:
    """The action (or narrowing) an answer names by space and figure, or None when it names
    none. `figure` is a figure named by an earlier answer. `toward` (a view's, where a game
    moves a figure a step at a time): a farther space -> the space of the first step toward
    it, so that a space typed beyond this step takes that step."""
    words = answer.split()
    if not words:
        return None
    spaces = {s for a in decision.actions if (s := _arg(a, "space")) is not None}
    step = (toward or {}).get(words[-1])
    if step in spaces and words[-1] not in spaces and len(words) == 1:
        chosen = choose(decision, step, figure)
        if chosen is not None and chosen.action is not None:
            chosen.message = f"a step toward {words[-1]}, to {step}: type it again to go on"
        return chosen
    named = {_norm(f) for a in decision.actions for key in ("figure", "target")
             if (f := _arg(a, key)) is not None}
    space = words[-1] if words[-1] in spaces else None
    rest = words[:-1] if space is not None else words
    if rest:
        who = _norm(" ".join(rest))
        if who not in named:
            starting = [n for n in named if n.startswith(who)]  # "tank" for "tank-17"
            if len(starting) != 1:
                return None
            who = starting[0]
        figure = who
    elif space is None:
        return None
    candidates = list(decision.actions)
    if figure is not None:
        by_figure = [a for a in candidates if _norm(_arg(a, "figure") or "") == figure]
        by_target = [a for a in candidates if _norm(_arg(a, "target") or "") == figure]
        narrowed = by_figure or by_target
        if narrowed:
            candidates = narrowed
        elif space is None:
            return None
    if space is not None:
        candidates = [a for a in candidates if _arg(a, "space") == space]
        if not candidates:
            who = f" for {figure}" if figure else ""
            return Choice(figure=figure, message=f"{space} is not a choice{who} here")
    if len(candidates) == 1:
        return Choice(action=candidates[0].id)
    listed = "; ".join(f"{decision.actions.index(a) + 1}. {a.label}" for a in candidates[:12])
    more = f" (and {len(candidates) - 12} more)" if len(candidates) > 12 else ""
    if space is None:
        reach = sorted({s for a in candidates if (s := _arg(a, "space")) is not None},
                       key=_space_key)
        if reach:
            return Choice(figure=figure, message=f"{figure}: type a space: {' '.join(reach)}")
    return Choice(figure=figure, message=f"which one? {listed}{more}")


def _space_key(name: str) -> tuple[int, ...] | tuple[str]:
    try:
        return tuple(int(p) for p in reversed(name.split(",")))
    except ValueError:
        return (name,)


def _group(decision: Decision, action: Action) -> tuple[str, str]:
    """(verb, whose) an action on a space is listed under: its figure, or its token where the
    decision moves several (a hidden character's hide tokens, Psycho Raiders 12.3)."""
    whose = _arg(action, "figure") or ""
    token = _arg(action, "token")
    if not whose and token is not None and len({_arg(a, "token") for a in decision.actions
                                                if _arg(a, "token") is not None}) > 1:
        whose = f"token {token}"
    return _arg(action, "verb") or "", whose


def show(console: Console, decision: Decision) -> None:
    """The decision's actions: those without a space one a line, numbered; those on spaces
    grouped by verb and figure, each space with its number."""
    console.print(Text(f"{decision.seat}: {decision.prompt}", style="bold"))
    groups: dict[tuple[str, str], list[tuple[int, str]]] = {}
    order: list[Action | tuple[str, str]] = []  # lines and groups, by their first number
    keys = {action.id: _group(decision, action) for action in decision.actions}
    seen = Counter((keys[a.id], _arg(a, "space")) for a in decision.actions)
    for number, action in enumerate(decision.actions, 1):
        space = _arg(action, "space")
        key = keys[action.id]
        if space is None or len(decision.actions) < GROUPED_FROM or seen[(key, space)] > 1:
            order.append(action)  # a space offered twice (hide here as this or that): labels
            continue
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append((number, space))
    for entry in order:
        if isinstance(entry, Action):
            number = decision.actions.index(entry) + 1
            console.print(Text.assemble(f"  {number:>2}. {entry.label}  ", (entry.id, "dim")))
            continue
        verb, figure = entry
        console.print(Text.assemble("      ", (f"{verb} {figure}".strip(), "bold"),
                                    " to a space (type it, or its number):"))
        entries = groups[entry]
        wide = max(len(f"{n} {s}") for n, s in entries) + 3
        per_line = max(1, (console.width - 6) // wide)
        for start in range(0, len(entries), per_line):
            line = Text("      ")
            for number, space in entries[start:start + per_line]:
                line.append(f"{number}", style="dim")
                line.append(f" {space}".ljust(wide - len(str(number))))
            console.print(line)
    if groups:
        console.print(Text("  Type a space (7,3), a figure (bill), both (bill 7,3), a number "
                           "or an id.", style="dim"))
