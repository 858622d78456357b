"""A fight between one hero and one zombie in the same space.

1. bonus: the hero picks the combat bonuses it uses (hand weapons it carries; Faith from a
   hand).
2. roll: the zombie rolls 1 die (a Zombie Hero 2, designed; Cornered +2), the hero 2 (plus
   bonuses).
3. zombie-card: the zombies may play their one Fight card of the turn, now that the dice are
   seen (designed order: docs, "Fights"): Uuuurrrggghh! (2 more zombie dice), Braaains! (+1 to
   the zombie's highest die), Undead Hate the Living (the hero re-rolls the dice picked); the
   Fire Axe may cancel it (prayer.py).
3b. hero-reroll: the Welding Torch, the Pitchfork, the Torch.
4. hero-card: a hero about to beat the zombie without killing it may play Get Back You Devils.
5. resolve: each side's highest die; ties to the zombie (unless Crowbar or Cornered); a hero win
   kills the zombie with doubles (any two of the hero's dice alike), a 6 with the Meat Cleaver,
   the Chainsaw or Get Back You Devils, else fends it off; a zombie win wounds the hero. Then
   each used weapon that can break rolls its break check, and a lost fight costs the Chainsaw.
(reference/last-night-on-earth.md: "Fight".)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from deadtable.engine.decisions import Action, Decision
from deadtable.engine.procedure import Frame, Handler
from deadtable.games.last_night_on_earth import (
    cards,
    extinguisher,
    fightwhy,
    haunted,
    heroic,
    lastfight,
    onhero,
    overconfidence,
    sacrifice,
    zseats,
)
from deadtable.games.last_night_on_earth.state import (
    HEROES,
    ZOMBIES,
    HeroFigure,
    LastNightState,
    is_zombie_hero,
)
from deadtable.games.last_night_on_earth.wounds import Wound, kill_zombie, zombie_name

FIGHT = "Base game: Fight"  # sources: reference/last-night-on-earth.md "Fight"
BONUSES = ("Baseball Bat", "Meat Cleaver", "Crowbar", "Chainsaw")
FIGHT_CARDS = ("Uuuurrrggghh!", "Braaains!", "Undead Hate the Living", sacrifice.SACRIFICE)
DEVILS = "Get Back You Devils"
JEB = "Jeb, the Grease Monkey"
GOMEZ = "Principal Gomez"
HYDE = "Mr. Hyde, the Shop Teacher"
STY = "Farmer Sty"
TAYLOR = "Deputy Taylor"
ADJUSTERS = (HYDE, STY)  # "add or subtract 1 to any fight die"
FIGHT_CANCELLERS = {HYDE: ("Student",), TAYLOR: ("Law Enforcement", "Strange")}


@dataclass(slots=True)
class Fight(Frame):
    KIND = "fight"
    hero: str
    zombie: str
    step: str = "bonus"
    using: list[str] = field(default_factory=list)  # hand weapons used as combat bonuses
    hero_dice: list[int] = field(default_factory=list)
    zombie_dice: list[int] = field(default_factory=list)
    braaains: int = 0  # added to the zombie's highest die
    forked: bool = False  # the Pitchfork's re-roll, once a fight, is spent
    devils: bool = False  # Get Back You Devils played
    log_from: int = -1  # where its log lines begin (lastfight.py)
    begun: bool = False  # a choice was made in it (a Blitz's later fights wait their turn)


NIGHTMARE = "Living Nightmare"  # Zombie Heroes roll 2 more fight dice


def start_fight(state: LastNightState, hero: HeroFigure, zombie: str, cite: str = FIGHT) -> None:
    """The fight begins with its first line (lastfight.place_saved looks for it), citing
    what made it: the fight phase, or Johnny's Blitz during his move."""
    state.push(Fight(hero.name, zombie, log_from=lastfight.begin(state)))
    state.event(f"{hero.name} fights {zombie_name(zombie)}.", cite)


def still_on(state: LastNightState, frame: Fight) -> bool:
    hero = state.heroes[frame.hero]
    return not hero.dead and state.zombies.get(frame.zombie) == hero.space


def hero_dice_count(state: LastNightState, hero: HeroFigure, using: list[str]) -> int:
    count = 2 + hero.faith + (1 if hero.kept_faith else 0)
    count += sum(state.card(c).numbers.get("fight_dice", 0) for c in using)
    count += heroic.fight_dice(state, hero)
    for ability in state.hero(hero.name).abilities:
        if ability.effect == "fight-die-alone" and len(state.heroes_at(hero.space)) == 1:
            count += ability.numbers.get("fight_dice", 1)
    return max(1, count - onhero.lost_dice(state, hero))


