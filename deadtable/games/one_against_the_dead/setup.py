"""SETUP: the 48-card deck, the city row, your life."""

from __future__ import annotations

from typing import Any

from deadtable.engine.cards import Pile, Visibility
from deadtable.engine.dice import Dice
from deadtable.engine.game import Game
from deadtable.engine.wording import count as counted
from deadtable.games.one_against_the_dead import cards
from deadtable.games.one_against_the_dead.rules import rules_for
from deadtable.games.one_against_the_dead.state import OneAgainstTheDeadState


def build_deck(state: OneAgainstTheDeadState, stacked: list[str]) -> None:
    """Take out the cards SETUP names (never a stacked one), shuffle, put `stacked` on top."""
    rules = state.rules
    deck = cards.full_deck()
    for card in stacked:
        cards.check_card(card)
    for card in set(stacked):
        if stacked.count(card) > 1 and card != cards.JOKER:
            raise ValueError(f"deck: {card!r} is stacked twice; a deck has one of each card")
    removed: list[str] = []
    jokers_out = 2 - rules.jokers
    for rank_, count in list(rules.remove.items()) + [(cards.JOKER, jokers_out)]:
        candidates = [c for c in deck if cards.rank(c) == rank_ and c not in stacked]
        if rank_ == cards.JOKER:
            candidates = [c for c in deck if c == cards.JOKER][stacked.count(cards.JOKER):]
        if len(candidates) < count:
            raise ValueError(f"deck: cannot remove {count} of {rank_!r}: too many are stacked")
        for _ in range(count):
            card = candidates.pop(state.dice.below(len(candidates)))
            deck.remove(card)
            removed.append(card)
    for card in stacked:
        if card not in deck:
            raise ValueError(f"deck: {card!r} is not in the 48-card deck")
        deck.remove(card)
    state.dice.shuffle(deck)
    state.removed = removed
    state.deck = Pile("deck", stacked + deck, Visibility.HIDDEN)


def deal_number_card(state: OneAgainstTheDeadState) -> str:
    """Deal until a number card comes up, burning the others to the bottom of the deck."""
    while True:
        card = state.deck.draw()
        if cards.is_number(card):
            return card
        state.event(f"Burned {cards.name(card)} to the bottom of the deck.", cite="SETUP")
        state.deck.bury(card)


def start(game: Game, seed: int, dice: Dice, setup: dict[str, Any]) -> OneAgainstTheDeadState:
    from deadtable.games.one_against_the_dead.turn import arrive, settle

    state = OneAgainstTheDeadState(game, seed, dice, setup)
    state.rules = rules_for(game.options)
    build_deck(state, list(setup.get("deck", [])))
    row = game.options["row"]
    # The city: the helicopter at the right end, the face-down blocks, your start at the left.
    state.helicopter = (row + 1, 0)
    state.start = (0, 0)
    state.grid = {state.helicopter: deal_number_card(state)}
    state.face_down = set()
    for x in range(row, 0, -1):  # "dealt to the left of the faceup card"
        state.grid[(x, 0)] = state.deck.draw()
        state.face_down.add((x, 0))
    state.grid[state.start] = deal_number_card(state)
    state.pos = state.came_from = state.start
    state.life = state.life_max = 2 * row
    state.weapon = state.survivor = state.map_survivor = None
    state.map_weapons = {}
    state.zombies = state.kills = state.turn = state.provisions = state.battle_round = 0
    state.flips, state.pending, state.revealed = [], [], []
    state.holding = state.share = None
    state.use_weapon = False
    state.phase = "move"
    state.event(
        f"The helicopter is on the {state.card_name(state.helicopter)}; you start on the "
        f"{state.card_name(state.start)} with {state.life} life, {counted(row, 'block')} away.",
        cite="SETUP",
    )
    arrive(state, first=True)
    settle(state)
    return state
