"""The game's own agents: a zombie player and a hero heuristic.

Both read the table through a sample of the game (`Observation.sample`: the decks and the
other side's hand dealt anew), so they know nothing their seat may not.

- `zombie` plays its hand: Surprise Attack on a hero in a building, Heavy Rain, A Town
  Overrun, Living Nightmare, There's No Time, Leave It! (on the best weapon discarded), This
  Can't Be Happening! and Teen Angst (on the hero nearest a zombie), Bickering, This Could Be
  Our Last Night on Earth, Night That Never Ends (the title with most copies discarded), I Feel
  Kinda Strange whenever a zombie wounds a hero, Haunted by the Past (on the hero nearest a
  zombie), I've Got to Get to the… (on the hero with fewest weapons, the corner of town
  farthest from him where the zombies choose it), I Don't Trust 'em (a Strange hero barred
  for good where one lives, else no trading, played only then or while heroes share a space),
  the building cards (taken over, dark, a new pit: the buildings nearest the heroes), Cornered
  and Rotten Bodies when zombies are at a hero (removing the zombies farthest from the
  heroes), Overconfidence (on the hero nearest a zombie), Locked Door on a hero stepping
  into a building, Trip! on a roll of 4 or more, Resilient and There's Too Many!
  whenever it can; Shamble for a zombie within a roll of a hero; Fight cards only where they
  turn a lost fight (Unnecessary Self Sacrifice first, then the beaten dice re-rolled, 2 more
  dice, +1 to a die that then ties);
  each zombie steps toward the nearest hero or townsperson; new zombies rise at the pit
  nearest the heroes.
- `heuristic` (the heroes): searches buildings until armed, heals the wounded, shoots what it
  can (Dynamite only where no hero stands), plays Just What I Needed while short of weapons or
  of a scenario item (the item, else the best discarded weapon, else a draw), follows the
  scenario's plan (to the truck with the Keys and a Gasoline; Burn 'Em Out:
  search for Gasoline and Fire, carry them to the pit buildings, light them, burn_goals;
  Save the Townsfolk: each hero fetches a different townsperson and takes it to the Center of
  Town, rescue_goals), walks armed and healthy heroes toward the zombies where killing is the
  aim and the others toward the nearest hero (grouping up), and uses every combat bonus and
  card in a fight. Against the Advanced Zombie cards: a hero who may not search before he
  reaches a building goes there while he would search (at a 5 on its building roll the
  heroes choose the corner nearest him); At Last… cancels I Feel Kinda Strange first; Father
  Joseph does not pray when the wound would turn him into a Zombie Hero; the hero with the
  most wounds to spare takes Unnecessary Self Sacrifice's wound. The Advanced Hero cards where
  they obviously help (advanced_play, walls_matter: docs, "The Advanced decks"); Escape
  Through the Window cancels Locked Door.
"""

from __future__ import annotations

import math

from deadtable.agents.base import Observation
from deadtable.engine.board import distance_field
from deadtable.engine.dice import Dice
from deadtable.games.last_night_on_earth import (
    cards,
    donttrust,
    gettothe,
    heroic,
    hesazombie,
    kindastrange,
    lockeddoor,
    rottenbodies,
    sacrifice,
    windows,
)
from deadtable.games.last_night_on_earth.extinguisher import EXTINGUISHER
from deadtable.games.last_night_on_earth.fight import judge
from deadtable.games.last_night_on_earth.gas import FIRE, GASOLINE, has_fire
from deadtable.games.last_night_on_earth.heroturn import HERO_BLOCKING, hero_steps
from deadtable.games.last_night_on_earth.oldbetsy import COW
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

WORTH_A_PRAYER = ("Uuuurrrggghh!", "Undead Hate the Living", "A Town Overrun",
                  "Surprise Attack", kindastrange.STRANGE)
NEEDED_ID = "play:Just What I Needed"
PREFERRED = ("surprise:", "play:Relentless Advance", "play:A Town Overrun", "play:Heavy Rain",
             "play:Living Nightmare", "play:There's No Time, Leave It!",
             "play:This Can't Be Happening!", "play:Teen Angst", "play:Bickering",
             "play:This Could Be Our Last Night on Earth", "play:Night That Never Ends",
             f"play:{kindastrange.STRANGE}", "play:Haunted by the Past",
             f"play:{gettothe.ERRAND}", f"play:{donttrust.TRUST}", "play:Overconfidence",
             "play:My God, They've", "play:New Spawning Pit", "play:Lights Out",
             "play:Oh the Horror!")


