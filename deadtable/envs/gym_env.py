"""Gymnasium environments: `gymnasium.make("deadtable/OneAgainstTheDead-v1")`, or for one seat
of a game with several (`"deadtable/Left4Dead-v1"`: the survivors against the director).

- Seats: the env's agent plays `seat` (default: the game's one seat, or the one seat the
  game's default agents leave free, e.g. Left 4 Dead's survivors); every other seat is
  played inside the env by the agent `opponents` names for it (a spec such as "random",
  "director" or "heuristic"; default: the game's default agent for that seat), seeded from
  the game's seed, so `reset(options={"game_seed": g})` replays exactly.

- Action space: Discrete(n) over the game's stable action encoding
  (deadtable/envs/encodings/). `env.action_space.sample()` draws a *legal* action of the
  current state (pass `mask=` to choose another mask; the space's `.mask` is kept current).
- Observation: Dict{"observation": Box(-1, 1, (size,), float32), "action_mask": Box(0, 1,
  (n,), int8)}, as PettingZoo Classic does; `info["action_mask"]` holds the same mask,
  `info["legal_actions"]` the legal integers and `info["legal_ids"]` their ids;
  `env.unwrapped.action_masks()` the mask as booleans (sb3-contrib's MaskablePPO) and
  `action_meaning(i)` what integer i means. Once the episode is over the mask is all ones
  (no action will be played; a -inf masked softmax stays finite).
- Render modes: human (printed), ansi (text), rgb_array (an image; the video extra).
- Reward: 0 until the end, then +1 for a win, 0 for a draw, -1 for a loss.
- Seeding: `reset(seed=s)` seeds the env's generator, which picks the deadtable game seed;
  `reset(options={"game_seed": g})` plays exactly `game.new(seed=g)`.
- An illegal action raises IllegalEnvAction (a ValueError naming the legal ones) and changes
  nothing; with `illegal_action="lose"` it ends the episode as a loss (reward -1,
  `info["illegal_action"]`), as PettingZoo's TerminateIllegalWrapper does.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from deadtable import registry
from deadtable.agents import Agent, make_agent, observe
from deadtable.agents.seating import check_seating
from deadtable.engine.dice import derive_seed
from deadtable.engine.game import Game
from deadtable.envs.common import REWARD, SEED_BOUND, IllegalEnvAction
from deadtable.envs.encodings import encoding_for
from deadtable.envs.frames import render_as, render_modes
from deadtable.envs.play import KernelPlay, Played, PythonPlay, kernel_encoder

Obs = dict[str, np.ndarray]


class LegalDiscrete(spaces.Discrete):
    """Discrete whose sample() draws among the actions legal now (the env keeps `.mask`).
    With no legal action (the episode is over) it samples like Discrete."""

    def __init__(self, n: int, seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self.mask = np.zeros(n, dtype=np.int8)
        self.legal = np.zeros(0, dtype=np.int64)  # the legal integers, ascending

    def set_legal(self, mask: np.ndarray, legal: list[int]) -> None:
        self.mask = mask
        self.legal = np.asarray(legal, dtype=np.int64)

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self.legal.size:
            # what Discrete.sample(mask=self.mask) draws, without re-checking the mask
            return self.start + self.dtype.type(self.np_random.choice(self.legal))
        return super().sample(mask=mask, probability=probability)


class DeadtableEnv(Played, gym.Env[Any, Any]):
    metadata = {"render_modes": render_modes(), "render_fps": 4}

    def __init__(
        self,
        game_id: str = "one-against-the-dead",
        game_options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        encoding_options: dict[str, Any] | None = None,
        kernel: bool = True,
        seat: str | None = None,
        opponents: dict[str, str] | None = None,
    ) -> None:
        """`kernel=False` plays the Python rules and encodes the Python view even where the
        game's kernel and its compiled encoder are built (to compare; same episodes).
        `seat` is the seat this env's agent plays; `opponents` the agent spec for each
        other seat (default: the game's default agent for it)."""
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', got {illegal_action!r}")
        modes = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode {render_mode!r}; valid: {', '.join(modes)} or None"
                             + ("" if "rgb_array" in modes else
                                " (rgb_array needs the video extra: pip install "
                                "'deadtable[video]')"))
        self.game = registry.load(game_id, **(game_options or {}))
        self.seat = learner_seat(self.game, seat)
        self.opponents = opponent_agents(self.game, self.seat, opponents or {})
        self._others: dict[str, Agent] = {}
        self.encoding = encoding_for(self.game, **(encoding_options or {}))
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        n = self.encoding.num_actions
        self.action_space: LegalDiscrete = LegalDiscrete(n)
        self.observation_space: spaces.Space[Any] = spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, self.encoding.observation_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.game_seed: int | None = None
        self._play: PythonPlay | KernelPlay | None = None
        # the kernel's compiled encoder, where there is one: steps build no Python view
        self._encoder = kernel_encoder(self.game, self.encoding) if kernel else None
        self._over = False
        self._view: dict[str, Any] | None = None  # the seat's view now, once built
        self._legal: dict[int, str] = {}  # the legal integers now -> the ids they play

    # -- the Gymnasium API -----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if options and "game_seed" in options:
            self.game_seed = int(options["game_seed"])
        else:
            self.game_seed = int(self.np_random.integers(0, SEED_BOUND))
        self._play = (KernelPlay(self.game, self.game_seed, self._encoder)
                      if self._encoder is not None else PythonPlay(self.game, self.game_seed))
        self._others = {s: make_agent(spec, derive_seed(self.game_seed, i + 1), self.game.id)
                        for i, (s, spec) in enumerate(sorted(self.opponents.items()))}
        self._play_others()
        self._over = self._play.outcome() is not None
        return self._observe()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        play = self._play
        if play is None or self._over:
            raise gym.error.ResetNeeded("the episode is over (or never began): call reset()")
        index = int(action)
        encoding = self.encoding
        action_id = self._legal.get(index)
        if action_id is None:
            decision = play.state.decision
            assert decision is not None
            error = IllegalEnvAction.of(index, encoding, decision, self._seen)
            if self.illegal_action == "raise":
                raise error
            self._over = True
            obs, info = self._observe()
            info["illegal_action"] = (encoding.actions[index]
                                      if 0 <= index < encoding.num_actions else f"#{index}")
            info["error"] = str(error)
            return obs, -1.0, True, False, info
        play.apply(action_id)
        self._play_others()
        outcome = play.outcome()
        reward = 0.0
        if outcome is not None:
            self._over = True
            reward = REWARD[outcome.results[self.seat]]
        obs, info = self._observe()
        return obs, reward, outcome is not None, False, info

    def render(self) -> Any:
        """ansi: the terminal drawing as text; human: that drawing printed; rgb_array: it as
        an image (deadtable/envs/frames.py)."""
        if self.render_mode is None or self.state is None:
            return None
        view = self._seen()
        return render_as(self.render_mode, self.game, view)

    # -- for masked learners (sb3-contrib's MaskablePPO) and readers ------------------------
    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's convention); all True once the
        episode is over (see `_observe`)."""
        return self.action_space.mask.astype(bool)

    def action_meaning(self, action: int) -> str:
        """What integer `action` means: its id in the encoding, and where it is legal now the
        id it plays and its label, e.g. "shoot:shotgun:@1 = shoot:shotgun:zombie-4: Shoot
        the Zombie (4) with the Shotgun"."""
        encoding = self.encoding
        if not 0 <= int(action) < encoding.num_actions:
            raise ValueError(f"action {action} is not in 0..{encoding.num_actions - 1}")
        name = encoding.actions[int(action)]
        state = self.state
        decision = None if state is None or self._over else state.decision
        if decision is None or not self.action_space.mask[int(action)]:
            return name
        plays = self._legal[int(action)]
        found = decision.get(plays)
        label = found.label if found is not None else ""
        return f"{name}: {label}" if plays == name else f"{name} = {plays}: {label}"

    # -- helpers ---------------------------------------------------------------------------
    def _play_others(self) -> None:
        """Let the other seats' agents play until this env's seat decides or the game ends."""
        play = self._play
        assert play is not None
        while self._others and play.outcome() is None:
            seat = play.seat()
            if seat == self.seat or seat is None:
                return
            play.apply(self._others[seat].act(observe(play.state)))

    def _seen(self) -> dict[str, Any]:
        if self._view is None:
            state = self.state
            assert state is not None
            self._view = state.view(self.seat)
        return self._view

    def _named(self) -> dict[str, Any]:
        """What a contextual encoding's action names read: over the kernel, from its encoder
        (no Python state built); else the view."""
        play = self._play
        return play.names_view() if isinstance(play, KernelPlay) else self._seen()

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        play = self._play
        assert play is not None
        self._view = None
        ids = [] if self._over else play.ids()
        encoding = self.encoding
        self._legal = encoding.legal_map(ids, self._named)
        legal = sorted(self._legal)
        if not ids:
            # Over: every action "allowed" (none will be played: step() asks for reset()),
            # so that a -inf masked softmax over the final observation stays finite.
            mask = np.ones(self.encoding.num_actions, dtype=np.int8)
        else:
            mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
            mask[legal] = 1
        self.action_space.set_legal(mask.copy(), legal)
        observation = (play.encode(encoding) if isinstance(play, KernelPlay)
                       else play.encode(encoding, self._seen()))
        obs = {"observation": observation, "action_mask": mask}
        info: dict[str, Any] = {
            "action_mask": mask.copy(),
            "legal_actions": legal,
            "legal_ids": ids,
            "game_seed": self.game_seed,
        }
        outcome = play.outcome()
        if outcome is not None:
            info["outcome"] = outcome.to_data()
        return obs, info


