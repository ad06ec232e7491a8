"""The fields of an observation vector and their writers, which patch a kept vector in place.

A field is a run of cells of the vector made from some attributes of one record (the state, the board, a
player). Its writer is given the kept vector, the field's offset, what the field read of the record last
time (None at the first encoding, when the vector is all zero) and what it reads now: it zeroes the cells
the old value set and writes the new value's cells. A :class:`Part` gathers the fields made from one
record, a :class:`Mirror` one viewer's kept vector and what it was made from. The layout itself (which
fields, in which order) is :class:`~newton_rules.observation.ObservationEncoder`'s.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress
from operator import is_not
from typing import Any, Protocol

import attrs

Cells = dict[int, float]  # numbers that may not be zero, by position in the vector


class Out(Protocol):
    """A kept vector: a list, or a float32 memoryview (of a bytearray) behind the NumPy copies."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


# A field's writer: (the kept vector, the field's offset, the old value or None, the new value).
Write = Callable[[Out, int, Any, Any], None]
Field = tuple[int, tuple[str, ...], Write]  # (offset, the record's attributes it reads, its writer)


class Part:
    """The fields of one part of the vector (the state, the board, a seat slot), all made from one
    record: ``read`` gives every attribute they read (a tuple), ``owners`` the field of each, ``shared``
    whether a field reads several (then it may be found changed more than once); each field is (offset,
    where it reads in that tuple: an index, or a slice for several attributes, its writer)."""

    __slots__ = ("fields", "owners", "read", "shared")

    def __init__(self, fields: Sequence[Field]) -> None:
        names = [name for _, read, _ in fields for name in read]
        assert len(names) > 1  # several names: attrgetter gives a tuple
        self.read = operator.attrgetter(*names)
        self.owners = tuple(i for i, (_, read, _) in enumerate(fields) for _ in read)
        self.shared = len(names) > len(fields)
        first = [self.owners.index(i) for i in range(len(fields))]  # where each field's attributes start
        self.fields = tuple(
            (at, start if len(read) == 1 else slice(start, start + len(read)), write)
            for start, (at, read, write) in zip(first, fields, strict=True)
        )


@attrs.define(eq=False)
class Mirror:
    """One viewer's vector as last encoded (``out``: a list, or a float32 memoryview behind the arrays) and
    what it was made from: the record of each part and the attributes its fields read of it, and ``top``,
    cells set outside the fields (the first player's and the deciding player's seat slots; -1: none)."""

    parts: tuple[Part, ...]
    out: Out
    records: tuple[Any, ...]
    values: list[tuple[object, ...]]
    top: tuple[int, int]

    @classmethod
    def first(
        cls, parts: tuple[Part, ...], records: tuple[Any, ...], top: tuple[int, int], size: int, as_array: bool
    ) -> Mirror:
        """A viewer's first mirror: every field of ``parts`` written from ``records`` into ``size`` zeros."""
        # A memoryview takes a float straight (array.array parses it as an argument: twice the time).
        # A list of zeros holds a zero object per cell: a copy (and its freeing) then updates the reference
        # counts of many objects rather than one object's 2,000 times in a row, which in the OpenSpiel loop
        # took 6 µs per observation against 2.
        out: Out = memoryview(bytearray(4 * size)).cast("f") if as_array else [float(0) for _ in range(size)]
        values = [part.read(record) for part, record in zip(parts, records, strict=True)]
        for part, new in zip(parts, values, strict=True):
            for at, where, write in part.fields:
                write(out, at, None, new[where])
        for at in top:
            if at >= 0:
                out[at] = 1.0
        return cls(parts, out, records, values, top)

    def bring_up(self, records: tuple[Any, ...], top: tuple[int, int]) -> None:
        """The vector brought up to ``records`` and ``top``, in place: in each record that is not the object
        it was (consecutive states share the records and tuples that did not change), each field which
        reads an attribute that is not the object it was zeroes the cells of its old value and writes
        those of its new one."""
        out = self.out
        if top != self.top:
            for at in self.top:
                if at >= 0:
                    out[at] = 0.0
            for at in top:
                if at >= 0:
                    out[at] = 1.0
            self.top = top
        parts = self.parts
        values = self.values
        # The parts whose record is not the object it was, then the fields that read an attribute which is
        # not the object it was: both found in C.
        for i in compress(range(len(records)), map(is_not, records, self.records)):
            part = parts[i]
            new = part.read(records[i])
            before = values[i]
            values[i] = new
            changed = compress(part.owners, map(is_not, new, before))
            for at, where, write in map(part.fields.__getitem__, set(changed) if part.shared else changed):
                write(out, at, before[where], new[where])
        self.records = records