def _state(obs: Observation, dice: Dice) -> LastNightState:
    state = obs.sample(dice)
    assert isinstance(state, LastNightState)
    return state


def _space(action: str) -> int:
    return int(action.rsplit(":", 1)[1])


class ZombieAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, obs: Observation) -> str:
        ids = obs.decision.ids
        if len(ids) == 1:
            return ids[0]
        state = _state(obs, self.dice)
        if "next" in ids:  # the other zombie player's question: a card of ours where it helps
            choice = self._choose(state, [i for i in ids if i != "next"] + ["pass", "done"])
            return choice if choice in ids else "next"
        return self._choose(state, ids)

    def _choose(self, state: LastNightState, ids: list[str]) -> str:
        near = distance_field(state.board, [h.space for h in state.living()]
                              + list(state.folk.values()))
        top = state.stack[-1]
        kind = top.KIND
        if kind == "fight":
            return fight_card(state, ids)
        if kind == "loss-of-faith":
            return ids[0]  # Loss of Faith whenever it can be played
        if ids[0].startswith("discard:"):
            if kind == "zombie-turn" and top.step == "night":  # the most copies back
                return max(ids, key=lambda i: (state.zombie_discard.cards.count(i[8:]), i))
            if kind == "zombie-turn" and top.step == "no-time":
                return max(ids, key=lambda i: (_worth(state, i.split(":", 1)[1]), i))
            return ids[0]
        if kind == "zombie-turn" and top.step in ("aim", "corner") and getattr(
                top, "pending", "") in (gettothe.ERRAND, donttrust.TRUST):
            return aimed_choice(state, ids)
        if ids[0].startswith(("corner:", "building:")):  # the part of town nearest the heroes
            return min(ids, key=lambda i: (town_part_distance(state, i, near), i))
        if ids[0].startswith("hero:"):  # a card on the hero nearest a zombie
            zombies = distance_field(state.board, list(state.zombies.values()))
            return min(ids, key=lambda i: (zombies[state.heroes[i[5:]].space], i))
        if ids[0].startswith(("pit:", "pit-at:")):
            return min(ids, key=lambda i: (near[_space(i)], i))
        if ids[0].startswith("take:"):  # the zombie farthest from the heroes, to the nearest pit
            return min(ids, key=lambda i: (-near[state.zombies[i.split(":")[1]]],
                                           near[_space(i)], i))
        if kind == "townsfolk-answer":  # My God, He's a Zombie against any Townsfolk card
            return ids[0]
        he_zombie = f"play:{hesazombie.HE_ZOMBIE}"
        if he_zombie in ids and kind == "zombie-turn" and any(  # by a hero it may kill
                wounds_left(state, h.name) == 1 for h in state.living()):
            return he_zombie
        if ids[0].startswith("place:"):  # next to the hero with the fewest wounds to spare
            return min(ids, key=lambda i: (min(
                (wounds_left(state, h.name) for h in state.living()
                 if state.board.adjacent(h.space, _space(i))), default=99), i))
        if ids[0].startswith("remove:"):  # Rotten Bodies: the zombies farthest from a hero
            return max(ids, key=lambda i: (near[state.zombies[i[7:]]], i))
        if f"play:{lockeddoor.LOCKED}" in ids:  # keep a hero out of a building
            door = top.door  # type: ignore[attr-defined]
            outside = not state.inside(state.heroes[top.hero].space)  # type: ignore
            return ids[0] if outside and state.inside(door) else "pass"
        if f"play:{rottenbodies.ROTTEN}" in ids and any(near[s] <= 1
                                                         for s in state.zombies.values()):
            return f"play:{rottenbodies.ROTTEN}"  # the zombies at the heroes cannot be killed
        if "play:Trip!" in ids:
            return "play:Trip!" if top.moves_left >= 4 else "pass"  # type: ignore[attr-defined]
        for card in ("play:Resilient", "play:There's Too Many!"):
            if card in ids:
                return card
        if f"play:{donttrust.TRUST}" in ids and not trust_worth(state):
            ids = [i for i in ids if i != f"play:{donttrust.TRUST}"]
        for prefix in PREFERRED:
            found = [i for i in ids if i.startswith(prefix)]
            if found:
                return found[0]
        if "play:Cornered" in ids and any(near[s] <= 1 for s in state.zombies.values()):
            return "play:Cornered"
        if "done" in ids:
            return "done"
        advances = [i for i in ids if i.startswith("advance:")]
        if advances:  # the step that gains most on the heroes
            return min(advances, key=lambda i: (near[_space(i)]
                                                - near[state.zombies[i.split(":")[1]]], i))
        moves = [i for i in ids if i.startswith("move:")]
        shamble = [i for i in ids if i.startswith("shamble:")]
        if shamble:
            here = near[state.zombies[shamble[0].split(":", 1)[1]]]
            if 2 < here <= 6:
                return shamble[0]
        if moves:
            best = min(moves, key=lambda i: (near[_space(i)], i))
            stay = [i for i in ids if i.startswith(("stay:", "stop:"))]
            zombie = best.split(":")[1]
            if stay and near[_space(best)] >= near[state.zombies[zombie]]:
                return stay[0]
            return best
        return ids[-1]


