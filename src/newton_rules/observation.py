"""Observations: a view as a flat vector of numbers, its layout fixed by the configuration and the data pack.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> encoder = nr.observation_encoder(game.config)
    >>> vector = encoder.encode(game.view(0))
    >>> len(vector) == encoder.size
    True

:class:`ObservationEncoder` turns a :class:`~newton_rules.view.PlayerView` into ``encoder.size`` floats,
and a :class:`~newton_rules.view.SpectatorView` into a public vector of the same layout, whose private
segments (the viewer's own hand, Masters and draft) stay zero. It reads the view only, so an
observation never holds what the viewer may not know. Seats are numbered *relative to the viewer*: seat
slot 0 is the viewer, slot 1 the next player in seat order, and so on (a spectator's slot k is seat k).

The layout (``encoder.segments``: name, offset, size, meaning) is documented in docs/interop.md. Counts
are raw numbers (VP, coins, cards in a deck); everything else is a 0/1 flag or a one-hot choice over what
the data pack names (cards, Masters, spaces, tiles, tokens), so the size grows with a larger pack and
never with the game. ``encode`` returns a list; ``encode_array`` a NumPy array when NumPy is installed
(``pip install 'newton-rules[numpy]'``), filled from the same positions.

An encoder keeps the vector it last gave each viewer and patches it field by field (a decision changes
a few fields of one or two records; see docs/interop.md, Observations): what it returns is always a
copy, so a vector a caller holds never changes.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress
from operator import is_not
from typing import Any, Protocol

import attrs

from newton_rules.action_space import ARGUMENTS
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.effects.primitives import BASICS, COLOURS
from newton_rules.errors import NewtonError
from newton_rules.game import Game
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import FRAME_TYPES
from newton_rules.model.state import GameState, PlayerState
from newton_rules.view import View
from rules_core.engine import deciding_player

try:  # NumPy is optional: encode_array needs it, encode does not
    import numpy
except ImportError:  # pragma: no cover - exercised only without the extra
    numpy = None  # type: ignore[assignment]

PHASES = ("draft", "action", "end_round", "over")
PLAYER_NUMBERS = ("vp", "coins", "potions", "hand size", "Masters held", "draft size", "books removed", "tokens")
INCOME_KINDS_EXTRA = ("medicine",)


Cells = dict[int, float]  # numbers that may not be zero, by position in the vector


class Out(Protocol):
    """A kept vector: a list, or a float32 memoryview (of a bytearray) behind the NumPy copies."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


# A field's writer: given the kept vector, the field's offset, what the field read of the record last time
# (None at the first encoding, when the vector is all zero) and what it reads now, it zeroes the cells the
# old value set and writes the new value's cells.
Write = Callable[[Out, int, Any, Any], None]
Field = tuple[int, tuple[str, ...], Write]  # (offset, the record's attributes it reads, its writer)


@attrs.frozen
class Segment:
    """A part of the vector: ``size`` numbers from ``offset``, saying ``meaning``."""

    name: str
    offset: int
    size: int
    meaning: str


class _Builder:
    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        self.segments.append(Segment(name, self.size, size, meaning))
        self.size += size
        return self.size - size


def _index(items: Iterable[str]) -> dict[str, int]:
    return {item: i for i, item in enumerate(dict.fromkeys(items))}


