"""The JSON Schema (draft 2020-12) of Galileo's protocol, derived from the game's own record types by the
core's :class:`rules_core.wire_schema.SchemaBuilder`.

``build_schema()`` makes the schema; ``galileo_rules/protocol/payload.schema.json`` is its text, shipped in
the package (a test keeps the two equal: regenerate the file with
``python -m galileo_rules.protocol.json_schema > FILE`` after changing a record).
"""

from __future__ import annotations

import json

from galileo_rules.components.catalog import Catalog, PackIdentity
from galileo_rules.components.geometry import TableGeometry
from galileo_rules.facts import Facts
from galileo_rules.model.config import Options
from galileo_rules.model.frames import FRAME_TYPES, Frame
from galileo_rules.model.state import GameState
from galileo_rules.protocol import EVENT_CLASSES, GAME_NAME, PROTOCOL_VERSION, decision_kind, event_tag
from rules_core import stack
from rules_core.wire_schema import Schema, SchemaBuilder, log_entry, nullable, object_schema, ref

__all__ = ["build_schema", "schema_text"]

SCHEMA_ID = "urn:galileo-rules:protocol:payload"
INTEGER: Schema = {"type": "integer"}
STRING: Schema = {"type": "string"}
SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": 3}
EVENT_EXTRAS: Schema = {"text": STRING, "bookkeeping": {"type": "boolean"}}


def _builder() -> SchemaBuilder:
    frames = tuple(FRAME_TYPES[tag] for tag in FRAME_TYPES)
    return SchemaBuilder(
        tag_of=event_tag,
        unions={"Frame": frames, "Event": EVENT_CLASSES},
        bases={Frame: "Frame"},
        type_parameters={stack.F: Frame},
        extras={cls: EVENT_EXTRAS for cls in EVENT_CLASSES},
        names={Catalog: "Pack"},  # $defs/Catalog is catalog_data's form, as in Newton's schema
    )


def _change() -> Schema:
    return object_schema({"vp": INTEGER, "quadrants": INTEGER, "dice": INTEGER})


def _legal_action() -> Schema:
    return object_schema(
        {
            "text": STRING,
            "kind": STRING,
            "arg": nullable(STRING),
            "description": STRING,
            "label": STRING,
            "cost": ref("Change"),
            "gain": ref("Change"),
        }
    )


def _decision() -> Schema:
    kinds: Schema = {"enum": sorted(decision_kind(tag) for tag in FRAME_TYPES)}  # a word each, as Newton's
    return object_schema({"player": SEAT, "kind": kinds, "prompt": STRING, "text": STRING, "frame": ref("Frame")})


def _standing(builder: SchemaBuilder) -> Schema:
    source = object_schema({"source": STRING, "label": STRING, "vp": INTEGER})
    return object_schema(
        {
            "seat": SEAT,
            "astronomer": STRING,
            "vp": INTEGER,
            "projected": INTEGER,
            "facts": builder.record(Facts),
            "vp_sources": {"type": "array", "items": source},
        }
    )


def _game(builder: SchemaBuilder) -> Schema:
    return object_schema(
        {
            "name": {"const": GAME_NAME},
            "players": {"type": "integer", "minimum": 1, "maximum": 4},
            "seed": nullable(INTEGER),
            "advanced": {"type": "boolean"},
            "first_player": nullable(SEAT),
            "options": builder.record(Options),
            "rules_version": STRING,
            "data": builder.record(PackIdentity),
        }
    )


def _payload(builder: SchemaBuilder) -> Schema:
    seats = {"type": "array", "items": INTEGER}
    return object_schema(
        {
            "version": {"const": PROTOCOL_VERSION},
            "player": nullable(SEAT),
            "game": ref("Game"),
            "state": builder.record(GameState),
            "decision": nullable(ref("Decision")),
            "legal_actions": {"type": "array", "items": ref("LegalAction")},
            "to_move": nullable(SEAT),
            "is_over": {"type": "boolean"},
            "round": INTEGER,
            "phase": STRING,
            "scores": seats,
            "winners": seats,
            "action_count": {"type": "integer", "minimum": 0},
            "since": {"type": "integer", "minimum": 0},
            "log": {"type": "array", "items": ref("LogEntry")},
            "standing": {"type": "array", "items": ref("Standing")},
        }
    )


def _catalog(builder: SchemaBuilder) -> Schema:
    worded = object_schema({"id": STRING, "text": STRING})
    space = object_schema(
        {"space": INTEGER, "name": STRING, "fixed": {"type": "array", "items": STRING}, "text": STRING}
    )
    return object_schema(
        {
            "version": {"const": PROTOCOL_VERSION},
            "game": {"const": GAME_NAME},
            "data": builder.record(PackIdentity),
            "catalog": builder.record(Catalog),
            "components": {"type": "array", "items": worded},
            "sky": {"type": "array", "items": space},
            "geometry": builder.record(TableGeometry),
        }
    )


def build_schema() -> Schema:
    """The schema of :func:`galileo_rules.protocol.payload`, ``$defs`` holding its parts and the catalog's."""
    builder = _builder()
    builder.union("Event")
    builder.defs["Change"] = _change()
    builder.defs["LegalAction"] = _legal_action()
    builder.defs["Decision"] = _decision()
    builder.defs["LogEntry"] = log_entry(SEAT)
    builder.defs["Standing"] = _standing(builder)
    builder.defs["Game"] = _game(builder)
    builder.defs["Catalog"] = _catalog(builder)
    root = _payload(builder)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Galileo Galilei protocol payload",
        **root,
        "$defs": dict(sorted(builder.defs.items())),
    }


def schema_text() -> str:
    """The shipped file's text: the schema, indented, keys in a stable order."""
    return json.dumps(build_schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