def aimed_choice(state: LastNightState, ids: list[str]) -> str:
    """I've Got to Get to the… on the hero with fewest weapons (the one who would search), in
    the corner farthest from him; I Don't Trust 'em on a Strange hero, for good."""
    top = state.stack[-1]
    if ids[0].startswith("corner:"):
        near = distance_field(state.board, [state.heroes[top.aiming].space])  # type: ignore
        return max(ids, key=lambda i: (town_part_distance(state, i, near), i))
    heroes = [i for i in ids if i.startswith("hero:")]
    if top.pending == donttrust.TRUST:  # type: ignore[attr-defined]
        return heroes[0] if heroes else ids[0]
    return min(heroes, key=lambda i: (sum(cards.is_weapon(state.card(c))
                                          for c in state.heroes[i[5:]].items), i))


def trust_worth(state: LastNightState) -> bool:
    """I Don't Trust 'em bars someone: a Strange hero lives, or heroes share a space."""
    return bool(donttrust.strange_targets(state)) or any(
        len(state.heroes_at(h.space)) > 1 for h in state.living())


def town_part_distance(state: LastNightState, action: str, near: list[float]) -> float:
    """How far the heroes are from a corner of town or a building an action names."""
    verb, _, name = action.partition(":")
    spaces = [s for b in state.town.buildings.values()
              if (b.corner if verb == "corner" else b.name) == name for s in b.spaces]
    return min((near[s] for s in spaces), default=math.inf)


def fight_card(state: LastNightState, ids: list[str]) -> str:
    """A Fight card only where the hero would otherwise win."""
    frame = state.stack[-1]
    hero_high = max(frame.hero_dice)  # type: ignore[attr-defined]
    zombie_high = max(frame.zombie_dice)  # type: ignore[attr-defined]
    using, hero = frame.using, frame.hero  # type: ignore[attr-defined]
    ties = state.cornered or "Crowbar" in using or heroic.wins_ties(state, hero)
    if hero_high < zombie_high or (hero_high == zombie_high and not ties):
        return "pass"
    beating = [i for i, d in enumerate(frame.hero_dice)  # type: ignore[attr-defined]
               if d > zombie_high or (ties and d == zombie_high)]
    if f"play:{sacrifice.SACRIFICE}" in ids:  # a sure wound for a fight being lost
        return f"play:{sacrifice.SACRIFICE}"
    hate = "hate:" + ",".join(str(i) for i in beating)
    if hate in ids:
        return hate
    if "play:Uuuurrrggghh!" in ids:
        return "play:Uuuurrrggghh!"
    if "play:Braaains!" in ids and hero_high == zombie_high + (0 if ties else 1):
        return "play:Braaains!"
    return "pass"


class HeuristicAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def act(self, obs: Observation) -> str:
        ids = obs.decision.ids
        if len(ids) == 1:
            return ids[0]
        state = _state(obs, self.dice)
        top = state.stack[-1]
        if "next" in ids:  # another player's hero: play a card of ours only where it helps
            return answer(state, ids)
        if top.KIND == "prayer":  # a wound is worth it against the cards that hurt most
            if "axe" in ids:
                return "axe"
            escape = [i for i in ids if i.endswith(f":{windows.ESCAPE}")]
            if escape:
                return escape[0]  # Locked Door cancelled, and the walls open besides
            worth = top.card in WORTH_A_PRAYER  # type: ignore[attr-defined]
            cancel = [i for i in ids if i.startswith("cancel:")]
            if worth and cancel:
                return cancel[0]
            priest = state.heroes.get("Father Joseph")
            safe = priest is not None and not kindastrange.turns(state, priest)
            return "pray" if worth and safe and "pray" in ids else "let-be"
        if ids[0].startswith("corner:") and top.pending == gettothe.ERRAND:  # type: ignore
            near = distance_field(state.board, [state.heroes[top.aiming].space])  # type: ignore
            return min(ids, key=lambda i: (town_part_distance(state, i, near), i))
        if ids[0].startswith("corner:"):  # the table's choice: the corner farthest away
            near = distance_field(state.board, [h.space for h in state.living()])
            return max(ids, key=lambda i: (town_part_distance(state, i, near), i))
        if top.KIND == "zombie-turn" and top.step == "night-heroes":
            return max(ids, key=lambda i: (_worth(state, i[5:]) if i != "pass" else 0, i))
        if top.KIND == "zombie-turn":  # Farmer Sty holds back the zombie nearest a hero
            blocked = [i for i in ids if i.startswith("blocked:")]
            if blocked and walls_matter(state):
                return blocked[0]
            holds = [i for i in ids if i.startswith("sty:")]
            if not holds:
                return ids[-1]
            near = hero_field(state, [h.space for h in state.living()])
            return min(holds, key=lambda i: (near[state.zombies[i.rsplit(":", 1)[1]]], i))
        if top.KIND == "hero-turn":  # At Last… on whatever remains in play, the worst first
            found = [i for i in ids if i.startswith("at-last:")]
            strange = [i for i in found if kindastrange.STRANGE in i]
            return (strange or found or ids[-1:])[0]
        if "done" in ids and top.KIND == "fight":
            return reroll(state, ids)
        if ids[0].startswith("keep-card:"):  # Sally, Resourceful: the card worth most
            return max(ids, key=lambda i: (_worth(state, i.split(":", 1)[1]), i))
        fighting = top.KIND == "fight"
        for prefix in ("scratch:", "devils:", "rage:", "resolve:", "use:", "faith:", "jeb:",
                       "keep"):
            if prefix in ("use:", "faith:", "jeb:") and not fighting:
                continue  # a fight die is worth a card only in a fight
            found = [i for i in ids if i.startswith(prefix)]
            if found and not (prefix == "keep" and top.moves_left <= 2):  # type: ignore
                return found[0]
        if "reroll" in ids:
            return "reroll"
        if "roll" in ids:
            hero = state.heroes[top.hero]  # type: ignore[attr-defined]
            spare = [i for i in ids if i.startswith("no-fight:")]
            if spare and state.hero(hero.name).wounds - hero.wounds == 1:
                return spare[0]  # a fight that could kill is better not fought
            return "roll"
        if ids[0].startswith("discard:"):
            return min(ids, key=lambda i: _worth(state, i.split(":", 1)[1]))
        if top.KIND == "fight" and top.step == "sacrifice":
            return max(ids, key=lambda i: (wounds_left(state, i[5:]), i))
        if ids[0].startswith(("hero:", "pair:")):
            return ids[0]
        hero = state.heroes[top.hero]  # type: ignore[attr-defined]
        if top.step == "needed":
            return needed_choice(state, ids)
        if top.step == "push":
            return push_choice(state, ids)
        if top.step == "moving":
            return self._step(state, hero, ids)
        return self._main(state, hero, ids)

    def _main(self, state: LastNightState, hero: HeroFigure, ids: list[str]) -> str:
        card = advanced_play(state, hero, ids)
        if card:
            return card
        goal = state.scenario.hero_goal
        aim = scenario_goals(state, hero, armed=True)
        on_the_way = "move" in ids and bool(aim) and hero.space not in aim
        for prefix in ("aid:", "brody:", "recovery:", "nurse:", "escort:", "folk:", "light:",
                       "gas:", "shoot:", "recover", "keys"):
            if on_the_way and prefix in ("shoot:", "recover"):
                continue  # a shot or Man of Action ends the move the scenario needs
            found = [i for i in ids if i.startswith(prefix) and useful(state, hero, i)]
            if found and not (prefix == "keys" and goal == "escape-truck"):
                return found[0]
        weapons = [c for c in hero.items if cards.is_weapon(state.card(c))]
        if NEEDED_ID in ids and (len(weapons) < 2 or missing(state)):
            return NEEDED_ID
        if "search" in ids and wants_search(state, hero):
            return "search"
        if "move" in ids:
            return "move"
        return "end"

    def _step(self, state: LastNightState, hero: HeroFigure, ids: list[str]) -> str:
        armed = any(cards.is_weapon(state.card(c)) for c in hero.items)
        healthy = state.hero(hero.name).wounds - hero.wounds >= 2
        others = [h.space for h in state.living() if h is not hero]
        aim = scenario_goals(state, hero, armed)
        errand = gettothe.errand(state, hero.name)
        if aim:
            goals = aim
        elif errand is not None and wants_search(state, hero):  # where he may search again
            goals = sorted(state.town.buildings[errand].spaces)
        elif goal_scenario(state) and others:  # the scenario's work, not a hunt: stay together
            goals = others
        elif armed and healthy and state.zombies:
            goals = list(state.zombies.values())
        elif not armed and not state.inside(hero.space):
            goals = [s for b in state.town.buildings.values() for s in b.spaces]
        else:
            goals = others or [hero.space]
        field = hero_field(state, goals)
        here = field[hero.space]
        steps = [i for i in ids if i.startswith("step:")]
        best = min(steps, key=lambda i: (field[_space(i)], i)) if steps else "stop"
        if best == "stop" or field[_space(best)] >= here or here == 0:
            return "stop"
        return best


