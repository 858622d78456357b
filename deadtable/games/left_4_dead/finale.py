"""The finale: the Finale Event, its Tanks and the rescue vehicle (Game Rules: Finale Events,
Rescue Vehicles; Survivor Rules: Campaign Chapters).

"The end of the last chapter is the Finale Event where survivors are saved by escaping in a
Rescue Vehicle." A finale chapter has a `finale-trigger` marker and a `rescue-vehicle` zone and
no next safe room. The readings (docs/left-4-dead.md, "The finale"):

- The event starts at the end of a round with a survivor on the trigger (read as the
  Crescendo Event's trigger). From that end of round on, each end of round places 3 zombies
  plus the Difficulty Modifier instead of Spawning Zombies; specials and their table go on.
- The event's rounds are counted from the trigger: the next round is its round 1 (A-46's
  reading for the crescendo). The first Tank comes at the end of event round 2; when a Tank
  of the finale is destroyed in round r, the next comes at the end of round r + 2 ("the second
  round after"); after the second is destroyed, no more Tanks until the rescue vehicle
  arrives at the end of round r + 1 ("the next round").
- A-47, `finale-tanks`: `continue` (default: "Continue spawning Tanks this way, the first when
  the rescue vehicle arrives then the end of each round after a Tank is destroyed"): a Tank
  when the vehicle arrives, and one at the end of the round after each later Tank dies; or
  `stop`: no Tank once the vehicle is there.
- Once the vehicle is there and every survivor standing on the map (not incapacitated, not in
  a Hero Closet) is in the rescue-vehicle zone, those survivors escape and win. The rest
  (incapacitated, destroyed, waiting in a closet) are left behind. None standing: the infected
  win, as in any chapter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deadtable.engine.state import Outcome
from deadtable.games.left_4_dead import combat, spawning
from deadtable.games.left_4_dead.state import INFECTED, SURVIVORS, Left4DeadState

FINALE = "Game Rules: Finale Events"
RESCUE = "Game Rules: Rescue Vehicles"
TRIGGER = "finale-trigger"
VEHICLE = "rescue-vehicle"


@dataclass(slots=True)
class Finale:
    """Where a finale chapter's event stands (state.finale; None in other chapters)."""

    round: int = 0  # 0: not started; then the event's round under way (1 after the trigger)
    tanks: list[str] = field(default_factory=list)  # the finale's Tanks on the map
    due: list[int] = field(default_factory=list)  # event rounds at whose end a Tank comes
    destroyed: int = 0  # the finale's Tanks destroyed
    rescue_at: int = 0  # the event round at whose end the vehicle arrives (0: not yet known)
    arrived: bool = False

    @property
    def started(self) -> bool:
        return self.round > 0

    def copy(self) -> Finale:
        return Finale(self.round, list(self.tanks), list(self.due), self.destroyed,
                      self.rescue_at, self.arrived)

    def to_data(self) -> dict[str, Any]:
        return {"round": self.round, "tanks": list(self.tanks), "due": list(self.due),
                "destroyed": self.destroyed, "rescue_at": self.rescue_at,
                "arrived": self.arrived}

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Finale | None:
        if data is None:
            return None
        return cls(data["round"], list(data["tanks"]), list(data["due"]), data["destroyed"],
                   data["rescue_at"], data["arrived"])


def is_finale_map(state: Left4DeadState) -> bool:
    """A campaign's last chapter; a single map with a rescue vehicle and no next safe room."""
    from deadtable.games.left_4_dead.setup import campaign_of

    campaign = campaign_of(state.game.options)
    if campaign is not None:
        return campaign.chapter(state.chapter).finale
    return "end" not in state.board.zones and bool(vehicle_spaces(state))


def fresh(state: Left4DeadState) -> Finale | None:
    return Finale() if is_finale_map(state) else None


def vehicle_spaces(state: Left4DeadState) -> list[int]:
    return [s for z in state.board.zones.values() if z.kind == VEHICLE for s in z.spaces]


def end_of_round(state: Left4DeadState) -> bool:
    """The finale's end of round; True where its wave replaced Spawning Zombies."""
    finale = state.finale
    if finale is None:
        return False
    if not finale.started:
        if not on_trigger(state):
            return False
        finale.round = 1
        finale.due = [int(state.data.rules.finale_rules["first_tank_round"])]
        state.event("A survivor stands on the finale trigger: the Finale Event begins. The "
                    "rescue is called; hold out.", FINALE)
        wave(state)
        return True
    tanks_destroyed(state, finale)
    wave(state)
    for _ in range(finale.due.count(finale.round)):
        place_tank(state, finale, f"the end of the Finale Event's round {finale.round}")
    finale.due = [r for r in finale.due if r > finale.round]
    if finale.rescue_at == finale.round and not finale.arrived:
        finale.arrived = True
        state.event("The rescue vehicle arrives: every survivor standing must get aboard.",
                    RESCUE)
        if tanks_go_on(state):
            place_tank(state, finale, "the rescue vehicle's arrival")
    finale.round += 1
    return True


