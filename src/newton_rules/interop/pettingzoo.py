"""Newton as a PettingZoo AEC environment, with the conventions of PettingZoo's classic games.

    from newton_rules.interop.pettingzoo import env
    game = env(players=3)          # pip install 'newton-rules[pettingzoo]'

- **Agents** ``player_0`` ... ``player_{n-1}``, one per seat; ``agent_selection`` is the seat to move
  (Newton's turns are not a fixed rotation: a turn is several decisions, the End Round asks every seat).
- **Actions**: ``Discrete(len(space))`` over :func:`newton_rules.action_space`; only the actions of
  ``action_mask`` are legal.
- **Observations**: ``{"observation": float32 vector, "action_mask": int8 vector}``; the vector is the
  agent's view encoded by :class:`newton_rules.ObservationEncoder` (the agent is seat slot 0), so it
  never holds what the agent may not see; the mask is all zero when the agent is not to move.
- **Seeding**: ``reset(seed=s)`` deals the game of seed ``s``; ``reset()`` deals the next seed drawn
  from the last seeded generator.
- **Rewards** are terminal: the winners share 1 (ties split it), the others get 0; solo, the final
  rank's place in the solo table (0 to 1). The game always ends (its length is bounded), so no
  truncation.
- ``render_mode="ansi"`` returns the seat to move's view in words, ``"human"`` prints it.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import newton_rules as nr
from newton_rules.interop import win_shares
from newton_rules.text import render_position

RENDER_MODES = ("human", "ansi")


def env(players: int = 2, render_mode: str | None = None, **options: Any) -> NewtonEnv:
    """A Newton environment for ``players`` seats (1-4) with the rule ``options`` (``master_draft=True``...)."""
    return NewtonEnv(players=players, render_mode=render_mode, **options)


class NewtonEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one configuration; each ``reset`` deals a new game."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "newton_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise nr.NewtonError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        self.config = nr.GameConfig(players=players, seed=0, options=nr.Options(**options))
        self.space = nr.action_space(self.config)
        self.encoder = nr.observation_encoder(self.config)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(len(self.space))
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=np.inf, shape=self.encoder.shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(len(self.space),), dtype=np.int8),
            }
        )
        self._deals = random.Random()
        self.game: nr.Game | None = None
        self._to_move: int | None = None

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
        self.game = nr.Game.new(attrs.evolve(self.config, seed=deal))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._mover()

    def _mover(self) -> str:
        assert self.game is not None
        seat = self._to_move = self.game.to_move  # kept: observe reads it for every agent
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation: new arrays, which later steps never change."""
        assert self.game is not None
        seat = self._seats[agent]
        mask = bytearray(len(self.space))
        if self._to_move == seat:
            for i in self.space.ids(self.game.legal_actions()):
                mask[i] = 1
        return {
            "observation": self.encoder.encode_game_array(self.game, seat),
            "action_mask": np.frombuffer(mask, dtype=np.int8),
        }

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
            self.rewards = dict(zip(self.possible_agents, win_shares(self.game), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self.agent_selection = self._mover()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        seat = self._seats[self.agent_selection]
        text = render_position(self.game.view(seat), self.game.catalog)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


__all__ = ["RENDER_MODES", "NewtonEnv", "env"]
