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
from typing import Any

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
from rules_core.wire_schema import Schema, SchemaBuilder, log_entry, nullable, object_schema, ref

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


def _extras(cls: type[Any]) -> Schema:
    """The properties a record's wire form writes besides its fields: the compatible flags of version 1,
    an event's words, a component's words."""
    extras: Schema = {compatible: {"type": "boolean"} for compatible, _ in COMPATIBLE_FIELDS.get(cls, ())}
    if cls in UNIONS["Event"]:
        extras.update(EVENT_EXTRAS)
    if cls in WORDED:
        extras["text"] = {"type": "string"}
    return extras


def _builder() -> SchemaBuilder:
    """The core's schema builder, as Newton's records need it (see :mod:`rules_core.wire_schema`)."""
    classes = {*COMPATIBLE_FIELDS, *UNIONS["Event"], *WORDED}
    return SchemaBuilder(
        tag_of=tag_of,
        unions=UNIONS,
        bases=BASES,
        type_parameters=TYPE_PARAMETERS,
        extras={cls: _extras(cls) for cls in classes},
    )


INTEGER: Schema = {"type": "integer"}
STRING: Schema = {"type": "string"}
SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": 3}
BASIC: Schema = {"enum": ["work", "technology", "travel", "lessons", "study"]}


def build_schema() -> Schema:
    """The JSON Schema of :func:`newton_rules.protocol.payload`."""
    builder = _builder()
    state = builder.of(GameState)
    builder.record(Options)
    builder.union("Frame")
    builder.union("Event")
    defs = builder.defs
    defs["Amount"] = object_schema({"coins": INTEGER, "vp": INTEGER, "potions": INTEGER})
    defs["Piece"] = _piece()
    defs["Decision"] = _decision()
    defs["Action"] = object_schema(_action())
    defs["View"] = _view(state)
    defs["LegalAction"] = _legal_action()
    defs["Standing"] = _standing()
    defs["LogEntry"] = log_entry(SEAT)
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
    return object_schema(
        {
            "kind": {"enum": ["work_marker", "student", "scientist"]},
            "index": nullable(INTEGER),
            "at": nullable(STRING),
        }
    )


def _decision() -> Schema:
    """The pending decision in detail (:class:`newton_rules.decisions.Decision`)."""
    return object_schema(
        {
            "player": SEAT,
            "kind": {"enum": sorted(RULES.frame_types)},
            "prompt": STRING,
            "action": nullable(BASIC),
            "value": nullable(INTEGER),
            "left": nullable(INTEGER),
            "piece": nullable(ref("Piece")),
            "card": nullable(STRING),
            "frame": ref("Frame"),
            "stack": {"type": "array", "items": {"enum": sorted(RULES.frame_types)}, "minItems": 1},
        }
    )


def _action() -> Schema:
    """A legal action's properties: its notation, kind and argument."""
    return {"text": STRING, "kind": STRING, "arg": nullable(STRING)}


def _view(state: Schema) -> Schema:
    """A player's or a spectator's view (``view.to_json()``)."""
    return object_schema(_view_properties(state, "Action"))


def _view_properties(state: Schema, action: str) -> Schema:
    """What a view and the payload both hold: the version, the viewer, the state, the decision and the legal
    actions (``action`` records)."""
    return {
        "version": {"const": PROTOCOL_VERSION},
        "player": nullable(SEAT),
        "state": state,
        "decision": nullable(ref("Decision")),
        "legal_actions": {"type": "array", "items": ref(action)},
    }


def _legal_action() -> Schema:
    """A legal action with its words, cost, gain and what it gives (:mod:`newton_rules.protocol.choices`)."""
    basic = object_schema({"action": BASIC, "value": nullable(INTEGER)})
    return object_schema(
        {
            **_action(),
            "description": STRING,
            "cost": ref("Amount"),
            "gain": ref("Amount"),
            "label": STRING,
            "quick": {"type": "boolean"},
            "basic_actions": nullable({"type": "array", "items": basic}),
            "gives_up_basic": {"type": "boolean"},
        }
    )


def _standing() -> Schema:
    """One seat's standing (:mod:`newton_rules.protocol.standing`): the engine's facts and VP by source."""
    counts = {"type": "integer", "minimum": 0}
    objective = object_schema(
        {
            "tile": STRING,
            "where": {"enum": ["map", "work", "technology"]},
            "space": STRING,
            "occupied": {"type": "boolean"},
            "vp": nullable(INTEGER),
        }
    )
    source = object_schema({"kind": {"enum": list(SOURCE_KINDS)}, "id": STRING, "label": STRING, "vp": INTEGER})
    return object_schema(
        {
            "seat": SEAT,
            "action_values": object_schema({name: counts for name in BASIC["enum"]}),
            "volumes": object_schema({name: counts for name in ("blue", "green", "orange", "wild")}),
            "income": object_schema({"vp": INTEGER, "coins": INTEGER, "potions": INTEGER}),
            "completed_lines": {"type": "array", "items": STRING},
            "medicine_cities": counts,
            "masters_vp": INTEGER,
            "objectives": {"type": "array", "items": objective},
            "objectives_vp": nullable(INTEGER),
            "vp_sources": {"type": "array", "items": source},
        }
    )


def _game(builder: SchemaBuilder) -> Schema:
    """The game's configuration and the data pack's identity."""
    return object_schema(
        {
            "players": {"type": "integer", "minimum": 1, "maximum": 4},
            "seed": nullable(INTEGER),
            "options": ref("Options"),
            "rules_version": STRING,
            "data": builder.record(PackIdentity),
        }
    )


def _payload(state: Schema) -> Schema:
    """The payload's own properties: the view, the game, the outcome so far and the log."""
    return object_schema(
        {
            **_view_properties(state, "LegalAction"),
            "game": ref("Game"),
            "to_move": nullable(SEAT),
            "is_over": {"type": "boolean"},
            "round": INTEGER,
            "phase": {"enum": ["draft", "action", "end_round", "over"]},
            "scores": {"type": "array", "items": INTEGER},
            "winners": {"type": "array", "items": SEAT},
            "rank": nullable(STRING),
            "action_count": {"type": "integer", "minimum": 0},
            "since": {"type": "integer", "minimum": 0},
            "log": {"type": "array", "items": ref("LogEntry")},
            "standing": {"type": "array", "items": ref("Standing")},
        }
    )


def _catalog(builder: SchemaBuilder) -> Schema:
    """The catalog (:func:`newton_rules.protocol.catalog_data`): the pack's records, with words."""

    def items(cls: type[Any]) -> Schema:
        return {"type": "array", "items": builder.record(cls)}

    strings: Schema = {"type": "array", "items": STRING}
    return object_schema(
        {
            "version": {"const": PROTOCOL_VERSION},
            "data": builder.record(PackIdentity),
            "constants": builder.record(Constants),
            "player_colours": strings,
            "cards": items(ActionCard),
            "masters": items(Master),
            "tiles": items(Tile),
            "objectives": items(ObjectiveTile),
            "great_discoveries": object_schema(
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
            "geometry": nullable(builder.record(Geometry)),
        }
    )


def schema_text() -> str:
    """The shipped file's text: the schema, indented, keys in a stable order, a final newline."""
    return json.dumps(build_schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
