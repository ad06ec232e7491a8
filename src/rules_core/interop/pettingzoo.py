"""Any game on the core as a PettingZoo AEC environment, with the conventions of PettingZoo's classic games.

    from rules_core.interop.pettingzoo import InteropEnv
    env = InteropEnv(MY_INTEROP, players=3)          # pip install 'newton-rules[pettingzoo]'

Needs PettingZoo; a game's own module offers ``env(...)`` over its declaration (Galileo's
:mod:`galileo_rules.interop.pettingzoo`), with no adapter code of its own.

- **Agents** ``player_0`` ... ``player_{n-1}``, one per player (an automatic seat, such as a solo game's
  opponent, is played by the rules); ``agent_selection`` is the player to decide.
- **Actions**: ``Discrete(len(space))`` over the game's action space (:mod:`rules_core.interop.spaces`); only
  the actions of ``action_mask`` are legal.
- **Observations**: ``{"observation": float32 vector, "action_mask": int8 vector}``; the vector is the agent's
  view encoded from the game's pieces (:mod:`rules_core.interop.observation`), so it never holds what the
  agent may not see; the mask is all zero when the agent is not to decide.
- **Seeding**: ``reset(seed=s)`` deals the game of seed ``s``; ``reset()`` deals the next seed drawn from the
  last seeded generator.
- **Rewards** are terminal: the game's declared rewards (by default the winners share 1).
- **Truncation**: a game is cut short (every agent truncated, rewards 0) at the horizon (the game's bound
  on decisions, or ``horizon``: :meth:`rules_core.interop.declaration.Interop.horizon`) or when its legal
  actions leave the action space (a domain with a ceiling, docs/interop.md).
- ``render_mode="ansi"`` returns the agent to move's view in words, ``"human"`` prints it.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rules_core.errors import OptionsError
from rules_core.interop.declaration import Interop
from rules_core.session import Session

RENDER_MODES = ("human", "ansi")


class InteropEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game's configuration (``players``, ``seed`` aside, and the game's declared
    ``parameters``); each ``reset`` deals a new game."""

    def __init__(
        self,
        interop: Interop,
        players: int | None = None,
        render_mode: str | None = None,
        horizon: int = 0,
        **parameters: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionsError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"{interop.name}_v0", "is_parallelizable": False}
        self.interop = interop
        self.config = interop.config_of(interop.default_players if players is None else players, 0, parameters)
        self.space = interop.action_space(self.config)
        self.encoder = interop.encoder(self.config)
        self.horizon = interop.horizon(self.config, horizon)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.config.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(len(self.space))
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=self.encoder.shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(len(self.space),), dtype=np.int8),
            }
        )
        self._deals = random.Random()
        self.game: Session | None = None
        self._to_move: int | None = None
        self._legal_ids: list[int] | None = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._deals = random.Random(seed)
            deal = seed
        else:
            deal = self._deals.randrange(2**31)
        self.game = self.interop.session.new(attrs.evolve(self.config, seed=deal))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_decision()

    def _next_decision(self) -> str:
        """The agent to decide (the first when none is); its seat and legal action ids are kept, as ``observe``
        reads them for every agent. A game cut short (at the horizon, or with a legal action outside the
        space: ids None) truncates every agent."""
        game = self.game
        assert game is not None
        seat = self._to_move = game.to_move
        if seat is None:
            self._legal_ids = []
            return self.possible_agents[0]
        legal = self._legal_ids = self.space.known_ids(game.legal_actions())
        if legal is None or len(game) >= self.horizon:
            self.truncations = dict.fromkeys(self.agents, True)
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation: new arrays, which later steps never change."""
        assert self.game is not None
        seat = self._seats[agent]
        mask = bytearray(len(self.space))
        if self._to_move == seat and self._legal_ids is not None and not self.truncations[agent]:
            for i in self._legal_ids:
                mask[i] = 1
        return {"observation": self.encoded(self.game, seat), "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def encoded(self, game: Session, seat: int) -> Any:
        """The seat's observation vector, a new array: its view encoded (a game with a faster way to the same
        numbers says it here)."""
        return self.encoder.encode_array(game.view(seat))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None and action is not None
        self.game = self.game.apply(self.space[int(action)])
        self._cumulative_rewards[agent] = 0.0
        # The rewards are terminal: every step's are zero (as reset made them) but the last one's.
        if self.game.is_over:
            rewards = [float(r) for r in self.interop.rewards(self.game)]
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self.agent_selection = self._next_decision()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        text = self.interop.describe(self.game.view(self._seats[self.agent_selection]))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


__all__ = ["RENDER_MODES", "InteropEnv"]