class ObservationEncoder:
    """The observation layout of one configuration and data pack, and the encoder of its views."""

    def __init__(self, config: GameConfig, catalog: Catalog | None = None) -> None:
        catalog = catalog or default_catalog()
        self.config = config
        self.catalog = catalog
        n = self.players = config.players
        c = catalog.constants
        b = _Builder()
        self._cards = _index(ARGUMENTS["play"](config, catalog))
        self._masters = _index(m.id for m in catalog.masters)
        self._work = _index(s.id for s in catalog.work_track.spaces)
        self._tech = _index(s.id for s in catalog.technology_track.spaces)
        self._map = _index(s.id for s in catalog.map.spaces)
        self._books = _index(s.id for board in catalog.study_boards for s in board.book_spaces)
        self._boards = _index(board.id for board in catalog.study_boards)
        self._basics = _index(BASICS)
        self._income = _index((*(t.id for t in catalog.income_tiles), *INCOME_KINDS_EXTRA))
        self._colours = _index(COLOURS)
        self._frames = _index(FRAME_TYPES)
        self._tokens = _index(t.id for t in catalog.bonus_tokens)
        self._tile_spaces = _tile_spaces(config, catalog)
        options = config.options
        # Great Discovery tiles: the module's, with its option only (G1), so the base layout is unchanged.
        self._discoveries = _index(catalog.discoveries_by_id if options.great_discoveries else ())
        levels = len(catalog.counts.cards.action_cards_per_level)
        cards = len(self._cards)

        # The global part: made again at every encoding (a few numbers).
        self._round = b.add("round", c.rounds, "one-hot: the round (1 to rounds)")
        self._phase = b.add("phase", len(PHASES), f"one-hot: the phase ({', '.join(PHASES)})")
        self._turn = b.add("turn index", 1, "turns started this round, all players")
        self._first = b.add("first player", n, "one-hot: seat slot of the round's first player")
        self._decision = b.add("decision", len(self._frames), "one-hot: the pending decision's kind")
        self._to_move = b.add("to move", n, "one-hot: seat slot of the player to decide (none once over)")
        self._stack = b.add("stack depth", 1, "pending decisions on the stack")
        self._decks = b.add("decks", levels, "cards left in each level's deck")
        # The fields of the state record (what changes with the turn and the stack), and of the board's decks.
        state_fields: list[Field] = [
            (self._round, ("round",), _made(self._round_cell)),
            (self._phase, ("phase",), _one_hot(_index(PHASES))),
            (self._turn, ("turn_index",), _number),
            (self._decision, ("stack", "phase"), self._write_decision),
        ]
        # The other parts are made field by field: (the record's attributes it reads, how it makes its cells).
        token_spaces = [s.id for s in catalog.map.spaces if s.bonus] + [
            s.id for s in catalog.technology_track.spaces if s.bonus
        ]
        self._token_spaces = _index(token_spaces)
        # The cell of each (space, token) pair, the board's bonus items.
        self._bonus_token_cells = {
            (space, token): where * len(self._tokens) + i
            for space, where in self._token_spaces.items()
            for token, i in self._tokens.items()
        }
        board_segments: list[tuple[str, int, str, tuple[str, ...], Write]] = [
            ("line cards", cards, "flags over the cards: face up in a line", ("lines",), self._write_line_cards),
            (
                "removed cards",
                cards,
                "flags over the cards: removed from the game",
                ("removed_cards",),
                _flags(self._cards),
            ),
            (
                "board tiles",
                sum(len(cands) for _, cands in self._tile_spaces),
                "per tile space of the Map and the tracks (data order), one-hot over the tiles of its kind lying there",
                ("map_tiles", "track_tiles", "map_objective"),
                _made(self._board_tiles),
            ),
            (
                "bonus tokens on the boards",
                len(token_spaces) * len(self._tokens),
                "per Bonus token space, one-hot over the tokens lying there",
                ("bonus",),
                self._write_bonus_tokens,
            ),
            (
                "supplies",
                len(self._income) - 1 + len(self._basics) + 1,
                "Income tiles left per kind, Development tiles left per action, Medicine tiles left",
                ("income_supply", "development_supply", "medicine_supply"),
                _made(self._supplies),
            ),
        ]
        if self._discoveries:
            board_segments.append(
                (
                    "great discoveries on the table",
                    len(self._discoveries),
                    "flags: Great Discovery tiles available (G1)",
                    ("discoveries",),
                    _flags(self._discoveries),
                )
            )
        board_fields = [
            _field(b.add(name, size, meaning), read, make) for name, size, meaning, read, make in board_segments
        ]
        board_fields.append((self._decks, ("decks",), _sizes))
        # A part per seat slot, the same layout for each.
        player_segments: list[tuple[str, int, str, tuple[str, ...], Write]] = [
            ("numbers", len(PLAYER_NUMBERS), "counts: " + ", ".join(PLAYER_NUMBERS), _NUMBERS_READ, _numbers),
            ("tuck chosen", 1, "1 once the End Round tuck is chosen", ("tuck_choice",), _chosen),
            ("board", len(self._boards), "one-hot: the Study board", ("board",), _one_hot(self._boards)),
            ("desk", cards, "flags over the cards: on the desk", ("desk",), _flags(self._cards)),
            ("tucked", cards, "flags over the cards: tucked under the desk", ("tucked",), _flags(self._cards)),
            ("masters played", len(self._masters), "flags: Masters played", ("masters_played",), _flags(self._masters)),
            ("work", len(self._work), "one-hot: the Work marker's space", ("work",), _one_hot(self._work)),
            (
                "students",
                len(self._tech) + 1,
                "Students per Technology space, then Students in supply",
                ("students",),
                _counts(self._tech, none_at=len(self._tech)),
            ),
            ("scientist", len(self._map), "one-hot: the Scientist's Map space", ("scientist",), _one_hot(self._map)),
            ("cubes", len(self._map), "flags: Map spaces with the player's cube", ("cubes",), _flags(self._map)),
            (
                "books",
                len(self._books),
                "flags: book spaces covered by the player's tiles",
                ("books",),
                _flags(self._books),
            ),
            (
                "drawers",
                c.drawers * len(self._basics),
                "per drawer, one-hot: the action of its tile",
                ("drawers",),
                _per_slot(self._basics),
            ),
            (
                "income",
                c.income_spaces * len(self._income),
                "per income space, one-hot: the tile on it",
                ("income",),
                _per_slot(self._income),
            ),
            (
                "volumes",
                len(self._colours),
                "volumes chosen this round per colour (E2)",
                ("round_volumes",),
                _counts(self._colours),
            ),
        ]
        if options.advanced_lessons:
            player_segments.append(
                (
                    "medicine turned",
                    1,
                    "1 once a special action turned the Medicine tile (X8)",
                    ("medicine_turned",),
                    _number,
                )
            )
        if self._discoveries:
            player_segments += [
                (
                    "discoveries face up",
                    len(self._discoveries),
                    "flags: Great Discovery tiles face up (G2)",
                    ("discoveries",),
                    _flags(self._discoveries),
                ),
                (
                    "discoveries face down",
                    len(self._discoveries),
                    "flags: Great Discovery tiles activated (G3)",
                    ("discoveries_used",),
                    _flags(self._discoveries),
                ),
            ]
        slot_fields = [
            [
                field
                for name, size, meaning, read, make in player_segments
                for field in _fields(b.add(f"seat {slot}: {name}", size, meaning), read, make)
            ]
            for slot in range(n)
        ]
        # The viewer's private part (zero for a spectator).
        private_fields = [
            _field(
                b.add("own hand", cards, "flags over the cards: in the viewer's hand (private)"),
                ("hand",),
                _flags(self._cards),
            ),
            _field(
                b.add("own Masters", len(self._masters), "flags: the viewer's Masters in hand (private)"),
                ("masters",),
                _flags(self._masters),
            ),
            _field(
                b.add("own draft", len(self._masters), "flags: the viewer's draft cards (private)"),
                ("draft",),
                _flags(self._masters),
            ),
        ]
        # The parts in the order of the records _mirror reads: the state, the board, each seat slot. The
        # viewer's private fields read seat slot 0's record (the viewer's own), so they join its part.
        self._player_parts = tuple(
            _Part(fields) for fields in (state_fields, board_fields, slot_fields[0] + private_fields, *slot_fields[1:])
        )
        self._spectator_parts = tuple(_Part(fields) for fields in (state_fields, board_fields, *slot_fields))
        self._rotations = tuple(_rotation(n, base) for base in range(n))
        self._mirrors: dict[tuple[int, int | None, bool], _Mirror] = {}
        self.segments: tuple[Segment, ...] = tuple(b.segments)
        self.size: int = b.size
        self.shape: tuple[int] = (b.size,)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration (and its data pack, unless the reference one): the layout is made
        again where it is loaded, the kept vectors are not carried."""
        catalog = None if self.catalog is default_catalog() else self.catalog
        return (observation_encoder, (self.config, catalog))

    # -- encoding -------------------------------------------------------------------------------------
    def encode(self, view: View) -> list[float]:
        """The observation of ``view`` as a list of ``size`` floats."""
        return self._listed(self._mirror(view.state, view.player, False))

    def encode_array(self, view: View, out: Any = None) -> Any:
        """The observation of ``view`` as a NumPy ``float32`` array (needs the ``numpy`` extra), written
        into ``out`` (a ``float32`` array of ``size`` numbers) when given."""
        return self._arrayed(self._mirror(view.state, view.player, True), out)

    def encode_game(self, game: Game, viewer: int | None) -> list[float]:
        """``encode(game.view(viewer))`` without making the view: the same numbers, read from the game's
        state (what an adapter calls at every step)."""
        return self._listed(self._game_mirror(game, viewer, False))

    def encode_game_array(self, game: Game, viewer: int | None, out: Any = None) -> Any:
        """``encode_array(game.view(viewer), out)`` without making the view (see :meth:`encode_game`)."""
        return self._arrayed(self._game_mirror(game, viewer, True), out)

    def _listed(self, mirror: _Mirror) -> list[float]:
        kept = mirror.out
        assert isinstance(kept, list)
        return kept[:]  # a copy: the caller may change it, the mirror changes at the next encoding

    def _arrayed(self, mirror: _Mirror, out: Any) -> Any:
        # The kept float32 memoryview seen as an array without a copy, then copied once.
        assert isinstance(mirror.out, memoryview)
        kept = numpy.frombuffer(mirror.out, dtype=numpy.float32)
        if out is None:
            return kept.copy()
        out[:] = kept
        return out

    def _game_mirror(self, game: Game, viewer: int | None, as_array: bool) -> _Mirror:
        """The mirror of ``game.view(viewer)``, read from the game's state. The view redacts the other
        players' hand, Masters, draft and tuck choice (as many hidden items, a hidden choice) and the decks'
        order: the vector reads only their sizes and whether the choice is made, which the redaction keeps,
        so the records need no redaction here."""
        if viewer is not None and (isinstance(viewer, bool) or not 0 <= viewer < self.players):
            raise NewtonError(f"no player {viewer!r} in a {self.players}-player game")
        return self._mirror(game.state, viewer, as_array)

    def _mirror(self, state: GameState, viewer: int | None, as_array: bool) -> _Mirror:
        """The viewer's mirror (a list, or ``as_array`` a float32 memoryview) brought up to ``state``: in each
        record that is not the object it was (consecutive states share the records and tuples that did
        not change), each field which reads an attribute that is not the object it was zeroes the cells
        of its old value and writes those of its new one, in place."""
        if as_array and numpy is None:
            raise ImportError("encode_array needs NumPy: pip install 'newton-rules[numpy]'")
        n = self.players
        base = 0 if viewer is None else viewer
        # The cells of the round's first player's and the deciding player's seat slots (-1: nobody decides).
        first = self._first + (state.first_player - base) % n
        moving = -1
        if state.stack and state.phase != "over":  # the game's to_move, read from the state
            to_move = deciding_player(state.stack[-1])
            if to_move is not None:
                moving = self._to_move + (to_move - base) % n
        records = (state, state.board, *self._rotations[base](state.players))
        key = (threading.get_ident(), viewer, as_array)
        mirror = self._mirrors.get(key)
        if mirror is None:
            return self._new_mirror(key, as_array, records, (first, moving))
        out = mirror.out
        if first != mirror.top[0] or moving != mirror.top[1]:
            for at in mirror.top:
                if at >= 0:
                    out[at] = 0.0
            out[first] = 1.0
            if moving >= 0:
                out[moving] = 1.0
            mirror.top = (first, moving)
        parts = mirror.parts
        values = mirror.values
        # The parts whose record is not the object it was, then the fields that read an attribute which is
        # not the object it was: both found in C.
        for i in compress(range(len(records)), map(is_not, records, mirror.records)):
            part = parts[i]
            new = part.read(records[i])
            before = values[i]
            values[i] = new
            changed = compress(part.owners, map(is_not, new, before))
            for at, where, write in map(part.fields.__getitem__, set(changed) if part.shared else changed):
                write(out, at, before[where], new[where])
        mirror.records = records
        return mirror

    def _new_mirror(
        self, key: tuple[int, int | None, bool], as_array: bool, records: tuple[Any, ...], top: tuple[int, int]
    ) -> _Mirror:
        """A viewer's first mirror: every field written into a vector of zeros."""
        if len(self._mirrors) >= MIRRORS_KEPT:
            self._mirrors.clear()
        # A memoryview takes a float straight (array.array parses it as an argument: twice the time).
        # A list of zeros holds a zero object per cell: a copy (and its freeing) then updates the reference
        # counts of many objects rather than one object's 2,000 times in a row, which in the OpenSpiel loop
        # took 6 µs per observation against 2.
        out: Out = memoryview(bytearray(4 * self.size)).cast("f") if as_array else [float(0) for _ in range(self.size)]
        parts = self._spectator_parts if key[1] is None else self._player_parts
        values = [part.read(record) for part, record in zip(parts, records, strict=True)]
        for part, new in zip(parts, values, strict=True):
            for at, where, write in part.fields:
                write(out, at, None, new[where])
        for at in top:
            if at >= 0:
                out[at] = 1.0
        mirror = self._mirrors[key] = _Mirror(parts, out, records, values, top)
        return mirror

    def _round_cell(self, round_: int, at: int) -> Cells:
        return {at + min(max(round_, 1), self.catalog.constants.rounds) - 1: 1.0}

    def _write_decision(
        self, out: Out, at: int, old: tuple[tuple[object, ...], str] | None, new: tuple[tuple[object, ...], str]
    ) -> None:
        """The pending decision's kind (none once over) and the stack's depth."""
        if old is not None:
            stack, phase = old
            if stack and phase != "over":
                out[at + _FRAME_INDEX[type(stack[-1])]] = 0.0
        stack, phase = new
        out[self._stack] = float(len(stack))
        if stack and phase != "over":
            out[at + _FRAME_INDEX[type(stack[-1])]] = 1.0

    def _write_line_cards(
        self, out: Out, at: int, old: tuple[tuple[str, ...], ...] | None, new: tuple[tuple[str, ...], ...]
    ) -> None:
        cards = self._cards
        now = set(chain.from_iterable(new))
        then = set() if old is None else set(chain.from_iterable(old))
        for card in then - now:
            out[at + cards[card]] = 0.0
        for card in now - then:
            out[at + cards[card]] = 1.0

    def _board_tiles(
        self, read: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], str], at: int
    ) -> Cells:
        map_tiles, track_tiles, map_objective = read
        out: Cells = {}
        lying = dict(map_tiles)
        lying.update(track_tiles)
        if map_objective:
            lying[self.catalog.map_spaces_by_kind.get("objective", ("",))[0]] = map_objective
        for space, candidates in self._tile_spaces:
            tile = lying.get(space)
            if tile is not None and tile in candidates:
                out[at + candidates[tile]] = 1.0
            at += len(candidates)
        return out

    def _write_bonus_tokens(
        self, out: Out, at: int, old: tuple[tuple[str, str], ...] | None, new: tuple[tuple[str, str], ...]
    ) -> None:
        """The tokens lying on the Bonus token spaces (a token elsewhere is not encoded)."""
        cells = self._bonus_token_cells
        now = set(new)
        then = set() if old is None else set(old)
        for item in then - now:
            if item in cells:
                out[at + cells[item]] = 0.0
        for item in now - then:
            if item in cells:
                out[at + cells[item]] = 1.0

    def _supplies(self, read: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...], int], at: int) -> Cells:
        income_supply, development_supply, medicine_supply = read
        out: Cells = {}
        income_kinds = len(self._income) - 1
        for kind, left in income_supply:
            out[at + self._income[kind]] = float(left)
        for action, left in development_supply:
            out[at + income_kinds + self._basics[action]] = float(left)
        out[at + income_kinds + len(self._basics)] = float(medicine_supply)
        return out

    def describe(self, index: int) -> str:
        """What position ``index`` of the vector says, e.g. ``"seat 1: coins[0]"``."""
        for segment in self.segments:
            if segment.offset <= index < segment.offset + segment.size:
                return f"{segment.name}[{index - segment.offset}]"
        raise IndexError(f"no position {index} in an observation of {self.size}")


