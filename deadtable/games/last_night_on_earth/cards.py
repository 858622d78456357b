"""Which cards the rules play, and what carrying them means.

Only cards whose whole text the rules carry out are shuffled into the decks; the others stay
out of the game (docs/last-night-on-earth.md, "Cards not yet in the decks") rather than be
dealt as blanks. Each implemented card's effect lives where its moment comes: the fight
(fight.py), the hero's turn (heroturn.py), the zombie turn (zombieturn.py).
"""

from __future__ import annotations

from deadtable.games.last_night_on_earth.data import Card, Deck
from deadtable.games.last_night_on_earth.state import HeroFigure, LastNightState

# Hero deck, basic: all 40 cards.
HERO_CARDS = (
    "Revolver", "Pump Shotgun", "Signal Flare", "Baseball Bat", "Meat Cleaver", "Crowbar",
    "Chainsaw", "Ammo", "Keys", "First Aid Kit", "Recovery", "Get Back You Devils", "Faith",
    "Just a Scratch", "Welding Torch", "Pitchfork", "Torch", "Fire Axe", "At Last…",
    "Doc Brody, Country Physician", "Jeb, the Grease Monkey", "Principal Gomez",
    "Mr. Hyde, the Shop Teacher", "Farmer Sty", "Deputy Taylor",
)
# Zombie deck, basic: all 40 cards.
ZOMBIE_CARDS = (
    "Shamble", "Uuuurrrggghh!", "Undead Hate the Living", "Braaains!", "Oh the Horror!",
    "A Town Overrun", "Heavy Rain", "Cornered", "Surprise Attack", "Trip!", "Resilient",
    "There's Too Many!", "Relentless Advance", "Loss of Faith", "My God, They've Taken the…",
    "Lights Out", "New Spawning Pit",
)
# The Advanced cards the rules play (option decks=advanced shuffles them in with the basic
# cards): docs/last-night-on-earth.md, "The Advanced decks", lists which.
ADVANCED_HERO_CARDS = ("Signal Flare", "Lighter", "Gasoline", "Dynamite", "Just What I Needed",
                       "Old Betsy", "Fire Extinguisher", "Heroic Resolve", "Hero's Rage",
                       "Blocked Windows", "Escape Through the Window")
ADVANCED_ZOMBIE_CARDS = ("Living Nightmare", "There's No Time, Leave It!",
                         "This Can't Be Happening!", "Teen Angst", "Bickering",
                         "This Could Be Our Last Night on Earth", "Night That Never Ends",
                         "I Feel Kinda Strange", "Haunted by the Past",
                         "I've Got to Get to the…", "I Don't Trust 'em",
                         "Locked Door", "Unnecessary Self Sacrifice", "Rotten Bodies",
                         "Overconfidence", "My God, He's a Zombie")
DECKS = ("basic", "advanced")
GUN = "Gun"
DYNAMITE = "Dynamite"
AT_A_SPACE = ("Pump Shotgun", DYNAMITE)  # fired at a space, not at one zombie
RANGED = "Ranged Weapon"
HAND_WEAPON = "Hand Weapon"


def counted(count: int) -> str:
    """"1 card", "3 cards"."""
    return f"{count} card{'' if count == 1 else 's'}"


def deck_cards(cards: dict[str, Card], names: tuple[str, ...]) -> list[str]:
    """One entry per copy of each implemented basic card, in a fixed order (to be shuffled)."""
    return sorted(name for name in names for _ in range(cards[name].copies))


def advanced_cards(deck: Deck, names: tuple[str, ...]) -> list[str]:
    """One entry per copy of each implemented Advanced card of `deck` (its own copy count: the
    Advanced Signal Flare is a second one)."""
    return sorted(c.name for c in deck.cards if c.set == "advanced" and c.name in names
                  for _ in range(c.copies))


def is_weapon(card: Card) -> bool:
    return card.kind == "weapon"


def carried(card: Card) -> bool:
    """Weapons and items lie face up in front of the hero; events are held in the hand."""
    return card.kind in ("weapon", "item")


def over_limit(state: LastNightState, hero: HeroFigure) -> bool:
    """More than the item limit (4), or more weapons than the weapon limit (2, a Signal Flare
    aside) (SotF, Two-Handed Items: "a Hero may still only carry 4 items and 2 weapons")."""
    game = state.data.scenarios.game
    weapons = [c for c in hero.items if is_weapon(state.card(c))
               and not state.card(c).outside_weapon_limit]
    return len(hero.items) > int(game["item_limit"]) or len(weapons) > int(game["weapon_limit"])


def gain(state: LastNightState, hero: HeroFigure, name: str) -> None:
    """A card the hero draws or is given: carried face up, or held in the hand."""
    if carried(state.card(name)):
        hero.items.append(name)
    else:
        hero.hand.append(name)


def discard_hero_card(state: LastNightState, hero: HeroFigure, name: str) -> None:
    """A hero's card to the Hero discard pile."""
    if name in hero.items:
        hero.items.remove(name)
    else:
        hero.hand.remove(name)
    state.hero_discard.put_on_top(name)


def draw_hero_card(state: LastNightState) -> str | None:
    """The Hero deck's top card, or None when it is empty (it is not reshuffled: A Town
    Overrun's "the last Hero card" makes an empty deck final)."""
    return state.hero_deck.draw() if state.hero_deck else None


def draw_zombie_card(state: LastNightState) -> str | None:
    """The Zombie deck's top card; an empty deck takes the discards reshuffled (designed)."""
    if not state.zombie_deck and state.zombie_discard:
        state.zombie_deck.reshuffle_from(state.zombie_discard, state.dice)
        state.event("The Zombie discard pile is shuffled into a new Zombie deck.",
                    "designed: an empty Zombie deck")
    return state.zombie_deck.draw() if state.zombie_deck else None
