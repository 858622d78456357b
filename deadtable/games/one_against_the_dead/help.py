"""The terminal's `help` for One Against the Dead (GameSpec.help): the rules of the step the
decision is in, in a few lines, and what each weapon does with the powers of this game's
options. Reads the view only (and the rule numbers every player may look up)."""

from __future__ import annotations

from typing import Any

from deadtable.engine.decisions import Decision
from deadtable.games.one_against_the_dead.rules import power, rules_for

TURN = ("A turn (rulebook: MOVEMENT, ZOMBIES, COMBAT, DAMAGE): move onto an adjacent face-up "
        "number card; the face-down cards next to it turn over and one card is drawn for each "
        "open space next to you; new number cards that do not match all their neighbours add "
        "zombies; you fight every zombie with you; then one point of damage for every five "
        "left. Reach the helicopter (H) to win.")

PHASES = {
    "move": "Movement: step onto an orthogonally adjacent face-up number card (not a face "
            "card, an Ace or the Joker: those block). Outside a fight you may also take a "
            "weapon or rescue a survivor from an adjacent card, or exchange weapons with your "
            "survivor.",
    "place": "Placing: each card drawn goes into an open space next to the card you stand on. "
             "A number card not matching all its neighbours in suit or number adds that many "
             "zombies; a face card brings a weapon, an Ace a survivor, the Joker provisions. "
             "Try not to block your path to the helicopter with a non-number card.",
    "place-flipped": "A face-down card turned over as a non-number card is moved into another "
                     "open space next to you (a number card stays where it is).",
    "reveal": "The face-down cards next to your new card are turned over.",
    "zombies": "Zombies: the new number cards that do not match all their neighbours add "
               "their numbers to the zombies with you. Without enough zombie dice, the game "
               "is lost.",
    "combat": "Combat: you must fight every zombie with you. Each zombie die rolled at or "
              "under your weapon's power dies (a die of 10 zombies kills 10). A chainsaw or "
              "shotgun spends one charge per fight. You may exchange or take weapons and "
              "rescue before fighting, not during it.",
    "share": "Your survivor fights as many zombies as you do or fewer (as many dice, with "
             "share-by=dice); share:T.F.O is the 10-, 5- and 1-zombie dice he takes. He takes "
             "the damage of his own pile.",
    "survivor-weapon": "Your survivor fights with his weapon, or with his fists.",
    "helicopter": "At the helicopter: the final battle before you fly out; the final-battle "
                  "option says whether you must kill every zombie or survive one round.",
}

WEAPONS = {
    "fists": ("Fists of Fury", "always with you; never run out."),
    "bat": ("Baseball Bat (a Jack)", "never runs out."),
    "chainsaw": ("Chainsaw (a Queen)", "fuel rolled on a d6 when it appears; one per fight."),
    "shotgun": ("Shotgun (a King)", "shots rolled on a d6 when it appears; one per fight."),
}


def help(options: dict[str, Any], view: dict[str, Any], decision: Decision | None,
         topic: str) -> list[tuple[str, str]]:
    rules = rules_for(options)
    weapons = {kind: f"{name}: power {power(rules, options, None if kind == 'fists' else kind)}"
               f" (a zombie die at or under it dies); {what}"
               for kind, (name, what) in WEAPONS.items()}
    if topic:
        wanted = topic.strip().lower()
        found = [text for kind, text in weapons.items()
                 if wanted in (kind, text.split(" (")[0].lower(), text.split(":")[0].lower())]
        return [("Weapon", found[0])] if found else []
    phase = PHASES.get(str(view.get("phase") or ""), "")
    ranking = "A survivor never carries a more powerful weapon than you (Fists < Bat < " \
              "Chainsaw < Shotgun)."
    return [
        ("Now" + (f": {decision.prompt}" if decision is not None else ""), phase or TURN),
        ("The turn", TURN),
        ("Weapons", "\n".join(weapons.values()) + "\n" + ranking),
        ("On the board", "[6♠] you · H the helicopter · ▒▒▒ face down · B/C3/S4 a bat, "
                         "chainsaw (fuel 3), shotgun (4 shots) · s5 a survivor with 5 life"),
    ]
