"""Any game's records as JSON data, for the front ends: every field of every record written, even at its
default, so a client in any language reads a payload without knowing the engine's defaults.

A game's save converter leaves defaults out (a save is read back by the engine, which knows them); the wire
form is read by clients that do not. ``plain(value, tag_of)`` writes an attrs record as an object with
every field by its alias, and with a ``"type"`` tag when ``tag_of`` names one for its class (the members of
a tagged union: frames, events); tuples and lists become arrays, dicts objects with string keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

__all__ = ["JSON", "NO_DERIVED", "Derived", "TagOf", "declared_tag", "plain"]

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


def plain(value: Any, tag_of: TagOf = declared_tag, derived: Derived = NO_DERIVED) -> JSON:
    """``value`` (records, tuples, scalars) as JSON data, every field of every record written (and the
    fields ``derived`` adds to its class)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [plain(item, tag_of, derived) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item, tag_of, derived) for key, item in value.items()}
    if attrs.has(type(value)):
        out: dict[str, JSON] = {}
        tag = tag_of(type(value))
        if tag is not None:
            out["type"] = tag
        for field in attrs.fields(type(value)):
            if field.init:  # a cache built from the other fields is not part of the record
                out[field.alias] = plain(getattr(value, field.name), tag_of, derived)
        for name, derive in derived.get(type(value), ()):
            out[name] = derive(value)
        return out
    raise TypeError(f"no wire form for {type(value).__name__}")
