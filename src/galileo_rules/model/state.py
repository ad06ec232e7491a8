"""The game state: immutable records, changed only by the reducer.

Counters stand for identical pieces (Comet tokens per location, Inquisitors per cellar space,
Constellation tokens left on the board); what tells pieces apart is kept (a die's colour and value, a
Library card's id and face, an Action tile's slot and side).
"""

from __future__ import annotations

import attrs

from galileo_rules.components.records import Colour
from galileo_rules.model.frames import Frame

Die = tuple[Colour, int]  # (colour, value); a player's dice are kept sorted


@attrs.frozen
class TileSlot:
    """An Action tile in a slot of the starry sky (or on Kepler's Character Board)."""

    tile: str
    upgraded: bool = False


@attrs.frozen
class LibraryCard:
    """A Discovery card in a Library: face up (observed Major Object) or face down (light side up)."""

    card: str
    face_up: bool
    tier: int


@attrs.frozen
class Overlay:
    """A Copernicus Library tile placed over ``len(rewards)`` spaces of ``row`` from space ``first`` (1-based)."""

    tile: str
    side: int
    row: int
    first: int


@attrs.frozen
class DisplaySlot:
    """A face-up Discovery card on the Game Board and the constellations covered on it, as (index, seat)."""

    card: str
    covered: tuple[tuple[int, int], ...] = ()


@attrs.frozen
class TurnFlags:
    """What this turn has done so far (reset at each turn start)."""

    fixed_used: bool = False
    moving_used: bool = False
    played_slot: int | None = None
    fresh_comets: int = 0  # Comets turned to "2" this turn: not usable again this turn (GC3)
    persuaded: bool = False  # an Inquisitor actually moved by Persuade (GI4)
    cellar_peak: int = 0  # most Inquisitors in the cellar at one time this turn (GU6)
    library_tile_used: bool = False  # Copernicus's once-per-turn free action (GK7)


@attrs.frozen
class PlayerState:
    astronomer: str
    telescope: int = 1
    tiles: tuple[TileSlot, ...] = ()
    bench: TileSlot | None = None  # Kepler's Character Board tile
    dice: tuple[Die, ...] = ()
    quadrants: int = 0
    vp: int = 0
    vp_sources: tuple[tuple[str, int], ...] = ()  # (source, VP), sorted by source
    comets_board: int = 7
    comets_above: int = 0  # on the Game Board, "1" side up
    comets_below: int = 0  # below the Discovery cards, "2" side up
    comets_waiting: int = 0  # on the Book of Comets, waiting for Cleanup
    comets_placed: int = 0  # on a page or in the Appendix
    constellations: int = 7  # tokens left on the Player Board
    library: tuple[LibraryCard, ...] = ()
    books: tuple[int, ...] = (0, 0, 0, 0)  # spaces moved by each Book token
    overlays: tuple[Overlay, ...] = ()
    cellar: tuple[int, ...] = (0, 0, 0, 0)  # Inquisitors per cellar space, leftmost first
    university: tuple[int, ...] = (0, 0, 0, 0)  # row of the token on each Scale (0: the stairs)
    reputation: int = -3
    achievements: tuple[str, ...] = ()
    own_pages: tuple[bool, ...] = ()  # personal Book of Comets pages covered

    def source_vp(self, source: str) -> int:
        return dict(self.vp_sources).get(source, 0)


@attrs.frozen
class TychoState:
    """Tycho Brahe's own pieces besides his PlayerState: his Action tiles, token, Movement deck, Book token."""

    tiles: tuple[TileSlot, ...]
    token: int
    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    book: int = 0


@attrs.frozen
class GameState:
    players: tuple[PlayerState, ...]
    rng: int
    deck: tuple[str, ...]  # top first
    box: tuple[str, ...]
    display: tuple[DisplaySlot | None, ...]
    scales: tuple[tuple[str, int], ...]  # (Scale tile, side) in the 4 university places
    subjects: tuple[str, ...]  # the subject (arch side up) above each Scale
    objectives: tuple[str, ...]  # the 2 printed objectives and the 2 niche-up Subject tiles
    claims: tuple[tuple[int, ...], ...] = ()  # per objective, the seats that achieved it, in order
    pages: tuple[int | None, ...] = ()  # the seat whose Comet covers each page of this game's section
    appendix: int = 0
    supply: tuple[int, int, int] = (10, 10, 10)  # dice in the supply: red, blue, yellow
    first_player: int = 0
    current: int | None = None
    round: int = 0
    last_round: int | None = None  # set when the deck runs out (GF4-GF5)
    phase: str = "setup"
    stack: tuple[Frame, ...] = ()
    turn: TurnFlags = TurnFlags()
    tycho: TychoState | None = None

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None
