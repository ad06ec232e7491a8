"""Typed records of every component, as loaded from the data files in ``newton_rules/data``.

Every record carries ``provenance``: ``"rulebook"`` when the rule documents state it, the name of a
secondary source about the physical game when that source is the best evidence there is, and
``"reconstructed"`` when the printed picture was lost and the reference data set designs it (see
docs/data.md).
"""

from __future__ import annotations

from typing import Literal

import attrs

from newton_rules.effects.primitives import Amount, Basic, Colour, Counter, Effect

Provenance = Literal[
    "rulebook",
    "opinionatedgamers.com 2019",
    "ludorium.at",
    "Board Game Arena material file",
    "reconstructed",
    "designer",
]
Symbol = Literal["work", "technology", "travel", "lessons", "study", "joker"]
# Which player counts place a Bonus token on a space: "all" always, "2+" with 2 or more players, ...
PlayerMark = Literal["all", "2+", "3+", "4"]


@attrs.frozen(kw_only=True)
class Requirement:
    """What a book space or an Objective space asks: volumes by colour, a University or an Ancient Land."""

    volumes: tuple[tuple[Colour, int], ...] = ()
    university: str | None = None
    ancient_land: str | None = None

    def volume_count(self, colour: Colour) -> int:
        return sum(n for c, n in self.volumes if c == colour)

    def is_empty(self) -> bool:
        return not self.volumes and self.university is None and self.ancient_land is None


@attrs.frozen(kw_only=True)
class SpecialAction:
    """The special action of an Advanced Lessons card (X5-X8), usable once the card is tucked upside down.

    Using it pays ``cost`` (like a Quick Action, from anything the player holds) and applies ``effects`` in
    order. ``after`` makes it conditional: usable only once the Basic Action performed by playing this
    turn's Action card was ``after`` with a value of at least ``at_least`` (X7).
    """

    effects: tuple[Effect, ...]
    cost: Amount = attrs.field(factory=Amount)
    after: Basic | None = None
    at_least: int = 1


@attrs.frozen(kw_only=True)
class ActionCard:
    """An Action card. Level 0 is a Starting Action card (``owner_colour`` is its back's colour).

    ``special_action`` is set on the Advanced Lessons special action cards only: played, they give their
    Basic Action; tucked, they lie upside down, their symbol hidden, and give their special action (X5).
    """

    id: str
    level: int
    symbols: tuple[Symbol, ...]
    volumes: tuple[Colour, ...] = ()
    special: Effect | None = None
    special_action: SpecialAction | None = None
    owner_colour: str | None = None
    # Starting card templates only: (player colour, volumes) where that colour's card shows other volumes
    colour_volumes: tuple[tuple[str, tuple[Colour, ...]], ...] = ()
    provenance: Provenance = "reconstructed"

    def volumes_for(self, colour: str) -> tuple[Colour, ...]:
        """The volumes ``colour``'s copy of this Starting card template shows."""
        return next((v for c, v in self.colour_volumes if c == colour), self.volumes)

    @property
    def is_starting(self) -> bool:
        return self.level == 0

    @property
    def is_joker(self) -> bool:
        return "joker" in self.symbols


@attrs.frozen(kw_only=True)
class Master:
    """A Master card: ``immediate`` effects when played, ``passive`` ones while in front of you."""

    id: str
    name: str
    vp: int
    immediate: tuple[Effect, ...] = ()
    passive: tuple[Effect, ...] = ()
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class Tile:
    """An Invention, Specialization or City tile: effects applied when the tile is activated."""

    id: str
    effects: tuple[Effect, ...]
    medicine: bool = False
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class ObjectiveTile:
    """Scores ``vp`` per ``per`` items of ``counter`` at the end of the game, at most ``cap``."""

    id: str
    counter: Counter
    vp: int
    per: int = 1
    cap: int | None = None
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class GreatDiscovery:
    """A Great Discovery tile (G1-G3): bought for ``cost`` as a Quick Action and placed face up.

    Face up it grants its permanent effect: ``passive`` volumes (``permanent_volumes``, counted like a
    played Master's) and ``income`` received at every End Round. Activated (a Quick Action), it gives the
    ``discovery`` effects (the VP of its symbol: ``gain`` or ``per_count``) and turns face down for good.
    """

    id: str
    name: str
    cost: Amount
    passive: tuple[Effect, ...] = ()
    income: Amount = attrs.field(factory=Amount)
    discovery: tuple[Effect, ...]
    provenance: Provenance = "reconstructed"


@attrs.frozen(kw_only=True)
class GreatDiscoveriesModule:
    """``great_discoveries.json``: the tiles of the module and how many lie face up per player count.

    ``cities``, ``inventions`` and ``objectives`` join the base tiles before the random setup (G4) when
    the module is played (``Options.great_discoveries``)."""

    face_up_by_players: tuple[int, ...] = ()  # tiles face up with 1, 2, 3, 4 players (G1)
    great_discoveries: tuple[GreatDiscovery, ...] = ()
    cities: tuple[Tile, ...] = ()
    inventions: tuple[Tile, ...] = ()
    objectives: tuple[ObjectiveTile, ...] = ()


