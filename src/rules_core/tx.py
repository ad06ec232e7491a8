"""A transaction: the working state of one command, advanced by emitting events through the reducer."""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from rules_core.stack import POPPED, DecisionPushed, DecisionUpdated

S = TypeVar("S")  # the game's state
C = TypeVar("C")  # the game's rules context (rules_core.engine.Context)
P = TypeVar("P")  # the record of one seat in the state's ``players``


class Transaction(Generic[S, C, P]):
    """Collects the events of one command; ``state`` is always the result of the events so far.

    A game subclasses it with its own types, ``class Tx(Transaction[GameState, Context, PlayerState])``, names
    its reducer in ``reducer`` and adds its own vocabulary (paying a cost, scoring) on top of :meth:`emit`,
    the only way a state changes. The decision stack's vocabulary (:meth:`push`, :meth:`update`,
    :meth:`pop`) and :meth:`player` are the core's."""

    __slots__ = ("_reduce", "ctx", "events", "state")
    reducer: ClassVar[staticmethod[[Any, Any], Any]]  # (state, event) -> new state, set by each game

    def __init__(self, state: S, ctx: C) -> None:
        self.state = state
        self.ctx = ctx
        self.events: list[Any] = []
        self._reduce = type(self).reducer  # looked up once per command, not once per event

    def emit(self, event: Any) -> None:
        self.state = self._reduce(self.state, event)
        self.events.append(event)

    def player(self, seat: int) -> P:
        """The record of ``seat`` now: ``state.players[seat]`` (every game's state lists its seats there)."""
        # One expression, no typed local: the rules call it more than any other helper. The state type is
        # the game's, so the core's type checker cannot see its ``players``.
        return self.state.players[seat]  # type: ignore[attr-defined, no-any-return]

    def push(self, frame: Any) -> None:
        """``frame`` becomes the pending decision, above the others."""
        self.emit(DecisionPushed(frame=frame))

    def update(self, frame: Any) -> None:
        """``frame`` replaces the pending decision."""
        self.emit(DecisionUpdated(frame=frame))

    def pop(self) -> None:
        """The pending decision is settled."""
        self.emit(POPPED)


__all__ = ["Transaction"]
