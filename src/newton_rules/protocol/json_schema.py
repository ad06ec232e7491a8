"""The JSON Schema (draft 2020-12) of the protocol, derived from the engine's own record types.

The state, decision frames, events and effects are attrs records with typed fields; each becomes a
``$defs`` entry that requires every field and allows no other (the wire form writes them all), with
its ``"type"`` tag for the members of a tagged union. The payload's own parts (the decision in detail,
legal actions, the log) are written out here, and ``$defs/Catalog`` is the form of the catalog.
``build_schema()`` makes the schema; ``newton_rules/protocol/payload.schema.json`` is its text, shipped
in the package (a test keeps the two equal: regenerate the file with
``python -m newton_rules.protocol.json_schema > FILE`` after changing a record).
"""

from __future__ import annotations

import json
import types
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

import attrs

from newton_rules.components.catalog import PackIdentity
from newton_rules.components.records import (
    ActionCard,
    BonusToken,
    BookLine,
    BookSpace,
    Constants,
    Geometry,
    GreatDiscovery,
    MapBoard,
    MapSpace,
    Master,
    ObjectiveTile,
    PileBonus,
    Route,
    StudyBoard,
    Tile,
    Track,
    TrackSpace,
)
from newton_rules.effects.primitives import Effect
from newton_rules.model import events as ev
from newton_rules.model import frames as fr
from newton_rules.model.config import Options
from newton_rules.model.sources import SOURCE_KINDS
from newton_rules.model.state import GameState
from newton_rules.rules.effects import declared_effects
from newton_rules.rules.table import DECLARED_FRAMES, RULES
from newton_rules.wire import COMPATIBLE_FIELDS, PROTOCOL_VERSION, tag_of
from rules_core import stack

Schema = dict[str, Any]

SCHEMA_ID = "urn:newton-rules:protocol:payload"

# The tagged unions, by the name of their $defs entry.
UNIONS: dict[str, tuple[type[Any], ...]] = {
    # The package's primitives (a variant's own, declared in its modules, are not in the reference schema).
    "Effect": tuple(rule.effect for rule in declared_effects() if rule.effect.__module__.startswith("newton_rules.")),
    "Frame": DECLARED_FRAMES,  # the reference rule table's decisions
    "Event": (*ev.EVENT_TYPES.values(), ev.HiddenEvent),
}
# The records' base classes, by the name of the union of their members.
BASES: dict[type[Any], str] = {fr.Frame: "Frame", Effect: "Effect"}
# The type parameters of the engine core's generic records, as Newton fills them: the decision stack's
# events carry Newton's frames.
TYPE_PARAMETERS: dict[Any, Any] = {stack.F: fr.Frame}
# Fields every event of the log carries besides its record's.
EVENT_EXTRAS: Schema = {"text": {"type": "string"}, "bookkeeping": {"type": "boolean"}}
# The component records the catalog gives in words, with a "text" besides their fields.
WORDED: tuple[type[Any], ...] = (
    ActionCard,
    Master,
    Tile,
    ObjectiveTile,
    GreatDiscovery,
    BonusToken,
    PileBonus,
    MapSpace,
    Route,
    TrackSpace,
    BookSpace,
    BookLine,
    StudyBoard,
)


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


