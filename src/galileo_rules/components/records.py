"""Typed records of Galileo's components: the icon vocabulary (effects) and every card, tile and track.

Components are data: an :class:`Effect` is one icon of the rulebook's Icons page; a reward is a tuple of
effects taken left to right. What an effect does lives in ``rules/effects.py``. Every component carries
its ``provenance``: ``"rulebook"`` (a number the text states) or ``"reconstructed"`` (printed only as a
picture; rebuilt to agree with every stated number and worked example).
"""

from __future__ import annotations

from typing import Literal

import attrs

Colour = Literal["R", "B", "Y"]
COLOURS: tuple[Colour, ...] = ("R", "B", "Y")
COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow"}
Provenance = Literal["rulebook", "reconstructed"]

EffectKind = Literal[
    "vp",  # gain (or, negative, lose) n victory points
    "quadrant",  # gain n Quadrant tokens
    "gain_die",  # Gain a Die: one die of any colour at value 1
    "raise_colour",  # all your dice of `colour` +n
    "raise_one",  # one die of your choice +n
    "persuade",  # Persuade n times (one space each)
    "persuade_pair",  # Copernicus's page: two different Inquisitor tokens up to n spaces each
    "inquisitor",  # Gain an Inquisitor (compulsory), n times
    "farewell",  # Inquisitor's Farewell (always optional)
    "lecture",  # Lecture once
    "write",  # Partial writing: n spaces in total
    "write_full",  # Complete writing: one Book token to the end of its row
    "card",  # the top Discovery card face down (light side up) into your Library
    "comet",  # Spot a Comet
    "upgrade",  # Upgrade one Action tile
    "recolour",  # change one die's colour (free action)
    "swap",  # Kepler: swap two Action tiles on the board, or one with the Character Board tile
]
EFFECT_KINDS: tuple[str, ...] = EffectKind.__args__  # type: ignore[attr-defined]


@attrs.frozen
class Effect:
    """One icon: ``kind`` with its number ``n`` (and ``colour`` for raise_colour)."""

    kind: EffectKind
    n: int = 1
    colour: Colour | None = None

    def __str__(self) -> str:
        if self.kind == "raise_colour":
            return f"{self.colour}+{self.n}"
        return self.kind if self.n == 1 else f"{self.kind}{self.n}"


Reward = tuple[Effect, ...]


@attrs.frozen
class MajorObject:
    """The card's Major Object: paid with dice of its two ``colours``, worth ``vp`` and ``inquisitors``."""

    colours: tuple[Colour, Colour]
    cost: int
    vp: int
    inquisitors: int = 0


@attrs.frozen
class Constellation:
    """A constellation on a card: paid with dice of one ``colour``; ``reward`` gained on observing it."""

    name: str
    colour: Colour
    cost: int
    reward: Reward = ()


@attrs.frozen
class DiscoveryCard:
    """A Discovery card. ``library`` is the four Library-row rewards of its face (() = blank space)."""

    id: str
    name: str
    tier: int
    major: MajorObject
    constellations: tuple[Constellation, ...]
    library: tuple[Reward, Reward, Reward, Reward]
    provenance: Provenance = "reconstructed"


@attrs.frozen
class ActionTileSide:
    """One side of an Action tile: always two options, each a reward."""

    options: tuple[Reward, Reward]


@attrs.frozen
class ActionTile:
    id: str
    basic: ActionTileSide
    upgraded: ActionTileSide
    provenance: Provenance = "reconstructed"


@attrs.frozen
class ScaleRow:
    """One row of a Scale tile: the end-game multiplier ``vp`` and the Lecture ``reward``."""

    vp: int
    reward: Reward


@attrs.frozen
class ScaleTile:
    """A double-sided University Scale tile; ``sides[s]`` lists its rows from the bottom (row 1) up."""

    id: str
    sides: tuple[tuple[ScaleRow, ...], tuple[ScaleRow, ...]]
    provenance: Provenance = "reconstructed"


SubjectKind = Literal["majors", "books", "inquisitors", "upgrades", "comets", "constellations"]
SUBJECTS: tuple[SubjectKind, ...] = ("majors", "books", "inquisitors", "upgrades", "comets", "constellations")


@attrs.frozen
class SubjectTile:
    """Arch side: the subject a Scale scores; niche side: the objective ``threshold`` of the same count."""

    id: SubjectKind
    threshold: int
    provenance: Provenance = "rulebook"


@attrs.frozen
class Cellar:
    """A cellar: per space, its interrogation value (upper arch), its end-game value (below) and the reward
    of moving a token onto it (Bruno's tile only)."""

    interrogation: tuple[int, ...]
    final: tuple[int, ...]
    rewards: tuple[Reward, ...]
    provenance: Provenance = "reconstructed"


@attrs.frozen
class ReputationTrack:
    """The Tribunal's Reputation track: each space's Reputation label and its end-game VP."""

    labels: tuple[int, ...]
    vp: tuple[int, ...]
    start: int
    edge_vp: int
    provenance: Provenance = "reconstructed"


@attrs.frozen
class CometPages:
    """The Book of Comets: the pages (rewards) available by player count, and the astronomers' own pages."""

    by_players: dict[str, tuple[Reward, ...]]
    personal: dict[str, tuple[Reward, ...]]
    provenance: Provenance = "reconstructed"


@attrs.frozen
class LibraryTile:
    """One of Copernicus's double-sided Library tiles: each side covers len(side) spaces of one row."""

    id: str
    sides: tuple[tuple[Reward, ...], tuple[Reward, ...]]
    provenance: Provenance = "reconstructed"


TychoCondition = Literal["unpersuaded2", "persuaded3", "dice", "dice_constellations", "comet_on_board", "always"]
TychoEffectKind = Literal[
    "place_comet",
    "advance_comet",
    "gain_die",
    "book",
    "university",
    "persuade",
    "remove_persuaded",
    "vp",
    "observe_constellation",
    "observe_major",
    "take_card",
]


@attrs.frozen
class TychoEffect:
    kind: TychoEffectKind
    n: int = 1


@attrs.frozen
class TychoRow:
    """A row of a Tycho Action tile: ``condition`` (with ``dice`` to spend for the dice conditions) then
    ``effects``; a partial condition adds ``bonus`` if it also holds."""

    condition: TychoCondition
    effects: tuple[TychoEffect, ...]
    dice: int = 0
    bonus_condition: TychoCondition | None = None
    bonus: tuple[TychoEffect, ...] = ()


@attrs.frozen
class TychoTile:
    id: str
    sides: tuple[tuple[TychoRow, ...], tuple[TychoRow, ...]]  # blue (basic), upgraded
    provenance: Provenance = "reconstructed"


MovementKind = Literal["move", "move_stop", "upgrade"]


@attrs.frozen
class MovementTile:
    id: str
    kind: MovementKind
    n: int = 0
    provenance: Provenance = "reconstructed"


ObjectiveKind = Literal["observer", "scholar", "majors", "books", "inquisitors", "upgrades", "comets", "constellations"]


@attrs.frozen
class Rules:
    """The numbers the rulebook states (provenance "rulebook" for the whole record)."""

    players_min: int
    players_max: int
    deck: dict[str, tuple[int, int, int]]  # player count -> Tier I, II, III
    display: int
    dice_per_colour: int
    dice_per_board: int
    dice_per_colour_on_board: int
    comets: int
    constellations: int
    books: int
    achievements: int
    free_costs: dict[str, int]
    objective_first_vp: int
    objective_later_vp: int
    die_start_value: int
    die_max: int
    provenance: Provenance = "rulebook"
