"""Galileo's observation, declared as named pieces, and its declaration for the AI-research frameworks.

The pieces (:class:`rules_core.interop.observation.Piece`) read a view, the public position every seat and
the spectator share (Galileo hides from everyone alike, :mod:`galileo_rules.view`): a hidden card is only its
tier. Seats are numbered *from the viewer's*: seat slot 0 is the viewer (a spectator's: seat 0), slot 1 the
next seat, and so on; in the solo game Tycho Brahe is seat 1. Counts are raw numbers (VP, dice values,
cards); everything else is a 0/1 flag or a one-hot choice over what the data pack names (cards, tiles,
Scales, subjects), so the layout follows the configuration and the pack, never the game. docs/interop.md
lists the layout; ``encoder.segments`` gives it with offsets.

:data:`GALILEO_INTEROP` is what the frameworks need besides the rules: the parameters (``advanced`` and the
rule options), the pieces, the rewards (the winners share 1; solo, 1 for beating Tycho Brahe) and no bound
on a game's length: the game ends when the deck runs out, which players who never observe never bring about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.records import COLOURS
from galileo_rules.game import GalileoGame, GalileoView, as_options
from galileo_rules.model.config import ASTRONOMERS, GameConfig, Options
from galileo_rules.model.sky import BENCH, SKY
from galileo_rules.model.state import PlayerState, TileSlot
from galileo_rules.rules.setup import TYCHO
from galileo_rules.rules.table import RULES
from rules_core.interop.declaration import Interop, Parameter
from rules_core.interop.observation import Numbers, Piece, counts, flags, index_of, one_hot

PHASES = ("setup", "play", "over")
PRINTED_OBJECTIVES = 2  # "observer" and "scholar", on the Game Board (GS9)
TIERS = (1, 2, 3)
PLAYER_NUMBERS = (
    "quadrants",
    "vp",
    "comets_board",
    "comets_above",
    "comets_below",
    "comets_waiting",
    "comets_placed",
    "constellations",
    "reputation",
)
TURN_FLAGS = ("fixed_used", "moving_used", "fresh_comets", "persuaded", "cellar_peak", "library_tile_used")


def seat_order(view: GalileoView) -> list[int]:
    """The seats from the viewer's on (a spectator's: from seat 0)."""
    seats = len(view.state.players)
    return [seat_at(view, k) for k in range(seats)]


def seat_at(view: GalileoView, slot: int) -> int:
    """The seat at seat slot ``slot`` from the viewer's."""
    return ((view.player or 0) + slot) % len(view.state.players)


def _slot(view: GalileoView, seat: int | None) -> int | None:
    return None if seat is None else seat_order(view).index(seat)


def _tier(card: str) -> int:
    """The tier of a hidden card, written ``?T`` (:func:`galileo_rules.view.hidden_card`)."""
    return int(card[1:])


def _global_pieces(config: GameConfig, catalog: Catalog) -> list[Piece]:
    seats = config.seats
    decisions = index_of(kind.tag for kind in RULES.decisions)
    return [
        Piece("round", (1,), "the round (0 during setup)", lambda v: [float(v.state.round)]),
        Piece(
            "last round",
            (1,),
            "the final round once the deck ran out, else 0",
            lambda v: [float(v.state.last_round or 0)],
        ),
        Piece(
            "phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES), lambda v: one_hot(PHASES.index(v.state.phase), 3)
        ),
        Piece(
            "decision",
            (len(decisions),),
            "one-hot: the pending decision's kind (" + ", ".join(decisions) + ")",
            lambda v: one_hot(decisions.get(type(v.state.top).tag) if v.state.top else None, len(decisions)),
        ),
        Piece(
            "to move",
            (seats,),
            "one-hot: seat slot of the player to decide",
            lambda v: one_hot(_slot(v, v.to_move), seats),
        ),
        Piece(
            "first player",
            (seats,),
            "one-hot: seat slot of the first player",
            lambda v: one_hot(_slot(v, v.state.first_player), seats),
        ),
        Piece(
            "deck",
            (len(TIERS),),
            "cards left in the deck by tier",
            lambda v: counts(_tier(c) - 1 for c in v.state.deck),
        ),
        Piece("box", (len(TIERS),), "cards in the box by tier", lambda v: counts(_tier(c) - 1 for c in v.state.box)),
        Piece(
            "supply",
            (len(COLOURS),),
            "dice in the supply: red, blue, yellow",
            lambda v: [float(n) for n in v.state.supply],
        ),
        Piece("appendix", (1,), "Comets in the Appendix of the Book of Comets", lambda v: [float(v.state.appendix)]),
        Piece(
            "turn",
            (len(TURN_FLAGS),),
            "this turn so far: " + ", ".join(TURN_FLAGS),
            lambda v: [float(getattr(v.state.turn, f)) for f in TURN_FLAGS],
        ),
    ]


