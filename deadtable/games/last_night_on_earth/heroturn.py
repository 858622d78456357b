"""The Hero turn: each living hero takes its turn, in the order the heroes choose
(reference/last-night-on-earth.md, "Hero turn"). A hero's turn, in its phases' order:

0. start: a Student with no zombie in its space rolls for Youth; Sheriff Anderson may give up
   his move for a discarded Revolver (Man of Action).
1. move (roll a D6, plus the hero sheet's movement, one space at a time; walls and windows stop
   heroes, doors do not; entering a zombie's space ends the move) or search (inside a building,
   no zombie in the space: draw the top Hero card). Becky may heal instead (Nurse).
2. exchange: give a carried card or a held one to a hero in the same space.
3. ranged attack: one, with a Ranged Weapon, at a target within range and line of sight.
4. fight: every zombie in the hero's space, one at a time.
Cards without a phase (Recovery, First Aid Kit, Faith, Keys) may be played at any time of the
hero's turn outside a fight. A phase once left cannot be gone back to.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deadtable.engine.board import distance, sight
from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import (
    buildingcards,
    cards,
    donttrust,
    extinguisher,
    gas,
    gettothe,
    haunted,
    heroic,
    lockeddoor,
    lostturns,
    needed,
    oldbetsy,
    onhero,
    overconfidence,
    scenario,
    townsfolk,
    windows,
    zseats,
)
from deadtable.games.last_night_on_earth.fight import play_faith, start_fight
from deadtable.games.last_night_on_earth.state import HEROES, ZOMBIES, HeroFigure, LastNightState
from deadtable.games.last_night_on_earth.wounds import Wound, kill_zombie, zombie_name

TURN = "Base game: Hero turn"  # sources: reference/last-night-on-earth.md "Hero turn"
MOVE = TURN + ", move"
SEARCH = TURN + ", search"
EXCHANGE = TURN + ", exchange items"
RANGED = TURN + ", ranged attack"
RESPONSES = ("Trip!", "Resilient")
AT_LAST = "At Last…"
BRODY = "Doc Brody, Country Physician"
JEB = "Jeb, the Grease Monkey"
TAYLOR = "Deputy Taylor"
HERO_BLOCKING = frozenset({"wall", "window"})  # what stops a hero's step (designed)
SIGHT_BLOCKING = frozenset({"wall"})  # doors are doorways; windows are seen through
BLITZ = "Hero sheet: Johnny, Blitz"


@dataclass(slots=True)
class HeroTurn(Frame):
    KIND = "hero-turn"
    step: str = "start"
    acted: list[str] = field(default_factory=list)
    folk_attacked: list[str] = field(default_factory=list)  # townsfolk that attacked
    folk_attacked_by: list[str] = field(default_factory=list)  # zombies that attacked them
    folk_wounded: str = ""  # a townsperson wounded, Just a Scratch still to be asked


@dataclass(slots=True)
class HeroAct(Frame):
    """One hero's turn."""

    KIND = "hero-act"
    hero: str
    step: str = "start"  # start -> main (-> rolled -> moving, limit) -> fight
    phase: int = 0  # 0 move/search, 1 exchange, 2 ranged attack: never goes back
    moved: bool = False  # moved, searched or healed instead
    shot: bool = False
    moves_left: int = 0
    rerolled: bool = False
    gun: str = ""  # the Gun whose shot killed a zombie this turn (for Resilient)
    picks: int = 0  # Deputy Taylor: cards still to pick from the discard pile
    handled: list[str] = field(default_factory=list)  # townsfolk left this turn
    fought: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # Sally's two searched cards, one to keep
    pushing: list[str] = field(default_factory=list)  # Fire Extinguisher: zombies to push
    door: int = -1  # the space beyond a door being stepped through (Locked Door may stop it)


class HeroTurnHandler(Handler[LastNightState, HeroTurn]):
    def decide(self, state: LastNightState, frame: HeroTurn) -> Decision | None:
        if frame.step == "at-last":
            return at_last_decision(state)
        if frame.step == "scratch-folk":
            return Decision.of(HEROES, f"{frame.folk_wounded} is about to take a wound",
                               townsfolk.scratch_actions(state, frame.folk_wounded))
        waiting = waiting_heroes(state, frame)
        if frame.step != "choose" or len(waiting) < 2:
            return None
        return Decision.of(HEROES, "Which hero takes a turn next?", [
            Action(f"hero:{h}", f"{h} takes a turn", {"verb": "turn", "hero": h})
            for h in waiting])

    def run(self, state: LastNightState, frame: HeroTurn) -> None:
        if frame.step == "start":
            state.fight_card_played = False
            state.event("The Hero turn begins.", TURN)
            heroic.hero_turn_begins(state)
            lostturns.skip(state, frame.acted)
            frame.step = "at-last"
            return
        if frame.step == "at-last":
            frame.step = "choose"
            return
        waiting = waiting_heroes(state, frame)
        if waiting:
            begin(state, frame, waiting[0])
            return
        if townsfolk.zombies_attack(state, frame):
            return
        scenario.end_of_hero_turn(state)
        for hero in state.heroes.values():
            hero.faith = 0
        windows.turn_ends(state, windows.ESCAPE)
        state.pop()

    def apply(self, state: LastNightState, frame: HeroTurn, action_id: str) -> None:
        if frame.step == "scratch-folk":
            townsfolk.apply_scratch(state, frame, action_id)
            return
        if frame.step == "at-last":
            frame.step = "choose"
            if action_id != "pass":
                at_last(state, action_id)
            return
        begin(state, frame, action_id.split(":", 1)[1])


