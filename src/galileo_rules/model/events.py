"""Typed events: everything that happens, as data. The rules emit them; only the reducer applies them.

Chance is resolved once and carried by the events (the card a draw reveals, the Tier III card taken from
the box, Tycho's Movement tile), so a log of events replays without the generator.
"""

from __future__ import annotations

from typing import Any

import attrs

from galileo_rules.model.state import Die, DisplaySlot, Overlay, TileSlot, TurnFlags
from rules_core.stack import DecisionPopped as DecisionPopped
from rules_core.stack import DecisionPushed as DecisionPushed
from rules_core.stack import DecisionUpdated as DecisionUpdated


@attrs.frozen
class AstronomerChosen:
    """The astronomer and, with abilities, his personal pages and cellar (Bruno's has 5 spaces)."""

    player: int
    astronomer: str
    own_pages: tuple[bool, ...] = ()
    cellar: tuple[int, ...] = (0, 0, 0, 0)


@attrs.frozen
class TilesArranged:
    """A player's Action tiles in their slots (and Kepler's Character Board tile) after setup, a rotation or
    a swap."""

    player: int
    tiles: tuple[TileSlot, ...]
    bench: TileSlot | None = None


@attrs.frozen
class TurnStarted:
    player: int
    round: int


@attrs.frozen
class TurnFlagsChanged:
    flags: TurnFlags


@attrs.frozen
class TelescopeMoved:
    player: int
    position: int


@attrs.frozen
class DiceChanged:
    """A player's dice are now ``dice``; the difference goes to or comes from the supply."""

    player: int
    dice: tuple[Die, ...]


@attrs.frozen
class QuadrantsChanged:
    player: int
    amount: int


@attrs.frozen
class ScoreChanged:
    player: int
    amount: int
    source: str


@attrs.frozen
class CometMoved:
    """``count`` Comet tokens from one location to another (board, above, below, waiting, placed)."""

    player: int
    origin: str
    to: str
    count: int = 1


@attrs.frozen
class CometPaged:
    """A waiting Comet goes on game page ``page`` (or personal page ``own``; both -1: the Appendix)."""

    player: int
    page: int = -1
    own: int = -1


@attrs.frozen
class ConstellationObserved:
    player: int
    slot: int
    constellation: int


@attrs.frozen
class CardTaken:
    """A Discovery card into a Library: from the display ``slot`` (face up) or the deck top (slot -1) or the
    box (slot -2), face down. ``card`` is hidden in views when the card goes face down."""

    player: int
    card: str
    slot: int
    face_up: bool
    tier: int


@attrs.frozen
class DisplayFilled:
    """A display space gets a card from the deck top, from the box (``from_box``) or stays blank (None)."""

    slot: int
    content: DisplaySlot | None
    from_box: bool = False


@attrs.frozen
class RngAdvanced:
    rng: int


@attrs.frozen
class BookMoved:
    player: int
    book: int
    position: int


@attrs.frozen
class OverlayPlaced:
    player: int
    overlay: Overlay


@attrs.frozen
class InquisitorGained:
    player: int


@attrs.frozen
class InquisitorMoved:
    player: int
    origin: int
    to: int


@attrs.frozen
class InquisitorRemoved:
    player: int
    space: int


@attrs.frozen
class ReputationMoved:
    player: int
    reputation: int


@attrs.frozen
class UniversityMoved:
    player: int
    scale: int
    row: int


@attrs.frozen
class TileUpgraded:
    """Slot ``slot`` (6: Kepler's Character Board tile) turned to its upgraded side."""

    player: int
    slot: int


@attrs.frozen
class ObjectiveAchieved:
    player: int
    objective: int
    first: bool


@attrs.frozen
class EndTriggered:
    last_round: int


@attrs.frozen
class TychoMoved:
    token: int


@attrs.frozen
class TychoMovementDrawn:
    """Tycho flips ``tile``; ``reshuffled`` carries the new deck when the old one ran out (hidden in views)."""

    tile: str
    reshuffled: tuple[str, ...] | None = None


@attrs.frozen
class TychoTileUpgraded:
    index: int


@attrs.frozen
class TychoBookMoved:
    position: int


@attrs.frozen
class PhaseChanged:
    phase: str


Event = (
    DecisionPushed[Any]
    | DecisionUpdated[Any]
    | DecisionPopped
    | AstronomerChosen
    | TilesArranged
    | TurnStarted
    | TurnFlagsChanged
    | TelescopeMoved
    | DiceChanged
    | QuadrantsChanged
    | ScoreChanged
    | CometMoved
    | CometPaged
    | ConstellationObserved
    | CardTaken
    | DisplayFilled
    | RngAdvanced
    | BookMoved
    | OverlayPlaced
    | InquisitorGained
    | InquisitorMoved
    | InquisitorRemoved
    | ReputationMoved
    | UniversityMoved
    | TileUpgraded
    | ObjectiveAchieved
    | EndTriggered
    | TychoMoved
    | TychoMovementDrawn
    | TychoTileUpgraded
    | TychoBookMoved
    | PhaseChanged
)
