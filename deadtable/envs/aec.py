"""PettingZoo AEC environments over any registered game with an encoding.

    from deadtable.envs.aec import env
    e = env("one-against-the-dead")            # or a game with several seats
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are the game's seats. Each observation is {"observation": float32 vector of that
seat's view, "action_mask": int8 mask}, as in PettingZoo Classic; the mask is all zeros for
a seat that is not deciding, and all ones once the game is over (so that a -inf masked
softmax over a final observation stays finite). `infos[agent]["legal_actions"]` holds the
deciding seat's legal integers, `["legal_ids"]` their ids. Rewards come at the end: +1 win,
0 draw, -1 loss per seat. The seat that decides next is `agent_selection` (seats need not
alternate). An illegal action raises IllegalEnvAction and changes nothing. Render modes:
human, ansi and (with the video extra) rgb_array.

Where the game has a kernel and a compiled encoder for its encoding (a solo game's), the env
steps the kernel and encodes from it, building the Python state only when read (`env.state`,
rendering, an error's prompt), as the Gym env does; `kernel=False` plays the Python rules
(the same episodes, tested).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from deadtable import registry
from deadtable.envs import ENV_VERSION
from deadtable.envs.common import REWARD, SEED_BOUND, IllegalEnvAction
from deadtable.envs.encodings import encoding_for
from deadtable.envs.frames import render_as, render_modes
from deadtable.envs.play import KernelPlay, Played, PythonPlay, kernel_encoder


class DeadtableAEC(Played, AECEnv):
    metadata = {"render_modes": render_modes(), "name": "deadtable_v1",
                "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        game_options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        encoding_options: dict[str, Any] | None = None,
        kernel: bool = True,
    ) -> None:
        super().__init__()
        modes = render_modes()
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode {render_mode!r}; valid: {', '.join(modes)} or None")
        self.game = registry.load(game_id, **(game_options or {}))
        self.encoding = encoding_for(self.game, **(encoding_options or {}))
        self.render_mode = render_mode
        name = f"deadtable_{game_id.replace('-', '_')}_v{ENV_VERSION}"
        self.metadata = dict(self.metadata, name=name)
        self.possible_agents = list(self.game.seats)
        n = self.encoding.num_actions
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-1.0, 1.0, self.encoding.observation_shape,
                                          np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game_seed: int | None = None
        self._play: PythonPlay | KernelPlay | None = None
        self._legal: dict[int, str] = {}  # the deciding seat's integers -> the ids they play
        # the kernel's compiled encoder, where there is one: steps build no Python view
        self._encoder = kernel_encoder(self.game, self.encoding) if kernel else None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        if options and "game_seed" in options:
            self.game_seed = int(options["game_seed"])
        else:
            self.game_seed = int(self._rng.integers(0, SEED_BOUND))
        self._play = (KernelPlay(self.game, self.game_seed, self._encoder)
                      if self._encoder is not None else PythonPlay(self.game, self.game_seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        play = self._play
        assert play is not None
        seat = play.seat()
        if seat is None:  # over: all ones, so a -inf masked softmax stays finite
            mask = np.ones(self.encoding.num_actions, dtype=np.int8)
        else:
            mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
            if seat == agent:
                mask[list(self._legal)] = 1
        observation = (play.encode(self.encoding) if isinstance(play, KernelPlay)
                       else play.encode(self.encoding, play.state.view(agent)))
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        play = self._play
        assert play is not None and play.seat() == agent
        index = int(action)
        encoding = self.encoding
        action_id = self._legal.get(index)
        if action_id is None:
            decision = play.state.decision
            assert decision is not None
            raise IllegalEnvAction.of(index, encoding, decision, self._view(agent))
        self._cumulative_rewards[agent] = 0.0
        play.apply(action_id)
        self._settle()
        self._accumulate_rewards()

    def _view(self, seat: str) -> Callable[[], dict[str, Any]]:
        """What a contextual encoding's action names read, made only if asked for: over the
        kernel, from its encoder (no Python state built); else the seat's view."""
        play = self._play
        assert play is not None
        if isinstance(play, KernelPlay):
            return play.names_view
        return lambda: play.state.view(seat)

    def _settle(self) -> None:
        """Rewards, terminations and the next agent after a reset or an action."""
        play = self._play
        assert play is not None
        outcome = play.outcome()
        if outcome is None:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            seat = play.seat()
            assert seat is not None
            self.agent_selection = seat
            ids = play.ids()
            self._legal = self.encoding.legal_map(ids, self._view(seat))
            legal = sorted(self._legal)
            for a in self.agents:
                mine = a == seat
                self.infos[a] = {"legal_ids": ids if mine else [],
                                 "legal_actions": legal if mine else []}
            return
        self.rewards = {a: REWARD[outcome.results[a]] for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        for a in self.agents:
            self.infos[a] = {"legal_ids": [], "legal_actions": [], "outcome": outcome.to_data()}
        if not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def render(self) -> Any:
        """The deciding seat's view (the first seat's once over): ansi, the terminal drawing
        as text; human, printed; rgb_array, as an image (deadtable/envs/frames.py)."""
        state = self.state
        if self.render_mode is None or state is None:
            return None
        decision = state.decision
        seat = decision.seat if decision is not None else self.possible_agents[0]
        view = state.view(seat)
        return render_as(self.render_mode, self.game, view)

    def close(self) -> None:
        pass


def raw_env(game_id: str, **kwargs: Any) -> DeadtableAEC:
    return DeadtableAEC(game_id, **kwargs)


def env(game_id: str, **kwargs: Any) -> Any:
    """The AEC env wrapped as PettingZoo Classic envs are (order and bounds enforced)."""
    from pettingzoo.utils import wrappers

    wrapped: Any = DeadtableAEC(game_id, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
