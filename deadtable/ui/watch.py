"""`deadtable replay FILE --watch`: a kept game, decision by decision. Each seat's board as that
seat saw it when it chose (with every event since its last choice) and the choice it made;
Enter (or --delay seconds, or input that has ended) goes on, q or Ctrl-C stops."""

from __future__ import annotations

import time

from rich.console import Console
from rich.text import Text

from deadtable.engine.game import Game
from deadtable.engine.replay import Replay, ReplayMismatch, digest
from deadtable.engine.state import GameState
from deadtable.render import render_view


def watch(console: Console, game: Game, recorded: Replay,
          delay: float | None) -> GameState | None:
    """The kept game's last state once watched to its end (checked as `replay` checks it:
    ReplayMismatch if it does not reproduce), or None if the watcher stopped."""
    state = recorded.start(game)
    total = len(recorded.actions)
    console.print(Text(f"{game.spec.name}, seed {state.seed}: {total} decisions. Enter: next, "
                       "q: stop.", style="bold"), soft_wrap=True)
    seen_by: dict[str, int] = {}  # seat -> log events it has been shown
    waiting = delay is None  # reading Enter from stdin until it ends
    for number, action_id in enumerate(recorded.actions, 1):
        decision = state.decision
        if decision is None or action_id not in decision:
            raise ReplayMismatch(f"move {number} ({action_id!r}) is not a legal action there")
        view = state.view(decision.seat)
        view["unseen"] = len(view["log"]) - seen_by.get(decision.seat, 0)
        seen_by[decision.seat] = len(view["log"])
        console.print(render_view(game.id, view))
        chosen = decision.get(action_id)
        console.print(Text(f"[{number}/{total}] {decision.seat}: {decision.prompt} -> "
                           f"{chosen.label if chosen is not None else action_id}", style="bold"),
                      soft_wrap=True)
        if waiting:
            try:
                answer = input("Enter: next, q: stop> ")
            except EOFError:
                answer, waiting = "", False  # no more input: watch the rest unpaused
            except KeyboardInterrupt:
                answer = "q"
            if answer.strip().lower() in ("q", "quit"):
                console.print(Text(f"Stopped after {number - 1} of {total} decisions."))
                return None
        elif delay:
            time.sleep(delay)
        state.apply(action_id)
    final = state.public_view() if len(game.seats) > 1 else state.view(game.seats[0])
    console.print(render_view(game.id, final))
    if recorded.final is not None and digest(state) != recorded.final:
        raise ReplayMismatch("it ends in another state than was kept")
    return state
