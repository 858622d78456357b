"""The game's own agents: the infected's `director` (agent_director.py) and the survivors'
`heuristic` (agent_survivors.py); what both read off the table is in agent_common.py.

Both read the map through a sample of the game (`Observation.sample`): a copy in which the item
pool's order and the dice are dealt anew, so it shows nothing a seat may not know (both sides
see the whole table). Their own dice break ties and deal the samples.
"""

from __future__ import annotations

from deadtable.games.left_4_dead.agent_director import DirectorAgent, harm
from deadtable.games.left_4_dead.agent_survivors import HeuristicAgent, rank

__all__ = ["DirectorAgent", "HeuristicAgent", "harm", "rank"]
