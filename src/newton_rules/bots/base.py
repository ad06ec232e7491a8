"""Newton's types for the engine core's bot protocol (:mod:`rules_core.bots`): :class:`Bot` and
:func:`seat_view`.

A bot is given its seat's :class:`~newton_rules.PlayerView`, never the whole game: ``choose(view)``
returns one of ``view.legal_actions()``. A search bot plays on ``view.sample(rng)``, a full game
consistent with what the seat saw. A bot that wants the whole game says so by name (``oracle = True``,
or subclass ``OracleBot``) and ``play_game`` gives it the game. Callers that pass a game to a bot keep
working: the bot takes the view of the seat to move (:func:`seat_view`).

The random bot, ``play_game`` and the rest of the protocol are the core's, given to Newton by
:mod:`newton_rules.bots`; their old names in this module still work, with a ``DeprecationWarning``.
"""

from __future__ import annotations

from typing import Protocol

import newton_rules as nr
from rules_core import bots as core
from rules_core.deprecation import Deprecated, deprecated_getattr


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


# The core's names this module used to give: newton_rules.bots (or rules_core.bots) gives them now.
_CORE_NAMES = ("MAX_ACTIONS", "Observer", "OracleBot", "PlayFailed", "RandomBot", "is_oracle", "play_game")


def _core_name(name: str) -> Deprecated:
    return Deprecated(lambda: getattr(core, name), "import it from newton_rules.bots or rules_core.bots")


__getattr__ = deprecated_getattr(__name__, {name: _core_name(name) for name in _CORE_NAMES})


__all__ = ["Bot", "seat_view"]
