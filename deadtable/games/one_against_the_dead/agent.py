"""A heuristic player for One Against the Dead, as a sensible person plays: head for the
helicopter, lay the cards so they make as few zombies as possible, carry the best weapon and
bring a survivor, spend charged weapons on big fights only.

It reads only its observation's view and decision; its own dice break ties.

It has a twin in C, the kernel's agent.c, which chooses exactly as it does from the same memory
(`kernel_memory()`): the mcts agent's rollouts with rollout=heuristic play it there
(`KernelGame.play_out("heuristic", agent.kernel_memory(), depth)`)."""

from __future__ import annotations

from deadtable.agents.base import Observation
from deadtable.engine.decisions import Action
from deadtable.engine.dice import Dice

RANK = {None: 0, "bat": 1, "chainsaw": 2, "shotgun": 3}


class HeuristicAgent:
    def __init__(self, seed: int, big_fight: int = 10) -> None:
        self.dice = Dice(seed)
        self.big_fight = big_fight  # zombies worth a chainsaw's fuel or a shotgun's shells
        self.visits: dict[tuple[int, int], int] = {}  # where it has walked: not round in circles

    def kernel_memory(self) -> tuple[int, ...]:
        """All its choices depend on besides the view and decision, flat, for the kernel's twin
        (KernelGame.play_out): (dice state, big_fight, n, x1, y1, count1, ..., xn, yn, countn),
        the n places it has walked to in the order it first went there, each with how often.
        Bounds the kernel takes: big_fight an int (any size), coordinates within 64 bits and
        counts within [0, 2**61] (a game has fewer than 2**61 moves)."""
        flat = [self.dice.state, self.big_fight, len(self.visits)]
        for (x, y), count in self.visits.items():
            flat += [x, y, count]
        return tuple(flat)

    def act(self, obs: Observation) -> str:
        decision = obs.decision
        view = obs.view
        ids = decision.ids
        actions = {a.id: a for a in decision.actions}
        for choose in (self._free, self._place, self._fight, self._share, self._move):
            chosen = choose(view, ids, actions)
            if chosen is not None:
                return chosen
        return ids[0]

    # -- weapons and survivors ---------------------------------------------------------------
    def _free(self, view: dict, ids: list[str], actions: dict[str, Action]) -> str | None:
        if "rescue" in ids:
            return "rescue"
        mine = view["weapon"]
        my_rank = RANK[None if mine is None else mine["kind"]]
        best, best_rank = None, my_rank
        for a in ids:
            parts = a.split(":")
            if parts[0] == "take" and RANK[parts[1]] > best_rank:
                give = f"take:{parts[1]}:give"
                best, best_rank = (give if give in ids else a), RANK[parts[1]]
        if best is not None:
            return best
        survivor = view["survivor"]
        if survivor is not None and survivor["weapon"] is None:
            arms = [a for a in ids if a.startswith("arm:")]
            if arms:
                return max(arms, key=lambda a: RANK[a.split(":")[1]])
        return None

    # -- laying cards --------------------------------------------------------------------------
    def _place(self, view: dict, ids: list[str], actions: dict[str, Action]) -> str | None:
        places = [a for a in ids if a.startswith("place:")]
        if not places:
            return None
        return places[0] if len(places) == 1 else self._fewest_zombies(view, places, actions)

    def _fewest_zombies(self, view: dict, places: list[str], actions: dict[str, Action]) -> str:
        # A number card is best next to cards it matches; a non-number card off the path.
        cards = {(c["x"], c["y"]): c["card"] for c in view["cards"] if c["face_up"]}
        x, y = view["position"]
        steps = {"right": (1, 0), "up": (0, 1), "down": (0, -1), "left": (-1, 0)}
        card = view["holding"] or view["to_place"][0]
        hx, hy = view["helicopter"]

        def cost(a: str) -> tuple[int, int]:
            dx, dy = steps[a.split(":")[1]]
            p = (x + dx, y + dy)
            closer = abs(p[0] - hx) + abs(p[1] - hy) < abs(x - hx) + abs(y - hy)
            if not _is_number(card):
                return (1 if closer else 0, 0)
            around = [cards[n] for n in _neighbours(p) if n in cards]
            matches = all(_match(card, o) for o in around) and bool(around)
            # Matching cards make no zombies; otherwise put high cards away from the path.
            return (0 if matches else int(card[:-1]), 0 if closer else 1)

        return min(places, key=cost)

    # -- combat ------------------------------------------------------------------------------
    def _fight(self, view: dict, ids: list[str], actions: dict[str, Action]) -> str | None:
        if "fight:fists" not in ids and "survivor:fists" not in ids:
            return None
        zombies = view["zombies"]
        if "fight:weapon" in ids:
            w = view["weapon"]
            spend = w["charge"] is None or zombies >= self.big_fight or view["life"] <= 4
            return "fight:weapon" if spend else "fight:fists"
        if "survivor:weapon" in ids:
            return "survivor:weapon"
        return None

    def _share(self, view: dict, ids: list[str], actions: dict[str, Action]) -> str | None:
        shares = [a for a in ids if a.startswith("share:")]
        if not shares:
            return None
        survivor = view["survivor"]

        def taken(a: str) -> int:
            t, f, o = (int(n) for n in a.split(":")[1].split("."))
            return 10 * t + 5 * f + o

        # Let him take the fewest zombies that still spare you damage, while he can bear it.
        if survivor is None or survivor["life"] <= 1:
            return min(shares, key=taken)
        return max(shares, key=taken)

    # -- moving ------------------------------------------------------------------------------
    def _move(self, view: dict, ids: list[str], actions: dict[str, Action]) -> str | None:
        moves = [a for a in ids if a.startswith("move:")]
        if not moves:
            return None
        x, y = view["position"]
        hx, hy = view["helicopter"]
        steps = {"right": (1, 0), "up": (0, 1), "down": (0, -1), "left": (-1, 0)}

        def cost(a: str) -> tuple[int, int]:
            dx, dy = steps[a.split(":")[1]]
            p = (x + dx, y + dy)
            return (abs(p[0] - hx) + abs(p[1] - hy) + 2 * self.visits.get(p, 0),
                    self.dice.below(1000))

        chosen = min(moves, key=cost)
        dx, dy = steps[chosen.split(":")[1]]
        self.visits[(x + dx, y + dy)] = self.visits.get((x + dx, y + dy), 0) + 1
        return chosen


def _is_number(card: str) -> bool:
    return card != "joker" and card[:-1].isdigit()


def _match(card: str, other: str) -> bool:
    if other == "joker":
        return False
    return other[-1] == card[-1] or other[:-1] == card[:-1]


def _neighbours(p: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = p
    return [(x + 1, y), (x, y + 1), (x, y - 1), (x - 1, y)]
