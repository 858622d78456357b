"""Research bindings: Gymnasium (one seat), PettingZoo AEC (any game) and OpenSpiel.

    import gymnasium, deadtable.envs
    env = gymnasium.make("deadtable/OneAgainstTheDead-v1")

    from deadtable.envs.aec import env as aec_env       # PettingZoo
    import deadtable.envs.openspiel, pyspiel            # OpenSpiel
    pyspiel.load_game("deadtable_one_against_the_dead")

Importing this package registers a Gymnasium env `deadtable/<GameName>-v1` for every
registered game that has an encoding and one seat its default agents leave free (a solo
game's seat; Left 4 Dead's survivors, the director playing the infected). Encodings:
deadtable/envs/encodings/. The bindings need the `rl` extra: pip install 'deadtable[rl]'.
See docs/research.md.
"""

from __future__ import annotations

from deadtable import registry
from deadtable.envs.common import REWARD, camel
from deadtable.envs.encodings import encoding_for, has_encoding

# Raised whenever an encoding's layout, or a game's rules, change what an integer or an
# observation number means (deadtable/envs/layouts.py pins each version's layouts). 1: the
# layouts as of issue 22, the question one-hot in an explicit append-only order (0 named
# layouts that had changed under it).
ENV_VERSION = 1


def gym_id(game_id: str) -> str:
    return f"deadtable/{camel(game_id)}-v{ENV_VERSION}"


def register_gym_envs() -> list[str]:
    """Register with Gymnasium the games that have encodings and one free seat; returns
    their env ids."""
    import gymnasium

    ids = []
    for game_id in registry.game_ids():
        if not has_encoding(game_id):
            continue
        game = registry.load(game_id)
        free = [s for s in game.seats if s not in game.spec.default_agents]
        if len(free) != 1:  # a Gym env plays one seat; the game's default agents the rest
            continue
        env_id = gym_id(game_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="deadtable.envs.gym_env:DeadtableEnv",
                kwargs={"game_id": game_id},
            )
        ids.append(env_id)
    return ids


try:
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # the rl extra is missing: the encodings still work
    GYM_ENVS: list[str] = []
else:
    GYM_ENVS = register_gym_envs()

__all__ = ["GYM_ENVS", "REWARD", "encoding_for", "gym_id", "register_gym_envs"]
