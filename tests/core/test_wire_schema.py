"""What rules_core.wire_schema promises a game: the JSON Schema of each field's type, of its records and of
its tagged unions, exactly as the wire form (rules_core.wire) writes them, and a precise refusal of a type
it has no schema for. Every builder is made inside its test, so the code runs under a mutant."""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

import attrs
import jsonschema
import pytest

from rules_core.wire import plain
from rules_core.wire_schema import SchemaBuilder, log_entry, object_schema, ref

F = TypeVar("F")


@attrs.frozen
class Circle:
    radius: int


@attrs.frozen
class Square:
    side: int


@attrs.frozen
class Board(Generic[F]):
    top: F
    cells: tuple[int, ...]
    pair: tuple[int, str]
    counts: dict[str, int]
    mode: Literal["fast", "slow"]
    note: str | None
    _secret: int = attrs.field(alias="hidden")
    cache: int = attrs.field(init=False, default=0)


def _shape_builder() -> SchemaBuilder:
    return SchemaBuilder(
        tag_of=lambda cls: cls.__name__.lower() if cls in (Circle, Square) else None,
        unions={"Shape": (Circle, Square)},
    )


def test_an_object_schema_requires_exactly_its_properties_and_allows_no_other() -> None:
    schema = object_schema({"a": {"type": "integer"}, "b": {"type": "string"}})
    assert schema == {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
        "required": ["a", "b"],
        "additionalProperties": False,
    }
    jsonschema.validate({"a": 1, "b": "x"}, schema)
    for wrong in ({"a": 1}, {"a": 1, "b": "x", "c": 2}, [1, "x"]):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, schema)


def test_scalars_have_their_json_types() -> None:
    builder = SchemaBuilder()
    assert [builder.of(tp) for tp in (int, str, bool, float, type(None))] == [
        {"type": "integer"},
        {"type": "string"},
        {"type": "boolean"},
        {"type": "number"},
        {"type": "null"},
    ]


def test_a_literal_is_an_enum_of_its_values() -> None:
    assert SchemaBuilder().of(Literal["fast", "slow"]) == {"enum": ["fast", "slow"]}


def test_a_tuple_of_any_length_is_an_array_of_its_item() -> None:
    assert SchemaBuilder().of(tuple[int, ...]) == {"type": "array", "items": {"type": "integer"}}


def test_a_tuple_of_fixed_length_is_an_array_of_exactly_its_items_in_order() -> None:
    assert SchemaBuilder().of(tuple[int, str]) == {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"type": "string"}],
        "items": False,
        "minItems": 2,
    }
    assert SchemaBuilder().of(tuple[int, str, bool])["minItems"] == 3


def test_a_dict_is_an_object_of_its_values() -> None:
    assert SchemaBuilder().of(dict[str, bool]) == {"type": "object", "additionalProperties": {"type": "boolean"}}


def test_an_optional_type_is_any_of_the_type_or_null() -> None:
    assert SchemaBuilder().of(int | None) == {"anyOf": [{"type": "integer"}, {"type": "null"}]}


def test_a_type_parameter_is_the_type_the_game_fills_it_with() -> None:
    assert SchemaBuilder(type_parameters={F: int}).of(F) == {"type": "integer"}


def test_a_type_without_a_schema_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match=r"^no schema for the type <class 'bytes'>$"):
        SchemaBuilder().of(bytes)
    with pytest.raises(TypeError, match=r"^no schema for the type 'Circle'$"):
        SchemaBuilder().of("Circle")


def test_a_record_is_an_object_of_its_init_fields_by_alias_written_once() -> None:
    builder = SchemaBuilder(type_parameters={F: str})
    assert builder.of(Board) == ref("Board")
    assert builder.defs == {
        "Board": object_schema(
            {
                "top": {"type": "string"},
                "cells": {"type": "array", "items": {"type": "integer"}},
                "pair": {
                    "type": "array",
                    "prefixItems": [{"type": "integer"}, {"type": "string"}],
                    "items": False,
                    "minItems": 2,
                },
                "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                "mode": {"enum": ["fast", "slow"]},
                "note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "hidden": {"type": "integer"},
            }
        )
    }