@attrs.frozen(kw_only=True)
class BonusToken:
    """A Bonus token and its immediate effect."""

    id: str
    effect: Effect
    provenance: Provenance = "reconstructed"


SpaceKind = Literal["start", "city", "university", "ancient_land", "village", "master", "objective"]


@attrs.frozen(kw_only=True)
class MapSpace:
    """A place on the Map. ``bonus`` marks a Bonus token space and the player counts that fill it."""

    id: str
    name: str
    kind: SpaceKind
    bonus: PlayerMark | None = None
    requirement: Requirement | None = None  # the Objective space's 4 volumes
    provenance: Provenance = "reconstructed"


@attrs.frozen(kw_only=True)
class Route:
    """A route between two Map spaces; ``cost`` coins are paid before moving along it."""

    a: str
    b: str
    cost: int = 0
    terrain: Literal["land", "sea", "mixed"] = "land"
    provenance: Provenance = "reconstructed"


@attrs.frozen(kw_only=True)
class MapBoard:
    spaces: tuple[MapSpace, ...]
    routes: tuple[Route, ...]
    start: str


TrackSpaceKind = Literal["start", "plain", "specialization", "invention", "master", "objective", "end"]
# Track spaces that act when a piece ends its move there (W3, T5, M1); the expansion's Objective tile
# counts them on the Work track.
SPECIAL_SPACE_KINDS: tuple[TrackSpaceKind, ...] = ("specialization", "invention", "master")
# The Special Spaces proper: the tile spaces. The rulebook's picture legend lists the Special Spaces, the
# Master Space and the Objective Space apart, and the expansion's Objective tile counts "the 4 Special
# Spaces ... on the Work track".
TILE_SPACE_KINDS: tuple[TrackSpaceKind, ...] = ("specialization", "invention")


@attrs.frozen(kw_only=True)
class TrackSpace:
    """A space of the Work track or the Technology track.

    ``next`` lists the spaces a piece may move to from here (more than one at a fork). A space with
    no ``next`` is the last space of a path. ``bonus`` marks a Bonus token space (Technology track).
    """

    id: str
    kind: TrackSpaceKind
    next: tuple[str, ...] = ()
    bonus: PlayerMark | None = None
    requirement: Requirement | None = None
    provenance: Provenance = "reconstructed"


@attrs.frozen(kw_only=True)
class Track:
    spaces: tuple[TrackSpace, ...]
    start: str


@attrs.frozen(kw_only=True)
class BookSpace:
    """A book space of a Study board: ``shelf`` 1-3 is its value; ``row``/``col`` its grid position."""

    id: str
    shelf: int
    row: int
    col: int
    requirement: Requirement = Requirement()
    prefilled: bool = False


@attrs.frozen(kw_only=True)
class BookLine:
    """A row or column of adjacent book spaces; completed, it gives ``vp`` at every End Round."""

    id: str
    spaces: tuple[str, ...]
    vp: int


@attrs.frozen(kw_only=True)
class StudyBoard:
    """A Study board: its bookshelf (book spaces and lines) and the drawer with a printed symbol."""

    id: str
    book_spaces: tuple[BookSpace, ...]
    lines: tuple[BookLine, ...]
    printed_drawer: int
    printed_symbol: Basic
    provenance: Provenance = "reconstructed"


@attrs.frozen(kw_only=True)
class Placement:
    """Where a client draws one space: the centre of the space in its board's box (x right, y down)."""

    id: str
    x: int
    y: int
    provenance: Provenance = "reconstructed"


@attrs.frozen(kw_only=True)
class BoardGeometry:
    """The drawing positions of one board's spaces, in a box ``width`` x ``height`` (origin top left)."""

    width: int
    height: int
    spaces: tuple[Placement, ...]


@attrs.frozen(kw_only=True)
class Geometry:
    """Drawing positions of the Map spaces and of the spaces of both tracks, keyed by space id.

    Presentation only: routes are drawn between the positions of their ends, from the Map's own route
    list, and no rule reads a position."""

    map: BoardGeometry
    work_track: BoardGeometry
    technology_track: BoardGeometry


@attrs.frozen(kw_only=True)
class PileBonus:
    """The bonus for taking the last tile of a Bookshelf pile (pile 1..4)."""

    pile: int
    effects: tuple[Effect, ...]


