"""The JSON Schema (draft 2020-12) of any game's records in their wire form (:func:`rules_core.wire.plain`).

A game's state, frames and events are attrs records with typed fields; :class:`SchemaBuilder` makes each a
``$defs`` entry that requires every field and allows no other (the wire form writes them all), with its
``"type"`` tag when the game's ``tag_of`` names one. A game names its tagged unions (``unions``: the name of
the ``$defs`` entry -> its member classes) and the base class that stands for each in a field's type
(``bases``), and fills the core's type parameters (``type_parameters``: the decision stack's frame type).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

import attrs

from rules_core.wire import TagOf, declared_tag

__all__ = ["Schema", "SchemaBuilder", "log_entry", "nullable", "object_schema", "ref"]

Schema = dict[str, Any]

_SCALARS: dict[Any, Schema] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    float: {"type": "number"},
    type(None): {"type": "null"},
}


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def object_schema(properties: Schema) -> Schema:
    """An object with exactly ``properties``, every one required."""
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


@attrs.define
class SchemaBuilder:
    """Collects the ``$defs`` of the records reached from the types it is asked for (see the module
    docstring); ``extras`` adds properties to the records of some classes (an event's ``text``); ``names``
    renames a record's ``$defs`` entry where its class name is taken."""

    tag_of: TagOf = declared_tag
    unions: Mapping[str, tuple[type[Any], ...]] = attrs.Factory(dict)
    bases: Mapping[type[Any], str] = attrs.Factory(dict)
    type_parameters: Mapping[Any, Any] = attrs.Factory(dict)
    extras: Mapping[type[Any], Schema] = attrs.Factory(dict)
    names: Mapping[type[Any], str] = attrs.Factory(dict)  # a record's $defs name when not its class name
    defs: dict[str, Schema] = attrs.Factory(dict)

    def of(self, tp: Any) -> Schema:
        """The schema of a field's type."""
        if isinstance(tp, TypeVar):
            tp = self.type_parameters[tp]
        if tp in self.bases:
            self.union(self.bases[tp])
            return ref(self.bases[tp])
        if tp in _SCALARS:
            return dict(_SCALARS[tp])
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            return {"enum": list(args)}
        if origin in (Union, types.UnionType):
            return self._union_of(args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {"type": "array", "prefixItems": [self.of(a) for a in args], "items": False, "minItems": len(args)}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.of(args[1])}
        if isinstance(tp, type) and attrs.has(tp):
            return self.record(tp)
        raise TypeError(f"no schema for the type {tp!r}")

    def _union_of(self, args: tuple[Any, ...]) -> Schema:
        """A union type: the members of a named union that all stand in it are written as its reference."""
        members = set(args)
        options: list[Schema] = []
        for name, union in self.unions.items():
            if set(union) <= members:
                options.append(self.union(name))
                members -= set(union)
        options += [self.of(arg) for arg in args if arg in members]
        return options[0] if len(options) == 1 else {"anyOf": options}

    def union(self, name: str) -> Schema:
        if name not in self.defs:
            self.defs[name] = {}  # reserved first: a member may hold the union again
            self.defs[name] = {"oneOf": [self.record(cls) for cls in self.unions[name]]}
        return ref(name)

    def record(self, cls: type[Any]) -> Schema:
        name = self.names.get(cls, cls.__name__)
        if name not in self.defs:
            self.defs[name] = {}
            attrs.resolve_types(cls)
            properties: Schema = {}
            tag = self.tag_of(cls)
            if tag is not None:
                properties["type"] = {"const": tag}
            for field in attrs.fields(cls):
                if field.init:  # as rules_core.wire.plain writes them
                    properties[field.alias] = self.of(field.type)
            properties.update(self.extras.get(cls, {}))
            self.defs[name] = object_schema(properties)
        return ref(name)


def log_entry(seat: Schema) -> Schema:
    """One action of a game's log in the protocol: its number, who took it (null for the rules), its
    notation, its sentence and its events (``$defs/Event``); ``seat`` is the game's seat schema."""
    return object_schema(
        {
            "index": {"type": "integer", "minimum": 1},
            "player": nullable(seat),
            "action": {"type": "string"},
            "text": {"type": "string"},
            "events": {"type": "array", "items": ref("Event")},
        }
    )