def judge(state: LastNightState, frame: Fight) -> tuple[bool, bool]:
    """(the hero wins, the zombie dies) for the dice as they lie (fightwhy.py says why)."""
    hero_high, zombie_high = fightwhy.highest(frame)
    wins = hero_high > zombie_high or (
        hero_high == zombie_high and fightwhy.tie_breaker(state, frame) is not None)
    kills = wins and fightwhy.killer(state, frame) is not None
    return wins, kills


class FightHandler(Handler[LastNightState, Fight]):
    def decide(self, state: LastNightState, frame: Fight) -> Decision | None:
        hero = state.heroes[frame.hero]
        if not still_on(state, frame):
            return None
        if frame.step == "bonus":
            return bonus_decision(state, frame, hero)
        if frame.step == "zombie-card":
            return zombie_card_decision(state, frame)
        if frame.step == "hero-reroll":
            return reroll_decision(state, frame, hero)
        if frame.step == "sacrifice":
            return sacrifice.decision(state, frame)
        if frame.step == "hero-card":
            wins, kills = judge(state, frame)
            if not wins or kills or not any(h.hand for h in state.living()):
                return None  # asked whenever a hand holds a card: the asking tells nothing
            holders = [h for h in state.living() if DEVILS in h.hand]
            actions = [Action(f"devils:{h.name}", f"{h.name} plays Get Back You Devils: the "
                              f"beaten zombie dies", {"verb": "play", "card": DEVILS,
                                                      "hero": h.name}) for h in holders]
            actions.append(Action("pass", "Let the zombie be fended off", {"verb": "pass"}))
            return Decision.of(HEROES, f"{frame.hero} beats {zombie_name(frame.zombie)}",
                               actions)
        return None

    def run(self, state: LastNightState, frame: Fight) -> None:
        if not still_on(state, frame):
            state.pop()  # the hero died or the zombie is gone: before it began, no entry
            if frame.begun:
                lastfight.cut_short(state, frame)
        elif frame.step in ("bonus", "hero-card", "zombie-card"):
            frame.step = {"bonus": "roll", "zombie-card": "hero-reroll",
                          "hero-card": "resolve"}[frame.step]
        elif frame.step == "hero-reroll":
            frame.step = "hero-card"
        elif frame.step == "roll":
            roll(state, frame)
            frame.step = "zombie-card"
        elif frame.step == "resolve":
            resolve(state, frame)
        elif frame.step == "sacrifice":  # nobody left in the space to take the wound
            state.pop()

    def apply(self, state: LastNightState, frame: Fight, action_id: str) -> None:
        verb, _, rest = action_id.partition(":")
        hero = state.heroes[frame.hero]
        frame.begun = True
        if frame.step == "bonus":
            if verb == "use":
                frame.using.append(rest)
                state.event(f"{hero.name} fights with the {rest}.", f"Hero card: {rest}")
            elif verb == "faith":
                play_faith(state, state.heroes[rest], hero)
            elif verb == "jeb":
                play_jeb(state, state.heroes[rest], hero)
            elif verb in heroic.VERBS:
                heroic.play(state, verb, state.heroes[rest], hero)
            elif verb == "no-fight":
                name, _, card = rest.partition(":")
                cards.discard_hero_card(state, state.heroes[name], card)
                state.pop()
                cancelled = (f"{name} plays {card}: {hero.name}'s fight with "
                             f"{zombie_name(frame.zombie)} is cancelled.")
                state.event(cancelled, f"Hero card: {card}")
                lastfight.record(state, frame, cancelled)
            else:
                frame.step = "roll"
        elif frame.step == "zombie-card":
            frame.step = "hero-reroll"
            if verb != "pass":
                zombie_card(state, frame, action_id)
        elif frame.step == "sacrifice":
            state.pop()
            sacrifice.choose(state, rest)
        elif frame.step == "hero-reroll":
            if verb == "done":
                frame.step = "hero-card"
            else:
                reroll(state, frame, hero, verb, rest)
        elif frame.step == "hero-card":
            if verb == "devils":
                holder = state.heroes[rest]
                holder.hand.remove(DEVILS)
                state.hero_discard.put_on_top(DEVILS)
                frame.devils = True
                state.event(f"{holder.name} plays Get Back You Devils.", f"Hero card: {DEVILS}")
            frame.step = "resolve"


