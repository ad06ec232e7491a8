"""Pending decisions, kept on the state's stack as data (so a game saved mid-turn loads again).

A frame names the seat that decides it (``player``). ``EffectsFrame``, ``CleanupFrame`` and
``TychoFrame`` settle themselves; every other frame waits for an action of its player. A reward that is
itself an action pushes its frame on top and is resolved before anything below it (GF3).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from galileo_rules.components.records import Effect
from rules_core.codec import TaggedRecord, TagRegistry

# tag -> frame class: what a save names each pending decision by. Every record declares its tag, and
# declaring a record (here or beside its rules) adds it.
FRAME_TYPES: TagRegistry[Frame] = TagRegistry("decision")


class Frame(TaggedRecord):
    """A pending decision: a frozen, slotted attrs record on the state's stack, whose class attribute
    ``tag`` names it in saves."""

    __slots__ = ()
    registry = FRAME_TYPES


@attrs.frozen
class SetupFrame(Frame):
    """Setup choices in turn order: ``astronomer`` (GS10), ``bench`` (Kepler's basic tile, GK4) or ``place``
    (the tile-order variant: place the next tile, GS12)."""

    tag: ClassVar[str] = "SetupFrame"
    player: int
    step: str


@attrs.frozen
class TurnFrame(Frame):
    """A player's turn: ``stage`` "move" (Movement) then "actions" (fixed, moving and free actions)."""

    tag: ClassVar[str] = "TurnFrame"
    player: int
    stage: str = "move"


@attrs.frozen
class EffectsFrame(Frame):
    """Rewards taken one by one, left to right (automatic)."""

    tag: ClassVar[str] = "EffectsFrame"
    player: int
    effects: tuple[Effect, ...]
    source: str


@attrs.frozen
class DieFrame(Frame):
    """Gain a Die: choose its colour (and, with 4 dice, the die it replaces, or decline)."""

    tag: ClassVar[str] = "DieFrame"
    player: int


@attrs.frozen
class RaiseFrame(Frame):
    """Increase one die of your choice by ``n``."""

    tag: ClassVar[str] = "RaiseFrame"
    player: int
    n: int


@attrs.frozen
class RecolourFrame(Frame):
    """Change one die's colour (free action)."""

    tag: ClassVar[str] = "RecolourFrame"
    player: int


@attrs.frozen
class PersuadeFrame(Frame):
    """Persuade ``left`` more times, one space each."""

    tag: ClassVar[str] = "PersuadeFrame"
    player: int
    left: int


@attrs.frozen
class JumpFrame(Frame):
    """Copernicus's page: ``left`` different tokens each move up to ``n`` spaces; ``landed`` is the space the
    previous token reached (-1: none yet)."""

    tag: ClassVar[str] = "JumpFrame"
    player: int
    left: int
    n: int
    landed: int = -1


@attrs.frozen
class FarewellFrame(Frame):
    """Inquisitor's Farewell, always optional: ``farewell`` or ``decline``."""

    tag: ClassVar[str] = "FarewellFrame"
    player: int


@attrs.frozen
class LectureFrame(Frame):
    tag: ClassVar[str] = "LectureFrame"
    player: int


@attrs.frozen
class WriteFrame(Frame):
    """Write: ``full`` moves one Book token to the end of its row; otherwise ``left`` spaces in total, one
    space at a time (GW6)."""

    tag: ClassVar[str] = "WriteFrame"
    player: int
    left: int = 0
    full: bool = False


@attrs.frozen
class UpgradeFrame(Frame):
    tag: ClassVar[str] = "UpgradeFrame"
    player: int


@attrs.frozen
class SwapFrame(Frame):
    """Kepler's tile: ``mode`` 1 swaps two tiles of the board, 2 one of them with the Character Board tile."""

    tag: ClassVar[str] = "SwapFrame"
    player: int
    mode: int


@attrs.frozen
class ObserveFrame(Frame):
    """One Observe action in progress: what has been observed so far in it."""

    tag: ClassVar[str] = "ObserveFrame"
    player: int
    majors: int = 0
    constellations: int = 0


@attrs.frozen
class PayFrame(Frame):
    """The object chosen (display ``slot``; ``constellation`` -1 for its Major Object): choose a payment."""

    tag: ClassVar[str] = "PayFrame"
    player: int
    slot: int
    constellation: int


@attrs.frozen
class CleanupFrame(Frame):
    """Cleanup, step by step (automatic): rotate, Book of Comets, interrogation, objectives, done."""

    tag: ClassVar[str] = "CleanupFrame"
    player: int
    step: int = 0


@attrs.frozen
class PageFrame(Frame):
    """A waiting Comet: choose the empty page it goes to (GC7)."""

    tag: ClassVar[str] = "PageFrame"
    player: int


@attrs.frozen
class TychoFrame(Frame):
    """Tycho Brahe's turn (automatic: he takes no commands)."""

    tag: ClassVar[str] = "TychoFrame"
    player: int
