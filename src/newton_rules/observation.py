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
from typing import Any

from newton_rules.action_space import ARGUMENTS
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.effects.primitives import BASICS, COLOURS
from newton_rules.errors import NewtonError
from newton_rules.game import Game
from newton_rules.model.config import GameConfig
from newton_rules.model.state import GameState, PlayerState
from newton_rules.observation_fields import (
    Cells,
    Field,
    Mirror,
    Out,
    Part,
    Write,
    cells_writer,
    counts_writer,
    flags_writer,
    group_flags_writer,
    one_hot_writer,
    pair_flags_writer,
    per_slot_writer,
    write_chosen,
    write_number,
    write_size,
    write_sizes,
)
from newton_rules.rules.table import DECLARED_FRAMES
from newton_rules.view import View
from rules_core.engine import deciding_player
from rules_core.interop.observation import Segment

try:  # NumPy is optional: encode_array needs it, encode does not
    import numpy
except ImportError:  # pragma: no cover - exercised only without the extra
    numpy = None  # type: ignore[assignment]

PHASES = ("draft", "action", "end_round", "over")
PLAYER_NUMBERS = ("vp", "coins", "potions", "hand size", "Masters held", "draft size", "books removed", "tokens")
INCOME_KINDS_EXTRA = ("medicine",)
# A piece of the layout, made field by field: (name, size, meaning, the record's attributes it reads, its writer).
Piece = tuple[str, int, str, tuple[str, ...], Write]


class _Builder:
    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        self.segments.append(Segment(name, self.size, size, meaning, (size,)))
        self.size += size
        return self.size - size


def _index(items: Iterable[str]) -> dict[str, int]:
    return {item: i for i, item in enumerate(dict.fromkeys(items))}


def _laid_out(b: _Builder, pieces: Iterable[Piece], prefix: str = "") -> list[Field]:
    """The fields of ``pieces``, each given its segment after the builder's last (``prefix`` names them:
    a seat slot's)."""
    return [
        field
        for name, size, meaning, read, make in pieces
        for field in _fields(b.add(prefix + name, size, meaning), read, make)
    ]