def cells_writer(make: Callable[[Any, int], Cells]) -> Write:
    """The writer of a field whose cells ``make`` gives (a dict of cells: the fields with several parts)."""

    def write(out: Out, at: int, old: Any, new: Any) -> None:
        if old is not None:
            for i in make(old, at):
                out[i] = 0.0
        for i, value in make(new, at).items():
            out[i] = value

    return write


def write_sizes(out: Out, at: int, old: Any, groups: tuple[tuple[object, ...], ...]) -> None:
    """How many items each group holds, one cell per group."""
    for i, items in enumerate(groups):
        out[at + i] = float(len(items))


def write_size(out: Out, at: int, old: Any, items: tuple[object, ...]) -> None:
    out[at] = float(len(items))


def write_number(out: Out, at: int, old: Any, value: float) -> None:
    out[at] = float(value)


def write_chosen(out: Out, at: int, old: Any, choice: str | None) -> None:
    out[at] = 0.0 if choice is None else 1.0


def flags_writer(index: dict[str, int]) -> Write:
    """Flags over ``index``: one per item of the field."""

    def write(out: Out, at: int, old: Iterable[str] | None, new: Iterable[str]) -> None:
        if not old:
            for item in new:
                out[at + index[item]] = 1.0
            return
        # A decision adds or takes an item or two: only those are written.
        for item in set(old).difference(new):
            out[at + index[item]] = 0.0
        for item in set(new).difference(old):
            out[at + index[item]] = 1.0

    return write


def one_hot_writer(index: dict[str, int]) -> Write:
    """One-hot over ``index``: the field's item, if it is one of them."""

    def write(out: Out, at: int, old: str | None, new: str | None) -> None:
        found = index.get(old)  # type: ignore[arg-type]
        if found is not None:
            out[at + found] = 0.0
        found = index.get(new)  # type: ignore[arg-type]
        if found is not None:
            out[at + found] = 1.0

    return write


def counts_writer(index: dict[str, int], none_at: int = -1) -> Write:
    """Counts over ``index`` of the field's items (None counted at ``none_at``)."""

    def write(out: Out, at: int, old: Iterable[str | None] | None, new: Iterable[str | None]) -> None:
        if old:
            for item in old:
                out[at + (none_at if item is None else index[item])] = 0.0
        for item in new:
            out[at + (none_at if item is None else index[item])] += 1.0

    return write


def per_slot_writer(index: dict[str, int]) -> Write:
    """Per slot of the field (a drawer, an income space), one-hot over ``index``: what lies there, if anything."""
    width = len(index)

    def write(out: Out, at: int, old: Iterable[str | None] | None, new: Iterable[str | None]) -> None:
        if old:
            for i, item in enumerate(old):
                if item is not None:
                    out[at + i * width + index[item]] = 0.0
        for i, item in enumerate(new):
            if item is not None:
                out[at + i * width + index[item]] = 1.0

    return write


def group_flags_writer(index: dict[str, int]) -> Write:
    """Flags over ``index``: one per item of any of the field's groups (the cards of the lines)."""

    def write(out: Out, at: int, old: tuple[tuple[str, ...], ...] | None, new: tuple[tuple[str, ...], ...]) -> None:
        now = set(chain.from_iterable(new))
        then = set() if old is None else set(chain.from_iterable(old))
        for item in then - now:
            out[at + index[item]] = 0.0
        for item in now - then:
            out[at + index[item]] = 1.0

    return write


def pair_flags_writer(cells: dict[tuple[str, str], int]) -> Write:
    """Flags over the pairs ``cells`` names (a Bonus token on a Bonus token space); other pairs are not
    encoded."""

    def write(out: Out, at: int, old: tuple[tuple[str, str], ...] | None, new: tuple[tuple[str, str], ...]) -> None:
        now = set(new)
        then = set() if old is None else set(old)
        for item in then - now:
            if item in cells:
                out[at + cells[item]] = 0.0
        for item in now - then:
            if item in cells:
                out[at + cells[item]] = 1.0

    return write
