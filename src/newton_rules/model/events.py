"""Typed events: the only things that change a game state (see :mod:`newton_rules.model.reducer`).

Each event is a small frozen record. :func:`audience` says who may see it: ``None`` for everyone, or
the one player it concerns (Masters dealt or kept, the card chosen to tuck before the reveal).
"""

from __future__ import annotations

from typing import Literal

import attrs

from newton_rules.effects.primitives import Colour
from newton_rules.model.frames import Frame
from newton_rules.model.sources import Source
from newton_rules.model.state import Phase
from rules_core.stack import DecisionPopped as DecisionPopped
from rules_core.stack import DecisionPushed as DecisionPushed
from rules_core.stack import DecisionUpdated as DecisionUpdated

# Zones a card moves between: "deck:N" (bottom when entering, top when leaving), "line:N", "hand",
# "desk", "tucked", "removed".
Zone = str
Piece = Literal["work", "scientist", "student"]


@attrs.frozen(kw_only=True)
class ResourcesChanged:
    """Coins / VP / Potions gained (positive) or spent (negative); ``source`` says what caused it."""

    player: int
    coins: int = 0
    vp: int = 0
    potions: int = 0
    source: Source


@attrs.frozen(kw_only=True)
class CardMoved:
    card: str
    src: Zone
    dst: Zone
    player: int | None = None


@attrs.frozen(kw_only=True)
class MastersDealt:
    """Master cards dealt to ``player`` (to keep, or to draft / select from)."""

    player: int
    masters: tuple[str, ...]
    draft: bool


@attrs.frozen(kw_only=True)
class MasterKept:
    player: int
    master: str


@attrs.frozen(kw_only=True)
class DraftPassed:
    """Every player's remaining draft cards pass to the player on the left."""


@attrs.frozen(kw_only=True)
class DraftEnded:
    """Master selection is over; undrafted cards leave the game."""


@attrs.frozen(kw_only=True)
class MasterPlayed:
    player: int
    master: str


@attrs.frozen(kw_only=True)
class PieceMoved:
    """A Work marker, Scientist or Student (``index``) moved to ``to`` (None: back to supply)."""

    player: int
    piece: Piece
    to: str | None
    index: int = 0


@attrs.frozen(kw_only=True)
class CubePlaced:
    player: int
    space: str


@attrs.frozen(kw_only=True)
class BonusTokenTaken:
    player: int
    space: str
    token: str


@attrs.frozen(kw_only=True)
class BookPlaced:
    player: int
    space: str


@attrs.frozen(kw_only=True)
class BookLifted:
    """A placed Bookshelf tile picked up to be moved (Hawking)."""

    player: int
    space: str


@attrs.frozen(kw_only=True)
class BooksRemoved:
    """Bookshelf tiles removed from the supply without being placed (Cavendish)."""

    player: int
    count: int


@attrs.frozen(kw_only=True)
class DrawerFilled:
    """A Development tile of ``action`` from the supply into ``drawer`` (replacing what was there)."""

    player: int
    drawer: int
    action: str


@attrs.frozen(kw_only=True)
class IncomePlaced:
    """An Income tile (or the Medicine tile) from its supply onto income space ``slot``."""

    player: int
    slot: int
    kind: str


@attrs.frozen(kw_only=True)
class VolumeChosen:
    player: int
    colour: Colour


@attrs.frozen(kw_only=True)
class DiscoveryTaken:
    """A Great Discovery tile from the table to ``player``, face up (bought, or from a City or Invention tile)."""

    player: int
    tile: str


@attrs.frozen(kw_only=True)
class DiscoveryActivated:
    """``player`` activates a face-up Great Discovery tile and turns it face down (G3)."""

    player: int
    tile: str


@attrs.frozen(kw_only=True)
class TuckChosen:
    player: int
    card: str


@attrs.frozen(kw_only=True)
class FlowChanged:
    """The phase, round, first player or turn counter changed."""

    phase: Phase
    round: int
    first_player: int
    turn_index: int


@attrs.frozen(kw_only=True)
class SpecialActionUsed:
    """``player`` uses the special action of ``card``, tucked under the column of this turn's card (X5)."""

    player: int
    card: str


@attrs.frozen(kw_only=True)
class MedicineTileTurned:
    """A special action turns ``player``'s Medicine tile to its higher VP side (X8)."""

    player: int


@attrs.frozen(kw_only=True)
class RoundVolumesCleared:
    """End Round: volumes chosen with E2 expire."""


@attrs.frozen(kw_only=True)
class GameEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    ResourcesChanged
    | CardMoved
    | MastersDealt
    | MasterKept
    | DraftPassed
    | DraftEnded
    | MasterPlayed
    | PieceMoved
    | CubePlaced
    | BonusTokenTaken
    | BookPlaced
    | BookLifted
    | BooksRemoved
    | DrawerFilled
    | IncomePlaced
    | VolumeChosen
    | DiscoveryTaken
    | DiscoveryActivated
    | TuckChosen
    | SpecialActionUsed
    | MedicineTileTurned
    | FlowChanged
    | DecisionPushed[Frame]
    | DecisionUpdated[Frame]
    | DecisionPopped
    | RoundVolumesCleared
    | GameEnded
)

EVENT_TYPES: dict[str, type[Event]] = {
    "resources": ResourcesChanged,
    "card_moved": CardMoved,
    "masters_dealt": MastersDealt,
    "master_kept": MasterKept,
    "draft_passed": DraftPassed,
    "draft_ended": DraftEnded,
    "master_played": MasterPlayed,
    "piece_moved": PieceMoved,
    "cube_placed": CubePlaced,
    "bonus_token_taken": BonusTokenTaken,
    "book_placed": BookPlaced,
    "book_lifted": BookLifted,
    "books_removed": BooksRemoved,
    "drawer_filled": DrawerFilled,
    "income_placed": IncomePlaced,
    "volume_chosen": VolumeChosen,
    "discovery_taken": DiscoveryTaken,
    "discovery_activated": DiscoveryActivated,
    "tuck_chosen": TuckChosen,
    "special_action_used": SpecialActionUsed,
    "medicine_tile_turned": MedicineTileTurned,
    "flow": FlowChanged,
    "decision_pushed": DecisionPushed,
    "decision_updated": DecisionUpdated,
    "decision_popped": DecisionPopped,
    "round_volumes_cleared": RoundVolumesCleared,
    "game_ended": GameEnded,
}


def audience(event: Event) -> int | None:
    """The one player who may see ``event``, or None when every player may."""
    if isinstance(event, MastersDealt | MasterKept | TuckChosen):
        return event.player
    return None


@attrs.frozen(kw_only=True)
class HiddenEvent:
    """What other players see of a private event: that it happened, to whom, not what."""

    player: int
    what: str


__all__ = [
    "EVENT_TYPES",
    "BonusTokenTaken",
    "BookLifted",
    "BookPlaced",
    "BooksRemoved",
    "CardMoved",
    "CubePlaced",
    "DiscoveryActivated",
    "DiscoveryTaken",
    "DraftEnded",
    "DraftPassed",
    "DrawerFilled",
    "Event",
    "FlowChanged",
    "GameEnded",
    "HiddenEvent",
    "IncomePlaced",
    "MasterKept",
    "MasterPlayed",
    "MastersDealt",
    "MedicineTileTurned",
    "Piece",
    "PieceMoved",
    "ResourcesChanged",
    "RoundVolumesCleared",
    "SpecialActionUsed",
    "TuckChosen",
    "VolumeChosen",
    "Zone",
    "audience",
]
