"""The bot protocol, the random bot, and :func:`play_game`: the engine core's (:mod:`rules_core.bots`),
with Newton's types.

A bot is given its seat's :class:`~newton_rules.PlayerView`, never the whole game: ``choose(view)``
returns one of ``view.legal_actions()``. A search bot plays on ``view.sample(rng)``, a full game
consistent with what the seat saw. A bot that wants the whole game says so by name (``oracle = True``,
or subclass :class:`OracleBot`) and :func:`play_game` gives it the game. Callers that pass a game to a
bot keep working: the bot takes the view of the seat to move (:func:`seat_view`).
"""

from __future__ import annotations

from typing import Protocol

import newton_rules as nr
from rules_core.bots import MAX_ACTIONS, Observer, OracleBot, PlayFailed, RandomBot, is_oracle, play_game


class Bot(Protocol):
    """A player: given its seat's view when it is to move, return one of ``view.legal_actions()`` (a caller
    may pass the game instead: the bot then takes the view of the seat to move, see :func:`seat_view`)."""

    def choose(self, view: nr.PlayerView | nr.Game) -> nr.Action: ...


def seat_view(seen: nr.PlayerView | nr.Game) -> nr.PlayerView:
    """The view a bot decides on: ``seen`` itself, or, for a caller that passed a game, the view of the
    seat to move."""
    if isinstance(seen, nr.Game):
        seat = seen.to_move
        if seat is None:
            raise nr.NewtonError("the game is over: no seat is to move")
        return seen.view(seat)
    return seen


__all__ = [
    "MAX_ACTIONS",
    "Bot",
    "Observer",
    "OracleBot",
    "PlayFailed",
    "RandomBot",
    "is_oracle",
    "play_game",
    "seat_view",
]
