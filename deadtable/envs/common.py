"""What the bindings share: rewards, errors, and the seed of a new game."""

from __future__ import annotations

from deadtable.engine.decisions import Decision, IllegalAction
from deadtable.envs.encodings import Encoding, View

# The reward at the end of a game, for each seat's result; 0 before the end.
REWARD = {"win": 1.0, "draw": 0.0, "loss": -1.0}
SEED_BOUND = 1 << 62  # deadtable seeds drawn by the bindings lie in [0, SEED_BOUND)


class IllegalEnvAction(IllegalAction):
    """An action integer that is not legal now (or not an action of the game at all).

    `IllegalEnvAction.of(action, encoding, decision)` writes the message, naming the legal
    integers; the constructor takes a message alone, so that the error pickles and crosses
    processes (Gymnasium's AsyncVectorEnv re-raises it as `type(error)(error)`)."""

    action: int | None = None  # the integer played, when known

    @classmethod
    def of(cls, action: int, encoding: Encoding, decision: Decision,
           view: View | None = None) -> IllegalEnvAction:
        named = encoding.actions[action] if 0 <= action < encoding.num_actions else None
        legal = ", ".join(
            f"{i}={encoding.actions[i]}" for i in encoding.legal_indices(decision, view)
        )
        what = (f"action {action} ({named})" if named is not None
                else f"action {action} (not in 0..{encoding.num_actions - 1})")
        error = cls(f"{what} is not legal for {decision.seat} now ({decision.prompt}); "
                    f"legal actions: {legal}")
        error.action = action
        error.action_id = named or f"#{action}"
        error.legal = decision.ids
        return error


def camel(game_id: str) -> str:
    """'one-against-the-dead' -> 'OneAgainstTheDead'."""
    return "".join(part.capitalize() for part in game_id.split("-"))


