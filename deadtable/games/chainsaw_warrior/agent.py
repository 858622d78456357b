"""A heuristic player for Chainsaw Warrior, as a careful person plays: a gun and a heavy weapon
first, shoot whenever a shot is offered with the best odds (the Laser-lance kept for Darkness),
hide when hiding is free, run from fights it is losing, take Lucky Shots only at Darkness,
skip cards in Deck One only (Secret Passages, the Rope, Dynamite; the Flare Gun at night), look
down a Deck Two passage with the Remote Camera before skipping, fit C.A.T.S. to the Laser-lance,
throw the first-round weapons at strong creatures, avoid radiation with the Geiger Counter,
keep Acid for the Slime, and keep the Laser-lance charged.

It reads only its observation's view and decision; its own dice break ties.

It has a twin in C, in the game's kernel (kernel/agent.c, the same procedures in the same
order): `KernelGame.play_out("heuristic", agent.kernel_memory(), depth)` plays exactly its
choices there (the mcts agent's heuristic rollouts), and the kernel's tests check it decision by
decision. A change here is a change there."""

from __future__ import annotations

import re
from typing import Any

from deadtable.agents.base import Observation
from deadtable.engine.decisions import Decision
from deadtable.engine.dice import Dice

# P(2d6 >= n)
AT_LEAST = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36
            for n in range(-10, 20)}
KIT_ORDER = ("gun", "heavy-weapon", "hth-weapon", "device", "clothing")
KEEP = ("laser-lance", "implosion-waistcoat", "medi-kit")
# Kitting Out II: the cards it chooses, best first (any other card after these).
PICKS = ("sub-machine-gun", "automatic-rifle", "combat-shotgun", "blaster",
         "man-to-man-rockets", "flamethrower", "dynamite", "chainsaw", "medi-kit",
         "heat-detector", "rad-fibre-jumpsuit", "infra-red-goggles", "steel-gloves", "acid",
         "anti-rad-capsules", "wire-cutters", "rope-and-launcher", "ultra-violet-emitter")
# Advanced Training: the values it trains toward, the 24 points spread (Marksman 5: +1).
TRAIN_TO = {"endurance": 12, "wounds": 14, "hth": 10, "marksman": 5, "reflexes": 8,
            "equipment": 4}


def _needs(label: str) -> int:
    found = re.search(r"needs (-?\d+)", label)
    return int(found.group(1)) if found else 7


