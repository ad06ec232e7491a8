"""Views: what a player, or a spectator who is no player, may see of a game.

``game.view(p)`` is a :class:`PlayerView`, ``game.view(None)`` a :class:`SpectatorView`: the redacted state,
the decision, the viewer's legal actions, and on demand the events and actions of the log as the viewer may
see them. The views are made by their game and a player's view samples games, so they live beside
:class:`~newton_rules.game.Game` (:mod:`newton_rules.game`); the one filter of state, events and log, and the
log as each viewer sees it, are in :mod:`newton_rules.hidden`. This module gathers their names.
"""

from __future__ import annotations

from newton_rules.game import LegalActions, PlayerView, SpectatorView, View, player_view, spectator_view
from newton_rules.hidden import (
    HIDDEN,
    PRIVATE_ACTIONS,
    REDACTED_KEPT,
    SeenAction,
    SeenEntry,
    SeenEvent,
    Viewer,
    ViewLog,
    redact_action,
    redact_board,
    redact_event,
    redact_player,
    redact_state,
)
from rules_core.views import LogEntry

__all__ = [
    "HIDDEN",
    "PRIVATE_ACTIONS",
    "REDACTED_KEPT",
    "LegalActions",
    "LogEntry",
    "PlayerView",
    "SeenAction",
    "SeenEntry",
    "SeenEvent",
    "SpectatorView",
    "View",
    "ViewLog",
    "Viewer",
    "player_view",
    "redact_action",
    "redact_board",
    "redact_event",
    "redact_player",
    "redact_state",
    "spectator_view",
]
