"""A campaign played as one game: the next chapter (Survivor Rules: Safe Rooms, Campaign
Chapters).

"All 4 survivors start in one Safe Room and must make it to the next to advance to the next
chapter." When the survivors reach the end safe room of a chapter that is not the campaign's
last playable one, the game goes on: the next chapter's map, its start safe room holding
what the safe room they reached holds ("Each Safe Room after the first has 4 health kits";
4 random T1 or melee weapons after chapters 1 and 2, 4 random T2 weapons after 3 and 4).
The readings (docs/left-4-dead.md, "Campaign rules"):

- The survivors who made it carry everything on their Army Cards: wounds, Incapped Markers,
  set-aside wounds, items and their Ammo Markers. The infected's markers (vomit, pinned, ...)
  go: their infected stay on the old map.
- Survivors left behind (destroyed, or waiting in a Hero Closet) do not advance: out of the
  campaign (`left-behind=lost`, the rulebook's "must make it to the next to advance"), or
  `left-behind=rejoin`: they join in the new safe room, a closet survivor as it was, a
  destroyed one with the Hero Closet's 2 wounds and no items.
- The item pool is whole again, less what the survivors carry (what lay on the old map stays
  there), and shuffled; the safe room's kits and weapons are drawn from it.
- Each chapter starts its round count, its starting squads, its Tank, Witch and crescendo
  afresh; the Advanced/Expert "first time" wound rules count once a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deadtable.engine.cards import Pile
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.left_4_dead import combat, items, spawning
from deadtable.games.left_4_dead.setup import SAFE_ROOMS, KitOut, chapter_board, new_chapter
from deadtable.games.left_4_dead.state import Figure, Left4DeadState

CHAPTERS = "Survivor Rules: Campaign Chapters"


@dataclass(slots=True)
class NextChapter(Frame):
    """The survivors made the safe room: the next chapter is set up (no decision)."""

    KIND = "next-chapter"
    step: str = "advance"
    saved: list[str] = field(default_factory=list)  # the survivors who made it


def reach(state: Left4DeadState, saved: list[str]) -> None:
    """Chapter over: whatever was under way on the old map ends there."""
    state.event(f"Chapter {state.chapter} is over: {len(saved)} survivor(s) reached the safe "
                "room.", SAFE_ROOMS)
    state.stack = [NextChapter("advance", saved)]


class NextChapterHandler(Handler[Left4DeadState, NextChapter]):
    def decide(self, state: Left4DeadState, frame: NextChapter) -> None:
        return None

    def run(self, state: Left4DeadState, frame: NextChapter) -> None:
        state.pop()
        state.chapter += 1
        state.board = chapter_board(state.game.options, state.chapter)
        state.figures = {k: f for k, f in state.figures.items() if f.side == "survivors"}
        name = str(state.board.meta.get("name") or "")
        state.event((name if name.lower().startswith("chapter") else
                     f"Chapter {state.chapter}: {name or 'the next map'}") + ".", CHAPTERS)
        entering = carry_over(state, frame.saved)
        new_chapter(state)
        refill_pool(state)
        kits, weapons = stock(state)
        room = state.board.zones["start"].spaces
        for n, figure in enumerate(entering):
            figure.space = room[n % len(room)]
        stocked = [f"{kits} health kit{'s' if kits != 1 else ''}",
                   *(items.item_name(state, w) for w in weapons)]
        state.event("The survivors enter the safe room: " + ", ".join(stocked) + ".",
                    SAFE_ROOMS)
        spawning.squads(state)
        state.push(KitOut("choose", [f.id for f in entering], weapons, kits))


def carry_over(state: Left4DeadState, saved: list[str]) -> list[Figure]:
    """The survivors who enter the next chapter, their cards as they were (see above)."""
    rejoin = state.game.options["left-behind"] == "rejoin"
    entering = []
    for figure in state.survivors():
        figure.markers.clear()  # placed by the infected, who stay behind
        figure.acted = False
        made_it = figure.id in saved
        if not made_it and not rejoin:
            figure.space, figure.closet = None, False
            state.event(f"{combat.name(figure)} was left behind: out of the campaign.",
                        SAFE_ROOMS)
            continue
        if not made_it:
            if not figure.closet:  # destroyed, not yet back: as the Hero Closet gives
                figure.wounds = 2
            figure.closet = False
            state.event(f"{combat.name(figure)} was left behind and rejoins the survivors "
                        "(left-behind=rejoin).", SAFE_ROOMS)
        entering.append(figure)
    return entering


def refill_pool(state: Left4DeadState) -> None:
    pool = list(state.data.items.copies())
    for figure in state.survivors():
        for item in figure.items.values():
            if item in pool:
                pool.remove(item)
    state.pool = Pile("item pool", pool)
    state.pool.shuffle(state.dice)


def stock(state: Left4DeadState) -> tuple[int, list[str]]:
    """The safe room's health kits and weapons, out of the pool (as many as it holds)."""
    rules = state.data.rules.safe_rooms
    before = state.chapter - 1  # the safe room at the end of that chapter
    kits = 0
    for _ in range(int(rules["later_health_kits"])):
        if "health-kit" in state.pool.cards:
            state.pool.cards.remove("health-kit")
            kits += 1
    # "... and at the Finale Event have 4 random T2 Weapons": a short campaign's finale too
    kind = ("t2" if state.finale is not None or before in rules["t2_after_chapters"]
            else "t1-or-melee" if before in rules["t1_or_melee_after_chapters"] else None)
    weapons: list[str] = []
    if kind is not None:
        weapons = [w for _ in range(int(rules["weapons"]))
                   if (w := spawning.draw_from_set(state, kind))]
    return kits, weapons
