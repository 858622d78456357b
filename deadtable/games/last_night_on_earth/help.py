"""The terminal's `help` for Last Night on Earth (GameSpec.help): the turn in a few lines, the
scenario's goal, what each card the seat holds does (its printed text), and `help NAME` for a
card or a hero (keywords, wounds, abilities), `help fight` for the last fight (fighttext.py),
`help discards` for both discard piles, every card with its text (discards.py).
Reads the view and the game's public data (heroes and card texts) only: it never names a card
the seat may not see."""

from __future__ import annotations

from typing import Any

from deadtable.engine.decisions import Decision
from deadtable.games.last_night_on_earth import discards, fighttext
from deadtable.games.last_night_on_earth.setup import game_data

ZOMBIE_TURN = ("The zombies' turn, in order: the Sun moves down its track (the game ends when "
               "it runs out); the zombies draw up to their hand size; the spawn roll (2D6: "
               "more than the zombies on the board raises new ones at spawning pits); every "
               "zombie moves one space (Zombie Hunger: one next to a hero, diagonals too, must "
               "move into its space; zombies ignore walls); fights where zombies share a "
               "hero's space; new zombies are placed.")
HERO_TURN = ("The heroes' turn: each hero in turn either moves (roll a D6: up to that many "
             "squares, never through walls; doors and windows are open) or searches the "
             "building it is in (draw a Hero card; not with a zombie in its square), then "
             "may exchange items with a hero in its space, make one ranged attack (a Gun or "
             "other Ranged Weapon, in line of sight), and fights each zombie in its space.")
FIGHT = ("A fight: the zombie rolls one die, the hero two; each side's highest die counts. "
         "Higher wins; ties go to the zombie. A hero who wins with doubles (or a weapon that "
         "says so) kills the zombie, else only fends it off; a hero who loses takes a wound.")


def help(options: dict[str, Any], view: dict[str, Any], decision: Decision | None,
         topic: str = "") -> list[tuple[str, str]]:
    data = game_data(options)
    if topic.strip().lower() in fighttext.HELP_TOPICS:
        return [fighttext.help_section(view)]
    if topic.strip().lower() in discards.HELP_TOPICS:
        return discards.help_sections(view, {n: c.text for n, c in data.cards.items()})
    if topic:
        return _topic(data, topic)
    moment = FIGHT if view.get("fight") else (
        ZOMBIE_TURN if "zombies" in str(view.get("turn_of", "")) else HERO_TURN)
    sections = [(f"This moment: {view.get('turn_of', '')}", moment),
                ("The scenario", _goal(view))]
    held = _held(view)
    if held:
        lines = [f"{name}: {data.cards[name].text}" for name in held if name in data.cards]
        sections.append(("Your cards", "\n".join(lines)))
    sections.append(("More", "help NAME: a card's text or a hero's abilities "
                             "(help Revolver, help Sally); help fight: the last fight, its "
                             "dice, cards and log lines; help discards: both discard piles, "
                             "the newest card first, each with its text"))
    return sections


def _goal(view: dict[str, Any]) -> str:
    """How each side wins (the view's `objective`, as the page's Goal line shows it)."""
    return (f"{view['scenario']}: {' '.join(view['objective'])} Turn {view['turn']} of "
            f"{view['sun_track']} on the Sun track; the game ends when it runs out.")


def _held(view: dict[str, Any]) -> list[str]:
    """The cards this seat may read: the heroes' hands and items, or the zombies' hand."""
    names: list[str] = []
    for hero in view["heroes"]:
        names += hero["items"] + hero.get("hand", [])
    names += view["zombie_hand"].get("cards", [])
    return list(dict.fromkeys(names))


def _topic(data: Any, topic: str) -> list[tuple[str, str]]:
    """The card or hero named: an exact name, else every one the words begin (3 letters at
    least: `help my god` gives both My God cards)."""
    wanted = topic.strip().lower()
    sections = {name.lower(): section for name, section in
                [*(_card(name, card) for name, card in data.cards.items()),
                 *(_hero(name, hero) for name, hero in data.heroes.items())]}
    if wanted in sections:
        return [sections[wanted]]
    return [section for name, section in sections.items()
            if len(wanted) >= 3 and name.startswith(wanted)]


def _card(name: str, card: Any) -> tuple[str, tuple[str, str]]:
    kind = ", ".join([card.kind, *card.keywords])
    return name, (f"{name} ({card.deck} card: {kind})", card.text)


def _hero(name: str, hero: Any) -> tuple[str, tuple[str, str]]:
    lines = [f"{hero.title}; {hero.wounds} wounds; keywords: {', '.join(hero.keywords) or 'none'}"]
    lines += [f"{a.name}: {a.text}" for a in hero.abilities]
    return name, (name, "\n".join(lines))