@attrs.frozen(kw_only=True)
class Constants:
    """The numbers of the base game that the rules state."""

    rounds: int = 6
    turns_per_round: int = 5
    starting_coins: int = 2
    students_per_player: int = 4
    cubes_per_player: int = 12
    cube_vp: tuple[tuple[int, int], ...] = ((9, 1), (10, 2), (11, 4), (12, 8))
    book_piles: int = 4
    tiles_per_pile: int = 3
    drawers: int = 5
    income_spaces: int = 5
    masters_per_player: int = 4
    solo_masters_drawn: int = 6
    line_size: int = 3
    solo_line_size: int = 2
    specialization_tiles_used: int = 5
    invention_tiles_used: int = 5
    objective_tiles_used: int = 6
    income_tiles_per_kind: int = 4
    development_tiles_per_action: int = 4
    medicine_tiles: int = 4
    boost_cost: int = 2
    flip_cost: int = 1
    potion_cost: int = 3
    enroll_cost: int = 5
    medicine_vp: tuple[int, int] = (1, 3)
    solo_ranks: tuple[tuple[int, str], ...] = ()

    @property
    def book_tiles(self) -> int:
        """Bookshelf tiles each player has: the piles times the tiles in each."""
        return self.book_piles * self.tiles_per_pile


# ------------------------------------------------------------------------------ the pack's own file


@attrs.frozen(kw_only=True)
class CardCounts:
    """How many player colours and Action cards a pack holds (``cards.json``)."""

    player_colours: int
    action_cards_per_level: tuple[int, ...]  # level 1, level 2, level 3
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class MasterCounts:
    """How many Master cards a pack holds (``masters.json``)."""

    masters: int
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class TileCounts:
    """How many tiles and tokens of each kind a pack holds (``tiles.json``)."""

    inventions: int
    specializations: int
    cities: int
    objectives: int
    bonus_tokens: int
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class MapSpaceCounts:
    """How many Map spaces of each kind (one field per :data:`SpaceKind`)."""

    start: int
    university: int
    ancient_land: int
    city: int
    village: int
    master: int
    objective: int


@attrs.frozen(kw_only=True)
class MapCounts:
    """The Map's spaces by kind and the volumes its Objective space asks (``map.json``)."""

    spaces: MapSpaceCounts
    objective_volumes: int
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class TrackCounts:
    """Special spaces of the Work track, path ends of the Technology track (``tracks.json``)."""

    work_special_spaces: int  # Specialization and Invention spaces (the Master space is counted apart)
    work_master_spaces: int
    technology_path_ends: int
    technology_objective_ends: int
    technology_master_ends: int
    objective_volumes: int  # asked by every Objective space of either track
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class StudyBoardCounts:
    """How many Study boards and shelves per board (``study_boards.json``)."""

    boards: int
    shelves: int
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class AdvancedLessonsCounts:
    """How many Action cards of each level the Advanced Lessons module adds (``advanced_lessons.json``)."""

    action_cards_per_level: tuple[int, ...]  # level 1, level 2, level 3
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class GreatDiscoveriesCounts:
    """How many tiles the Great Discoveries module holds (``great_discoveries.json``)."""

    great_discoveries: int
    cities: int
    inventions: int
    objectives: int
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class ExtraObjectivesCounts:
    """How many additional Objective tiles a pack holds (``extra_objectives.json``)."""

    objectives: int
    provenance: Provenance = "rulebook"


@attrs.frozen(kw_only=True)
class ComponentCounts:
    """The component counts a pack declares, one group per data file; validation holds the pack to them."""

    cards: CardCounts
    masters: MasterCounts
    tiles: TileCounts
    map: MapCounts
    tracks: TrackCounts
    study_boards: StudyBoardCounts
    great_discoveries: GreatDiscoveriesCounts
    extra_objectives: ExtraObjectivesCounts
    advanced_lessons: AdvancedLessonsCounts


@attrs.frozen(kw_only=True)
class PackManifest:
    """``pack.json``: the pack's name (None for an unnamed pack) and the counts it declares."""

    name: str | None = None
    counts: ComponentCounts


__all__ = [
    "TILE_SPACE_KINDS",
    "ActionCard",
    "AdvancedLessonsCounts",
    "BonusToken",
    "BookLine",
    "BookSpace",
    "CardCounts",
    "ComponentCounts",
    "Constants",
    "ExtraObjectivesCounts",
    "GreatDiscoveriesCounts",
    "GreatDiscoveriesModule",
    "GreatDiscovery",
    "MapBoard",
    "MapCounts",
    "MapSpace",
    "MapSpaceCounts",
    "Master",
    "MasterCounts",
    "ObjectiveTile",
    "PackManifest",
    "PileBonus",
    "PlayerMark",
    "Provenance",
    "Requirement",
    "Route",
    "SpaceKind",
    "SpecialAction",
    "StudyBoard",
    "StudyBoardCounts",
    "Symbol",
    "Tile",
    "TileCounts",
    "Track",
    "TrackCounts",
    "TrackSpace",
    "TrackSpaceKind",
]