MIRRORS_KEPT = 64  # mirrors kept per encoder (one per viewer, thread and kind); they start again when full


class _Part:
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


class _Mirror:
    """One viewer's vector as last encoded (``out``: a list, or a float32 memoryview behind the arrays) and
    what it was made from: the record of each part and the attributes its fields read of it, and the
    cells of the first player's and the deciding player's seat slots."""

    __slots__ = ("out", "parts", "records", "top", "values")

    def __init__(
        self,
        parts: tuple[_Part, ...],
        out: Out,
        records: tuple[Any, ...],
        values: list[tuple[object, ...]],
        top: tuple[int, int],
    ) -> None:
        self.parts = parts
        self.out = out
        self.records = records
        self.values = values
        self.top = top


def _rotation(players: int, base: int) -> Callable[[Sequence[PlayerState]], Sequence[PlayerState]]:
    """The players in seat slot order for a viewer at seat ``base`` (slot 0 is the viewer)."""
    if players == 1:
        return tuple
    return operator.itemgetter(*((base + slot) % players for slot in range(players)))


def _field(at: int, names: tuple[str, ...], write: Write) -> Field:
    """A field at offset ``at``: ``write`` is given the record's attribute ``names`` (one value, or a tuple)."""
    return (at, names, write)


_NUMBERS_READ = ("vp", "coins", "potions", "hand", "masters", "draft", "books_removed", "bonus_tokens")
_SIZED = ("hand", "masters", "draft", "bonus_tokens")  # counted by their size