def answer(state: LastNightState, ids: list[str]) -> str:
    """A question about another player's hero (seats.py): the cards this heuristic plays when
    it holds them all, else "next"."""
    top = state.stack[-1]
    if top.KIND == "prayer":
        escape = [i for i in ids if i.endswith(f":{windows.ESCAPE}")]
        if escape:  # Locked Door cancelled for the other player's hero, as for our own
            return escape[0]
        worth = top.card in WORTH_A_PRAYER  # type: ignore[attr-defined]
        found = [i for i in ids if i.startswith(("cancel:", "axe", "pray")) and worth]
        return found[0] if found else "next"
    if top.KIND == "fight" and top.step == "hero-reroll":
        choice = reroll(state, ids + ["done"])
        return "next" if choice == "done" else choice
    fighting = top.KIND == "fight"
    if top.KIND == "prayer" or (top.KIND == "zombie-turn" and not walls_matter(state)):
        ids = [i for i in ids if not i.startswith("blocked:")]
    for prefix in ("scratch:", "devils:", "at-last:", "sty:", "blocked:", "rage:", "resolve:",
                   "faith:", "jeb:"):
        if prefix in ("faith:", "jeb:") and not fighting:
            continue
        found = [i for i in ids if i.startswith(prefix)]
        if found:
            return found[0]
    return "next"


def advanced_play(state: LastNightState, hero: HeroFigure, ids: list[str]) -> str | None:
    """The Advanced Hero cards of a hero's own turn, where they obviously help: the Fire
    Extinguisher sprays off the zombies in the space of a hero with 1 wound left (or unarmed
    among 2 or more); Old Betsy stays with the zombies in the hero's space (he walks off, they
    must roll to follow); a weak hero in a building with zombies at hand escapes through a
    wall before he moves."""
    here = state.zombies_at(hero.space)
    if not here:
        return None
    last_wound = state.hero(hero.name).wounds - hero.wounds <= 1
    armed = any(cards.is_weapon(state.card(c)) for c in hero.items)
    weak = last_wound or not armed
    if f"play:{EXTINGUISHER}" in ids and (last_wound or (len(here) >= 2 and not armed)):
        return f"play:{EXTINGUISHER}"
    if f"play:{COW}" in ids and "move" in ids:  # placed before he walks off
        return f"play:{COW}"
    if f"play:{windows.ESCAPE}" in ids and "move" in ids and weak \
            and windows.exits(state, hero.space):
        return f"play:{windows.ESCAPE}"
    return None


def push_choice(state: LastNightState, ids: list[str]) -> str:
    """The Fire Extinguisher's push: the square farthest from the heroes (the nearest first,
    then all of them)."""
    fields = [distance_field(state.board, [h.space]) for h in state.living()]
    return max(ids, key=lambda i: (min(f[_space(i)] for f in fields),
                                   sum(f[_space(i)] for f in fields), i))


