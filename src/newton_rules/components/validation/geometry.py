"""The drawing positions of ``geometry.json``: one per space of the Map and the tracks, inside its board."""

from __future__ import annotations

from collections.abc import Sequence

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import BoardGeometry
from newton_rules.components.validation.common import GEOMETRY, duplicates


def check_geometry(catalog: Catalog) -> list[str]:
    """Every Map and track space has one drawing position inside its board's box, and no other space has one."""
    geometry = catalog.geometry
    if geometry is None:
        return []
    return [
        *check_board_geometry("map", geometry.map, [s.id for s in catalog.map.spaces]),
        *check_board_geometry("work_track", geometry.work_track, [s.id for s in catalog.work_track.spaces]),
        *check_board_geometry(
            "technology_track", geometry.technology_track, [s.id for s in catalog.technology_track.spaces]
        ),
    ]


def check_board_geometry(board: str, geometry: BoardGeometry, space_ids: Sequence[str]) -> list[str]:
    where = f"{GEOMETRY}: {board}"
    if geometry.width < 1 or geometry.height < 1:
        return [f"{where}: the box must be at least 1 x 1, got {geometry.width} x {geometry.height}"]
    placed = [p.id for p in geometry.spaces]
    problems = duplicates(where, placed)
    problems += [f"{where}: space {s!r} has no position" for s in space_ids if s not in placed]
    problems += [f"{where}: position of {p!r}, which is no space of the {board}" for p in placed if p not in space_ids]
    problems += [
        f"{where}: space {p.id!r} at ({p.x}, {p.y}) is outside the box 0..{geometry.width} x 0..{geometry.height}"
        for p in geometry.spaces
        if not (0 <= p.x <= geometry.width and 0 <= p.y <= geometry.height)
    ]
    return problems