def at_last_decision(state: LastNightState) -> Decision | None:
    """At Last…: "Play at the start of a Hero turn to cancel a Zombie card that remains in
    play"; asked whenever a card remains in play and a hand holds a card."""
    if not state.in_play or not any(h.hand for h in state.living()):
        return None
    holders = [h.name for h in state.living() if AT_LAST in h.hand]
    actions = [Action(f"at-last:{h}:{card}", f"{h} plays At Last… to cancel {card}",
                      {"verb": "play", "card": AT_LAST, "hero": h})
               for h in holders for card in dict.fromkeys(state.in_play)]
    actions.append(Action("pass", "Play nothing now", {"verb": "pass"}))
    return Decision.of(HEROES, "The Hero turn begins: cancel a card in play?", actions)


def at_last(state: LastNightState, action_id: str) -> None:
    _, name, card = action_id.split(":", 2)
    holder = state.heroes[name]
    holder.hand.remove(AT_LAST)
    state.hero_discard.put_on_top(AT_LAST)
    buildingcards.cancel(state, card)
    state.event(f"{name} plays At Last…: {card} is cancelled.", f"Hero card: {AT_LAST}")


def waiting_heroes(state: LastNightState, frame: HeroTurn) -> list[str]:
    return [h.name for h in state.living() if h.name not in frame.acted]


def begin(state: LastNightState, frame: HeroTurn, name: str) -> None:
    frame.acted.append(name)
    state.event(f"{name}'s turn.", TURN)
    onhero.turn_begins(state, state.heroes[name])
    gettothe.arrive(state, state.heroes[name])  # brought there by anything but a step
    state.push(HeroAct(name))