def on_trigger(state: Left4DeadState) -> bool:
    triggers = {m.space for m in state.board.markers_of(TRIGGER)}
    return any(f.space in triggers and not f.closet for f in state.survivors())


def tanks_go_on(state: Left4DeadState) -> bool:
    return state.game.options["finale-tanks"] == "continue"


def tanks_destroyed(state: Left4DeadState, finale: Finale) -> None:
    """The finale's Tanks destroyed this round, and what each one's death brings."""
    rules = state.data.rules.finale_rules
    gone = [t for t in finale.tanks if t not in state.figures or state.figures[t].space is None]
    for tank in gone:  # a destroyed infected leaves the table
        finale.tanks.remove(tank)
        finale.destroyed += 1
        now = finale.round
        if finale.arrived:
            if tanks_go_on(state):
                finale.due.append(now + 1)
                state.event(f"A Tank is destroyed: another comes at the end of round "
                            f"{now + 1} of the Finale Event.", FINALE)
        elif finale.destroyed >= int(rules["rescue_after_tanks"]):
            finale.rescue_at = now + 1
            state.event(f"The second Tank is destroyed: the rescue vehicle arrives at the end "
                        f"of the next round (round {now + 1} of the Finale Event).", RESCUE)
        else:
            later = now + int(rules["rounds_after_tank_destroyed"])
            finale.due.append(later)
            state.event(f"A Tank is destroyed: the next comes at the end of round {later} of "
                        "the Finale Event.", FINALE)


def wave(state: Left4DeadState) -> None:
    count = state.data.rules.finale.size(state.modifier)
    state.event(f"The Finale Event: a wave of {count} zombies instead of Spawning Zombies.",
                FINALE)
    for _ in range(count):
        spawning.place(state, spawning.ZOMBIE)


def place_tank(state: Left4DeadState, finale: Finale, when: str) -> None:
    tank = spawning.place(state, "tank")
    if tank is None:
        return
    state.tank_spawned = True  # the specials table's Tank row gives a Hunter from now on
    finale.tanks.append(tank.id)
    assert tank.space is not None
    state.event(f"A Tank comes at {when}: {state.board.names[tank.space]}.", FINALE)


def check_escape(state: Left4DeadState) -> bool:
    """Every survivor standing on the map aboard the arrived vehicle: they escape (True)."""
    finale = state.finale
    if finale is None or not finale.arrived:
        return False
    aboard = set(vehicle_spaces(state))
    standing = [f for f in state.survivors()
                if f.space is not None and not f.closet and not f.down]
    if not standing or any(f.space not in aboard for f in standing):
        return False
    escaped = sorted(f.id for f in standing)
    for figure in state.survivors():
        if figure.id not in escaped:
            state.event(f"{combat.name(figure)} is left behind.", RESCUE)
    state.escaped = escaped
    left = len(state.survivors()) - len(escaped)
    state.finish(Outcome({SURVIVORS: "win", INFECTED: "loss"}, "escaped in the rescue vehicle",
                         {SURVIVORS: float(len(escaped)), INFECTED: float(left)}), RESCUE)
    return True


def goal_spaces(state: Left4DeadState) -> list[int]:
    """Where the survivors head in a finale: the trigger until the vehicle arrives (to start
    the event, then to hold out there), then the vehicle."""
    finale = state.finale
    if finale is not None and finale.arrived:
        return vehicle_spaces(state)
    return [m.space for m in state.board.markers_of(TRIGGER)]


def status(state: Left4DeadState, finale: Finale) -> str:
    """The finale in words, for the status line."""
    if not finale.started:
        return "FINALE: a survivor on the trigger at the end of a round starts it"
    if finale.arrived:
        return "RESCUE HERE: every survivor standing aboard escapes"
    words = [f"FINALE round {finale.round}", f"Tanks destroyed {finale.destroyed}"]
    if finale.due:
        words.append(f"next Tank: end of round {min(finale.due)}")
    if finale.rescue_at:
        words.append(f"rescue: end of round {finale.rescue_at}")
    return " · ".join(words)


def describe(state: Left4DeadState) -> dict[str, Any] | None:
    """The finale for the view: what both sides see on the table."""
    finale = state.finale
    if finale is None:
        return None
    return {"text": status(state, finale), "started": finale.started, "round": finale.round,
            "tanks": list(finale.tanks),
            "tanks_destroyed": finale.destroyed, "next_tank": min(finale.due, default=None),
            "rescue_at": finale.rescue_at or None, "arrived": finale.arrived,
            "vehicle": [state.board.names[s] for s in vehicle_spaces(state)]}
