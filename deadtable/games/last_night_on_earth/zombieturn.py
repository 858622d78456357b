"""The Zombie turn, in its order (reference/last-night-on-earth.md, "Zombie turn"):

1. sun: move the Sun one turn down its track; past its end the game is over.
2. draw: discard down to hand size after Oh the Horror!, then draw up to the hand size (4).
3. cards: play Zombie cards of the turn (designed: at this moment, after the draw; Shamble as a
   zombie moves, Fight cards in fights).
4. spawn: roll 2D6; if the total is more than the zombies on the board, 2 new zombies will be
   placed (step 7).
5. move: each zombie moves 1 space (ignoring walls) or stays; a zombie adjacent to a hero,
   diagonals included and walls not blocking, must move into that hero's space (Zombie Hunger;
   thezombiegame.com rulings).
6. fights: every zombie in a hero's space fights a hero there, one at a time; where several
   heroes share the space, the heroes choose which of them fights each zombie.
7. place: the new zombies go on spawning pits of the zombies' choice.
8. end-cards: the zombies may play There's Too Many! (D6 more, placed as in step 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, partial

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import (
    buildingcards,
    cards,
    donttrust,
    gettothe,
    haunted,
    hesazombie,
    lostturns,
    nightnever,
    oldbetsy,
    onhero,
    overconfidence,
    rottenbodies,
    windows,
    zseats,
)
from deadtable.games.last_night_on_earth.data import Town
from deadtable.games.last_night_on_earth.fight import start_fight
from deadtable.games.last_night_on_earth.setup import new_zombie
from deadtable.games.last_night_on_earth.state import (
    HEROES,
    ZOMBIES,
    HeroFigure,
    LastNightState,
    is_zombie_hero,
)
from deadtable.games.last_night_on_earth.wounds import finish, zombie_name

TURN = "Base game: Zombie turn"  # sources: reference/last-night-on-earth.md "Zombie turn"
HUNGER = "Zombie Hunger (thezombiegame.com rulings: diagonals count, walls do not block)"
TOO_MANY = "There's Too Many!"
STY = "Farmer Sty"
ADVANCE = "Relentless Advance"
NIGHTMARE = "Living Nightmare"
NO_TIME = "There's No Time, Leave It!"
CARD_LABELS = {
    buildingcards.MY_GOD: f"{buildingcards.MY_GOD}: a random building is taken over",
    buildingcards.LIGHTS_OUT: "Lights Out: a building of your choice goes dark",
    buildingcards.NEW_PIT: "New Spawning Pit: a new pit in a random building",
}
TURN_CARDS = ("Oh the Horror!", "A Town Overrun", "Heavy Rain", "Cornered", "Surprise Attack")
AIMED = (haunted.HAUNTED, gettothe.ERRAND, donttrust.TRUST)  # their target chosen at step "aim"


@dataclass(slots=True)
class ZombieTurn(Frame):
    KIND = "zombie-turn"
    step: str = "sun"
    order: list[str] = field(default_factory=list)  # zombies still to move, in order
    steps_left: int = 1  # of the zombie moving now (Shamble: D6)
    shambling: bool = False
    spawns: int = 0  # new zombies to place at the end of the turn
    too_many: bool = False  # There's Too Many! was played (or passed) this turn
    advance: int = 0  # Relentless Advance: zombies still to move one space now
    advanced: list[str] = field(default_factory=list)  # the zombies it has moved
    fought: list[str] = field(default_factory=list)
    pending: str = ""  # a building card taking effect (buildingcards.py), or an AIMED card
    chooser: str = ""  # the side choosing its corner of town
    target: str = ""  # New Spawning Pit's building, its space still to choose
    held: list[str] = field(default_factory=list)  # zombies that may not move this turn
    aiming: str = ""  # a card played on a hero (onhero.py), its hero still to choose; or
    # the first hero named for This Could Be Our Last Night on Earth (lostturns.py)
    removing: int = 0  # Rotten Bodies: zombies still to remove (rottenbodies.py)


def hunger_targets(state: LastNightState, space: int) -> list[int]:
    """The hero spaces a zombie on `space` must move into (none if a hero shares its space)."""
    coords = state.board.coords
    here = coords[space]
    spaces = {h.space for h in state.heroes.values() if not h.dead}
    if space in spaces or here is None:
        return []
    x, y = here
    found = []
    for s in sorted(spaces):
        there = coords[s]
        if there is not None and -1 <= there[0] - x <= 1 and -1 <= there[1] - y <= 1:
            found.append(s)
    if found and state.hero_in_play and windows.blocked(state):
        return windows.stops(state, space, found)
    return found


def zombie_steps(state: LastNightState, space: int,
                 forced: list[int] | None = None) -> list[int]:
    """Where a zombie on `space` may step: Zombie Hunger's spaces (`forced`, when the caller
    has them already), else any adjacent space (zombies ignore walls)."""
    if forced is None:
        forced = hunger_targets(state, space)
    if forced:
        return forced
    if state.heroes_at(space):
        return []
    steps = sorted(state.board.neighbours[space])
    if state.hero_in_play and windows.blocked(state):
        return windows.open_steps(state, space, steps)
    return steps


class ZombieTurnHandler(Handler[LastNightState, ZombieTurn]):
    def decide(self, state: LastNightState, frame: ZombieTurn) -> Decision | None:
        if frame.step == "draw" and state.overdrawn:
            return discard_decision(state)
        if frame.step == "cards":
            return cards_decision(state)
        if frame.step == "advance":
            return advance_decision(state, frame)
        if frame.step == "no-time":
            return no_time_decision(state)
        if frame.step == "on-hero":
            return onhero.decision(state, frame.aiming)
        if frame.step == "aim":
            return aim_decision(state, frame)
        if frame.step == "lovers":
            return lostturns.lovers_decision(state, frame.aiming)
        if frame.step == "night":
            return nightnever.zombies_decision(state)
        if frame.step == "rotten":
            return rottenbodies.decision(state, frame)
        if frame.step == "he-zombie":
            return hesazombie.place_decision(state)
        if frame.step == "night-heroes":
            return nightnever.heroes_decision(state)
        if frame.step in ("corner", "building", "pit-space"):
            return buildingcards.decision(state, frame)
        if frame.step == "hold":
            return hold_decision(state, frame)
        if frame.step == "move" and frame.order:
            return move_decision(state, frame)
        if frame.step == "fights":
            return pairing_decision(state, frame)
        if frame.step == "place" and frame.spawns:
            return place_decision(state, frame)
        if frame.step == "end-cards" and not frame.too_many and state.zombie_hand:
            actions = [Action("pass", "Play no card", {"verb": "pass"})]
            if TOO_MANY in state.zombie_hand:
                actions.insert(0, Action(f"play:{TOO_MANY}", f"{TOO_MANY}: spawn D6 new zombies",
                                         {"verb": "play", "card": TOO_MANY}))
            return Decision.of(ZOMBIES, "The end of the Zombie turn: play a card?", actions)
        return None

    def run(self, state: LastNightState, frame: ZombieTurn) -> None:
        if frame.step == "sun":
            sun(state)
            frame.step = "draw"
        elif frame.step == "draw":
            draw_to_hand(state)
            frame.step = "cards"
        elif frame.step == "cards":
            frame.step = "spawn"
        elif frame.step in ("no-time", "on-hero", "lovers", "night-heroes"):  # nothing to choose
            frame.step, frame.aiming = "cards", ""
        elif frame.step == "aim":  # no hero it can be played on any more
            state.zombie_discard.put_on_top(frame.pending)
            state.event(f"{frame.pending}: no hero to play it on; no effect.",
                        f"Zombie card: {frame.pending}")
            buildingcards.done(frame)
        elif frame.step == "night":  # the Zombie discard pile is empty
            state.zombie_discard.put_on_top(nightnever.NIGHT)
            frame.step = "night-heroes"
        elif frame.step == "rotten":  # no zombie left to remove
            rottenbodies.done(frame)
        elif frame.step == "he-zombie":  # no square or no zombie left to place
            frame.step = "cards"
        elif frame.step == "advance":  # no zombie left that can advance
            frame.advance, frame.advanced = 0, []
            frame.step = "cards"
        elif frame.step == "spawn":
            frame.spawns = spawn_roll(state)
            frame.order = sorted((z for z in state.zombies if z not in frame.held), key=_number)
            frame.steps_left, frame.shambling = 1, False
            frame.step = "hold"
        elif frame.step == "hold":
            frame.step = "move"
        elif frame.step == "move":
            frame.order.clear()  # no zombie left with a choice
            frame.step = "fights"
        elif frame.step == "fights":
            pair = next_pair(state, frame)
            if pair is None:
                frame.step = "place"
            else:  # a lone hero in the space fights the zombie
                frame.fought.append(pair[0])
                start_fight(state, pair[1][0], pair[0])
        elif frame.step == "place":
            frame.spawns = 0  # none left to place, or no zombie to place
            frame.step = "end-cards"
        elif frame.step == "end-cards":
            end_of_turn(state)
            state.pop()

    def apply(self, state: LastNightState, frame: ZombieTurn, action_id: str) -> None:
        verb, _, rest = action_id.partition(":")
        if frame.step == "draw":
            zseats.take(state, rest)
            state.zombie_discard.put_on_top(rest)
            state.event("The zombies discard a card down to their hand size.",
                        "Zombie card: Oh the Horror!")
            seat = zseats.player(state)
            state.event(f"{zseats.you(seat)} discard {rest}.", "Zombie card: Oh the Horror!",
                        to=seat)
        elif frame.step == "advance":
            advance(state, frame, verb, rest)
        elif frame.step == "rotten":
            rottenbodies.remove(state, frame, rest)
        elif frame.step == "he-zombie":
            hesazombie.place(state, frame, int(rest))
        elif frame.step == "on-hero":
            onhero.place(state, frame.aiming, rest)
            frame.step, frame.aiming = "cards", ""
        elif frame.step == "aim":
            aim(state, frame, action_id)
        elif frame.step == "night":
            nightnever.back(state, rest, state.zombie_discard, state.zombie_deck)
            state.zombie_discard.put_on_top(nightnever.NIGHT)
            frame.step = "night-heroes"
        elif frame.step == "night-heroes":
            frame.step = "cards"
            if verb == "back":
                nightnever.back(state, rest, state.hero_discard, state.hero_deck)
        elif frame.step == "lovers":
            if not frame.aiming:
                frame.aiming = rest
            else:
                lostturns.lose_turn(state, lostturns.LOVERS, [frame.aiming, rest])
                frame.step, frame.aiming = "cards", ""
        elif frame.step == "no-time":
            state.hero_discard.remove(rest)
            frame.step = "cards"
            state.event(f"{NO_TIME}: {rest} is removed from the game.", f"Zombie card: {NO_TIME}")
        elif frame.step in ("corner", "building", "pit-space"):
            buildingcards.apply(state, frame, action_id)
        elif frame.step == "cards":
            if verb == "done":
                frame.step = "spawn"
            else:
                play_turn_card(state, action_id)
        elif frame.step == "hold" and verb == "blocked":
            windows.block(state, rest)  # the window stays open: Farmer Sty may follow
        elif frame.step == "hold":
            frame.step = "move"
            if verb == "sty":
                name, _, zombie = rest.partition(":")
                state.heroes[name].hand.remove(STY)
                state.hero_discard.put_on_top(STY)
                frame.order.remove(zombie)
                state.event(f"{name} plays Farmer Sty: {zombie_name(zombie)} may not move this "
                            "turn.", f"Hero card: {STY}")
        elif frame.step == "move":
            move_zombie(state, frame, verb, rest)
        elif frame.step == "fights":
            zombie, _, hero = rest.partition(":")
            frame.fought.append(zombie)
            start_fight(state, state.heroes[hero], zombie)
        elif frame.step == "place":
            frame.spawns -= 1
            if verb == "take":  # There's Too Many!: a zombie from the board
                zombie, _, pit = rest.partition(":")
                state.zombies[zombie] = int(pit)
                state.event(f"{zombie_name(zombie)} is taken from the board to the spawning pit "
                            f"at {state.name(int(pit))}.", f"Zombie card: {TOO_MANY}")
                return
            space = int(rest)
            zombie = new_zombie(state, space)
            state.event(f"{zombie_name(zombie)} rises from the spawning pit at "
                        f"{state.name(space)}.", TURN + ", step 6: place new zombies")
        elif frame.step == "end-cards":
            frame.too_many = True  # the window closes, whatever is played
            if verb == "play":
                from deadtable.games.last_night_on_earth import prayer

                zseats.take(state, TOO_MANY)
                state.event(f"The zombies play {TOO_MANY}.", f"Zombie card: {TOO_MANY}")
                prayer.play(state, TOO_MANY, action_id)


@cache  # a few dozen figure ids, asked for at every sort of the zombies
def _number(zombie: str) -> tuple[int, str]:
    tail = zombie.split("-", 1)[1]
    return (int(tail), "") if tail.isdigit() else (0, tail)


def sun(state: LastNightState) -> None:
    state.turn += 1
    state.cornered = False
    rottenbodies.wears_off(state)
    state.fight_card_played = False
    if state.turn > state.scenario.sun_track:
        winner = state.scenario.sun_out
        finish(state, winner, "the Sun track ran out",
               f"Scenario: {state.scenario.name} (the Sun track)")
        return
    state.event(f"Zombie turn {state.turn} of {state.scenario.sun_track}: the Sun moves down "
                "its track.", TURN + ", step 1")
    donttrust.zombie_turn_begins(state)
    if NIGHTMARE in state.in_play:
        nightmare(state)


def nightmare(state: LastNightState) -> None:
    """Living Nightmare in play: the top Hero card is discarded as the Sun moves (designed:
    this moment), and an empty Hero deck beats the heroes."""
    cite = f"Zombie card: {NIGHTMARE}"
    card = cards.draw_hero_card(state)
    if card is not None:
        state.hero_discard.put_on_top(card)
        state.event(f"{NIGHTMARE}: the top Hero card, {card}, is discarded.", cite)
    if not state.hero_deck:
        finish(state, ZOMBIES, f"{NIGHTMARE} emptied the Hero deck", cite)


def discard_decision(state: LastNightState) -> Decision | None:
    size = zseats.hand_size(state)
    for seat in state.game.sides[ZOMBIES]:
        held = zseats.hand_of(state, seat)
        if len(held) > size:
            return Decision.of(seat, f"Oh the Horror!: discard down to {size} cards", [
                Action(f"discard:{c}", f"Discard {c}", {"verb": "discard", "card": c})
                for c in dict.fromkeys(held)])
    return None


def draw_to_hand(state: LastNightState) -> None:
    """Each zombie player draws up to its hand size (4; 2 each of two players)."""
    state.overdrawn = False
    size = zseats.hand_size(state)
    for seat in state.game.sides[ZOMBIES]:
        drawn: list[str] = []
        while len(zseats.hand_of(state, seat)) < size:
            card = cards.draw_zombie_card(state)
            if card is None:
                break
            zseats.add(state, seat, [card])
            drawn.append(card)
        if drawn:
            who = "The zombies draw" if seat == ZOMBIES else f"{seat} draws"
            state.event(f"{who} {cards.counted(len(drawn))}.", TURN + ", step 2")
            state.event(f"{zseats.you(seat)} draw {', '.join(drawn)}.", TURN + ", step 2",
                        to=seat)


def cards_decision(state: LastNightState) -> Decision | None:
    actions = []
    held = set(state.zombie_hand.cards)
    if "Oh the Horror!" in held:
        actions.append(Action("play:Oh the Horror!", "Oh the Horror!: draw 3 Zombie cards",
                              {"verb": "play", "card": "Oh the Horror!"}))
    if "A Town Overrun" in held:
        actions.append(Action("play:A Town Overrun", "A Town Overrun: discard the top 10 "
                              "Hero cards", {"verb": "play", "card": "A Town Overrun"}))
    if "Heavy Rain" in held and "Heavy Rain" not in state.in_play:
        actions.append(Action("play:Heavy Rain", "Heavy Rain: heroes starting outside move 1 "
                              "less (remains in play)", {"verb": "play", "card": "Heavy Rain"}))
    if "Cornered" in held and not state.cornered:
        actions.append(Action("play:Cornered", "Cornered: zombies roll 2 more fight dice, "
                              "heroes win ties", {"verb": "play", "card": "Cornered"}))
    if NIGHTMARE in held and NIGHTMARE not in state.in_play:
        actions.append(Action(f"play:{NIGHTMARE}", f"{NIGHTMARE}: a Hero card discarded every "
                              "Zombie turn, Zombie Heroes roll 2 more fight dice (remains in "
                              "play)", {"verb": "play", "card": NIGHTMARE}))
    if NO_TIME in held and state.hero_discard:
        actions.append(Action(f"play:{NO_TIME}", f"{NO_TIME}: remove a discarded Hero card "
                              "from the game", {"verb": "play", "card": NO_TIME}))
    if rottenbodies.ROTTEN in held and rottenbodies.playable(state):
        actions.append(Action(f"play:{rottenbodies.ROTTEN}", f"{rottenbodies.ROTTEN}: remove "
                              "D6 zombies; none can be killed until the next Zombie turn",
                              {"verb": "play", "card": rottenbodies.ROTTEN}))
    if hesazombie.HE_ZOMBIE in held and hesazombie.playable(state):
        actions.append(Action(f"play:{hesazombie.HE_ZOMBIE}", f"{hesazombie.HE_ZOMBIE}: a zombie "
                              "next to a hero", {"verb": "play", "card": hesazombie.HE_ZOMBIE}))
    if nightnever.NIGHT in held and state.zombie_discard:
        actions.append(Action(f"play:{nightnever.NIGHT}", f"{nightnever.NIGHT}: every copy of "
                              "a discarded Zombie card back into the deck",
                              {"verb": "play", "card": nightnever.NIGHT}))
    for card in lostturns.CARDS:
        if card in held and lostturns.playable(state, card):
            actions.append(Action(f"play:{card}", f"{card}: heroes sharing a space lose their "
                                  "next turn", {"verb": "play", "card": card}))
    over = overconfidence.OVERCONFIDENCE
    if over in held and onhero.targets(state, over):
        actions.append(Action(f"play:{over}", f"{over}: a hero may not leave a zombie's space",
                              {"verb": "play", "card": over}))
    for card in onhero.ON_HERO:
        if card in held and onhero.targets(state, card):
            actions.append(Action(f"play:{card}", f"{card}: a hero rolls 1 fight die fewer"
                                  + (" while he shares a space" if card == onhero.TEEN else ""),
                                  {"verb": "play", "card": card}))
    actions += aimed_plays(state, held)
    if ADVANCE in held and state.zombies:
        actions.append(Action(f"play:{ADVANCE}", f"{ADVANCE}: D6 zombies move one space now",
                              {"verb": "play", "card": ADVANCE}))
    for card in buildingcards.BUILDING_CARDS:
        if card in held and buildingcards.playable(state, card):
            actions.append(Action(f"play:{card}", CARD_LABELS[card],
                                  {"verb": "play", "card": card}))
    if "Surprise Attack" in held and state.pool() > 0:
        for hero in state.living():
            if state.inside(hero.space):
                actions.append(Action(f"surprise:{hero.name}", f"Surprise Attack on "
                                      f"{hero.name}: a zombie from the pool on "
                                      f"{state.name(hero.space)}",
                                      {"verb": "play", "card": "Surprise Attack",
                                       "hero": hero.name}))
    if not state.zombie_hand:
        return None  # asked whenever the hand holds a card: the asking tells the heroes nothing
    actions.append(Action("done", "Play no more cards now", {"verb": "done"}))
    return Decision.of(ZOMBIES, "Zombie turn: play a card?", actions)


def play_turn_card(state: LastNightState, action_id: str) -> None:
    """A Zombie-turn card leaves the hand; its effect comes after Father Joseph's Prayer, if he
    prays (prayer.py)."""
    from deadtable.games.last_night_on_earth import prayer

    verb, _, rest = action_id.partition(":")
    card = "Surprise Attack" if verb == "surprise" else rest
    zseats.take(state, card)
    state.event(f"The zombies play {card}.", f"Zombie card: {card}")
    prayer.play(state, card, action_id)


def turn_card_effect(state: LastNightState, card: str, action_id: str) -> None:
    cite = f"Zombie card: {card}"
    if card == ADVANCE:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        state.zombie_discard.put_on_top(card)
        frame.advance = state.dice.d6()
        frame.advanced = []
        frame.step = "advance"
        state.event(f"{ADVANCE}: {frame.advance} zombies move one space now.", cite)
        return
    if card in buildingcards.BUILDING_CARDS:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        buildingcards.effect(state, frame, card)
        return
    if card in ("Heavy Rain", NIGHTMARE):
        state.in_play.append(card)
        state.event(f"{card} remains in play.", cite)
        return
    if card == rottenbodies.ROTTEN:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        rottenbodies.effect(state, frame)
        return
    if card == nightnever.NIGHT:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        frame.step = "night"
        return
    if card == lostturns.BICKERING:
        state.zombie_discard.put_on_top(card)
        lostturns.bickering(state)
        return
    if card == lostturns.LOVERS:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        state.zombie_discard.put_on_top(card)
        frame.step, frame.aiming = "lovers", ""
        return
    if card in onhero.ON_HERO or card == overconfidence.OVERCONFIDENCE:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        frame.step, frame.aiming = "on-hero", card
        return
    if card in AIMED:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        frame.step, frame.pending = "aim", card
        return
    if card == NO_TIME:
        frame = state.stack[-1]
        assert isinstance(frame, ZombieTurn)
        state.zombie_discard.put_on_top(card)
        frame.step = "no-time"
        return
    state.zombie_discard.put_on_top(card)
    if card == "Oh the Horror!":
        drawn = [c for c in (cards.draw_zombie_card(state) for _ in range(3)) if c is not None]
        zseats.add(state, zseats.player(state), drawn)
        state.overdrawn = True
        state.event(f"Oh the Horror!: the zombies draw {cards.counted(len(drawn))}.", cite)
        seat = zseats.player(state)
        state.event(f"{zseats.you(seat)} draw {', '.join(drawn) or 'nothing'}.", cite, to=seat)
    elif card == "A Town Overrun":
        gone = state.hero_deck.draw_many(10)
        for c in gone:
            state.hero_discard.put_on_top(c)
        state.event(f"A Town Overrun: the top {len(gone)} Hero cards are discarded "
                    f"({', '.join(gone) or 'none'}).", cite)
        if not state.hero_deck:
            finish(state, ZOMBIES, "A Town Overrun discarded the last Hero card", cite)
    elif card == "Cornered":
        state.cornered = True
        state.event("Cornered: until the next Zombie turn zombies roll 2 more fight dice, and "
                    "heroes win ties.", cite)
    else:
        hero = state.heroes[action_id.partition(":")[2]]
        if state.pool() == 0 or hero.dead:
            state.event("Surprise Attack: no zombie can appear.", cite)
            return
        zombie = new_zombie(state, hero.space)
        state.event(f"Surprise Attack: {zombie_name(zombie)} appears in {hero.name}'s space.",
                    cite)


def aimed_plays(state: LastNightState, held: set[str]) -> list[Action]:
    """Haunted by the Past, I've Got to Get to the… and I Don't Trust 'em, where they can
    be played."""
    actions = []
    if haunted.HAUNTED in held and haunted.targets(state):
        actions.append(Action(f"play:{haunted.HAUNTED}", f"{haunted.HAUNTED}: a hero who is not "
                              "a Student becomes Strange, no Townsfolk event on him (remains "
                              "in play)", {"verb": "play", "card": haunted.HAUNTED}))
    if gettothe.ERRAND in held and gettothe.targets(state) and buildingcards.numbered(state):
        actions.append(Action(f"play:{gettothe.ERRAND}", f"{gettothe.ERRAND}: a hero may not "
                              "Search until he reaches a random building (remains in play)",
                              {"verb": "play", "card": gettothe.ERRAND}))
    if donttrust.TRUST in held and state.living():
        actions.append(Action(f"play:{donttrust.TRUST}", f"{donttrust.TRUST}: no trading until "
                              "the next Zombie turn, or a Strange hero never trades",
                              {"verb": "play", "card": donttrust.TRUST}))
    return actions


def aim_decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    if frame.pending == haunted.HAUNTED:
        return haunted.decision(state)
    if frame.pending == gettothe.ERRAND:
        return gettothe.decision(state)
    return donttrust.decision(state)


def aim(state: LastNightState, frame: ZombieTurn, action_id: str) -> None:
    """An AIMED card's target: its effect (I've Got to Get to the… rolls its building)."""
    target = action_id.partition(":")[2]
    if frame.pending == gettothe.ERRAND:
        frame.aiming = target
        buildingcards.roll_table(state, frame)
        return
    if frame.pending == haunted.HAUNTED:
        haunted.aim(state, target)
    else:
        donttrust.aim(state, action_id)
    buildingcards.done(frame)


def no_time_decision(state: LastNightState) -> Decision | None:
    if not state.hero_discard:
        return None
    return Decision.of(ZOMBIES, f"{NO_TIME}: which Hero card leaves the game?", [
        Action(f"discard:{c}", f"Remove {c} from the game", {"verb": "discard", "card": c})
        for c in dict.fromkeys(state.hero_discard.cards)])


def advance_decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    """Relentless Advance: "move that many zombies one space now" (each zombie once, by the
    rules of the move: walls ignored, Zombie Hunger), or stop."""
    actions = []
    for zombie in sorted(state.zombies, key=_number):
        if zombie not in frame.advanced:
            name = zombie_name(zombie)
            actions += [Action(f"advance:{zombie}:{s}", partial(moves_to, state.town, name, s),
                               {"verb": "move", "figure": zombie, "space": s})
                        for s in zombie_steps(state, state.zombies[zombie])]
    if not actions:
        return None
    actions.append(Action("stop", f"{ADVANCE}: move no more", {"verb": "stop"}))
    return Decision.of(ZOMBIES, f"{ADVANCE}: move a zombie one space ({frame.advance} left)",
                       actions)


def advance(state: LastNightState, frame: ZombieTurn, verb: str, rest: str) -> None:
    if verb == "stop":
        frame.advance, frame.advanced = 0, []
        frame.step = "cards"
        return
    zombie, _, space = rest.partition(":")
    hungry = int(space) in hunger_targets(state, state.zombies[zombie])
    frame.advanced.append(zombie)
    frame.advance -= 1
    if not oldbetsy.held(state, zombie, state.zombies[zombie], int(space)):
        state.zombies[zombie] = int(space)
        state.event(f"{zombie_name(zombie)} advances to {state.name(int(space))}.",
                    HUNGER if hungry else f"Zombie card: {ADVANCE}")
    if not frame.advance:
        frame.advanced = []
        frame.step = "cards"


def place_decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    """A pit for the next new zombie; with the pool empty after There's Too Many!, a zombie
    taken from the board ("taking them from anywhere on the board")."""
    pits = sorted(set(state.pits))
    if not pits:
        return None  # every pit burned: no zombie can rise
    if state.pool() > 0:
        return Decision.of(ZOMBIES, f"Place a new zombie ({frame.spawns} to place)", [
            Action(f"pit:{p}", f"On the spawning pit at {state.name(p)}",
                   {"verb": "place", "space": p}) for p in pits])
    if not frame.too_many:
        return None
    board = [z for z in sorted(state.zombies, key=_number) if not is_zombie_hero(z)]
    if not board:
        return None
    return Decision.of(ZOMBIES, f"{TOO_MANY}: take a zombie from the board ({frame.spawns} to "
                       "place)", [
        Action(f"take:{z}:{p}", f"Take {zombie_name(z)} from {state.name(state.zombies[z])} "
               f"to the pit at {state.name(p)}", {"verb": "take", "figure": z, "space": p})
        for z in board for p in pits])


def too_many_effect(state: LastNightState, frame: ZombieTurn) -> None:
    state.zombie_discard.put_on_top(TOO_MANY)
    count = state.dice.d6()
    frame.spawns += count
    frame.step = "place"
    zombies = "zombie spawns" if count == 1 else "zombies spawn"
    state.event(f"{TOO_MANY}: the D6 rolls {count}: {count} new {zombies}.",
                f"Zombie card: {TOO_MANY}")


def spawn_roll(state: LastNightState) -> int:
    rolled, _ = zseats.roll_dice(state, "spawn_dice")
    on_board = len(state.zombies)
    cite = TURN + ", step 3: spawn"
    if sum(rolled) > on_board:
        count = min(int(state.data.scenarios.game["zombies_per_spawn"]), state.pool())
        state.event(f"Spawn roll {rolled} = {sum(rolled)}, more than the {on_board} zombies "
                    f"on the board: {count} new zombies will rise.", cite)
        return count
    state.event(f"Spawn roll {rolled} = {sum(rolled)}, not more than the {on_board} zombies "
                "on the board: none rise.", cite)
    return 0


def hold_decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    """Farmer Sty: "Prevent one zombie from moving this turn", and Blocked Windows
    (windows.py), before the zombies move; asked whenever a hand holds a card."""
    if not any(h.hand for h in state.living()):
        return None
    holders = [h.name for h in state.living() if STY in h.hand]
    actions = [Action(f"sty:{h}:{z}", f"{h} plays Farmer Sty: {zombie_name(z)} stays",
                      {"verb": "play", "card": STY, "hero": h, "figure": z})
               for h in holders for z in frame.order]
    actions += windows.hold_actions(state)
    actions.append(Action("pass", "Let the zombies move", {"verb": "pass"}))
    return Decision.of(HEROES, "The zombies are about to move: play a card?", actions)


def move_decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    """The next zombie in order that has a choice (the ones before it must stay)."""
    for zombie in frame.order:
        actions = move_actions(state, frame, zombie)
        if actions:
            name = zombie_name(zombie)
            left = frame.steps_left
            return Decision.of(ZOMBIES, f"Move {name} ({left} space{'s' if left != 1 else ''})",
                               actions)
    return None


def move_actions(state: LastNightState, frame: ZombieTurn, zombie: str) -> list[Action]:
    space = state.zombies[zombie]
    hungry = hunger_targets(state, space)
    steps = zombie_steps(state, space, hungry)
    forced = bool(hungry)
    name = zombie_name(zombie)
    actions = [Action(f"move:{zombie}:{s}", partial(moves_to, state.town, name, s),
                      {"verb": "move", "figure": zombie, "space": s}) for s in steps]
    if not steps:
        return []
    if len(steps) == 1 and forced and not frame.shambling:
        return actions  # Zombie Hunger leaves one space: still the zombies' move to make
    if not forced:
        stop = "stop" if frame.shambling else "stay"
        actions.append(Action(f"{stop}:{zombie}", f"{name} stays where it is" if stop == "stay"
                              else f"{name} stops", {"verb": stop, "figure": zombie}))
    if not frame.shambling and "Shamble" in state.zombie_hand:
        actions.append(Action(f"shamble:{zombie}", f"Shamble: {name} moves D6 spaces",
                              {"verb": "play", "card": "Shamble", "figure": zombie}))
    return actions


def moves_to(town: Town, name: str, space: int) -> str:
    """A move's label, built only when read (the town never changes)."""
    where = town.building_of[space]
    square = town.board.names[space]
    return f"{name} moves to {square} ({where})" if where else f"{name} moves to {square}"


