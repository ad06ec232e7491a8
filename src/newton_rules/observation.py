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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from newton_rules.action_space import ARGUMENTS
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.effects.primitives import BASICS, COLOURS
from newton_rules.errors import NewtonError
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import FRAME_TYPES
from newton_rules.model.state import BoardState, GameState, PlayerState
from newton_rules.view import View, redact_board, redact_player

if TYPE_CHECKING:
    from newton_rules.game import Game

try:  # NumPy is optional: encode_array needs it, encode does not
    import numpy
except ImportError:  # pragma: no cover - exercised only without the extra
    numpy = None  # type: ignore[assignment]

PHASES = ("draft", "action", "end_round", "over")
PLAYER_NUMBERS = ("vp", "coins", "potions", "hand size", "Masters held", "draft size", "books removed", "tokens")
INCOME_KINDS_EXTRA = ("medicine",)


Cells = dict[int, float]  # the numbers of a part that may not be zero, by position in the part
Form = Callable[[Cells, int], Any]  # a part's cells and size -> the part as a list or as an array
Memo = dict[int, tuple[object, Any]]  # id of a record -> (the record, kept alive; its part of the vector)


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

        # The global part: made for every view.
        self._round = b.add("round", c.rounds, "one-hot: the round (1 to rounds)")
        self._phase = b.add("phase", len(PHASES), f"one-hot: the phase ({', '.join(PHASES)})")
        self._turn = b.add("turn index", 1, "turns started this round, all players")
        self._first = b.add("first player", n, "one-hot: seat slot of the round's first player")
        self._decision = b.add("decision", len(self._frames), "one-hot: the pending decision's kind")
        self._to_move = b.add("to move", n, "one-hot: seat slot of the player to decide (none once over)")
        self._stack = b.add("stack depth", 1, "pending decisions on the stack")
        self._decks = b.add("decks", levels, "cards left in each level's deck")
        # The board's part: kept while the board record is the same.
        self._board_at = b.add("line cards", cards, "flags over the cards: face up in a line")
        b.add("removed cards", cards, "flags over the cards: removed from the game")
        b.add(
            "board tiles",
            sum(len(cands) for _, cands in self._tile_spaces),
            "per tile space of the Map and the tracks (data order), one-hot over the tiles of its kind lying there",
        )
        token_spaces = [s.id for s in catalog.map.spaces if s.bonus] + [
            s.id for s in catalog.technology_track.spaces if s.bonus
        ]
        self._token_spaces = _index(token_spaces)
        b.add(
            "bonus tokens on the boards",
            len(token_spaces) * len(self._tokens),
            "per Bonus token space, one-hot over the tokens lying there",
        )
        b.add(
            "supplies",
            len(self._income) - 1 + len(self._basics) + 1,
            "Income tiles left per kind, Development tiles left per action, Medicine tiles left",
        )
        if self._discoveries:
            b.add(
                "great discoveries on the table", len(self._discoveries), "flags: Great Discovery tiles available (G1)"
            )
        # A part per seat slot, the same layout for each: kept while the player's record is the same.
        player_segments = [
            ("numbers", len(PLAYER_NUMBERS), "counts: " + ", ".join(PLAYER_NUMBERS)),
            ("tuck chosen", 1, "1 once the End Round tuck is chosen"),
            ("board", len(self._boards), "one-hot: the Study board"),
            ("desk", cards, "flags over the cards: on the desk"),
            ("tucked", cards, "flags over the cards: tucked under the desk"),
            ("masters played", len(self._masters), "flags: Masters played"),
            ("work", len(self._work), "one-hot: the Work marker's space"),
            ("students", len(self._tech) + 1, "Students per Technology space, then Students in supply"),
            ("scientist", len(self._map), "one-hot: the Scientist's Map space"),
            ("cubes", len(self._map), "flags: Map spaces with the player's cube"),
            ("books", len(self._books), "flags: book spaces covered by the player's tiles"),
            ("drawers", c.drawers * len(self._basics), "per drawer, one-hot: the action of its tile"),
            ("income", c.income_spaces * len(self._income), "per income space, one-hot: the tile on it"),
            ("volumes", len(self._colours), "volumes chosen this round per colour (E2)"),
        ]
        if options.advanced_lessons:
            player_segments.append(("medicine turned", 1, "1 once a special action turned the Medicine tile (X8)"))
        if self._discoveries:
            player_segments += [
                ("discoveries face up", len(self._discoveries), "flags: Great Discovery tiles face up (G2)"),
                ("discoveries face down", len(self._discoveries), "flags: Great Discovery tiles activated (G3)"),
            ]
        self._players_at = b.size
        self._player_offsets: dict[str, int] = {}
        self._player_size = 0
        for name, size, _ in player_segments:
            self._player_offsets[name] = self._player_size
            self._player_size += size
        for slot in range(n):
            for name, size, meaning in player_segments:
                b.add(f"seat {slot}: {name}", size, meaning)
        # The viewer's private part (zero for a spectator).
        self._private_at = b.add("own hand", cards, "flags over the cards: in the viewer's hand (private)")
        b.add("own Masters", len(self._masters), "flags: the viewer's Masters in hand (private)")
        b.add("own draft", len(self._masters), "flags: the viewer's draft cards (private)")
        # The kept parts as lists [0] and as arrays [1]: (board and players, the viewer's private part).
        self._seen: tuple[tuple[Memo, Memo], tuple[Memo, Memo]] = (({}, {}), ({}, {}))
        self.segments: tuple[Segment, ...] = tuple(b.segments)
        self.size: int = b.size
        self.shape: tuple[int] = (b.size,)

    # -- encoding -------------------------------------------------------------------------------------
    def encode(self, view: View) -> list[float]:
        """The observation of ``view`` as a list of ``size`` floats."""
        return _joined(*self._view_chunks(view, _as_list), self._board_at)

    def encode_array(self, view: View, out: Any = None) -> Any:
        """The observation of ``view`` as a NumPy ``float32`` array (needs the ``numpy`` extra), written
        into ``out`` (a ``float32`` array of ``size`` numbers) when given."""
        return self._filled(*self._view_chunks(view, _as_array), out)

    def encode_game(self, game: Game, viewer: int | None) -> list[float]:
        """``encode(game.view(viewer))`` without making the view: the same numbers, read from the game's
        state with the view's redaction applied record by record (what an adapter calls at every step)."""
        return _joined(*self._game_chunks(game, viewer, _as_list), self._board_at)

    def encode_game_array(self, game: Game, viewer: int | None, out: Any = None) -> Any:
        """``encode_array(game.view(viewer), out)`` without making the view (see :meth:`encode_game`)."""
        return self._filled(*self._game_chunks(game, viewer, _as_array), out)

    def _filled(self, top: Cells, chunks: list[Any], out: Any) -> Any:
        """The vector: the global part written in place, then one slice copy per kept part."""
        if numpy is None:
            raise ImportError("encode_array needs NumPy: pip install 'newton-rules[numpy]'")
        if out is None:
            out = numpy.empty(self.size, dtype=numpy.float32)
        at = self._board_at
        out[:at] = 0.0
        out[list(top)] = list(top.values())
        for chunk in chunks:
            end = at + len(chunk)
            out[at:end] = chunk
            at = end
        return out

    def _view_chunks(self, view: View, form: Form) -> tuple[Cells, list[Any]]:
        """The parts of ``view``'s vector (its state is redacted already)."""
        state = view.state
        return self._chunks(state, view.player, view.to_move, state.players, state.board, form)

    def _game_chunks(self, game: Game, viewer: int | None, form: Form) -> tuple[Cells, list[Any]]:
        """The parts of ``game.view(viewer)``'s vector, each record redacted as the view redacts it
        (:func:`~newton_rules.view.redact_player` keeps the redaction of a record, so this is a lookup)."""
        if viewer is not None and (isinstance(viewer, bool) or not 0 <= viewer < self.players):
            raise NewtonError(f"no player {viewer!r} in a {self.players}-player game")
        state = game.state
        players = tuple(p if p.seat == viewer else redact_player(p) for p in state.players)
        return self._chunks(state, viewer, game.to_move, players, redact_board(state.board), form)

    def _chunks(
        self,
        state: GameState,
        viewer: int | None,
        to_move: int | None,
        players: Sequence[PlayerState],
        board: BoardState,
        form: Form,
    ) -> tuple[Cells, list[Any]]:
        """The vector in parts from ``players`` and ``board`` as ``viewer`` sees them: the global part's
        cells, then the other parts in layout order. Consecutive states share the records that did not
        change (and their redactions are the same records), so the parts of the board and of each player
        are kept under those records and a decision encodes again only the records it changed."""
        n = self.players
        base = 0 if viewer is None else viewer
        parts, private = self._seen[form is _as_array]
        chunks = []
        kept = parts.get(id(board))
        if kept is None or kept[0] is not board:
            kept = _keep(parts, board, form(self._board_part(board), self._players_at - self._board_at))
        chunks.append(kept[1])
        for slot in range(n):
            p = players[(base + slot) % n]
            kept = parts.get(id(p))
            if kept is None or kept[0] is not p:
                kept = _keep(parts, p, form(self._player_part(p), self._player_size))
            chunks.append(kept[1])
        # The private part reads the viewer's hand, Masters and draft only: kept under those tuples, which
        # a new record of the viewer shares while they do not change.
        me = None if viewer is None else players[viewer]
        hand = None if me is None else me.hand
        kept = private.get(id(hand))
        if kept is None or not _same_hidden(kept[0], me):
            kept = _keep(private, me, form(self._private_part(me), self.size - self._private_at), hand)
        chunks.append(kept[1])
        return self._global(state, to_move, base), chunks

    def _global(self, state: GameState, to_move: int | None, base: int) -> Cells:
        n = self.players
        out: Cells = {}
        out[self._round + min(max(state.round, 1), self.catalog.constants.rounds) - 1] = 1.0
        out[self._phase + PHASES.index(state.phase)] = 1.0
        out[self._turn] = float(state.turn_index)
        out[self._first + (state.first_player - base) % n] = 1.0
        top = state.top
        if top is not None and state.phase != "over":
            out[self._decision + _FRAME_INDEX[type(top)]] = 1.0
            if to_move is not None:
                out[self._to_move + (to_move - base) % n] = 1.0
        out[self._stack] = float(len(state.stack))
        for level, deck in enumerate(state.board.decks):
            out[self._decks + level] = float(len(deck))
        return out

    def _board_part(self, board: BoardState) -> Cells:
        cards = self._cards
        out: Cells = {}
        for line in board.lines:
            for card in line:
                out[cards[card]] = 1.0
        at = len(cards)
        for card in board.removed_cards:
            out[at + cards[card]] = 1.0
        at += len(cards)
        lying = dict(board.map_tiles)
        lying.update(board.track_tiles)
        if board.map_objective:
            lying[self.catalog.map_spaces_by_kind.get("objective", ("",))[0]] = board.map_objective
        for space, candidates in self._tile_spaces:
            tile = lying.get(space)
            if tile is not None and tile in candidates:
                out[at + candidates[tile]] = 1.0
            at += len(candidates)
        tokens = len(self._tokens)
        for space, token in board.bonus:
            where = self._token_spaces.get(space)
            if where is not None:
                out[at + where * tokens + self._tokens[token]] = 1.0
        at += len(self._token_spaces) * tokens
        income_kinds = len(self._income) - 1
        for kind, left in board.income_supply:
            out[at + self._income[kind]] = float(left)
        for action, left in board.development_supply:
            out[at + income_kinds + self._basics[action]] = float(left)
        at += income_kinds + len(self._basics)
        out[at] = float(board.medicine_supply)
        at += 1
        for tile in board.discoveries:
            out[at + self._discoveries[tile]] = 1.0
        return out

    def _player_part(self, p: PlayerState) -> Cells:
        o = self._player_offsets
        cards = self._cards
        out: Cells = {}
        numbers = (
            p.vp,
            p.coins,
            p.potions,
            len(p.hand),
            len(p.masters),
            len(p.draft),
            p.books_removed,
            len(p.bonus_tokens),
        )
        out.update((i, float(v)) for i, v in enumerate(numbers))
        out[o["tuck chosen"]] = float(p.tuck_choice is not None)
        out[o["board"] + self._boards[p.board]] = 1.0
        for card in p.desk:
            out[o["desk"] + cards[card]] = 1.0
        for card in p.tucked:
            out[o["tucked"] + cards[card]] = 1.0
        for m in p.masters_played:
            out[o["masters played"] + self._masters[m]] = 1.0
        if p.work in self._work:
            out[o["work"] + self._work[p.work]] = 1.0
        supply = len(self._tech)
        for space in p.students:
            at = o["students"] + (supply if space is None else self._tech[space])
            out[at] = out.get(at, 0.0) + 1.0
        if p.scientist in self._map:
            out[o["scientist"] + self._map[p.scientist]] = 1.0
        for space in p.cubes:
            out[o["cubes"] + self._map[space]] = 1.0
        for space in p.books:
            out[o["books"] + self._books[space]] = 1.0
        basics = len(self._basics)
        for i, action in enumerate(p.drawers):
            if action is not None:
                out[o["drawers"] + i * basics + self._basics[action]] = 1.0
        kinds = len(self._income)
        for i, kind in enumerate(p.income):
            if kind is not None:
                out[o["income"] + i * kinds + self._income[kind]] = 1.0
        for colour in p.round_volumes:
            at = o["volumes"] + self._colours[colour]
            out[at] = out.get(at, 0.0) + 1.0
        if "medicine turned" in o:
            out[o["medicine turned"]] = float(p.medicine_turned)
        if self._discoveries:
            for tile in p.discoveries:
                out[o["discoveries face up"] + self._discoveries[tile]] = 1.0
            for tile in p.discoveries_used:
                out[o["discoveries face down"] + self._discoveries[tile]] = 1.0
        return out

    def _private_part(self, me: PlayerState | None) -> Cells:
        cards, masters = len(self._cards), len(self._masters)
        out: Cells = {}
        if me is not None:
            for card in me.hand:
                out[self._cards[card]] = 1.0
            for m in me.masters:
                out[cards + self._masters[m]] = 1.0
            for m in me.draft:
                out[cards + masters + self._masters[m]] = 1.0
        return out

    def describe(self, index: int) -> str:
        """What position ``index`` of the vector says, e.g. ``"seat 1: coins[0]"``."""
        for segment in self.segments:
            if segment.offset <= index < segment.offset + segment.size:
                return f"{segment.name}[{index - segment.offset}]"
        raise IndexError(f"no position {index} in an observation of {self.size}")


