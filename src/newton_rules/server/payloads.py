"""What the server sends: the protocol's payload of one viewer (:func:`newton_rules.protocol.payload`),
built only from that viewer's view, with the table around it (its id and seats).

The game's seed is withheld until the game is over: the seed and the action texts rebuild the whole
game, every hand and deck included, so a seat that knew it could read every hidden card.
"""

from __future__ import annotations

from typing import Any

import newton_rules as nr
from newton_rules.protocol import payload

JSON = Any


def seat_payload(game: nr.Game, viewer: int | None, since: int = 0) -> dict[str, JSON]:
    """The payload of ``viewer`` (a seat, or None for a spectator) with the log after action ``since``."""
    data = payload(game, viewer, since)
    if not game.is_over:
        data["game"] = {**data["game"], "seed": None}
    return data


def spectator_log(game: nr.Game, since: int) -> list[JSON]:
    """The actions after the ``since``-th as a spectator sees them, each with its events."""
    log: list[JSON] = payload(game, None, since)["log"]
    return log