def move_zombie(state: LastNightState, frame: ZombieTurn, verb: str, rest: str) -> None:
    zombie = rest.split(":", 1)[0]
    del frame.order[:frame.order.index(zombie)]  # the zombies before it had no choice
    if verb == "shamble":
        from deadtable.games.last_night_on_earth import prayer

        zseats.take(state, "Shamble")
        frame.shambling = True  # even if cancelled: Shamble is not offered again for it
        state.event(f"The zombies play Shamble on {zombie_name(zombie)}.", "Zombie card: Shamble")
        prayer.play(state, "Shamble", f"shamble:{zombie}")
        return
    if verb == "move":
        space = int(rest.rsplit(":", 1)[1])
        if oldbetsy.held(state, zombie, state.zombies[zombie], space):
            next_zombie(frame)
            return
        hungry = space in hunger_targets(state, state.zombies[zombie])
        state.zombies[zombie] = space
        state.event(f"{zombie_name(zombie)} moves to {state.name(space)}.",
                    HUNGER if hungry else TURN + ", step 4: move")
        frame.steps_left -= 1
        if frame.steps_left > 0 and not state.heroes_at(space):
            return
    next_zombie(frame)


def shamble_effect(state: LastNightState, frame: ZombieTurn, action_id: str) -> None:
    state.zombie_discard.put_on_top("Shamble")
    frame.steps_left = state.dice.d6()
    state.event(f"Shamble: {zombie_name(action_id.partition(':')[2])} moves {frame.steps_left} "
                "spaces.", "Zombie card: Shamble")


