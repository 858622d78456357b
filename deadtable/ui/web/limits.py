"""What the server refuses before it does any work: bodies nested too deeply to parse, and
agents whose search budget is over the server's cap."""

from __future__ import annotations

from typing import Any

from deadtable.agents import agent_maker

MAX_DEPTH = 32  # JSON nesting: a new game or an action is 3 levels deep
AGENT_BUDGET = 5000  # the most search a server's agent may spend on one move (see BUDGETS)
# An agent's attributes that bound the work of one move (mcts: descents of the tree, and the
# worlds its final comparison plays). An agent without them does a fixed, small amount.
BUDGETS = ("iterations", "final")


def too_deep(body: bytes | bytearray, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text nests arrays and objects more than `limit` levels deep (brackets
    inside strings do not count), read without parsing it: Python's parser gives up on deep
    nesting with a RecursionError, which must not pass for a server error."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False  # too few brackets to nest that deep
    depth = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False


def over_budget(agent: Any, game_id: str, cap: int) -> str | None:
    """Why `agent` would search more than `cap` per move, or None if it would not."""
    for name in BUDGETS:
        value = getattr(agent, name, None)
        if isinstance(value, int) and value > cap:
            return (f"{name}={value} is over this server's cap of {cap} per move (deadtable "
                    f"serve --agent-budget); ask for {name}={cap} or less")
    rollout = getattr(agent, "rollout", None)
    if isinstance(rollout, str) and rollout != "random":
        # A searching rollout agent would search at every step of every rollout.
        if searches(agent_maker(rollout, game_id)(0)):
            return (f"rollout={rollout} searches at every step of every rollout, which this "
                    f"server does not allow; roll out with an agent that does not search, "
                    f"such as random or heuristic")
    return None


def searches(agent: Any) -> bool:
    return any(isinstance(getattr(agent, name, None), int) for name in BUDGETS)
