"""The decision stack the core owns (``rules_core.stack``): how its three events change a state, how a
decision settles one item at a time, and how a game's converter writes and reads the events' frames. Each
test declares its own state, frames and converter, so the core's functions run while it runs."""

from __future__ import annotations

from typing import Any

import attrs
import cattrs
import pytest

from rules_core.codec import make_converter, register_tagged_union
from rules_core.stack import POPPED, DecisionPushed, DecisionUpdated, register_stack_events, stack_reducers, take_next


@attrs.frozen
class Ask:
    question: str


@attrs.frozen
class Count:
    left: int = 3


Frame = Ask | Count


@attrs.frozen
class Table:
    round: int
    stack: tuple[Frame, ...] = ()


def _reduce(state: Table, event: Any) -> Table:
    result: Table = stack_reducers(Table)[type(event)](state, event)
    return result


def test_a_pushed_decision_goes_on_top_of_the_others() -> None:
    state = Table(round=2, stack=(Ask("a"), Ask("b")))
    after = _reduce(state, DecisionPushed(frame=Count(1)))
    assert after == Table(round=2, stack=(Ask("a"), Ask("b"), Count(1)))
    assert state.stack == (Ask("a"), Ask("b"))


def test_an_updated_decision_replaces_the_top_one_and_keeps_those_below() -> None:
    state = Table(round=2, stack=(Ask("a"), Ask("b"), Count(1)))
    after = _reduce(state, DecisionUpdated(frame=Count(0)))
    assert after == Table(round=2, stack=(Ask("a"), Ask("b"), Count(0)))


def test_a_popped_decision_leaves_the_one_below_it_pending() -> None:
    state = Table(round=2, stack=(Ask("a"), Ask("b"), Count(1)))
    after = _reduce(state, POPPED)
    assert after == Table(round=2, stack=(Ask("a"), Ask("b")))


def test_the_stack_reducers_handle_exactly_the_three_stack_events() -> None:
    assert set(stack_reducers(Table)) == {DecisionPushed, DecisionUpdated, type(POPPED)}


class _Recorder:
    """A transaction's stack vocabulary, recording what :func:`take_next` asks of it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def update(self, frame: Any) -> None:
        self.calls.append(("update", frame))

    def pop(self) -> None:
        self.calls.append(("pop", None))


def test_take_next_takes_the_leftmost_item_and_keeps_the_rest_pending() -> None:
    tx = _Recorder()
    first = take_next(tx, ("gold", "card", "move"), lambda rest: ("rewards", rest))
    assert first == "gold"
    assert tx.calls == [("update", ("rewards", ("card", "move")))]


def test_take_next_settles_the_decision_with_its_last_item() -> None:
    tx = _Recorder()
    assert take_next(tx, ("move",), lambda rest: ("rewards", rest)) == "move"
    assert tx.calls == [("pop", None)]


def test_take_next_of_no_item_settles_the_decision_and_gives_none() -> None:
    tx = _Recorder()
    assert take_next(tx, (), lambda rest: ("rewards", rest)) is None
    assert tx.calls == [("pop", None)]


def _converter() -> cattrs.Converter:
    converter = make_converter()
    register_tagged_union(converter, Frame, {"ask": Ask, "count": Count}, "frame")
    register_stack_events(converter, Frame)
    return converter


@pytest.mark.parametrize("event_type", [DecisionPushed, DecisionUpdated])
def test_a_stack_event_writes_its_frame_with_the_frames_tag_and_reads_it_back(event_type: Any) -> None:
    converter = _converter()
    event = event_type(frame=Count(1))
    data = converter.unstructure(event)
    assert data == {"frame": {"type": "count", "left": 1}}
    assert converter.structure(data, event_type) == event
    assert converter.structure({"frame": {"type": "ask", "question": "q"}}, event_type) == event_type(frame=Ask("q"))


@pytest.mark.parametrize("event_type", [DecisionPushed, DecisionUpdated])
@pytest.mark.parametrize("data", [{"frame": {"type": "ask", "question": "q"}, "seat": 1}, {}, ["frame"], 3])
def test_a_stack_event_is_an_object_with_one_key_frame(event_type: Any, data: Any) -> None:
    with pytest.raises(ValueError) as refused:
        _converter().structure(data, event_type)
    assert str(refused.value) == f"a {event_type.__name__} is an object with one key, 'frame'"


def test_a_stack_events_frame_is_read_as_the_games_frames() -> None:
    with pytest.raises(ValueError) as refused:
        _converter().structure({"frame": {"type": "tell"}}, DecisionPushed)
    assert str(refused.value) == "unknown frame type 'tell' (known: ask, count)"
