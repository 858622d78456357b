"""The round: a Zombie turn, then a Hero turn, until the scenario is won or the Sun track runs
out (reference/last-night-on-earth.md: "Each round is a Zombie turn, then a Hero turn")."""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth.state import LastNightState


@dataclass(slots=True)
class Round(Frame):
    KIND = "round"
    step: str = "zombies"  # zombies -> heroes -> zombies ...


class RoundHandler(Handler[LastNightState, Round]):
    def run(self, state: LastNightState, frame: Round) -> None:
        from deadtable.games.last_night_on_earth.heroturn import HeroTurn
        from deadtable.games.last_night_on_earth.zombieturn import ZombieTurn

        if frame.step == "zombies":
            frame.step = "heroes"
            state.push(ZombieTurn())
        else:
            frame.step = "zombies"
            state.push(HeroTurn())
