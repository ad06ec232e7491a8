"""Galileo as an OpenSpiel game: ``pyspiel.load_game("python_galileo", {"players": 3})`` (docs/interop.md).

Importing this module registers it (``pip install 'newton-rules[openspiel]'``); everything it does is the
core's generic adapter (:mod:`rules_core.interop.openspiel`) over :data:`~galileo_rules.observation.GALILEO_INTEROP`:
players 1 (solo: Tycho Brahe is an automatic seat, played by the rules) to 4, ``advanced`` and every rule
option of :class:`galileo_rules.Options` as parameters, a chance node over the deals, games cut short at
``horizon`` decisions (Galileo's rules set no limit to a game's length).
"""

from __future__ import annotations

from galileo_rules import GALILEO_INTEROP
from rules_core.interop.openspiel import InteropGame, register

SHORT_NAME = "python_galileo"
GalileoSpielGame: type[InteropGame] = register(GALILEO_INTEROP, SHORT_NAME, "Galileo Galilei (galileo_rules)")

__all__ = ["SHORT_NAME", "GalileoSpielGame"]
