"""The engine's fast copies of frozen records (``rules_core.records``): what a copy keeps, what it replaces,
and the classes it refuses because a copy would skip their checks. Each record class is declared in its test,
so the copy functions are compiled while the test runs."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rules_core.records import copier, evolve, replacer


def _point() -> type[Any]:
    @attrs.frozen
    class Point:
        x: int
        y: int
        label: str = "p"

    return Point


def test_evolve_replaces_the_fields_named_and_keeps_the_others() -> None:
    point = _point()(1, 2, "a")
    moved = evolve(point, y=5)
    assert (moved.x, moved.y, moved.label) == (1, 5, "a")
    assert (point.x, point.y, point.label) == (1, 2, "a")  # the record copied is untouched
    assert type(moved) is type(point)


def test_a_copy_with_no_change_equals_the_record_but_is_another_instance() -> None:
    point = _point()(1, 2, "a")
    same = copier(type(point))(point)
    assert same == point
    assert same is not point


def test_a_copy_takes_its_changes_by_keyword_only() -> None:
    point_type = _point()
    with pytest.raises(TypeError):
        copier(point_type)(point_type(1, 2), 5)


def test_a_copy_refuses_a_field_the_record_does_not_have() -> None:
    point_type = _point()
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        evolve(point_type(1, 2), z=3)


def test_a_record_with_no_field_is_copied() -> None:
    @attrs.frozen
    class Nothing:
        pass

    copy = evolve(Nothing())
    assert type(copy) is Nothing


def test_the_copy_function_of_a_class_is_compiled_once() -> None:
    point_type = _point()
    assert copier(point_type) is copier(point_type)


def test_each_class_has_its_own_copy_function() -> None:
    first, second = _point(), _point()
    assert copier(first) is not copier(second)
    assert type(evolve(second(1, 2), x=3)) is second


def test_a_replacer_replaces_exactly_its_fields_by_position_and_keeps_the_others() -> None:
    point_type = _point()
    point = point_type(1, 2, "a")
    replace = replacer(point_type, "label", "x")
    moved = replace(point, "b", 7)
    assert (moved.x, moved.y, moved.label) == (7, 2, "b")
    assert (point.x, point.y, point.label) == (1, 2, "a")


def test_a_replacer_is_compiled_once_per_class_and_fields() -> None:
    point_type = _point()
    assert replacer(point_type, "x") is replacer(point_type, "x")
    assert replacer(point_type, "x") is not replacer(point_type, "y")


def test_a_replacer_of_another_class_replaces_in_that_class() -> None:
    first, second = _point(), _point()
    replacer(first, "x")
    moved = replacer(second, "x")(second(1, 2), 3)
    assert type(moved) is second
    assert moved.x == 3


def test_a_replacer_refuses_a_field_the_class_does_not_have_naming_it() -> None:
    with pytest.raises(TypeError) as refused:
        replacer(_point(), "x", "z", "w")
    assert str(refused.value) == "Point has no field z, w to replace"


def test_a_replacer_refuses_a_field_named_twice() -> None:
    with pytest.raises(TypeError) as refused:
        replacer(_point(), "x", "y", "x")
    assert str(refused.value) == "a field of Point is named twice among x, y, x"


def _refusal(cls: type[Any]) -> str:
    """The message of the TypeError with which both copy functions refuse ``cls``."""
    with pytest.raises(TypeError) as refused:
        copier(cls)
    with pytest.raises(TypeError) as refused_again:
        replacer(cls)
    assert str(refused_again.value) == str(refused.value)
    return str(refused.value)


def test_a_class_that_is_not_attrs_is_refused() -> None:
    class Plain:
        __slots__ = ("x",)

        def __setattr__(self, name: str, value: Any) -> None:
            raise AttributeError(name)

    assert _refusal(Plain) == "Plain is not a frozen slotted attrs class"


def test_a_frozen_class_without_slots_is_refused() -> None:
    @attrs.frozen(slots=False)
    class Loose:
        x: int

    assert _refusal(Loose) == "Loose is not a frozen slotted attrs class"


def test_a_mutable_slotted_class_is_refused() -> None:
    @attrs.define
    class Mutable:
        x: int

    assert _refusal(Mutable) == "Mutable is not a frozen slotted attrs class"


def test_a_class_with_a_post_init_hook_is_refused() -> None:
    @attrs.frozen
    class Hooked:
        x: int

        def __attrs_post_init__(self) -> None:
            pass

    assert _refusal(Hooked) == "Hooked has a post-init hook that a copy would skip"


def test_a_field_with_a_converter_is_refused() -> None:
    @attrs.frozen
    class Converted:
        x: int
        y: int = attrs.field(converter=int)

    assert _refusal(Converted) == "Converted.y has a converter or validator that a copy would skip"


def test_a_field_with_a_validator_is_refused() -> None:
    @attrs.frozen
    class Validated:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    assert _refusal(Validated) == "Validated.x has a converter or validator that a copy would skip"


def test_a_field_with_a_hook_on_setting_is_refused() -> None:
    # A mutable class whose attrs-made __setattr__ passes the frozen check: the field's hook refuses it.
    @attrs.define(on_setattr=attrs.setters.validate)
    class Guarded:
        x: int
        y: int = attrs.field(on_setattr=attrs.setters.frozen)

    assert _refusal(Guarded) == "Guarded.y has a converter or validator that a copy would skip"
