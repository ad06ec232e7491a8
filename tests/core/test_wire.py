"""What rules_core.wire promises the front ends: any game's records as JSON data with every field written
by its alias, a ``"type"`` tag where the game names one, the fields a game derives for older clients, the
log and the standing of a game in the protocol's form."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar, NamedTuple

import attrs
import pytest

from rules_core.wire import WireForm, declared_tag, log_entries, plain, progress_data


@attrs.frozen
class Tile:
    tag: ClassVar[str] = "tile"
    x: int
    y: int


@attrs.frozen
class Crate:
    tag: ClassVar[int] = 3  # not a string: not a tag
    weight: float


@attrs.frozen
class Hold:
    items: tuple[Tile, ...]
    _owner: str | None = attrs.field(alias="owner")
    cache: int = attrs.field(init=False, default=7)


class Point(NamedTuple):
    x: int
    y: int


class Count(int):
    pass


def test_a_record_class_declares_its_tag_as_a_string_class_attribute() -> None:
    assert declared_tag(Tile) == "tile"
    assert declared_tag(Crate) is None
    assert declared_tag(Hold) is None


def test_scalars_are_written_as_they_are() -> None:
    assert [plain(value) for value in (None, True, 3, 2.5, "x")] == [None, True, 3, 2.5, "x"]


def test_a_tagged_record_is_an_object_of_its_tag_and_every_field() -> None:
    assert plain(Tile(1, 2)) == {"type": "tile", "x": 1, "y": 2}


def test_a_record_is_written_by_its_aliases_without_its_fields_not_taken_at_init() -> None:
    hold = Hold((Tile(0, 1), Tile(2, 3)), owner=None)
    assert plain(hold) == {"items": [{"type": "tile", "x": 0, "y": 1}, {"type": "tile", "x": 2, "y": 3}], "owner": None}


def test_the_tag_is_the_one_the_game_names_for_the_class() -> None:
    def tag_of(cls: type[Any]) -> str | None:
        return {Crate: "crate"}.get(cls)

    assert plain(Crate(1.5), tag_of) == {"type": "crate", "weight": 1.5}
    assert plain(Tile(1, 2), tag_of) == {"x": 1, "y": 2}


def test_a_derived_field_is_written_after_the_records_own_from_the_record() -> None:
    derived = {Tile: (("sum", lambda tile: tile.x + tile.y),)}
    assert plain(Tile(1, 2), derived=derived) == {"type": "tile", "x": 1, "y": 2, "sum": 3}
    assert plain(Crate(1.0), derived=derived) == {"weight": 1.0}


def test_tuples_lists_and_their_subclasses_are_arrays() -> None:
    assert plain((1, [Tile(0, 0)], Point(4, 5))) == [1, [{"type": "tile", "x": 0, "y": 0}], [4, 5]]


def test_a_subclass_of_a_scalar_is_written_as_the_scalar() -> None:
    assert plain(Count(4)) == 4


def test_a_dict_is_an_object_with_string_keys() -> None:
    assert plain({1: Tile(1, 1), "b": (2,)}) == {"1": {"type": "tile", "x": 1, "y": 1}, "b": [2]}


def test_a_value_without_a_wire_form_is_refused_naming_its_type() -> None:
    with pytest.raises(TypeError, match=r"^no wire form for set$"):
        plain({1, 2})
    with pytest.raises(TypeError, match=r"^no wire form for frozenset$"):
        plain((1, frozenset()))


def test_a_wire_form_writes_the_same_class_the_same_way_every_time() -> None:
    form = WireForm(lambda cls: "t", {Tile: (("n", lambda tile: 0),)})
    first = form.plain(Tile(1, 2))
    assert form.plain(Tile(1, 2)) == first == {"type": "t", "x": 1, "y": 2, "n": 0}
    assert form.plain([Tile(3, 4)]) == [{"type": "t", "x": 3, "y": 4, "n": 0}]


def test_log_entries_are_numbered_after_the_entries_already_seen() -> None:
    entries = [(0, "take 2", ("took", "left")), (None, "deal", ())]
    data = log_entries(entries, 5, lambda actor, action: f"{actor} did {action}", lambda event: event.upper())
    assert data == [
        {"index": 6, "player": 0, "action": "take 2", "text": "0 did take 2", "events": ["TOOK", "LEFT"]},
        {"index": 7, "player": None, "action": "deal", "text": "None did deal", "events": []},
    ]


def test_progress_data_is_where_the_game_stands() -> None:
    game = SimpleNamespace(
        to_move=1, is_over=False, round=3, state=SimpleNamespace(phase="play"), scores=(4, 5), winners=()
    )
    assert progress_data(game) == {
        "to_move": 1,
        "is_over": False,
        "round": 3,
        "phase": "play",
        "scores": [4, 5],
        "winners": [],
    }