class HeroActHandler(Handler[LastNightState, HeroAct]):
    def decide(self, state: LastNightState, frame: HeroAct) -> Decision | None:
        hero = state.heroes[frame.hero]
        if hero.dead or state.outcome is not None:
            return None
        if frame.step == "main":
            return Decision.of(HEROES, f"{hero.name}'s turn", main_actions(state, frame, hero))
        if frame.step in ("trip", "resilient"):
            return response_decision(state, frame, hero)
        if frame.step == "rolled":
            if frame.rerolled or not has_ability(state, hero, "reroll-movement"):
                return None
            return Decision.of(HEROES, f"{hero.name} rolled {frame.moves_left} for movement", [
                Action("keep", f"Move {frame.moves_left}", {"verb": "keep"}),
                Action("reroll", "Sure-Footed: re-roll the movement die", {"verb": "reroll"})])
        if frame.step == "moving":
            return move_decision(state, frame, hero)
        if frame.step == "locked":
            return lockeddoor.decision(state, hero, frame)
        if frame.step == "needed":
            return needed.decision(state, hero)
        if frame.step == "push":
            return extinguisher.decision(state, frame)
        if frame.step == "taylor" and frame.picks and state.hero_discard:
            actions = [Action(f"back:{c}", f"Shuffle {c} back", {"verb": "pick", "card": c})
                       for c in sorted(set(state.hero_discard.cards))]
            actions.append(Action("stop", "No more", {"verb": "stop"}))
            return Decision.of(HEROES, f"Deputy Taylor: pick a card ({frame.picks} more)",
                               actions)
        if frame.step == "resourceful":
            return Decision.of(HEROES, f"{hero.name}, Resourceful: keep one card, the other to "
                               "the bottom of the Hero deck", [
                Action(f"keep-card:{c}", f"Keep {c}", {"verb": "keep", "card": c})
                for c in dict.fromkeys(frame.drawn)])
        if frame.step == "limit" and cards.over_limit(state, hero):
            return Decision.of(HEROES, f"{hero.name} carries too much: discard one", [
                Action(f"discard:{c}", f"Discard {c}", {"verb": "discard", "card": c})
                for c in dict.fromkeys(hero.items)])
        return None

    def run(self, state: LastNightState, frame: HeroAct) -> None:
        hero = state.heroes[frame.hero]
        if hero.dead or state.outcome is not None:
            state.pop()
        elif frame.step == "start":
            youth(state, hero)
            frame.step = "main"
        elif frame.step == "trip":
            frame.step = "rolled"
        elif frame.step == "resilient":
            frame.step = "main"
        elif frame.step == "needed":
            needed.nothing(state, frame)
        elif frame.step == "push":
            extinguisher.push_done(state, frame)
        elif frame.step == "rolled":
            frame.step = "moving"
        elif frame.step == "blitz":
            blitz_fight(state, frame, hero)
        elif frame.step in ("locked", "door"):  # no card played, or Locked Door cancelled
            through_door(state, frame, hero)
        elif frame.step in ("moving", "limit"):
            frame.step = "main"
        elif frame.step == "taylor":
            taylor_done(state, frame)
        elif frame.step == "fight":
            left = [z for z in state.zombies_at(hero.space) if z not in frame.fought]
            if left:
                frame.fought.append(left[0])
                start_fight(state, hero, left[0])
            else:
                state.pop()

    def apply(self, state: LastNightState, frame: HeroAct, action_id: str) -> None:
        hero = state.heroes[frame.hero]
        verb, _, rest = action_id.partition(":")
        if frame.step in ("trip", "resilient"):
            frame.step = "rolled" if frame.step == "trip" else "main"
            if verb == "play":
                from deadtable.games.last_night_on_earth import prayer

                zseats.take(state, rest)
                state.event(f"The zombies play {rest}.", f"Zombie card: {rest}")
                prayer.play(state, rest, action_id)
        elif frame.step == "rolled":
            if verb == "reroll":
                frame.rerolled = True
                state.event(f"Sure-Footed: {hero.name} re-rolls the movement die.",
                            "Hero sheet: Jenny, Sure-Footed")
                frame.moves_left = moves_up_to(state, hero, state.dice.d6(), MOVE)
            frame.step = "moving"
        elif frame.step == "moving":
            if verb == "step" and lockeddoor.asks(state, hero, int(rest)):
                lockeddoor.ask(frame, int(rest))
            else:
                step(state, frame, hero, verb, rest)
        elif frame.step == "locked":
            if verb == "play":
                lockeddoor.play(state, frame)
            else:
                through_door(state, frame, hero)
        elif frame.step == "needed":
            needed.take(state, frame, hero, action_id)
        elif frame.step == "push":
            extinguisher.push(state, frame, action_id)
        elif frame.step == "taylor":
            if verb == "stop":
                taylor_done(state, frame)
            else:
                state.hero_discard.remove(rest)
                state.hero_deck.cards.append(rest)
                frame.picks -= 1
                state.event(f"{rest} goes back into the Hero deck.", f"Hero card: {TAYLOR}")
        elif frame.step == "resourceful":
            keep_one(state, frame, hero, rest)
        elif frame.step == "limit":
            cards.discard_hero_card(state, hero, rest)
            state.event(f"{hero.name} discards {rest} (item and weapon limits).",
                        "SotF, Two-Handed Items (4 items, 2 weapons)")
        else:
            ACTIONS[verb](state, frame, hero, rest)


def has_ability(state: LastNightState, hero: HeroFigure, effect: str) -> bool:
    return any(a.effect == effect for a in state.hero(hero.name).abilities)


def ability(state: LastNightState, hero: HeroFigure, effect: str):  # noqa: ANN201
    return next(a for a in state.hero(hero.name).abilities if a.effect == effect)


def youth(state: LastNightState, hero: HeroFigure) -> None:
    if not has_ability(state, hero, "heal-self") or not hero.wounds \
            or state.zombies_at(hero.space):
        return
    rule = ability(state, hero, "heal-self")
    rolled = state.dice.d6()
    cite = f"Hero sheet: {hero.name}, {rule.name} (SotF, Barricades)"
    if rolled >= rule.numbers.get("roll_on", 4):
        hero.wounds -= rule.numbers.get("heal", 1)
        hero.wounds = max(hero.wounds, 0)
        state.event(f"{hero.name} rolls {rolled} for Youth and heals a wound.", cite)
    else:
        state.event(f"{hero.name} rolls {rolled} for Youth: no healing.", cite)


def movement(state: LastNightState, hero: HeroFigure, rolled: int) -> int:
    total = rolled + state.hero(hero.name).movement
    if rained_on(state, hero):
        total = max(1, total - 1)
    return total


def rained_on(state: LastNightState, hero: HeroFigure) -> bool:
    return "Heavy Rain" in state.in_play and not state.inside(hero.space)


