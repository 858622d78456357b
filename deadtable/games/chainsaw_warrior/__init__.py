"""Chainsaw Warrior: the solo card game. One hour of game time to find and kill Darkness.

Rulebook: ../shared/seeds/chainsaw-warrior.txt. Work in progress (issue 3): the game is not
registered yet; so far this package holds the warrior's creation and the card data.
"""