def bonus_decision(state: LastNightState, frame: Fight, hero: HeroFigure) -> Decision:
    actions = [Action(f"use:{c}", f"Fight with the {c}", {"verb": "use", "card": c})
               for c in dict.fromkeys(hero.items) if c in BONUSES and c not in frame.using]
    actions += [Action(f"faith:{h.name}", f"{h.name} plays Faith on {hero.name} (+1 fight die "
                       "this turn)", {"verb": "play", "card": "Faith", "hero": h.name})
                for h in state.living() if "Faith" in h.hand]
    townsfolk_allowed = haunted.townsfolk_on(state, hero.name)  # Haunted by the Past: none on him
    actions += [Action(f"jeb:{h.name}", f"{h.name} plays Jeb on {hero.name} (+1 fight die "
                       "this turn)", {"verb": "play", "card": JEB, "hero": h.name})
                for h in state.living() if JEB in h.hand and townsfolk_allowed]
    keywords_now = set(haunted.keywords(state, hero.name))
    for h in state.living() if townsfolk_allowed else ():
        for card, keywords in FIGHT_CANCELLERS.items():
            if card in h.hand and set(keywords) & keywords_now:
                actions.append(Action(f"no-fight:{h.name}:{card}", f"{h.name} plays {card}: "
                                      "the fight is cancelled", {"verb": "play", "card": card,
                                                                 "hero": h.name}))
    actions += extinguisher.cancel_actions(state, hero)
    actions += heroic.bonus_actions(state, hero)
    # Asked even with nothing to choose: whether a hand holds Faith must not show in whether
    # the dice are rolled at once (the zombies could tell, and undo would give it away).
    actions.append(Action("roll", "Roll the fight dice", {"verb": "roll"}))
    return Decision.of(HEROES, f"{hero.name} fights {zombie_name(frame.zombie)}: combat "
                       "bonuses?", actions)


def play_faith(state: LastNightState, holder: HeroFigure, hero: HeroFigure) -> None:
    """Faith leaves the holder's hand; the zombies may answer it (lossoffaith.py)."""
    from deadtable.games.last_night_on_earth.lossoffaith import after_faith

    holder.hand.remove("Faith")
    after_faith(state, holder.name, hero.name)


def play_jeb(state: LastNightState, holder: HeroFigure, hero: HeroFigure) -> None:
    """Jeb's second use: a hero rolls 1 extra fight die for the rest of the turn."""
    holder.hand.remove(JEB)
    state.hero_discard.put_on_top(JEB)
    hero.faith += 1
    state.event(f"{holder.name} plays Jeb, the Grease Monkey: {hero.name} rolls 1 extra fight "
                "die this turn.", f"Hero card: {JEB}")


def roll(state: LastNightState, frame: Fight) -> None:
    hero = state.heroes[frame.hero]
    zombie_count = (2 if is_zombie_hero(frame.zombie) else 1) + (2 if state.cornered else 0)
    if is_zombie_hero(frame.zombie) and NIGHTMARE in state.in_play:
        zombie_count += state.card(NIGHTMARE).numbers["zombie_dice"]
    frame.zombie_dice = state.dice.rolls_of(zombie_count)
    frame.hero_dice = state.dice.rolls_of(hero_dice_count(state, hero, frame.using))
    state.event(f"Fight dice: {zombie_name(frame.zombie)} {frame.zombie_dice}, {hero.name} "
                f"{frame.hero_dice}.", FIGHT)


def fight_card_what(frame: Fight, card: str, action_id: str) -> str:
    """What a Fight card played with `action_id` does to this fight, in a few words."""
    if card == "Uuuurrrggghh!":
        return "the zombie rolls 2 more dice"
    if card == "Braaains!":
        return "+1 to the zombie's highest die"
    if card == sacrifice.SACRIFICE:
        return "no fight; a hero in the space takes a wound"
    picked = [int(i) for i in action_id.partition(":")[2].split(",")]
    return f"{frame.hero} re-rolls {', '.join(str(frame.hero_dice[i]) for i in picked)}"


def braaains_note(count: int) -> str:
    """" (+1 Braaains!)" after the zombie's dice, or "" (the prompts, the terminal's lines)."""
    return f" (+{count} Braaains!)" if count else ""


def dice_now(frame: Fight) -> str:
    """"Fight dice: Zombie 1 [5] (+1 Braaains!), Becky [5, 3]"."""
    return (f"Fight dice: {zombie_name(frame.zombie)} {frame.zombie_dice}"
            f"{braaains_note(frame.braaains)}, "
            f"{frame.hero} {frame.hero_dice}")