def moves_up_to(state: LastNightState, hero: HeroFigure, rolled: int, cite: str) -> int:
    """The moves a movement roll gives, and its event with what besides the die made the
    number: the hero sheet's movement and Heavy Rain (cited too)."""
    total = movement(state, hero, rolled)
    bonus = state.hero(hero.name).movement
    why = [f"+{bonus} {hero.name}'s movement"] if bonus else []
    if rained_on(state, hero):
        why.append("-1 Heavy Rain, starting outside" if rolled + bonus > 1
                   else "Heavy Rain leaves at least 1")
        cite += "; Zombie card: Heavy Rain"
    spaces = "space" if total == 1 else "spaces"
    shown = f" ({', '.join(why)})" if why else ""
    state.event(f"{hero.name} rolls {rolled}: moves up to {total} {spaces}{shown}.", cite)
    return total


def response_decision(state: LastNightState, frame: HeroAct,
                      hero: HeroFigure) -> Decision | None:
    """The zombies' answer to a movement roll (Trip!) or a Gun's kill (Resilient): asked
    whenever their hand holds a card, so that the asking tells the heroes nothing."""
    if not state.zombie_hand:
        return None
    card = "Trip!" if frame.step == "trip" else "Resilient"
    actions = [Action("pass", "Play no card", {"verb": "pass"})]
    if card in state.zombie_hand and (card == "Trip!" or frame.gun in hero.items):
        what = (f"{hero.name} re-rolls the movement die" if card == "Trip!"
                else f"{hero.name}'s {frame.gun} is discarded")
        actions.insert(0, Action(f"play:{card}", f"{card}: {what}",
                                 {"verb": "play", "card": card}))
    prompt = (f"{hero.name} moves up to {frame.moves_left}" if card == "Trip!"
              else f"{hero.name}'s {frame.gun} killed a zombie")
    return Decision.of(ZOMBIES, f"{prompt}: play a card?", actions)


def response_effect(state: LastNightState, frame: HeroAct, card: str) -> None:
    hero = state.heroes[frame.hero]
    state.zombie_discard.put_on_top(card)
    cite = f"Zombie card: {card}"
    if card == "Trip!":
        rolled = state.dice.d6()
        state.event(f"Trip!: {hero.name} re-rolls the movement die.", cite)
        frame.moves_left = moves_up_to(state, hero, rolled, MOVE)
    elif frame.gun in hero.items:
        spent = "Ammo" if "Ammo" in hero.items else frame.gun
        cards.discard_hero_card(state, hero, spent)
        state.event(f"Resilient: {hero.name}'s {frame.gun} is discarded"
                    + (" (an Ammo card instead)." if spent == "Ammo" else "."),
                    cite + ("; Hero card: Ammo" if spent == "Ammo" else ""))


# -- what a hero may do in its turn ------------------------------------------------------------
def main_actions(state: LastNightState, frame: HeroAct, hero: HeroFigure) -> list[Action]:
    actions: list[Action] = []
    space = hero.space
    zombies_here = state.zombies_at(space)
    if not frame.moved:
        if not overconfidence.pinned(state, hero):
            actions.append(Action("move", "Move: roll a D6", {"verb": "move"}))
        if state.inside(space) and not zombies_here and state.hero_deck \
                and buildingcards.may_search(state, space) \
                and gettothe.may_search(state, hero.name):
            actions.append(Action("search", f"Search the {state.town.building_of[space]}",
                                  {"verb": "search"}))
        if has_ability(state, hero, "heal") and not zombies_here:
            actions += [Action(f"nurse:{h.name}", f"Nurse: heal 1 wound of {h.name}",
                               {"verb": "heal", "hero": h.name})
                        for h in state.heroes_at(space) if h.wounds]
        if has_ability(state, hero, "recover-revolver") and "Revolver" in state.hero_discard:
            actions.append(Action("recover", "Man of Action: take the Revolver back from the "
                                  "discard pile instead of moving", {"verb": "recover"}))
    if frame.phase <= 1:
        for other in state.heroes_at(space):
            if other is hero or not donttrust.may_trade(state, hero.name, other.name):
                continue
            for card in dict.fromkeys(hero.items + hero.hand):
                if can_take(state, other, card):
                    actions.append(Action(f"give:{card}:{other.name}",
                                          f"Give {card} to {other.name}",
                                          {"verb": "give", "card": card, "hero": other.name}))
    if not frame.shot:
        actions += shots(state, hero)
    actions += card_plays(state, hero)
    actions += needed.actions(state, hero)
    actions += oldbetsy.actions(state, hero)
    actions += extinguisher.actions(state, hero)
    actions += windows.actions(state, hero)
    actions += gas.actions(state, frame, hero)
    actions += townsfolk.actions(state, frame, hero)
    actions.append(Action("end", "Fight any zombie here and end the turn" if zombies_here
                          else "End the turn", {"verb": "end"}))
    return actions


