"""Observations of any game on the core: a view as a flat vector of numbers, laid out from named pieces.

    >>> from rules_core.interop.observation import ObservationEncoder, Piece, one_hot
    >>> encoder = ObservationEncoder([
    ...     Piece("to move", (2,), "one-hot: the seat to decide", lambda view: one_hot(view.to_move, 2)),
    ...     Piece("score", (1,), "the viewer's score", lambda view: [view.score]),
    ... ])
    >>> class View:
    ...     to_move, score = 1, 7
    >>> encoder.encode(View()), encoder.describe(2)
    ([0.0, 1.0, 7.0], 'score[0]')

A game declares its observation as a list of :class:`Piece` (the way OpenSpiel's ``kuhn_poker`` observer
does): each a name, a shape, what it means, and how it reads a view (the seat's view, or the spectator's:
a view holds only what its viewer may know, so an observation never holds more). The encoder lays the
pieces out one after the other: ``encoder.segments`` (name, offset, size, meaning) is the documented layout,
``encode(view)`` the vector as a list, ``encode_array(view)`` as a NumPy array when NumPy is installed
(``pip install 'newton-rules[numpy]'``), ``pieces(vector)`` the vector cut back into its named pieces.

A piece's ``read(view)`` gives its numbers: a sequence of exactly ``size`` numbers, or a mapping of
position -> number for a sparse piece (the helpers :func:`one_hot`, :func:`flags` and :func:`counts` make
those); anything else is refused naming the piece.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from rules_core.errors import RulesError

try:  # NumPy is optional: encode_array needs it, encode does not
    import numpy
except ImportError:  # pragma: no cover - exercised only without the extra
    numpy = None  # type: ignore[assignment]

Numbers = Sequence[float] | Mapping[int, float]
Read = Callable[[Any], Numbers]  # (view) -> the piece's numbers


@attrs.frozen
class Piece:
    """One named piece of an observation: ``shape`` numbers (flattened in row-major order) saying
    ``meaning``, read from a view by ``read``."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    read: Read = attrs.field(eq=False, repr=False)

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@attrs.frozen
class Segment:
    """A part of the vector: ``size`` numbers from ``offset``, saying ``meaning`` (one piece's place)."""

    name: str
    offset: int
    size: int
    meaning: str
    shape: tuple[int, ...]


def one_hot(index: int | None, size: int) -> dict[int, float]:
    """A one at ``index`` among ``size`` positions (nothing for None or an index outside them)."""
    return {index: 1.0} if index is not None and 0 <= index < size else {}


def flags(indices: Iterable[int]) -> dict[int, float]:
    """A one at each of ``indices``."""
    return dict.fromkeys(indices, 1.0)


def counts(indices: Iterable[int]) -> dict[int, float]:
    """How many times each position occurs in ``indices``."""
    out: dict[int, float] = {}
    for i in indices:
        out[i] = out.get(i, 0.0) + 1.0
    return out


def index_of(items: Iterable[Any]) -> dict[Any, int]:
    """Each item's position (the first time it occurs): the positions of a one-hot or flags piece."""
    return {item: i for i, item in enumerate(dict.fromkeys(items))}


class ObservationEncoder:
    """The observation layout of a list of pieces, and the encoder of views into it (see the module doc)."""

    def __init__(self, pieces: Iterable[Piece]) -> None:
        self._pieces = tuple(pieces)
        names = [piece.name for piece in self._pieces]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise RulesError(f"observation piece named twice: {', '.join(twice)}")
        segments, offset = [], 0
        for piece in self._pieces:
            segments.append(Segment(piece.name, offset, piece.size, piece.meaning, piece.shape))
            offset += piece.size
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.size: int = offset
        self.shape: tuple[int] = (offset,)

    def encode_into(self, view: Any, out: Any) -> Any:
        """Write the observation of ``view`` into ``out`` (``size`` zeros: a list or an array) and return it."""
        for piece, segment in zip(self._pieces, self.segments, strict=True):
            numbers = piece.read(view)
            at = segment.offset
            if type(numbers) is dict or isinstance(numbers, Mapping):  # the exact type first: ABC checks are slow
                for i, value in numbers.items():
                    if not 0 <= i < segment.size:
                        raise RulesError(f"observation piece {piece.name!r} has no position {i} (size {segment.size})")
                    out[at + i] = value
            elif len(numbers) == segment.size:
                out[at : at + segment.size] = numbers
            else:
                raise RulesError(f"observation piece {piece.name!r} read {len(numbers)} numbers, not {segment.size}")
        return out

    def encode(self, view: Any) -> list[float]:
        """The observation of ``view`` as a list of ``size`` floats."""
        out: list[float] = self.encode_into(view, [0.0] * self.size)
        return [float(x) for x in out]

    def encode_array(self, view: Any, out: Any = None) -> Any:
        """The observation of ``view`` as a float32 NumPy array (written into ``out`` when given)."""
        if numpy is None:  # pragma: no cover - exercised only without the extra
            raise RulesError("encode_array needs NumPy: pip install 'newton-rules[numpy]' (or use encode)")
        if out is None:
            out = numpy.zeros(self.size, numpy.float32)
        else:
            out.fill(0)
        return self.encode_into(view, out)

    def pieces(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """``vector`` cut back into its named pieces (each flattened)."""
        if len(vector) != self.size:
            raise RulesError(f"an observation has {self.size} numbers, not {len(vector)}")
        return {s.name: [float(x) for x in vector[s.offset : s.offset + s.size]] for s in self.segments}

    def describe(self, index: int) -> str:
        """What position ``index`` of the vector says, e.g. ``"seat 1: vp[0]"``."""
        for segment in self.segments:
            if segment.offset <= index < segment.offset + segment.size:
                return f"{segment.name}[{index - segment.offset}]"
        raise IndexError(f"no position {index} in an observation of {self.size}")


__all__ = ["Numbers", "ObservationEncoder", "Piece", "Read", "Segment", "counts", "flags", "index_of", "one_hot"]
