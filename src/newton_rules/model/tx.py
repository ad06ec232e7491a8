"""A transaction: the working state of one ``apply``, built by emitting events through the reducer."""

from __future__ import annotations

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.model import events as ev
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import Frame
from newton_rules.model.reducer import reduce
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState


@attrs.frozen
class Context:
    """What the rules read besides the state: the configuration and the component catalog."""

    config: GameConfig
    catalog: Catalog


_POPPED = ev.DecisionPopped()  # events are immutable, so one instance serves every pop


class Tx:
    """Collects the events of one command; ``state`` is always the result of the events so far."""

    __slots__ = ("ctx", "events", "state")

    def __init__(self, state: GameState, ctx: Context) -> None:
        self.state = state
        self.ctx = ctx
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.state = reduce(self.state, event)
        self.events.append(event)

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
