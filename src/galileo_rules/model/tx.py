"""Galileo's transaction and context: what the rules read besides the state, and how they emit events."""

from __future__ import annotations

from typing import Any

from galileo_rules.components.catalog import Catalog
from galileo_rules.model import events as ev
from galileo_rules.model.config import GameConfig
from galileo_rules.model.reducer import reduce
from galileo_rules.model.state import GameState, PlayerState, TurnFlags
from rules_core.engine import Context as CoreContext
from rules_core.records import copier
from rules_core.tx import Transaction

# The configuration, the component catalog and the rule table.
Context = CoreContext[GameConfig, Catalog]
_copy_flags = copier(TurnFlags)


class Tx(Transaction[GameState, Context, PlayerState]):
    """A Galileo command in progress: ``state`` is always the result of the events emitted so far."""

    __slots__ = ()
    reducer = staticmethod(reduce)

    def score(self, seat: int, amount: int, source: str) -> None:
        if amount:
            self.emit(ev.ScoreChanged(player=seat, amount=amount, source=source))

    def quadrants(self, seat: int, amount: int) -> None:
        if amount:
            self.emit(ev.QuadrantsChanged(player=seat, amount=amount))

    def flags(self, **changes: Any) -> None:
        self.emit(ev.TurnFlagsChanged(flags=_copy_flags(self.state.turn, **changes)))