def walls_matter(state: LastNightState) -> bool:
    """Blocked Windows would keep a zombie from Zombie Hunger's pull across a wall: a zombie
    diagonally or next to a hero with a wall or window between."""
    from deadtable.games.last_night_on_earth.zombieturn import hunger_targets

    return any(set(hunger_targets(state, s)) - set(windows.stops(
        state, s, hunger_targets(state, s))) for s in set(state.zombies.values()))


def wounds_left(state: LastNightState, name: str) -> int:
    """The wounds a hero can still take (Unnecessary Self Sacrifice: the hardiest takes it)."""
    return state.hero(name).wounds - state.heroes[name].wounds


def useful(state: LastNightState, hero: HeroFigure, action: str) -> bool:
    """Gas only in a pit building with no gas yet (Burn 'Em Out), lit unless the fire would
    kill the hero; Dynamite only where no hero stands."""
    verb, _, rest = action.partition(":")
    if verb == "shoot" and rest.startswith(cards.DYNAMITE + ":"):
        return not state.heroes_at(_space(action))
    if verb == "gas":  # the action offers only the hero's space and the next
        return state.town.building_of[int(rest)] in unsoaked(state)
    if verb == "light":
        where = state.town.building_of[int(rest)]
        inside = where is not None and state.town.building_of[hero.space] == where
        return not inside or state.hero(hero.name).wounds - hero.wounds >= 2
    return True


def scenario_goals(state: LastNightState, hero: HeroFigure, armed: bool) -> list[int]:
    """Where the scenario sends a hero: the truck once the team has what it needs, the pit
    buildings in Burn 'Em Out (burn_goals), townsfolk to fetch and take to safety
    (rescue_goals)."""
    goal = state.scenario.hero_goal
    if goal == "escape-truck" and state.town.truck is not None:
        held = {c for h in state.living() for c in h.items + h.hand}
        if all(n in held for n in state.scenario.needs):
            return [state.town.truck]
    if goal == "burn-pits":
        return burn_goals(state, hero)
    if goal == "rescue-townsfolk":
        return rescue_goals(state, hero)
    return []


def goal_scenario(state: LastNightState) -> bool:
    """Scenarios won by a task, not by killing: there a hero with nothing to do keeps with
    the others instead of hunting zombies."""
    return state.scenario.hero_goal in ("burn-pits", "rescue-townsfolk")


def wants_search(state: LastNightState, hero: HeroFigure) -> bool:
    """Search while the scenario still needs cards the team lacks (scenario_lacks), never
    instead of going where the scenario sends the hero; otherwise until armed with 2 weapons
    or carrying 3 items."""
    aim = scenario_goals(state, hero, armed=True)
    if aim and hero.space not in aim:
        return False  # on the way with a townsperson, a Gasoline or Fire: no time to search
    if scenario_lacks(state):
        return True
    weapons = [c for c in hero.items if cards.is_weapon(state.card(c))]
    return len(weapons) < 2 or len(hero.items) < 3


def scenario_lacks(state: LastNightState) -> bool:
    """The team still lacks cards the scenario needs: the Keys or a Gasoline to escape, a
    Gasoline or Fire to burn the pits."""
    if state.scenario.hero_goal == "burn-pits":
        return burn_lacks(state)
    held = {c for h in state.living() for c in h.items + h.hand}
    return any(n not in held for n in state.scenario.needs)


def unsoaked(state: LastNightState) -> set[str]:
    """The buildings of the pits still to burn that hold no gas marker yet."""
    building = state.town.building_of
    pits = {building[p] for p in state.targets} - {None}
    return {b for b in pits if b is not None} - {building[g] for g in state.gas}


def burn_lacks(state: LastNightState) -> bool:
    """Burn 'Em Out: the team still lacks a Gasoline for an unsoaked pit building or a Fire
    card to light the gas."""
    items = [c for h in state.living() for c in h.items]
    fire = any(FIRE in state.card(c).keywords for c in items)
    return items.count(GASOLINE) < len(unsoaked(state)) or not fire