class ObservationEncoder:
    """The observation layout of one configuration and data pack, and the encoder of its views.

    The layout is a list of named pieces, each made by a small builder: the global part
    (:meth:`_global_part`), the board (:meth:`_board_pieces`), one part per seat slot, the same for each
    (:meth:`_seat_pieces`), and the viewer's private part (:meth:`_private_pieces`)."""

    def __init__(self, config: GameConfig, catalog: Catalog | None = None) -> None:
        catalog = catalog or default_catalog()
        self.config = config
        self.catalog = catalog
        n = self.players = config.players
        self._index_pack(config, catalog)
        b = _Builder()
        state_fields = self._global_part(b)
        board_fields = [*_laid_out(b, self._board_pieces()), (self._decks, ("decks",), write_sizes)]
        seat_pieces = self._seat_pieces()
        slot_fields = [_laid_out(b, seat_pieces, f"seat {slot}: ") for slot in range(n)]
        private_fields = _laid_out(b, self._private_pieces())
        # The parts in the order of the records _mirror reads: the state, the board, each seat slot. The
        # viewer's private fields read seat slot 0's record (the viewer's own), so they join its part.
        self._player_parts = tuple(
            Part(fields) for fields in (state_fields, board_fields, slot_fields[0] + private_fields, *slot_fields[1:])
        )
        self._spectator_parts = tuple(Part(fields) for fields in (state_fields, board_fields, *slot_fields))
        self._rotations = tuple(_rotation(n, base) for base in range(n))
        self._mirrors: dict[tuple[int, int | None, bool], Mirror] = {}
        self.segments: tuple[Segment, ...] = tuple(b.segments)
        self.size: int = b.size
        self.shape: tuple[int] = (b.size,)

    # -- the layout -----------------------------------------------------------------------------------
    def _index_pack(self, config: GameConfig, catalog: Catalog) -> None:
        """The position of every item the vector names (cards, Masters, spaces, tiles, tokens...) in its
        one-hot and flag segments, in the data pack's order."""
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
        self._frames = _index(cls.tag for cls in DECLARED_FRAMES)
        self._tokens = _index(t.id for t in catalog.bonus_tokens)
        self._tile_spaces = _tile_spaces(config, catalog)
        # Great Discovery tiles: the module's, with its option only (G1), so the base layout is unchanged.
        self._discoveries = _index(catalog.discoveries_by_id if config.options.great_discoveries else ())
        self._token_spaces = _index(_bonus_token_spaces(catalog))
        # The cell of each (space, token) pair, the board's bonus items.
        self._bonus_token_cells = {
            (space, token): where * len(self._tokens) + i
            for space, where in self._token_spaces.items()
            for token, i in self._tokens.items()
        }

    def _global_part(self, b: _Builder) -> list[Field]:
        """The global part, made again at every encoding (a few numbers); the fields of the state record
        (what changes with the turn and the stack)."""
        c = self.catalog.constants
        n = self.players
        self._round = b.add("round", c.rounds, "one-hot: the round (1 to rounds)")
        self._phase = b.add("phase", len(PHASES), f"one-hot: the phase ({', '.join(PHASES)})")
        self._turn = b.add("turn index", 1, "turns started this round, all players")
        self._first = b.add("first player", n, "one-hot: seat slot of the round's first player")
        self._decision = b.add("decision", len(self._frames), "one-hot: the pending decision's kind")
        self._to_move = b.add("to move", n, "one-hot: seat slot of the player to decide (none once over)")
        self._stack = b.add("stack depth", 1, "pending decisions on the stack")
        levels = len(self.catalog.counts.cards.action_cards_per_level)
        self._decks = b.add("decks", levels, "cards left in each level's deck")
        return [
            (self._round, ("round",), cells_writer(self._round_cell)),
            (self._phase, ("phase",), one_hot_writer(_index(PHASES))),
            (self._turn, ("turn_index",), write_number),
            (self._decision, ("stack", "phase"), self._write_decision),
        ]

    def _board_pieces(self) -> list[Piece]:
        """The board's pieces: the cards in the lines and out of the game, the tiles and tokens on the
        boards, the supplies (and the Great Discovery tiles on the table, with the module)."""
        cards = len(self._cards)
        pieces: list[Piece] = [
            (
                "line cards",
                cards,
                "flags over the cards: face up in a line",
                ("lines",),
                group_flags_writer(self._cards),
            ),
            (
                "removed cards",
                cards,
                "flags over the cards: removed from the game",
                ("removed_cards",),
                flags_writer(self._cards),
            ),
            (
                "board tiles",
                sum(len(cands) for _, cands in self._tile_spaces),
                "per tile space of the Map and the tracks (data order), one-hot over the tiles of its kind lying there",
                ("map_tiles", "track_tiles", "map_objective"),
                cells_writer(self._board_tiles),
            ),
            (
                "bonus tokens on the boards",
                len(_bonus_token_spaces(self.catalog)) * len(self._tokens),
                "per Bonus token space, one-hot over the tokens lying there",
                ("bonus",),
                pair_flags_writer(self._bonus_token_cells),
            ),
            (
                "supplies",
                len(self._income) - 1 + len(self._basics) + 1,
                "Income tiles left per kind, Development tiles left per action, Medicine tiles left",
                ("income_supply", "development_supply", "medicine_supply"),
                cells_writer(self._supplies),
            ),
        ]
        if self._discoveries:
            pieces.append(
                (
                    "great discoveries on the table",
                    len(self._discoveries),
                    "flags: Great Discovery tiles available (G1)",
                    ("discoveries",),
                    flags_writer(self._discoveries),
                )
            )
        return pieces

    def _seat_pieces(self) -> list[Piece]:
        """A seat slot's pieces, the same for each: its counts and cards, its pieces on the boards, and
        what the modules of the configuration add."""
        return [*self._seat_card_pieces(), *self._seat_board_pieces(), *self._seat_module_pieces()]

    def _seat_card_pieces(self) -> list[Piece]:
        """A player's counts, tuck choice, Study board, and cards on the desk, tucked and played."""
        cards = len(self._cards)
        return [
            ("numbers", len(PLAYER_NUMBERS), "counts: " + ", ".join(PLAYER_NUMBERS), _NUMBERS_READ, _numbers),
            ("tuck chosen", 1, "1 once the End Round tuck is chosen", ("tuck_choice",), write_chosen),
            ("board", len(self._boards), "one-hot: the Study board", ("board",), one_hot_writer(self._boards)),
            ("desk", cards, "flags over the cards: on the desk", ("desk",), flags_writer(self._cards)),
            ("tucked", cards, "flags over the cards: tucked under the desk", ("tucked",), flags_writer(self._cards)),
            (
                "masters played",
                len(self._masters),
                "flags: Masters played",
                ("masters_played",),
                flags_writer(self._masters),
            ),
        ]

    def _seat_board_pieces(self) -> list[Piece]:
        """A player's pieces on the tracks and the Map, its tiles on the Study board, its round's volumes."""
        c = self.catalog.constants
        return [
            ("work", len(self._work), "one-hot: the Work marker's space", ("work",), one_hot_writer(self._work)),
            (
                "students",
                len(self._tech) + 1,
                "Students per Technology space, then Students in supply",
                ("students",),
                counts_writer(self._tech, none_at=len(self._tech)),
            ),
            (
                "scientist",
                len(self._map),
                "one-hot: the Scientist's Map space",
                ("scientist",),
                one_hot_writer(self._map),
            ),
            ("cubes", len(self._map), "flags: Map spaces with the player's cube", ("cubes",), flags_writer(self._map)),
            (
                "books",
                len(self._books),
                "flags: book spaces covered by the player's tiles",
                ("books",),
                flags_writer(self._books),
            ),
            (
                "drawers",
                c.drawers * len(self._basics),
                "per drawer, one-hot: the action of its tile",
                ("drawers",),
                per_slot_writer(self._basics),
            ),
            (
                "income",
                c.income_spaces * len(self._income),
                "per income space, one-hot: the tile on it",
                ("income",),
                per_slot_writer(self._income),
            ),
            (
                "volumes",
                len(self._colours),
                "volumes chosen this round per colour (E2)",
                ("round_volumes",),
                counts_writer(self._colours),
            ),
        ]

    def _seat_module_pieces(self) -> list[Piece]:
        """What the Advanced Lessons (X8) and the Great Discoveries (G2, G3) add to a player's part."""
        pieces: list[Piece] = []
        if self.config.options.advanced_lessons:
            pieces.append(
                (
                    "medicine turned",
                    1,
                    "1 once a special action turned the Medicine tile (X8)",
                    ("medicine_turned",),
                    write_number,
                )
            )
        if self._discoveries:
            pieces += [
                (
                    "discoveries face up",
                    len(self._discoveries),
                    "flags: Great Discovery tiles face up (G2)",
                    ("discoveries",),
                    flags_writer(self._discoveries),
                ),
                (
                    "discoveries face down",
                    len(self._discoveries),
                    "flags: Great Discovery tiles activated (G3)",
                    ("discoveries_used",),
                    flags_writer(self._discoveries),
                ),
            ]
        return pieces

    def _private_pieces(self) -> list[Piece]:
        """The viewer's private part (zero for a spectator): its hand, its Masters and its draft."""
        masters = len(self._masters)
        return [
            (
                "own hand",
                len(self._cards),
                "flags over the cards: in the viewer's hand (private)",
                ("hand",),
                flags_writer(self._cards),
            ),
            (
                "own Masters",
                masters,
                "flags: the viewer's Masters in hand (private)",
                ("masters",),
                flags_writer(self._masters),
            ),
            (
                "own draft",
                masters,
                "flags: the viewer's draft cards (private)",
                ("draft",),
                flags_writer(self._masters),
            ),
        ]

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

    def _listed(self, mirror: Mirror) -> list[float]:
        kept = mirror.out
        assert isinstance(kept, list)
        return kept[:]  # a copy: the caller may change it, the mirror changes at the next encoding

    def _arrayed(self, mirror: Mirror, out: Any) -> Any:
        # The kept float32 memoryview seen as an array without a copy, then copied once.
        assert isinstance(mirror.out, memoryview)
        kept = numpy.frombuffer(mirror.out, dtype=numpy.float32)
        if out is None:
            return kept.copy()
        out[:] = kept
        return out

    def _game_mirror(self, game: Game, viewer: int | None, as_array: bool) -> Mirror:
        """The mirror of ``game.view(viewer)``, read from the game's state. The view redacts the other
        players' hand, Masters, draft and tuck choice (as many hidden items, a hidden choice) and the decks'
        order: the vector reads only their sizes and whether the choice is made, which the redaction keeps,
        so the records need no redaction here."""
        if viewer is not None and (isinstance(viewer, bool) or not 0 <= viewer < self.players):
            raise NewtonError(f"no player {viewer!r} in a {self.players}-player game")
        return self._mirror(game.state, viewer, as_array)

    def _mirror(self, state: GameState, viewer: int | None, as_array: bool) -> Mirror:
        """The viewer's mirror (a list, or ``as_array`` a float32 memoryview) brought up to ``state``
        (:meth:`Mirror.bring_up`), or made from it at the viewer's first encoding."""
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
            if len(self._mirrors) >= MIRRORS_KEPT:
                self._mirrors.clear()
            parts = self._spectator_parts if viewer is None else self._player_parts
            mirror = self._mirrors[key] = Mirror.first(parts, records, (first, moving), self.size, as_array)
        else:
            mirror.bring_up(records, (first, moving))
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