class HeuristicAgent:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def kernel_memory(self) -> tuple[int, ...]:
        """What its choices depend on besides the view and the decision, for the kernel's
        play_out: its dice's state (no choice draws them yet; it keeps nothing else)."""
        return (self.dice.state,)

    def act(self, obs: Observation) -> str:
        return self.choose(obs.view, obs.decision)

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        ids = decision.ids
        labels = {a.id: a.label for a in decision.actions}
        pick = getattr(self, "_" + view["question"].replace("-", "_"), None)
        chosen = pick(view, ids, labels) if pick else None
        return chosen if chosen in ids else ids[0]

    # -- each question --------------------------------------------------------------------------
    def _kit(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        if "choose" in ids and view["warrior"]["equipment_allowance"] >= 5:
            return "choose"
        for item in PICKS:
            if f"pick:{item}" in ids:
                return f"pick:{item}"
        picks = [i for i in ids if i.startswith("pick:")]
        if picks:
            return picks[0]
        for kind in KIT_ORDER:
            if f"draw:{kind}" in ids:
                return f"draw:{kind}"
        lance = [i for i in ids if i.startswith(("clip:0", "refill:0"))]
        return lance[0] if lance else "done"

    def _train(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        w = view["warrior"]
        now = {"endurance": w["endurance"], "wounds": w["wounds"], "hth": w["hth"],
               "reflexes": w["reflexes"], "equipment": w["equipment_allowance"],
               "marksman": {-2: 1, -1: 2, 0: 3, 1: 5, 2: 6}[w["marksmanship"]]}
        for attribute, target in TRAIN_TO.items():
            if now[attribute] < target and f"train:{attribute}" in ids:
                return f"train:{attribute}"
        return ids[0]

    def _wait_kit(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "enter"  # ten minutes are dearer than two points

    def _dum_dums(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "put-back"

    def _free(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        for i in ids:
            if i.startswith("reload:laser-lance") or i == "fit-cats:laser-lance":
                return i
        fits = [i for i in ids if i.startswith("fit-cats:")]
        if fits:
            return fits[0]
        # short cuts in Deck One skip its dangers; in Deck Two they would miss Darkness
        if "smash" in ids and view["deck"] == 2 and view["decks"][1] <= 10:
            return "smash"  # +3 HtH for the last cards, where Darkness waits
        for short_cut in ("flare", "rope", "dynamite"):
            if short_cut in ids and (short_cut == "flare" or view["deck"] == 1):
                return short_cut
        w = view["warrior"]
        heals = [i for i in ids if i.startswith("heal:")]
        if heals and w["max_wounds"] - w["wounds"] >= 4:
            return heals[0]
        reloads = [i for i in ids if i.startswith("reload:")]
        if reloads:
            return reloads[0]
        if "leave" in ids:
            return "leave"
        return "explore"

    def _shoot(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        fight = view["fight"]
        darkness = any(o["kind"] == "darkness" for o in fight["opponents"])
        lance_left = next((i["uses"] for i in view["items"] if i["id"] == "laser-lance"), 0)
        if "implode" in ids and (not lance_left or view["warrior"]["wounds"] <= 3):
            return "implode"
        best, best_p = "hth", 0.0
        for i in ids:
            if not i.startswith("shoot:"):
                continue
            weapon = i.split(":")[1]
            p = AT_LEAST[_needs(labels[i])]
            if weapon == "laser-lance" and not darkness:
                p *= 0.5 if lance_left > 3 else 0.0  # keep the charges for Darkness
            if p > best_p:
                best, best_p = i, p
        return best

    def _lucky(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        for i in ids:
            if i == "lucky:laser-lance:darkness:imagizer":
                return i
        for i in ids:
            if i.startswith("lucky:laser-lance:darkness"):
                return i
        if "implode" in ids and view["warrior"]["wounds"] <= 3:
            return "implode"
        return "no"

    def _escape(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        fight = view["fight"]
        w = view["warrior"]
        current = next((o for o in fight["opponents"] if o["id"] == fight["current"]),
                       fight["opponents"][0])
        if current["hth"] >= w["hth"] + 1 or w["wounds"] <= 3:
            return "imagizer" if "imagizer" in ids else "escape" if "escape" in ids else "fight"
        return "fight"

    def _order(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        weakest = min(view["fight"]["opponents"], key=lambda o: o["hth"])
        return f"fight:{weakest['id']}"

    def _hide(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "hide"

    def _climb(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "climb"

    def _meat_machine(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        w = view["warrior"]
        return "reflexes" if w["reflexes"] - 6 >= w["hth"] - 7 else "hth"

    def _agent_3(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        items = view["items"]
        order = sorted(range(len(items)), key=lambda i: (items[i]["id"] in KEEP,
                                                         items[i]["type"] == "gun"))
        return f"lose:{order[0]}"

    def _door(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        if "smash:chainsaw" in ids:
            return "smash:chainsaw"
        smash = [i for i in ids if i.startswith("smash:") and i != "smash:laser-lance"]
        if smash:
            best = max(smash, key=lambda i: AT_LEAST[int(re.search(r"(\d+)\+", labels[i])
                                                         .group(1))])  # type: ignore[union-attr]
            return best
        return "retrace"

    def _dump(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:  # a Dump
        for i in ids:
            if i in ("refill:0", "clip:0"):
                return i
        return "take" if "take" in ids else ids[0]

    def _full(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "leave-kit"

    def _passage(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        if view["deck"] == 1 and view["decks"][0] > 0:
            return "skip"
        if "camera" in ids and not view["camera"]:
            return "camera"  # look down the passage before skipping in Deck Two
        camera = view["camera"]
        return "skip" if camera and camera[0] != "Darkness" else "stop"

    def _step_6(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        fight, w = view["fight"], view["warrior"]
        current = next((o for o in fight["opponents"] if o["id"] == fight["current"]),
                       fight["opponents"][0])
        strong = current["hth"] >= w["hth"]
        for special in ("grenade", "throw-net", "needle"):
            if special in ids and strong:
                return special
        if "cnes" in ids and strong and w["wounds"] > 7:
            return "cnes"
        if "flash:bonus" in ids:
            return "flash:bonus"
        return "hth"

    def _burst(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        opponent = view["fight"]["opponents"][0]
        shots = 3 if opponent["creature"] in ("meat-machine", "mutant") else 1
        return f"burst:{shots}" if f"burst:{shots}" in ids else "burst:1"

    def _frenzy(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        w = view["warrior"]
        margin = w["endurance"] - max(w["radiation"], w["venom"])
        return "berserk" if w["wounds"] > 6 and margin > 4 else "calm"

    def _anti_rad(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        amount = int(re.search(r"back by (\d+)", labels["anti-rad"]).group(1))  # type: ignore[union-attr]
        return "anti-rad" if amount >= 4 else "keep"

    def _geiger(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "avoid"

    def _sprint(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "sprint" if view["minutes"] >= 45 else "walk"

    def _wire(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:
        return "struggle"  # the Acid is kept for the Slime

    def _slime(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:  # the Slime
        others = [i for i in ids if i != "use:laser-lance"]
        return others[0] if others else ids[0]

    def _net(self, view: dict, ids: list[str], labels: dict[str, str]) -> str:  # the Net
        others = [i for i in ids if i not in ("cut:laser-lance", "cut:acid", "struggle")]
        return others[0] if others else "struggle"
