"""Psycho Raiders (Emperors of Eternal Evil, 2014): Crucible, its people, vehicles, cards and
tables. The rules come next; the game is not registered yet."""