def zombie_card_decision(state: LastNightState, frame: Fight) -> Decision | None:
    if state.fight_card_played or not state.zombie_hand:
        return None  # asked whenever the hand holds a card: the asking tells the heroes nothing
    held = [c for c in FIGHT_CARDS if c in state.zombie_hand]
    plays: list[tuple[str, str]] = [(f"play:{c}", c) for c in ("Uuuurrrggghh!", "Braaains!")
                                    if c in held]
    if sacrifice.SACRIFICE in held and sacrifice.playable(state, frame):
        plays.append((f"play:{sacrifice.SACRIFICE}", sacrifice.SACRIFICE))
    if "Undead Hate the Living" in held:
        plays += [("hate:" + ",".join(str(i) for i in picked), "Undead Hate the Living")
                  for size in range(1, len(frame.hero_dice) + 1)
                  for picked in itertools.combinations(range(len(frame.hero_dice)), size)]
    actions = [Action(id_, f"{card}: {fight_card_what(frame, card, id_)}",
                      {"verb": "play", "card": card}
                      | ({"dice": [int(i) for i in id_[5:].split(",")]}
                         if id_.startswith("hate:") else {}))
               for id_, card in plays]
    actions.append(Action("pass", "Play no Fight card", {"verb": "pass"}))
    return Decision.of(ZOMBIES, f"{dice_now(frame)}: play a Fight card?", actions)


def zombie_card(state: LastNightState, frame: Fight, action_id: str) -> None:
    """The zombies play a Fight card: it leaves the hand and counts as the turn's one; its
    effect comes after Father Joseph's Prayer, if he prays (prayer.py)."""
    from deadtable.games.last_night_on_earth import prayer

    verb, _, rest = action_id.partition(":")
    card = "Undead Hate the Living" if verb == "hate" else rest
    zseats.take(state, card)
    state.fight_card_played = True
    state.event(f"The zombies play {card}.", f"Zombie card: {card}")
    prayer.play(state, card, action_id)


def fight_card_effect(state: LastNightState, frame: Fight, card: str, action_id: str) -> None:
    state.zombie_discard.put_on_top(card)
    cite = f"Zombie card: {card}"
    if card == "Uuuurrrggghh!":
        extra = state.dice.rolls_of(2)
        frame.zombie_dice += extra
        state.event(f"Uuuurrrggghh!: the zombie rolls {extra} more.", cite)
    elif card == "Braaains!":
        frame.braaains += 1
        state.event("Braaains!: +1 to the zombie's highest die.", cite)
    elif card == sacrifice.SACRIFICE:
        sacrifice.effect(state, frame)
    else:
        picked = [int(i) for i in action_id.partition(":")[2].split(",")]
        for i in picked:
            frame.hero_dice[i] = state.dice.d6()
        state.event(f"Undead Hate the Living: {frame.hero} re-rolls {len(picked)} dice: now "
                    f"{frame.hero_dice}.", cite)


def reroll_decision(state: LastNightState, frame: Fight, hero: HeroFigure) -> Decision | None:
    """After the zombies' Fight card: the Welding Torch re-rolls one die (again and again), the
    Pitchfork any of them (once a fight), the Torch is discarded to make the zombie re-roll."""
    actions = []
    dice = frame.hero_dice
    if "Welding Torch" in hero.items:
        actions += [Action(f"weld:{i}", f"Welding Torch: re-roll the {d}",
                           {"verb": "reroll", "card": "Welding Torch", "dice": [i]})
                    for i, d in enumerate(dice)]
    if "Pitchfork" in hero.items and not frame.forked:
        for size in range(1, len(dice) + 1):
            for picked in itertools.combinations(range(len(dice)), size):
                shown = ", ".join(str(dice[i]) for i in picked)
                actions.append(Action("fork:" + ",".join(str(i) for i in picked),
                                      f"Pitchfork: re-roll {shown}",
                                      {"verb": "reroll", "card": "Pitchfork",
                                       "dice": list(picked)}))
    if "Torch" in hero.items:
        actions.append(Action("torch", f"Discard the Torch: the zombie re-rolls "
                              f"{frame.zombie_dice}", {"verb": "play", "card": "Torch"}))
    townsfolk_allowed = haunted.townsfolk_on(state, hero.name)  # Haunted by the Past
    for h in state.living() if townsfolk_allowed else ():
        for card in ADJUSTERS:
            if card in h.hand:
                actions += adjust_actions(frame, h.name, card)
    actions += [Action(f"gomez:{h.name}", f"{h.name} plays Principal Gomez: the zombie "
                       f"re-rolls {frame.zombie_dice}", {"verb": "play", "card": GOMEZ,
                                                         "hero": h.name})
                for h in state.living() if GOMEZ in h.hand and townsfolk_allowed]
    if not actions and not any(h.hand for h in state.living()):
        return None  # asked whenever a hand holds a card: the asking tells nothing
    actions.append(Action("done", "Keep the dice", {"verb": "done"}))
    return Decision.of(HEROES, f"{dice_now(frame)}: re-roll?", actions)


