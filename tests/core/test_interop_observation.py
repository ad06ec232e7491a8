"""The observation of any game on the core (rules_core.interop.observation): named pieces laid out one after
the other, each read from a view; every bad read is refused naming the piece and what is wrong."""

from __future__ import annotations

import importlib.util
from types import MappingProxyType, SimpleNamespace
from typing import Any

import pytest

from rules_core.errors import RulesError
from rules_core.interop import observation
from rules_core.interop.observation import ObservationEncoder, Piece, Segment, counts, flags, index_of, one_hot

HAS_NUMPY = importlib.util.find_spec("numpy") is not None  # the extra: encode_array needs it


def fixed(name: str, shape: tuple[int, ...], numbers: Any, meaning: str = "") -> Piece:
    return Piece(name, shape, meaning or f"the {name}", lambda view: numbers)


def test_one_hot_puts_a_one_at_an_index_inside_the_size_only() -> None:
    assert one_hot(0, 3) == {0: 1.0} and one_hot(2, 3) == {2: 1.0}
    assert one_hot(3, 3) == {} and one_hot(-1, 3) == {} and one_hot(None, 3) == {}


def test_flags_put_a_one_at_each_index() -> None:
    assert flags([2, 0, 2]) == {2: 1.0, 0: 1.0} and flags([]) == {}


def test_counts_say_how_many_times_each_position_occurs() -> None:
    assert counts([1, 3, 1, 1]) == {1: 3.0, 3: 1.0} and counts([]) == {}


def test_index_of_gives_each_item_the_position_of_its_first_occurrence() -> None:
    assert index_of(["b", "a", "b", "c"]) == {"b": 0, "a": 1, "c": 2}


def test_the_pieces_are_laid_out_one_after_the_other() -> None:
    encoder = ObservationEncoder([fixed("a", (2,), [1, 2], "first"), fixed("b", (2, 3), [0] * 6, "second")])
    assert encoder.segments == (
        Segment("a", 0, 2, "first", (2,)),
        Segment("b", 2, 6, "second", (2, 3)),
    )
    assert encoder.size == 8 and encoder.shape == (8,)
    assert ObservationEncoder([]).segments == () and ObservationEncoder([]).shape == (0,)


def test_a_piece_named_twice_is_refused_naming_each_such_name() -> None:
    pieces = [fixed(name, (1,), [0]) for name in ("b", "a", "b", "a", "c")]
    with pytest.raises(RulesError, match=r"^observation piece named twice: a, b$"):
        ObservationEncoder(pieces)


def test_a_view_is_encoded_from_dense_and_sparse_pieces() -> None:
    encoder = ObservationEncoder(
        [
            fixed("dense", (2,), [5, 6]),
            fixed("sparse", (3,), {2: 7.0, 0: 1.0}),
            fixed("mapping", (2,), MappingProxyType({1: 4.0})),  # any mapping is sparse, not only a dict
        ]
    )
    assert encoder.encode(None) == [5.0, 6.0, 1.0, 0.0, 7.0, 0.0, 4.0]
    assert all(type(x) is float for x in encoder.encode(None))
    if HAS_NUMPY:  # the extra: the same numbers as an array
        assert encoder.encode_array(None).tolist() == [5.0, 6.0, 1.0, 0.0, 7.0, 0.0, 4.0]


def test_encode_array_writes_into_the_array_given_clearing_it_first() -> None:
    numpy = pytest.importorskip("numpy")
    encoder = ObservationEncoder([fixed("pile", (3,), {1: 2.0})])
    out = numpy.full(3, 9.0, numpy.float32)
    assert encoder.encode_array(None, out) is out and out.tolist() == [0.0, 2.0, 0.0]
    assert encoder.encode_array(None).dtype == numpy.float32


def test_without_numpy_encode_array_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observation, "numpy", None)
    encoder = ObservationEncoder([fixed("pile", (1,), [1.0])])
    with pytest.raises(RulesError) as refused:
        encoder.encode_array(None)
    assert str(refused.value) == "encode_array needs NumPy: pip install 'newton-rules[numpy]' (or use encode)"
    assert encoder.encode(None) == [1.0]


def test_a_sparse_position_outside_the_piece_is_refused_naming_it() -> None:
    encoder = ObservationEncoder([fixed("pile", (3,), {3: 1.0}), fixed("after", (1,), [0.0])])
    with pytest.raises(RulesError, match=r"^observation piece 'pile' has no position 3 \(size 3\)$"):
        encoder.encode(None)
    with pytest.raises(RulesError, match=r"^observation piece 'pile' has no position -1 \(size 3\)$"):
        ObservationEncoder([fixed("pile", (3,), {-1: 1.0})]).encode(None)


def test_a_mapping_read_as_numbers_must_be_sparse_positions() -> None:
    encoder = ObservationEncoder([fixed("pile", (1,), MappingProxyType({0: 3.0}))])
    assert encoder.encode(None) == [3.0]
    with pytest.raises(RulesError, match="no position 1"):
        ObservationEncoder([fixed("pile", (1,), MappingProxyType({1: 3.0}))]).encode(None)


def test_a_piece_that_reads_the_wrong_count_is_refused_naming_it() -> None:
    with pytest.raises(RulesError, match=r"^observation piece 'pile' read 3 numbers, not 2$"):
        ObservationEncoder([fixed("pile", (2,), [1, 2, 3])]).encode(None)


def test_pieces_cut_a_vector_back_into_its_named_pieces() -> None:
    encoder = ObservationEncoder([fixed("a", (1,), [0]), fixed("b", (2,), [0, 0])])
    assert encoder.pieces([1, 2, 3]) == {"a": [1.0], "b": [2.0, 3.0]}
    with pytest.raises(RulesError, match=r"^an observation has 3 numbers, not 2$"):
        encoder.pieces([1, 2])


def test_describe_names_the_piece_and_place_of_each_position() -> None:
    encoder = ObservationEncoder([fixed("a", (2,), [0, 0]), fixed("b", (2,), [0, 0])])
    assert [encoder.describe(i) for i in range(4)] == ["a[0]", "a[1]", "b[0]", "b[1]"]
    with pytest.raises(IndexError, match=r"^no position 4 in an observation of 4$"):
        encoder.describe(4)


def test_a_piece_reads_the_view_it_is_given() -> None:
    encoder = ObservationEncoder([Piece("score", (1,), "the score", lambda view: [view.score])])
    assert encoder.encode(SimpleNamespace(score=4)) == [4.0]
    if HAS_NUMPY:
        assert encoder.encode_array(SimpleNamespace(score=5)).tolist() == [5.0]
