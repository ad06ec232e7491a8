"""Newton as a PettingZoo AEC environment, with the conventions of PettingZoo's classic games.

    from newton_rules.interop.pettingzoo import env
    game = env(players=3)          # pip install 'newton-rules[pettingzoo]'

The environment is the engine core's (:class:`rules_core.interop.pettingzoo.InteropEnv`) over Newton's
declaration, :data:`newton_rules.interop.NEWTON_INTEROP`:

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
  rank's place in the solo table (0 to 1). A game's length is bounded (:attr:`newton_rules.Bounds.max_decisions`),
  so it is truncated only below a ``horizon`` given.
- ``render_mode="ansi"`` returns the seat to move's view in words, ``"human"`` prints it.
"""

from __future__ import annotations

from typing import Any

import newton_rules as nr
from newton_rules.interop import NEWTON_INTEROP
from rules_core.interop.pettingzoo import RENDER_MODES, InteropEnv
from rules_core.session import Session


def env(players: int = 2, render_mode: str | None = None, horizon: int = 0, **options: Any) -> NewtonEnv:
    """A Newton environment for ``players`` seats (1-4) with the rule ``options`` (``master_draft=True``...)."""
    return NewtonEnv(players=players, render_mode=render_mode, horizon=horizon, **options)


class NewtonEnv(InteropEnv):
    """The AEC environment of one configuration; each ``reset`` deals a new game."""

    def __init__(self, players: int = 2, render_mode: str | None = None, horizon: int = 0, **options: Any) -> None:
        super().__init__(NEWTON_INTEROP, players, render_mode, horizon, **options)
        self.newton_encoder = nr.observation_encoder(self.config)  # the same encoder, by its own type

    def encoded(self, game: Session, seat: int) -> Any:
        """The seat's observation read straight from the game (the view's redaction applied record by
        record): the numbers of its view's encoding, without making the view."""
        assert isinstance(game, nr.Game)
        return self.newton_encoder.encode_game_array(game, seat)


__all__ = ["RENDER_MODES", "NewtonEnv", "env"]
