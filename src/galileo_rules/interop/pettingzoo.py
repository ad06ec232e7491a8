"""Galileo as a PettingZoo AEC environment: ``env(players=3)`` (``pip install 'newton-rules[pettingzoo]'``).

Everything it does is the core's generic environment (:class:`rules_core.interop.pettingzoo.InteropEnv`) over
:data:`~galileo_rules.observation.GALILEO_INTEROP`: players 1 (solo against Tycho Brahe, an automatic seat) to 4,
``advanced`` and the rule options of :class:`galileo_rules.Options` by name, games cut short at ``horizon``
decisions (Galileo's rules set no limit to a game's length).
"""

from __future__ import annotations

from typing import Any

from galileo_rules import GALILEO_INTEROP
from rules_core.interop.pettingzoo import InteropEnv


def env(players: int = 2, render_mode: str | None = None, horizon: int = 0, **parameters: Any) -> InteropEnv:
    """A Galileo environment for ``players`` (1-4) with ``parameters`` (``advanced=True``, ``die_cap=False``...)."""
    return InteropEnv(GALILEO_INTEROP, players, render_mode, horizon, **parameters)


__all__ = ["env"]