def _numbers(out: Out, at: int, old: Any, new: tuple[Any, ...]) -> None:
    """The counts of PLAYER_NUMBERS from the attributes of ``_NUMBERS_READ`` (tuples by their size); as a
    segment's writer it is split by :func:`_fields` into one field per count, as each changes alone."""
    for i, (name, value) in enumerate(zip(_NUMBERS_READ, new, strict=True)):
        out[at + i] = float(len(value) if name in _SIZED else value)


def _fields(at: int, names: tuple[str, ...], write: Write) -> list[Field]:
    """The fields of a segment at ``at``: one, but the player numbers one per count, as each changes alone."""
    if write is not _numbers:
        return [(at, names, write)]
    return [(at + i, (name,), _size if name in _SIZED else _number) for i, name in enumerate(names)]


def _made(make: Callable[[Any, int], Cells]) -> Write:
    """The writer of a field whose cells ``make`` gives (a dict of cells: the fields with several parts)."""

    def write(out: Out, at: int, old: Any, new: Any) -> None:
        if old is not None:
            for i in make(old, at):
                out[i] = 0.0
        for i, value in make(new, at).items():
            out[i] = value

    return write


def _sizes(out: Out, at: int, old: Any, groups: tuple[tuple[object, ...], ...]) -> None:
    for i, items in enumerate(groups):
        out[at + i] = float(len(items))


