"""Last Night on Earth (Flying Frog Productions, 2007), with Survival of the Fittest: the data so
far (data.py and data/). The rules come next; the game is not registered yet."""