class _Builder:
    """Collects the ``$defs`` of the records reached from a root type."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}

    def of(self, tp: Any) -> Schema:
        """The schema of a field's type."""
        if isinstance(tp, TypeVar):
            tp = TYPE_PARAMETERS[tp]
        if tp in BASES:
            self.union(BASES[tp])
            return _ref(BASES[tp])
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is type(None):
            return {"type": "null"}
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            return {"enum": list(args)}
        if origin in (Union, types.UnionType):
            return self._union(args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "items": False,
                "minItems": len(args),
            }
        if isinstance(tp, type) and attrs.has(tp):
            return self.record(tp)
        raise TypeError(f"no schema for the type {tp!r}")

    def _union(self, args: tuple[Any, ...]) -> Schema:
        members = set(args)
        options: list[Schema] = []
        for name, union in UNIONS.items():
            if set(union) <= members:
                self.union(name)
                options.append(_ref(name))
                members -= set(union)
        options += [self.of(a) for a in args if a in members]
        return options[0] if len(options) == 1 else {"anyOf": options}

    def union(self, name: str) -> None:
        if name not in self.defs:
            self.defs[name] = {}  # reserved first: a member may hold the union again
            self.defs[name] = {"oneOf": [self.record(cls) for cls in UNIONS[name]]}

    def record(self, cls: type[Any]) -> Schema:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}
            attrs.resolve_types(cls)
            properties: Schema = {}
            tag = tag_of(cls)
            if tag is not None:
                properties["type"] = {"const": tag}
            for field in attrs.fields(cls):
                properties[field.alias] = self.of(field.type)
            for compatible, _ in COMPATIBLE_FIELDS.get(cls, ()):
                properties[compatible] = {"type": "boolean"}
            if cls in UNIONS["Event"]:
                properties.update(EVENT_EXTRAS)
            if cls in WORDED:
                properties["text"] = {"type": "string"}
            self.defs[name] = {
                "type": "object",
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            }
        return _ref(name)


def _object(properties: Schema) -> Schema:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


INTEGER: Schema = {"type": "integer"}
STRING: Schema = {"type": "string"}
SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": 3}
BASIC: Schema = {"enum": ["work", "technology", "travel", "lessons", "study"]}


def build_schema() -> Schema:
    """The JSON Schema of :func:`newton_rules.protocol.payload`."""
    builder = _Builder()
    state = builder.of(GameState)
    builder.record(Options)
    builder.union("Frame")
    builder.union("Event")
    defs = builder.defs
    defs["Amount"] = _object({"coins": INTEGER, "vp": INTEGER, "potions": INTEGER})
    defs["Piece"] = _piece()
    defs["Decision"] = _decision()
    defs["Action"] = _object(_action())
    defs["View"] = _view(state)
    defs["LegalAction"] = _legal_action()
    defs["Standing"] = _standing()
    defs["LogEntry"] = _log_entry()
    defs["Game"] = _game(builder)
    defs["Catalog"] = _catalog(builder)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"newton_rules protocol payload, version {PROTOCOL_VERSION}",
        **_payload(state),
        "$defs": dict(sorted(defs.items())),
    }


def _piece() -> Schema:
    """A piece on a board, as the decision names it: the Work marker, a Student, the Scientist."""
    return _object(
        {
            "kind": {"enum": ["work_marker", "student", "scientist"]},
            "index": _nullable(INTEGER),
            "at": _nullable(STRING),
        }
    )


def _decision() -> Schema:
    """The pending decision in detail (:class:`newton_rules.decisions.Decision`)."""
    return _object(
        {
            "player": SEAT,
            "kind": {"enum": sorted(RULES.frame_types)},
            "prompt": STRING,
            "action": _nullable(BASIC),
            "value": _nullable(INTEGER),
            "left": _nullable(INTEGER),
            "piece": _nullable(_ref("Piece")),
            "card": _nullable(STRING),
            "frame": _ref("Frame"),
            "stack": {"type": "array", "items": {"enum": sorted(RULES.frame_types)}, "minItems": 1},
        }
    )


def _action() -> Schema:
    """A legal action's properties: its notation, kind and argument."""
    return {"text": STRING, "kind": STRING, "arg": _nullable(STRING)}


def _view(state: Schema) -> Schema:
    """A player's or a spectator's view (``view.to_json()``)."""
    return _object(_view_properties(state, "Action"))


def _view_properties(state: Schema, action: str) -> Schema:
    """What a view and the payload both hold: the version, the viewer, the state, the decision and the legal
    actions (``action`` records)."""
    return {
        "version": {"const": PROTOCOL_VERSION},
        "player": _nullable(SEAT),
        "state": state,
        "decision": _nullable(_ref("Decision")),
        "legal_actions": {"type": "array", "items": _ref(action)},
    }


def _legal_action() -> Schema:
    """A legal action with its words, cost, gain and what it gives (:mod:`newton_rules.protocol.choices`)."""
    basic = _object({"action": BASIC, "value": _nullable(INTEGER)})
    return _object(
        {
            **_action(),
            "description": STRING,
            "cost": _ref("Amount"),
            "gain": _ref("Amount"),
            "label": STRING,
            "quick": {"type": "boolean"},
            "basic_actions": _nullable({"type": "array", "items": basic}),
            "gives_up_basic": {"type": "boolean"},
        }
    )