def can_take(state: LastNightState, hero: HeroFigure, card: str) -> bool:
    if not cards.carried(state.card(card)):
        return True
    trial = hero.copy()
    trial.items.append(card)
    return not cards.over_limit(state, trial)


def shots(state: LastNightState, hero: HeroFigure) -> list[Action]:
    actions = []
    for card in dict.fromkeys(hero.items):
        data = state.card(card)
        if cards.RANGED not in data.keywords or (
                data.needs and not any(data.needs in state.card(c).keywords
                                       for c in hero.items)):
            continue  # Dynamite needs Fire
        reach = data.numbers.get("range", 0)
        targets = sorted({s for s in state.zombies.values() if in_range(state, hero.space, s,
                                                                        reach)})
        if card in cards.AT_A_SPACE:
            fire = "Throw" if card == cards.DYNAMITE else "Fire"
            actions += [Action(f"shoot:{card}:{s}", f"{fire} the {card} at {state.name(s)} "
                               f"({len(state.zombies_at(s))} zombies)",
                               {"verb": "shoot", "card": card, "space": s}) for s in targets]
        else:
            actions += [Action(f"shoot:{card}:{z}", f"Fire the {card} at {zombie_name(z)} in "
                               f"{state.name(state.zombies[z])}",
                               {"verb": "shoot", "card": card, "figure": z})
                        for s in targets for z in state.zombies_at(s)]
    return actions


def in_range(state: LastNightState, a: int, b: int, reach: int) -> bool:
    far = distance(state.board, a, b)
    return far is not None and far <= reach and \
        sight(state.board, a, b, blocking=SIGHT_BLOCKING).clear


def card_plays(state: LastNightState, hero: HeroFigure) -> list[Action]:
    actions = []
    living = state.living()
    aimable = [h for h in living if haunted.townsfolk_on(state, h.name)]  # Haunted by the Past
    if "Recovery" in hero.hand:
        actions += [Action(f"recovery:{h.name}", f"Play Recovery on {h.name} (heal 1 wound)",
                           {"verb": "play", "card": "Recovery", "hero": h.name})
                    for h in living if h.wounds]
    if "First Aid Kit" in hero.items:
        actions += [Action(f"aid:{h.name}", f"Use the First Aid Kit on {h.name} (heal fully)",
                           {"verb": "play", "card": "First Aid Kit", "hero": h.name})
                    for h in living if h.wounds and (h.space == hero.space or
                                                     state.board.adjacent(hero.space, h.space))]
    if "Faith" in hero.hand:
        actions += [Action(f"faith:{h.name}", f"Play Faith on {h.name} (+1 fight die)",
                           {"verb": "play", "card": "Faith", "hero": h.name}) for h in living]
    if BRODY in hero.hand:
        actions += [Action(f"brody:{h.name}", f"Play Doc Brody on {h.name} (heal fully)",
                           {"verb": "play", "card": BRODY, "hero": h.name})
                    for h in aimable if h.wounds]
    if JEB in hero.hand:
        actions += [Action(f"jeb:{h.name}", f"Play Jeb on {h.name} (+1 fight die this turn)",
                           {"verb": "play", "card": JEB, "hero": h.name}) for h in aimable]
    if TAYLOR in hero.hand and state.hero_discard:
        actions.append(Action("taylor", "Play Deputy Taylor: shuffle up to 3 discarded Hero "
                              "cards back into the deck", {"verb": "play", "card": TAYLOR}))
    if "Keys" in hero.items and state.inside(hero.space) and state.hero_deck:
        actions.append(Action("keys", "Discard the Keys to draw 2 Hero cards",
                              {"verb": "play", "card": "Keys"}))
    return actions


