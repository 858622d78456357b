"""How a chapter ends, and its Crescendo Event (Survivor Rules: Safe Rooms; Game Rules). A
finale ends in its rescue vehicle instead (finale.py).

- The survivors win the chapter when every survivor on the map (not waiting in a Hero Closet)
  stands in the next safe room: "must make it to the next to advance". Survivors destroyed or
  waiting in a closet then are left behind (designed: docs/left-4-dead.md, "Winning").
- The infected win when no survivor stands on the map (every one incapacitated, destroyed or in
  a closet: nobody is left to stand another up or rescue one), or when the survivors have not
  made it by the end of round `max-rounds` (designed).
- Crescendo: at the end of a round with a survivor on the trigger, the event starts: 3 zombies
  plus the Difficulty Modifier now and at the end of each round of the event instead of
  Spawning Zombies; after the wave at the end of its third round the obstacle is removed.
"""

from __future__ import annotations

from deadtable.engine.state import Outcome
from deadtable.games.left_4_dead import finale, spawning
from deadtable.games.left_4_dead.state import INFECTED, SURVIVORS, Left4DeadState

SAFE_ROOM = "Survivor Rules: Safe Rooms"
NOBODY_STANDING = "no survivor left standing"
CRESCENDO = "Game Rules: Crescendo Events"


def check_end(state: Left4DeadState, end_of_round: bool = False) -> None:
    if state.outcome is not None:
        return
    on_map = [f for f in state.survivors() if f.space is not None and not f.closet]
    standing = [f for f in on_map if not f.down]
    if state.finale is not None:
        if finale.check_escape(state):
            return
    elif on_map and all(f.space in state.board.zones["end"].spaces and not f.down
                        for f in on_map):
        saved = sorted(f.id for f in on_map)
        if next_chapter_plays(state):
            from deadtable.games.left_4_dead import advance

            advance.reach(state, saved)
            return
        left = len(state.survivors()) - len(saved)
        state.escaped = saved
        state.finish(Outcome({SURVIVORS: "win", INFECTED: "loss"}, "reached the safe room",
                             {SURVIVORS: float(len(saved)), INFECTED: float(left)}), SAFE_ROOM)
        return
    if not standing:
        state.finish(Outcome({SURVIVORS: "loss", INFECTED: "win"}, nobody_standing(state),
                             {SURVIVORS: 0.0, INFECTED: float(len(state.survivors()))}),
                     "Survivor Rules: Incapacitated (designed: nobody left to stand one up)")
        return
    if end_of_round and state.round >= (limit := state.game.options["max-rounds"]):
        where = "the safe room" if state.finale is None else "the rescue"
        # The rulebook sets no limit (docs: designed); the player reads the limit itself.
        state.finish(Outcome({SURVIVORS: "loss", INFECTED: "win"}, f"overrun before {where}",
                             {SURVIVORS: 0.0, INFECTED: float(len(state.survivors()))}),
                     f"Round limit: {limit} round{'' if limit == 1 else 's'} "
                     "(the max-rounds option)")


# What took the last survivor down, where a rule did it without an attacker: in words.
DOWNED_BY_RULE = {"Survivor Rules: Incapacitated": "wounds while incapacitated",
                  "HeroScape core rules: Falling": "a fall"}


def nobody_standing(state: Left4DeadState) -> str:
    """The defeat's cause, with what took the last survivor down ("... (last down: Tank)"),
    so that a simulation's causes of defeat say which infected finish the team off."""
    return f"{NOBODY_STANDING} (last down: {downed_words(state.last_down)})" \
        if state.last_down else NOBODY_STANDING


def downed_words(label: str) -> str:
    """A card's name as it is; a rule in words: "SPITTER: Acid Vomit" (a power's section)
    -> "Spitter (Acid Vomit)", "Survivor Rules: Incapacitated" -> "wounds while ..."."""
    if label in DOWNED_BY_RULE:
        return DOWNED_BY_RULE[label]
    head, sep, rest = label.partition(": ")
    return f"{head.title()} ({rest})" if sep and head.isupper() else label


def next_chapter_plays(state: Left4DeadState) -> bool:
    """A campaign goes on to its next chapter (its last, the finale, ends in the vehicle)."""
    from deadtable.games.left_4_dead.setup import campaign_of

    campaign = campaign_of(state.game.options)
    return campaign is not None and state.chapter + 1 <= len(campaign.chapters)


def crescendo_wave(state: Left4DeadState) -> bool:
    """Run the Crescendo Event's end of round; True where its wave replaced Spawning Zombies.

    "At the end of round 3, after placing zombies the Crescendo Event is over" (A-46,
    rules.toml crescendo.counted_from): the event's third round ("event", the next round
    being its first), or the game's round 3 ("game": a crescendo started at the end of round
    3 or later is over after its first wave)."""
    rules = state.data.rules
    if state.crescendo == 0:
        trigger = [m for m in state.board.markers_of("crescendo-trigger")
                   if any(f.space == m.space and not f.closet for f in state.survivors())]
        if not trigger:
            return False
        state.event("A survivor stands on the crescendo trigger: the Crescendo Event begins.",
                    CRESCENDO)
        wave(state)  # "Immediately place 3 zombies plus ..."
        state.crescendo = 1  # the next round is the event's first
        if rules.crescendo_counted_from == "game" and state.round >= rules.crescendo_rounds:
            crescendo_over(state)
        return True
    if state.crescendo_over:
        return False  # the event is over: play returns to normal
    wave(state)
    last = (state.crescendo >= rules.crescendo_rounds if rules.crescendo_counted_from == "event"
            else state.round >= rules.crescendo_rounds)
    if last:
        crescendo_over(state)
    else:
        state.crescendo += 1
    return True


def crescendo_over(state: Left4DeadState) -> None:
    state.event("The Crescendo Event is over: the obstacle is removed.", CRESCENDO)
    state.crescendo = state.data.rules.crescendo_rounds + 1


def wave(state: Left4DeadState) -> None:
    count = state.data.rules.crescendo.size(state.modifier)
    state.event(f"A wave of {count} zombies.", CRESCENDO)
    for _ in range(count):
        spawning.place(state, spawning.ZOMBIE)