def _size(out: Out, at: int, old: Any, items: tuple[object, ...]) -> None:
    out[at] = float(len(items))


def _number(out: Out, at: int, old: Any, value: float) -> None:
    out[at] = float(value)


def _chosen(out: Out, at: int, old: Any, choice: str | None) -> None:
    out[at] = 0.0 if choice is None else 1.0


def _flags(index: dict[str, int]) -> Write:
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


def _one_hot(index: dict[str, int]) -> Write:
    """One-hot over ``index``: the field's item, if it is one of them."""

    def write(out: Out, at: int, old: str | None, new: str | None) -> None:
        found = index.get(old)  # type: ignore[arg-type]
        if found is not None:
            out[at + found] = 0.0
        found = index.get(new)  # type: ignore[arg-type]
        if found is not None:
            out[at + found] = 1.0

    return write


def _counts(index: dict[str, int], none_at: int = -1) -> Write:
    """Counts over ``index`` of the field's items (None counted at ``none_at``)."""

    def write(out: Out, at: int, old: Iterable[str | None] | None, new: Iterable[str | None]) -> None:
        if old:
            for item in old:
                out[at + (none_at if item is None else index[item])] = 0.0
        for item in new:
            out[at + (none_at if item is None else index[item])] += 1.0

    return write


def _per_slot(index: dict[str, int]) -> Write:
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