def _board_pieces(config: GameConfig, catalog: Catalog) -> list[Piece]:
    seats = config.seats
    cards = index_of(card.id for card in catalog.cards)
    most = max(len(card.constellations) for card in catalog.cards)
    display = catalog.rules.display
    scale_sides = index_of((scale.id, side) for scale in catalog.scales for side in (0, 1))
    subjects = index_of(subject.id for subject in catalog.subjects)
    objectives = index_of(("observer", "scholar", *subjects))
    places = len(PlayerState(astronomer="").university)
    spaces = PRINTED_OBJECTIVES + len(subjects) - places  # the printed ones and the subjects above no Scale
    pages = len(catalog.comet_pages.by_players[config.deck_players])

    def shown(v: GalileoView) -> Numbers:
        return flags(i * len(cards) + cards[s.card] for i, s in enumerate(v.state.display) if s is not None)

    def covered(v: GalileoView) -> Numbers:
        return flags(i * most + k for i, s in enumerate(v.state.display) if s for k, _ in s.covered)

    def claims(v: GalileoView) -> Numbers:
        order = seat_order(v)
        return flags(k * seats + order.index(seat) for k, claim in enumerate(v.state.claims) for seat in claim)

    def covered_pages(v: GalileoView) -> Numbers:
        return flags(k * seats + seat_order(v).index(s) for k, s in enumerate(v.state.pages) if s is not None)

    return [
        Piece("display", (display, len(cards)), "per display space, one-hot: its card", shown),
        Piece("constellations covered", (display, most), "per display space and constellation: covered", covered),
        Piece(
            "scales",
            (places, len(scale_sides)),
            "per university place, one-hot: its Scale tile and side",
            lambda v: flags(i * len(scale_sides) + scale_sides[p] for i, p in enumerate(v.state.scales)),
        ),
        Piece(
            "subjects",
            (places, len(subjects)),
            "per Scale, one-hot: the subject above it",
            lambda v: flags(i * len(subjects) + subjects[s] for i, s in enumerate(v.state.subjects)),
        ),
        Piece(
            "objectives",
            (spaces, len(objectives)),
            "per objective space, one-hot: its objective",
            lambda v: flags(i * len(objectives) + objectives[o] for i, o in enumerate(v.state.objectives)),
        ),
        Piece("claims", (spaces, seats), "per objective space and seat slot: achieved", claims),
        Piece(
            "pages",
            (pages, seats),
            "per Book of Comets page, one-hot: the seat slot whose Comet covers it",
            covered_pages,
        ),
    ]


def tile_cells(tiles: dict[str, int], slots: Sequence[TileSlot | None]) -> Numbers:
    """Per slot, one-hot over ``tiles`` then a flag for the golden side."""
    width = len(tiles) + 1
    out: dict[int, float] = {}
    for i, placed in enumerate(slots):
        if placed is not None:
            out[i * width + tiles[placed.tile]] = 1.0
            out[i * width + len(tiles)] = float(placed.upgraded)
    return out


@attrs.frozen
class SeatPiece:
    """A piece of each seat slot: its ``read`` takes the view and the seat."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    read: Callable[[GalileoView, int], Numbers]

    def for_slot(self, slot: int) -> Piece:
        """The piece of the seat at ``slot`` from the viewer's."""
        read = self.read
        return Piece(f"seat {slot}: {self.name}", self.shape, self.meaning, lambda v: read(v, seat_at(v, slot)))


TILES_MEANING = "per slot, one-hot: its tile, then 1 on its golden side"


def _player(view: GalileoView, seat: int) -> PlayerState:
    return view.state.players[seat]


def _die_cells(view: GalileoView, seat: int) -> Numbers:
    """Per die (sorted): one-hot colour, then its value."""
    out: dict[int, float] = {}
    for i, (colour, value) in enumerate(view.state.players[seat].dice):
        out[i * 4 + COLOURS.index(colour)] = 1.0
        out[i * 4 + 3] = float(value)
    return out


def _seat_pieces(config: GameConfig, catalog: Catalog) -> list[SeatPiece]:
    """A seat slot's pieces; each ``read`` takes (view, seat): its board, then its Library and tokens."""
    astronomers = index_of((*ASTRONOMERS, TYCHO))
    tiles = index_of((*(t.id for t in catalog.action_tiles), catalog.kepler_tile.id))
    return [
        SeatPiece(
            "astronomer",
            (len(astronomers),),
            "one-hot: " + ", ".join(astronomers),
            lambda v, s: one_hot(astronomers.get(_player(v, s).astronomer), len(astronomers)),
        ),
        SeatPiece(
            "telescope",
            (len(SKY),),
            "one-hot: the telescope's space",
            lambda v, s: one_hot(_player(v, s).telescope, len(SKY)),
        ),
        SeatPiece("tiles", (BENCH, len(tiles) + 1), TILES_MEANING, lambda v, s: tile_cells(tiles, _player(v, s).tiles)),
        SeatPiece(
            "character board tile",
            (1, len(tiles) + 1),
            TILES_MEANING,
            lambda v, s: tile_cells(tiles, (_player(v, s).bench,)),
        ),
        SeatPiece(
            "dice",
            (catalog.rules.dice_per_board, 4),
            "per die (sorted): one-hot colour (R, B, Y), then its value",
            _die_cells,
        ),
        SeatPiece(
            "numbers",
            (len(PLAYER_NUMBERS),),
            "counts: " + ", ".join(PLAYER_NUMBERS),
            lambda v, s: [float(getattr(_player(v, s), n)) for n in PLAYER_NUMBERS],
        ),
        *_library_pieces(catalog),
    ]


