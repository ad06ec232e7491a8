"""The expansion modules: the Great Discoveries (G1-G4) and the additional Objective tiles (A1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import GreatDiscovery
from newton_rules.components.validation.common import (
    DISCOVERIES,
    EXTRA_OBJECTIVES,
    TILES,
    duplicates,
    expect_count,
    objective_values,
)
from newton_rules.effects.primitives import EFFECT_TAGS, Gain, PerCount, PermanentVolumes

MOST_PLAYERS: Final = 4  # a game has 1 to 4 players (GameConfig)


def check_great_discoveries(catalog: Catalog) -> list[str]:
    """The Great Discoveries module (G1-G4): its declared counts, one face-up count per player count (no
    more than the tiles), ids that do not collide with the base tiles', and effects the module can act on:
    volumes while face up, and VP (``gain`` or ``per_count`` without an action) when activated."""
    module = catalog.great_discoveries
    tiles = module.great_discoveries
    return [
        *_discovery_counts_and_ids(catalog),
        *_face_up_counts(module.face_up_by_players, len(tiles)),
        *(problem for tile in tiles for problem in check_discovery_tile(tile)),
        *(f"{DISCOVERIES}: {t.id}: no effect" for t in (*module.cities, *module.inventions) if not t.effects),
    ]


def _discovery_counts_and_ids(catalog: Catalog) -> list[str]:
    """The module's declared counts, and ids apart from the base tiles' and the other Objective tiles'."""
    module = catalog.great_discoveries
    counts = catalog.counts.great_discoveries
    return [
        *expect_count(
            f"{DISCOVERIES}: great_discoveries",
            counts.great_discoveries,
            len(module.great_discoveries),
            "great_discoveries.great_discoveries",
        ),
        *expect_count(f"{DISCOVERIES}: cities", counts.cities, len(module.cities), "great_discoveries.cities"),
        *expect_count(
            f"{DISCOVERIES}: inventions", counts.inventions, len(module.inventions), "great_discoveries.inventions"
        ),
        *expect_count(
            f"{DISCOVERIES}: objectives", counts.objectives, len(module.objectives), "great_discoveries.objectives"
        ),
        *duplicates(f"{DISCOVERIES}: great_discoveries", (d.id for d in module.great_discoveries)),
        *duplicates(
            f"{DISCOVERIES}: cities/inventions (with {TILES})",
            (
                t.id
                for t in (
                    *catalog.inventions,
                    *catalog.specializations,
                    *catalog.cities,
                    *catalog.income_tiles,
                    *module.cities,
                    *module.inventions,
                )
            ),
        ),
        *duplicates(
            f"{DISCOVERIES}: objectives (with {TILES} and {EXTRA_OBJECTIVES})",
            (o.id for o in (*catalog.objectives, *module.objectives, *catalog.extra_objectives)),
        ),
        *objective_values(DISCOVERIES, module.objectives),
    ]


def _face_up_counts(face_up_by_players: Sequence[int], tiles: int) -> list[str]:
    """One count of face-up tiles per player count, none above the module's ``tiles``."""
    players = MOST_PLAYERS
    problems = []
    if len(face_up_by_players) != players:
        problems.append(f"{DISCOVERIES}: face_up_by_players: expected {players} numbers (1 to {players} players)")
    problems += [
        f"{DISCOVERIES}: face_up_by_players: {n} tiles face up, but the module has {tiles}"
        for n in face_up_by_players
        if not 0 <= n <= tiles
    ]
    return problems


def check_discovery_tile(tile: GreatDiscovery) -> list[str]:
    """A Great Discovery tile: a cost and an income that are not negative, volumes while face up (G2), and
    VP when activated (G3)."""
    where = f"{DISCOVERIES}: great_discoveries: {tile.id}"
    problems = []
    cost, income = tile.cost, tile.income
    if min(cost.coins, cost.potions, cost.vp, income.coins, income.potions, income.vp) < 0:
        problems.append(f"{where}: cost and income must not be negative")
    problems += [
        f"{where}: passive: only permanent_volumes, got {EFFECT_TAGS[type(e)]!r}"
        for e in tile.passive
        if not isinstance(e, PermanentVolumes)
    ]
    if not tile.discovery:
        problems.append(f"{where}: discovery: no effect")
    problems += [
        f"{where}: discovery: only gain or per_count without an action, got {EFFECT_TAGS[type(e)]!r}"
        for e in tile.discovery
        if not (isinstance(e, Gain) or (isinstance(e, PerCount) and e.action is None))
    ]
    return problems


def check_extra_objectives(catalog: Catalog) -> list[str]:
    """The additional Objective tiles (A1): the declared count, ids of their own, positive values."""
    tiles = catalog.extra_objectives
    return [
        *expect_count(
            f"{EXTRA_OBJECTIVES}: objectives",
            catalog.counts.extra_objectives.objectives,
            len(tiles),
            "extra_objectives.objectives",
        ),
        *duplicates(f"{EXTRA_OBJECTIVES}: objectives", (o.id for o in tiles)),
        *objective_values(EXTRA_OBJECTIVES, tiles),
    ]