def do_move(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    frame.moved = True
    rolled = state.dice.d6()
    frame.moves_left = moves_up_to(state, hero, rolled, MOVE)
    frame.step = "trip"


def do_search(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    frame.moved = True
    frame.phase = 1
    drawn = [c for c in (cards.draw_hero_card(state) for _ in range(
        2 if has_ability(state, hero, "search-draw-two") else 1)) if c is not None]
    building = state.town.building_of[hero.space]
    state.event(f"{hero.name} searches the {building}.", SEARCH)
    heroic.searched(state, hero)
    if len(drawn) == 2:  # Sally, Resourceful: her player keeps one, the other to the bottom
        frame.drawn = drawn
        frame.step = "resourceful"
        return
    for card in drawn:
        found(state, frame, hero, card, SEARCH)


def keep_one(state: LastNightState, frame: HeroAct, hero: HeroFigure, keep: str) -> None:
    other = next(c for c in frame.drawn if c != keep) if frame.drawn.count(keep) == 1 \
        else keep  # two copies of one card: either is the other
    state.hero_deck.bury(other)
    frame.drawn = []
    frame.step = "main"
    state.event(f"{hero.name} keeps {keep} and puts {other} on the bottom of the Hero deck.",
                "Hero sheet: Sally, Resourceful", to=state.seat_of(hero.name))
    found(state, frame, hero, keep, SEARCH)


def found(state: LastNightState, frame: HeroAct, hero: HeroFigure, card: str, cite: str) -> None:
    cards.gain(state, hero, card)
    if cards.carried(state.card(card)):
        state.event(f"{hero.name} finds {card}.", cite)
    else:
        state.event(f"{hero.name} finds a card for the hand.", cite)
        state.event(f"{hero.name} draws {card}.", cite, to=state.seat_of(hero.name))
    if cards.over_limit(state, hero):
        frame.step = "limit"


def do_nurse(state: LastNightState, frame: HeroAct, hero: HeroFigure, target: str) -> None:
    frame.moved = True
    frame.phase = 1
    other = state.heroes[target]
    other.wounds = max(0, other.wounds - 1)
    state.event(f"{hero.name} nurses {target}: 1 wound healed.", "Hero sheet: Becky, Nurse")


def do_recover(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    frame.moved = True
    frame.phase = 1
    state.hero_discard.remove("Revolver")
    hero.items.append("Revolver")
    state.event(f"{hero.name} takes the Revolver back from the discard pile.",
                "Hero sheet: Sheriff Anderson, Man of Action")
    if cards.over_limit(state, hero):
        frame.step = "limit"


def do_give(state: LastNightState, frame: HeroAct, hero: HeroFigure, rest: str) -> None:
    frame.phase = 1
    frame.moved = True
    card, _, name = rest.partition(":")
    other = state.heroes[name]
    if card in hero.items:
        hero.items.remove(card)
    else:
        hero.hand.remove(card)
    cards.gain(state, other, card)
    shown = card if cards.carried(state.card(card)) else "a card from the hand"
    state.event(f"{hero.name} gives {shown} to {name}.", EXCHANGE)


def do_shoot(state: LastNightState, frame: HeroAct, hero: HeroFigure, rest: str) -> None:
    frame.phase, frame.moved, frame.shot = 2, True, True
    card, _, target = rest.partition(":")
    kills = state.kills
    shoot(state, hero, card, target)
    if state.kills > kills and cards.GUN in state.card(card).keywords:
        frame.gun = card
        frame.step = "resilient"


def shoot(state: LastNightState, hero: HeroFigure, card: str, target: str) -> None:
    data = state.card(card)
    cite = f"{RANGED}; Hero card: {card}"
    if card == "Pump Shotgun":
        space = int(target)
        for zombie in state.zombies_at(space):
            rolled = state.dice.d6()
            needs = f"hits on {data.numbers['hit_on']}+"
            if rolled >= data.numbers["hit_on"]:
                state.event(f"Shotgun roll {rolled} for {zombie_name(zombie)}: a hit "
                            f"({needs}).", cite)
                kill_zombie(state, zombie, cite)
                if state.outcome is not None:
                    return
            else:
                state.event(f"Shotgun roll {rolled} for {zombie_name(zombie)}: a miss "
                            f"({needs}).", cite)
        ammo = state.dice.d6()
        if ammo <= data.numbers["out_of_ammo_on"]:
            out_of_ammo(state, hero, card, ammo)
        return
    if card == cards.DYNAMITE:
        dynamite(state, hero, int(target), cite)
        return
    rolled = state.dice.d6()
    name = zombie_name(target)
    if card == "Signal Flare":
        cards.discard_hero_card(state, hero, card)
        burns = f"burns on {data.numbers['kill_on']}+"
        if rolled >= data.numbers["kill_on"]:
            state.event(f"{hero.name} fires the Signal Flare at {name}: {rolled}, it burns "
                        f"({burns}).", cite)
            kill_zombie(state, target, cite)
        else:
            state.event(f"{hero.name} fires the Signal Flare at {name}: {rolled}, a miss "
                        f"({burns}).", cite)
        return
    needs = f"hits on {data.numbers['hit_on']}+"
    if rolled >= data.numbers["hit_on"]:
        state.event(f"{hero.name} fires the {card} at {name}: {rolled}, a hit ({needs}).", cite)
        kill_zombie(state, target, cite)
    else:
        state.event(f"{hero.name} fires the {card} at {name}: {rolled}, a miss ({needs}).",
                    cite)
    if rolled <= data.numbers.get("out_of_ammo_on", 0):
        out_of_ammo(state, hero, card, rolled)


def dynamite(state: LastNightState, hero: HeroFigure, space: int, cite: str) -> None:
    """Thrown and discarded: a D6 per zombie in the space kills on 2+, a D6 per hero there
    wounds on 5+ (designed reading of "heroes on 5+")."""
    data = state.card(cards.DYNAMITE)
    cards.discard_hero_card(state, hero, cards.DYNAMITE)
    state.event(f"{hero.name} throws the Dynamite at {state.name(space)}.", cite)
    for zombie in state.zombies_at(space):
        rolled = state.dice.d6()
        hit = rolled >= data.numbers["kill_on"]
        state.event(f"Dynamite roll {rolled} for {zombie_name(zombie)}: "
                    f"{'killed' if hit else 'it survives'} (kills on "
                    f"{data.numbers['kill_on']}+).", cite)
        if hit:
            kill_zombie(state, zombie, cite)
            if state.outcome is not None:
                return
    for other in reversed([h for h in state.living() if h.space == space]):
        rolled = state.dice.d6()
        hit = rolled >= data.numbers["hero_hit_on"]
        state.event(f"Dynamite roll {rolled} for {other.name}: "
                    f"{'a wound' if hit else 'unhurt'} (wounds on "
                    f"{data.numbers['hero_hit_on']}+).", cite)
        if hit:
            state.push(Wound(other.name, cite))


def out_of_ammo(state: LastNightState, hero: HeroFigure, card: str, rolled: int) -> None:
    """A Gun out of ammo is discarded, or an Ammo card in its place (designed: always, as no
    player would keep Ammo rather than a Gun)."""
    spent = "Ammo" if "Ammo" in hero.items else card
    cards.discard_hero_card(state, hero, spent)
    state.event(f"{hero.name}'s {card} is out of ammo (rolled {rolled}): "
                f"{'an Ammo card is discarded instead' if spent == 'Ammo' else 'discarded'}.",
                f"Hero card: {card}" + ("; Hero card: Ammo" if spent == "Ammo" else ""))


def do_recovery(state: LastNightState, frame: HeroAct, hero: HeroFigure, target: str) -> None:
    cards.discard_hero_card(state, hero, "Recovery")
    state.heroes[target].wounds -= 1
    state.event(f"{hero.name} plays Recovery: {target} heals 1 wound.", "Hero card: Recovery")


def do_aid(state: LastNightState, frame: HeroAct, hero: HeroFigure, target: str) -> None:
    cards.discard_hero_card(state, hero, "First Aid Kit")
    state.heroes[target].wounds = 0
    state.event(f"{hero.name} uses the First Aid Kit: {target} is fully healed.",
                "Hero card: First Aid Kit")


def do_faith(state: LastNightState, frame: HeroAct, hero: HeroFigure, target: str) -> None:
    play_faith(state, hero, state.heroes[target])


def do_brody(state: LastNightState, frame: HeroAct, hero: HeroFigure, target: str) -> None:
    hero.hand.remove(BRODY)
    state.heroes[target].wounds = 0
    cite = f"Hero card: {BRODY}"
    if target == "Becky":  # "If played on Becky, shuffle this card back into the Hero deck"
        state.hero_deck.cards.append(BRODY)
        state.hero_deck.shuffle(state.dice)
        state.event(f"{hero.name} plays Doc Brody: Becky is fully healed, and Doc Brody is "
                    "shuffled back into the Hero deck.", cite)
        return
    state.hero_discard.put_on_top(BRODY)
    state.event(f"{hero.name} plays Doc Brody: {target} is fully healed.", cite)


def do_jeb(state: LastNightState, frame: HeroAct, hero: HeroFigure, target: str) -> None:
    from deadtable.games.last_night_on_earth.fight import play_jeb

    play_jeb(state, hero, state.heroes[target])


def do_taylor(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    hero.hand.remove(TAYLOR)
    state.hero_discard.put_on_top(TAYLOR)
    state.event(f"{hero.name} plays Deputy Taylor.", f"Hero card: {TAYLOR}")
    frame.picks = 3
    frame.step = "taylor"


def taylor_done(state: LastNightState, frame: HeroAct) -> None:
    """The picked cards are shuffled into the deck (a chance: no undo past it)."""
    state.hero_deck.shuffle(state.dice)
    state.event("The Hero deck is shuffled.", f"Hero card: {TAYLOR}")
    frame.picks = 0
    frame.step = "main"


def do_keys(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    cards.discard_hero_card(state, hero, "Keys")
    state.event(f"{hero.name} discards the Keys to draw 2 Hero cards.", "Hero card: Keys")
    for _i in range(2):
        card = cards.draw_hero_card(state)
        if card is not None:
            found(state, frame, hero, card, "Hero card: Keys")


def do_end(state: LastNightState, frame: HeroAct, hero: HeroFigure, _: str) -> None:
    frame.step = "fight"


PLAYS = {needed.NEEDED: needed.start, oldbetsy.COW: oldbetsy.place,
         extinguisher.EXTINGUISHER: extinguisher.start, windows.ESCAPE: windows.escape}


def do_play(state: LastNightState, frame: HeroAct, hero: HeroFigure, card: str) -> None:
    """A card the hero plays from his hand or items in his turn ("play:CARD")."""
    PLAYS[card](state, frame, hero, card)


ACTIONS = {"move": do_move, "search": do_search, "nurse": do_nurse, "recover": do_recover,
           "give": do_give, "shoot": do_shoot, "recovery": do_recovery, "aid": do_aid,
           "faith": do_faith, "keys": do_keys, "brody": do_brody, "jeb": do_jeb,
           "taylor": do_taylor, "gas": gas.do_gas, "light": gas.do_light,
           "escort": townsfolk.do_escort, "leave": townsfolk.do_leave,
           "folk": townsfolk.do_attack, "play": do_play, "end": do_end}


# -- moving ------------------------------------------------------------------------------------
def hero_steps(state: LastNightState, space: int) -> list[int]:
    board = state.board
    return [n for n in board.neighbours[space] if board.passable(space, n, HERO_BLOCKING)
            and buildingcards.may_enter(state, space, n)]


def move_steps(state: LastNightState, space: int) -> list[int]:
    """A moving hero's steps: a hero's steps, and through walls while Escape Through the
    Window is in force."""
    return hero_steps(state, space) + windows.escape_steps(state, space)


def move_decision(state: LastNightState, frame: HeroAct, hero: HeroFigure) -> Decision | None:
    if frame.moves_left <= 0:
        return None
    steps = [] if overconfidence.pinned(state, hero) else move_steps(state, hero.space)
    actions = [Action(f"step:{s}", f"Step to {state.name(s)}"
                      + (" (zombies: the move ends)" if state.zombies_at(s) else ""),
                      {"verb": "step", "space": s}) for s in steps]
    actions.append(Action("stop", "Stop here", {"verb": "stop"}))
    return Decision.of(HEROES, f"{hero.name} moves ({frame.moves_left} left)", actions)


def step(state: LastNightState, frame: HeroAct, hero: HeroFigure, verb: str, rest: str) -> None:
    if verb == "stop":
        frame.moves_left = 0
        frame.step = "main"
        return
    start, hero.space = hero.space, int(rest)
    frame.moves_left -= 1
    gettothe.arrive(state, hero)
    townsfolk.follow(state, hero)
    if state.outcome is not None:
        return
    darkened = buildingcards.stops_in_the_dark(state, hero.items, start, hero.space)
    if darkened is not None and not state.zombies_at(hero.space):
        frame.moves_left = 0
        state.event(f"{hero.name} moves into the dark {darkened} at {state.name(hero.space)}: "
                    "the move ends.", f"Zombie card: {buildingcards.LIGHTS_OUT}")
        return
    zombies = state.zombies_at(hero.space)
    if not zombies:
        state.event(f"{hero.name} moves to {state.name(hero.space)}.", MOVE)
        return
    if has_ability(state, hero, "fight-while-moving") and frame.moves_left > 0:
        state.event(f"{hero.name} blitzes into the zombies at {state.name(hero.space)}.",
                    BLITZ)
        frame.step = "blitz"  # blitz_fight: one fight after another
        return
    frame.moves_left = 0
    state.event(f"{hero.name} moves to {state.name(hero.space)}, where zombies stop the move.",
                MOVE)


def through_door(state: LastNightState, frame: HeroAct, hero: HeroFigure) -> None:
    """The step through a door the zombies let be (or whose Locked Door was cancelled)."""
    door, frame.door, frame.step = frame.door, -1, "moving"
    step(state, frame, hero, "step", str(door))


def blitz_fight(state: LastNightState, frame: HeroAct, hero: HeroFigure) -> None:
    """Johnny fights the zombies in the square one at a time, each fight opening with its own
    line as in the fight phase; then after_blitz."""
    left = [z for z in state.zombies_at(hero.space) if z not in frame.fought]
    if left:
        frame.fought.append(left[0])
        start_fight(state, hero, left[0], BLITZ)
    else:
        after_blitz(state, frame)


def after_blitz(state: LastNightState, frame: HeroAct) -> None:
    """After Johnny's Blitz fights: with the space cleared he moves on (designed reading of
    "if he wins": every zombie there is gone), else his move ends there."""
    hero = state.heroes[frame.hero]
    if state.zombies_at(hero.space):
        frame.moves_left = 0
    frame.fought.clear()  # the fight phase fights whoever is still here
    frame.step = "moving"
