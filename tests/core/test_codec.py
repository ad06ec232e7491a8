"""The core's strict converter and tagged unions (``rules_core.codec``): what data files and saves may say,
how records are written, and the precise reason given for each bad input. Each test makes its own
converter and declares its own records, so the codec's functions run while it runs."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Literal

import attrs
import cattrs
import pytest

from rules_core.codec import TaggedRecord, TagRegistry, error_text, make_converter, register_tagged_union
from rules_core.stack import DecisionPushed, register_stack_events


@attrs.frozen
class Card:
    value: int
    name: str = "card"
    hidden: bool = False


@attrs.frozen
class Ask:
    question: str
    seat: int = 0


@attrs.frozen
class Count:
    left: int


Frame = Ask | Count
FRAME_TAGS: dict[str, type[Any]] = {"ask": Ask, "count": Count}


def _read(converter: cattrs.Converter, data: Any, type_: Any) -> Any:
    """``data`` read as ``type_`` (a union or a literal, which the converter's signature does not take)."""
    return converter.structure(data, type_)


def _reason(converter: cattrs.Converter, data: Any, type_: Any, path: str = "") -> str:
    """The reason ``converter`` gives for refusing ``data`` as ``type_``."""
    with pytest.raises(Exception) as refused:
        _read(converter, data, type_)
    return error_text(refused.value, path) if path else error_text(refused.value)


# -- make_converter: strict scalars, no unknown keys, defaults omitted --------------------------------------


def test_a_record_is_written_without_its_defaults_and_read_back() -> None:
    converter = make_converter()
    assert converter.unstructure(Card(3)) == {"value": 3}
    assert converter.unstructure(Card(3, "ace", True)) == {"value": 3, "name": "ace", "hidden": True}
    assert _read(converter, {"value": 3, "hidden": True}, Card) == Card(3, hidden=True)


def test_a_record_refuses_unknown_fields_naming_them_and_the_known_ones() -> None:
    reason = _reason(make_converter(), {"value": 3, "suit": "x", "colour": "y"}, Card)
    assert reason == "unknown field(s) colour, suit (known: value, name, hidden)"


def test_a_dataclass_refuses_unknown_fields_naming_them() -> None:
    @dataclasses.dataclass
    class Plain:
        value: int

    assert _reason(make_converter(), {"value": 3, "suit": "x"}, Plain) == "unknown field(s) suit"


def test_a_missing_field_is_named() -> None:
    assert _reason(make_converter(), {"name": "ace"}, Card) == "value: required field missing"


@pytest.mark.parametrize("value", ["3", True, 3.0, None])
def test_an_integer_is_never_coerced(value: Any) -> None:
    converter = make_converter()
    assert _read(converter, 3, int) == 3
    with pytest.raises(ValueError) as refused:
        _read(converter, value, int)
    assert str(refused.value) == f"expected an integer, got {value!r}"


@pytest.mark.parametrize("value", [3, None, b"ace"])
def test_a_string_is_never_coerced(value: Any) -> None:
    converter = make_converter()
    assert _read(converter, "ace", str) == "ace"
    with pytest.raises(ValueError) as refused:
        _read(converter, value, str)
    assert str(refused.value) == f"expected a string, got {value!r}"


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_a_boolean_is_true_or_false_only(value: Any) -> None:
    converter = make_converter()
    assert _read(converter, True, bool) is True
    assert _read(converter, False, bool) is False
    with pytest.raises(ValueError) as refused:
        _read(converter, value, bool)
    assert str(refused.value) == f"expected true or false, got {value!r}"


def test_a_literal_takes_one_of_its_values_by_type_and_value() -> None:
    converter = make_converter()
    assert _read(converter, 2, Literal[1, 2]) == 2
    assert _read(converter, "two", Literal[1, "two"]) == "two"


@pytest.mark.parametrize("value", [3, True, "1", 1.0])
def test_a_literal_refuses_any_other_value_naming_its_values(value: Any) -> None:
    with pytest.raises(ValueError) as refused:
        _read(make_converter(), value, Literal[1, 2])
    assert str(refused.value) == f"must be one of 1, 2, got {value!r}"


def test_a_literal_names_its_values_as_written() -> None:
    with pytest.raises(ValueError) as refused:
        _read(make_converter(), "c", Literal["a", "b"])
    assert str(refused.value) == "must be one of 'a', 'b', got 'c'"


# -- error_text: where, then why ----------------------------------------------------------------------------


def test_the_reason_of_a_field_is_given_where_it_is() -> None:
    converter = make_converter()
    assert _reason(converter, {"value": "3"}, Card) == "value: expected an integer, got '3'"
    assert _reason(converter, {"value": "3"}, Card, "pack.cards[2]") == (
        "pack.cards[2].value: expected an integer, got '3'"
    )
    assert _reason(converter, [1, "a"], list[int]) == "[1]: expected an integer, got 'a'"


def test_a_reason_about_the_record_itself_is_given_below_the_path() -> None:
    converter = make_converter()
    assert _reason(converter, {"value": 3, "suit": "x"}, Card, "pack") == (
        "pack: unknown field(s) suit (known: value, name, hidden)"
    )


def test_several_reasons_are_joined_at_most_three_by_default() -> None:
    @attrs.frozen
    class Four:
        a: int
        b: int
        c: int
        d: int

    with pytest.raises(cattrs.BaseValidationError) as refused:
        _read(make_converter(), {"a": "1", "b": "2", "c": "3", "d": "4"}, Four)
    reasons = [f"{name}: expected an integer, got '{i}'" for i, name in enumerate("abcd", start=1)]
    assert error_text(refused.value) == "; ".join(reasons[:3])
    assert error_text(refused.value, limit=4) == "; ".join(reasons)
    assert error_text(refused.value, "save", limit=1) == f"save.{reasons[0]}"


def test_a_reason_that_contains_an_at_sign_is_kept_whole() -> None:
    @attrs.frozen
    class Mail:
        to: Literal["a @ b"]

    assert _reason(make_converter(), {"to": "c"}, Mail) == "to: must be one of 'a @ b', got 'c'"


def test_a_reason_from_cattrs_itself_keeps_cattrs_wording() -> None:
    @attrs.frozen
    class Hand:
        cards: tuple[int, ...]

    assert _reason(make_converter(), {"cards": 5}, Hand) == "cards: invalid value for type, expected tuple"


class Odd:
    """A value whose hook refuses it with no reason."""


@attrs.frozen
class Holder:
    odd: Odd


def test_an_error_without_a_reason_gets_cattrs_wording() -> None:
    def refuse(value: Any, _: Any) -> Odd:
        raise ValueError

    converter = make_converter()
    converter.register_structure_hook(Odd, refuse)
    assert _reason(converter, {"odd": 1}, Holder) == "odd: invalid value for type, expected Odd"


def test_any_other_error_gives_its_message() -> None:
    assert error_text(ValueError("bad JSON"), "save") == "bad JSON"


# -- register_tagged_union: records that carry their tag ----------------------------------------------------


def _frames(converter: cattrs.Converter | None = None) -> cattrs.Converter:
    converter = converter or make_converter()
    register_tagged_union(converter, Frame, FRAME_TAGS, "frame")
    return converter


def test_a_tagged_union_writes_each_member_with_its_tag_and_reads_it_back() -> None:
    converter = _frames()
    assert converter.unstructure(Count(2), Frame) == {"type": "count", "left": 2}
    assert converter.unstructure(Ask("who?"), Frame) == {"type": "ask", "question": "who?"}
    assert _read(converter, {"type": "count", "left": 2}, Frame) == Count(2)
    assert _read(converter, {"type": "ask", "question": "who?", "seat": 1}, Frame) == Ask("who?", 1)
    assert _read(converter, {"type": "count", "left": 5}, Frame) == Count(5)


def test_a_member_of_a_tagged_union_is_written_with_its_tag_on_its_own() -> None:
    converter = _frames()
    assert converter.unstructure(Count(2)) == {"type": "count", "left": 2}
    assert converter.unstructure([Ask("a"), Count(1)], list[Frame]) == [
        {"type": "ask", "question": "a"},
        {"type": "count", "left": 1},
    ]


def test_a_tagged_union_member_omits_its_defaults_and_refuses_unknown_fields_on_any_converter() -> None:
    converter = _frames(cattrs.Converter())
    assert converter.unstructure(Ask("who?"), Frame) == {"type": "ask", "question": "who?"}
    with pytest.raises(cattrs.BaseValidationError) as refused:
        _read(converter, {"type": "ask", "question": "who?", "colour": "red"}, Frame)
    assert error_text(refused.value) == "unknown field(s) colour (known: question, seat)"


def test_a_tagged_union_refuses_an_unknown_tag_naming_it_and_the_known_ones() -> None:
    with pytest.raises(ValueError) as refused:
        _read(_frames(), {"type": "tell", "left": 2}, Frame)
    assert str(refused.value) == "unknown frame type 'tell' (known: ask, count)"


def test_a_tagged_union_refuses_an_object_without_a_tag() -> None:
    with pytest.raises(ValueError) as refused:
        _read(_frames(), {"left": 2}, Frame)
    assert str(refused.value) == "unknown frame type None (known: ask, count)"


@pytest.mark.parametrize(("data", "kind"), [([2], "list"), ("count", "str"), (None, "NoneType")])
def test_a_tagged_union_member_is_an_object(data: Any, kind: str) -> None:
    with pytest.raises(ValueError) as refused:
        _read(_frames(), data, Frame)
    assert str(refused.value) == f"frame must be an object with a 'type' key, got {kind}"


def test_a_tagged_union_refuses_to_write_a_record_it_does_not_know() -> None:
    @attrs.frozen
    class Stranger:
        pass

    with pytest.raises(ValueError) as refused:
        _frames().unstructure(Stranger(), Frame)
    assert str(refused.value).endswith("Stranger is not a known frame (known: ask, count)")


def test_an_optional_tagged_union_is_the_member_or_null() -> None:
    converter = _frames()
    assert _read(converter, None, Frame | None) is None
    assert _read(converter, {"type": "count", "left": 2}, Frame | None) == Count(2)
    assert converter.unstructure(None, Frame | None) is None
    assert converter.unstructure(Count(2), Frame | None) == {"type": "count", "left": 2}
    with pytest.raises(ValueError, match="unknown frame type 'tell'"):
        _read(converter, {"type": "tell"}, Frame | None)


def test_a_tagged_union_inside_a_record_is_read_and_written_with_tags() -> None:
    @attrs.frozen
    class Table:
        stack: tuple[Frame, ...]
        pending: Frame | None = None

    converter = _frames()
    table = Table(stack=(Ask("a"), Count(1)), pending=Count(0))
    data = {
        "stack": [{"type": "ask", "question": "a"}, {"type": "count", "left": 1}],
        "pending": {"type": "count", "left": 0},
    }
    assert converter.unstructure(table) == data
    assert _read(converter, data, Table) == table


@attrs.frozen
class Note:
    data: Any


def test_a_tagged_union_leaves_the_writing_of_other_values_alone() -> None:
    converter = _frames()
    assert converter.unstructure(Note(3)) == {"data": 3}
    assert converter.unstructure(Note(None)) == {"data": None}
    assert converter.unstructure(Note(Count(1))) == {"data": {"type": "count", "left": 1}}


# -- a family of tagged records: a base class, its registry, members declared anywhere ----------------------


def _effects() -> tuple[type[Any], type[Any], type[Any]]:
    class Effect(TaggedRecord):
        registry: ClassVar[TagRegistry[Any]] = TagRegistry("effect")

    @attrs.frozen
    class Gain(Effect):
        tag = "gain"
        coins: int

    @attrs.frozen
    class Draw(Effect):
        tag = "draw"
        cards: int = 1

    return Effect, Gain, Draw


def test_a_family_of_tagged_records_holds_each_member_under_its_tag_in_declaration_order() -> None:
    effect, gain, draw = _effects()
    registry = effect.registry
    assert dict(registry) == {"gain": gain, "draw": draw}
    assert list(registry) == ["gain", "draw"]
    assert len(registry) == 2
    assert registry["draw"] is draw
    assert repr(registry) == "TagRegistry('effect', ['draw', 'gain'])"


def test_a_family_of_tagged_records_is_read_and_written_through_its_base_class() -> None:
    effect, gain, draw = _effects()
    converter = make_converter()
    register_tagged_union(converter, effect, effect.registry, "effect")
    assert converter.unstructure(gain(2), effect) == {"type": "gain", "coins": 2}
    assert converter.unstructure(draw()) == {"type": "draw"}
    assert _read(converter, {"type": "draw", "cards": 3}, effect) == draw(3)
    assert _read(converter, {"type": "gain", "coins": 1}, effect) == gain(1)
    optional: Any = effect | None
    assert converter.unstructure([draw(2), None], list[optional]) == [{"type": "draw", "cards": 2}, None]


def test_a_member_declared_after_the_registration_is_read_and_written() -> None:
    effect, _, _ = _effects()
    converter = make_converter()
    register_tagged_union(converter, effect, effect.registry, "effect")

    @attrs.frozen
    class Score(effect):  # type: ignore[misc, valid-type]
        tag = "score"
        points: int

    assert _read(converter, {"type": "score", "points": 4}, effect) == Score(4)
    assert converter.unstructure(Score(4), effect) == {"type": "score", "points": 4}


def test_a_member_not_in_the_family_is_refused_when_written() -> None:
    effect, _, _ = _effects()
    converter = make_converter()
    register_tagged_union(converter, effect, effect.registry, "effect")

    class Loose(effect):  # type: ignore[misc, valid-type]
        registry: ClassVar[TagRegistry[Any]] = TagRegistry("loose")  # its own family: not a member of effect's

    with pytest.raises(ValueError) as refused:
        converter.unstructure(Loose(), effect)
    assert str(refused.value).endswith("Loose is not a known effect (known: draw, gain)")


def test_a_subclass_that_keeps_its_parents_tag_is_read_as_its_parent() -> None:
    effect, gain, _ = _effects()

    @attrs.frozen
    class BigGain(gain):  # type: ignore[misc, valid-type]
        pass

    assert effect.registry["gain"] is gain
    assert len(effect.registry) == 2
    assert BigGain.tag == "gain"


def test_a_member_without_a_tag_is_refused_naming_it() -> None:
    effect, _, _ = _effects()
    with pytest.raises(TypeError) as refused:

        class Nameless(effect):  # type: ignore[misc, valid-type]
            pass

    assert str(refused.value) == (
        "effect record test_a_member_without_a_tag_is_refused_naming_it.<locals>.Nameless "
        "has no class attribute 'tag' (its name in files)"
    )


def test_a_tag_held_by_another_record_is_refused_naming_both() -> None:
    effect, _, _ = _effects()
    with pytest.raises(TypeError) as refused:

        class Bonus(effect):  # type: ignore[misc, valid-type]
            tag = "gain"

    assert str(refused.value) == (
        "effect tag 'gain' is taken by _effects.<locals>.Gain: "
        "test_a_tag_held_by_another_record_is_refused_naming_both.<locals>.Bonus needs another"
    )


def test_a_record_declared_again_under_its_name_replaces_itself() -> None:
    registry: TagRegistry[Any] = TagRegistry("effect")

    def declare() -> type[Any]:
        class Gain:
            tag = "gain"

        registry.add(Gain)
        return Gain

    declare()
    again = declare()
    assert dict(registry) == {"gain": again}


def test_a_generic_member_is_read_through_the_hook_the_game_registers() -> None:
    converter = _frames()
    register_stack_events(converter, Frame)
    events = DecisionPushed[Frame] | Count
    register_tagged_union(converter, events, {"pushed": DecisionPushed, "count": Count}, "event")
    data = {"type": "pushed", "frame": {"type": "count", "left": 1}}
    assert _read(converter, data, events) == DecisionPushed(frame=Count(1))
    assert _read(converter, {"type": "count", "left": 1}, events) == Count(1)
    with pytest.raises(ValueError) as refused:
        _read(converter, {"type": "pushed", "frame": {"type": "count", "left": 1}, "seat": 0}, events)
    assert str(refused.value) == "a DecisionPushed is an object with one key, 'frame'"
