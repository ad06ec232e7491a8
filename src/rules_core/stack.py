"""The stack of pending decisions, owned by the core: its three events and how they change a state.

A game's state holds its pending decisions as data in a ``stack`` field (a tuple, the top last), so a
game saved in the middle of a nested decision loads again. The rules change the stack only through
these events, emitted by :meth:`rules_core.tx.Transaction.push`, ``update`` and ``pop``; a game's reducer
includes :func:`stack_reducers` for them. A decision that settles itself one item at a time (rewards
received in order) uses :func:`take_next`. A game's converter writes them with
:func:`register_stack_events`, so a frame inside an event carries the game's own tag.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs
import cattrs

from rules_core.records import replacer

F = TypeVar("F")
T = TypeVar("T")
Reducer = Callable[[Any, Any], Any]  # (state, event) -> the state after it


@attrs.frozen(kw_only=True)
class DecisionPushed(Generic[F]):
    """A decision is now pending, above the others."""

    frame: F


@attrs.frozen(kw_only=True)
class DecisionUpdated(Generic[F]):
    """The pending decision changed (a step taken, a value spent): ``frame`` replaces it."""

    frame: F


@attrs.frozen(kw_only=True)
class DecisionPopped:
    """The pending decision is settled: the one below it is pending again."""


POPPED = DecisionPopped()  # events are immutable, so one instance serves every pop

STACK_EVENT_TYPES = (DecisionPushed, DecisionUpdated, DecisionPopped)
"""The stack's events, for ``isinstance``: every game narrates, reduces and may skip them the same way."""

STACK_EVENTS: dict[str, type[Any]] = {
    "decision_pushed": DecisionPushed,
    "decision_updated": DecisionUpdated,
    "decision_popped": DecisionPopped,
}


def stack_reducers(state_type: type[Any]) -> dict[type[Any], Reducer]:
    """The reducer's handlers of the three stack events for states of ``state_type``."""
    with_stack = replacer(state_type, "stack")

    def pushed(state: Any, event: DecisionPushed[Any]) -> Any:
        return with_stack(state, (*state.stack, event.frame))

    def updated(state: Any, event: DecisionUpdated[Any]) -> Any:
        return with_stack(state, (*state.stack[:-1], event.frame))

    def popped(state: Any, _: DecisionPopped) -> Any:
        return with_stack(state, state.stack[:-1])

    return {DecisionPushed: pushed, DecisionUpdated: updated, DecisionPopped: popped}


def take_next(tx: Any, items: tuple[T, ...], keeping: Callable[[tuple[T, ...]], Any]) -> T | None:
    """Settle a pending decision one item at a time (rewards received in order, left to right): take its
    leftmost item off it, the decision being replaced by ``keeping(rest)`` or, with nothing left, leaving
    the stack. Returns the item to resolve (None if it held none). The decision is settled before its item
    is resolved, so what the item pushes is decided first and the rest comes after it."""
    if not items:
        tx.pop()
        return None
    first, rest = items[0], items[1:]
    if rest:
        tx.update(keeping(rest))
    else:
        tx.pop()
    return first


def register_stack_events(converter: cattrs.Converter, frame_type: Any) -> None:
    """Write and read the stack events' frames as ``frame_type`` (the game's tagged union of frames)."""
    for event_type in (DecisionPushed, DecisionUpdated):
        converter.register_unstructure_hook(event_type, _unstructure_frame_event(converter, frame_type))
        converter.register_structure_hook(event_type, _structure_frame_event(converter, frame_type, event_type))


def _unstructure_frame_event(converter: cattrs.Converter, frame_type: Any) -> Callable[[Any], dict[str, Any]]:
    def unstructure(event: Any) -> dict[str, Any]:
        return {"frame": converter.unstructure(event.frame, frame_type)}

    return unstructure


def _structure_frame_event(
    converter: cattrs.Converter, frame_type: Any, event_type: type[Any]
) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict) or set(value) != {"frame"}:
            raise ValueError(f"a {event_type.__name__} is an object with one key, 'frame'")
        return event_type(frame=converter.structure(value["frame"], frame_type))

    return structure


__all__ = [
    "POPPED",
    "STACK_EVENTS",
    "STACK_EVENT_TYPES",
    "DecisionPopped",
    "DecisionPushed",
    "DecisionUpdated",
    "register_stack_events",
    "stack_reducers",
    "take_next",
]