def adjust_actions(frame: Fight, holder: str, card: str) -> list[Action]:
    """"Add or subtract 1 to any fight die" (a die stays 1 to 6)."""
    actions = []
    for side, dice in (("hero", frame.hero_dice), ("zombie", frame.zombie_dice)):
        for i, value in enumerate(dice):
            for change in ("+1", "-1"):
                if 1 <= value + int(change) <= 6:
                    whose = frame.hero if side == "hero" else "the zombie"
                    actions.append(Action(
                        f"adjust:{holder}:{card}:{side}:{i}:{change}",
                        f"{holder} plays {card}: {change} to {whose}'s {value}",
                        {"verb": "play", "card": card, "hero": holder}))
    return actions


def reroll(state: LastNightState, frame: Fight, hero: HeroFigure, verb: str, rest: str) -> None:
    if verb == "torch":
        cards.discard_hero_card(state, hero, "Torch")
        frame.zombie_dice = state.dice.rolls_of(len(frame.zombie_dice))
        state.event(f"{hero.name} discards the Torch: the zombie re-rolls {frame.zombie_dice}.",
                    "Hero card: Torch")
        return
    if verb == "adjust":
        name, card, side, index, change = rest.split(":")
        state.heroes[name].hand.remove(card)
        state.hero_discard.put_on_top(card)
        dice = frame.hero_dice if side == "hero" else frame.zombie_dice
        dice[int(index)] = min(6, max(1, dice[int(index)] + int(change)))
        state.event(f"{name} plays {card}: {change} to a die; now {frame.hero} "
                    f"{frame.hero_dice}, zombie {frame.zombie_dice}.", f"Hero card: {card}")
        return
    if verb == "gomez":
        holder = state.heroes[rest]
        holder.hand.remove(GOMEZ)
        state.hero_discard.put_on_top(GOMEZ)
        frame.zombie_dice = state.dice.rolls_of(len(frame.zombie_dice))
        state.event(f"{holder.name} plays Principal Gomez: the zombie re-rolls "
                    f"{frame.zombie_dice}.", f"Hero card: {GOMEZ}")
        return
    card = "Welding Torch" if verb == "weld" else "Pitchfork"
    for i in (int(i) for i in rest.split(",")):
        frame.hero_dice[i] = state.dice.d6()
    frame.forked = frame.forked or card == "Pitchfork"
    state.event(f"{hero.name} re-rolls with the {card}: now {frame.hero_dice}.",
                f"Hero card: {card}")
    break_check(state, hero, card)


def resolve(state: LastNightState, frame: Fight) -> None:
    hero = state.heroes[frame.hero]
    wins, kills = judge(state, frame)
    state.pop()
    result = fightwhy.result(state, frame, zombie_name(frame.zombie))
    state.event(result, FIGHT)
    if kills:
        kill_zombie(state, frame.zombie, FIGHT)
    if state.outcome is None:
        after_result(state, frame, hero, wins)
    lastfight.record(state, frame, result)


def after_result(state: LastNightState, frame: Fight, hero: HeroFigure, wins: bool) -> None:
    """The used weapons' break checks; a lost fight costs the Chainsaw and wounds the hero."""
    for card in frame.using:
        break_check(state, hero, card)
    if not wins and "Chainsaw" in frame.using and "Chainsaw" in hero.items:
        cards.discard_hero_card(state, hero, "Chainsaw")
        state.event(f"{hero.name} lost the fight: the Chainsaw is discarded.",
                    "Hero card: Chainsaw")
    if not wins:
        overconfidence.after_lost_fight(state, hero)
        state.push(Wound(hero.name, FIGHT))


def break_check(state: LastNightState, hero: HeroFigure, card: str) -> None:
    data = state.card(card)
    breaks_on = data.numbers.get("break_on")
    if data.break_on_with is not None and data.break_on_with[0] in hero.items:
        breaks_on = data.break_on_with[1]  # the Pitchfork with the Torch: only on a 1
    if breaks_on is None or card not in hero.items:
        return
    roll_ = state.dice.d6()
    if roll_ <= breaks_on:
        cards.discard_hero_card(state, hero, card)
        state.event(f"{hero.name}'s {card} breaks (rolled {roll_}).", f"Hero card: {card}")
    else:
        from deadtable.games.last_night_on_earth.lossoffaith import after_break_check

        state.event(f"{hero.name}'s {card} holds (rolled {roll_}).", f"Hero card: {card}")
        after_break_check(state, hero.name, card)
