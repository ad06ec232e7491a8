"""Newton's transaction and context: what the rules read besides the state, and how they emit events."""

from __future__ import annotations

from newton_rules.components.catalog import Catalog
from newton_rules.model import events as ev
from newton_rules.model.config import GameConfig
from newton_rules.model.reducer import reduce
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from rules_core.engine import Context as CoreContext
from rules_core.tx import Transaction

# What the rules read besides the state: the configuration, the component catalog, the rule table.
Context = CoreContext[GameConfig, Catalog]


class Tx(Transaction[GameState, Context, PlayerState]):
    """A Newton command in progress: ``state`` is always the result of the events emitted so far."""

    __slots__ = ()
    reducer = staticmethod(reduce)

    def gain(self, player: int, source: Source, *, coins: int = 0, vp: int = 0, potions: int = 0) -> None:
        if coins or vp or potions:
            self.emit(ev.ResourcesChanged(player=player, coins=coins, vp=vp, potions=potions, source=source))