def _rotation(players: int, base: int) -> Callable[[Sequence[PlayerState]], Sequence[PlayerState]]:
    """The players in seat slot order for a viewer at seat ``base`` (slot 0 is the viewer)."""
    if players == 1:
        return tuple
    return operator.itemgetter(*((base + slot) % players for slot in range(players)))


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
    return [(at + i, (name,), write_size if name in _SIZED else write_number) for i, name in enumerate(names)]


_FRAME_INDEX: dict[type, int] = {cls: i for i, cls in enumerate(DECLARED_FRAMES)}


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


def _bonus_token_spaces(catalog: Catalog) -> list[str]:
    """The spaces of the Map and the Technology track where setup may lay a Bonus token (S4), in data order."""
    return [s.id for s in catalog.map.spaces if s.bonus] + [s.id for s in catalog.technology_track.spaces if s.bonus]


_ENCODERS: dict[tuple[int, int, object, str], ObservationEncoder] = {}


def observation_encoder(config: GameConfig, catalog: Catalog | None = None) -> ObservationEncoder:
    """The encoder of games of ``config`` (its seed aside) with ``catalog``, made once and shared."""
    catalog = catalog or default_catalog()
    key = (id(catalog), config.players, config.options, config.rules_version)
    found = _ENCODERS.get(key)
    if found is None or found.catalog is not catalog:
        found = _ENCODERS[key] = ObservationEncoder(config, catalog)
    return found
