"""Semantic checks of a loaded catalog: cross references, the rules' shapes, and the pack's declared counts.

Every check is a small pure function returning problem strings of the form ``"<file>: <item>: <what>"``.
How many of each component a pack holds is data, declared by the pack itself (``pack.json`` counts,
:class:`~newton_rules.components.records.ComponentCounts`), so a variant or expansion pack needs no code
edit. What stays here is what the rules themselves fix: one Starting Action card per symbol, three card
levels, one Income tile per income kind, a linear Work track, lines of adjacent book spaces, ...

Each kind of component is checked in its own module of this package (``cards``, ``masters``, ``tiles``,
``map_board``, ``tracks``, ``study_boards``, ``geometry``, ``constants``, ``expansions``); ``common``
holds the data files' names and the checks they share.
"""

from __future__ import annotations

from newton_rules.components.catalog import Catalog
from newton_rules.components.validation.cards import (
    ACTION_CARD_LEVELS,
    SPECIAL_FOR_ACTION,
    STARTING_SYMBOLS,
    check_action_card,
    check_advanced_lessons,
    check_cards,
    check_cards_per_level,
)
from newton_rules.components.validation.common import (
    ADVANCED_LESSONS,
    BOARDS,
    CARDS,
    CONSTANTS,
    DISCOVERIES,
    EXTRA_OBJECTIVES,
    GEOMETRY,
    MAP,
    MASTERS,
    PACK,
    TILES,
    TRACKS,
    duplicates,
    expect_count,
    find_cycle,
    objective_values,
    objective_volumes,
    reachable,
    requirement_refs,
    volume_total,
)
from newton_rules.components.validation.constants import AT_LEAST_ONE, check_constants, check_numbers
from newton_rules.components.validation.expansions import (
    MOST_PLAYERS,
    check_discovery_tile,
    check_extra_objectives,
    check_great_discoveries,
)
from newton_rules.components.validation.geometry import check_board_geometry, check_geometry
from newton_rules.components.validation.map_board import check_map, check_routes
from newton_rules.components.validation.masters import check_masters
from newton_rules.components.validation.study_boards import (
    check_lines,
    check_prefilled,
    check_study_board,
    check_study_board_ids,
    runs,
)
from newton_rules.components.validation.tiles import INCOME_KINDS, check_board_counts, check_tiles
from newton_rules.components.validation.tracks import check_technology_track, check_track, check_work_track


def validate_catalog(catalog: Catalog) -> list[str]:
    """Every problem found, as 'file: item: what is wrong' strings (empty when the pack is valid)."""
    return [
        *check_constants(catalog),
        *check_cards(catalog.counts.cards, catalog.player_colours, catalog.starting_cards, catalog.action_cards),
        *check_advanced_lessons(catalog),
        *check_masters(catalog),
        *check_tiles(catalog),
        *check_map(catalog.counts.map, catalog.map, catalog.universities, catalog.ancient_lands),
        *check_track(catalog.counts.tracks, catalog.work_track, "work", catalog.universities, catalog.ancient_lands),
        *check_track(
            catalog.counts.tracks, catalog.technology_track, "technology", catalog.universities, catalog.ancient_lands
        ),
        *check_work_track(catalog.counts.tracks, catalog.work_track),
        *check_technology_track(catalog.counts.tracks, catalog.technology_track),
        *check_board_counts(catalog),
        *(
            problem
            for board in catalog.study_boards
            for problem in check_study_board(
                board,
                catalog.universities,
                catalog.ancient_lands,
                tiles=catalog.constants.book_tiles,
                drawers=catalog.constants.drawers,
                shelves=catalog.counts.study_boards.shelves,
            )
        ),
        *check_study_board_ids(catalog),
        *check_geometry(catalog),
        *check_great_discoveries(catalog),
        *check_extra_objectives(catalog),
    ]


__all__ = [
    "ACTION_CARD_LEVELS",
    "ADVANCED_LESSONS",
    "AT_LEAST_ONE",
    "BOARDS",
    "CARDS",
    "CONSTANTS",
    "DISCOVERIES",
    "EXTRA_OBJECTIVES",
    "GEOMETRY",
    "INCOME_KINDS",
    "MAP",
    "MASTERS",
    "MOST_PLAYERS",
    "PACK",
    "SPECIAL_FOR_ACTION",
    "STARTING_SYMBOLS",
    "TILES",
    "TRACKS",
    "check_action_card",
    "check_advanced_lessons",
    "check_board_counts",
    "check_board_geometry",
    "check_cards",
    "check_cards_per_level",
    "check_constants",
    "check_discovery_tile",
    "check_extra_objectives",
    "check_geometry",
    "check_great_discoveries",
    "check_lines",
    "check_map",
    "check_masters",
    "check_numbers",
    "check_prefilled",
    "check_routes",
    "check_study_board",
    "check_study_board_ids",
    "check_technology_track",
    "check_tiles",
    "check_track",
    "check_work_track",
    "duplicates",
    "expect_count",
    "find_cycle",
    "objective_values",
    "objective_volumes",
    "reachable",
    "requirement_refs",
    "runs",
    "validate_catalog",
    "volume_total",
]
