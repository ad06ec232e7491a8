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
from typing import Any

import attrs

from newton_rules.action_space import ARGUMENTS
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.effects.primitives import BASICS, COLOURS
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import FRAME_TYPES
from newton_rules.model.state import BoardState, PlayerState
from newton_rules.view import View

try:  # NumPy is optional: encode_array needs it, encode does not
    import numpy
except ImportError:  # pragma: no cover - exercised only without the extra
    numpy = None  # type: ignore[assignment]

PHASES = ("draft", "action", "end_round", "over")
PLAYER_NUMBERS = ("vp", "coins", "potions", "hand size", "Masters held", "draft size", "books removed", "tokens")
INCOME_KINDS_EXTRA = ("medicine",)


Memo = dict[tuple[int, ...], tuple[object, Any]]  # part identities -> (the parts, kept alive; the part's numbers)


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
        self._seen_lists: Memo = {}
        self._seen_arrays: Memo = {}
        self.segments: tuple[Segment, ...] = tuple(b.segments)
        self.size: int = b.size
        self.shape: tuple[int] = (b.size,)

    # -- encoding -------------------------------------------------------------------------------------
    def encode(self, view: View) -> list[float]:
        """The observation of ``view`` as a list of ``size`` floats."""
        out: list[float] = []
        for chunk in self._chunks(view, self._lists):
            out += chunk
        return out

    def encode_array(self, view: View) -> Any:
        """The observation of ``view`` as a NumPy ``float32`` array (needs the ``numpy`` extra)."""
        if numpy is None:
            raise ImportError("encode_array needs NumPy: pip install 'newton-rules[numpy]'")
        return numpy.concatenate(self._chunks(view, self._arrays))

    def _lists(self, values: list[float]) -> Any:
        return values

    def _arrays(self, values: list[float]) -> Any:
        return numpy.array(values, dtype=numpy.float32)

    def _chunks(self, view: View, form: Callable[[list[float]], Any]) -> list[Any]:
        """The vector in parts, in layout order. A view's board and players are the same records while they
        do not change (``view.redact_*`` keep them), so their parts are kept under those records."""
        state = view.state
        n = self.players
        viewer = view.player
        base = 0 if viewer is None else viewer
        seen = self._seen_lists if form == self._lists else self._seen_arrays
        board = state.board
        players = state.players
        chunks = [form(self._global(view, base))]
        chunks.append(_memo(seen, ("board", board), lambda: form(self._board_part(board))))
        for slot in range(n):
            p = players[(base + slot) % n]
            chunks.append(_memo(seen, ("player", p), lambda p=p: form(self._player_part(p))))  # type: ignore[misc]
        me = None if viewer is None else players[viewer]
        chunks.append(_memo(seen, ("private", me), lambda: form(self._private_part(me))))
        return chunks

    def _global(self, view: View, base: int) -> list[float]:
        state = view.state
        n = self.players
        out = [0.0] * self._board_at
        out[self._round + min(max(state.round, 1), self.catalog.constants.rounds) - 1] = 1.0
        out[self._phase + PHASES.index(state.phase)] = 1.0
        out[self._turn] = float(state.turn_index)
        out[self._first + (state.first_player - base) % n] = 1.0
        top = state.top
        if top is not None and state.phase != "over":
            out[self._decision + _FRAME_INDEX[type(top)]] = 1.0
            if view.decision is not None:
                out[self._to_move + (view.decision.player - base) % n] = 1.0
        out[self._stack] = float(len(state.stack))
        for level, deck in enumerate(state.board.decks):
            out[self._decks + level] = float(len(deck))
        return out

    def _board_part(self, board: BoardState) -> list[float]:
        cards = self._cards
        out = [0.0] * (self._players_at - self._board_at)
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

    def _player_part(self, p: PlayerState) -> list[float]:
        o = self._player_offsets
        cards = self._cards
        out = [0.0] * self._player_size
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
        out[: len(numbers)] = [float(v) for v in numbers]
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
            out[o["students"] + (supply if space is None else self._tech[space])] += 1.0
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
            out[o["volumes"] + self._colours[colour]] += 1.0
        if "medicine turned" in o:
            out[o["medicine turned"]] = float(p.medicine_turned)
        if self._discoveries:
            for tile in p.discoveries:
                out[o["discoveries face up"] + self._discoveries[tile]] = 1.0
            for tile in p.discoveries_used:
                out[o["discoveries face down"] + self._discoveries[tile]] = 1.0
        return out

    def _private_part(self, me: PlayerState | None) -> list[float]:
        cards, masters = len(self._cards), len(self._masters)
        out = [0.0] * (self.size - self._private_at)
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


def _memo(
    seen: dict[tuple[int, ...], tuple[object, Any]], parts: tuple[object, ...], compute: Callable[[], Any]
) -> Any:
    """``compute()``, kept under the identities of ``parts`` (the memo holds the parts, so no other object
    can take one of their ids while the entry lives)."""
    key = tuple(map(id, parts))
    found = seen.get(key)
    if found is None:
        if len(seen) >= MEMO_SIZE:
            seen.clear()
        found = seen[key] = (parts, compute())
    return found[1]


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