def _standing() -> Schema:
    """One seat's standing (:mod:`newton_rules.protocol.standing`): the engine's facts and VP by source."""
    counts = {"type": "integer", "minimum": 0}
    objective = _object(
        {
            "tile": STRING,
            "where": {"enum": ["map", "work", "technology"]},
            "space": STRING,
            "occupied": {"type": "boolean"},
            "vp": _nullable(INTEGER),
        }
    )
    source = _object({"kind": {"enum": list(SOURCE_KINDS)}, "id": STRING, "label": STRING, "vp": INTEGER})
    return _object(
        {
            "seat": SEAT,
            "action_values": _object({name: counts for name in BASIC["enum"]}),
            "volumes": _object({name: counts for name in ("blue", "green", "orange", "wild")}),
            "income": _object({"vp": INTEGER, "coins": INTEGER, "potions": INTEGER}),
            "completed_lines": {"type": "array", "items": STRING},
            "medicine_cities": counts,
            "masters_vp": INTEGER,
            "objectives": {"type": "array", "items": objective},
            "objectives_vp": _nullable(INTEGER),
            "vp_sources": {"type": "array", "items": source},
        }
    )


def _log_entry() -> Schema:
    """One action of the log, with its words and events."""
    return _object(
        {
            "index": {"type": "integer", "minimum": 1},
            "player": _nullable(SEAT),
            "action": STRING,
            "text": STRING,
            "events": {"type": "array", "items": _ref("Event")},
        }
    )


def _game(builder: _Builder) -> Schema:
    """The game's configuration and the data pack's identity."""
    return _object(
        {
            "players": {"type": "integer", "minimum": 1, "maximum": 4},
            "seed": _nullable(INTEGER),
            "options": _ref("Options"),
            "rules_version": STRING,
            "data": builder.record(PackIdentity),
        }
    )


def _payload(state: Schema) -> Schema:
    """The payload's own properties: the view, the game, the outcome so far and the log."""
    return _object(
        {
            **_view_properties(state, "LegalAction"),
            "game": _ref("Game"),
            "to_move": _nullable(SEAT),
            "is_over": {"type": "boolean"},
            "round": INTEGER,
            "phase": {"enum": ["draft", "action", "end_round", "over"]},
            "scores": {"type": "array", "items": INTEGER},
            "winners": {"type": "array", "items": SEAT},
            "rank": _nullable(STRING),
            "action_count": {"type": "integer", "minimum": 0},
            "since": {"type": "integer", "minimum": 0},
            "log": {"type": "array", "items": _ref("LogEntry")},
            "standing": {"type": "array", "items": _ref("Standing")},
        }
    )


def _catalog(builder: _Builder) -> Schema:
    """The catalog (:func:`newton_rules.protocol.catalog_data`): the pack's records, with words."""

    def items(cls: type[Any]) -> Schema:
        return {"type": "array", "items": builder.record(cls)}

    strings: Schema = {"type": "array", "items": STRING}
    return _object(
        {
            "version": {"const": PROTOCOL_VERSION},
            "data": builder.record(PackIdentity),
            "constants": builder.record(Constants),
            "player_colours": strings,
            "cards": items(ActionCard),
            "masters": items(Master),
            "tiles": items(Tile),
            "objectives": items(ObjectiveTile),
            "great_discoveries": _object(
                {"tiles": items(GreatDiscovery), "face_up_by_players": {"type": "array", "items": INTEGER}}
            ),
            "bonus_tokens": items(BonusToken),
            "pile_bonuses": items(PileBonus),
            "universities": strings,
            "ancient_lands": strings,
            "map": builder.record(MapBoard),
            "work_track": builder.record(Track),
            "technology_track": builder.record(Track),
            "study_boards": items(StudyBoard),
            "geometry": _nullable(builder.record(Geometry)),
        }
    )


def schema_text() -> str:
    """The shipped file's text: the schema, indented, keys in a stable order, a final newline."""
    return json.dumps(build_schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