def _library_pieces(catalog: Catalog) -> list[SeatPiece]:
    """A seat slot's Library, Book tokens, cellar, university tokens, Library tiles, pages and achievements."""
    cards = index_of(card.id for card in catalog.cards)
    cellar = max(len(catalog.cellar.interrogation), len(catalog.bruno_cellar.interrogation))
    overlays = index_of(tile.id for tile in catalog.library_tiles)
    personal = max((len(own) for own in catalog.comet_pages.personal.values()), default=0)

    def overlay_cells(view: GalileoView, seat: int) -> Numbers:
        out: dict[int, float] = {}
        for o in view.state.players[seat].overlays:
            at = overlays[o.tile] * 4
            out.update({at: 1.0, at + 1: float(o.side), at + 2: float(o.row), at + 3: float(o.first)})
        return out

    return [
        SeatPiece(
            "library face down",
            (len(TIERS),),
            "face-down Library cards by tier",
            lambda v, s: counts(e.tier - 1 for e in _player(v, s).library if not e.face_up),
        ),
        SeatPiece(
            "library face up",
            (len(cards),),
            "flags: the observed Major Objects in the Library",
            lambda v, s: flags(cards[e.card] for e in _player(v, s).library if e.face_up),
        ),
        SeatPiece(
            "books",
            (catalog.rules.books,),
            "spaces moved by each Book token",
            lambda v, s: [float(n) for n in _player(v, s).books],
        ),
        SeatPiece(
            "cellar",
            (cellar,),
            "Inquisitors per cellar space",
            lambda v, s: dict(enumerate(map(float, _player(v, s).cellar))),
        ),
        SeatPiece(
            "university",
            (len(PlayerState(astronomer="").university),),
            "row of the token on each Scale",
            lambda v, s: [float(n) for n in _player(v, s).university],
        ),
        SeatPiece(
            "library tiles",
            (len(overlays), 4),
            "per Copernicus Library tile: placed, side, row, first space",
            overlay_cells,
        ),
        SeatPiece(
            "own pages",
            (personal,),
            "flags: personal Book of Comets pages covered",
            lambda v, s: flags(k for k, c in enumerate(_player(v, s).own_pages) if c),
        ),
        SeatPiece("achievements", (1,), "objectives achieved", lambda v, s: [float(len(_player(v, s).achievements))]),
    ]


def _tycho_pieces(config: GameConfig, catalog: Catalog) -> list[Piece]:
    """Tycho Brahe's own pieces (solo): his tiles left to right, his token, his Book token, his decks."""
    if not config.solo:
        return []
    tiles = index_of(t.id for t in catalog.tycho_tiles)
    numbers = ("token", "book", "deck", "discard")

    def tycho_numbers(view: GalileoView) -> Numbers:
        t = view.state.tycho
        return [] if t is None else [float(t.token), float(t.book), float(len(t.deck)), float(len(t.discard))]

    def tycho_tiles(view: GalileoView) -> Numbers:
        return {} if view.state.tycho is None else tile_cells(tiles, view.state.tycho.tiles)

    return [
        Piece(
            "tycho tiles",
            (len(tiles), len(tiles) + 1),
            "Tycho Brahe's tiles left to right: " + TILES_MEANING,
            tycho_tiles,
        ),
        Piece("tycho", (len(numbers),), "Tycho Brahe: " + ", ".join(numbers), tycho_numbers),
    ]


def observation(config: GameConfig, catalog: Catalog) -> list[Piece]:
    """The pieces of Galileo's observation (see the module doc)."""
    seats = [piece.for_slot(slot) for slot in range(config.seats) for piece in _seat_pieces(config, catalog)]
    return [*_global_pieces(config, catalog), *_board_pieces(config, catalog), *seats, *_tycho_pieces(config, catalog)]


def configure(players: int, seed: int, parameters: Mapping[str, Parameter]) -> GameConfig:
    """The configuration of the frameworks' parameters: ``advanced`` and each rule option by its name."""
    options = as_options({name: value for name, value in parameters.items() if name != "advanced"})
    return GameConfig(players=players, seed=seed, advanced=bool(parameters["advanced"]), options=options).check()


def _parameters() -> dict[str, Parameter]:
    options: dict[str, Parameter] = attrs.asdict(Options())
    return {"advanced": False, **options}


GALILEO_INTEROP = Interop(
    session=GalileoGame,
    players=(1, 4),
    parameters=_parameters(),
    configure=configure,
    observation=observation,
)
"""Galileo for the frameworks (:mod:`rules_core.interop`): players 1 (solo, Tycho Brahe an automatic seat) to 4."""


__all__ = [
    "GALILEO_INTEROP",
    "PHASES",
    "PLAYER_NUMBERS",
    "TURN_FLAGS",
    "SeatPiece",
    "configure",
    "observation",
    "seat_at",
    "seat_order",
    "tile_cells",
]
