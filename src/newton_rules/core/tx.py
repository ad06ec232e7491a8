"""A transaction: the working state of one command, advanced by emitting events through the reducer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Transaction:
    """Collects the events of one command; ``state`` is always the result of the events so far.

    A game subclasses it to add its own vocabulary (pushing a decision, paying a cost) on top of
    :meth:`emit`, the only way a state changes."""

    __slots__ = ("_reduce", "ctx", "events", "state")

    def __init__(self, state: Any, ctx: Any, reduce: Callable[[Any, Any], Any]) -> None:
        self.state = state
        self.ctx = ctx
        self.events: list[Any] = []
        self._reduce = reduce

    def emit(self, event: Any) -> None:
        self.state = self._reduce(self.state, event)
        self.events.append(event)
