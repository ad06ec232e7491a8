"""galileo_rules: the rules of *Galileo Galilei* (Tomáš Holek, Michal Peichl; Pink Troubadour, 2024) on the
game-agnostic engine core ``rules_core``.

>>> from galileo_rules import new_game
>>> game = new_game(players=2, seed=7)
>>> game = game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

from galileo_rules.components.catalog import Catalog, load_catalog, pack_problems
from galileo_rules.facts import Facts
from galileo_rules.game import GalileoGame, GalileoView, new_game
from galileo_rules.model.actions import Action
from galileo_rules.model.config import GameConfig, Options
from galileo_rules.model.frames import TurnFrame
from galileo_rules.observation import GALILEO_INTEROP

__all__ = [
    "GALILEO_INTEROP",
    "Action",
    "Catalog",
    "Facts",
    "GalileoGame",
    "GalileoView",
    "GameConfig",
    "Options",
    "TurnFrame",
    "load_catalog",
    "new_game",
    "pack_problems",
]