_FRAME_INDEX: dict[type, int] = {cls: i for i, cls in enumerate(FRAME_TYPES.values())}


def _tile_spaces(config: GameConfig, catalog: Catalog) -> list[tuple[str, dict[str, int]]]:
    """(space, {tile: i}) of every space of the Map and the tracks where setup lays a tile: the tiles of the
    configuration's random setup (with the modules' City, Invention and Objective tiles, G4, A1)."""
    options = config.options
    cities, inventions, objectives = catalog.module_tiles(options.great_discoveries, options.extra_objectives)
    by_kind: dict[str, Sequence[str]] = {
        "city": [t.id for t in cities],
        "university": catalog.universities,
        "ancient_land": catalog.ancient_lands,
        "specialization": [t.id for t in catalog.specializations],
        "invention": [t.id for t in inventions],
        "objective": [o.id for o in objectives],
    }
    spaces = [
        *((s.id, s.kind) for s in catalog.map.spaces),
        *((s.id, s.kind) for s in catalog.work_track.spaces),
        *((s.id, s.kind) for s in catalog.technology_track.spaces),
    ]
    return [(space, _index(by_kind[kind])) for space, kind in spaces if kind in by_kind]


_ENCODERS: dict[tuple[int, int, object, str], ObservationEncoder] = {}


def observation_encoder(config: GameConfig, catalog: Catalog | None = None) -> ObservationEncoder:
    """The encoder of games of ``config`` (its seed aside) with ``catalog``, made once and shared."""
    catalog = catalog or default_catalog()
    key = (id(catalog), config.players, config.options, config.rules_version)
    found = _ENCODERS.get(key)
    if found is None or found.catalog is not catalog:
        found = _ENCODERS[key] = ObservationEncoder(config, catalog)
    return found