def learner_seat(game: Game, seat: str | None) -> str:
    """The seat a Gym env's agent plays: `seat`, or the one seat the game's default agents
    leave free (a solo game's only seat)."""
    if seat is not None:
        if seat not in game.seats:
            raise ValueError(f"seat {seat!r} is not a seat of {game.id}; its seats: "
                             f"{', '.join(game.seats)}")
        return seat
    free = [s for s in game.seats if s not in game.spec.default_agents]
    if len(free) != 1:
        raise ValueError(
            f"{game.id} has {len(game.seats)} seats ({', '.join(game.seats)}): say which one "
            f"the env's agent plays with seat=..., and the other seats' agents with "
            f"opponents={{seat: agent}}; or use deadtable.envs.aec.env({game.id!r})")
    return free[0]


def opponent_agents(game: Game, seat: str, given: dict[str, str]) -> dict[str, str]:
    """The agent spec for every seat but `seat`: `given`, else the game's default agent."""
    wrong = sorted(set(given) - set(game.seats) | set(given) & {seat})
    if wrong:
        raise ValueError(f"opponents names {', '.join(wrong)}: give agents for the other seats "
                         f"of {game.id} ({', '.join(s for s in game.seats if s != seat)})")
    out = {}
    for other in game.seats:
        if other == seat:
            continue
        spec = given.get(other) or game.spec.default_agents.get(other)
        if spec is None:
            raise ValueError(f"{game.id}'s seat {other!r} has no default agent: name one with "
                             f"opponents={{{other!r}: 'random'}}")
        make_agent(spec, 0, game.id)  # a clear error now for an unknown agent
        out[other] = spec
    check_seating(game, out)  # and for one where it does not play (WrongSeat)
    return out
