"""Newton's transaction and context: what the rules read besides the state, and how they emit events."""

from __future__ import annotations

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.model import events as ev
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import Frame
from newton_rules.model.reducer import reduce
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from rules_core.engine import Ruleset
from rules_core.tx import Transaction


@attrs.frozen
class Context:
    """What the rules read besides the state: the configuration, the component catalog, the rule table."""

    config: GameConfig
    catalog: Catalog
    rules: Ruleset


_POPPED = ev.DecisionPopped()  # events are immutable, so one instance serves every pop


class Tx(Transaction):
    """A Newton command in progress: ``state`` is always the result of the events emitted so far."""

    __slots__ = ()
    state: GameState
    ctx: Context
    reducer = staticmethod(reduce)

    def player(self, seat: int) -> PlayerState:
        return self.state.players[seat]

    def push(self, frame: Frame) -> None:
        self.emit(ev.DecisionPushed(frame=frame))

    def update(self, frame: Frame) -> None:
        self.emit(ev.DecisionUpdated(frame=frame))

    def pop(self) -> None:
        self.emit(_POPPED)

    def gain(self, player: int, source: Source, *, coins: int = 0, vp: int = 0, potions: int = 0) -> None:
        if coins or vp or potions:
            self.emit(ev.ResourcesChanged(player=player, coins=coins, vp=vp, potions=potions, source=source))