def test_the_wire_form_of_a_record_validates_against_its_schema() -> None:
    builder = SchemaBuilder(type_parameters={F: str})
    schema = {"$defs": builder.defs, **builder.of(Board)}
    board = Board("x", (1, 2), (3, "y"), {"a": 1}, "fast", None, hidden=4)
    jsonschema.validate(plain(board), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**plain(board), "pair": [3, "y", 5]}, schema)


def test_a_record_declared_with_postponed_annotations_has_the_schemas_of_its_resolved_types() -> None:
    @attrs.frozen
    class Token:  # its annotations are strings until resolved (from __future__ import annotations)
        count: int
        label: str

    builder = SchemaBuilder()
    builder.record(Token)
    assert builder.defs["Token"] == object_schema({"count": {"type": "integer"}, "label": {"type": "string"}})


@attrs.frozen
class Node:
    value: int
    children: tuple[Node, ...]


def test_a_record_that_holds_itself_refers_to_its_own_entry() -> None:
    builder = SchemaBuilder()
    assert builder.of(Node) == ref("Node")
    assert builder.defs == {
        "Node": object_schema({"value": {"type": "integer"}, "children": {"type": "array", "items": ref("Node")}})
    }


def test_a_record_carries_its_type_tag_and_the_extras_of_its_class() -> None:
    builder = SchemaBuilder(
        tag_of=lambda cls: "circle" if cls is Circle else None,
        extras={Circle: {"text": {"type": "string"}}},
    )
    builder.record(Circle)
    builder.record(Square)
    assert builder.defs["Circle"] == object_schema(
        {"type": {"const": "circle"}, "radius": {"type": "integer"}, "text": {"type": "string"}}
    )
    assert builder.defs["Square"] == object_schema({"side": {"type": "integer"}})


def test_a_record_is_written_under_the_name_the_game_gives_it() -> None:
    builder = SchemaBuilder(names={Circle: "Round"})
    assert builder.record(Circle) == ref("Round")
    assert list(builder.defs) == ["Round"]


def test_a_base_class_stands_for_its_union_in_a_field() -> None:
    builder = SchemaBuilder(unions={"Shape": (Circle, Square)}, bases={object: "Shape"})
    assert builder.of(object) == ref("Shape")
    assert builder.defs["Shape"] == {"oneOf": [ref("Circle"), ref("Square")]}


def test_a_union_type_of_exactly_a_named_union_is_its_reference() -> None:
    builder = _shape_builder()
    assert builder.of(Circle | Square) == ref("Shape")
    assert builder.defs["Shape"] == {"oneOf": [ref("Circle"), ref("Square")]}


def test_a_union_type_holding_a_named_union_and_more_is_any_of_the_union_and_the_rest() -> None:
    builder = _shape_builder()
    assert builder.of(Circle | int | Square | None) == {"anyOf": [ref("Shape"), {"type": "integer"}, {"type": "null"}]}


def test_a_union_type_holding_part_of_a_named_union_is_any_of_its_own_members() -> None:
    builder = _shape_builder()
    assert builder.of(Circle | str) == {"anyOf": [ref("Circle"), {"type": "string"}]}
    assert "Shape" not in builder.defs


def test_a_tagged_union_validates_each_member_by_its_tag() -> None:
    builder = _shape_builder()
    schema: dict[str, Any] = {"$defs": builder.defs, **builder.of(Circle | Square)}
    jsonschema.validate({"type": "circle", "radius": 2}, schema)
    jsonschema.validate({"type": "square", "side": 2}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "square", "radius": 2}, schema)


def test_a_log_entry_is_its_number_player_notation_sentence_and_events() -> None:
    seat = {"type": "integer", "minimum": 0}
    assert log_entry(seat) == object_schema(
        {
            "index": {"type": "integer", "minimum": 1},
            "player": {"anyOf": [seat, {"type": "null"}]},
            "action": {"type": "string"},
            "text": {"type": "string"},
            "events": {"type": "array", "items": {"$ref": "#/$defs/Event"}},
        }
    )