def burn_goals(state: LastNightState, hero: HeroFigure) -> list[int]:
    """Burn 'Em Out's plan: a Gasoline is carried to a pit building with no gas yet (into it
    or a step from it: the gas goes on the hero's space or the next); Fire
    goes to a space from which it lights gas in a pit building, outside it when it can (the
    fire wounds whoever is inside); a hero with neither goes into a building to search while
    the team lacks them."""
    town = state.town
    if GASOLINE in hero.items and unsoaked(state):  # gas goes on a space or the next
        inside = {s for b in unsoaked(state) for s in town.buildings[b].spaces}
        return sorted(inside | {n for s in inside for n in hero_steps(state, s)})
    pits = {town.building_of[p] for p in state.targets}
    soaked = [g for g in state.gas if town.building_of[g] in pits]
    if soaked and has_fire(state, hero):
        spots = {n for g in soaked for n in hero_steps(state, g)}
        outside = [n for n in spots if town.building_of[n] not in pits]
        return outside or soaked
    if burn_lacks(state) and not state.inside(hero.space):
        return [s for b in town.buildings.values() for s in b.spaces
                if town.building_of[s] not in pits]
    return []


def rescue_goals(state: LastNightState, hero: HeroFigure) -> list[int]:
    """Save the Townsfolk's plan: a hero with a townsperson takes it to the Center of Town;
    the others each fetch a different waiting townsperson (townsfolk_claims)."""
    if hero.name in state.escort:
        return list(state.town.center_of_town)
    claim = townsfolk_claims(state).get(hero.name)
    return [] if claim is None else [claim]


def townsfolk_claims(state: LastNightState) -> dict[str, int]:
    """Which waiting townsperson each free hero fetches: the closest hero and townsperson
    paired first, then the next closest, so no two heroes walk to the same one."""
    waiting = sorted(s for t, s in state.folk.items() if t not in state.escort.values())
    free = [h for h in state.living() if h.name not in state.escort]
    pairs = []
    for space in set(waiting):
        field = hero_field(state, [space])
        pairs += [(field[h.space], h.name, space) for h in free if field[h.space] < math.inf]
    claims: dict[str, int] = {}
    for _, name, space in sorted(pairs):
        if name not in claims and space not in claims.values():
            claims[name] = space
    return claims


def missing(state: LastNightState) -> list[str]:
    """The scenario's items no living hero carries or holds."""
    held = {c for h in state.living() for c in h.items + h.hand}
    return [c for c in state.scenario.needs if c not in held]


def needed_choice(state: LastNightState, ids: list[str]) -> str:
    """Just What I Needed: a missing scenario item, else the best discarded weapon, else a
    draw."""
    for card in missing(state):
        if f"use:{card}" in ids:
            return f"use:{card}"
    if "take" in ids and not any(i.startswith("back:") and _worth(state, i[5:]) > 1
                                 for i in ids):
        return "take"
    return max(ids, key=lambda i: (_worth(state, i[5:]) if i.startswith("back:") else 0, i))


def reroll(state: LastNightState, ids: list[str]) -> str:
    """Re-roll only a fight being lost: the Torch first, then the lowest die."""
    frame = state.stack[-1]
    hero_dice, zombie_dice = frame.hero_dice, frame.zombie_dice  # type: ignore[attr-defined]
    if judge(state, frame)[0]:  # type: ignore[arg-type]  # won as the dice lie (ties too)
        return "done"
    if "torch" in ids:
        return "torch"
    gomez = [i for i in ids if i.startswith("gomez:")]
    if gomez:
        return gomez[0]
    best = max(range(len(hero_dice)), key=lambda i: hero_dice[i])
    top_zombie = max(range(len(zombie_dice)), key=lambda i: zombie_dice[i])
    for end in (f":hero:{best}:+1", f":zombie:{top_zombie}:-1"):
        found = [i for i in ids if i.startswith("adjust:") and i.endswith(end)]
        if found:
            return found[0]
    lowest = min(range(len(hero_dice)), key=lambda i: hero_dice[i])
    every = ",".join(str(i) for i in range(len(hero_dice)))
    for action in (f"weld:{lowest}", f"fork:{every}"):
        if action in ids:
            return action
    return "done"


def hero_field(state: LastNightState, goals: list[int]) -> list[float]:
    board = state.board

    def cost(a: int, b: int) -> float | None:
        return 1 if board.passable(a, b, HERO_BLOCKING) else None

    return distance_field(board, goals, cost) if goals else [math.inf] * board.size


def _worth(state: LastNightState, card: str) -> int:
    """What a card is worth keeping at the item limits: the scenario's own cards most (the
    Keys and Gasoline to escape; Gasoline and Fire to burn the pits), then weapons."""
    data = state.card(card)
    if card in state.scenario.needs or (state.scenario.hero_goal == "burn-pits" and (
            card == GASOLINE or FIRE in data.keywords)):
        return 3
    return 2 if cards.is_weapon(data) else 1