MEMO_SIZE = 1024  # entries kept per encoder and part; the memo starts again when full


def _keep(memo: Memo, record: object, part: Any, key: object = None) -> tuple[object, Any]:
    """Keep ``part`` under the identity of ``record`` (or of ``key``, a part of it). The entry holds the
    record, so no other object can take that id while the entry lives (a lookup checks the identity)."""
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    found = memo[id(record if key is None else key)] = (record, part)
    return found


def _same_hidden(kept: object, me: PlayerState | None) -> bool:
    """Whether a kept private part, made from record ``kept``, is ``me``'s: the same hand, Masters, draft."""
    if kept is None or me is None:
        return kept is me
    assert isinstance(kept, PlayerState)
    return kept.hand is me.hand and kept.masters is me.masters and kept.draft is me.draft


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


def _joined(top: Cells, chunks: list[Any], size: int) -> list[float]:
    out = _as_list(top, size)
    for chunk in chunks:
        out += chunk
    return out


def _as_list(cells: Cells, size: int) -> list[float]:
    """A part as a list of ``size`` numbers."""
    out = [0.0] * size
    for i, value in cells.items():
        out[i] = value
    return out


def _as_array(cells: Cells, size: int) -> Any:
    """A part as a NumPy ``float32`` array of ``size`` numbers."""
    out = numpy.zeros(size, dtype=numpy.float32)
    out[list(cells)] = list(cells.values())
    return out