def next_zombie(frame: ZombieTurn) -> None:
    frame.order.pop(0)
    frame.steps_left, frame.shambling = 1, False


def pairing_decision(state: LastNightState, frame: ZombieTurn) -> Decision | None:
    """The next zombie in a hero's space: the hero that fights it (the heroes choose where
    several share the space; a lone hero fights it at once)."""
    pair = next_pair(state, frame)
    if pair is None or len(pair[1]) == 1:
        return None
    zombie, heroes = pair
    name = zombie_name(zombie)
    return Decision.of(HEROES, f"Which hero fights {name}?", [
        Action(f"pair:{zombie}:{h.name}", f"{h.name} fights {name}",
               {"verb": "fight", "figure": zombie, "hero": h.name}) for h in heroes])


def next_pair(state: LastNightState, frame: ZombieTurn) -> tuple[str, list[HeroFigure]] | None:
    """The next zombie that shares a space with heroes and has not fought, with those heroes."""
    for zombie in sorted(state.zombies, key=_number):
        if zombie not in frame.fought:
            heroes = state.heroes_at(state.zombies[zombie])
            if heroes:
                return zombie, heroes
    return None


def end_of_turn(state: LastNightState) -> None:
    for hero in state.heroes.values():
        hero.faith = 0
    windows.turn_ends(state, windows.BLOCKED)
    inside = state.scenario.numbers.get("zombies_inside")
    if state.scenario.hero_goal == "survive" and inside:
        house = state.town.buildings.get("Manor House")
        count = sum(1 for s in state.zombies.values() if house and s in house.spaces)
        if count >= inside:
            finish(state, ZOMBIES, f"{count} zombies are inside the Manor House",
                   f"Scenario: {state.scenario.name}")
