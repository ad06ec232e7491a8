"""Any game's records as JSON data, for the front ends: every field of every record written, even at its
default, so a client in any language reads a payload without knowing the engine's defaults.

A game's save converter leaves defaults out (a save is read back by the engine, which knows them); the wire
form is read by clients that do not. ``plain(value, tag_of)`` writes an attrs record as an object with
every field by its alias, and with a ``"type"`` tag when ``tag_of`` names one for its class (the members of
a tagged union: frames, events); tuples and lists become arrays, dicts objects with string keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

__all__ = [
    "JSON",
    "NO_DERIVED",
    "Derived",
    "TagOf",
    "WireForm",
    "declared_tag",
    "log_entries",
    "plain",
    "progress_data",
]

JSON = Any  # what json.dumps takes: None, bool, int, str, float, list and dict of those
TagOf = Callable[[type[Any]], "str | None"]  # a record's class -> its "type" tag, or None for an untagged one
# A record's class -> fields written besides its own, each (name, derive(record)): what a game keeps on the
# wire for the clients of an earlier form after its records lost a field.
Derived = Mapping[type[Any], tuple[tuple[str, Callable[[Any], Any]], ...]]
NO_DERIVED: Derived = {}


def declared_tag(cls: type[Any]) -> str | None:
    """The ``tag`` a record class declares as a class attribute (a :class:`rules_core.records.TaggedRecord`),
    else None."""
    tag = getattr(cls, "tag", None)
    return tag if isinstance(tag, str) else None


_SCALARS = frozenset({type(None), bool, int, float, str})
Plan = tuple["str | None", tuple[tuple[str, str], ...], tuple[tuple[str, Callable[[Any], Any]], ...]]


class WireForm:
    """A game's wire form: its tags (``tag_of``) and derived fields (``derived``), with each record class's
    plan (tag, fields, derived fields) made once, since a payload writes the same few classes many times."""

    def __init__(self, tag_of: TagOf = declared_tag, derived: Derived = NO_DERIVED) -> None:
        self._tag_of = tag_of
        self._derived = derived
        self._plans: dict[type[Any], Plan] = {}

    def _plan(self, cls: type[Any]) -> Plan:
        plan = self._plans.get(cls)
        if plan is None:
            # A field the record does not take at init is a cache built from the others: not part of it.
            fields = tuple((field.alias, field.name) for field in attrs.fields(cls) if field.init)
            plan = self._plans[cls] = (self._tag_of(cls), fields, self._derived.get(cls, ()))
        return plan

    def plain(self, value: Any) -> JSON:
        """``value`` (records, tuples, scalars) as JSON data, every field of every record written (and the
        fields ``derived`` adds to its class)."""
        cls = type(value)
        if cls in _SCALARS:  # the exact types first: most values of a state are these
            return value
        if cls is tuple or cls is list:
            return [self.plain(item) for item in value]
        plans = self._plans
        plan = plans[cls] if cls in plans else (self._plan(cls) if attrs.has(cls) else None)
        if plan is not None:
            tag, fields, derived = plan
            out: dict[str, JSON] = {} if tag is None else {"type": tag}
            for alias, name in fields:
                out[alias] = self.plain(getattr(value, name))
            for name, derive in derived:
                out[name] = derive(value)
            return out
        return self._other(value)

    def _other(self, value: Any) -> JSON:
        """A value of a subclass of a scalar, tuple or list, or a dict."""
        if value is None or isinstance(value, bool | int | float | str):
            return value
        if isinstance(value, tuple | list):
            return [self.plain(item) for item in value]
        if isinstance(value, dict):
            return {str(key): self.plain(item) for key, item in value.items()}
        raise TypeError(f"no wire form for {type(value).__name__}")


def plain(value: Any, tag_of: TagOf = declared_tag, derived: Derived = NO_DERIVED) -> JSON:
    """``value`` as JSON data in the wire form of ``tag_of`` and ``derived`` (:class:`WireForm`; a game that
    writes many payloads keeps one WireForm instead)."""
    return WireForm(tag_of, derived).plain(value)


def log_entries(
    entries: Iterable[tuple[int | None, Any, Sequence[Any]]],
    since: int,
    action_text: Callable[[int | None, Any], str],
    event_data: Callable[[Any], JSON],
) -> list[JSON]:
    """A game's log after its ``since``-th action, in the protocol's form (``$defs/LogEntry``,
    :func:`rules_core.wire_schema.log_entry`): each seen entry (actor, action, events) numbered from
    ``since + 1``, with its notation, ``action_text(actor, action)`` and each event's ``event_data``."""
    return [
        {
            "index": since + i + 1,
            "player": actor,
            "action": str(action),
            "text": action_text(actor, action),
            "events": [event_data(event) for event in events],
        }
        for i, (actor, action, events) in enumerate(entries)
    ]


def progress_data(game: Any) -> dict[str, JSON]:
    """Where ``game`` (a session on the core with a ``round`` and its state's ``phase``, as both games have)
    stands, as every game's payload writes it: who is to move, whether it is over, its round and phase, and
    the scores and winners so far."""
    return {
        "to_move": game.to_move,
        "is_over": game.is_over,
        "round": game.round,
        "phase": game.state.phase,
        "scores": list(game.scores),
        "winners": list(game.winners),
    }
